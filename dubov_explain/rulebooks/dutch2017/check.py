"""``check`` for Dutch 2017 and the trace read back: Dutch 2026's (``dutch2026/check.py``)
on the 2017 engine and standings, its findings in the 2017 numbers (``numbering``).

The absolute test is the same text: C.1-C.3 are [C1]-[C3] (C.2's bar is the 2017
standings': a full-point bye does not bar the PAB) and the completeness of A.9 is 1.9.1's.
"""

from __future__ import annotations

from ..dutch2026 import check as family
from ..dutch2026.check import (Steps, board_order, bracket_of, decision_key,  # noqa: F401
                               player_round, read_parting, report_events, report_sheet,
                               verdict_article)
from ..decisions import Projection, fields
from ..texts import citation_lookup
from . import events as ev  # noqa: F401  (the kinds registered under the 2017 name)
from .engine import pair_round, request_problems  # noqa: F401
from .numbering import ARTICLES
from .readings import DEFAULT
from .standings import compute_standings

__all__ = ["absolute_test", "analyse_departures", "board_order", "request_problems"]


def absolute_test(request, r, pub, readings=DEFAULT, standings=None):
    st = standings if standings is not None else compute_standings(request, r, readings)
    return ARTICLES.forward(family.absolute_test(request, r, pub, readings, st))


def analyse_departures(request, r, pub, trace, readings=DEFAULT):
    found, what_if = family.analyse_departures(request, r, pub, trace, readings,
                                               pair=pair_round)
    return ARTICLES.forward(found), what_if


def articles() -> dict[str, str]:
    return family._articles("dutch-2017.txt")


_refs, article_text = citation_lookup(articles, r"C\.\d+|[A-E](?:\.\d+(?:\.[a-d])?)?")

PROJECTION = Projection("dubov_explain/rulebooks/dutch2017/check.py", {
    **family.PROJECTION,
    "penultimate-bracket": fields("score", "downfloaters", "collapsed"),
})
decisions = PROJECTION.decisions
step_changes = Steps.step_changes
step_states = Steps.step_states
