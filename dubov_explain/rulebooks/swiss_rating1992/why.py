"""How the 1992 rulebook reads its own traces for ``why`` and ``why-not``.

The trace shapes are the Dutch 2012 ones (``events.py``), so what only reads shapes is
shared: :func:`decision_key`, :func:`bracket_of`, :func:`player_round` (its reader is a
subclass of Dutch 2012's).  What names an article is this text's: the articles of a
verdict, the order in which C.9, C.10 and C.11 lower the criteria (:func:`lowered`) and
:func:`read_parting`.
"""

from __future__ import annotations

from ...trace.events import Trace
from ..dutch2012.why import Dutch2012Reader, player_round  # noqa: F401
from ..why import answer as _answer, differs
from . import events as ev


class SwissRating1992Reader(Dutch2012Reader):
    """The Dutch 2012 reading of the same event shapes, with this text's articles."""

    verdicts = {"absent": "F.5", "no-pairing": "B.1"}
    #: the criteria in the order the procedure lowers them, first lowered first
    order = ("B.6-down", "B.5-down", "B.6-up", "B.5-up", "x")
    steps = {"B.6-down": "C.9", "B.5-down": "C.9", "B.6-up": "C.10", "B.5-up": "C.10",
             "x": "C.11"}


READER = SwissRating1992Reader()
decision_key = READER.decision_key
verdict_article = READER.verdict_article
bracket_of = READER.bracket_of
#: the last-lowered criterion the what-if run needed lowered further (or None)
lowered = READER.lowered
_STEP = READER.steps


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
    return differs(r, w)
