"""The decisions of a Dutch 2012 trace, without wording: what golden snapshots compare.

Each event kind is projected onto the fields that record what was decided; kinds that only
record facts (the standings) are left out.  A new kind must be classified here.
"""

from __future__ import annotations

from typing import Callable

from ...trace.events import Event, Trace, plain as _plain


class UnclassifiedEvent(ValueError):
    """An event kind the projection does not know: classify it in ``PROJECTION``."""


def _fields(*names: str) -> Callable[[Event], dict]:
    def project(e: Event) -> dict:
        return {n: _plain(getattr(e, n)) for n in names}

    return project


PROJECTION: dict[str, Callable[[Event], dict] | None] = {
    "round-opened": _fields("round", "last_round", "to_pair", "absent"),
    "what-if": lambda e: {"pairs": [_plain(list(x[:3])) for x in e.pairs]},
    "standings": None,
    "acceleration-applied": lambda e: {
        "players": [[n, v, s] for n, _real, v, s in e.players]},
    "bracket-opened": _fields("score", "mdps", "residents", "nature", "lowest"),
    "incompatible-moved": _fields("score", "player", "case"),
    "parameters": _fields("score", "p0", "p1", "m0", "m1", "x1", "z1", "mode"),
    "requirements-failed": _fields("score", "requirements", "next_step"),
    "reduced": _fields("score", "step", "p1", "m1", "x1", "z1"),
    "bracket-moved-down": _fields("score", "players"),
    "pairing-found": _fields("score", "part", "s1", "s2", "pairs", "exchange",
                             "transposition", "requirements", "x_used", "z_used"),
    "b3-factor": _fields("score", "part", "pairs", "left", "b3", "first_b3", "first_pairs",
                         "first_left", "least", "bye_score"),
    "b3-level": _fields("score", "requirements", "step", "outcome", "b3", "best", "least"),
    "moved-down": _fields("score", "players"),
    "colour-allocated": _fields("white", "black", "rule"),
    "bracket-closed": _fields("score", "pairs"),
    "bye-assigned": _fields("player"),
    "search-limit": _fields("score", "n"),
    "backtracked": _fields("score", "to_score", "trigger", "player", "moved", "p1", "wanted"),
    "backtrack-ended": _fields("score", "found", "moved"),
    "brackets-joined": _fields("score", "lowest_score", "s1", "players"),
    "pairing-published": _fields("boards", "bye"),
    "impossible": _fields("players"),
}


def decision(e: Event) -> dict | None:
    if e.kind not in PROJECTION:
        raise UnclassifiedEvent(
            f"event kind {e.kind!r} is not classified in the decision projection "
            "(dubov_explain/rulebooks/dutch2012/decisions.py, PROJECTION)")
    project = PROJECTION[e.kind]
    if project is None:
        return None
    return {"kind": e.kind, "article": e.article, **project(e)}


def decisions(trace: Trace) -> list[dict]:
    """The trace's decisions without wording, in event order."""
    return [d for d in (decision(e) for e in trace.events) if d is not None]
