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
