"""Named readings: every place where the Dubov 1997 text is silent or admits two readings.

The 1997 text (``text/dubov-1997.txt``) is short and leaves many situations to the arbiter
("proceed wisely", 9).  Each gap the engine has to cross is a :class:`Reading` here, with
the article it interprets, its default and the alternatives; the trace header lists the
readings in force.  Select one with ``--reading NAME=VALUE``.
"""

from __future__ import annotations

from ..readings import Reading, ReadingError, acceleration_history
from ..readings import Readings as _Readings

__all__ = ["ACCELERATION", "BY_NAME", "CATALOGUE", "DEFAULT", "Reading", "ReadingError", "Readings"]

CATALOGUE: tuple[Reading, ...] = (
    Reading(
        name="aro-no-games",
        article="1 (ARO)",
        question="What is the ARO of a player who has not played a game yet?",
        default="zero",
        choices={
            "zero": "0: the average over no opponents is taken as nothing (what the 2025 text "
            "later wrote down); such a player heads the White column of 6.2",
            "own-rating": "the player's own rating R, as if the opponents so far had been as "
            "strong as the player",
        },
    ),
    Reading(
        name="aro-unplayed",
        article="1 (ARO)",
        question="Do forfeited games count among 'a player's opponents' for ARO?",
        default="played",
        choices={
            "played": "only opponents met over the board (a forfeit is no game)",
            "paired": "every opponent the player was paired with, forfeits included",
        },
    ),
    Reading(
        name="no-due-colour",
        article="1 with 6.2",
        question="Which column of 6.2 takes a player without a due colour (no game yet)?",
        default="balance",
        choices={
            "balance": "such players fill the columns evenly: by decreasing R, each goes to "
            "the shorter column (White when equal)",
            "white": "they seek White",
            "black": "they seek Black",
        },
    ),
    Reading(
        name="transfer-history",
        article="2.5",
        question="Which earlier rounds count as a 'transfer to a higher score group'?",
        default="played-higher",
        choices={
            "played-higher": "a round in which the player played over the board an opponent "
            "who had more points before it (what the record shows; a player who met a floater "
            "coming down by 8.2 counts too, although this round's 8.2 does not ask 2.5: the "
            "floater, not the partner, changes score group)",
            "paired-higher": "as played-higher, forfeited pairings included",
        },
    ),
    Reading(
        name="transfer-running",
        article="2.5",
        question="What does 'two times running' compare the round to pair with?",
        default="calendar",
        choices={
            "calendar": "the round just before: a player transferred in round r-1 cannot be "
            "transferred in round r",
            "last-paired": "the last round in which the player was paired",
        },
    ),
    Reading(
        name="bye-bar",
        article="2.2",
        question="Which earlier rounds are 'a point without playing' that bars the bye?",
        default="full-point",
        choices={
            "full-point": "a bye (U), a forfeit win (+) or a full-point bye (F)",
            "any-points": "also a half-point bye (H): any points without playing",
        },
    ),
    Reading(
        name="bye-tie",
        article="4",
        question="How is the bye decided when R, the dominating colour and ARO all tie, or "
        "when the two colour subgroups are equal (no dominating colour)?",
        default="lowest-in-list",
        choices={
            "lowest-in-list": "no dominating colour: skip that step; a full tie: the player "
            "lowest in the list (highest pairing number)",
            "highest-in-list": "as lowest-in-list, but a full tie goes to the player highest "
            "in the list (lowest pairing number)",
        },
    ),
    Reading(
        name="colour-history",
        article="3 (third priority)",
        question="How are colour histories compared 'going back from the previous round'?",
        default="by-round",
        choices={
            "by-round": "round by round from the previous round back; rounds in which "
            "either player did not play are skipped",
            "played-only": "the two sequences of played games, aligned from the most recent "
            "game backwards",
        },
    ),
    Reading(
        name="colour-last-tie",
        article="3 with 9",
        question="Who gets White when all five priorities of 3 tie (same history, ARO and R)?",
        default="lower-number",
        choices={
            "lower-number": "the player higher in the list (smaller pairing number)",
            "higher-number": "the player lower in the list (larger pairing number)",
        },
    ),
    Reading(
        name="cannot-pair",
        article="6.3 with 7.1",
        question="What does 'has already played with all the players' (6.3, 7.1) cover?",
        default="limitations",
        choices={
            "limitations": "every opponent the limitations forbid: a rematch (2.1), a colour "
            "that 2.3 or 2.4 forbids to both colours of the pair, a forbidden pair (XXP)",
            "rematch": "rematches only (2.1); a pair that only 2.3/2.4 forbid still counts as "
            "possible for 7.1, and the pairing then finds it illegal",
        },
    ),
    Reading(
        name="displaced-black",
        article="6.3",
        question="6.3: 'the \"white\" player is paired with the first \"black\" player whom "
        "he has not played before, from the lower rows': where does the Black of his own "
        "row go then?",
        default="stays",
        choices={
            "stays": "it stays in its row, free: a lower White takes it (as a Black of an "
            "upper row) only after the Black of his own row and those of the lower rows",
            "takes-row": "it takes the row of the Black taken (the two Blacks change rows), "
            "so the White of that row meets it first",
        },
    ),
    Reading(
        name="improvement-exhausted",
        article="6.3 with 6.4",
        question="What happens when the improvement search of 6.3 finds no complete pairing "
        "of the score group?",
        default="float",
        choices={
            "float": "the fewest players the group cannot pair become floaters (6.4), chosen "
            "by the preference of 6.4, and 6.3 pairs the rest",
            "stop": "the text gives no instruction: the engine stops (9, the arbiter decides)",
        },
    ),
    Reading(
        name="transfer-no-supply",
        article="7.1-7.2 with 6.4",
        question="What do 7.1 and 7.2 do when the lower score groups cannot supply a player?",
        default="float",
        choices={
            "float": "no transfer: the player of 7.1 (or one player of the odd group, 7.2) "
            "is left for 6.4 to float down",
            "stop": "the text gives no instruction: the engine stops (9, the arbiter decides)",
        },
    ),
    Reading(
        name="transfer-order",
        article="7",
        question="In which order are 7.1-7.4 carried out when several apply?",
        default="listed",
        choices={
            "listed": "'in the order listed': 7.1, then 7.2, then 7.3/7.4",
            "parity-first": "7.2 (an odd group) before 7.1, then 7.3/7.4",
        },
    ),
    Reading(
        name="floater-history",
        article="6.4",
        question="Who 'was floater from higher score groups' in the preference of 6.4?",
        default="this-round",
        choices={
            "this-round": "a player who came down to this score group in this round (6.4)",
            "earlier-rounds": "a player who, in an earlier round, played an opponent with "
            "fewer points (floated down then), or came down in this round",
        },
    ),
    Reading(
        name="floater-tie",
        article="6.4",
        question="Which player floats when several are of the same category of 6.4?",
        default="lowest-rating",
        choices={
            "lowest-rating": "the lowest R, then the lowest in the list",
            "highest-rating": "the highest R, then the highest in the list",
        },
    ),
    Reading(
        name="wise",
        article="9",
        question="May every choice look ahead so that the rest of the round stays pairable?",
        default="round",
        choices={
            "round": "yes (9, 'proceed wisely'): the bye, a floater's partner (8.2) and a "
            "transferred player (7.1, 7.2) are the first in the text's order after whom the rest "
            "of the round can still be paired; the floaters of 6.4 are, for f = the fewest the "
            "group cannot pair, then f+2, f+4 ..., the first set of f in the order of 6.4 that "
            "leaves the rest of the group a complete pairing, at the first f with which the "
            "lower groups can be paired too; a round with no complete pairing stops at once",
            "literal": "no: each choice looks only at its own score group; when the lowest "
            "group cannot be paired the engine stops (9, the arbiter decides)",
        },
    ),
    Reading(
        name="absences",
        article="9 (the text says nothing on H/Z/F)",
        question="What happens to a player with a pre-entered bye or absence (H, Z, F, XXZ)?",
        default="not-paired",
        choices={
            "not-paired": "the player is left out of the round; the points are those the "
            "file gives",
            "stop": "the text gives no instruction: the engine stops (9, the arbiter decides)",
        },
    ),
)

