"""Named readings: every place where the Dutch 2012 text (``text/dutch-2012.txt``) admits
more than one reading, each with its article, default and alternatives; the acceleration
readings (C.04.5 on a text that never mentions it) after them.  ``--reading NAME=VALUE``
selects one; the trace header lists those in force.
"""

from __future__ import annotations

from ..readings import PAIRED_IN_BRACKETS, Reading, ReadingError, acceleration_history
from ..readings import Readings as _Readings

__all__ = ["ACCELERATION", "CATALOGUE", "DEFAULT", "Reading", "ReadingError", "Readings"]

CATALOGUE: tuple[Reading, ...] = (
    Reading(
        name="absolute-conflict",
        article="A.7.a",
        question="A colour difference of +2 (or -2) after two games of the other colour: which "
        "colour does the absolute preference ask for?",
        default="difference",
        choices={
            "difference": "the colour difference decides (the first sentence of A.7.a names it "
            "first; it is also what B.2's parenthesis protects)",
            "last-two": "the last two games decide (alternate after two of the same colour)",
        },
    ),
    Reading(
        name="strong-as-absolute",
        article="A.7.d",
        question="In odd rounds, what does 'treated like players having an absolute colour "
        "preference' do to two players with the same strong preference?",
        default="forbid",
        choices={
            "forbid": "they may not meet (B.2 extended to them) until C.10.f drops A.7.d",
            "ignore": "nothing: A.7.d is read as a wish already counted by X, and never binds",
        },
    ),
    Reading(
        name="unplayed-float",
        article="B.1.b, A.4",
        question="Does a point or half point without playing (bye, forfeit win) count as a "
        "downfloat in the float history read by B.5 and B.6?",
        default="downfloat",
        choices={
            "downfloat": "yes: B.1.b says such a player 'is a downfloater (see A.4)'",
            "none": "no: only pairings between unequal scores make floats (A.4 alone)",
        },
    ),
    Reading(
        name="remainder-budget",
        article="C.6, A.8",
        question="C.6 continues 'at C4 with the remainder group' without setting X (or Z) "
        "again: do the remainder's pairs count against what the moved-down players' pairs "
        "already spent?",
        default="bracket",
        choices={
            "bracket": "yes: X and Z count the pairs of the whole score bracket (A.8 defines "
            "them per score bracket), so the remainder has what the first part left",
            "each-part": "no: the remainder is checked against X and Z afresh, as C.6 leaves "
            "them as they are",
        },
    ),
    Reading(
        name="forfeit-meets",
        article="B.1.a",
        question="'Two players shall not meet more than once': have two players whose game "
        "was forfeited met?",
        default="played",
        choices={
            "played": "no: only a game played over the board is a meeting; the two may be "
            "paired again",
            "paired": "yes: being paired is meeting, so a forfeited pairing may not be repeated",
        },
    ),
    Reading(
        name="first-round-colour",
        article="E.5",
        question="'In the first round all even numbered players in S1 will receive a colour "
        "different from all odd numbered players in S1': numbered how?",
        default="s1-position",
        choices={
            "s1-position": "by their place in S1 (1st, 2nd, ...): the first of S1 gets the "
            "colour drawn by lot, and the colours alternate down S1",
            "pairing-number": "by their pairing numbers: odd numbers get the colour drawn by lot "
            "(they differ from the places when players are absent in round 1)",
        },
    ),
    Reading(
        name="bye-bar",
        article="B.1.b",
        question="'A player who has received a point or half point without playing, either "
        "through a bye or due to an opponent not appearing' shall not receive a bye: which "
        "byes bar?",
        default="any-bye",
        choices={
            "any-bye": "every bye that gave points: the bye of A.5 and the byes a player "
            "asked for (a full or half point, F or H), and a forfeit win",
            "pairing-bye": "only the bye of A.5 (U) and a forfeit win; a bye the player asked "
            "for does not bar (the reading of the later Basic Rules)",
        },
    ),
    Reading(
        name="bye-downfloat",
        article="B.1.b, B.5, B.6",
        question="B.1.b calls a player who scored without playing 'a downfloater': does the "
        "bye of the lowest bracket count as a downfloat for B.5 and B.6 (C.3.e, C.3.f)?",
        default="downfloat",
        choices={
            "downfloat": "yes: the lowest bracket with a player left over produces a "
            "downfloater, so B.5/B.6 for downfloaters apply to who gets the bye",
            "none": "no: the lowest bracket produces no downfloaters (A.3 moves players down "
            "to a next bracket, and there is none)",
        },
    ),
    Reading(
        name="forfeit-float",
        article="A.4",
        question="Does a paired game that was forfeited make floats (A.4: 'players with "
        "unequal scores will be paired')?",
        # played: A.4 writes the float down so that unequal scores do not "happen to the same
        # players again"; a point won without playing is B.1.b's own case (the winner "is a
        # downfloater", reading unplayed-float), and A.7 counts only games played.  JaVaFo
        # 1.4, the engine FIDE endorsed for this text, records no float for a forfeited
        # pairing (benchmarks/agree_javafo.py; tests/data/dutch-javafo/DIFFERENCES.md)
        default="played",
        choices={
            "played": "no: only games played over the board make floats; the forfeit's "
            "winner is a downfloater by B.1.b (reading unplayed-float)",
            "paired": "yes: the pairing made the float, whether or not the game was played",
        },
    ),
    Reading(
        name="top-scorers",
        article="A.10",
        question="Top scorers have 'over 50% of the maximum possible score when pairing the "
        "last round': the maximum of which rounds?",
        default="rounds-before",
        choices={
            "rounds-before": "the points of the rounds already played (a win in each round before "
            "the last)",
            "all-rounds": "the points of all rounds of the tournament, the last included",
        },
    ),
    Reading(
        name="backtrack-after-c10",
        article="C.12, C.10",
        question="C.1 sends a moved-down player without an opponent to C.12; does C.12 also "
        "run when C.10 has lowered every requirement and P1 pairs still cannot be made in a "
        "bracket with moved-down players (the text's order: C.10, C.12, C.13, C.14)?",
        default="yes",
        choices={
            "yes": "yes: the procedure goes on in the articles' order, and C.12 begins 'if "
            "there are moved down players: backtrack'; only then C.14 lowers P1",
            "c1-only": "no: C.12 runs only where C.1 names it; after C.10 the bracket goes on "
            "to C.14",
        },
    ),
    Reading(
        name="joined-bracket",
        article="C.13, A.3, D.4",
        question="C.13 joins the two lowest brackets: 'such a merged score bracket shall be "
        "treated as a heterogeneous score bracket with the latest added score bracket as "
        "S1'; and when the added players are half or more of it?",
        default="a3",
        choices={
            "a3": "A.3 decides: with half or more moved down it is treated as homogeneous, "
            "as D.4 also says of such a bracket",
            "heterogeneous": "C.13's words: heterogeneous whatever the count, the added "
            "players in S1 (C.14.b.2 lowers M1 until S2 can pair them)",
        },
    ),
    Reading(
        name="c13-p-zero",
        article="C.13",
        question="C.13: 'try to find another pairing in the penultimate score bracket which "
        "will allow a pairing in the lowest score bracket.  If in the penultimate score "
        "bracket P becomes zero (i.e. no pairing can be found which will allow a correct "
        "pairing for the lowest score bracket) then the two lowest score brackets are "
        "joined': is the penultimate bracket's pairing with P zero (C.14.a: the entire "
        "bracket moved down) one that may allow the lowest bracket?",
        default="join",
        choices={
            "join": "no: P zero ends the search, and the two brackets are joined",
            "counts": "yes: the penultimate bracket moved down whole is tried like its other "
            "pairings (after them, as C.14.a comes); the brackets are joined only when no "
            "pairing of it allows the lowest bracket",
        },
    ),
    Reading(
        name="lowest-c1",
        article="C.1, C.13",
        question="C.1: 'if the score bracket contains a player for whom no opponent can be "
        "found within this score bracket without violating B1 (or B2, except when pairing "
        "top scorers) then ... if this score bracket is the lowest one apply C13': does such "
        "a player send the lowest bracket to C.13 at once, when it has a penultimate one?",
        default="when-unpaired",
        choices={
            "when-unpaired": "no: that player may be the one left for the bye (A.5); C.13 "
            "runs when the lowest bracket cannot be paired",
            "at-once": "yes: the penultimate bracket is paired again at once, and a pairing "
            "is wanted after which every player of the lowest bracket has an opponent there "
            "and it can be paired",
        },
    ),
    Reading(
        name="lowest-c12",
        article="C.1, C.12, C.13",
        question="Does C.12 run from the lowest bracket: C.1's first case ('if this player "
        "was moved down from a higher score bracket apply C12', before its second, 'if this "
        "score bracket is the lowest one apply C13'), and C.12 after C.10 when its moved-down "
        "players cannot all be paired there?",
        # c13-only: C.13 is the text's own article for the lowest bracket ("if it is
        # heterogeneous, try to reduce ... M1 ... Otherwise backtrack to the penultimate
        # score bracket"); JaVaFo 1.4 pairs so in the golden cases reading-lowest-c12 and
        # reading-lowest-c12-after-c10 and in B.2-same-absolute, and as c12-first once in
        # its corpus (tests/data/dutch-javafo/DIFFERENCES.md)
        default="c13-only",
        choices={
            "c13-only": "no: the lowest bracket's backtrack is C.13 (M1 lowered first, then "
            "the penultimate bracket); a moved-down player without an opponent there may be "
            "the one left for the bye",
            "c12-first": "yes: C.1's bullets and the order C.10, C.12, C.13 hold in the "
            "lowest bracket as in any other (not in one C.13 joined, which C.13 repeats): "
            "the previous bracket is paired again for another set of the same size and "
            "scores after which the lowest bracket allows its P1 pairs",
        },
    ),
    Reading(
        name="d4-scope",
        article="D.4, C.13",
        question="D.4 (a note for programmers) pairs 'such a homogeneous score bracket or "
        "remainder' by the least B3-factor, 'after repeated applications of rule C13' when "
        "the lowest score bracket holds many scores: which lowest brackets does it cover?",
        default="joined",
        choices={
            "joined": "a lowest bracket made by C.13's join of brackets (its opening words), "
            "homogeneous or through its remainder",
            "several-scores": "any lowest bracket (or its remainder) holding players of more "
            "than one score, joined or not (its title: the B.3-factor in the lowest score "
            "bracket)",
            "never": "none: every bracket takes the first candidate meeting the requirements "
            "(C.6), D.4 read as advice",
        },
    ),
    Reading(
        name="d4-bye-score",
        article="D.4",
        question="'Getting the bye is equivalent to face an opponent with one point less than "
        "the lowest ranked player (even if this is resulting in -1)': one point below whom?",
        default="lowest-ranked",
        choices={
            "lowest-ranked": "the lowest ranked player of the lowest bracket (the last in A.2's "
            "order), whoever gets the bye: the bye costs (score of its player - that score + 1) "
            "squared",
            "bye-player": "the player who gets the bye, taken to be the lowest ranked one: the "
            "bye always costs 1",
        },
    ),
    Reading(
        name="d4-level",
        article="D.4, B.3, C.10",
        question="D.4 says which pairing of a homogeneous lowest bracket is 'the best'; the "
        "relative criteria are 'in descending priority' (B.3 before B.4, B.5, B.6), and C.10 "
        "lowers B.4-B.6 one level at a time: over which levels is the least B3-factor sought?",
        default="b3-first",
        choices={
            "b3-first": "every level C.10 reaches while B.2 (and A.7.d, by reading "
            "a7d-proviso) stands as at the first "
            "level a candidate meets (B.3 outranks B.4-B.6; the absolute criteria outrank "
            "B.3): the least B3-factor over them, from the first level that has it; a "
            "remainder keeps the level of its heterogeneous bracket (C.10 lowers the "
            "bracket's requirements as one)",
            "accepting": "only the level where the procedure accepts a candidate (C.3, C.10: "
            "the first set of requirements any candidate meets): D.4 replaces C.6's 'the "
            "first' by 'the least B3-factor' there, and lowers no requirement itself",
        },
    ),
    Reading(
        name="a7d-proviso",
        article="A.7.d, B.3, D.4",
        question="A.7.d treats strong preferences as absolute in odd rounds 'as long as this "
        "does not result in either additional floaters or floaters with an higher score or "
        "pairs with a higher score difference': where D.4 compares the levels of C.10 by "
        "their least B3-factor (reading d4-level=b3-first), are the levels after C.10.f "
        "(A.7.d dropped) compared too?",
        # yields: the proviso is the text's own; P (additional floaters) is kept by C.10.f
        # coming before C.14, and the score of the floaters and the score differences of
        # the pairs are what D.4's B3-factor measures (the bye "one point less than the
        # lowest ranked player"); JaVaFo 1.4 pairs the golden case reading-a7d-proviso as
        # yields (kept pairs it otherwise)
        default="yields",
        choices={
            "yields": "yes: A.7.d yields to a lower B3-factor, as its proviso says; B.2 alone "
            "bounds the levels compared",
            "kept": "no: A.7.d is kept as long as any pairing meets it (the engine before "
            "issue 27), like B.2",
        },
    ),
    Reading(
        name="c10-fewest-order",
        article="C.10",
        question="'Any criterion may be dropped only for the minimum number of pairs in the "
        "score bracket': when a level of C.10 has dropped several criteria and the fewest "
        "breaches of one cost more breaches of another, which is made least first?",
        # importance: the text ranks them.  B.2 (and A.7.d, "treated like" an absolute
        # preference) is absolute, B.5 and B.6 relative; "the relative criteria are in
        # descending priority" puts B.5 above B.6; C.10 drops the criteria of the
        # upfloaters (C.10.a, b) before the downfloaters' (C.10.c, d), so it keeps the
        # downfloaters' longer: they weigh more.  The first dropped is the least important,
        # and its breaches are spent first when a more important criterion needs them
        default="importance",
        choices={
            "importance": "the most important criterion first, the reverse of C.10's "
            "dropping order: B.2, A.7.d, B.5 for downfloaters, B.6 for downfloaters, B.5 "
            "for upfloaters, B.6 for upfloaters",
            "dropping": "C.10's own order, the criterion dropped first made least first: "
            "B.6 for upfloaters (C.10.a), B.5 for upfloaters (C.10.b), B.6 for downfloaters "
            "(C.10.c), B.5 for downfloaters (C.10.d), A.7.d (C.10.f), B.2 (C.10.g)",
        },
    ),
    Reading(
        name="alternation",
        article="E.3",
        question="'Alternate the colours to the most recent round in which they played with "
        "different colours': which rounds are compared?",
        # by-sequence: A.7 reads a player's colours game by game ("the two latest rounds he
        # played", "the previous game"), and a round is one "in which they played" only for
        # each player's own games; the 1992 text says so (F.3: "BWW-B ... will be treated
        # as -BWWB with respect to E3") and the 2017 text's E.3 counts "the most recent time
        # in which one player had white and the other black".  JaVaFo 1.4, endorsed for this
        # text, compares the sequences (benchmarks/agree_javafo.py)
        default="by-sequence",
        choices={
            "by-round": "the most recent round number in which both played a game, with "
            "different colours",
            "by-sequence": "the two sequences of games played, aligned from the latest game "
            "backwards (rounds without a game skipped for each player separately)",
        },
    ),
)


