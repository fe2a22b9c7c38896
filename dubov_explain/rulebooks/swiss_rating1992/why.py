"""How the 1992 rulebook reads its own traces for ``why`` and ``why-not``.

The trace shapes are the Dutch 2012 ones (``events.py``), so what only reads shapes is
shared: :func:`decision_key`, :func:`bracket_of`, :func:`player_round` (its reader is a
subclass of Dutch 2012's).  What names an article is this text's: the articles of a
verdict, the order in which C.9, C.10 and C.11 lower the criteria (:func:`lowered`) and
:func:`read_parting`.
"""

from __future__ import annotations

from ..dutch2012.decisions import decisions  # noqa: F401  (the event shapes are Dutch 2012's)
from ..dutch2012.steps import step_changes, step_states  # noqa: F401
from ..dutch2012.why import Dutch2012Reader, bracket_of, decision_key, player_round  # noqa: F401
from . import events as ev
from .articles import article_text, articles  # noqa: F401  (the rulebook's reader: base.MODULE_HOOKS)
from .sheet import report_sheet  # noqa: F401


class SwissRating1992Reader(Dutch2012Reader):
    """The Dutch 2012 reading of the same event shapes, with this text's articles (its
    traces hold no D.4 events, so the Dutch answers of D.4 never arise)."""

    verdicts = {"absent": "F.5", "no-pairing": "B.1"}
    #: the criteria in the order the procedure lowers them, first lowered first
    order = ("B.6-down", "B.5-down", "B.6-up", "B.5-up", "x")
    steps = {"B.6-down": "C.9", "B.5-down": "C.9", "B.6-up": "C.10", "B.5-up": "C.10",
             "x": "C.11"}

    def requirements_article(self, w) -> str:
        """A what-if run that failed a level: the step it went on to (C.9-C.11)."""
        return w.next_step

    def fewer_pairs_article(self, w) -> str:
        """A what-if run that paired fewer: C.14."""
        return "C.14"

    def exchange_rule(self, r) -> str:
        """The exchanges are D.2's."""
        return "D.2"


READER = SwissRating1992Reader()
verdict_article = READER.verdict_article
#: the last-lowered criterion the what-if run needed lowered further (or None)
lowered = READER.lowered
_STEP = READER.steps
read_parting = READER.read_parting


def report_events() -> tuple[tuple[type, ...], type, type]:
    """The report's divisions: the bye's events, and the events that open and close a
    score group."""
    return ((ev.ByeAssigned,), ev.BracketOpened, ev.BracketClosed)
