"""The decisions of a trace, without wording: what golden snapshots compare, for every
rulebook.

Every event of a trace is projected onto the fields that record *what was decided*
(players, scores, counts, criteria, the article or step that decided), never onto the
fields that say it in words nor onto the facts that only support the reader (the
standings table, sort keys, examined counts).  Two traces with the same projection made the
same decisions in the same order; a rewording leaves the projection unchanged.

Which fields of which kind are decisions is the rulebook's: its ``decisions.py`` builds a
:class:`Projection` of its kinds with the helpers here (:func:`fields`, :func:`firsts`,
:func:`with_`) and :data:`COMMON` (the kinds every trace has).  The projection is a
contract: a new event kind must be classified before a trace that holds it can be
projected (:meth:`Projection.decisions` raises :class:`UnclassifiedEvent`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..trace.events import Event, Trace, plain


class UnclassifiedEvent(ValueError):
    """An event kind the decision projection does not know: classify it in the rulebook's
    ``PROJECTION``."""


def fields(*names: str) -> Callable[[Event], dict]:
    """The event's fields ``names``, as JSON-friendly values."""

    def project(e: Event) -> dict:
        return {n: plain(getattr(e, n)) for n in names}

    return project


def firsts(name: str, k: int) -> Callable[[Event], list]:
    """The first ``k`` items of each entry of the tuple field ``name`` (k == 1: the item)."""

    def take(e: Event):
        items = getattr(e, name)
        if k == 1:
            return [plain(x[0]) for x in items]
        return [plain(list(x[:k])) for x in items]

    return take


def with_(base: Callable[[Event], dict], **derived: Callable[[Event], Any]):
    """``base``'s projection, then each of ``derived`` under its name."""

    def project(e: Event) -> dict:
        d = base(e)
        for n, f in derived.items():
            d[n] = f(e)
        return d

    return project


#: the kinds every rulebook's trace holds: the header, a what-if run's forced pairs, the
#: standings (facts only: what the decisions read, not a decision), the acceleration's
#: virtual points, the published pairing, no pairing
COMMON: dict[str, Callable[[Event], dict] | None] = {
    "round-opened": fields("round", "last_round", "to_pair", "absent"),
    "what-if": with_(fields(), pairs=firsts("pairs", 3)),
    "standings": None,
    "acceleration-applied": lambda e: {
        "players": [[n, v, s] for n, _real, v, s in e.players]},
    "pairing-published": fields("boards", "bye"),
    "impossible": fields("players"),
}


class Projection(dict):
    """kind -> projection of its decision fields (``None``: the kind records facts only and
    is left out), for the rulebook whose ``decisions.py`` is ``where``."""

    def __init__(self, where: str, kinds: Mapping[str, Callable[[Event], dict] | None]):
        super().__init__(kinds)
        self.where = where

    def decision(self, e: Event) -> dict | None:
        """One event's decision: ``{"kind", "article", <fields>}``; ``None`` for a kind that
        records facts only.  An unclassified kind raises :class:`UnclassifiedEvent`."""
        if e.kind not in self:
            raise UnclassifiedEvent(
                f"event kind {e.kind!r} ({type(e).__name__}) is not classified in the decision "
                f"projection ({self.where}, PROJECTION): say which of its fields are "
                "decisions, or None if it records facts only"
            )
        project = self[e.kind]
        if project is None:
            return None
        return {"kind": e.kind, "article": e.article, **project(e)}

    def decisions(self, trace: Trace) -> list[dict]:
        """The trace's decisions without wording, in event order, as JSON-friendly dicts."""
        return [d for d in map(self.decision, trace.events) if d is not None]
