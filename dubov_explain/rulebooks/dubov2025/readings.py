"""Named readings: every place where the Dubov 2025 text admits more than one reading.

Each :class:`Reading` names the article it interprets, its default value and the
alternatives, with a note that says what each value means (the machinery, and how code
asks for a value, is ``rulebooks/readings.py``).  The trace header lists the readings in
force, so a golden snapshot records which interpretation produced it.

Select a reading on the command line with ``--reading NAME=VALUE`` or in the API with
``Readings.from_pairs({"NAME": "VALUE"})``.
"""

from __future__ import annotations

from ..readings import PAIRED_IN_BRACKETS, Reading, ReadingError, acceleration_history
from ..readings import Readings as _Readings

__all__ = ["BY_NAME", "CATALOGUE", "DEFAULT", "Reading", "ReadingError", "Readings"]

CATALOGUE: tuple[Reading, ...] = (
    Reading(
        name="upfloat-history",
        article="1.7, 3.3.4-3.3.6 [C8]-[C10]",
        question="Which past rounds count as an upfloat of a player?",
        default="played",
        choices={
            "played": "a round counts when the player played a game over the board against an "
            "opponent whose pairing score before that round was higher (forfeits and byes never "
            "count; the reading of py4swiss)",
            "paired": "a round counts when the player was paired (game played or forfeited) "
            "against an opponent with a higher pairing score: the pairing, not the game, made "
            "the upfloat",
        },
    ),
    Reading(
        name="upfloat-previous-round",
        article="3.3.6 [C10]",
        question="What is 'the previous round' for a player who did not play it?",
        default="calendar",
        choices={
            "calendar": "the round just before the one being paired; a player who was not "
            "paired then did not upfloat in the previous round",
            "last-paired": "the most recent round in which the player was paired",
        },
    ),
    Reading(
        name="aro-quick-games",
        article="1.6.1",
        question="Do games of less than one move (TRF W/D/L) count as met over-the-board for ARO?",
        default="count",
        choices={
            "count": "yes: they are games between paired players that took place at the board "
            "(bbpPairings and py4swiss treat them as played)",
            "exclude": "no: only games of at least one move enter the ARO",
        },
    ),
    Reading(
        name="bye-games-played",
        article="2.1.4",
        question="Does 'has played the highest number of games' count forfeited games?",
        default="played",
        choices={
            "played": "only games played over the board (forfeits are not games; GHR 3.4-3.5)",
            "paired": "every round in which the player was paired, forfeits included",
        },
    ),
    Reading(
        name="bye-eligibility",
        article="2.1.1 with 3.1.2 [C2]",
        question="Which earlier unplayed points bar the pairing-allocated bye?",
        default="basic-rule-4",
        choices={
            "basic-rule-4": "[C2] as worded: a previous PAB, or any single round in which the "
            "player scored a win's points without playing (PAB, full-point bye, forfeit win)",
            "article-2.1.1": "2.1.1 as worded: a previous PAB or a forfeit win only "
            "(a full-point bye does not bar; py4swiss's reading)",
        },
    ),
    Reading(
        name="c9-measure",
        article="3.3.5 [C9]",
        question="What does 'the number of times a maximum upfloater is upfloated' add up?",
        default="sum",
        choices={
            "sum": "the sum, over the maximum upfloaters of the set, of the times each has "
            "already been upfloated",
            "max": "the largest number of times any maximum upfloater of the set has been "
            "upfloated",
        },
    ),
    Reading(
        name="colour-history-5.2.4",
        article="5.2.4 (with GHR 4.5 / 2026 3.4)",
        question="How are two colour histories compared when rounds were not played?",
        default="played-only",
        choices={
            "played-only": "each history is the sequence of played games only, and the two are "
            "aligned from their most recent played game backwards (GHR 3.4: B W B u W is read "
            "as u B W B W)",
            "by-round": "the histories are compared round by round, most recent first; rounds "
            "in which either player did not play are skipped",
        },
    ),
    Reading(
        name="absolute-conflict",
        article="1.5.2.1",
        question="Which colour does an absolute preference ask for when the colour difference "
        "and the last two games point opposite ways (e.g. W W W W B B)?",
        default="difference",
        choices={
            "difference": "the colour difference decides (difference > +1 asks for Black)",
            "last-two": "the last two games decide (two Blacks in a row ask for White)",
        },
    ),
    Reading(
        name="container-order",
        article="4.2.3.2 with the example of 4.2.3.1 and 3.3.2 [C6]",
        question="In which order are the containers of upfloater sets taken?",
        default="lowest-first",
        choices={
            "lowest-first": "by [C6] as 3.3.2 words it: the container whose lowest score is "
            "highest first, then the second lowest, and so on ({2.5, 2.5} before {3, 1.5})",
            "listed": "in the order the example of 4.2.3.1 lists them, highest score first "
            "({3, 1.5} before {2.5, 2.5}); py4swiss 0.3.1 orders them this way (golden case "
            "reading-container-order), which [C6] as worded does not support",
        },
    ),
    Reading(
        name="unavoidable-pairs",
        article="2.2.4.1",
        question="How many pairs of the smaller subgroup 'must unavoidably be paired together'?",
        default="minimum",
        choices={
            "minimum": "the least number of such pairs over all legal pairings of the bracket",
            "isolated": "only players of the smaller subgroup who have no legal opponent at "
            "all in the other subgroup count, half of them rounded up.  That count never "
            "exceeds the minimum, and shifting fewer than the minimum leaves no legal pairing "
            "of G1 with G2; so where the two differ the engine records the isolated count, "
            "states that it cannot be followed, and shifts the minimum: the pairings agree, "
            "the traces do not",
        },
    ),
)

