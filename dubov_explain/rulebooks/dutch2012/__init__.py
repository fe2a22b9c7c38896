"""Dutch 2012: FIDE C.04.3.1 Dutch System, as agreed in Istanbul 2012 (``text/dutch-2012.txt``).

The rooms follow the text: ``standings`` (A.2 order, A.4 floats, A.7 colour preferences,
B.1.b bye), ``readings`` (the named readings of ambiguous articles), ``search`` (the
enumerations of D.1-D.3), ``engine`` (section C as a traced state machine, B's criteria,
E's colours; its docstring argues why the search returns the literal answer), ``events``,
``decisions``, ``check`` (the absolute test and the departures of a published pairing),
``why`` and ``steps`` (what the explanations and the step-through page ask), ``articles``
(the text by article) and ``templates/``.
"""

from __future__ import annotations

from ..base import FloatChecklist, ModuleRulebook
from .readings import Readings


class Dutch2012(FloatChecklist, ModuleRulebook):
    name = "dutch-2012"
    title = "FIDE C.04.3.1 Dutch System"
    edition = "as agreed by the 83rd FIDE Congress, Istanbul 2012"
    family = "dutch"
    #: the check-list's bye and float columns, headed by this text's own rules (B.1.b, B.5,
    #: B.6; the 1992 text numbers them alike)
    checklist_columns = ("B1b", "B5", "B6")
    text = "dutch-2012.txt"
    #: ETT26 names only the current Dutch rules (FIDE_DUTCH_2025); the 2012 text has no
    #: code of its own, so a 192 record never picks this edition: --system does
    #: JaVaFo 1.4, FIDE-endorsed for these rules, writes ``092 Individual  Swiss Dutch
    #: (Istanbul 2012 rules)`` into its files: the Congress that agreed this text
    trf_words = ("istanbul 2012",)
    #: superseded: a later text is in force, so no family flag names this one
    readings_type = Readings

    def procedure(self):
        from . import engine
        return engine

    def review(self):
        from . import check
        return check

    def request_problems(self, t, pairing=True):
        # beside its absolute test (B.1, B.2), in the check module
        return self.review().request_problems(t, pairing)
