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
            "acceleration-floats": "A.4.b", "tpn-arrival": "A.2.b, E.5 (C.04.2.C.2-3)"}
#: 2026 wording -> 2017 wording in a kept reading's question and choices (the 2017 text and
#: its General Handling Rules speak of pairing numbers, not TPNs)
_WORDS = (("[C13]", "C.11"), ("1.7.2", "A.6.b"), ("5.2.5", "E.5"), ("TPNs", "pairing numbers"),
          ("TPN", "pairing number"), ("GHR 2.4", "C.04.2.C.2"), ("2.5:", "C.3:"),
          ("GHR 2.3", "C.04.2.B.3"), ("they actually arrive", "he actually arrives"),
          ("as Gacrux and bbpPairings v6 pair", "as bbpPairings v5.0.1 pairs"))


def _words(text: str) -> str:
    for old, new in _WORDS:
        text = text.replace(old, new)
    return text


ACCELERATION: tuple[Reading, ...] = tuple(
    replace(r, article=_ARTICLE[r.name]) for r in family.ACCELERATION)
CATALOGUE: tuple[Reading, ...] = tuple(
    replace(r, article=_ARTICLE[r.name], question=_words(r.question),
            choices={k: _words(v) for k, v in r.choices.items()})
    for r in family.CATALOGUE if r.name in _ARTICLE and r not in family.ACCELERATION
) + (
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