#: Acceleration (XXA / 250 points, e.g. the Baku method's virtual points): the Dubov 2025
#: text never mentions it.  FIDE's chapter on accelerated systems says the score brackets
#: are built on "the total score (real score + virtual points)", so scoregroups (1.3.1,
#: 1.8.2) and the pool of possible upfloaters (4.2.1: "a lower score than the resident
#: players") always read the pairing score.  The other places where the text reads a
#: score are readings: the default is the pairing score everywhere (one score per round,
#: as JaVaFo's manual says of floats), the alternative the real score.  ARO (1.6) and the
#: colour preferences (1.5) read no score.
ACCELERATION: tuple[Reading, ...] = (
    Reading(
        name="acceleration-bye",
        article="2.1.3",
        question="With acceleration points, which score is 'the lowest score' of the "
        "pairing-allocated bye?",
        default="pairing",
        choices={
            "pairing": "the pairing score (points plus the round's acceleration points), the "
            "score the scoregroups are built on",
            "real": "the points actually scored (the standings' score, acceleration left "
            "out): the bye goes to the player who scored least",
        },
    ),
    acceleration_history("acceleration-upfloats", "1.7, 3.3.4-3.3.6 [C8]-[C10]", "an upfloat",
                         PAIRED_IN_BRACKETS, "upfloat"),
    Reading(
        name="acceleration-upfloaters",
        article="4.2.2 with 3.3.2 [C6]",
        question="With acceleration points, by which score are the possible upfloaters "
        "numbered (4.2.2) and grouped in containers ([C6])?",
        default="pairing",
        choices={
            "pairing": "the pairing score, the score that made them lower than the residents "
            "(4.2.1): a loser of the accelerated group and a winner of the other group with "
            "the same pairing score are in one container, numbered by initial ranking",
            "real": "the points actually scored: of two possible upfloaters with the same "
            "pairing score the one who scored more comes first and [C6] prefers him "
            "(py4swiss 0.3.1 pairs golden case 1.3.1-baku-round2 exactly so; its pairing of "
            "1.3.1-baku-round4-half is neither value's)",
        },
    ),
    Reading(
        name="acceleration-ranking",
        article="5.2.1 (and the board order, GHR 3.6)",
        question="With acceleration points, which score makes a player 'higher ranked' for "
        "the colours of 5.2.1 and the board order?",
        default="pairing",
        choices={
            "pairing": "the pairing score, then the initial ranking",
            "real": "the points actually scored, then the initial ranking",
        },
    ),
)

CATALOGUE = CATALOGUE + ACCELERATION

BY_NAME = {r.name: r for r in CATALOGUE}


class Readings(_Readings):
    """The readings of the Dubov 2025 text."""

    catalogue = CATALOGUE


DEFAULT = Readings.from_pairs()
