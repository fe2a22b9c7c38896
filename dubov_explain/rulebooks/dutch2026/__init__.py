"""Dutch 2026: FIDE C.04.3 (Dutch) System, approved by the Council on 28/10/2025, applied
from 1 February 2026 (``text/dutch-2026.txt``).

The rooms follow the text: ``standings`` (1.2 order, 1.4 floats, 1.7 colour preferences,
1.8 topscorers, [C2]'s bye bar), ``readings``, ``criteria`` (section 2 per pair and per
candidate, Article 5's colours), ``search`` (Articles 3 and 4: the sequence of candidates
and the first best; its docstring argues why the search is the literal order), ``engine``
(the round as a traced machine), ``events``, ``check`` (the absolute test and the trace
read back) and ``templates/``.  The 2017 text is an edition of this one
(``rulebooks/dutch2017``).

Nothing is shared with ``dutch2012`` but the wing's plumbing: the 2012 text is a different
procedure (C.1-C.14's lowering of requirements, backtracking, D.4), while 2017 and 2026
share Articles 3-4's candidate generation and evaluation.
"""

from __future__ import annotations

from datetime import date

from ..base import FloatChecklist, ModuleRulebook
from .readings import Readings


class Dutch2026(FloatChecklist, ModuleRulebook):
    name = "dutch-2026"
    title = "FIDE C.04.3 (Dutch) System"
    edition = "approved by the FIDE Council on 28/10/2025, applied from 1 February 2026"
    family = "dutch"
    text = "dutch-2026.txt"
    #: ETT26 names the current Dutch rules FIDE_DUTCH_2025 (the 2024 package, postponed
    #: and re-approved as this text)
    trf_codes = ("FIDE_DUTCH_2025", "FIDE_DUTCH_2026", "FIDE_DUTCH", "FIDE_DUTCH_2025_BAKU",
                 "FIDE_DUTCH_2026_BAKU", "FIDE_DUTCH_BAKU")
    #: a free-text 092 naming those codes, or the 2026 text
    trf_words = ("FIDE_DUTCH_2025", "FIDE_DUTCH_2026", "Dutch 2026")
    in_force = True
    applied_from = date(2026, 2, 1)
    trf_family_words = ("dutch",)
    readings_type = Readings

    def procedure(self):
        from . import engine
        return engine

    def review(self):
        from . import check
        return check
