"""Dubov 2025: FIDE C.04.4.1 Dubov System, applied from 1 July 2025 (``text/dubov-2025.txt``).

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
    edition = "approved by the Council 13/04/2024, applied from 1 July 2025"
    family = "dubov"
    text = "dubov-2025.txt"
    #: ETT26 has no Dubov edition suffix; the Baku form is the same system accelerated
    trf_codes = ("FIDE_DUBOV", "FIDE_DUBOV_BAKU")
    trf_words = ("dubov",)
    #: the text in force today: bbpPairings' family flag ``--dubov`` names it
    in_force = True
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
