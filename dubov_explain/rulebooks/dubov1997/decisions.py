"""The decisions of a Dubov 1997 trace, without wording: what golden snapshots compare.

Each event is projected onto the fields that record what was decided (players, scores,
the article or priority that decided); the standings and the lists of what was passed
over only support the reader.  A new event kind must be classified here before a trace
holding it can be projected (:class:`UnclassifiedEvent`).
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


def _with_firsts(base: Callable[[Event], dict], name: str, k: int):
    def project(e: Event) -> dict:
        d = base(e)
        d[name] = [_plain(list(x[:k])) if k > 1 else _plain(x[0]) for x in getattr(e, name)]
        return d

    return project


PROJECTION: dict[str, Callable[[Event], dict] | None] = {
    "round-opened": _fields("round", "last_round", "to_pair", "absent"),
    "what-if": lambda e: {"pairs": [_plain(list(x[:3])) for x in e.pairs]},
    "standings": None,
    "first-round": _fields("upper", "lower", "bye", "lot"),
    "acceleration-applied": lambda e: {
        "players": [[n, v, s] for n, _real, v, s in e.players]},
    "first-round-group": _fields("score", "upper", "lower", "goes_down", "bye"),
    "bye-not-needed": _fields("players"),
    "bye-candidates": _with_firsts(_fields("score", "dominating"), "keys", 1),
    "bye-rejected": _fields("player"),
    "bye-assigned": _fields("player", "decided_by", "runner_up"),
    "group-opened": _fields("score", "residents", "floaters"),
    "floater-order": _fields("score", "order"),
    "floater-paired": _with_firsts(_fields("score", "floater", "partner", "opposite"), "rejected", 2),
    "floater-passes": _fields("score", "floater"),
    "requirement-checked": _fields("score", "players", "whites", "blacks", "isolated"),
    "transfer-made": _fields("score", "player", "from_score", "for_player", "sought", "decided_by"),
    "no-transfer": _fields("score", "for_player", "reading"),
    "colour-balance": _fields("score", "moved", "kept"),
    "columns-written": _with_firsts(_with_firsts(_fields("score"), "whites", 1), "blacks", 1),
    "floaters-chosen": _fields("score", "players", "minimum"),
    "pair-made": _with_firsts(_fields("score", "row", "column", "player", "opponent", "how"),
                              "rejected", 2),
    "colour-allocated": _fields("white", "black", "rule", "forced"),
    "group-closed": _fields("score", "pairs", "floaters"),
    "arbiter-decides": _fields("situation", "players", "score"),
    "pairing-published": _fields("boards", "bye"),
    "impossible": _fields("players"),
}


def decision(e: Event) -> dict | None:
    if e.kind not in PROJECTION:
        raise UnclassifiedEvent(
            f"event kind {e.kind!r} ({type(e).__name__}) is not classified in the decision "
            "projection (dubov_explain/rulebooks/dubov1997/decisions.py, PROJECTION)"
        )
    project = PROJECTION[e.kind]
    if project is None:
        return None
    return {"kind": e.kind, "article": e.article, **project(e)}


def decisions(trace: Trace) -> list[dict]:
    return [d for d in (decision(e) for e in trace.events) if d is not None]
