"""2.2.3-2.2.4 with 4.3: G1 and G2, and the shifts that re-compose them."""

from __future__ import annotations

from itertools import combinations

from ... import matching
from ...tournament.model import Colour
from . import events as ev
from . import order
from .events import EXPLICIT, fmt


class GroupSteps:
    """2.2.3-2.2.4: the states that form G1/G2 and shift players (a part of the engine)."""

    def form_groups(self):
        b = self.bracket
        players = sorted(b.players, key=self.rank)
        if all(not self.p(n).has_played for n in players):
            half = len(players) // 2
            b.g1, b.g2, b.mode = players[:half], players[half:], "initial-ranking"
        else:
            b.g1 = [n for n in players if self.p(n).preference is Colour.WHITE]
            b.g2 = [n for n in players if self.p(n).preference is Colour.BLACK]
            b.mode = "colour"
        b.initial = {"G1": list(b.g1), "G2": list(b.g2)}
        self.emit(
            ev.GroupsFormed(
                article="2.2.3", score=fmt(b.score), mode=b.mode, g1=tuple(b.g1), g2=tuple(b.g2)
            )
        )
        return self.recompose

    # ------------------------------------------------------------------ 2.2.4
    def shifter_pool(self, members: list[int], side: str, seeking_only: bool) -> list[int]:
        """4.3.1-4.3.3: the pool of possible shifters of one subgroup, in sequence order."""
        b = self.bracket
        colour = Colour.WHITE if side == "G1" else Colour.BLACK
        if b.mode == "colour" and seeking_only:
            pool = [n for n in members if self.p(n).preference is colour]
        else:
            pool = list(members)
        if colour is Colour.WHITE:
            pool.sort(key=lambda n: (self.p(n).aro, self.rank(n)))
        else:
            pool.sort(key=self.rank)
        return order.middle_out(pool)

    def recompose(self):
        b = self.bracket
        g1, g2 = list(b.g1), list(b.g2)
        x_side = "G1" if len(g1) <= len(g2) else "G2"
        X, Y = (g1, g2) if x_side == "G1" else (g2, g1)
        p, facts = self.unavoidable_pairs(X, Y)
        if self.readings.is_("unavoidable-pairs", "isolated"):
            p_min, facts_min = self.unavoidable_pairs(X, Y, force_minimum=True)
            if p < p_min:
                # isolated players are a lower bound of the minimum: fewer shifts than the
                # minimum leave no legal pairing of G1 with G2, so the reading cannot be
                # followed literally here; the trace says so and the minimum is used
                self.emit(
                    ev.ShiftNeeded(
                        article="2.2.4.1", score=fmt(b.score), step=1, count=p, source=x_side,
                        minimum=p_min, **facts,
                    )
                )
                p, facts = p_min, facts_min
        if p > 0:
            self.emit(
                ev.ShiftNeeded(
                    article="2.2.4.1", score=fmt(b.score), step=1, count=p, source=x_side,
                    **facts,
                )
            )
            done = self.shift_step1(X, Y, x_side, p)
            assert done, "2.2.4.1: a legal shift always exists for the minimum"
        g1, g2 = b.g1, b.g2
        if len(g1) != len(g2):
            z_side = "G1" if len(g1) > len(g2) else "G2"
            q = abs(len(g1) - len(g2)) // 2
            self.emit(
                ev.ShiftNeeded(
                    article="2.2.4.2", score=fmt(b.score), step=2, count=q, source=z_side,
                    sizes=(len(g1), len(g2)),
                )
            )
            self.shift_step2(z_side, q)
        return self.sort_s1

    def unavoidable_pairs(self, X, Y, force_minimum: bool = False) -> tuple[int, dict]:
        """2.2.4.1: how many pairs inside X every legal pairing of the bracket needs.

        Returns the count and the facts of the trace: the ``reading`` used and, for
        "isolated", the ``isolated`` players of X (no legal opponent in Y).
        """
        reading = "minimum" if force_minimum else self.readings.value("unavoidable-pairs")
        if reading == "isolated":
            iso = [x for x in X if not any(self.compat(x, y) for y in Y)]
            p = (len(iso) + 1) // 2
            return p, {"reading": "isolated", "isolated": tuple(iso)}
        bm = matching.bipartite_max_matching(X, Y, self.compat)
        if len(bm) == len(X):
            used = set(bm.values())
            rest = [y for y in Y if y not in used]
            if matching.has_perfect_matching(rest, self.compat) is not None:
                return 0, {"reading": "minimum"}
        xs = set(X)
        res = matching.min_cost_perfect_matching(
            X + Y, self.compat, lambda u, v: 1 if (u in xs and v in xs) else 0
        )
        assert res is not None
        return res[0], {"reading": "minimum"}

    def _completable(self, fixed: list[int], larger: list[int], movable: set[int]) -> bool:
        """Can G1/G2 still be paired after the shifts so far?

        ``fixed`` is the side that will not change any more (it may not pair internally);
        ``larger`` still has to give up players: a pair inside it is allowed when one of
        its two players is ``movable`` (that one is shifted, so the pair crosses the
        groups).  A perfect matching of this graph is exactly a choice of the remaining
        shifters followed by a legal pairing of G1 with G2.
        """
        side = set(fixed)
        compat = self.compat

        def ok(u: int, v: int) -> bool:
            if not compat(u, v):
                return False
            uf, vf = u in side, v in side
            if uf != vf:
                return True
            return not uf and (u in movable or v in movable)

        return matching.has_perfect_matching(fixed + larger, ok) is not None

    def shift_step1(self, X, Y, x_side: str, p: int) -> bool:
        b = self.bracket
        pool = self.shifter_pool(X, x_side, seeking_only=True)
        seq = {n: i + 1 for i, n in enumerate(pool)}
        y_side = "G2" if x_side == "G1" else "G1"
        y_colour = Colour.WHITE if y_side == "G1" else Colour.BLACK
        rejected = []
        count = 0
        for combo in combinations(pool, p):
            S = set(combo)
            Xp = [n for n in X if n not in S]
            Yp = Y + list(combo)
            if b.mode == "colour":
                pool2 = {n for n in Yp if self.p(n).preference is y_colour}
            else:
                pool2 = set(Y)
            if not self._completable(Xp, Yp, pool2):
                count += 1
                if len(rejected) < EXPLICIT:
                    rejected.append((tuple(combo), "no-legal-pairing"))
                continue
            if x_side == "G1":
                b.g1, b.g2 = sorted(Xp, key=self.rank), sorted(Yp, key=self.rank)
            else:
                b.g2, b.g1 = sorted(Xp, key=self.rank), sorted(Yp, key=self.rank)
            self.emit(
                ev.Shift(
                    article="2.2.4.1", score=fmt(b.score), step=1, source=x_side,
                    target=y_side, players=tuple(combo),
                    pool=tuple((n, seq[n]) for n in pool), rejected=tuple(rejected),
                    rejected_count=count, g1=tuple(b.g1), g2=tuple(b.g2),
                )
            )
            return True
        return False

    def shift_step2(self, z_side: str, q: int) -> None:
        b = self.bracket
        Z = b.g1 if z_side == "G1" else b.g2
        T = b.g2 if z_side == "G1" else b.g1
        original = set(b.initial[z_side])
        if b.mode == "colour":
            pool = self.shifter_pool(Z, z_side, seeking_only=True)
        else:
            pool = self.shifter_pool([n for n in Z if n in original], z_side, seeking_only=False)
        seq = {n: i + 1 for i, n in enumerate(pool)}
        chosen: list[int] = []
        rejected = []
        start = 0
        while len(chosen) < q:
            found = False
            for idx in range(start, len(pool)):
                c = pool[idx]
                F = set(chosen) | {c}
                fixed = list(T) + [n for n in Z if n in F]
                rest = [n for n in Z if n not in F]
                if self._completable(fixed, rest, set(pool[idx + 1:])):
                    chosen.append(c)
                    start = idx + 1
                    found = True
                    break
                rejected.append(((*chosen, c), "no-legal-pairing"))
            assert found, "2.2.4.2: some equalising shift is always legal"
        moved = set(chosen)
        newZ = sorted((n for n in Z if n not in moved), key=self.rank)
        newT = sorted(list(T) + chosen, key=self.rank)
        if z_side == "G1":
            b.g1, b.g2 = newZ, newT
        else:
            b.g2, b.g1 = newZ, newT
        self.emit(
            ev.Shift(
                article="2.2.4.2", score=fmt(b.score), step=2, source=z_side,
                target="G2" if z_side == "G1" else "G1", players=tuple(chosen),
                pool=tuple((n, seq[n]) for n in pool), rejected=tuple(rejected[:EXPLICIT]),
                rejected_count=len(rejected), g1=tuple(b.g1), g2=tuple(b.g2),
            )
        )
