"""A minimum-cost perfect matching by dual ascent, for costs that split into one term per
end depending on the two ends' classes only -- exact where it answers, and it may not.

The pairing engines' optimisations (the Dutch texts' optimum pairing of a bracket, the
Dutch 2012 least B3-factor of D.4) weigh a pair by what each player is and what class
his partner belongs to (a score, a kind of player): few classes, many vertices.  The
weighted blossom algorithm (``weighted.min_cost_perfect_matching``) settles any cost
but costs O(n^3) Python steps; this shortcut settles the common cases in about the time
of one cardinality matching, and says None where it cannot, so the caller falls back."""

from __future__ import annotations

from .cardinality import has_perfect_matching


def ascended_matching(vertices: list, compatible, term, klass):
    """A minimum-cost perfect matching of ``vertices`` (a symmetric mate dict), where the
    cost of a pair ``u``-``v`` is ``term(u, v) + term(v, u)`` and ``term(u, v)`` depends on
    the two ends' classes only (``klass(u)``, ``klass(v)``); or None when this shortcut does not settle it (no
    perfect matching, or none of the tight pairs it reaches).

    Any numbers ``y`` with ``y[u] + y[v] <= cost(u, v)`` for every compatible pair bound
    every perfect matching from below by their sum (each vertex is in one pair); a
    perfect matching of pairs with ``y[u] + y[v] == cost(u, v)`` costs that sum, so it
    is a minimum (and whatever the cost encodes digit by digit is the same in every
    minimum).  Each vertex's cheapest term with a compatible partner gives such numbers;
    each vertex in turn is raised to the most the pairs through it allow,
    ``min(cost(u, v) - y[v])`` over its compatible partners (found exactly: within a
    class of partners ``term(v, u)`` is one number, so the partner with the largest
    ``y`` compatible with ``u``), which keeps every pair's inequality.  Where the
    cheapest terms put a cost on the partner (vertices that may only meet one class,
    whose members then pay), the raised numbers charge it to the vertex itself, and the
    pairs that are tight then have a perfect matching.  ``tests/test_dutch2017_optimum.py``
    and ``tests/test_dutch2012_least_b3.py`` check the matchings found against the
    weighted algorithm's minimum."""
    by_class: dict = {}
    for v in vertices:
        by_class.setdefault(klass(v), []).append(v)
    heads = {c: vs[0] for c, vs in by_class.items()}
    y = {}
    for u in vertices:
        y[u] = min((term(u, h) for c, h in heads.items()
                    if any(v != u and compatible(u, v) for v in by_class[c])), default=None)
        if y[u] is None:
            return None  # a vertex with no partner: no perfect matching at all
    # each class's vertices by their number, highest first (kept so as y rises)
    order = {c: sorted(vs, key=lambda v: -y[v]) for c, vs in by_class.items()}
    for u in vertices:
        ku = klass(u)
        best = None
        for c, vs in order.items():
            if vs == [u]:
                continue
            base = term(u, heads[c]) + term(heads[c], u)
            if best is not None and base - y[vs[0]] >= best:
                continue
            for v in vs:
                if v != u and compatible(u, v):
                    x = base - y[v]
                    if best is None or x < best:
                        best = x
                    break
        if best is not None and best > y[u]:
            y[u] = best
            vs = order[ku]
            vs.remove(u)
            i = 0
            while i < len(vs) and y[vs[i]] >= best:
                i += 1
            vs.insert(i, u)

    def tight(u, v):
        return compatible(u, v) and term(u, v) + term(v, u) == y[u] + y[v]

    return has_perfect_matching(vertices, tight)

