"""C.4-C.9 and D.1-D.3: the candidates of a bracket at one level, walked in the text's order.

Literal, but not exponential
============================

Within one set of requirements (one pass of C.3-C.9) the text enumerates candidates in a
fixed order and accepts the first that meets the requirements: the MDP sets of D.3 (outer,
heterogeneous brackets), the exchanges of D.2 (homogeneous brackets and remainders, in the
"exact procedure" order), and for each S1/S2 the transpositions of D.1 (lexicographic in
S2's A.2 order; D.1.2: with S1 smaller, only the first len(S1) places count, so equal
prefixes are the same attempt).  The engine walks the same orders.  For the transpositions
it walks the lexicographic order depth first, S1[0]'s partner first, and skips a subtree
only when it is *proved* to contain no acceptable arrangement: the remaining S1 players
cannot all be matched to the remaining S2 players by allowed pairs (Kuhn/Berge: one
bipartite maximum matching, warm-started), or a counting bound shows the colour budget X
(or Z) cannot be kept (the pairs of the same colour preference forced by the numbers of
White/Black/no preferences on each side are a lower bound of the pairs spending X), or a
player who may not be left unpaired cannot be covered (Mendelsohn-Dulmage: a matching
covering S1 and one covering those players give one covering both).  Every skipped
arrangement is one the literal enumeration rejects, and arrangements are visited in the
literal order, so the first one accepted is the literal one.  The leaves (complete
arrangements) are checked exactly: the pairs, X and Z spent, and the players left over.
For a heterogeneous bracket the leaf check is the whole C.6/C.9 step: the remainder is
paired (homogeneously, with what is left of X and Z) and only if it succeeds is the
arrangement accepted; remainders are memoised by their set and budget, since C.9 only
ever asks the same question again.

The lowering order of C.10 is walked literally.  Its "restart from C.3.x" re-sets every
requirement set after C.3.x, so the float requirements behave as a binary counter (B.6 for
upfloaters the lowest digit, then B.5 up, B.6 down, B.5 down), inside the X/Z steps of
C.10.e (Z from Z1 up to X, then X + 1 with Z reset), inside A.7.d (odd rounds), inside B.2
(top scorers, last round).  C.14 then decreases P1, X1, Z1 (homogeneous, or heterogeneous
after a remainder was reached) or M1 (C.14.b.2, and in the lowest bracket as C.13 says).

C.10's last sentence, "Any criterion may be dropped only for the minimum number of pairs in
the score bracket": a level that drops B.5/B.6 (for upfloaters: pairs; for downfloaters: the
players left over), A.7.d or B.2 takes the first candidate, in the order above, among those that
break each dropped criterion the least number of times any candidate of the level does, the
most important criterion first (B.2 for top scorers, A.7.d, B.5 down, B.6 down, B.5 up,
B.6 up: the reverse of the order C.10 drops them in); where D.4 chooses, its least
B3-factor comes first (B.3 outranks B.5 and B.6).  ``bracket.BracketSteps.fewest`` asks the level again with caps of
1, 2, ... breaches (the walk spends them like X, ``search.Budget.caps``, and proves a branch
empty only when a cap cannot be kept, the colour bound's proof): the first candidate under
the least caps is that candidate.  Every dropped criterion is broken at least once by every
candidate (the level with it in force came first and failed), so the level is asked again
only when its first candidate breaks one twice or more.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Callable

from ... import matching
from ...records import dataclass, fields
from .search import Budget, Found, _memo, exchanges, first_transposition, mdp_sets

#: D.2: at most this many exchanges of N players are listed (the engine's docstring)
LIMIT = 20000
#: ``some_leftover`` lists the sets a bracket paired again may leave when at most this many
WISH_SETS = 2000
#: the pair criteria a level's caps count (C.10's last sentence), as the walk names them
PAIR_CAPS = {"b2": "B.2", "a7d": "A.7.d", "b5u": "B.5", "b6u": "B.6"}


@dataclass
class Tests:
    """What a candidate must meet at one level: ``allowed`` a pair (B.1, B.2, A.7.d,
    B.5/B.6 for upfloaters), ``budget`` the X and Z it may spend, ``check`` the players it
    leaves over (``leftover_check``), ``must`` a player who may not be left over (or
    None), ``single`` one player left alone."""

    level: object
    budget: Budget
    allowed: Callable
    check: Callable
    must: Callable | None = None
    single: Callable | None = None
    #: A.8's X and Z of a pair, asked once for every walk of this level (``_memo``; None:
    #: the engine's own, asked once per walk)
    bad_x: Callable | None = None
    bad_z: Callable | None = None


class Generation:
    """C.4-C.9 and the enumerations of D.1-D.3 (``search``)."""

    #: the letter the text gives the number of pairs (the lowest bracket's leftover)
    pairs_letter = "P"
    #: B.5/B.6 for downfloaters spare nobody (an edition's note may spare some)
    downfloat_exempt = None
    #: the search prunes on the players who may not be left over, and on a perfect
    #: matching of the whole bracket first (exact prunings: they change only the count
    #: of candidates checked, which the trace reports)
    leaf_prunings = True
    #: D.2's listing limit ends the exchanges (else only that size is skipped)
    d2_limit_ends = False

    def leftover_check(self, b, level, wanted: bool = True):
        """The players a homogeneous pairing (or remainder) leaves: None if they may be
        left (B.5/B.6 for downfloaters in force; in the lowest bracket at most one, who may
        have the bye; when the bracket is paired again by C.12/C.13, with the players C.1
        moved down, what the backtrack wants), else the criterion."""
        again = b.again
        wish = again.wants if wanted and again is not None else None
        article = again.article if again is not None else None
        lowest, down, st, fmap = b.lowest, b.down, self.st, self.fmap
        letter, exempt = self.pairs_letter, self.downfloat_exempt
        # C.10's last sentence: a criterion for downfloaters dropped only for the minimum
        # number of them (the level's caps)
        capped = [(name, n) for name, n in getattr(level, "caps", ()) if name in ("b5d", "b6d")]

        def check(rest: tuple[int, ...]) -> str | None:
            if lowest:
                if len(rest) > 1:
                    return letter
                if rest and (not st[rest[0]].bye_eligible or rest[0] in fmap):
                    return "B.1.b"
            for q in rest:
                if exempt is not None and exempt(q):
                    continue
                if level.b5d and st[q].float_before(1) == "down":
                    return "B.5"
                if level.b6d and st[q].float_before(2) == "down":
                    return "B.6"
            for name, cap in capped:
                if sum(1 for q in rest if not (exempt is not None and exempt(q)) and
                       self.left_breaks(name, q)) > cap:
                    return "B.5" if name == "b5d" else "B.6"
            if lowest or wish is None:
                return None
            if not wish(sorted(list(rest) + down, key=self.key)):
                return article
            return None

        return check

    def budget_of(self, level) -> Budget:
        """The budget of ``level``: X, Z and the caps of its dropped pair criteria (C.10's
        last sentence; ``caps_bad`` says which pairs spend each)."""
        return Budget(level.x, level.z, tuple(n for name, n in getattr(level, "caps", ())
                                              if name in PAIR_CAPS))

    def caps_bad(self, level) -> tuple:
        """(criterion, pair breaks it) for each cap of ``budget_of(level)``, in its order."""
        return tuple((PAIR_CAPS[name], self.pair_breaks(name))
                     for name, _n in getattr(level, "caps", ()) if name in PAIR_CAPS)

    def try_homogeneous(self, b, players, p, level, budget, part, stats, target=None):
        """C.4-C.8.a for a homogeneous bracket or remainder (``players``, ``p`` pairs,
        ``part`` its name in the events) at ``level`` with ``budget``: the first (exchange,
        transposition) in D.2/D.1 order meeting the requirements, or None; where D.4
        applies, its least B3-factor (``least_b3``, ``target``: see there)."""
        players = sorted(players, key=self.key)
        n = len(players)
        check = self.leftover_check(b, level)
        if p == 0:
            if check(tuple(players)) is None:
                return self.found(b, part, (), Found(players, [], 0, 0, [], 0), (), level,
                                  0), players
            return None
        if self.too_few_down(b, n - 2 * p):
            return None
        # a necessary condition for every exchange at once: the colour budget by the
        # numbers of preferences
        if self.x_bound_any(players, p) > budget.x:
            return None
        if n == 2 * p and check(()) is not None:
            # nobody can be left over, so every candidate ends in the same leaf question,
            # "may nobody move down from here?" (the rest of the round completable): when
            # the answer is no, the literal enumeration rejects every candidate
            return None
        # the pair questions of this level, asked once for all its exchanges' walks (each
        # walk asks the same pairs: a pair's answers depend on the pair and the level)
        tests = Tests(level, budget, _memo(self.allowed_at(level)), check,
                      bad_x=_memo(self.bad_x), bad_z=_memo(self.bad_z))
        # the round's search budget: a matching question on n players (``prune`` asks it
        # once per set of requirements, and charges it then)
        self.tick(1 if self.leaf_prunings else n)
        if self.leaf_prunings and not self.prune(b, tests, players, p):
            return None
        if not self.leaf_prunings and not self.p_pairs(b, tests, players, p):
            # no exchange's S1 can be paired: every walk ends at its root, no candidate
            # checked; D.2's sizes are still walked for the events they record (the
            # exchanges themselves are not listed: no walk would read them)
            for _ in self.d2_sizes(b.score, p, n - p, listed=False):
                pass
            return None
        if b.d4 and n - 2 * p <= 1:
            return self.least_b3(b, players, p, tests, part, stats, target)
        for exchange, t1, t2 in self.d2_attempts(b.score, players, p):
            found = self.transpose(t1, t2, tests, stats)
            if found is not None:
                return self.found(b, part, t1, found, exchange, level, p), found.order[p:]
            if not exchange and not self.leaf_prunings and not self.x_pairs(b, tests, players, p):
                # no exchange's walk can reach a candidate (X): D.2's sizes are walked for
                # their events only, as above
                for _ in self.d2_sizes(b.score, p, n - p, listed=False):
                    pass
                return None
        return None

    def p_pairs(self, b, tests: Tests, players: list[int], p: int) -> bool:
        """P allowed pairs among ``players`` (a maximum matching): without them no S1 of any
        exchange can be paired, so every walk of D.1 stops at its root matching question
        before any candidate.  The pruning of an engine without ``leaf_prunings``: it skips
        no candidate the walk would check.  Asked once per set of requirements but X."""
        key = ("pairs", tuple(players), p, self.shape(tests.level))
        got = b.pruned.get(key)
        if got is None:
            self.tick(len(players))
            allowed = tests.allowed
            got = b.pruned[key] = len(matching.max_matching(
                players, lambda x, y: allowed(x, y) is None)) // 2 >= p
        return got

    def x_pairs(self, b, tests: Tests, players: list[int], p: int) -> bool:
        """P allowed pairs among ``players`` spending at most the X of ``tests.budget``:
        without them no walk of D.1, for any exchange's S1, reaches a leaf.  A leaf is
        S1's P players each given an S2 partner by an allowed pair (``_admit``), no more
        than X of them spending X: P allowed pairs among the bracket's players spending at
        most X.  So without such pairs every walk stops before any candidate (at its root
        matching question or at a pair over the budget), none is checked, and the level
        fails as the literal enumeration fails it.  The pruning of an engine without
        ``leaf_prunings``, asked once the first exchange's walk found nothing (most levels
        are settled by it); the least X (``least_x``) only when X is below P."""
        if tests.budget.x >= p:
            return True
        key = ("pairs", tuple(players), p, self.shape(tests.level))
        return self.least_x(b, key, tests.allowed, players, p, tests.budget.x) <= \
            tests.budget.x

    def least_x(self, b, key: tuple, allowed, players: list[int], p: int, x: int) -> int:
        """The least X that any P allowed pairs among ``players`` spend (there are P such
        pairs), or an upper bound of it when that is already at most ``x``.  The bound: a
        maximum matching grown from one of the pairs that spend no X (P of its pairs,
        those spending none first).  The least: a minimum-cost perfect matching of the
        players and one place for each player not paired (a place takes any player, never
        another place; a pair costs 1 when it spends X).  Each asked once per set of
        requirements but X."""
        n = len(players)
        ok = lambda u, v: allowed(u, v) is None  # noqa: E731
        bound = b.pruned.get(key + ("x-bound",))
        if bound is None:
            self.tick(n)
            good = matching.max_matching(players, lambda u, v: ok(u, v) and not self.bad_x(u, v))
            m = matching.max_matching(players, ok, good)
            clean = sum(1 for u, v in m.items() if u < v and not self.bad_x(u, v))
            bound = b.pruned[key + ("x-bound",)] = max(0, p - clean)
        if bound <= x:
            return bound
        least = b.pruned.get(key + ("least-x",))
        if least is None:
            self.tick(n)
            places = [-i for i in range(1, n - 2 * p + 1)]
            least = b.pruned[key + ("least-x",)] = matching.min_cost_perfect_matching(
                players + places, lambda u, v: (u > 0 or v > 0) and (u < 0 or v < 0 or ok(u, v)),
                lambda u, v: 0 if u < 0 or v < 0 else int(self.bad_x(u, v)))[0]
        return least

    def too_few_down(self, b, left: int) -> bool:
        """Paired again by C.13, a candidate leaving ``left`` players (and C.1's) moved down
        cannot be what the backtrack wants: fewer than its ``need`` (``c13_need``).  Every
        candidate of the level is rejected by the literal enumeration then, at its leaf."""
        again = b.again
        return again is not None and again.wants is not None and \
            len(b.down) + left < again.need

    def prune(self, b, tests: Tests, players: list[int], p: int) -> bool:
        """The exact prunings (``leaf_prunings``): sets ``tests.must`` and ``tests.single``;
        False when no candidate can meet the level: P allowed pairs among the players, each
        player left over allowed to be left alone (the dummies stand for the places left
        over)."""
        n = len(players)
        check = tests.check
        # the answer reads the pairs allowed and the players' leaving alone, not X or Z:
        # the same at every X/Z step of C.10.e, so asked once per set of the other
        # requirements (the tests below are set again each time)
        shape = (tuple(players), p) + self.shape(tests.level)
        if n - 2 * p == 1:
            known: dict[int, bool] = {}

            def must(q):
                got = known.get(q)
                if got is None:
                    got = known[q] = check((q,)) is not None
                return got

            tests.must = must
        extra = n - 2 * p
        # with one player left over the whole leaf question is his; with more, only what
        # each must meet alone (B.5, B.6; in the lowest bracket the bye, B.1.b)
        if extra > 1:
            single = self.leftover_check(b, tests.level, wanted=False)
        else:
            single = check
        tests.single = single
        allowed = tests.allowed

        def ok(a: int, b: int) -> bool:
            if a < 0 and b < 0:
                return False
            if a < 0 or b < 0:
                q = b if a < 0 else a
                return single((q,)) is None
            return allowed(a, b) is None

        got = b.pruned.get(shape)
        if got is None:
            self.tick(n)
            got = b.pruned[shape] = matching.has_perfect_matching(
                players + [-i for i in range(1, extra + 1)], ok) is not None and \
                self.some_leftover(b, players, extra, check, allowed)
        return got

    def some_leftover(self, b, players: list[int], extra: int, check, allowed) -> bool:
        """Paired again by C.12/C.13 with several players left over, what the backtrack
        wants is a test of the whole set left (``check``), which the matching of ``prune``
        cannot read: the sets of ``extra`` players are listed (when at most ``WISH_SETS``),
        and False -- no candidate can meet the level -- when none passes ``check`` with the
        rest pairable by allowed pairs.  Exact: a candidate's pairs are allowed pairs
        covering the players but the ones it leaves, and its leaf asks ``check`` of them."""
        if extra < 2 or b.again is None or b.again.wants is None or \
                comb(len(players), extra) > WISH_SETS:
            return True
        good = [r for r in combinations(players, extra) if check(r) is None]
        if len(good) > WISH_SETS // 10:
            return True
        return any(matching.has_perfect_matching(
            [q for q in players if q not in r], lambda x, y: allowed(x, y) is None)
            is not None for r in good)

    def d2_attempts(self, score, players, p):
        """The S1/S2 of C.7/C.8 in D.2's order (``players`` in A.2 order): (exchange, S1,
        S2), first as C.4 forms them, then after each exchange of 1, 2, ... players
        (``exchanges``, by ``d2_sizes``)."""
        n2 = len(players) - p
        s1, s2 = players[:p], players[p:]
        yield (), s1, s2
        for size, ex in self.d2_sizes(score, p, n2):
            for seq, (a, b) in enumerate(ex, start=1):
                out1 = [players[i - 1] for i in a]
                in2 = [players[i - 1] for i in b]
                yield ((size, tuple(out1), tuple(in2), seq),
                       sorted([q for q in s1 if q not in out1] + in2, key=self.key),
                       sorted([q for q in s2 if q not in in2] + out1, key=self.key))

    def d2_sizes(self, score, n1: int, n2: int, listed: bool = True):
        """D.2's exchange sizes 1, 2, ... for S1 of ``n1`` and S2 of ``n2`` players: (size,
        its exchanges in the text's order, or None when not ``listed``), each size only
        while it has at most LIMIT exchanges (a search-limit event, once: the larger sizes
        are as long, or, ``d2_limit_ends``, none of them)."""
        limited = False
        for size in range(1, min(n1, n2) + 1):
            if comb(n1, size) * comb(n2, size) > LIMIT:
                if not limited:
                    self.emit(self.ev.SearchLimit(article="D.2", score=score, n=size,
                                                  count=LIMIT))
                    limited = True
                if self.d2_limit_ends:
                    return
                continue
            yield size, exchanges(n1, n2, size, LIMIT) if listed else None

    def transpose(self, s1, s2, tests: Tests, stats):
        """C.7: the first transposition of ``s2`` (D.1) meeting ``tests``."""
        budget = tests.budget
        check = tests.check
        return first_transposition(
            s1, s2, tests.allowed, tests.bad_x or self.bad_x,
            (tests.bad_z or self.bad_z) if budget.z is not None else (lambda a, b: False),
            budget, lambda rest, xl, zl, cl=(): check(rest), self.kinds, tests.must, stats,
            self.tick, self.caps_bad(tests.level) if budget.caps else ())

    def found(self, b, part, s1, f, exchange, level, p):
        """C.6: the candidate accepted, as its event."""
        return self.ev.PairingFound(article="C.6", score=b.score, part=part, s1=tuple(s1),
                                    s2=tuple(f.order), pairs=tuple(f.pairs),
                                    exchange=exchange, transposition=f.index,
                                    requirements=level.facts(p), x_used=f.x_used,
                                    z_used=f.z_used, rejected=tuple(f.rejected))

    def het_pairable(self, b, level, allowed, s1: list[int], s2: list[int], p1: int) -> bool:
        """C.6/C.9 for every arrangement of one S1 (D.3) at once: False when no candidate
        can have both its S1 pairs and a remainder of P1 - M1 pairs, by allowed pairs, each
        player left over one who may be left alone (B.5/B.6; the bye in the lowest
        bracket).  Exact: an accepted candidate is such a perfect matching of S1, S2 and
        one place (a dummy) for each player left over -- S1 with S2 only, S2 among itself
        and with the places -- so without one every leaf fails (its remainder's own
        ``prune`` says so, or a later test)."""
        extra = len(s1) + len(s2) - 2 * p1
        key = ("het", tuple(s1), p1, self.shape(level))
        got = b.pruned.get(key)
        if got is not None:
            return got
        self.tick(len(s1) + len(s2))
        single = self.leftover_check(b, level, wanted=False)
        top = set(s1)

        def ok(x: int, y: int) -> bool:
            if x < 0 or y < 0:
                q = y if x < 0 else x
                return q >= 0 and q not in top and single((q,)) is None
            if x in top and y in top:
                return False
            return allowed(x, y) is None

        got = b.pruned[key] = matching.has_perfect_matching(
            list(s1) + list(s2) + [-i for i in range(1, extra + 1)], ok) is not None
        return got

    @staticmethod
    def reach(b):
        """The leaf test of a walk asked only whether it reaches a leaf: it marks the
        bracket (a remainder reached, C.14.b.1) and stops the walk there."""

        def reached(rest, xl, zl):
            b.reached = True
            return None

        return reached

    @staticmethod
    def shape(level) -> tuple:
        """The requirements of ``level`` but X and Z (C.10.e's steps)."""
        return tuple(getattr(level, f.name) for f in fields(level)
                     if f.name not in ("x", "z", "step", "caps"))

    def try_heterogeneous(self, b, level, stats):
        """C.4-C.9 for a heterogeneous bracket at its M1 and P1: the D.3 sets of M1 MDPs
        (C.8.b), the D.1 transpositions of S2 (C.7), and for each the remainder (C.6,
        C.9)."""
        allowed = _memo(self.allowed_at(level))  # asked once for every MDP set's walk
        mdps = sorted(b.mdps, key=self.key)
        memo: dict = {}
        whole = self.readings.value("remainder-budget") == "bracket"
        m1, p1 = b.m1, b.p1
        for seq, s1 in enumerate(mdp_sets(mdps, m1), start=1):
            s1 = list(s1)
            s2 = sorted([q for q in b.players if q not in s1], key=self.key)
            got: list = []

            def remainder(rest, xl, zl, cl=()):
                b.reached = True
                key = (rest, xl, zl, cl)
                if key not in memo:
                    # the caps of C.10's last sentence count the whole score bracket
                    memo[key] = self.try_homogeneous(
                        b, list(rest), p1 - m1, level,
                        Budget(xl, zl, cl) if whole else Budget(level.x, level.z, cl),
                        "remainder", stats)
                r = memo[key]
                if r is None:
                    return "C.9"
                got.append(r)
                return None

            if self.leaf_prunings and not self.het_pairable(b, level, allowed, s1, s2, p1):
                # no arrangement's remainder can be paired: the walk would reject every
                # leaf; only whether it reaches one (C.14.b.1 reads it) is asked
                if not b.reached:
                    first_transposition(
                        s1, s2, allowed, self.bad_x,
                        self.bad_z if level.z is not None else (lambda a, c: False),
                        Budget(level.x, level.z), self.reach(b), self.kinds, None, {},
                        self.tick)
                continue
            found = first_transposition(
                s1, s2, allowed, self.bad_x,
                self.bad_z if level.z is not None else (lambda a, c: False),
                self.budget_of(level), remainder, self.kinds, None, {}, self.tick,
                self.caps_bad(level))
            if found is not None:
                het = self.ev.PairingFound(
                    article="C.6", score=b.score, part="heterogeneous", s1=tuple(s1),
                    s2=tuple(found.order), pairs=tuple(found.pairs),
                    exchange=(len(s1), tuple(s1), (), seq) if m1 < len(mdps) else (),
                    transposition=found.index, requirements=level.facts(m1),
                    x_used=found.x_used, z_used=found.z_used, rejected=tuple(found.rejected))
                rem = got[-1]
                return [het, rem[0]] + list(rem[2:]), rem[1]
        return None