#: Acceleration (XXA / 250 points, e.g. the Baku method's virtual points): the 1997 text
#: never mentions it.  FIDE's chapter on accelerated systems (C.04.5, introduction) builds
#: the score brackets on "the total score (real score + virtual points)", so the score
#: groups of 6 (and 7.1-7.2's lower score groups, 8's floaters, the board order) always
#: read the pairing score.  ARO (1), the due colours (1) and 3 read no score.  The other
#: places where the text reads a score are readings below; they are in force (and listed
#: in the trace) only in a round with acceleration points.
ACCELERATION: tuple[Reading, ...] = (
    Reading(
        name="acceleration-first-round",
        article="5 (with C.04.5)",
        question="With acceleration points in round 1, what is 'the player's list' that 5 "
        "divides into two halves?",
        default="score-groups",
        choices={
            "score-groups": "each score group of the pairing score is a list of its own, "
            "divided and paired by 5 (pairs numbered on through the groups for the lot); an "
            "odd group's last player goes down to the next group's list, and the last of the "
            "lowest group gets the bye",
            "whole-list": "the whole list, as 5 says: acceleration points change nothing in "
            "round 1 (they count from round 2 on, in the score groups of 6)",
        },
    ),
    Reading(
        name="acceleration-bye",
        article="4",
        question="With acceleration points, which score makes 'the lowest score group' of "
        "the bye?",
        default="pairing",
        choices={
            "pairing": "the pairing score (points plus the round's acceleration points), "
            "the score the score groups of 6 are built on",
            "real": "the points actually scored: the bye goes to the lowest R among the "
            "players who scored least, acceleration left out",
        },
    ),
    acceleration_history(
        "acceleration-transfers", "2.5, 6.4", "a transfer to a higher score group (2.5) or a "
        "float down (6.4, reading floater-history=earlier-rounds)",
        "the score groups the player was actually paired in", "transfer"),
)

CATALOGUE = CATALOGUE + ACCELERATION

BY_NAME = {r.name: r for r in CATALOGUE}


class Readings(_Readings):
    """The readings of the Dubov 1997 text."""

    catalogue = CATALOGUE


DEFAULT = Readings.from_pairs()
