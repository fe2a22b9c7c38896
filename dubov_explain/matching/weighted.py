"""Exact minimum-cost perfect matching, delegated to networkx.

networkx's ``max_weight_matching`` is a port of Van Rantwijk's implementation of
Galil's O(V^3) weighted blossom algorithm; with ``maxcardinality=True`` it maximises
weight among maximum-cardinality matchings, and with integer weights it uses integer
arithmetic only, so the optimum is exact.  Hand-rolling the weighted blossom
algorithm (dual updates, blossom expansion) is a well-known source of subtle bugs, and
this optimiser only runs on small graphs, so we do not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ._common import CompatibleLike, as_callable, index_vertices
from .cardinality import has_perfect_matching


def min_cost_perfect_matching(
    vertices: Sequence[int],
    compatible: CompatibleLike,
    cost: Callable[[int, int], int],
) -> tuple[int, dict[int, int]] | None:
    """Perfect matching of ``vertices`` minimising the total edge cost.

    ``cost(u, v)`` must return a non-negative int for every compatible pair; it is
    called once per compatible pair, with ``u`` before ``v`` in ``vertices`` order.
    Returns ``(total_cost, mate)`` with ``mate`` a symmetric dict keyed in vertex
    order, or None when no perfect matching exists.

    Each perfect matching has exactly n/2 edges, so maximising the sum of
    ``W - cost`` (``W`` = max cost + 1, making every weight positive) over
    maximum-cardinality matchings minimises the total cost.
    """
    vertices = list(vertices)
    index_vertices(vertices)
    n = len(vertices)
    if n % 2:
        return None
    if n == 0:
        return 0, {}
    comp = as_callable(compatible)

    edges: list[tuple[int, int, int]] = []
    adjacency: dict[int, list[int]] = {v: [] for v in vertices}
    max_cost = 0
    for i, u in enumerate(vertices):
        nbrs = adjacency[u]
        for v in vertices[i + 1 :]:
            if comp(u, v):
                c = cost(u, v)
                if type(c) is not int:
                    if isinstance(c, int) and not isinstance(c, bool):
                        c = int(c)
                    else:
                        raise TypeError(f"cost({u!r}, {v!r}) = {c!r} is not an int")
                if c < 0:
                    raise ValueError(f"cost({u!r}, {v!r}) = {c} is negative")
                edges.append((u, v, c))
                nbrs.append(v)
                adjacency[v].append(u)
                if c > max_cost:
                    max_cost = c

    # Cheap exact feasibility test first: the weighted algorithm is far slower and
    # infeasible brackets are common callers' questions.
    if has_perfect_matching(vertices, adjacency) is None:
        return None

    import networkx as nx  # only here: importing it costs more than most rounds

    w_top = max_cost + 1
    graph = nx.Graph()
    graph.add_nodes_from(vertices)
    graph.add_weighted_edges_from((u, v, w_top - c) for u, v, c in edges)
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    partner: dict[int, int] = {}
    for u, v in pairs:
        partner[u] = v
        partner[v] = u
    if len(partner) != n:  # cannot happen once feasibility is established
        return None
    cost_of = {(u, v): c for u, v, c in edges}
    position = {v: i for i, v in enumerate(vertices)}
    total = 0
    for u in vertices:
        v = partner[u]
        if position[u] < position[v]:
            total += cost_of[(u, v)]
    return total, {u: partner[u] for u in vertices}
