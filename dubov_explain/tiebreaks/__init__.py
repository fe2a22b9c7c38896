"""FIDE C.07 tie-breaks (Play-Off and Tie-Break Regulations, approved 02/02/2026, applied
from 1 March 2026) and the final standings they make.

A room of its own, like a rulebook's, but rule-free with respect to pairing systems: it
reads only the tournament's facts (``tournament/``: results, colours, byes, ratings, the
scoring), never a pairing rulebook, so the same tie-breaks rank a Dubov, a Dutch or any
other Swiss tournament.  C.07's article numbers are cited in the comments and docstrings,
and carried in the data as tuples of numbers (``(16, 4, 1)``), which the templates word.

* :mod:`.spec` reads a tie-break list: C.07's acronyms with the modifiers of its Article 14
  (``BH/C1``, ``BH/M1``, ``TPN/R``), from ``--tiebreaks`` or a TRF-2026 ``212``/``202``
  record;
* :mod:`.compute` computes each tie-break of each player with the elements it is built
  from (Article 16's unplayed-rounds management: adjusted scores, virtual opponents, the
  Cut-1 exception), exactly (fractions, no floats);
* :mod:`.ranking` ranks by points then the list (Article 4.2, Direct Encounter as a
  group stage, Article 6) and says which tie-break decided between two neighbours.
"""

from .compute import Field, compute
from .ranking import Standings, final_standings, why_standing
from .spec import DEFAULT_LIST, TieBreak, TieBreakError, from_records, parse_list

__all__ = ["DEFAULT_LIST", "Field", "Standings", "TieBreak", "TieBreakError", "compute",
           "final_standings", "from_records", "parse_list", "why_standing"]
