"""2.2.5-2.2.6 with 4.4: S1 sorted, and the first transposition of G2 that pairs legally."""

from __future__ import annotations

from ... import matching
from . import events as ev
from . import order
from .events import fmt


class TranspositionSteps:
    """2.2.5-2.2.6: the states that sort S1 and choose T2 (a part of the engine)."""

    def sort_s1(self):
        b = self.bracket
        b.s1 = sorted(b.g1, key=lambda n: (self.p(n).aro, self.rank(n)))
        b.g2 = sorted(b.g2, key=self.rank)
        self.emit(
            ev.S1Sorted(
                article="2.2.5", score=fmt(b.score),
                s1=tuple((n, self.p(n).aro, self.rank(n)) for n in b.s1), g2=tuple(b.g2),
            )
        )
        return self.transpose

    def transpose(self):
        b = self.bracket
        compat = self.compat
        S1, G2 = b.s1, b.g2
        m = matching.bipartite_max_matching(S1, G2, compat)
        assert len(m) == len(S1), "the shifts guarantee a legal pairing of S1 with G2"
        mate_of = {v: k for k, v in m.items()}  # G2 player -> his S1 partner in m
        used: set[int] = set()
        t2: list[int] = []
        for i, s in enumerate(S1):
            rejected = []
            taken = None
            reach: dict[int, int] | None = None
            for c in G2:
                if c in used:
                    continue
                why = compat.reason(s, c)
                if why is not None:
                    rejected.append((c, why[0], why[1]))  # (player, criterion, facts)
                    continue
                holder = mate_of.get(c)
                if c != m.get(s) and holder is not None:
                    # c is held by a later S1 player: s-c leaves the rest pairable iff he
                    # reaches a free G2 player by an alternating path of m
                    if reach is None:
                        reach = _Reach(S1[i + 1:], G2, used, s, m, mate_of, compat)
                    if not reach.reaches(holder):
                        # with s-c the rest of S1 could not be paired
                        rejected.append((c, "2.2.6", {}))
                        continue
                    _augment(holder, reach.nxt, m, mate_of)
                old = m.pop(s)
                if mate_of.get(old) == s:
                    del mate_of[old]
                m[s] = c
                mate_of[c] = s
                taken = c
                break
            assert taken is not None
            used.add(taken)
            t2.append(taken)
            self.emit(
                ev.OpponentChosen(
                    article="2.2.6", score=fmt(b.score), s1_index=i + 1, player=s,
                    opponent=taken, rejected=tuple(rejected),
                )
            )
        b.t2 = t2
        idx = order.transposition_index(G2, t2)
        self.emit(
            ev.TranspositionChosen(
                article="4.4", score=fmt(b.score), t2=tuple(t2), index=str(idx),
                skipped=str(idx - 1),
            )
        )
        return self.allocate_colours


class _Reach:
    """The players of ``rest`` (S1 after s) from whom an alternating path of the matching
    ``m`` leads to a G2 player left free once s is placed (his own partner, or one
    nobody in ``rest`` holds); ``nxt`` maps each to the first G2 player of his path.

    With s paired to c, c's holder h must be re-paired: the rest of S1 can still be
    paired with the rest of G2 exactly when an augmenting path starts at h (Berge), i.e.
    when h is reached.  One breadth-first search from the free G2 players, backwards
    along alternating paths, answers it for every candidate c of s; it is grown only as
    far as the candidates asked about need (and run to its end for a "no").
    """

    def __init__(self, rest, G2, used, s, m, mate_of, compat):
        self.frontier = [g for g in G2 if g not in used and mate_of.get(g, s) == s]
        self.pool = list(rest)
        self.nxt: dict[int, int] = {}
        self.qi = 0
        self.m = m
        self.compat = compat

    def reaches(self, x: int) -> bool:
        nxt, m, compat, frontier = self.nxt, self.m, self.compat, self.frontier
        while x not in nxt and self.qi < len(frontier) and self.pool:
            y = frontier[self.qi]
            self.qi += 1
            keep = []
            for z in self.pool:
                if m[z] != y and compat(z, y):
                    nxt[z] = y
                    frontier.append(m[z])
                else:
                    keep.append(z)
            self.pool = keep
        return x in nxt


def _augment(x: int, nxt: dict[int, int], m: dict[int, int], mate_of: dict[int, int]) -> None:
    """Re-pair x along his path of :class:`_Reach`: each player on it takes
    the next G2 player, whose holder moves on in turn, until a free one is taken (free,
    or held by s, who is being placed)."""
    while True:
        y = nxt[x]
        prev = mate_of.get(y)
        m[x] = y
        mate_of[y] = x
        if prev is None or prev not in nxt:
            return
        x = prev
