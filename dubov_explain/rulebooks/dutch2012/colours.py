"""E: the colours of a pair.

E.1 also covers a pair where one player has no preference yet (A.7.f: the opponent's
preference is granted); a pair where neither has one is coloured as E.5 colours round 1
(the colour drawn by lot, alternating down S1), in any round.
"""

from __future__ import annotations

from ...tournament.model import Colour
from .standings import Pref, PlayerStanding


class Colours:
    """E.1-E.5."""

    def colours(self, a: int, b: int, position: int) -> tuple[int, int, str]:
        """E.1-E.5 for the pair (a from S1, b from S2), ``position`` its place in S1."""
        pa, pb = self.st[a], self.st[b]
        ca, cb = pa.preference, pb.preference

        def give(n: int, c: Pref, rule: str):
            other = b if n == a else a
            return (n, other, rule) if c is Pref.WHITE else (other, n, rule)

        if ca is not Pref.NONE and cb is not Pref.NONE and ca is not cb:
            return give(a, ca, "E.1")
        if ca is Pref.NONE and cb is not Pref.NONE:
            return give(b, cb, "E.1")
        if cb is Pref.NONE and ca is not Pref.NONE:
            return give(a, ca, "E.1")
        if ca is Pref.NONE and cb is Pref.NONE:
            first = Pref.WHITE if self.initial is Colour.WHITE else Pref.BLACK
            hi = a if self.key(a) < self.key(b) else b
            odd = (self.st[hi].initial_rank if self.readings.value("first-round-colour") ==
                   "pairing-number" else position) % 2 == 1
            return give(hi, first if odd else first.opposite, "E.5")
        ra, rb = self.e2_rank(pa, pb), self.e2_rank(pb, pa)
        if ra != rb:
            strong = a if ra > rb else b
            return give(strong, self.st[strong].preference, "E.2")
        alt = self.alternation(pa, pb)
        if alt is not None:
            colour_a_then = alt
            return give(a, Pref.BLACK if colour_a_then is Colour.WHITE else Pref.WHITE, "E.3")
        hi = a if self.key(a) < self.key(b) else b
        return give(hi, self.st[hi].preference, "E.4")

    def e2_rank(self, p: PlayerStanding, opponent: PlayerStanding) -> int:
        """E.2: the strength of ``p``'s colour preference (A.7) against ``opponent``."""
        return p.strength.rank

    def colour_pairs(self, pairs) -> list[tuple[int, int]]:
        """Each pair (its S1 player first) coloured by :meth:`colours`, in order, each
        allocation an event: the pairs as (White, Black)."""
        out = []
        for i, (a, b) in enumerate(pairs, start=1):
            w, bl, rule = self.colours(a, b, i)
            self.emit(self.ev.ColourAllocated(article=rule, white=w, black=bl, rule=rule))
            out.append((w, bl))
        return out

    def alternation(self, pa: PlayerStanding, pb: PlayerStanding) -> Colour | None:
        """E.3: a's colour in the most recent round in which the two had different colours."""
        if self.readings.value("alternation") == "by-round":
            for ca, cb in zip(reversed(pa.colour_by_round), reversed(pb.colour_by_round)):
                if ca is not None and cb is not None and ca is not cb:
                    return ca
            return None
        for ca, cb in zip(reversed(pa.colours), reversed(pb.colours)):
            if ca is not cb:
                return ca
        return None
