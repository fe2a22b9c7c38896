"""Named readings: every place where the 1992 rating-based Swiss text admits more than one
reading (``text/swiss-rating-1992.txt``).  Where its words are the Dutch 2012 text's, the
values it fixes or shares are handed to the Dutch standings (:func:`dutch_readings`);
A.1's conversions asked for under the wrong reading are refused by name (``REFUSED``).
"""

from __future__ import annotations

from ...records import replace
from ..dutch2012.readings import Readings as _DutchReadings
from ..readings import Reading, ReadingError, Readings as _Readings

__all__ = ["CATALOGUE", "DEFAULT", "Reading", "ReadingError", "Readings", "dutch_readings"]

CATALOGUE: tuple[Reading, ...] = (
    Reading(
        name="unrated-estimate",
        article="A.1",
        question="A player without a reliable rating: which rating does A.2 order him by, "
        "when the file records no estimate of the arbiters?",
        default="no-estimate",
        choices={
            "no-estimate": "none was made: the player counts as rated 0 (after every rated "
            "player; then title, then name, A.2.c-d)",
            "start-list": "the file's starting list is the arbiters' order, estimates "
            "included: its ranks are the pairing numbers of A.2",
        },
    ),
    Reading(
        name="national-rating",
        article="A.1",
        question="A player without a FIDE rating whose file gives a national rating (a TRF26 "
        "National Rating Support record: a federation code instead of 001, the 001 line's "
        "columns): is that number converted by A.1's formula ('to convert German Ingo or "
        "British BCF use rating = 2840 - 8 x INGO = 600 + 8 x BCF') and ordered by?",
        default="not-read",
        choices={
            "not-read": "no: the FIDE rating column alone (an unrated player as "
            "unrated-estimate says)",
            "ingo": "yes, the national numbers are German Ingo numbers: rating = 2840 - 8 x INGO",
            "bcf": "yes, the national numbers are British BCF grades: rating = 600 + 8 x BCF",
        },
    ),
    Reading(
        name="absolute-conflict",
        article="A.7.a",
        question="A colour difference of +2 (or -2) after two games of the other colour: which "
        "colour does the absolute preference ask for?",
        default="difference",
        choices={
            "difference": "the colour difference decides (named first by A.7.a; B.2.a "
            "protects it)",
            "last-two": "the last two games decide",
        },
    ),
    Reading(
        name="bye-bar",
        article="B.1.b",
        question="'A player who has received a point without playing, either through a bye or "
        "due to an opponent not appearing in time' shall not receive a bye: which byes bar?",
        default="any-bye",
        choices={
            "any-bye": "every bye that gave points (the bye of A.5, a full or half point bye "
            "asked for) and a forfeit win",
            "pairing-bye": "only the bye of A.5 and a forfeit win",
        },
    ),
    # A.4 in the Dutch 2012 text's words; this text keeps the value it had (its F.2 speaks
    # of colours and rematches only; the 2012 default follows the engine endorsed for 2012)
    replace(_DutchReadings.reading("forfeit-float"), default="paired"),
    Reading(
        name="paired-downfloat",
        article="A.4, B.5, B.6",
        question="A.4: 'by pairing a heterogeneous score bracket, players with unequal scores "
        "will be paired ... The higher ranked player receives a downfloat': do B.5 and B.6 "
        "for downfloats judge the pair a moved-down player is given in the lower bracket "
        "(beside his being moved down, which they judge in both values)?",
        default="judged",
        choices={
            "judged": "yes: the pair gives him the downfloat (A.4), so it must meet B.5/B.6 "
            "for downfloats while the lower bracket has them in force (C.9 drops them there)",
            "move-only": "no: his downfloat is judged once, when he is moved down (or gets "
            "the bye, A.5); his pair below is judged for the upfloat only",
        },
    ),
    Reading(
        name="top-scorers",
        article="B.6",
        question="'Players with a score of over 50% in the last round' (B's note, A.7.a): 50% "
        "of which maximum?",
        default="rounds-before",
        choices={
            "rounds-before": "the points of the rounds already played",
            "all-rounds": "the points of all rounds of the tournament",
        },
    ),
    Reading(
        name="top-scorer-pairs",
        article="B.6",
        question="The note to B: 'B2, B5 and B6 do not apply when pairing players with a "
        "score of over 50% in the last round': must both players of the pair be over 50%?",
        default="both",
        choices={
            "both": "yes: a player not over 50% keeps B.2's protection, so only a pair of "
            "two such players may break it",
            "either": "no: a pair with one such player is free of B.2, B.5 and B.6",
        },
    ),
    Reading(
        name="restore-criteria",
        article="C.11, C.14",
        question="C.9 and C.10 drop B.6 and B.5; C.11 restarts at C.3 and C.14 at C.4: are the "
        "dropped criteria in force again after such a restart?",
        default="never",
        choices={
            "never": "no: the text drops them and never restores them within the bracket",
            "each-restart": "yes: each restart at C.3 (C.11) or C.4 (C.14) begins with all "
            "criteria again",
        },
    ),
    Reading(
        name="another-player",
        article="C.12",
        question="C.12: the previous bracket's pairing is accepted when 'another player will "
        "be moved down to the current one': which sets of players moved down are 'another "
        "player'?",
        default="any-set",
        choices={
            "any-set": "any set of players never sent to the bracket before, of any size",
            "new-player": "a set holding at least one player never sent to the bracket "
            "before (a different player)",
            "same-size": "a set never sent before with as many players as the set sent now "
            "(one player for another)",
        },
    ),
    Reading(
        name="c12-p",
        article="C.12, A.6",
        question="C.12: 'and this now allows p pairing to be made': which p?",
        default="as-reached",
        choices={
            "as-reached": "p as it stood when C.12 was reached (A.6's p of the bracket as it "
            "came when C.1 sends it back)",
            "recomputed": "A.6's p of the bracket with the players the new pairing moves "
            "down (all of them moved down when fewer than half, A.3; else half the "
            "bracket)",
        },
    ),
    Reading(
        name="joined-bracket",
        article="C.13, A.3",
        question="C.13 joins the two lowest score brackets 'into a new lowest score bracket': "
        "is it heterogeneous with the penultimate bracket's players as its moved-down "
        "players whatever their count?",
        default="a3",
        choices={
            "a3": "A.3 decides: the penultimate bracket's players came from a higher score "
            "bracket, so they are moved down players (S1, A.6) when fewer than half; with "
            "half or more the bracket is treated as homogeneous",
            "heterogeneous": "heterogeneous whatever the count: S1 holds every player moved "
            "down into it, p of them (A.6)",
        },
    ),
    Reading(
        name="rejoined",
        article="C.13, A.3",
        question="C.13 'can be repeated': when the lowest bracket it joins with the "
        "penultimate one is itself a joined bracket, are the players of the earlier join "
        "(who came from a higher score bracket) moved-down players of the new bracket, or "
        "its residents?",
        default="moved-down",
        choices={
            "moved-down": "moved down: A.3 counts every player who came from a higher score "
            "bracket as moved down (S1 with the penultimate bracket's players, A.6)",
            "residents": "residents: only the penultimate bracket's players are moved down "
            "into the new lowest bracket; the lowest one's players, all of them, are its "
            "residents",
        },
    ),
    Reading(
        name="c13-p-zero",
        article="C.13",
        question="C.13: 'try to find another pairing in the penultimate score bracket which "
        "will allow a pairing in the lowest score bracket.  If in the penultimate score "
        "bracket p becomes zero ... the two lowest score brackets are joined': is a pairing "
        "of the penultimate bracket with p zero one that may allow the lowest bracket?",
        default="join",
        choices={
            "join": "no: p zero ends the search, and the two brackets are joined",
            "counts": "yes: the penultimate bracket's pairings with p zero (moving down its "
            "moved-down players, or the whole bracket) are tried like the others; the "
            "brackets are joined only when none allows the lowest bracket",
        },
    ),
    Reading(
        name="lowest-c1",
        article="C.1, C.13",
        question="C.1: 'if the score bracket contains a player for whom no opponent can be "
        "found within this score bracket without violating B1 or B2 then ... if this score "
        "bracket is the lowest one apply C13': does such a player send the lowest bracket to "
        "C.13 at once, when it has a penultimate one?",
        default="when-unpaired",
        choices={
            "when-unpaired": "no: that player may be the one left for the bye (A.5); C.13 "
            "runs when the lowest bracket cannot be paired",
            "at-once": "yes: the penultimate bracket's pairing is undone at once, and "
            "another pairing is wanted after which every player of the lowest bracket has "
            "an opponent there and it can be paired",
        },
    ),
    Reading(
        name="lowest-c12",
        article="C.1, C.12",
        question="C.1: 'if this player was moved down from a higher score bracket apply C12' "
        "(its first case, before the second, 'if this score bracket is the lowest one apply "
        "C13'): does a moved-down player without an opponent in the lowest bracket send it "
        "to C.12?  (C.12 after C.11 runs in a heterogeneous lowest bracket under both "
        "values: 'in case of a heterogeneous group'.)",
        default="after-c11",
        choices={
            "after-c11": "no: C.1 is not applied on its own in the lowest bracket (that "
            "player may be the one left for the bye, as reading lowest-c1 says); its "
            "backtracking is C.12 after C.11 and C.13",
            "c12-first": "yes: C.1's first case holds in the lowest bracket as in any other "
            "(not in one C.13 joined, which C.13 repeats): the previous bracket is paired "
            "again for another set moved down with which the lowest bracket allows its p "
            "pairs; if none, C.1 goes on (its second case by reading lowest-c1)",
        },
    ),
    Reading(
        name="c12-nested",
        article="C.12",
        question="C.12: 'undo the pairing of the previous score bracket.  If in this previous "
        "score bracket a pairing can be made whereby another player will be moved down ... "
        "then this pairing ... will be accepted': when the previous bracket, paired again, "
        "has no such pairing and is itself heterogeneous, does it apply C.12 in turn and "
        "send its own previous bracket back?  (The text has no counterpart of the Dutch 2012 "
        "sentence 'Backtracking is disallowed when already backtracking from a lower score "
        "bracket'.)",
        default="flat",
        choices={
            "flat": "no: C.12 asks whether a pairing 'can be made' in that bracket, with the "
            "players it has; if none, the previous pairing stands and the bracket below goes "
            "on (C.13, C.14)",
            "recursive": "yes: the heterogeneous bracket paired again is paired by its own "
            "procedure, C.12 included: its previous bracket is paired again for a set of "
            "players never moved down to it before that allows its A.6 p, recursively, and "
            "it is paired again with each set it gets until one gives the bracket below what "
            "C.12 asked for; if none does, every pairing stands",
        },
    ),
    Reading(
        name="first-round-colour",
        article="E.5",
        question="'In the first round all even numbered players in S1 will receive a colour "
        "different from all odd numbered players in S1': numbered how?",
        default="s1-position",
        choices={
            "s1-position": "by their place in S1: the first gets the colour drawn by lot "
            "(A.7.c), and the colours alternate down S1",
            "pairing-number": "by their pairing numbers (A.2): odd numbers get the colour "
            "drawn by lot",
        },
    ),
)


