"""Article 2: the pairing limitations, as the procedure tests them.

* 2.1 no rematch (games played over the board; the file's forbidden pairs, XXP, too);
* 2.3 the colour difference stays within -2..+2, 2.4 no colour three times in a row:
  :func:`colour_allowed` for one player, and a pair is possible only when one of its two
  colour assignments respects both limitations for both players;
* 2.2 is the bye bar of the standings; 2.5 the transfer limit (``max_upfloater``); 2.6
  is applied by 7.3/7.4 with :func:`colour_allowed`.
"""

from __future__ import annotations

from ...tournament.model import Colour
from .standings import PlayerStanding, Standings


def colour_allowed(p: PlayerStanding, c: Colour) -> str:
    """"" when ``p`` may have colour ``c`` now, else the limitation it breaks ("2.3" or "2.4")."""
    diff = p.colour_difference + (1 if c is Colour.WHITE else -1)
    if diff > 2 or diff < -2:
        return "2.3"
    if len(p.colours) >= 2 and p.colours[-1] is c and p.colours[-2] is c:
        return "2.4"
    return ""


def orientations(a: PlayerStanding, b: PlayerStanding) -> list[tuple[int, int]]:
    """The colour assignments (white, black) of a-b that respect 2.3 and 2.4 for both."""
    out = []
    for w, bl in ((a, b), (b, a)):
        if not colour_allowed(w, Colour.WHITE) and not colour_allowed(bl, Colour.BLACK):
            out.append((w.number, bl.number))
    return out


class Limits:
    """Who may meet whom: 2.1 (and XXP), 2.3 and 2.4.  Cached per pair."""

    def __init__(self, st: Standings, forced: dict[int, int] | None = None):
        self.st = st
        self.forced = dict(forced or {})
        self.opponents: dict[int, set[int]] = {}
        for key in st.met:
            a, b = tuple(key)
            self.opponents.setdefault(a, set()).add(b)
            self.opponents.setdefault(b, set()).add(a)
        self.forbidden: dict[int, set[int]] = {}
        for key in st.forbidden:
            a, b = tuple(key)
            self.forbidden.setdefault(a, set()).add(b)
            self.forbidden.setdefault(b, set()).add(a)
        # per player: which colours 2.3/2.4 allow (a pair is impossible only when both
        # players can take just the same single colour, or one can take none)
        self.allowed: dict[int, frozenset[Colour]] = {
            p.number: frozenset(c for c in (Colour.WHITE, Colour.BLACK) if not colour_allowed(p, c))
            for p in st.players
        }
        self._cache: dict[tuple[int, int], bool] = {}

    def __call__(self, u: int, v: int) -> bool:
        key = (u, v) if u < v else (v, u)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self.reason(u, v) is None
        return hit

    def degrees(self, players) -> dict[int, int]:
        """For each of ``players``, how many others of them he may meet (``self(n, m)``
        true), without asking every pair: a pair fails only by 2.3/2.4 (the two players'
        sets of colours allowed, ``colours_possible``: counted by those sets), by a game
        played or XXP (each player's few opponents and forbidden partners) or by a what-if
        (the players held, each for his partner).  A player held himself is counted pair by
        pair (a what-if holds few)."""
        ps = list(players)
        inside = set(ps)
        by_set: dict[frozenset, int] = {}
        for n in ps:
            by_set[self.allowed[n]] = by_set.get(self.allowed[n], 0) + 1
        held = [h for h in self.forced if h in inside]
        out: dict[int, int] = {}
        for n in ps:
            if n in self.forced:
                out[n] = sum(1 for m in ps if m != n and self(n, m))
                continue
            mine = self.allowed[n]
            # every player of a set of colours that can meet n's, n himself excepted
            count = sum(k for c, k in by_set.items() if _possible(mine, c))
            if _possible(mine, mine):
                count -= 1
            # less those of them that the few other reasons bar
            barred = set(self.opponents.get(n, ())) | self.forbidden.get(n, set())
            barred.update(h for h in held if self.forced[h] != n)
            barred.discard(n)
            count -= sum(1 for m in barred if m in inside and _possible(mine, self.allowed[m]))
            out[n] = count
        return out

    def colours_possible(self, u: int, v: int) -> bool:
        return _possible(self.allowed[u], self.allowed[v])

    def played(self, u: int, v: int) -> bool:
        return v in self.opponents.get(u, ())

    def reason(self, u: int, v: int) -> tuple[str, dict] | None:
        """Why u and v may not meet, as (limitation, facts), or None: "2.1" with the
        rounds, "2.3/2.4" (no colour assignment respects them), "XXP", "what-if"."""
        if u == v:
            return "same", {}
        key = frozenset((u, v))
        if key in self.st.met:
            return "2.1", {"rounds": tuple(self.st.met[key])}
        if v in self.forbidden.get(u, ()):
            return "XXP", {}
        if not self.colours_possible(u, v):
            pu, pv = self.st[u], self.st[v]
            return "2.3/2.4", {"colours": tuple(sorted(c.word for c in self.allowed[u])),
                               "other": tuple(sorted(c.word for c in self.allowed[v])),
                               "why": (_why(pu), _why(pv))}
        for a, b in ((u, v), (v, u)):
            if self.forced.get(a) not in (None, b):
                return "what-if", {"held": a, "partner": self.forced[a]}
        return None


def _possible(au: frozenset, av: frozenset) -> bool:
    """:meth:`Limits.colours_possible` for two players' sets of colours allowed."""
    return (Colour.WHITE in au and Colour.BLACK in av) or \
        (Colour.BLACK in au and Colour.WHITE in av)


def _why(p: PlayerStanding) -> str:
    """The limitation that takes a colour from ``p`` ("2.3", "2.4" or "")."""
    for c in (Colour.WHITE, Colour.BLACK):
        r = colour_allowed(p, c)
        if r:
            return r
    return ""
