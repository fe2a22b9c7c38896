"""Maximum cardinality matching in general graphs (Edmonds' blossom algorithm).

The graph is implicit: positions ``0..n-1`` stand for ``vertices[i]`` and an edge is
any pair for which ``compatible`` says yes.  See the package docstring for the
algorithm, its complexity and the tricks that make it cheap on dense graphs.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence

from ._common import CompatibleLike, as_callable, as_set, index_vertices

# When a search grows the tree by a matched pair (w, x), the new outer vertex x is
# first tried against up to this many free vertices.  On dense graphs this finds the
# typical length-3 augmenting path after one or two growth steps instead of after a
# full scan of the root's neighbourhood.  Purely a heuristic: x is scanned in full
# later anyway, so correctness does not depend on it.
_PROBE = 32


def _start(
    vertices: Sequence[int],
    comp: Callable[[int, int], bool],
    initial: Mapping[int, int] | None,
) -> list[int]:
    """Initial mate array: the valid part of ``initial``, extended greedily.

    A pair of ``initial`` is kept when both ends are in ``vertices``, are distinct,
    are still free (first pair in vertex order wins if ``initial`` is inconsistent)
    and are compatible.  The greedy pass then walks the free vertices in order and
    matches each with the next free vertex compatible with it, scanning cyclically
    from where the previous partner was found ("next fit"): a vertex of a block of
    mutually incompatible vertices then does not rescan the whole block.
    """
    n = len(vertices)
    position = index_vertices(vertices)
    mate = [-1] * n
    if initial:
        get = initial.get
        for i, v in enumerate(vertices):
            if mate[i] >= 0:
                continue
            u = get(v)
            if u is None:
                continue
            j = position.get(u)
            if j is None or j == i or mate[j] >= 0:
                continue
            if comp(v, u):
                mate[i] = j
                mate[j] = i
    rest = [i for i in range(n) if mate[i] < 0]
    cursor = 0  # where the previous partner was found ("next fit")
    while rest:
        i = rest[0]
        del rest[0]
        if cursor:
            cursor -= 1
        size = len(rest)
        if cursor >= size:
            cursor = 0
        vi = vertices[i]
        k = cursor
        for _ in range(size):
            j = rest[k]
            if comp(vi, vertices[j]):
                mate[i] = j
                mate[j] = i
                del rest[k]
                cursor = k
                break
            k += 1
            if k == size:
                k = 0
    return mate


def _augment(
    vertices: Sequence[int],
    comp: Callable[[int, int], bool],
    mate: list[int],
    stop_on_failure: bool,
    neighbours: Mapping[int, Container[int]] | None = None,
) -> bool:
    """Augment ``mate`` (in place) until no augmenting path is left.

    Runs one alternating-tree search from every free vertex, in vertex order.  A
    search that finds no augmenting path leaves a *frustrated* (Hungarian) tree; by the
    Tutte-Berge argument its vertices can be deleted for good (a maximum matching of
    the rest plus the tree's matched edges is maximum), so later searches skip them.

    Returns True when every search succeeded, i.e. the final matching covers every
    vertex.  With ``stop_on_failure`` it returns False at the first failed search,
    which for a perfect-matching test is already the answer: a free vertex with no
    augmenting path is left uncovered by some maximum matching, so no perfect
    matching exists.
    """
    n = len(vertices)
    V = vertices
    dead = [False] * n
    alive = list(range(n))
    free = [i for i in range(n) if mate[i] < 0]
    all_ok = True

    for root in list(free):
        if mate[root] >= 0 or dead[root]:
            continue

        label = [0] * n  # 0 unlabelled, 1 outer (even), 2 inner (odd)
        parent = [-1] * n
        base = list(range(n))
        members: dict[int, list[int]] = {}  # base -> vertices, non-trivial blossoms only
        stamp = [0] * n
        tick = 0
        label[root] = 1
        queue = [root]
        outer_bases = [root]
        probe = [f for f in free if f != root][:_PROBE]
        pool = alive  # superset of the unlabelled live vertices; never mutated in place

        def augment_to(x: int) -> None:
            while x >= 0:
                px = parent[x]
                nx = mate[px]
                mate[x] = px
                mate[px] = x
                x = nx

        def contract(a: int, b: int) -> None:
            """Shrink the blossom closed by the outer-outer edge (a, b)."""
            nonlocal tick
            # Lowest common ancestor (as a blossom base) of a and b.
            tick += 1
            t = tick
            x = a
            while True:
                x = base[x]
                stamp[x] = t
                if mate[x] < 0:
                    break
                x = parent[mate[x]]
            y = b
            while True:
                y = base[y]
                if stamp[y] == t:
                    break
                y = parent[mate[y]]
            top = y
            # Mark the bases on both paths and thread parent pointers through them so
            # an augmenting path can later be unwound through the blossom.
            tick += 1
            t = tick
            marked: list[int] = []
            for start, child in ((a, b), (b, a)):
                x = start
                while base[x] != top:
                    bx = base[x]
                    if stamp[bx] != t:
                        stamp[bx] = t
                        marked.append(bx)
                    m = mate[x]
                    bm = base[m]
                    if stamp[bm] != t:
                        stamp[bm] = t
                        marked.append(bm)
                    parent[x] = child
                    child = m
                    x = parent[m]
            into = members.get(top)
            if into is None:
                into = members[top] = [top]
            for bx in marked:
                if bx == top:
                    continue
                moved = members.pop(bx, None) or [bx]
                for x in moved:
                    base[x] = top
                    if label[x] != 1:
                        label[x] = 1
                        queue.append(x)
                into.extend(moved)

        found = False
        qi = 0
        while qi < len(queue) and not found:
            v = queue[qi]
            qi += 1
            vv = V[v]
            # 1. Unlabelled vertices: grow the tree, or augment on reaching a free one.
            newpool = []
            keep = newpool.append
            near = as_set(neighbours[vv]) if neighbours is not None else None
            for to in pool:
                if label[to]:
                    continue
                if not (V[to] in near if near is not None else comp(vv, V[to])):
                    keep(to)
                    continue
                parent[to] = v
                m = mate[to]
                if m < 0:
                    augment_to(to)
                    found = True
                    break
                label[to] = 2
                label[m] = 1
                queue.append(m)
                outer_bases.append(m)
                vm = V[m]
                for f in probe:
                    if comp(vm, V[f]):
                        parent[f] = m
                        augment_to(f)
                        found = True
                        break
                if found:
                    break
            if found:
                break
            pool = newpool
            # 2. Outer vertices of other blossoms: an edge to one closes a blossom.
            outer_bases = [b for b in outer_bases if base[b] == b]
            for b in outer_bases:
                if base[b] == base[v]:
                    continue
                ms = members.get(b)
                if ms is None:
                    if comp(vv, V[b]):
                        contract(v, b)
                    continue
                for x in ms:
                    if base[x] != base[v] and comp(vv, V[x]):
                        contract(v, x)

        if found:
            free = [f for f in free if mate[f] < 0]
            continue
        all_ok = False
        if stop_on_failure:
            return False
        for x in range(n):
            if label[x]:
                dead[x] = True
        alive = [x for x in alive if not dead[x]]
        free = [f for f in free if not dead[f]]
    return all_ok


def _as_dict(vertices: Sequence[int], mate: list[int]) -> dict[int, int]:
    return {v: vertices[m] for v, m in zip(vertices, mate) if m >= 0}


def greedy_matching(
    vertices: Sequence[int],
    compatible: CompatibleLike,
    initial: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """The start of :func:`max_matching` alone: the valid pairs of ``initial``, then the
    greedy pass.  A matching, not always a maximum one; but one of ``len(vertices) // 2``
    pairs is (no matching has more), and otherwise it is a warm start for
    :func:`max_matching` (the same maximum's size from any start).  Same mate dict."""
    vertices = list(vertices)
    return _as_dict(vertices, _start(vertices, as_callable(compatible), initial))


def max_matching(
    vertices: Sequence[int],
    compatible: CompatibleLike,
    initial: Mapping[int, int] | None = None,
    neighbours: Mapping[int, Container[int]] | None = None,
) -> dict[int, int]:
    """Maximum cardinality matching of the graph on ``vertices``.

    ``compatible`` is a symmetric predicate ``(u, v) -> bool`` (or an adjacency
    mapping).  ``initial`` is an optional warm start: a matching, possibly on other
    vertices; pairs outside ``vertices`` or no longer compatible are dropped.
    ``neighbours`` (optional) gives, for every vertex, a container holding the vertices
    compatible with it (it may hold others not in ``vertices``); the search then reads
    it instead of calling ``compatible`` per pair (the same answers: the same result).

    Returns a symmetric mate dict (``m[u] == v`` and ``m[v] == u``) holding only
    matched vertices, with keys in the order of ``vertices``.
    """
    vertices = list(vertices)
    if neighbours is not None:
        def comp(u, v, nb=neighbours):
            return v in nb[u]
    else:
        comp = as_callable(compatible)
    mate = _start(vertices, comp, initial)
    _augment(vertices, comp, mate, stop_on_failure=False, neighbours=neighbours)
    return _as_dict(vertices, mate)


def has_perfect_matching(
    vertices: Sequence[int],
    compatible: CompatibleLike,
    initial: Mapping[int, int] | None = None,
) -> dict[int, int] | None:
    """A perfect matching of ``vertices`` (symmetric mate dict), or None if none exists.

    Same arguments as :func:`max_matching`.  Stops at the first free vertex from which
    no augmenting path exists, so infeasible instances are usually rejected after a
    single search.
    """
    vertices = list(vertices)
    if len(vertices) % 2:
        index_vertices(vertices)  # still reject duplicates consistently
        return None
    comp = as_callable(compatible)
    mate = _start(vertices, comp, initial)
    if not _augment(vertices, comp, mate, stop_on_failure=True):
        return None
    return _as_dict(vertices, mate)


def perfect_matching_excluding(
    vertices: Sequence[int],
    compatible: CompatibleLike,
    base: Mapping[int, int],
    removed: set[int] | frozenset[int],
) -> dict[int, int] | None:
    """Perfect matching of ``vertices`` minus ``removed``, repairing ``base``.

    ``base`` is a known matching (normally perfect) of ``vertices`` or of a superset.
    Its pairs that survive the removal are kept (after a compatibility check), the
    partners freed by the removal are first matched greedily among themselves and then
    by augmenting paths - typically a handful of short searches instead of a full
    matching from scratch.  Returns None when no perfect matching exists.
    """
    remaining = [v for v in vertices if v not in removed]
    return has_perfect_matching(remaining, compatible, initial=base)
