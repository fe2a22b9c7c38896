"""A literal twin of the 1992 rating-based procedure, written from the text, for small
brackets: it enumerates what the text enumerates, in the text's order, and takes the first
candidate that meets the criteria in force; no oracle, no pruning.

* D.1 as every permutation of S2 in ascending order ("put all numbers constructable with
  the digits ... in ascending order": ``itertools.permutations`` of the A.2-ordered S2),
  the first len(S1) paired, equal prefixes one attempt;
* D.2 from its rule: the difference of the numbers exchanged as small as possible, equal
  differences to the one concerning the lowest player of S1; one player before two; the
  matrices of the text are checked against it in the tests;
* C.9 (B.6, then B.5, for downfloats), C.10 (B.6, then B.5, for upfloats; remainders of a
  heterogeneous bracket), C.11 (x + 1 up to p), C.14 (p - 1, x - 1 when x was above 0).

Facts (A.2 order, A.7 preferences, A.4 floats, B.1.b) come from the rulebook's standings.
It keeps the engine's one documented departure (C.12/C.13 replaced by "the players moved
down can still be paired with everyone below"), decided here by brute-force recursion.
"""

from __future__ import annotations

from itertools import combinations, permutations

from dubov_explain.rulebooks import find_rulebook

BOOK = find_rulebook("swiss-rating-1992")


def d2_exchanges(n1: int, n2: int, size: int):
    """D.2 for ``size`` players: positions 1..n1 in S1, n1+1..n1+n2 in S2."""
    out = []
    for a in combinations(range(1, n1 + 1), size):
        for b in combinations(range(n1 + 1, n1 + n2 + 1), size):
            # the difference; then "the one concerning the lowest player of S1" (the
            # highest numbers of S1 first, compared from the lowest player up); then S2
            out.append((sum(b) - sum(a), tuple(-x for x in sorted(a, reverse=True)), b,
                        tuple(sorted(a, reverse=True))))
    out.sort()
    return [(a, b) for _, _, b, a in out]


def d1(s1, s2):
    seen = set()
    for perm in permutations(s2):
        head = perm[:len(s1)]
        if head in seen:
            continue
        seen.add(head)
        yield list(perm)


