"""Graph matching oracles: pure graph algorithms, no chess knowledge.

A pairing engine asks two kinds of questions: *can* these vertices be paired
completely (feasibility, asked very often, on graphs of up to ~2000 vertices), and
*which* complete pairing is cheapest (optimisation, asked rarely, on brackets of at
most a few hundred vertices).  This package answers both.

Graph representation
--------------------
Vertices are arbitrary ints given as a sequence; their order is the only order the
algorithms ever iterate in, which makes every result deterministic (same input, same
dict, byte for byte).  Edges are implicit: ``compatible(u, v) -> bool`` must be
symmetric and is never called with ``u == v``.  An adjacency mapping
``{u: iterable of neighbours}`` is accepted instead (symmetrised).  The intended
graphs are *dense* - almost all pairs compatible, incompatibilities being sparse lists
plus a couple of cliques - so nothing ever materialises the edge set, except the
weighted optimiser.

All matchings are returned as symmetric mate dicts (``m[u] == v`` and ``m[v] == u``,
matched vertices only, keys in vertex order); the bipartite one as ``{left: right}``.

Algorithms and complexity (n vertices, C = cost of one ``compatible`` call)
--------------------------------------------------------------------------
``max_matching`` / ``has_perfect_matching`` / ``perfect_matching_excluding``:
    Edmonds' blossom algorithm, the O(n^3) single-tree BFS formulation (blossoms are
    shrunk by re-basing their vertices; parent pointers are threaded through each
    blossom so augmenting paths unwind through it).  Start: the valid pairs of a warm
    start matching, then a greedy pass (each free vertex takes the first later free
    compatible vertex).  Then one alternating-tree search per remaining free vertex.
    Dense-graph engineering, none of which changes the worst case:

    * each search keeps a *pool* of still-unlabelled vertices, rebuilt from the
      survivors of every scan; vertices inner in the tree are never tested, outer
      vertices only against outer vertices of *other* blossoms.  On a dense graph the
      first scans shrink everything into one blossom, so a search costs O(n) calls
      rather than O(n^2);
    * when the tree grows by a matched pair, the new outer vertex is first tried
      against (up to 32) free vertices, which finds the typical length-3 augmenting
      path after one or two calls;
    * a failed search leaves a frustrated (Hungarian) tree, whose vertices are deleted
      for the rest of the run (Tutte-Berge: a maximum matching of the remainder plus
      the tree's matched edges is maximum); ``has_perfect_matching`` simply stops at
      the first failure, since then some maximum matching misses the root.

    Worst case O(n^3) time / O(n^2) calls of ``compatible``.  Typical dense case:
    about n/2 calls for the greedy pass plus a few per free vertex, i.e. O(n).
    ``perfect_matching_excluding`` reuses a known perfect matching of a superset:
    only the partners of removed vertices become free, so the repair costs one
    validation call per surviving pair plus a handful of short searches.

``bipartite_max_matching``:
    Greedy start plus one BFS augmenting-path search per free left vertex (Kuhn's
    algorithm), with the same pool / probe / frustrated-tree deletion tricks.
    O(|L| * |L| * |R|) worst case, O(|L| + |R|) typical on dense graphs.  Given the
    size of a vertex cover (``target``) it stops when the matching reaches it: no
    matching is larger than a cover, so the failing searches that would otherwise
    prove the maximum are spared.  ``konig_cover`` gives a minimum cover of a graph
    from a maximum matching of it (Konig's theorem: the same size); the search hands
    back the same cover itself (``cover=``) when it ran from every free left vertex:
    the failed searches' trees are the vertices reachable by alternating paths.

``hall.HallCertificates``:
    For many bipartite questions over splits of one graph (the Dutch texts' exchanges):
    a failed maximum matching gives a set of left vertices with too few neighbours
    (Hall, Konig); kept, it answers "no complete matching" for a later split whose left
    side holds the set and whose right side too few of its neighbours, without a search.
    ``hall.SplitMatchings`` asks the same question of a small graph in bitmasks: the kept
    certificates, then Kuhn's search from the last split's matching.

``min_cost_perfect_matching``:
    Materialises the graph (O(n^2) calls of ``compatible`` and ``cost``), rejects
    infeasible instances with the cardinality algorithm above, then runs
    ``networkx.max_weight_matching(maxcardinality=True)`` (Galil's O(n^3) weighted
    blossom algorithm, exact on integers) with weights ``W - cost``.  Every perfect
    matching has n/2 edges, so this minimises total cost.  We do not hand-roll the
    weighted blossom algorithm: its dual bookkeeping is notoriously error-prone, and
    it is only the fallback optimiser for small brackets.

``ascended_matching``:
    For costs that split into one term per end, each depending on the other end's
    *class* only (a score, a kind of player): a dual ascent over the classes, then one
    cardinality matching of the tight pairs.  Exact where it answers (the duals prove
    it); None where it cannot, and the caller falls back to the weighted algorithm.
"""

from .bipartite import bipartite_max_matching, konig_cover
from .cardinality import (
    greedy_matching,
    has_perfect_matching,
    max_matching,
    perfect_matching_excluding,
)
from .dual import ascended_matching
from .weighted import min_cost_perfect_matching

__all__ = [
    "ascended_matching",
    "bipartite_max_matching",
    "greedy_matching",
    "has_perfect_matching",
    "konig_cover",
    "max_matching",
    "min_cost_perfect_matching",
    "perfect_matching_excluding",
]