#: A.1's conversions asked for as values of ``unrated-estimate``: they are values of
#: ``national-rating`` (the conversion needs the national number, which only a national
#: rating record of the file gives), so the request is refused naming the right reading
REFUSED = {
    ("unrated-estimate", "ingo"): "2840 - 8 x INGO",
    ("unrated-estimate", "bcf"): "600 + 8 x BCF",
}


class Readings(_Readings):
    catalogue = CATALOGUE

    @classmethod
    def from_pairs(cls, pairs=None) -> "Readings":
        for (name, value), formula in REFUSED.items():
            if (pairs or {}).get(name) == value:
                raise ReadingError(
                    f"reading {name}={value} (A.1: rating = {formula}): the conversion is "
                    f"reading national-rating={value}, applied to the national numbers of "
                    "the file's national rating records (a federation code instead of 001); "
                    f"{name} is no-estimate or start-list")
        return super().from_pairs(pairs)


DEFAULT = Readings.from_pairs()


def dutch_readings(readings: Readings):
    """The Dutch 2012 standings read the same facts (A.7, A.4, B.1 say the same there): the
    values this text fixes or shares.  F.2: a pairing not played 'is not considered to be
    illegal in future rounds' (forfeit-meets = played); A.5: a bye 'is considered to be a
    downfloat', the bye of A.5 alone (unplayed-float = none here; the standings add A.5's
    downfloat of the bye, ``standings.a5_floats``)."""
    return _DutchReadings.from_pairs({
        "absolute-conflict": readings.value("absolute-conflict"),
        "bye-bar": readings.value("bye-bar"),
        "forfeit-float": readings.value("forfeit-float"),
        "top-scorers": readings.value("top-scorers"),
        "forfeit-meets": "played",
        "unplayed-float": "none",
        "first-round-colour": readings.value("first-round-colour"),
        "alternation": "by-sequence",
    })
