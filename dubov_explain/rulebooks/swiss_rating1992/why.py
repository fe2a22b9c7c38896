"""How the 1992 rulebook reads its own traces for ``why`` and ``why-not``.

The trace shapes are the Dutch 2012 ones (``events.py``), so what only reads shapes is
shared: :func:`decision_key`, :func:`bracket_of`, :func:`player_round`.  What names an
article is this text's: :func:`verdict_article`, :func:`lowered` (the order in which C.9,
C.10 and C.11 lower the criteria) and :func:`read_parting`.
"""

from __future__ import annotations

from typing import Any

from ...trace.events import Trace
from ..dutch2012.why import bracket_of, decision_key, player_round  # noqa: F401
from ..dutch2012.decisions import decisions  # noqa: F401  (the event shapes are Dutch 2012's)
from ..dutch2012.steps import step_changes, step_states  # noqa: F401
from . import events as ev
from .articles import article_text, articles  # noqa: F401  (the rulebook's reader: base.MODULE_HOOKS)
from .sheet import report_sheet  # noqa: F401

VERDICT_ARTICLE = {"absent": "F.5", "no-pairing": "B.1"}
CRITERION_ARTICLE = {"B.1.a": "B.1.a", "B.2": "B.2", "XXP": "XXP", "forced": "what-if"}

#: the criteria in the order the procedure lowers them, first lowered first
_ORDER = ("B.6-down", "B.5-down", "B.6-up", "B.5-up", "x")
_STEP = {"B.6-down": "C.9", "B.5-down": "C.9", "B.6-up": "C.10", "B.5-up": "C.10",
         "x": "C.11"}


def verdict_article(verdict: str, criterion: str = "") -> str:
    if verdict == "illegal":
        return CRITERION_ARTICLE.get(criterion, criterion)
    return VERDICT_ARTICLE.get(verdict, "")


def _answer(case: str, criterion: str, article: str, where: str = "", score: str | None = None,
            verdict: str = "passed-over", **facts: Any) -> dict:
    return dict(verdict=verdict, case=case, criterion=criterion, article=article, where=where,
                score=score, facts=facts)


def lowered(real: dict, what_if: dict) -> str | None:
    """The last-lowered criterion the what-if run needed lowered further (or None)."""
    for name in reversed(_ORDER):
        a, b = real.get(name), what_if.get(name)
        if a == b:
            continue
        if isinstance(a, bool):
            if a and not b:
                return name
        elif a is not None and b is not None and b > a:
            return name
    return None


def read_parting(real: Trace, what_if: Trace, r, w, player: int, against: int) -> dict:
    if isinstance(w, ev.Impossible):
        return _answer("impossible", "B.1", "B.1", "round", verdict="impossible",
                       players=list(w.players))
    if isinstance(r, ev.ByeAssigned) and isinstance(w, ev.ByeAssigned):
        return _answer("bye", "A.5", "A.5", "bye", bye=r.player, instead=w.player)
    score = getattr(r, "score", None) or getattr(w, "score", None)
    if isinstance(r, ev.PairingFound) and isinstance(w, (ev.RequirementsFailed, ev.Reduced,
                                                          ev.BracketMovedDown)):
        if isinstance(w, ev.RequirementsFailed):
            return _answer("requirements", w.next_step, w.next_step, "bracket", score,
                           requirements=dict(w.requirements), next_step=w.next_step)
        return _answer("fewer-pairs", "C.14", "C.14", "bracket", score)
    if isinstance(r, ev.PairingFound) and isinstance(w, ev.PairingFound):
        crit = lowered(dict(r.requirements), dict(w.requirements))
        if crit is not None:
            return _answer("lowered", crit, _STEP[crit], "bracket", score, name=crit,
                           real=r.requirements.get(crit), instead=w.requirements.get(crit))
        if r.part != w.part:
            return _answer("differs", r.article, r.article, "bracket", score,
                           real_kind=r.kind, what_if_kind=w.kind)
        if tuple(r.exchange) != tuple(w.exchange):
            return _answer("exchange-order", "D.2", "C.8", "bracket", score,
                           exchange=list(r.exchange), instead=list(w.exchange))
        return _answer("transposition-order", "D.1", "C.7", "bracket", score,
                       index=r.transposition, instead=w.transposition,
                       s2=list(r.s2[:len(r.s1)]), instead_s2=list(w.s2[:len(w.s1)]))
    if isinstance(w, (ev.IncompatibleMoved, ev.MovedDown, ev.BracketMovedDown)) or \
            isinstance(r, (ev.MovedDown, ev.IncompatibleMoved)):
        return _answer("moved-down", "A.3", "A.3", "bracket", score,
                       real_kind=r.kind if r is not None else None, what_if_kind=w.kind)
    art = r.article if r is not None else ""
    return _answer("differs", art, art, real_kind=r.kind if r is not None else None,
                   what_if_kind=w.kind if w is not None else None)


def report_events() -> tuple[tuple[type, ...], type, type]:
    """The report's divisions: the bye's events, and the events that open and close a
    score group."""
    return ((ev.ByeAssigned,), ev.BracketOpened, ev.BracketClosed)
