"""Article 3's criteria as the procedure tests them.

* [C1] (3.1.1) no rematch, [C3] (3.1.3) no two players with the same absolute colour
  preference, and the forbidden pairs of the file (XXP / 260): :class:`Compatibility`,
  the one test of who may meet whom (the absolute test of ``check`` asks it too);
* [C7] (3.3.3) at best, the least number of pairs whose players seek the same colour:
  :func:`colour_cost`;
* the order of [C6]-[C10] when two upfloater sets are compared: :func:`beaten_on`.

[C2] is the bye bar of the standings (``standings.ByeBar``), [C4] the completeness test of
every state, [C5] the minimum of 2.2.1 and [C8]-[C10] the upfloater attributes of
``upfloaters.UpfloaterSearch``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import matching
from ...tournament.model import Colour
from .colours import same_preference
from .standings import Standings, Strength

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DubovEngine


class Compatibility:
    """Who may meet whom: [C1], [C3] and forbidden pairs (XXP)."""

    def __init__(self, st: Standings, forced: dict[int, int] | None = None):
        self.st = st
        #: what-if runs (why-not): player -> the only opponent allowed
        self.forced = dict(forced or {})
        self.opponents: dict[int, set[int]] = {}
        self.met_round: dict[frozenset[int], tuple[int, ...]] = st.met
        for key in st.met:
            a, b = tuple(key)
            self.opponents.setdefault(a, set()).add(b)
            self.opponents.setdefault(b, set()).add(a)
        self.forbidden: dict[int, set[int]] = {}
        for key in st.forbidden:
            a, b = tuple(key)
            self.forbidden.setdefault(a, set()).add(b)
            self.forbidden.setdefault(b, set()).add(a)
        self.abs_colour: dict[int, Colour] = {
            p.number: p.preference for p in st.players if p.strength is Strength.ABSOLUTE
        }
        empty: frozenset[int] = frozenset()
        #: who may not meet u by [C1] or XXP, in one set (the test is asked millions of times)
        self._barred: dict[int, set[int]] = {n: set(s) for n, s in self.opponents.items()}
        for n, s in self.forbidden.items():
            self._barred.setdefault(n, set()).update(s)
        self._empty = empty

    def __call__(self, u: int, v: int) -> bool:
        if u == v or v in self._barred.get(u, self._empty):
            return False
        if self.forced:
            fu, fv = self.forced.get(u), self.forced.get(v)
            if (fu is not None and fu != v) or (fv is not None and fv != u):
                return False
        cu = self.abs_colour.get(u)
        return cu is None or cu is not self.abs_colour.get(v)

    def excluded_by(self, u: int, v: int) -> tuple[str, ...]:
        """Every absolute criterion that forbids the pair u-v: "[C1]", "[C3]", "XXP"."""
        out = []
        if frozenset((u, v)) in self.met_round:
            out.append("[C1]")
        cu = self.abs_colour.get(u)
        if cu is not None and cu is self.abs_colour.get(v):
            out.append("[C3]")
        if v in self.forbidden.get(u, ()):
            out.append("XXP")
        return tuple(out)

    def reason(self, u: int, v: int) -> tuple[str, dict] | None:
        """Why u and v may not meet, as (criterion, facts), or None.

        "[C1]" with the ``rounds`` they met in, "[C3]" with the ``colour`` both must have,
        "XXP" (a forbidden pair), "what-if" with the player ``held`` for a ``partner``.
        """
        key = frozenset((u, v))
        if key in self.met_round:
            return "[C1]", {"rounds": tuple(self.met_round[key])}
        cu, cv = self.abs_colour.get(u), self.abs_colour.get(v)
        if cu is not None and cu is cv:
            return "[C3]", {"colour": cu.word}
        if v in self.forbidden.get(u, ()):
            return "XXP", {}
        for a, b in ((u, v), (v, u)):
            if self.forced.get(a) not in (None, b):
                return "what-if", {"held": a, "partner": self.forced[a]}
        return None


def beaten_on(mine: dict, theirs: dict) -> str:
    """The first criterion of [C6]-[C10] on which two sets differ, else the order rule."""
    for name in ("C6", "C7", "C8", "C9", "C10"):
        if mine[name] != theirs[name]:
            return f"[{name}]"
    return "4.2.3.3"


def colour_cost(e: DubovEngine, bracket: list[int], pm: dict[int, int] | None = None) -> int:
    """[C7] at best: the least number of pairs whose two players seek the same colour."""
    W = [n for n in bracket if e.p(n).preference is Colour.WHITE]
    B = [n for n in bracket if e.p(n).preference is Colour.BLACK]
    bound = abs(len(W) - len(B)) // 2
    if pm is not None:
        same = sum(1 for a, c in pm.items() if a < c and same_preference(e.p(a), e.p(c)))
        if same == bound:
            return bound
    small, big = (W, B) if len(W) <= len(B) else (B, W)
    bm = matching.bipartite_max_matching(small, big, e.compat)
    if len(bm) == len(small):
        used = set(bm.values())
        rest = [n for n in big if n not in used]
        if matching.has_perfect_matching(rest, e.compat) is not None:
            return bound
    ws = set(W)
    res = matching.min_cost_perfect_matching(
        bracket, e.compat, lambda u, v: 1 if ((u in ws) == (v in ws)) else 0
    )
    assert res is not None
    return res[0]
