"""The Dutch 2012 text's definitions and criteria as the engine asks them: A.2's order,
B.1 and B.2 (the absolute criteria, and the round's B.1 test), the requirements of a level
(C.3: A.7.d, B.5/B.6 for upfloaters) and A.8's colour counts, X1 and Z1."""

from __future__ import annotations

from functools import cached_property
from typing import Callable, Sequence

from ... import matching
from .standings import Pref, PlayerStanding, Strength


class Criteria:
    """A.2, A.7, A.8 and B.1-B.6 as the engine's articles ask them (the state read: ``st``,
    the standings; ``fmap``, a what-if's forced partners; the readings taken in
    ``take_readings``)."""

    def p(self, n: int) -> PlayerStanding:
        return self.st[n]

    def key(self, n: int) -> int:
        """A.2: score (higher first), then pairing number (the player's place in that
        order, ``Standings.a2_position``: the same order as the pair of the two)."""
        return self.st.a2_position[n]

    # ------------------------------------------------------------------ B.1, B.2
    def absolute(self, a: int, b: int, b2: bool = True) -> str | None:
        """B.1.a, B.2 (and the what-if's forced pairs, XXP): None when the pair may meet."""
        fa, fb = self.fmap.get(a), self.fmap.get(b)
        if (fa is not None and fa != b) or (fb is not None and fb != a):
            return "forced"
        key = frozenset((a, b))
        if key in self.st.met:
            return "B.1.a"
        if key in self.st.forbidden:
            return "XXP"
        if b2:
            pa, pb = self.p(a), self.p(b)
            if pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE and \
                    pa.preference is pb.preference:
                return "B.2"
        return None

    def top_scorers(self, players: Sequence[int]) -> bool:
        """A.10's top scorers (B.2's note, C.1, C.10.g): does ``players`` hold one, on the
        score reading acceleration-top-scorers names?"""
        over = self.st.top_over
        if over is None:
            return False
        if self._top_real:
            return any(self.st[n].points > over for n in players)
        return any(self.st[n].score > over for n in players)

    def b1_b2(self, players: Sequence[int]) -> Callable[[int, int], str | None]:
        """B.1 and B.2 for the pairs among ``players``, as C.1, C.12 and C.13 ask them: B.2
        not when they hold top scorers (C.1: "except when pairing top scorers")."""
        b2 = not self.top_scorers(players)
        absolute = self.absolute
        return lambda a, b: absolute(a, b, b2)

    def completable(self, players: Sequence[int], b2: bool = True) -> bool:
        """Can ``players`` all be paired (B.1, and B.2 unless ``b2`` is False), one of them
        getting the bye (B.1.b) when their number is odd?  (The round's B.1 test, and C.13's
        oracle: see ``brackets``.)"""
        key = (frozenset(players), b2)
        got = self._complete_cache.get(key)
        if got is not None:
            return got
        vs = sorted(players, key=self.key)
        if len(vs) % 2:
            vs.append(0)

        def ok(a: int, b: int) -> bool:
            if a == 0 or b == 0:
                n = b if a == 0 else a
                return self.st[n].bye_eligible and n not in self.fmap
            return self.absolute(a, b, b2) is None

        got = matching.has_perfect_matching(vs, ok) is not None
        self._complete_cache[key] = got
        return got

    # ------------------------------------------------------------------ C.3's requirements
    def allowed_at(self, level) -> Callable[[int, int], str | None]:
        """A pair at the requirements ``level`` (C.3/C.10): B.1, B.2 while in force, A.7.d
        (reading strong-as-absolute), B.5/B.6 for the upfloater while in force."""
        st = self.st

        def allowed(a: int, b: int) -> str | None:
            why = self.absolute(a, b, level.b2)
            if why is not None:
                return why
            pa, pb = st[a], st[b]
            if level.a7d and pa.preference is pb.preference and pa.preference is not Pref.NONE \
                    and pa.strength.rank >= 2 and pb.strength.rank >= 2:
                return "A.7.d"
            if (level.b5u or level.b6u) and pa.score != pb.score:
                return self.upfloat_bar(pa, pb, level)
            return None

        return allowed

    # ------------------------------------------------------------------ C.10's last sentence
    def pair_breaks(self, name: str) -> Callable[[int, int], bool]:
        """Does a pair break the pair criterion ``name`` ("b2", "a7d", "b5u", "b6u") that a
        level dropped?  What C.10's last sentence counts ("only for the minimum number of
        pairs")."""
        st = self.st
        if name == "b2":
            def same_absolute(a: int, b: int) -> bool:  # B.2's pair
                pa, pb = st[a], st[b]
                return pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE \
                    and pa.preference is pb.preference

            return same_absolute
        if name == "a7d":
            return self.bad_z  # A.7.d's pair: the same strong (or absolute) preference
        back = 1 if name == "b5u" else 2

        def breaks(a: int, b: int) -> bool:
            pa, pb = st[a], st[b]
            if pa.score == pb.score:
                return False
            up = pb if pa.score > pb.score else pa
            return up.float_before(back) == "up"

        return breaks

    def left_breaks(self, name: str, q: int) -> bool:
        """Does leaving ``q`` over (a downfloater) break ``name`` ("b5d", "b6d")?"""
        return self.st[q].float_before(1 if name == "b5d" else 2) == "down"

    def upfloat_bar(self, pa: PlayerStanding, pb: PlayerStanding, level) -> str | None:
        """B.5/B.6 for the upfloater of a pair of unequal scores, while ``level`` has them
        in force: the criterion his earlier upfloats break, or None."""
        up = pb if pa.score > pb.score else pa
        if level.b5u and up.float_before(1) == "up":
            return "B.5"
        if level.b6u and up.float_before(2) == "up":
            return "B.6"
        return None

    # ------------------------------------------------------------------ A.8: X and Z
    def bad_x(self, a: int, b: int) -> bool:
        """A.8's X: the pair does not fulfil both colour preferences."""
        pa, pb = self.st[a].preference, self.st[b].preference
        return pa is pb and pa is not Pref.NONE

    def bad_z(self, a: int, b: int) -> bool:
        """A.8's Z: the pair does not fulfil both strong (or absolute) preferences."""
        sa, sb = self.st[a], self.st[b]
        return sa.preference is sb.preference and sa.preference is not Pref.NONE and \
            sa.strength.rank >= 2 and sb.strength.rank >= 2

    @cached_property
    def kinds(self) -> dict:
        """``kind`` of every player of the round, as a table (built once: the walks read
        it for every bracket; the round's standings never change under the engine)."""
        return {p.number: self.kind(p.number) for p in self.st.players}

    def kind(self, n: int) -> tuple[str, bool]:
        """What the colour counts of the search read: the preference and whether it is
        strong or absolute."""
        p = self.st[n]
        return p.preference.value, p.strength.rank >= 2

    def x_bound_any(self, players: Sequence[int], p: int) -> int:
        """Of any P pairs among ``players``, how many must spend X (numbers only)."""
        st = self.st
        w = sum(1 for n in players if st[n].preference is Pref.WHITE)
        b = sum(1 for n in players if st[n].preference is Pref.BLACK)
        none = len(players) - w - b
        good = min(w, b)
        rest = abs(w - b)
        good += min(none, rest) + (none - min(none, rest)) // 2
        return max(0, p - good)

    def colour_counts(self, players: Sequence[int]) -> dict:
        """A.8: W, B (players with a preference), w, b (even rounds: odd number of unplayed
        games and a mild preference), a (no game yet)."""
        st = self.st
        c = {"W": 0, "B": 0, "w": 0, "b": 0, "a": 0}
        for n in players:
            p = st[n]
            if p.preference is Pref.NONE:
                c["a"] += 1
            elif not self.odd_round and p.strength is Strength.MILD and p.unplayed % 2 == 1:
                c["w" if p.preference is Pref.WHITE else "b"] += 1
            else:
                c["W" if p.preference is Pref.WHITE else "B"] += 1
        return c

    def x1_z1(self, p0: int, c: dict) -> tuple[int, int | None]:
        """A.8: X1 and, in even rounds, Z1, by the text's formulas."""
        W, B, w, b, a = c["W"], c["B"], c["w"], c["b"], c["a"]
        if B + b > W + w:
            x1 = p0 - W - w - a
        else:
            x1 = p0 - B - b - a
        x1 = max(0, x1)
        if self.odd_round:
            return x1, None
        z1 = p0 - W - b - w - a if B > W else p0 - B - b - w - a
        return x1, max(0, z1)
