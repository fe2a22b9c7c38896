"""Dubov 2025: FIDE C.04.4.1 Dubov System, approved 13/04/2024 "to apply from 1 July 2025" but
postponed and never in force (``text/dubov-2025.txt``); Dubov 2026 (``rulebooks/dubov2026``) is
the edition of it in force since 01/02/2026.

The rooms follow the text: ``standings`` (Article 1: scores, colour preferences 1.5, ARO
1.6, upfloats 1.7, bye eligibility [C2]), ``readings`` (the named readings of ambiguous
articles), ``order`` (Article 4's sequences), ``colours`` (Article 5), ``bye`` (the order of
2.1.3-2.1.5), ``boards`` (the board order), ``engine`` (Article 2 as a traced state
machine, Article 3's criteria), ``events`` (what the trace records), ``check`` (the absolute
test and the departure analysis of a published pairing) and ``templates/`` (how each event
and each finding of ``check`` is worded).
"""

from __future__ import annotations

from ..base import ModuleRulebook
from .readings import Readings


class Dubov2025(ModuleRulebook):
    name = "dubov-2025"
    title = "FIDE C.04.4.1 Dubov System"
    #: as the Handbook headed it (the status, never applied, is ``never_applied``)
    edition = "approved by the Council 13/04/2024, applied from 1 July 2025"
    family = "dubov"
    text = "dubov-2025.txt"
    #: no TRF code names this text: ``FIDE_DUBOV`` and a free-text "Dubov" mean the text in
    #: force, Dubov 2026 since 01/02/2026 (``--system dubov-2025`` still chooses this one)
    trf_codes = ()
    trf_words = ()
    #: approved 13/04/2024 "applied from 1st July, 2025", but postponed with the whole 2024
    #: package (the 2018 text stayed in force until 31/01/2026) and replaced by the text
    #: approved 28/10/2025: never in force
    in_force = False
    never_applied = True
    readings_type = Readings

    def procedure(self):
        from . import engine
        return engine

    def review(self):
        from . import check
        return check

    def parting_watch(self, real):
        # the engine closes each bracket once and takes back no event: a what-if run may
        # stop at the end of the bracket where it parts from the real one
        from .why import READER
        return READER.watch(real)
