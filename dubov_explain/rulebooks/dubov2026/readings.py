"""Named readings of the Dubov 2026 text: Dubov 2025's catalogue, renumbered, with what the
2026 words change.

Built from Dubov 2025's catalogue (``rulebooks/dubov2025/readings.py``), each reading citing
the 2026 article numbers (``numbering.py``), except:

* ``container-order`` is **settled** and no longer a reading.  The 2025 text ordered the
  upfloater sets in "containers" sorted "along the lines described by [C6]" (4.2.3.2),
  while the example of 4.2.3.1 listed them highest score first; [C6] itself said "maximise
  the lowest score among the upfloaters (and then the second lowest...)".  The 2026 text
  drops the containers and the example: 4.2.3 says "Compliance with criteria [C5] and [C6]
  ... determines the number of upfloaters and their scores in valid sets", [C6] (2.3.2)
  says "minimise the score differences (taken in descending order) ..., i.e. maximise the
  scores (taken in ascending order) of the upfloaters", and the sets are ordered by 4.1.3
  ("the smallest differing sequence number").  Maximising the ascending score vector is
  exactly 2025's default ``lowest-first`` ({2.5, 2.5} before {3, 1.5}); the ``listed``
  order of the 2025 example has no words left to rest on.  The engine asks this reading
  (it runs Dubov 2025's 4.2 search): :class:`Readings` answers ``lowest-first``, the value
  the text fixes (:data:`SETTLED`), and ``--reading container-order=...`` is refused.
* ``bye-eligibility``: the 2026 text keeps the tension between 3.1.1 ("neither received a
  pairing-allocated-bye, nor scored a (forfeit) win") and [C2] (2.1.2, the 2026 Basic
  Rules' Article 4: "scored in one single round, without playing, as many points as
  rewarded for a win"), word for word as in 2025; its second value is named after the 2026
  article, ``article-3.1.1``.

Every other reading stands as in 2025 (the words it reads are unchanged in 2026).
"""

from __future__ import annotations

from ..dubov2025 import readings as family
from ..readings import NotInCatalogue, Reading, ReadingError
from ..readings import Readings as _Readings
from .numbering import ARTICLES

__all__ = ["ACCELERATION", "BY_NAME", "CATALOGUE", "DEFAULT", "SETTLED", "Reading",
           "ReadingError", "Readings"]

#: readings of the 2025 text that the 2026 words settle: name -> the value they fix
SETTLED: dict[str, str] = {"container-order": "lowest-first"}

#: values renamed after the 2026 article they read: (reading, 2025 value) -> 2026 value
RENAMED: dict[tuple[str, str], str] = {("bye-eligibility", "article-2.1.1"): "article-3.1.1"}


#: citations the 2026 text words otherwise than a renumbering: its 5.2.4 note cites the 2026
#: General Handling Rules' 3.4 (2025: "Article 4.5", a number of neither edition of them)
CITED: dict[str, str] = {"colour-history-5.2.4": "5.2.4 (with GHR 3.4)"}


def renumbered(r: Reading) -> Reading:
    """A 2025 reading citing the 2026 numbers (its article, question and values' notes)."""
    choices = {RENAMED.get((r.name, k), k): ARTICLES.cite(v) for k, v in r.choices.items()}
    return Reading(name=r.name, article=CITED.get(r.name) or ARTICLES.cite(r.article),
                   question=ARTICLES.cite(r.question),
                   default=RENAMED.get((r.name, r.default), r.default), choices=choices)


ACCELERATION: tuple[Reading, ...] = tuple(renumbered(r) for r in family.ACCELERATION)
CATALOGUE: tuple[Reading, ...] = tuple(
    renumbered(r) for r in family.CATALOGUE
    if r.name not in SETTLED and r not in family.ACCELERATION) + ACCELERATION
BY_NAME = {r.name: r for r in CATALOGUE}


class Readings(_Readings):
    """The readings of the Dubov 2026 text; a reading its text settles (:data:`SETTLED`)
    answers the value the text fixes, for the Dubov 2025 code that asks it."""

    catalogue = CATALOGUE

    @classmethod
    def from_pairs(cls, pairs=None) -> "Readings":
        """As every catalogue's, and a value renamed after its 2026 article is also accepted
        by its 2025 name (``bye-eligibility=article-2.1.1`` is ``article-3.1.1``), so that
        a command line written for the family's text still runs."""
        pairs = {k: RENAMED.get((k, v), v) for k, v in (pairs or {}).items()}
        return super().from_pairs(pairs)

    def value(self, name: str) -> str:
        if name in SETTLED:
            return SETTLED[name]
        return super().value(name)

    def is_(self, name: str, value: str) -> bool:
        if name in SETTLED:
            if value not in family.BY_NAME[name].choices:
                raise NotInCatalogue(f"reading {name!r} has no value {value!r}")
            return SETTLED[name] == value
        return super().is_(name, value)


DEFAULT = Readings.from_pairs()
