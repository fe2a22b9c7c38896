"""D.4: the least B3-factor in the lowest score bracket.

D.4: the B.3-factor in the lowest score bracket
===============================================

D.4 ("note for programmers", "the following rule must be followed by pairing programs"):
after repeated C.13 joins the lowest bracket may hold many scores; "the best pairing for
such a homogeneous score bracket or remainder is the one that minimizes the sum of the
squared differences between the scores of the two players in each pair (called
B3-factor). Getting the bye is equivalent to face an opponent with one point less than the
lowest ranked player".  The engine applies it where C.6 would take the first candidate of
a homogeneous lowest bracket or of its remainder (``least_b3``), and nowhere else:

* which brackets: reading ``d4-scope`` (default ``joined``: a lowest bracket C.13 made by
  joining, as D.4's first words say; ``several-scores``: any lowest bracket holding more
  than one score; ``never``).  A heterogeneous bracket's moved-down players are paired as
  before, first candidate of D.3/D.1 (D.4's Warning: "no exchanges in S1 are allowed");
  only its remainder is D.4's.
* the bye: reading ``d4-bye-score`` (default ``lowest-ranked``: an opponent one point below
  the score of the lowest ranked player of the lowest bracket, the last in A.2's order, so a
  bye to a player of score s costs (s - low + 1)^2, "even if resulting in -1";
  ``bye-player``: one point below the player who gets it, a cost of 1 whoever he is).
* which candidates: reading ``d4-level``.  Default ``b3-first``: B.3 outranks B.4-B.6 (the
  relative criteria "are in descending priority"), so the least B3-factor is sought over
  the first level of C.3/C.10 that any candidate meets and every later level of C.10 with
  B.2 as there (B.2 extends the absolute criteria and is not traded for B.3; A.7.d is
  traded by its own proviso, "as long as this does not result in ... pairs with a higher
  score difference", reading ``a7d-proviso``, default ``yields``; ``kept`` compares only
  the levels with A.7.d as there); the earliest level that has the least is taken.
  ``b3_first`` does it without
  searching every level: the last level of the stage asks the least of them all (the
  highest X and Z, B.5 and B.6 dropped), so its least is the least of every level; when the
  first level has it, the first level's pairing stands; otherwise the levels between are
  asked in order for a candidate of exactly that B3-factor (a walk that prunes every branch
  whose bound exceeds it; no search at all where the least allowed set of pairs exceeds
  it), and the first with one is taken, its first such candidate in D.2/D.1 order.  Each
  level asked is a ``b3-level`` event.  ``accepting``: only the first level a candidate
  meets, so D.4 replaces C.6's "the first" by "the least B3-factor" and lowers no
  requirement itself.  Why b3-first is the default: the priority of B.3 over B.4-B.6 is the
  text's own; D.4 calls the least B3-factor "the best pairing" and "the pairings which an
  arbiter seeing all the player's data naturally will achieve", and ``accepting`` can give
  the bye to the leader to spare one colour preference (golden case ``reading-d4-level``:
  the first level, X = 0, has 31.25 with the bye to the 5-point leader; b3-first takes
  27.25 at a level with X = 1); where the two values pair a generated round differently,
  bbpPairings (a witness of the 2025 rules, not an authority on the 2012 text) pairs it as
  b3-first in 21 of the first 40 such rounds of the golden search and as accepting in
  none.  A remainder keeps its
  heterogeneous bracket's level under both values: C.10 lowers the bracket's requirements
  as one.  Among equal B3-factors at a level, the first reached in the order of D.2 and D.1
  (the order C.6 takes them in).

The search returns exactly "enumerate every candidate of that level in D.2/D.1 order that
meets the requirements, take the least B3-factor, the first among equals".  It walks the
same attempts (the S1/S2 of each exchange of D.2, then the transpositions of D.1 depth
first, ``search.least_b3_transposition``) and prunes a branch only when (a) it is proved to
hold no acceptable arrangement (the proofs of ``first_transposition`` above), or (b) the
cost of the pairs already chosen plus the least assignment of the remaining S1 players to
the remaining S2 players by allowed pairs, the player left over costing his bye
(``search.assignment_bound``, the Hungarian method) is at least the best B3-factor found
so far.  Every arrangement below such a branch costs at least that bound (it is one of the
assignments the bound minimises over), so none is strictly lower than the best found, and
since a later candidate replaces the best only when strictly lower, none of them would be
taken.  The walk stops when the best equals the least B3-factor of any set of pairs allowed
at the level (a minimum-cost perfect matching of the bracket, ``matching.
min_cost_perfect_matching``): every candidate is such a set, so nothing later is lower.
Leaves are checked exactly (pairs, X, Z, the player left over).  Costs are integers (the
squared differences scaled by the scores' common denominator), so ties are exact.  The
trace's ``b3-factor`` event records the B3-factor taken, the first candidate's (and its
pairs when D.4 took another), the least allowed, and the numbers of candidates reached.
``tests/dutch2012_literal.py`` enumerates every candidate and takes the least, first among
equals, and agrees on every generated round (D.4 takes another than the first candidate in three
rounds of ``test_dutch2012_bruteforce.py`` and one of ``test_dutch2012_backtracking.py``).

Note: C.13 as read here backtracks before it joins, so D.4's own example is not met as a
whole round: the round with the example's players is paired A-F, B-C, D-E (the text's
answer) by C.13's backtrack to the 2.5-point bracket, and with the Warning's seventh player
also A-F, B-C, D-E, G bye, since the joined bracket of the Warning is never formed (golden
cases ``D.4-example``, ``D.4-warning``; ``tests/test_dutch2012_d4.py`` pairs the example's
bracket itself and finds the text's answers, Png2 4.25 over Png1 5.25, and A-F, B-D, C-E, G
bye).
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

from ... import matching
from .events import fmt
from .search import TABLES_UP_TO, B3Walk, PairTables, _memo, least_b3_transposition

#: D.4: at most this many branches of the walk for the least B3-factor once a candidate
#: is found (the engine's docstring)
D4_LIMIT = 20000


class _Least(tuple):
    """D.4's pairing of a homogeneous lowest bracket or remainder: (PairingFound, players
    left over, B3Factor), with ``value`` its exact B.3-factor (the event holds it as text)."""

    def __new__(cls, found, left, d4, value: Fraction):
        self = super().__new__(cls, (found, left, d4))
        self.value = value
        return self


class _NotLower:
    """A level of reading d4-level=b3-first without a candidate of the B3-factor sought:
    ``least`` is the least B.3-factor of any set of pairs allowed there; ``searched``:
    False when that alone shows it (above the one sought), True when a search did."""

    def __init__(self, least: Fraction, searched: bool):
        self.least = least
        self.searched = searched


class LeastB3:
    """D.4, where reading d4-scope puts it, as reading d4-level reads it."""

    def d4_in_force(self, b) -> bool:
        """D.4: "after repeated applications of rule C13 ... the lowest score bracket"
        (reading d4-scope)."""
        return b.lowest and (
            (self.d4_scope == "joined" and b.joined) or
            (self.d4_scope == "several-scores" and
             len({self.st[q].score for q in b.players}) > 1))

    def least_b3(self, b, players, p, tests, part, stats, target: Fraction | None = None):
        """D.4 for a homogeneous lowest bracket or remainder (``players`` in A.2 order):
        of the candidates of D.2/D.1 that meet ``tests`` (this level's requirements), the
        one with the least B.3-factor, the first reached among equals; the (PairingFound,
        players left over, B3Factor) as a ``_Least``, or None.

        With ``target`` (reading d4-level=b3-first: the least B3-factor of every level
        compared, so nothing here is lower): the first candidate whose B3-factor is
        ``target``, or a ``_NotLower`` when there is none -- without a search when no set of
        pairs allowed at this level reaches it (``searched`` False), else after a walk that
        prunes every branch whose bound exceeds it (the bound of ``least_b3_transposition``
        with ``best`` = target + 1).  The first candidate it reaches has the cost
        ``target``, and it is the first such in D.2/D.1 order: no branch holding one is
        pruned.  The B3Factor's first candidate is then C.6's, found as C.6 finds it.  The
        search and why it returns exactly that are in the module docstring."""
        st = self.st
        score, level, budget = b.score, tests.level, tests.budget
        check, must, single = tests.check, tests.must, tests.single
        low = b.low
        bye_at = low - 1 if self.d4_bye_lowest else None
        scores = [st[q].score for q in players] + [low]
        scale = 1
        for x in scores:
            scale = scale * x.denominator // gcd(scale, x.denominator)

        # the scores as integers (times their common denominator): exact and fast
        at = {q: int(st[q].score * scale) for q in players}
        bye_int = int(bye_at * scale) if bye_at is not None else None

        def cost(a: int, b: int) -> int:
            return (at[a] - at[b]) ** 2

        def spare(q: int) -> int:
            # the bye: an opponent one point below the lowest ranked player (reading
            # d4-bye-score), or one point below the player himself
            return (at[q] - bye_int) ** 2 if bye_int is not None else scale * scale

        # the level's verdict on each pair, its X and Z, and each player's colour kind,
        # asked once for every walk of this bracket (the walks ask them very often)
        allowed = _memo(tests.allowed)
        bad_x = _memo(self.bad_x)
        bad_z = _memo(self.bad_z) if budget.z is not None else (lambda a, b: False)
        kinds = self.kinds

        # the least B.3-factor of any set of pairs allowed at this level (the player left
        # over, if any, one who may be left alone): no candidate is lower
        extra = len(players) - 2 * p
        vs = list(players) + ([0] if extra else [])

        def ok(a: int, b: int) -> bool:
            if a == 0 or b == 0:
                return single((b or a,)) is None
            return allowed(a, b) is None

        least = least_b3_matching(vs, ok, at, spare)
        if least is None:
            return None
        sq = scale * scale
        walk = B3Walk(cost, spare, least[0])
        if target is not None:
            goal = target * sq
            if Fraction(least[0]) > goal:
                return _NotLower(Fraction(least[0], sq), searched=False)
            walk.floor = int(goal)
            walk.best = int(goal) + 1
            walk.seeded = True
        walk.node_limit = D4_LIMIT
        caps_bad = self.caps_bad(level) if budget.caps else ()
        # the level's pair questions as tables, in a bracket small enough (TABLES_UP_TO)
        tables = PairTables.of(players, allowed, bad_x, bad_z, budget.z is not None, cost) \
            if (len(players) // 2) * (len(players) - len(players) // 2) <= TABLES_UP_TO \
            else None
        for exchange, t1, t2 in self.d2_attempts(score, players, p):
            least_b3_transposition(
                t1, t2, allowed, bad_x, bad_z,
                budget, lambda rest, xl, zl, cl=(): check(rest), kinds, must, walk,
                (exchange, tuple(t1)), self.tick, caps_bad, tables)
            if walk.done:
                break
        if walk.limited:
            # not literal: the walk stopped after D4_LIMIT branches (module docstring)
            self.emit(self.ev.SearchLimit(article="D.4", score=score, n=walk.nodes,
                                          count=D4_LIMIT))
        stats["checked"] = stats.get("checked", 0) + walk.checked
        if walk.found is None:
            return _NotLower(Fraction(least[0], sq), searched=True) if target is not None \
                else None
        if target is not None:
            # the B3Factor's first candidate: C.6's, as C.6 finds it
            memo = type(tests)(level, budget, allowed, check, must, single)
            for _exchange, c1, c2 in self.d2_attempts(score, players, p):
                first = self.transpose(c1, c2, memo, {})
                if first is not None:
                    rest = tuple(first.order[p:])
                    walk.first = sum(cost(a, b) for a, b in first.pairs) + \
                        sum(spare(q) for q in rest)
                    walk.first_pairs, walk.first_left = tuple(first.pairs), rest
                    break
        exchange, t1 = walk.attempt
        f = walk.found
        found = self.found(b, part, list(t1), f, exchange, level, p)
        left = tuple(f.order[p:])
        d4 = self.ev.B3Factor(
            article="D.4", score=score, part=part, pairs=tuple(f.pairs), left=left,
            b3=fmt(Fraction(walk.best, sq)), first_b3=fmt(Fraction(walk.first, sq)),
            first_pairs=walk.first_pairs if walk.first_pairs != tuple(f.pairs) else (),
            first_left=walk.first_left if walk.first_pairs != tuple(f.pairs) else (),
            least=fmt(Fraction(walk.floor, sq)),
            bye_score=fmt(bye_at) if bye_at is not None else None,
            accepted=walk.accepted, checked=walk.checked)
        return _Least(found, list(left), d4, Fraction(walk.best, sq))

    def b3_first(self, b, level, levels, got, stats):
        """Reading d4-level=b3-first: D.4's least B3-factor over the first level a candidate
        meets (``level``, its result ``got``) and the levels after it (``levels``, the rest
        of C.10's order) while B.2 stands as there (and A.7.d, by reading a7d-proviso=kept);
        the first level that has the least, its first candidate of that B3-factor in D.2/D.1
        order.

        The last of those levels asks the least of them all (the highest X and Z, B.5 and
        B.6 dropped; A.7.d too, by reading a7d-proviso=yields), so every candidate of the
        others is one of its candidates: its least
        B3-factor is the least of every level.  If the first level has it, it stands;
        otherwise the levels between are asked, in order, for a candidate of exactly that
        B3-factor (``least_b3``'s ``target``), and the first that has one is taken: that is
        the first level whose own least is the least of all.  Each level asked is a
        ``b3-level`` event.  Returned: the pairing and the level it was found at."""
        players, p = b.players, b.p1
        stage = [level]
        for nxt in levels:
            # A.7.d's proviso: strong preferences are treated as absolute "as long as this
            # does not result in ... pairs with a higher score difference" (reading
            # a7d-proviso=yields): C.10.f's levels are compared too
            if nxt.b2 != level.b2 or (not self.a7d_yields and nxt.a7d != level.a7d):
                break
            stage.append(nxt)

        def told(lv, outcome, found=None, best=None, least=None):
            # one b3-level event: ``found`` a _Least (its B3-factor and least allowed)
            if isinstance(found, _Least):
                b3, least = fmt(found.value), found[2].least
            else:
                b3 = None
            self.emit(self.ev.B3Level(article="D.4", score=b.score, requirements=lv.facts(p),
                                      step=lv.step, outcome=outcome, b3=b3,
                                      best=fmt(best) if best is not None else None,
                                      least=least))

        told(level, "first", got)
        if len(stage) == 1:
            return got, level
        last = stage[-1]
        loosest = self.try_homogeneous(b, players, p, last, self.budget_of(last),
                                       "homogeneous", stats)
        if not isinstance(loosest, _Least) or loosest.value >= got.value:
            # nothing lower anywhere (a search limit aside: the last level has every
            # candidate of the first)
            told(last, "loosest-stands", loosest, got.value)
            return got, level
        target = loosest.value
        told(last, "loosest", loosest, got.value)
        for nxt in stage[1:-1]:
            r = self.try_homogeneous(b, players, p, nxt, self.budget_of(nxt), "homogeneous",
                                     stats, target=target)
            if isinstance(r, _Least):
                told(nxt, "taken", r, target)
                return r, nxt
            if isinstance(r, _NotLower):
                told(nxt, "higher" if r.searched else "floor", None, target, fmt(r.least))
            else:
                told(nxt, "none", None, target)
        told(last, "taken", loosest, target)
        return loosest, last


def least_b3_matching(vs: list, ok, at: dict, spare):
    """The least B3-factor of any set of pairs allowed at a level (D.4) and a matching
    that has it, as ``matching.min_cost_perfect_matching`` gives them (``(cost, mate)``,
    None when no such set exists): a pair's cost is its squared score difference (``at``,
    the scores as integers), the bye's (vertex 0) ``spare`` of its assignee.  Found first
    by the dual ascent of ``matching.ascended_matching``: the cost is a function of the
    two scores, so it splits into one term per end that depends on the two ends' classes
    only, each end the whole cost (twice the cost: the same minimum).  Where the ascent
    does not settle it, the weighted algorithm does.  ``tests/test_dutch2012_least_b3.py``
    compares the two."""
    def cost(u: int, v: int) -> int:
        if u == 0 or v == 0:
            return spare(v or u)
        return (at[u] - at[v]) ** 2

    def klass(v: int):
        return None if v == 0 else at[v]

    mate = matching.ascended_matching(vs, ok, cost, klass)
    if mate is None:
        return matching.min_cost_perfect_matching(vs, ok, cost)
    place = {v: i for i, v in enumerate(vs)}
    return sum(cost(u, v) for u, v in mate.items() if place[u] < place[v]), mate

