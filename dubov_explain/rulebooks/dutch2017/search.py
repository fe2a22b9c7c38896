"""Section B of the Dutch 2017 text where it departs from Articles 3-4 of 2026: what the
candidates are compared on besides C.8-C.19 (``criteria``), and the best a bracket can
reach (B.1's MaxPairs and M1, C.5-C.7).  The sequence of candidates (B.2-B.7, D.1-D.3) is
2026's (3.2-3.7, 4.1-4.4), walked by ``dutch2026/search.py``'s ``Generation``:

* D.3's order of the MDP-exchanges (the highest different score, then the lowest
  lexicographic BSNs of the new S1) is 4.4.2's order of the sets of pairable MDPs (the
  smallest differing BSN: BSNs follow A.2's order, score first) among S1s of the same
  scores, which are all a bracket's Limbos hold outside A.9's CLB (next point; in the CLB,
  :meth:`Generation.heterogeneous`);
* C.5-C.6 are 2026's [C6]-[C7]: with as many pairs as C.5 allows, the PSD of A.8 (the SDs
  of the pairs and of the downfloaters, each downfloater's one point above his score's
  difference to the bracket's lowest) is smallest exactly when the downfloaters' scores,
  in descending order, are (a paired MDP's SD is one less than it would be as a
  downfloater, a resident's SD as a downfloater is 1, the smallest a downfloater has); so
  MaxPairs, M1 and the Limbo are found as 2026 finds them, by an optimal matching -- where
  the residents share one score: not in the CLB, whose residents have several (there
  MaxPairs and M1 so, every Limbo walked and the PSD compared candidate by candidate).

What differs (each a method below, named by its 2017 article):

* there is no PAB criterion (2026's [C5], [C9]): the PAB is the last bracket's downfloater
  (A.5, A.9's note), so the matching weighs no bye's score, and no candidate its
  assignee's unplayed games;
* C.4 (completion) binds only the PPB of A.9 (and the last bracket, whose downfloater must
  be allowed the PAB: C.2); any other bracket is paired by C.5-C.19 alone, and only when
  its downfloaters do not allow the round to be completed is it re-paired as the PPB
  (``engine``);
* C.7 (a bracket neither the PPB nor the CLB) weighs the following bracket alone -- its
  pairs and then its PSD, i.e. its downfloaters and their scores -- not a completion of the
  round as 2026's [C8] does.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ... import matching
from ..dutch2026.search import (_BYE, _FIXED, _LOWER, _MDP, _NEXT, _RES, BYE,
                                LIMIT, SearchLimitReached)

#: C.7's value when the following bracket has no pairing to weigh (worse than any)
NO_C7 = (1 << 62, ())
#: the vertices standing for "left unpaired" in C.7's matching (the following bracket may
#: leave any number of players unpaired: they float further down)
_SPARE = -1_000_000


class Generation:
    """What 2017 weighs differently, over 2026's ``Generation`` (a mixin of the engine:
    ``self.mode`` is ``"bracket"``, ``"ppb"``, ``"last"`` or ``"clb"``: the bracket being
    paired, A.9's PPB, the last bracket, A.9's collapsed last bracket)."""

    def optimum(self, bmdps: frozenset, bres: frozenset, fixed: frozenset,
                lower: tuple[int, ...]):
        """The best pairing of the bracket's MDPs and residents (``bmdps``, ``bres``) with
        the downfloaters already ``fixed``: fewest downfloaters, then their scores (C.5,
        C.6); then, in a bracket neither the PPB nor the last, the following bracket's (its
        downfloaters, their scores: C.7).  In the PPB and the last bracket every player of
        ``lower`` is paired too, with one PAB to a player C.2 allows when the number is odd
        (C.4); elsewhere only the following scoregroup is looked at, and anybody may stay
        unpaired.  Returns None when no such pairing exists, else 2026's shape ``(-1,
        (count, scores), bracket downfloaters, (count, scores))``."""
        complete = self.mode != "bracket"
        key = (bmdps, bres, fixed, lower, complete)
        got = self._opt_cache.get(key, False)
        if got is not False:
            return got
        st = self.st
        bset = bmdps | bres
        nxt = self.next_group(lower)
        place = self.order().__getitem__  # (1.2's order: ``key``'s, read once a round)
        real = sorted(bset | fixed, key=place) + (list(lower) if complete else
                                                  sorted(nxt, key=place))
        vertices = list(real)
        if complete:
            if len(vertices) % 2:
                vertices.append(BYE)
        else:
            vertices += [_SPARE - i for i in range(len(real))]
        # the scores as their places among the round's (``score_ranks``: integers, the
        # same order and equalities), each ranked among those of ``real``
        g = self.score_ranks()
        scores = sorted({g[n] for n in real})
        rank = {s: i for i, s in enumerate(scores)}
        n = len(vertices)
        base = n + 1
        k = len(scores)
        un = base ** k
        mn = (n + 1) * un + 1
        ub = mn * base ** k

        def spare(u):
            return u == BYE or u <= _SPARE

        def inside_b(u, v):
            return u in bset and v in bset and not (u in bmdps and v in bmdps)

        def in_n(u, v):
            return u in fixed or u in nxt or (u in bset and not inside_b(u, v))

        def inside_n(u, v):
            return not spare(v) and in_n(u, v) and in_n(v, u) and (u in nxt or v in nxt)

        def player_cost(u, v):
            r = rank[g[u]]
            c = 0
            if u in bset and not inside_b(u, v):
                c += ub + mn * base ** r  # C.5, C.6
            if not complete and in_n(u, v) and not inside_n(u, v):
                c += un + base ** r  # C.7
            return c

        # reading c7-last-bracket=pab: a following bracket that is the last leaves unpaired
        # only players C.2 allows the PAB -- for a candidate's downfloaters (``rest``); the
        # bracket's own best (MaxPairs, M1: C.5, C.6) is not bound by it, and its C.7 is then
        # a lower bound of every candidate's
        pab = not complete and not bset and lower and len(nxt) == len(lower) and self.c7_pab

        allowed = self.pab_allowed()

        def compatible(u, v):
            if spare(u) and spare(v):
                return not complete
            if spare(u) or spare(v):
                x = v if spare(u) else u
                if not complete and not (pab and x in nxt or pab and x in fixed):
                    return True
                return allowed[x]  # C.2
            return self.fits(u, v)  # C.1, C.3 (asked once per pair: ``fits``)

        def cost(u, v):
            if spare(u) and spare(v):
                return 0
            if spare(u) or spare(v):
                x = v if spare(u) else u
                return player_cost(x, BYE)
            return player_cost(u, v) + player_cost(v, u)

        # warm start: the last completion's pairs (often the same players below); only
        # where the search starts changes, not whether a perfect matching exists
        feasible = matching.has_perfect_matching(vertices, compatible,
                                                 initial=self.__dict__.get("_opt_warm"))
        if feasible is None:
            got = None
        else:
            self._opt_warm = feasible
            mate = self._least_matching(vertices, compatible, cost, bmdps, bset, fixed, nxt,
                                        rank, complete, (mn, ub, un, base))
            down_b = sorted((u for u in bset if not inside_b(u, mate[u])), key=self.key)
            down_n = [] if complete else [u for u in real if in_n(u, mate[u])
                                          and not inside_n(u, mate[u])]
            got = (self.c6_floor(), (len(down_b), tuple(sorted((st[u].score for u in down_b), reverse=True))),
                   tuple(down_b),
                   (len(down_n), tuple(sorted((st[u].score for u in down_n), reverse=True))))
        self._opt_cache[key] = got
        return got

    def _least_matching(self, vertices, compatible, cost, bmdps, bset, fixed, nxt, rank,
                        complete, units):
        """A minimum-cost perfect matching of :meth:`optimum`'s graph (``cost``), found as
        2026's ``optimum`` finds its own (``zero_slack_matching``, then the weighted
        algorithm only when that shortcut does not settle it): its facts, which the cost
        encodes digit by digit, are those of every minimum.

        The shortcut needs the cost as one term per end that depends on the other end's
        class only; 2017's is 2026's shape (``_FLOATS``): a player's own C.5/C.6 digits
        when he leaves the bracket, his C.7 digits when he leaves the following one
        (outside the PPB and the last bracket), by the kinds of the two ends -- an MDP or a
        resident of the bracket, a downfloater already fixed, a player of the next
        scoregroup, of a lower one -- and a vertex standing for "unpaired" (the PAB, or a
        spare of C.7's matching) whose own term is 0.  ``term(u, v) + term(v, u) ==
        cost(u, v)`` for every pair (``tests/test_dutch2017_optimum.py`` compares every
        matching's cost with the weighted algorithm's minimum)."""
        mn, ub, un, base = units
        st = self.st

        def spare(u):
            return u == BYE or u <= _SPARE

        kind = {v: (_BYE if spare(v) else _MDP if v in bmdps else _RES if v in bset else
                    _FIXED if v in fixed else _NEXT if v in nxt else _LOWER) for v in vertices}
        g = self.score_ranks()
        rk = {v: rank[g[v]] for v in vertices if not spare(v)}
        term, klass, level, term_lower = self.class_terms(
            kind, rk, lambda r: ub + mn * base ** r,
            lambda r: 0 if complete else un + base ** r, lambda v: 0)
        mate = self.zero_slack_matching(vertices, compatible, term, klass, level) or \
            self.zero_slack_matching(vertices, compatible, term_lower, klass) or \
            matching.ascended_matching(vertices, compatible, term, klass)
        if mate is None:
            _, mate = matching.min_cost_perfect_matching(vertices, compatible, cost)
        return mate

    def heterogeneous(self, mdps: list[int], residents: list[int], max_pairs: int, m1: int,
                      limbo_scores: tuple, root: tuple) -> None:
        """B.7 with D.3's MDP-exchanges.  Outside the CLB, 2026's walk: its Limbos all hold
        the scores :meth:`optimum` leaves unpaired (the least, the module's docstring: there
        C.6's PSD is smallest exactly then), and of those 4.4.2's order is D.3.b's.

        In the CLB of A.9 the residents have several scores, and the PSD of A.8 (C.6) is
        not smallest exactly when the Limbo holds the lowest scores: an MDP paired with a
        low resident may weigh more than a higher one left in the Limbo (B.3: "bound to be
        downfloaters", so counted by A.8; the PAB, A.9's note).  So every S1 of M1 MDPs is
        walked, C.6 compared candidate by candidate (``consider``), in D.3's order: the S1
        with the highest different score first (D.3.a), then, among S1s of the same
        scores, the lowest lexicographic BSNs (D.3.b: 2026's walk of those Limbos)."""
        if self.mode != "clb" or not limbo_scores:
            super().heterogeneous(mdps, residents, max_pairs, m1, limbo_scores, root)
            return
        st = self.st
        every = Counter(st[n].score for n in mdps)
        s1_lists = sorted(score_multisets(every, m1), reverse=True)  # D.3.a
        for s1_scores in s1_lists:
            left = every - Counter(s1_scores)
            limbo = tuple(sorted(left.elements(), reverse=True))
            super().heterogeneous(mdps, residents, max_pairs, m1, limbo, root)
            if self.settled(root):
                return

    def c6_floor(self):
        """The least C.6 can be: in the CLB of A.9, whose residents have several scores, the
        PSD of A.8 is compared candidate by candidate (its pairs' score differences differ)
        and nothing is known below the empty list; elsewhere C.5's pairs and the
        downfloaters' scores fix it (the module's docstring), and the slot is constant."""
        return () if self.mode == "clb" else -1

    def psd(self, pairs, down) -> tuple:
        """A.8: the score differences of the pairs and of the downfloaters (each against one
        point less than the bracket's lowest score), highest first, in integers: multiples
        of ``self.unit`` (:meth:`in_units`' scale: the same order as the points, and the
        walk compares them many times per candidate); :meth:`psd_points` gives them in
        points."""
        su = self.score_units()
        low = int((self._lowest - 1) * self.unit)
        xs = [abs(su[a] - su[b]) for a, b in pairs] + [su[n] - low for n in down]
        xs.sort(reverse=True)
        return tuple(xs)

    def psd_points(self, pairs, down) -> tuple:
        """:meth:`psd` in points (the trace's C.6)."""
        d = self.unit
        return tuple(Fraction(x, d) for x in self.psd(pairs, down))

    def score_units(self) -> dict[int, int]:
        """Each player's score in units (``self.unit``: integers, the same differences)."""
        got = self.__dict__.get("_score_units")
        if got is None:
            d = self.unit
            got = self._score_units = {p.number: int(p.score * d) for p in self.st.players}
        return got

    def lower_bound(self, base: tuple, pairs, s1_left=(), s2_free=(), floaters: bool = False,
                    rest: int = 0):
        """2026's bound of every candidate completing ``pairs``; in the CLB, C.6 bounded by
        the PSD of the pairs formed so far (more pairs and downfloaters only add score
        differences, and a list sorted highest first with one more element is never
        smaller); and the pairs' part of the bound with each S1 player's least score
        difference (:meth:`clb_least_psd`): the larger of the two.  Where that one is not
        better than the best, the walk leaves the part at once; where it is, the walk keeps
        it as the part's bound (``transpositions`` computes a part's bound once) and leaves
        the part as soon as a later best reaches it -- by :meth:`clb_least_psd`'s argument
        every candidate of the part would then be cut by its last bound, the best only
        improving, so the same candidates are evaluated.  (Kept alone, the pairs' PSD, a
        shorter list than any candidate's, is reached by no best: a perfect candidate was
        then proved optimal node by node, 74 s at round 2 of 300 players.)"""
        got = super().lower_bound(base, pairs, s1_left, s2_free, floaters, rest)
        if got is None or self.mode != "clb":
            return got
        extra = self._extra  # what pairing ``s1_left`` added, when computed
        got = (max(got[0], self.psd(pairs, ())),) + got[1:]
        if not s1_left or not self.better(got):
            return got
        # the same bound without the S2 players left over (they are no pairs' players):
        # they count in [C14] and [C16] alone (2026's ``fresh_bound``), the slots 7 and 9
        if not floaters:
            paired = got
        elif extra is not None:
            paired = list(got)
            paired[7] -= extra[4]
            paired[9] -= extra[6]
            paired = tuple(paired)
        else:
            paired = super().lower_bound(base, pairs, s1_left, s2_free, rest=rest)
        tight = (self.clb_least_psd(pairs, s1_left, s2_free),) + paired[1:]
        return max(got, tight)

    def clb_least_psd(self, pairs, s1_left, s2_free) -> tuple:
        """In the CLB, with the rest of 2026's bound of the pairs (``floaters`` false: C.7,
        the PAB slot, C.8-C.19 of the pairs formed and what pairing ``s1_left`` must add to
        C.8-C.11), a lower bound of what the walk compares at each candidate completing
        ``pairs`` (the S1 players ``s1_left`` each paired with one of ``s2_free``) just
        before evaluating it: :meth:`lower_bound` of all its pairs, ``(PSD of the pairs,
        C.7, 0, C.8-C.19 of the pairs)``, the S2 players it leaves unpaired not counted.
        Used only when it is not better than the best found: then no such candidate is
        evaluated by the walk (each is cut by that last bound, the best only improving
        meanwhile), so the part can be left at once with the same result, the same
        candidates evaluated (``checked``) in the same order.

        Why it is a bound: each player of ``s1_left`` is paired with a player of
        ``s2_free`` who breaks no absolute criterion with him (the walk pairs no other
        way), so his pair's score difference is at least the least such one; a remainder
        (3.7.1) only adds pairs.  A PSD sorted highest first that holds, one for one, an
        element at least as large as each of another list's (and maybe more elements) is
        not smaller than it; the PSD of the pairs formed so far with those least
        differences is such a list.  C.7 and the PAB slot are the CLB's constants (every
        candidate's, remainders' too: ``optimum``'s C.6 floor ``()``, no following
        bracket), C.8-C.19 of more pairs only add counts and list elements, and 2026's
        bound of what pairing ``s1_left`` adds to C.8-C.11 counts those pairs alone (its
        part for the S2 players left over, ``floaters``, is left out: the walk's last bound
        does not count them)."""
        su = self.score_units()
        free = set(s2_free)
        sds = [abs(su[a] - su[b]) for a, b in pairs]
        for a in s1_left:
            for d, group in self.fit_order(a):
                if not group.isdisjoint(free):
                    sds.append(d)
                    break
        sds.sort(reverse=True)
        return tuple(sds)

    def fit_order(self, a: int) -> tuple:
        """The players of the bracket being paired whom ``a`` may meet (``fits``: C.1,
        C.3), grouped by score, each group with its score's difference to ``a``'s, in the
        order of those differences (and of the scores, for equal differences), asked once
        a bracket: :meth:`clb_least_psd` looks, at every step of the walk, for the first
        group that holds a free S2 player."""
        memo = self._fit_orders
        got = memo.get(a)
        if got is None:
            fits, su = self.fits, self.score_units()
            groups: dict = {}
            for b in self._bracket:
                if b != a and fits(a, b):
                    groups.setdefault(su[b], set()).add(b)
            ua = su[a]
            got = memo[a] = tuple((abs(ua - s), frozenset(groups[s]))
                                  for s in sorted(groups, key=lambda s: (abs(ua - s), s)))
        return got

    def rest(self, down: frozenset, lower: tuple[int, ...]):
        """A candidate whose downfloaters are ``down``: in the last bracket at most one, whom
        C.2 allows the PAB; in the PPB, downfloaters that let the round be completed (C.4);
        elsewhere C.7's value (never None).  Returns None or ``(-1, C.7)``."""
        if not lower:
            if not down:
                return (-1, (0, ()))
            if len(down) == 1:
                (x,) = down
                if self.st[x].bye_eligible and x not in self.fmap:
                    return (-1, (0, ()))
            return None
        got = self.optimum(frozenset(), frozenset(), down, lower)
        if self.mode == "bracket":
            # C.7 over no pairing of the following bracket (reading c7-last-bracket=pab: none
            # leaves the PAB to a player C.2 allows): the worst value, not a bar -- the
            # candidate may still be the best, and then A.9 makes the bracket the PPB
            return (-1, got[3] if got is not None else NO_C7)
        return None if got is None else (-1, (0, ()))

    def consider(self, pairs, down_res: tuple, limbo: frozenset, facts: dict) -> None:
        """B.4: evaluate one candidate and keep it if better than the best so far (B.8):
        C.7, then C.8-C.19 over every player it leaves unpaired, the Limbo too."""
        self._count += 1
        if self._count > LIMIT:
            raise SearchLimitReached
        ctx = self._ctx
        down = frozenset(down_res) | limbo
        got = self.rest(down, ctx["lower"])
        if got is None:  # C.4 (the PPB), C.2 (the last bracket's PAB)
            return
        _, c7 = got
        floaters = tuple(down_res) + tuple(sorted(limbo))
        c6 = self.psd(pairs, down) if self.mode == "clb" else -1
        vec = (c6, c7, 0) + tuple(self.candidate_quality(pairs, floaters))
        if self.improves(vec):
            self._best = (vec, dict(facts, pairs=tuple(pairs),
                                    downfloaters=tuple(sorted(down, key=self.key))))
            if self._first_only:
                raise SearchLimitReached  # ``capped_walks``: only the first was asked


def score_multisets(counts: Counter, k: int) -> list[tuple]:
    """Every multiset of ``k`` scores that ``counts`` (a score's number of players) can
    give, each as a tuple in descending order: the scores of the S1s of ``k`` MDPs, listed
    without listing the S1s themselves (their number grows as a binomial, the scores'
    multisets at most as the product of each score's count plus one)."""
    scores = sorted(counts, reverse=True)
    out: list[tuple] = []

    def take(i: int, left: int, got: tuple) -> None:
        if left == 0:
            out.append(got)
            return
        if i == len(scores):
            return
        s = scores[i]
        for n in range(min(counts[s], left), -1, -1):
            take(i + 1, left - n, got + (s,) * n)

    take(0, k, ())
    return out