#: Acceleration (XXA / 250 points, e.g. the Baku method's virtual points): the 2012 text
#: never mentions it.  FIDE's chapter on accelerated systems (C.04.5, introduction) builds
#: the score brackets on "the total score (real score + virtual points)", so A.3's brackets,
#: A.2's order, the floats a pairing makes in this round (B.5, B.6 and the score
#: differences of C) and therefore A.5's bye (the player left over at the bottom) read the
#: pairing score.  A.7's colours read no score.  The places below are readings; they are in
#: force (and listed in the trace) only in a round with acceleration points.
ACCELERATION: tuple[Reading, ...] = (
    acceleration_history("acceleration-floats", "A.4 (with B.5, B.6)",
                         "a downfloat or an upfloat (A.4: 'players with unequal scores')",
                         PAIRED_IN_BRACKETS, "float"),
    Reading(
        name="acceleration-top-scorers",
        article="A.10",
        question="With acceleration points in the last round, which score is 'a score of "
        "over 50% of the maximum possible score'?",
        default="real",
        choices={
            "real": "the points actually scored: virtual points are no score a player made, "
            "and the maximum possible score counts real points only",
            "pairing": "the pairing score (points plus the round's acceleration points)",
        },
    ),
    Reading(
        name="acceleration-board-order",
        article="GHR 3.6 (with A.2)",
        question="With acceleration points, which score orders the boards of the published "
        "pairing?",
        default="pairing",
        choices={
            "pairing": "the pairing score, the score of A.2's order and of the brackets",
            "real": "the points actually scored (then A.2's pairing number)",
        },
    ),
)

CATALOGUE = CATALOGUE + ACCELERATION


class Readings(_Readings):
    catalogue = CATALOGUE


DEFAULT = Readings.from_pairs()
