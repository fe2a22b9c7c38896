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
        used: set[int] = set()
        t2: list[int] = []
        for i, s in enumerate(S1):
            rejected = []
            taken = None
            for c in G2:
                if c in used:
                    continue
                why = compat.reason(s, c)
                if why is not None:
                    rejected.append((c, why[0], why[1]))  # (player, criterion, facts)
                    continue
                if m.get(s) != c:
                    rest_s = S1[i + 1:]
                    rest_g = [g for g in G2 if g not in used and g != c]
                    init = {a: v for a, v in m.items() if a in rest_s and v != c}
                    m2 = matching.bipartite_max_matching(rest_s, rest_g, compat, init)
                    if len(m2) != len(rest_s):
                        # with s-c the rest of S1 could not be paired
                        rejected.append((c, "2.2.6", {}))
                        continue
                    m = dict(m2)
                    m[s] = c
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
