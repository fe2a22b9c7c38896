"""The named readings of the Dutch 2017 text (``text/dutch-2017.txt``): the 2026 catalogue's
questions that the 2017 text asks too, under its own article numbers.

2026's ``c14-downfloaters`` has no 2017 counterpart: C.12/C.14 count every player "who
receives the same downfloat" (a downfloater, of the Limbo too, and an MDP paired with a
lower score), so the question of 2026's "resident downfloaters" does not arise.
"""

from __future__ import annotations

from ...records import replace
from ..dutch2026 import readings as family
from ..readings import Reading, Readings as _Readings

__all__ = ["ACCELERATION", "CATALOGUE", "DEFAULT", "Reading", "Readings"]

#: 2026 article -> 2017 article of each reading kept
_ARTICLE = {"absolute-conflict": "A.6.a", "topscorer-max": "A.7", "c13-absolute": "C.11",
            "acceleration-floats": "A.4.b"}

ACCELERATION: tuple[Reading, ...] = tuple(
    replace(r, article=_ARTICLE[r.name]) for r in family.ACCELERATION)
CATALOGUE: tuple[Reading, ...] = tuple(
    replace(r, article=_ARTICLE[r.name],
            question=r.question.replace("[C13]", "C.11").replace("1.7.2", "A.6.b"))
    for r in family.CATALOGUE if r.name in _ARTICLE and r not in family.ACCELERATION
) + (
    Reading(
        name="pairing-numbers",
        article="A.2.b, E.5",
        question="A late entry gets his pairing number 'only when he actually arrives' "
                 "(C.04.2.C.2; A.2.b: numbers modified by late entries): before that, are "
                 "the others numbered without him (E.5's odd or even number)?",
        default="arrived",
        choices={"arrived": "yes: the file's order without the players who have not "
                            "arrived yet (as bbpPairings v5.0.1 numbers them)",
                 "file": "no: the file's pairing numbers as they stand"},
    ),
    Reading(
        name="c7-last-bracket",
        article="C.7, C.2, A.9",
        question="When the following bracket is the last, C.7 weighs its pairs and PSD: is "
                 "a pairing of it that leaves unpaired a player C.2 bars from the PAB one of "
                 "them (the last bracket's leftover receives the PAB, A.9's note)?",
        default="pab",
        choices={"pab": "no: the last bracket's pairings leave unpaired only players C.2 "
                        "allows the PAB (as bbpPairings v5.0.1 weighs it)",
                 "pairs": "yes: its pairs and PSD alone, C.2 not read"},
    ),
) + ACCELERATION


class Readings(_Readings):
    catalogue = CATALOGUE


DEFAULT = Readings.from_pairs()
