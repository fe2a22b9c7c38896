"""Maximum cardinality bipartite matching on an implicit graph.

Greedy start, then one breadth-first augmenting-path search per free left vertex
(Kuhn's algorithm with BFS).  See the package docstring for complexity and the
dense-graph tricks (shrinking pool of unvisited right vertices, probing free right
vertices first, deleting frustrated trees).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from ._common import CompatibleLike, as_callable, as_set, index_vertices

_PROBE = 32


def bipartite_max_matching(
    left: Sequence[int],
    right: Sequence[int],
    compatible: CompatibleLike,
    initial: Mapping[int, int] | None = None,
    trusted: bool = False,
    neighbours: Mapping[int, Container[int]] | None = None,
    target: int | None = None,
    enough: int | None = None,
    cover: list | None = None,
) -> dict[int, int]:
    """Maximum matching between ``left`` and ``right``, as a ``{left: right}`` dict.

    ``compatible(l, r)`` is always called with the left vertex first, so the two sides
    may reuse the same ints.  ``initial`` (``{left: right}``) is an optional warm start;
    pairs not in ``left`` x ``right``, clashing, or incompatible are dropped
    (``trusted``: the caller knows every pair of ``initial`` compatible, as when it is an
    earlier answer for the same ``compatible``; only membership and clashes are checked;
    and ``left`` is not checked for duplicates).
    Keys of the result follow the order of ``left``.

    ``neighbours`` (optional) gives, for every left vertex, a container of the right
    vertices compatible with it, and is then asked instead of ``compatible`` (the same
    answers, read without a call per pair: the result is the same).

    ``target`` (optional): the size of a vertex cover of the graph, known to the caller
    (:func:`konig_cover`).  No matching is larger than a cover, so once the matching
    reaches it the matching is maximum and the search stops there (sparing the searches
    from the other free left vertices, which could only fail).

    ``enough`` (optional) asks only whether a matching of that many pairs exists: the
    search stops as soon as the matching reaches it, or as soon as more left vertices than
    ``len(left) - enough`` have failed their search (a left vertex with no augmenting path
    at its turn has none later, so the maximum leaves each of them unmatched).  The result
    is then a matching, not necessarily maximum, that has ``enough`` pairs exactly when
    some matching has.

    ``cover`` (optional, a list): when the search ran from every free left vertex (it did
    not stop at ``target``, at ``enough`` or with every right vertex matched), the cover
    :func:`konig_cover` would read off the result is appended to it, read off the searches
    instead: the vertices reachable from the free left vertices by alternating paths are
    those of the failed searches' trees (each tree is closed: every neighbour of its left
    vertices was in it or in an earlier tree, and no later augmenting path enters a tree,
    so its pairs stay), without a pass over the graph.  Otherwise nothing is appended.
    """
    left = list(left)
    right = list(right)
    if neighbours is not None:
        def comp(u, w, nb=neighbours):
            return w in nb[u]
    else:
        comp = as_callable(compatible)
    if not trusted:  # (a trusted caller's sides are its own lists of distinct players)
        index_vertices(left, "left")
    rpos = index_vertices(right, "right")
    nl, nr = len(left), len(right)
    mate_l = [-1] * nl
    mate_r = [-1] * nr

    if initial:
        get = initial.get
        for i, u in enumerate(left):
            w = get(u)
            if w is None:
                continue
            j = rpos.get(w)
            if j is None or mate_r[j] >= 0:
                continue
            if trusted or comp(u, w):
                mate_l[i] = j
                mate_r[j] = i

    # Greedy: each free left vertex takes the first free compatible right vertex.
    free_r = [j for j in range(nr) if mate_r[j] < 0]
    for i in range(nl):
        if mate_l[i] >= 0 or not free_r:
            continue
        u = left[i]
        for k, j in enumerate(free_r):
            if comp(u, right[j]):
                mate_l[i] = j
                mate_r[j] = i
                del free_r[k]
                break

    alive_r = list(range(nr))
    dead_r = [False] * nr
    reached_l: list[int] = []  # the left vertices of the failed searches' trees
    every_root = True  # whether the search runs from every free left vertex
    size = nr - len(free_r)  # pairs matched (each matched right vertex is one)
    if enough is not None:
        failures_left = nl - enough  # failed searches the matching can still afford
    for root in range(nl):
        if mate_l[root] >= 0:
            continue
        if not free_r:
            every_root = False
            break  # every right vertex is matched: nothing left to gain
        if size == target:
            every_root = False
            break  # as large as a cover: maximum
        if enough is not None and (size >= enough or failures_left < 0):
            every_root = False
            break  # the question is answered
        seen = [False] * nr
        parent = [-1] * nr  # right vertex -> left vertex that reached it
        queue = [root]
        probe = free_r[:_PROBE]
        pool = alive_r
        end = -1
        qi = 0
        while qi < len(queue) and end < 0:
            x = queue[qi]
            qi += 1
            ux = left[x]
            newpool = []
            keep = newpool.append
            near = as_set(neighbours[ux]) if neighbours is not None else None
            for j in pool:
                if seen[j]:
                    continue
                if not (right[j] in near if near is not None else comp(ux, right[j])):
                    keep(j)
                    continue
                seen[j] = True
                parent[j] = x
                y = mate_r[j]
                if y < 0:
                    end = j
                    break
                queue.append(y)
                uy = left[y]
                for f in probe:
                    if not seen[f] and comp(uy, right[f]):
                        seen[f] = True
                        parent[f] = y
                        end = f
                        break
                if end >= 0:
                    break
            pool = newpool
        if end >= 0:
            j = end
            while j >= 0:
                i = parent[j]
                nxt = mate_l[i]
                mate_l[i] = j
                mate_r[j] = i
                j = nxt
            free_r = [f for f in free_r if mate_r[f] < 0]
            size += 1
            continue
        if enough is not None:
            failures_left -= 1
        # Frustrated tree: its right vertices can never lie on an augmenting path
        # again (its left vertices are only reachable through them).
        for j in range(nr):
            if seen[j]:
                dead_r[j] = True
        alive_r = [j for j in alive_r if not dead_r[j]]
        if cover is not None:
            reached_l += queue

    if cover is not None and every_root:
        z = frozenset(left[i] for i in reached_l)
        cover.append((frozenset(u for u in left if u not in z),
                      frozenset(right[j] for j in range(nr) if dead_r[j])))
    return {left[i]: right[j] for i, j in enumerate(mate_l) if j >= 0}


def konig_cover(
    left: Sequence[int],
    right: Sequence[int],
    compatible: CompatibleLike,
    mate: Mapping[int, int],
    neighbours: Mapping[int, Container[int]] | None = None,
) -> tuple[frozenset, frozenset]:
    """A minimum vertex cover ``(left part, right part)`` of the graph, from ``mate``, a
    maximum matching of it (``{left: right}``, as :func:`bipartite_max_matching` gives).

    Konig's construction: ``Z`` the vertices reachable from the free left vertices by
    alternating paths (an edge to the right, the matching's edge back to the left); the
    cover is the left vertices outside ``Z`` and the right vertices in ``Z``.  Every edge
    is covered (an edge from a left vertex of ``Z`` reaches a right vertex of ``Z``), and
    each matched edge has exactly one end in it (no right vertex of ``Z`` is free, the
    matching being maximum), so its size is the matching's: a proof that the matching is
    maximum, and a cover of any graph on fewer vertices with the same edges."""
    comp = as_callable(compatible) if neighbours is None else None
    back = {w: u for u, w in mate.items()}
    reached_l = [u for u in left if u not in mate]
    reached_r = []
    unseen = list(right)
    i = 0
    while i < len(reached_l) and unseen:
        u = reached_l[i]
        i += 1
        kept = []
        nb = None if neighbours is None else as_set(neighbours[u])  # (read once per pass)
        for w in unseen:
            if (w in nb) if nb is not None else comp(u, w):
                if w not in back:
                    raise ValueError("konig_cover: the matching is not maximum")
                reached_r.append(w)
                reached_l.append(back[w])
            else:
                kept.append(w)
        unseen = kept
    z = frozenset(reached_l)
    return frozenset(u for u in left if u not in z), frozenset(reached_r)
