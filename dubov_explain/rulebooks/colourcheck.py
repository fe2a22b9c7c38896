"""The colour findings of ``check`` that every rulebook shares: for each published board
whose colours are known, the colours the rulebook's own allocation gives that pair, when
they are the other way round.

Only real allocations are read: the engine's own trace for a pair it made itself, else the
trace of the procedure walked along the published pairing (every published pair forced),
where the allocation of a pair reads only the two players.  A pair neither trace allocated
(the walk failed) is not judged.
"""

from __future__ import annotations

from typing import Iterable

from ..trace.events import Trace
from .base import Departure

#: the kind of every rulebook's colour-allocation event (``.white``, ``.black``, ``.rule``:
#: the rule that decided, ``.article``: the article that allocates)
ALLOCATED = "colour-allocated"


def colour_departures(pub, traces: Iterable[Trace | None]) -> list[Departure]:
    """The published pairs whose colours the rulebook allocates the other way, read from
    ``traces`` in the order they are believed (the engine's own first)."""
    alloc: dict[frozenset[int], object] = {}
    for trace in traces:
        if trace is None:
            continue
        for e in trace.events:
            if e.kind == ALLOCATED:
                alloc.setdefault(frozenset((e.white, e.black)), e)
    out = []
    for pr in pub.pairs:
        if not pr.colours_known:
            continue
        e = alloc.get(frozenset((pr.white, pr.black)))
        if e is None or (e.white, e.black) == (pr.white, pr.black):
            continue
        out.append(Departure("colour", e.article, e.rule, False, False, None,
                             ((e.white, e.black),), ((pr.white, pr.black),), "colour",
                             {"event": e}))
    return out
