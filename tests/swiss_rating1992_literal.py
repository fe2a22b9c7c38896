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

* C.12 and C.13 as backtracking (``LiteralBacktracking``): a bracket is paired on its own
  criteria (C.6: "the pairing of this score bracket is considered complete"), nothing below
  looked at; a bracket that cannot go on undoes the previous one, and C.13's "will allow a
  pairing in the lowest score bracket" is decided by pairing the lowest bracket with the
  text's own procedure.

Facts (A.2 order, A.7 preferences, A.4 floats, B.1.b) come from the rulebook's standings.
"""

from __future__ import annotations

from itertools import combinations, permutations

from dubov_explain.rulebooks import find_rulebook

BOOK = find_rulebook("swiss-rating-1992")
#: the steps that send a bracket back to C.12 again once C.12 brought it new players: C.1
#: and C.11, every time the bracket reaches them (the articles' order; C.12 ends, as it
#: accepts only sets of players never sent before)
AGAIN = ("C.1", "C.11")


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
            # A.4: the higher player receives a downfloat (reading paired-downfloat)
            down = sa if sa.score > sb.score else sb
            if self.readings.value("paired-downfloat") == "judged" and \
                    not self.top(down.number):
                if lv["b5d"] and down.float_before(1) == "down":
                    return False
                if lv["b6d"] and down.float_before(2) == "down":
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
        if len(s2) < len(s1):  # p pairings cannot be obtained (C.6)
            return
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
            if p == 0 and not lowest:
                return [], players + down  # C.14: "the entire score bracket is moved down"
            if homog:
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
        """C.6-C.11 for the moved-down players and their remainder: each arrangement's
        remainder at the criteria in force, then C.9 (B.6, then B.5, for downfloats,
        "restart at C4" of the remainder), and only then C.10 (the next arrangement, at
        the criteria reached); no arrangement left: C.10's bullet (upfloats), C.11."""
        s1, s2 = players[:p], players[p:]
        n_rem = len(players) - 2 * p
        for p_rem in range(n_rem // 2, -1, -1):
            start = fresh if p_rem == n_rem // 2 else self.restore
            reached = None
            for lv in self.levels(max(p, p_rem), x, True, start):
                if reached is not None and lv["x"] == reached["x"]:
                    lv = dict(lv, b6d=lv["b6d"] and reached["b6d"],
                              b5d=lv["b5d"] and reached["b5d"])
                    if lv == reached:
                        continue  # C.9 dropped it already
                for perm in (d1(s1, s2) if len(s2) >= len(s1) else ()):
                    # each arrangement judged at the criteria reached (C.9 lowers them
                    # for the arrangements after it)
                    pairs = list(zip(s1, perm))
                    if not all(self.pair_ok(a, b, lv) for a, b in pairs) or sum(
                            1 for a, b in pairs
                            if self.pref(a) and self.pref(a) == self.pref(b)) > lv["x"]:
                        continue
                    rest = perm[len(s1):]
                    while True:
                        got = self.homogeneous(rest, p_rem, lv, self.x_of(rest) + lv["x"] - x,
                                               low, lowest)
                        if got is not None:
                            return pairs + got[0], got[1]
                        if lv["b6d"]:
                            lv = dict(lv, b6d=False)
                        elif lv["b5d"]:
                            lv = dict(lv, b5d=False)
                        else:
                            break
                reached = lv
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


# ---------------------------------------------------------------------------------------
# C.12 and C.13 as written: no look-ahead, backtracking
# ---------------------------------------------------------------------------------------


class Backtrack(Exception):
    """C.12: the bracket undoes the previous bracket's pairing."""

    def __init__(self, p, trigger):
        super().__init__(trigger)
        self.p = p
        self.trigger = trigger


class LiteralBacktracking(Literal):
    """The 1992 text's C.12 and C.13 (the procedure of ``Literal`` for one bracket).

    * C.1: a player without an opponent in the bracket (B.1, B.2): moved down from a
      higher bracket -> C.12; otherwise moved down (in the lowest bracket C.1 is not run on
      its own: that player may be the one left for the bye, and C.13 runs when the bracket
      cannot be paired; reading lowest-c12=c12-first: its first case, C.12, for a moved-down
      player, not in a bracket C.13 joined; reading lowest-c1=at-once: C.13 at once).
    * The readings of C.12 and C.13 (another-player, c12-p, c13-p-zero, joined-bracket) are
      taken as the engine's module docstring says, each from the reading's own words.
    * C.12 ("in case of a heterogeneous group", so after C.11 in a bracket of fewer than
      half moved-down players, A.3; and from C.1): "undo the pairing of the previous score
      bracket.  If in this previous score bracket a pairing can be made whereby another
      player will be moved down to the current one, and this now allows p pairing to be
      made then this pairing ... will be accepted": the previous bracket is paired again
      from the start of its procedure, accepting only a pairing moving down a set of players
      never sent before, with which the bracket has p pairs allowed by B.1/B.2 (p of A.6 when
      C.1 sends it back).  The previous bracket does not backtrack meanwhile (the text asks
      for "a pairing ... in this previous score bracket"); reading c12-nested=recursive: a
      heterogeneous one does, by C.12 in turn (``c12_again``).  After C.11 and from C.1
      every time the bracket reaches them: C.1 runs again on the bracket C.12 gave other
      players, and C.11 may be reached again at the same p (``AGAIN``).
    * C.13 (the lowest bracket, with a penultimate one, when C.6-C.12 find nothing): "the
      pairing of the penultimate score bracket is undone.  Try to find another pairing in
      the penultimate score bracket which will allow a pairing in the lowest": paired again,
      accepting a pairing only if the lowest bracket's own procedure then pairs it; "if ...
      p becomes zero" the two are joined into a new lowest bracket (the penultimate's
      players as moved down into it, A.3) and C.13 repeats.
    """

    def __init__(self, t, round_no=None, readings=None):
        super().__init__(t, round_no, readings)
        self.cond = None
        #: ("C.12", trigger, found) / ("C.13", found) / ("C.13-join",), in order
        self.log: list[tuple] = []

    def leftover_ok(self, rest, lv, lower, lowest):
        # ``lower``: the players C.1 moved down from this bracket (they move down too)
        if lowest and not (len(rest) <= 1 and all(self.st[n].bye_eligible for n in rest)):
            return False
        for n in rest:
            if self.top(n):
                continue
            if lv["b5d"] and self.st[n].float_before(1) == "down":
                return False
            if lv["b6d"] and self.st[n].float_before(2) == "down":
                return False
        if lowest or self.cond is None:
            return True
        return self.cond(sorted(list(rest) + list(lower), key=self.key))

    def allows(self, players, p):
        """p pairs among ``players`` by B.1 and B.2 (the note to B per pair)."""

        def best(ps):
            if len(ps) < 2:
                return 0
            a, rest = ps[0], ps[1:]
            got = best(rest)
            for b in rest:
                if got >= p:
                    return got
                if self.may_meet(a, b, not self.free(a, b)):
                    got = max(got, 1 + best([q for q in rest if q != b]))
            return got

        return best(sorted(players, key=self.key)) >= p

    def het(self, m, n, joined):
        """A.3: fewer than half moved down; a bracket joined by C.13 with any moved down
        under reading joined-bracket=heterogeneous."""
        return m > 0 and (2 * m < n or (
            joined and self.readings.value("joined-bracket") == "heterogeneous"))

    def bracket(self, mdps, residents, lowest, cond=None, no_zero=False, may_backtrack=True,
                skip=frozenset(), penultimate=True, joined=False):
        """One bracket, C.1-C.14: (pairs, moved) or None (the lowest: C.13; paired again:
        no pairing that is wanted)."""
        self.cond = cond
        players = sorted(mdps + residents, key=self.key)
        mdps = sorted(mdps, key=self.key)
        down = []
        het0 = self.het(len(mdps), len(players), joined)
        if lowest and may_backtrack and not joined and \
                self.readings.value("lowest-c12") == "c12-first":
            # C.1's first case in the lowest bracket too (reading lowest-c12), before its
            # second: "if this player was moved down from a higher score bracket apply C12"
            for n in mdps:
                if ("C.1", n) not in skip and not any(
                        self.may_meet(n, o, not self.free(n, o)) for o in players if o != n):
                    raise Backtrack(len(mdps) if het0 else len(players) // 2, ("C.1", n))
        if lowest and penultimate and self.readings.value("lowest-c1") == "at-once" and any(
                not any(self.may_meet(n, o, not self.free(n, o)) for o in players if o != n)
                for n in players):
            return None  # C.1: "if this score bracket is the lowest one apply C13"
        if not lowest:
            for n in list(players):
                if not any(self.may_meet(n, o, not self.free(n, o)) for o in players if o != n):
                    if n in mdps and may_backtrack and ("C.1", n) not in skip:
                        raise Backtrack(len(mdps) if het0 else len(players) // 2, ("C.1", n))
                    down.append(n)
            players = [n for n in players if n not in down]
            mdps = [n for n in mdps if n not in down]

        def whole():
            moved = sorted(players + down, key=self.key)
            if cond is not None and not cond(moved):
                return None
            return [], moved

        n, m = len(players), len(mdps)
        homog = not self.het(m, n, joined)
        x0 = self.x_of(players)
        p = n // 2 if homog else m
        x, fresh = x0, True
        while True:
            if p < 0:
                return None
            if p == 0 and no_zero:
                return None
            self.cond = cond
            if p == 0 and not lowest:
                return whole()  # C.14: "the entire score bracket is moved down"
            if homog:
                for lv in self.levels(p, x, m > 0, fresh):
                    got = self.homogeneous(players, p, lv, lv["x"], down, lowest)
                    if got is not None:
                        return got[0], sorted(got[1] + down, key=self.key)
            else:
                got = self.heterogeneous(players, p, x, down, lowest, fresh)
                if got is not None:
                    return got[0], sorted(got[1] + down, key=self.key)
            # C.12, in case of a heterogeneous group
            if not homog and may_backtrack and ("C.11", p) not in skip:
                raise Backtrack(p, ("C.11", p))
            # C.13, in case of the lowest score bracket
            if lowest and penultimate:
                return None
            if not homog and p == 0:
                return whole()
            # C.14
            p -= 1
            if x0 > 0:
                x = max(0, x - 1)
            fresh = self.restore

    def c12_cond(self, tried, old, joined, residents, p):
        """C.12's test of the players the previous bracket moves down (``tried``: the sets
        sent before; ``old``: the set sent now)."""

        def c12(moved):
            moved = frozenset(moved)
            # "another player will be moved down" (reading another-player)
            another = self.readings.value("another-player")
            if another == "new-player":
                if not moved - frozenset().union(*tried):
                    return False
            elif moved in tried or (another == "same-size" and len(moved) != len(old)):
                return False
            # "this now allows p pairing" (reading c12-p: A.6's p recomputed)
            q = p
            if self.readings.value("c12-p") == "recomputed":
                m, n = len(moved) + len(joined), len(moved) + len(joined) + len(residents)
                q = m if self.het(m, n, bool(joined)) else n // 2
            return self.allows(list(moved) + joined + residents, q)

        return c12

    def c12_again(self, groups, carried, result, sent, j, cond, trigger):
        """C.12: "undo the pairing of the previous score bracket" ``j``; it is paired again
        accepting only a pairing meeting ``cond``.  Reading c12-nested=recursive: if it has
        none and is heterogeneous (A.3), it applies C.12 itself: its own previous bracket is
        paired again for a set never moved down to it before allowing its A.6 p (recursively),
        and it is paired again with each set it gets; if no set helps, every pairing stands."""
        pj, rj = groups[j]
        again = self.bracket(carried[j] + pj, rj, False, cond=cond, may_backtrack=False,
                             joined=bool(pj))
        self.log.append(("C.12", trigger, again is not None))
        m = len(carried[j]) + len(pj)
        if again is not None or self.readings.value("c12-nested") != "recursive" or j == 0 \
                or not self.het(m, m + len(rj), bool(pj)):
            return again
        saved = dict(result), dict(carried)
        while again is None:
            p = len(carried[j]) + len(pj)  # A.6's p of a heterogeneous bracket
            inner = self.c12_cond(set(sent[j]), frozenset(carried[j]), pj, rj, p)
            sub = self.c12_again(groups, carried, result, sent, j - 1, inner, ("C.12", p))
            if sub is None:
                result.clear(), result.update(saved[0])
                carried.clear(), carried.update(saved[1])
                return None
            result[j - 1], carried[j] = sub
            sent[j].add(frozenset(carried[j]))
            again = self.bracket(carried[j] + pj, rj, False, cond=cond, may_backtrack=False,
                                 joined=bool(pj))
        return again

    def round(self):
        rest = sorted((p.number for p in self.st.players if p.present), key=self.key)
        if not self.completable(rest):
            return None
        groups = []  # [joined by C.13, residents]
        while rest:
            top = self.st[rest[0]].score
            groups.append([[], [n for n in rest if self.st[n].score == top]])
            rest = [n for n in rest if self.st[n].score != top]
        carried = {0: []}
        result = {}
        skips: dict[int, set] = {}
        sent: dict[int, set] = {}
        i = 0
        while i < len(groups):
            lowest = i == len(groups) - 1
            joined, residents = groups[i]
            sent.setdefault(i, set()).add(frozenset(carried[i]))
            try:
                got = self.bracket(carried[i] + joined, residents, lowest,
                                   skip=frozenset(skips.get(i, ())), penultimate=i > 0,
                                   joined=bool(joined))
            except Backtrack as bt:
                skips.setdefault(i, set()).add(bt.trigger)
                j = i - 1
                if j < 0:  # a joined highest bracket: there is no previous one
                    continue
                c12 = self.c12_cond(set(sent[i]), frozenset(carried[i]), joined, residents,
                                    bt.p)
                again = self.c12_again(groups, carried, result, sent, j, c12, bt.trigger)
                if again is not None:
                    result[j] = again[0]
                    carried[i] = again[1]
                    # C.1 runs again on the new bracket, and calls C.12 every time
                    skips[i] = {t for t in skips[i] if t[0] not in AGAIN}
                continue
            if got is None:
                j = i - 1
                low_joined, low_residents = groups[i]

                def c13(moved, low_joined=low_joined, low_residents=low_residents):
                    saved = self.cond
                    try:
                        return self.bracket(list(moved) + low_joined, low_residents, True,
                                            may_backtrack=False,
                                            joined=bool(low_joined)) is not None
                    finally:
                        self.cond = saved

                # "if in the penultimate score bracket p becomes zero" (reading c13-p-zero)
                zero = self.readings.value("c13-p-zero") == "counts"
                again = self.bracket(carried[j] + groups[j][0], groups[j][1], False, cond=c13,
                                     no_zero=not zero, may_backtrack=False,
                                     joined=bool(groups[j][0]))
                self.log.append(("C.13", again is not None))
                if again is not None:
                    result[j] = again[0]
                    carried[i] = again[1]
                    continue
                self.log.append(("C.13-join",))
                pj, rj = groups[j]
                # reading rejoined: the lowest bracket's joined players stay moved down
                kept = low_joined if self.readings.value("rejoined") == "moved-down" else []
                groups[j] = [sorted(pj + rj + kept, key=self.key),
                             sorted([n for n in low_joined + low_residents if n not in kept],
                                    key=self.key)]
                del groups[i]
                result.pop(i, None)
                skips.pop(j, None)
                i = j
                continue
            result[i] = got[0]
            carried[i + 1] = got[1]
            i += 1
        pairs = [q for k in sorted(result) for q in result[k]]
        bye = carried.get(len(groups), [])
        assert len(bye) <= 1
        return {frozenset(q) for q in pairs}, (bye[0] if bye else None)


def literal_round(t, round_no=None, readings=None):
    """(set of unordered pairs, bye) by the text, C.12/C.13 included, or None when no
    complete pairing exists."""
    return LiteralBacktracking(t, round_no, readings).round()
