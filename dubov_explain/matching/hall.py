"""Hall certificates: a proof, kept and reused, that a bipartite matching question has no
complete answer.

A search that asks "can every vertex of ``left`` be matched into ``right``?" for many splits
of one graph (the Dutch texts' exchanges of S1 and S2 move a few players at a time) finds
the same obstacle again and again.  Hall's theorem names it: a set A of ``left`` whose
neighbours in ``right`` are fewer than A.  When a maximum matching leaves a vertex of
``left`` unmatched, the vertices of ``left`` reached from it by alternating paths (an edge,
then the matching back) are such a set (Konig): each neighbour reached is matched, the
matching being maximum, and matched to one of them.  Kept as (A, N), N every neighbour of
A in the whole graph, it refutes any later split whose ``left`` holds A and whose ``right``
holds fewer than |A| of N -- without a matching.

A certificate only ever answers "no complete matching", which the matching would have
answered; "not refuted" says nothing, and the caller asks the matching then.
"""

from __future__ import annotations

from typing import Mapping, Sequence

#: the certificates kept by default (the latest found, and the latest used, first)
KEPT = 16


class HallCertificates:
    """The certificates found so far for one graph, the latest first (at most ``keep``):
    pairs (A, N) of frozensets.  ``near[v]`` (given to ``learn``): every neighbour of v in
    the graph, as a set."""

    __slots__ = ("kept", "keep")

    def __init__(self, keep: int = KEPT) -> None:
        self.kept: list[tuple[frozenset, frozenset]] = []
        self.keep = keep

    def __len__(self) -> int:
        return len(self.kept)

    def refuted(self, left: Sequence[int], right: Sequence[int]) -> bool:
        """True when a kept certificate proves that ``left`` cannot all be matched into
        ``right``: a set A within ``left`` with fewer than |A| neighbours in ``right``.
        The certificate used moves to the front (splits asked one after another are
        alike, so the one that refuted the last often refutes the next)."""
        kept = self.kept
        if not kept:
            return False
        one, two = set(left), set(right)
        for k, (a, n) in enumerate(kept):
            if a <= one and len(n & two) < len(a):
                if k:
                    kept.insert(0, kept.pop(k))
                return True
        return False

    def learn(self, left: Sequence[int], right: Sequence[int], m: Mapping[int, int],
              near: Mapping[int, set]) -> None:
        """Keep the certificate that ``m``, a maximum matching of ``left`` into ``right``
        leaving some of ``left`` unmatched, gives: the vertices of ``left`` reached from the
        first unmatched one by alternating paths, with their neighbours (``near``)."""
        two = set(right)
        back = {w: u for u, w in m.items()}
        root = next(u for u in left if u not in m)
        reached, seen, queue = {root}, set(), [root]
        for x in queue:
            for w in near[x] & two:
                if w not in seen:
                    seen.add(w)
                    y = back[w]
                    if y not in reached:
                        reached.add(y)
                        queue.append(y)
        a = frozenset(reached)
        self.kept.insert(0, (a, frozenset().union(*(near[x] for x in a))))
        del self.kept[self.keep:]


class SplitMatchings:
    """Whether each of many splits of one small graph has a complete matching, in bitmasks:
    the vertices are positions 0..n-1, ``adj[i]`` the positions adjacent to i (never i),
    a split two disjoint masks ``one`` and ``two``; the question, whether every vertex of
    ``one`` can be matched with a distinct vertex of ``two``.

    The same answers as a maximum matching of each split would give (and no other kind),
    faster where the splits come one after another and differ in a few vertices (the
    Dutch texts' exchanges of S1 and S2): first the kept Hall certificates (above, as
    masks: a set A within ``one`` whose neighbours in ``two`` are fewer than A), then
    Kuhn's algorithm from the last split's matching, its pairs still inside the split
    kept.  A vertex of ``one`` left without an augmenting path proves the answer no
    (Konig: the vertices of ``one`` reached from it by alternating paths have as
    neighbours in ``two`` only the vertices reached, each matched to one of them, so
    one fewer than they are), and that set becomes a certificate, its neighbours taken in
    the whole graph (so it refutes any later split that holds it in ``one`` with fewer of
    them in ``two``)."""

    __slots__ = ("adj", "kept", "keep", "back")

    def __init__(self, adj: Sequence[int], keep: int = 64) -> None:
        self.adj = list(adj)
        self.kept: list[tuple[int, int, int]] = []  # (A, its neighbours, |A|)
        self.keep = keep
        self.back: dict[int, int] = {}  # the last split's matching: two's vertex -> one's

    def refuted(self, one: int, two: int) -> bool:
        """True when a kept certificate proves that ``one`` cannot all be matched into
        ``two`` (False says nothing).  The certificate used moves to the front."""
        kept = self.kept
        no = ~one
        for k, (a, near, size) in enumerate(kept):
            if not a & no and (near & two).bit_count() < size:
                if k:
                    kept.insert(0, kept.pop(k))
                return True
        return False

    def matchable(self, one: int, two: int, asked: bool = False) -> bool:
        """Whether every vertex of ``one`` can be matched into ``two`` (``asked``: the
        caller has just asked :meth:`refuted`, which said False)."""
        if not asked and self.refuted(one, two):
            return False
        kept = self.kept
        adj = self.adj
        back = {w: u for w, u in self.back.items() if two >> w & 1 and one >> u & 1}
        self.back = back
        matched = 0
        for u in back.values():
            matched |= 1 << u
        todo = one & ~matched
        while todo:
            low = todo & -todo
            todo ^= low
            root = low.bit_length() - 1
            seen = 0  # the vertices of ``two`` reached from ``root``
            # an iterative depth-first search for an augmenting path: a stack of
            # (vertex of ``one``, its neighbours in ``two`` not yet tried)
            stack = [(root, adj[root] & two)]
            path: list[int] = []  # the vertex of ``two`` taken at each level
            found = False
            while stack:
                u, rest = stack[-1]
                rest &= ~seen
                if not rest:
                    stack.pop()
                    if path:
                        path.pop()
                    continue
                low = rest & -rest
                stack[-1] = (u, rest ^ low)
                seen |= low
                w = low.bit_length() - 1
                x = back.get(w)
                path.append(w)
                if x is None:
                    found = True
                    break
                stack.append((x, adj[x] & two))
            if not found:
                reached = 1 << root
                near = adj[root]
                s = seen
                while s:
                    low = s & -s
                    s ^= low
                    x = back[low.bit_length() - 1]
                    reached |= 1 << x
                    near |= adj[x]
                kept.insert(0, (reached, near, reached.bit_count()))
                del kept[self.keep:]
                return False
            # flip the path: the vertex of ``one`` at each level takes its level's vertex
            for (u, _), w in zip(stack, path):
                back[w] = u
        return True
