"""The decisions of a Dubov 2025 trace, without wording: what golden snapshots compare.

Every event of the trace is projected onto the fields that record *what was decided*
(players, scores, counts, criteria, the article or step that decided), never onto the
fields that say it in words (``explanation``, ``reason``, ``bye_bar``...) nor onto the
facts that only support the reader (the standings table, sort keys, examined counts).
Two traces with the same projection made the same decisions in the same order; a
rewording of the templates or of the prose fields leaves the projection unchanged.

The projection is a contract: a new event kind must be classified here before a trace
that holds it can be projected (:func:`decisions` raises :class:`UnclassifiedEvent`).

>>> from dubov_explain.examples import load_example
>>> from dubov_explain.rulebooks.dubov2025.engine import pair_round
>>> ds = decisions(pair_round(load_example("dubov-example-round4-request.trf")))
>>> ds[-1]
{'kind': 'pairing-published', 'article': 'GHR 3.6', 'boards': [[4, 1], [2, 8], [6, 9]], 'bye': 5}
>>> any(d["kind"] == "standings" for d in ds)
False
"""

from __future__ import annotations

from typing import Any, Callable

from ...trace.events import Event, Trace, plain as _plain


class UnclassifiedEvent(ValueError):
    """An event kind the decision projection does not know: classify it in ``PROJECTION``."""


def _fields(*names: str) -> Callable[[Event], dict]:
    def project(e: Event) -> dict:
        return {n: _plain(getattr(e, n)) for n in names}

    return project


def _firsts(name: str, k: int) -> Callable[[Event], list]:
    """The first ``k`` items of each entry of the tuple field ``name`` (k == 1: the item)."""

    def take(e: Event):
        items = getattr(e, name)
        if k == 1:
            return [_plain(x[0]) for x in items]
        return [_plain(list(x[:k])) for x in items]

    return take


def _with(base: Callable[[Event], dict], **derived: Callable[[Event], Any]):
    def project(e: Event) -> dict:
        d = base(e)
        for n, f in derived.items():
            d[n] = f(e)
        return d

    return project


#: kind -> projection of its decision fields; ``None``: the kind records facts only and
#: is left out (the standings are what the decisions read, not a decision)
PROJECTION: dict[str, Callable[[Event], dict] | None] = {
    "round-opened": _fields("round", "last_round", "to_pair", "absent"),
    "what-if": lambda e: {"pairs": _firsts("pairs", 3)(e)},
    "standings": None,
    "acceleration-applied": lambda e: {
        "players": [[n, v, s] for n, _real, v, s in e.players]},
    "bye-not-needed": _fields("players"),
    "bye-candidates": _with(_fields("order"), ineligible=_firsts("ineligible", 1)),
    "bye-rejected": _fields("player"),
    "bye-assigned": _fields("player", "decided_by", "runner_up"),
    "bracket-opened": _fields("score", "residents", "pool"),
    "minimum-upfloaters": _fields("score", "count"),
    "upfloaters-chosen": _fields("score", "players", "sequence", "criteria", "decided_by"),
    "groups-formed": _fields("score", "mode", "g1", "g2"),
    "shift-needed": _fields("score", "step", "count", "source"),
    "shift": _fields("score", "step", "source", "target", "players", "g1", "g2"),
    "s1-sorted": _with(_fields("score", "g2"), s1=_firsts("s1", 1)),
    "opponent-chosen": _with(_fields("score", "player", "opponent"),
                             rejected=_firsts("rejected", 2)),
    "transposition-chosen": _fields("score", "t2", "index"),
    "colour-allocated": _fields("white", "black", "rule"),
    "bracket-closed": _fields("score", "pairs"),
    "pairing-published": _fields("boards", "bye"),
    "impossible": _fields("players"),
}


def decision(e: Event) -> dict | None:
    """One event's decision: ``{"kind", "article", <fields>}``; ``None`` for a kind that
    records facts only.  An unclassified kind raises :class:`UnclassifiedEvent`."""
    if e.kind not in PROJECTION:
        raise UnclassifiedEvent(
            f"event kind {e.kind!r} ({type(e).__name__}) is not classified in the decision "
            "projection (dubov_explain/rulebooks/dubov2025/decisions.py, PROJECTION): say "
            "which of its fields are decisions, or None if it records facts only"
        )
    project = PROJECTION[e.kind]
    if project is None:
        return None
    return {"kind": e.kind, "article": e.article, **project(e)}


def decisions(trace: Trace) -> list[dict]:
    """The trace's decisions without wording, in event order, as JSON-friendly dicts."""
    out = []
    for e in trace.events:
        d = decision(e)
        if d is not None:
            out.append(d)
    return out