class Literal:
    def __init__(self, t, round_no=None, readings=None):
        self.readings = readings or BOOK.readings()
        self.st = BOOK.standings(t, round_no, self.readings)
        self.restore = self.readings.value("restore-criteria") == "each-restart"

    def key(self, n):
        return (-self.st[n].score, self.st[n].initial_rank)

    def pref(self, n):
        p = self.st[n].preference.value
        return None if p == "-" else p

    def top(self, n):
        # B's note on the points scored (acceleration points are no score a player made)
        over = self.st.top_over
        return over is not None and self.st[n].points > over

    def may_meet(self, a, b, b2=True):
        k = frozenset((a, b))
        if k in self.st.met or k in self.st.forbidden:
            return False
        sa, sb = self.st[a], self.st[b]
        if b2 and sa.strength.value == "absolute" and sb.strength.value == "absolute" \
                and self.pref(a) == self.pref(b):
            return False
        return True

    def free(self, a, b):
        if self.readings.value("top-scorer-pairs") == "either":
            return self.top(a) or self.top(b)
        return self.top(a) and self.top(b)

    def pair_ok(self, a, b, lv):
        if not self.may_meet(a, b, not self.free(a, b)):
            return False
        if self.free(a, b):
            return True
        sa, sb = self.st[a], self.st[b]
        if sa.score != sb.score:
            up = sb if sa.score > sb.score else sa
            if lv["b5u"] and up.float_before(1) == "up":
                return False
            if lv["b6u"] and up.float_before(2) == "up":
                return False
        return True

    def completable(self, players):
        players = sorted(players, key=self.key)
        if not players:
            return True
        if len(players) % 2:
            return any(self.st[n].bye_eligible and
                       self.completable([q for q in players if q != n]) for n in players)
        a = players[0]
        return any(self.may_meet(a, b) and self.completable([q for q in players[1:] if q != b])
                   for b in players[1:])

    def x_of(self, players):
        w = sum(1 for n in players if self.pref(n) == "w")
        b = sum(1 for n in players if self.pref(n) == "b")
        q = (len(players) + 1) // 2
        return max(0, b - q if b > w else w - q)

    def leftover_ok(self, rest, lv, lower, lowest):
        if lowest and not (len(rest) <= 1 and all(self.st[n].bye_eligible for n in rest)):
            return False
        # A.5: the bye is a downfloat, so B.5/B.6 hold for it too
        for n in rest:
            if self.top(n):
                continue
            if lv["b5d"] and self.st[n].float_before(1) == "down":
                return False
            if lv["b6d"] and self.st[n].float_before(2) == "down":
                return False
        return lowest or self.completable(list(rest) + lower)

    def levels(self, p, x0, upfloats, fresh):
        names = ["b6d", "b5d"] + (["b6u", "b5u"] if upfloats else [])
        lv = {"b5d": fresh, "b6d": fresh, "b5u": fresh and upfloats, "b6u": fresh and upfloats}
        yield dict(lv, x=x0)
        for nm in names:
            if lv[nm]:
                lv[nm] = False
                yield dict(lv, x=x0)
        x = x0
        while x < p:
            x += 1
            if self.restore:
                lv = {"b5d": True, "b6d": True, "b5u": upfloats, "b6u": upfloats}
                yield dict(lv, x=x)
                for nm in names:
                    lv[nm] = False
                    yield dict(lv, x=x)
            else:
                yield dict(lv, x=x)

    def arrangements(self, s1, s2, lv, x):
        """C.6/C.7: the acceptable arrangements of S2 against S1, in D.1's order."""
        for perm in d1(s1, s2):
            pairs = list(zip(s1, perm))
            if all(self.pair_ok(a, b, lv) for a, b in pairs) and \
                    sum(1 for a, b in pairs if self.pref(a) and self.pref(a) == self.pref(b)) <= x:
                yield pairs, perm[len(s1):]

    def homogeneous(self, players, p, lv, x, lower, lowest):
        players = sorted(players, key=self.key)
        if p == 0:
            return ([], players) if self.leftover_ok(players, lv, lower, lowest) else None
        s1, s2 = players[:p], players[p:]
        tries = [(s1, s2)]
        for size in range(1, min(p, len(s2)) + 1):
            for a, b in d2_exchanges(p, len(s2), size):
                out1 = [players[i - 1] for i in a]
                in2 = [players[i - 1] for i in b]
                tries.append((sorted([q for q in s1 if q not in out1] + in2, key=self.key),
                              sorted([q for q in s2 if q not in in2] + out1, key=self.key)))
        for t1, t2 in tries:
            for pairs, rest in self.arrangements(t1, t2, lv, x):
                if self.leftover_ok(rest, lv, lower, lowest):
                    return pairs, list(rest)
        return None

    def bracket(self, players, mdps, lower, lowest):
        players = sorted(players, key=self.key)
        down = []
        if not lowest:
            down = [n for n in players if not any(
                self.may_meet(n, o, not self.free(n, o))
                for o in players if o != n)]
            players = [n for n in players if n not in down]
            mdps = [n for n in mdps if n not in down]
        low = down + lower
        n, m = len(players), len(mdps)
        homog = m == 0 or 2 * m >= n
        x0 = self.x_of(players)
        p = n // 2 if homog else m
        x, fresh = x0, True
        while True:
            if homog:
                if p == 0 and not lowest:
                    return [], players + down
                for lv in self.levels(p, x, m > 0, fresh):
                    got = self.homogeneous(players, p, lv, lv["x"], low, lowest)
                    if got is not None:
                        return got[0], got[1] + down
            else:
                got = self.heterogeneous(players, p, x, low, lowest, fresh)
                if got is not None:
                    return got[0], got[1] + down
                if p == 0:
                    return [], players + down
            p -= 1
            if x0 > 0:
                x = max(0, x - 1)
            fresh = self.restore

    def heterogeneous(self, players, p, x, low, lowest, fresh):
        s1, s2 = players[:p], players[p:]
        n_rem = len(players) - 2 * p
        for p_rem in range(n_rem // 2, -1, -1):
            start = fresh if p_rem == n_rem // 2 else self.restore
            for lv in self.levels(max(p, p_rem), x, True, start):
                for pairs, rest in self.arrangements(s1, s2, lv, lv["x"]):
                    got = self.homogeneous(rest, p_rem, lv, self.x_of(rest) + lv["x"] - x,
                                           low, lowest)
                    if got is not None:
                        return pairs + got[0], got[1]
        return None

    def round(self):
        rest = sorted((p.number for p in self.st.players if p.present), key=self.key)
        if not self.completable(rest):
            return None
        pairs, carried = [], []
        while rest:
            top = self.st[rest[0]].score
            residents = [n for n in rest if self.st[n].score == top]
            rest = [n for n in rest if self.st[n].score != top]
            got, carried = self.bracket(carried + residents, carried, rest, not rest)
            pairs += got
        assert len(carried) <= 1
        return {frozenset(p) for p in pairs}, (carried[0] if carried else None)


def literal_round(t, round_no=None, readings=None):
    return Literal(t, round_no, readings).round()
