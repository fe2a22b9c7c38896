"""The enumerations of section D, walked in their own order, and the first acceptable one.

Pure search over player numbers: what a candidate must satisfy is given as callables by the
engine (``engine.py``), which knows the criteria.

* :func:`exchanges` lists the exchanges of D.2 in the order of its "exact procedure"
  (DELTA, then the S1 list in decreasing lexicographic order, then the S2 list in increasing
  lexicographic order); the numbers are the players' positions in the bracket (A.2 order,
  1 = highest), as in the text's examples.
* :func:`mdp_sets` lists the S1 sets of D.3 (the M1-subsets of the MDPs, lexicographic).
* :func:`first_transposition` returns the first arrangement of S2 in the order of D.1
  (lexicographic in S2's A.2 order; with S1 smaller than S2, D.1.2: only the first len(S1)
  count) whose pairs S1[i]-S2[i] are acceptable, by a depth-first walk of that order that
  prunes a branch only when it is *proved* to hold no acceptable arrangement (see the
  engine's docstring).
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from itertools import combinations
from math import comb
from typing import Callable, Sequence

from ... import matching
from ...matching.hall import HallCertificates
from ...records import dataclass


def exchanges(n1: int, n2: int, size: int, limit: int):
    """D.2: the exchanges of ``size`` players between S1 = positions 1..n1 and S2 = n1+1..
    n1+n2, in the text's order, as (S1 positions, S2 positions).  None when there would be
    more than ``limit`` of them (the caller records it)."""
    count = comb(n1, size) * comb(n2, size)
    if count > limit:
        return None
    # decreasing lexicographic order of subsets written high to low (5,4 / 5,3 / ... / 2,1)
    s1 = sorted((tuple(sorted(c, reverse=True)) for c in combinations(range(1, n1 + 1), size)),
                reverse=True)
    s2 = list(combinations(range(n1 + 1, n1 + n2 + 1), size))
    out = []
    for i, a in enumerate(s1):
        sa = sum(a)
        for j, b in enumerate(s2):
            out.append((sum(b) - sa, i, j, a, b))
    out.sort()
    return [(a, b) for _, _, _, a, b in out]


def mdp_sets(mdps: Sequence[int], m1: int):
    """D.3: the sets of M1 MDPs for S1, highest first, in lexicographic order."""
    return list(combinations(mdps, m1))


@dataclass
class Budget:
    """What a candidate may spend: pairs not fulfilling all colour preferences (X) and,
    in even rounds, not fulfilling strong ones (Z); ``caps``, the pairs that may break each
    criterion C.10 dropped "only for the minimum number of pairs" (its last sentence), in
    the order of the walk's ``caps_bad`` (empty: none counted)."""

    x: int
    z: int | None
    caps: tuple = ()


@dataclass
class Found:
    order: list[int]  # S2 in the accepted order (paired prefix, then the rest in A.2 order)
    pairs: list[tuple[int, int]]
    x_used: int
    z_used: int
    rejected: list[tuple[int, tuple]]
    index: int


def x_bound(side1: Counter, side2: Counter) -> int:
    """Pairs that must spend X when S1 players of these kinds are paired with S2 players of
    these kinds, by the numbers alone: White seekers of S1 beyond the Black seekers of S2,
    and the other way round, not absorbed by S2 players without a preference."""
    aw = side1[("w", False)] + side1[("w", True)]
    ab = side1[("b", False)] + side1[("b", True)]
    bw = side2[("w", False)] + side2[("w", True)]
    bb = side2[("b", False)] + side2[("b", True)]
    bn = sum(side2.values()) - bw - bb
    excess = (aw - min(aw, bb)) + (ab - min(ab, bw))
    return excess - min(excess, bn)


def z_bound(side1: Counter, side2: Counter) -> int:
    """The same for Z: strong (or absolute) seekers of a colour in S1 beyond the S2 players
    who are not strong seekers of that colour."""
    total2 = sum(side2.values())
    return sum(max(0, side1[(c, True)] - (total2 - side2[(c, True)])) for c in ("w", "b"))


def _lex_index(choice: Sequence[int], pool: Sequence[int]) -> int:
    """The index of the k-prefix ``choice`` among the k-arrangements of ``pool`` taken in
    lexicographic order (0 = the unchanged order).

    Each place i counts its position among the players still free times the arrangements
    of the later places, P(n-i-1, k-i-1); those are built from the last place up (each the
    one after it times n-i), so a prefix of thousands costs one product per place, not one
    per place and later place."""
    rest = list(pool)
    n, k = len(pool), len(choice)
    positions = []
    for c in choice:
        pos = rest.index(c)
        positions.append(pos)
        rest.pop(pos)
    if not any(positions):
        return 0
    idx = 0
    per = 1  # P(n-i-1, k-i-1) for the place i below
    for i in range(k - 1, -1, -1):
        if positions[i]:
            idx += positions[i] * per
        per *= n - i
    return idx


def _bounds_ok(count: list, xleft: int, zleft: int | None) -> bool:
    """The colour budgets X (and Z) can still be kept by the players still to pair, whose
    numbers by preference are ``count`` (S1 side, S2 side): :func:`x_bound`, :func:`z_bound`."""
    if x_bound(count[0], count[1]) > xleft:
        return False
    return zleft is None or z_bound(count[0], count[1]) <= zleft


def _memo(f: Callable[[int, int], object]) -> Callable[[int, int], object]:
    """``f`` asked once per pair: the walk asks the same pairs again in every branch, and a
    pair's answer (a criterion, X or Z spent) depends on the pair alone within one walk.
    A function this made is returned as it is: a caller that asks many walks of one level
    (D.4's, one per exchange) wraps it once and shares its answers."""
    if getattr(f, "memo", None) is not None:
        return f
    cache: dict = {}

    def g(a: int, b: int):
        key = (a, b)
        got = cache.get(key, cache)
        if got is cache:
            got = cache[key] = f(a, b)
        return got

    g.memo = cache
    return g


#: the pair tables (``partners``, ``PairTables``) are kept for walks of at most this many S1 x
#: S2 pairs (a bracket of about 200 players): in a round of thousands a matching question
#: reads the partners of every S1 player it visits, and the lists would hold millions of
#: pairs (round 1 of 9,999 players: 2.6 GB), where asking ``pred`` per pair probes a few
TABLES_UP_TO = 10_000


class _OnDemand(dict):
    """A table filled on first use: for each player asked, ``make(player)``, computed once
    (its partners, or its pairs' costs).  The walks read it where they would ask the pair
    functions, which are pure: the same answers."""

    def __init__(self, make: Callable[[int], object]):
        super().__init__()
        self.make = make

    def __missing__(self, a: int):
        got = self[a] = self.make(a)
        return got


def partners(pool: Sequence[int], pred: Callable[[int, int], bool]) -> _OnDemand:
    """For each player asked, the set of players of ``pool`` it makes a pair with by
    ``pred`` (in ``pool``'s order, made when first asked)."""
    return _OnDemand(lambda a: {b for b in pool if pred(a, b)})


def colour_bound_ok(rest1: Sequence[int], rest2: Sequence[int], m: dict, ok, bad,
                    left: int | None, keep: dict | None = None,
                    clean_near: dict | None = None) -> bool:
    """Can the S1 players ``rest1`` still be paired with the S2 players ``rest2`` spending
    at most ``left`` of a colour budget (X, or Z), ``bad(a, b)`` the pairs that spend it?
    False only when *proved* impossible: every arrangement pairs ``rest1`` by allowed pairs
    (``ok``), and at most nu of them can be pairs that do not spend, nu the maximum matching
    of ``rest1`` into ``rest2`` by allowed pairs that do not spend (Kuhn/Berge); so every
    arrangement spends at least len(rest1) - nu.  ``m``, an allowed matching covering
    ``rest1``, settles it at once when it spends no more than ``left`` itself.

    The answer is whether nu >= len(rest1) - ``left``, whatever matchings it starts from:
    the matching question stops as soon as that is settled (``enough``), and ``keep`` (a
    dict the caller keeps across the questions of one walk, for this ``ok`` and ``bad``)
    carries the pairs that do not spend found by the last question into the next, whose
    players differ from it by a few (each of its pairs is allowed and spends nothing
    whatever the players around it).  ``clean_near`` (optional): each player's partners by
    allowed pairs that do not spend, as a table (the same answers as ``ok`` and ``bad``)."""
    if left is None or left >= len(rest1):
        return True
    spent = 0
    clean = {}  # m's pairs that do not spend (m's keys are rest1, in its order)
    for a in rest1:
        b = m[a]
        if bad(a, b):
            spent += 1
        else:
            clean[a] = b
    if spent <= left:
        return True
    if keep:
        clean.update(keep)
    enough = len(rest1) - left
    nu = matching.bipartite_max_matching(rest1, rest2,
                                         lambda a, b: not bad(a, b) and ok(a, b), clean,
                                         trusted=True, enough=enough, neighbours=clean_near)
    if keep is not None:
        keep.clear()
        keep.update(nu)
    return len(nu) >= enough


def _spend(a: int, b: int, caps: tuple, caps_bad: Sequence) -> tuple | None:
    """The caps left after pairing a with b (C.10's last sentence), or None when the pair
    breaks a criterion whose cap is spent."""
    left = []
    for (_name, bad), n in zip(caps_bad, caps):
        if bad(a, b):
            if n <= 0:
                return None
            n -= 1
        left.append(n)
    return tuple(left)


def _caps_ok(rest1, rest2, m: dict, ok, caps: tuple, caps_bad: Sequence,
             keeps: dict | None = None) -> bool:
    """Each cap can still be kept by the S1 players ``rest1`` (:func:`colour_bound_ok`'s
    proof with the criterion's pairs as the ones that spend; ``keeps``, its ``keep`` for
    each criterion, by name)."""
    return all(colour_bound_ok(rest1, rest2, m, ok, bad, n,
                               None if keeps is None else keeps.setdefault(name, {}))
               for (name, bad), n in zip(caps_bad, caps))


def _admit(a: int, b: int, allowed, bad_x, bad_z, xleft: int, zleft: int | None,
           rejected: list, caps: tuple = (), caps_bad: Sequence = ()):
    """The X and Z left after pairing a with b (and, with ``caps``, the caps left), or None
    with the reason appended to ``rejected``: the criterion that forbids the pair, or the
    budget (X, Z, a cap of C.10's last sentence: the criterion's name) it would exceed."""
    if caps:
        got = _admit(a, b, allowed, bad_x, bad_z, xleft, zleft, rejected)
        if got is None:
            return None
        left = _spend(a, b, caps, caps_bad)
        if left is None:
            rejected.append((b, next(name for (name, bad), n in zip(caps_bad, caps)
                                     if n <= 0 and bad(a, b))))
            return None
        return got + (left,)
    why = allowed(a, b)
    if why is not None:
        rejected.append((b, why))
        return None
    bx = bad_x(a, b)
    bz = bad_z(a, b) if zleft is not None else False
    if bx and xleft <= 0:
        rejected.append((b, "X"))
        return None
    if bz and zleft is not None and zleft <= 0:
        rejected.append((b, "Z"))
        return None
    return xleft - bx, (zleft - bz if zleft is not None else None)


def first_transposition(
    s1: Sequence[int],
    s2: Sequence[int],
    allowed: Callable[[int, int], str | None],
    bad_x: Callable[[int, int], bool],
    bad_z: Callable[[int, int], bool],
    budget: Budget,
    leftover_ok: Callable[[tuple[int, ...], int, int | None], str | None],
    kind: Callable[[int], tuple[str, bool]] | dict,
    must_pair: Callable[[int], bool] | None = None,
    stats: dict | None = None,
    tick: Callable[..., None] | None = None,
    caps_bad: Sequence = (),
) -> Found | None:
    """The first arrangement of ``s2`` (D.1 order) pairing every S1 player acceptably.

    ``allowed(a, b)`` is None or the criterion that forbids the pair at this level;
    ``bad_x``/``bad_z`` say whether a pair spends X / Z; ``leftover_ok(rest, x left, z left)`` is None or the
    reason the S2 players left unpaired may not be left so; ``kind(n)`` is a player's colour
    preference ("w", "b" or "-") and whether it is strong or absolute, from which
    :func:`x_bound` and :func:`z_bound` bound what the rest must spend (the numbers are kept
    as the walk goes, not recounted); ``must_pair(q)`` says that S2 player q may not be left
    unpaired (a necessary condition only).  ``tick(n)`` counts the walk's steps for the
    round's search budget (``machine.RoundMachine.tick``): one per pair tried and per
    attempt, and as many as S1 players left per matching question.  ``caps_bad``: (name,
    pair breaks it) for each of ``budget.caps`` (C.10's last sentence), spent like X; with
    them, ``leftover_ok`` is given the caps left as a fourth argument.
    """
    k = len(s1)
    if len(s2) < k:
        return None
    allowed, bad_x, bad_z = _memo(allowed), _memo(bad_x), _memo(bad_z)
    caps_bad = tuple((name, _memo(bad)) for name, bad in caps_bad)
    stats = stats if stats is not None else {}
    chosen: list[int] = []
    used: set[int] = set()
    rejected: list[list] = [[] for _ in range(k)]
    # ``kind`` may be given as a table already (the engine's ``kinds``)
    kinds = kind if isinstance(kind, dict) else {n: kind(n) for n in list(s1) + list(s2)}
    # the numbers of each (preference, hard) among the S1 players still to pair (side 0)
    # and the S2 players still free (side 1)
    count = [Counter(kinds[n] for n in s1), Counter(kinds[n] for n in s2)]

    need_warm: dict[int, int] = {}
    # the colour bounds' matchings of pairs that do not spend, carried from one question
    # to the next (:func:`colour_bound_ok`'s ``keep``)
    keep_x: dict[int, int] = {}
    keep_z: dict[int, int] = {}
    keep_caps: dict[str, dict] = {}
    ok_pair = lambda a, b: allowed(a, b) is None  # noqa: E731
    # each S1 player's partners in S2 by allowed pairs (and by those that spend no X, no
    # Z), listed once for the walk's matching questions -- in a small walk only: in a large
    # one a matching question probes a few pairs per player, and a list would ask them all
    if k * len(s2) <= TABLES_UP_TO:
        near = partners(s2, ok_pair)
        near_x = partners(s2, lambda a, b: ok_pair(a, b) and not bad_x(a, b))
        near_z = partners(s2, lambda a, b: ok_pair(a, b) and not bad_z(a, b))
    else:
        near = near_x = near_z = None

    def bounds_ok(xleft: int, zleft: int | None) -> bool:
        return _bounds_ok(count, xleft, zleft)

    def feasible(i: int, xleft: int, zleft: int | None, warm: dict,
                 caps: tuple = ()) -> dict | None:
        rest1 = s1[i:]
        rest2 = [q for q in s2 if q not in used]
        if tick is not None:
            tick(len(rest1))  # a matching question costs about as many steps as players
        if not bounds_ok(xleft, zleft):
            return None
        # ``warm`` is an answer of this same question for other players (trusted)
        m = matching.bipartite_max_matching(rest1, rest2, ok_pair, warm, trusted=True,
                                            neighbours=near)
        if len(m) < len(rest1):
            return None
        if not colour_bound_ok(rest1, rest2, m, ok_pair, bad_x, xleft, keep_x, near_x) or \
                not colour_bound_ok(rest1, rest2, m, ok_pair, bad_z, zleft, keep_z, near_z):
            return None
        if caps and not _caps_ok(rest1, rest2, m, ok_pair, caps, caps_bad, keep_caps):
            return None
        if must_pair is not None:
            image = set(m.values())
            need = [q for q in rest2 if must_pair(q) and q not in image]
            if need:
                need = [q for q in rest2 if must_pair(q)]
                # Mendelsohn-Dulmage: a matching covering rest1 and one covering `need`
                # give one covering both
                mm = matching.bipartite_max_matching(need, rest1,
                                                     lambda b, a: allowed(a, b) is None,
                                                     need_warm)
                if len(mm) < len(need):
                    return None
                need_warm.clear()
                need_warm.update(mm)  # a warm start for the next question only
        return m

    def warm_spends_ok(i: int, warm: dict, xleft: int, zleft: int | None,
                       caps: tuple = ()) -> bool:
        """The rest of ``warm`` (S1[i:]) spends no more X and Z than left: else the colour
        bound (:func:`colour_bound_ok`) is asked again by a matching question."""
        rest1 = s1[i:]
        if xleft < len(rest1) and sum(1 for x in rest1 if bad_x(x, warm[x])) > xleft:
            return False
        for (_name, bad), n in zip(caps_bad, caps):
            if n < len(rest1) and sum(1 for x in rest1 if bad(x, warm[x])) > n:
                return False
        return zleft is None or zleft >= len(rest1) or \
            sum(1 for x in rest1 if bad_z(x, warm[x])) <= zleft

    def undo(i: int) -> None:
        """Take back S1[i]'s partner: the branch held no acceptable arrangement (C.7)."""
        a, b = s1[i], chosen.pop()
        count[0][kinds[a]] += 1
        count[1][kinds[b]] += 1
        used.discard(b)
        rejected[i].append((b, "C.7"))
        for j in range(i + 1, k):
            rejected[j].clear()

    def walk(xleft: int, zleft: int | None, warm: dict, caps: tuple) -> bool:
        """The depth-first walk of D.1's order, with an explicit stack (one frame per S1
        player given a partner: its X and Z left, its warm matching and the next S2
        position to try), so that a bracket of any size is walked without recursion."""
        # frame: [i, xleft, zleft, warm, next position in s2, caps left]
        stack = [[0, xleft, zleft, warm, 0, caps]]
        while stack:
            frame = stack[-1]
            i, xleft, zleft, warm, pos, cl = frame
            if i == k:
                rest = tuple(q for q in s2 if q not in used)
                stats["checked"] = stats.get("checked", 0) + 1
                if (leftover_ok(rest, xleft, zleft, cl) if caps_bad else
                        leftover_ok(rest, xleft, zleft)) is None:
                    return True
            else:
                a = s1[i]
                descended = False
                while pos < len(s2):
                    b = s2[pos]
                    pos += 1
                    if b in used:
                        continue
                    if tick is not None:
                        tick()
                    left = _admit(a, b, allowed, bad_x, bad_z, xleft, zleft, rejected[i],
                                  cl, caps_bad)
                    if left is None:
                        continue
                    nx, nz = left[0], left[1]
                    nc = left[2] if cl else cl
                    used.add(b)
                    chosen.append(b)
                    count[0][kinds[a]] -= 1
                    count[1][kinds[b]] -= 1
                    if warm.get(a) == b:
                        nxt = warm  # the rest of a maximum matching still covers the rest
                        ok = bounds_ok(nx, nz)
                        if ok and not warm_spends_ok(i + 1, warm, nx, nz, nc):
                            # it spends too much: the colour bound asks its own question
                            nxt = feasible(i + 1, nx, nz, warm, nc)
                            ok = nxt is not None
                        elif ok and must_pair is not None:
                            # the warm matching, less a-b, still covers the rest of S1; if
                            # it also covers every player who may not be left over, it
                            # proves both at once
                            image = {warm[x] for x in s1[i + 1:]}
                            if any(must_pair(q) and q not in image for q in s2 if q not in used):
                                ok = feasible(i + 1, nx, nz, warm, nc) is not None
                    else:
                        nxt = feasible(i + 1, nx, nz, warm, nc)
                        ok = nxt is not None
                    if ok:
                        frame[4] = pos
                        stack.append([i + 1, nx, nz, nxt, 0, nc])
                        descended = True
                        break
                    undo(i)
                if descended:
                    continue
            stack.pop()  # this branch holds nothing: back to the player before
            if stack:
                undo(stack[-1][0])
        return False

    if tick is not None:
        tick()  # the attempt itself: its feasibility questions
    root = feasible(0, budget.x, budget.z, {}, budget.caps)
    if root is None:
        return None
    if not walk(budget.x, budget.z, root, budget.caps):
        return None
    pairs = list(zip(s1, chosen))
    xu = sum(1 for a, b in pairs if bad_x(a, b))
    zu = sum(1 for a, b in pairs if bad_z(a, b)) if budget.z is not None else 0
    order = chosen + [q for q in s2 if q not in used]
    return Found(order, pairs, xu, zu,
                 [(s1[i], tuple(rejected[i])) for i in range(k) if rejected[i]],
                 _lex_index(chosen, s2))


# ---------------------------------------------------------------------------------------
# D.4: the least B.3-factor, walked in the order of D.1 (see the engine's docstring)
# ---------------------------------------------------------------------------------------

#: a cost no candidate reaches (a pair not allowed, in the bounds)
INF = 1 << 60


def assignment_bound(rows: Sequence[int], cols: Sequence[int],
                     cost: Callable[[int, int], int | None],
                     spare: Callable[[int], int] | None, cap: int | None = None,
                     table: dict | None = None, duals: list | None = None) -> int:
    """The least total cost of pairing every player of ``rows`` with a distinct player of
    ``cols`` (``cost`` None: not allowed), the columns left over (at most one, when
    ``spare`` is given) costing ``spare(q)``: the Hungarian method on a square matrix.
    INF when no such assignment exists.  With ``cap``, a cheaper bound (each row at its least
    cost) is returned instead when it already reaches ``cap``.  A lower bound of every arrangement below a node of
    the walk, which is what D.4's search needs (it never decides a candidate).  ``table``
    (optional): ``cost`` as a table, a dict per row of its allowed columns' costs (the
    same answers, read without a call per cell).

    ``duals`` (optional, a list): when the Hungarian method ran and found a finite least
    cost T, (T, u, v) is appended, ``u`` and ``v`` its potentials by row player and column
    player (the row of the player left over, when there is one, has no entry: its
    potential stays in T, as every smaller square keeps that row).  They satisfy u[r] + v[c] <=
    cost(r, c) for every cell, and sum to T; so for the rows less r and the columns less
    c, T - u[r] - v[c] is a lower bound of the least cost (every assignment of the
    smaller square costs at least its potentials' sum): ``dual_bound``."""
    if table is not None:
        def row_cost(r: int):
            return table[r].get
    else:
        def row_cost(r: int):
            return partial(cost, r)
    rows, cols = list(rows), list(cols)
    extra = len(cols) - len(rows)
    if extra < 0 or (extra and spare is None) or extra > 1:
        return INF if extra < 0 or (extra and spare is None) else 0
    n = len(cols)
    if n == 0:
        return 0
    if cap is not None:
        # a cheaper bound first: each row at its least allowed cost, and the spare column at
        # the least spare cost (every assignment costs at least that)
        cheap = 0
        for r in rows:
            least = INF
            get = row_cost(r)
            for c in cols:
                v = get(c)
                if v is not None and v < least:
                    least = v
            cheap += least
            if cheap >= cap:
                return cheap
        if extra:
            cheap += min(spare(c) for c in cols)
        if cheap >= cap:
            return cheap
    # a[i][j], 1-based: rows (plus the spare row) against columns
    a = [[0] * (n + 1)]
    for r in rows:
        line = [0]
        get = row_cost(r)
        for c in cols:
            v = get(c)
            line.append(INF if v is None else v)
        a.append(line)
    if extra:
        a.append([0] + [spare(c) for c in cols])
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    p = [0] * (n + 1)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [INF * 4] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = INF * 4
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = a[i0][j] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    total = sum(a[p[j]][j] for j in range(1, n + 1))
    if total >= INF:
        return INF
    if duals is not None:
        duals.append((total, dict(zip(rows, u[1:])), dict(zip(cols, v[1:]))))
    return total


def dual_bound(duals: tuple, r: int, c: int) -> int:
    """A lower bound of the least cost of the assignment ``duals`` was found for, less its
    row ``r`` and column ``c`` (``assignment_bound``'s ``duals``): its potentials' sum
    without r's and c's."""
    total, u, v = duals
    return total - u[r] - v[c]


@dataclass(frozen=True)
class PairTables:
    """The pair questions of one level, asked once for every walk of a bracket (D.4 walks
    one per exchange of D.2): for each player, the players it may be paired with
    (``allowed`` None: ``ok``), and of those the ones whose pair spends no X
    (``clean_x``) and no Z (``clean_z``, None when Z is not counted), each made when a
    walk first asks it (:func:`partners`).  The walks read the tables where they would ask
    the functions: the same answers."""

    ok: dict
    clean_x: dict
    clean_z: dict | None
    #: for each player, the cost (D.4's) of each pair it may be in: ``cost`` of the pair
    #: where allowed, absent where not (None when no cost was given)
    costs: dict | None = None
    #: Hall certificates found so far (``matching.hall``): sets of players whose allowed
    #: partners are too few in an S2, which refute later exchanges without a matching
    hall: HallCertificates | None = None

    @classmethod
    def of(cls, players: Sequence[int], allowed, bad_x, bad_z, z_on: bool,
           cost: Callable[[int, int], int] | None = None) -> "PairTables":
        ok = partners(players, lambda a, b: b != a and allowed(a, b) is None)
        return cls(ok, _OnDemand(lambda a: {b for b in ok[a] if not bad_x(a, b)}),
                   _OnDemand(lambda a: {b for b in ok[a] if not bad_z(a, b)}) if z_on
                   else None,
                   _OnDemand(lambda a: {b: cost(a, b) for b in ok[a]}) if cost is not None
                   else None, HallCertificates())


@dataclass
class B3Walk:
    """What D.4's walk keeps across the attempts (exchanges) of one bracket or remainder:
    the pairs' costs (squared score differences, scaled to integers), the cost of the
    player left over (the bye), the least cost any candidate can have (``floor``: when it
    is reached nothing can be lower), and what was found."""

    cost: Callable[[int, int], int]
    spare: Callable[[int], int]
    floor: int
    best: int | None = None
    found: "Found | None" = None
    attempt: object = None
    first: int | None = None
    first_pairs: tuple = ()
    first_left: tuple = ()
    checked: int = 0
    accepted: int = 0
    done: bool = False
    #: branches entered so far, and at most how many once a candidate is found (the engine's
    #: D4_LIMIT); ``limited``: the walk stopped there
    nodes: int = 0
    node_limit: int | None = None
    limited: bool = False
    #: a walk that only looks for a candidate of cost ``floor`` (``best`` set to floor + 1
    #: before it starts): the limit applies before any candidate is found
    seeded: bool = False


def least_b3_transposition(
    s1: Sequence[int],
    s2: Sequence[int],
    allowed: Callable[[int, int], str | None],
    bad_x: Callable[[int, int], bool],
    bad_z: Callable[[int, int], bool],
    budget: Budget,
    leftover_ok: Callable[[tuple[int, ...], int, int | None], str | None],
    kind: Callable[[int], tuple[str, bool]] | dict,
    must_pair: Callable[[int], bool] | None,
    b3: B3Walk,
    attempt: object,
    tick: Callable[..., None] | None = None,
    caps_bad: Sequence = (),
    tables: PairTables | None = None,
) -> None:
    """D.4 within one attempt (S1, S2): every arrangement of ``s2`` in the order of D.1
    that :func:`first_transposition` would accept, the one with the least B.3-factor
    below ``b3.best`` (the first reached among equals) recorded in ``b3``.

    The walk is :func:`first_transposition`'s, with its proofs of infeasibility, and one
    more pruning: a branch whose chosen pairs plus the least assignment of the rest
    (:func:`assignment_bound`) cost ``b3.best`` or more holds no arrangement that D.4 would
    take (it takes a later candidate only when it is strictly lower).  The leaves reached
    are checked exactly.  When ``b3.best`` reaches ``b3.floor`` the walk stops
    (``b3.done``): no candidate anywhere is lower.  ``tick()``: as in
    :func:`first_transposition`; ``caps_bad`` too.  ``tables``: the level's pair questions
    answered once for the bracket (``PairTables``, over players holding ``s1`` and ``s2``)."""
    k = len(s1)
    if len(s2) < k or b3.done:
        return
    allowed, bad_x, bad_z = _memo(allowed), _memo(bad_x), _memo(bad_z)
    caps_bad = tuple((name, _memo(bad)) for name, bad in caps_bad)
    chosen: list[int] = []
    used: set[int] = set()
    rejected: list[list] = [[] for _ in range(k)]
    # ``kind`` may be given as a table already (D.4 asks many walks of one bracket)
    kinds = kind if isinstance(kind, dict) else {n: kind(n) for n in list(s1) + list(s2)}
    count = [Counter(kinds[n] for n in s1), Counter(kinds[n] for n in s2)]
    spare = b3.spare if len(s2) > k else None

    def pair_cost(a: int, b: int) -> int | None:
        return b3.cost(a, b) if allowed(a, b) is None else None

    costs = tables.costs if tables is not None else None

    def bounds_ok(xleft: int, zleft: int | None) -> bool:
        return _bounds_ok(count, xleft, zleft)

    # the colour bounds' matchings of pairs that do not spend, carried from one question to
    # the next (:func:`colour_bound_ok`'s ``keep``)
    keep_x: dict[int, int] = {}
    keep_z: dict[int, int] = {}

    def feasible(i: int, xleft: int, zleft: int | None, caps: tuple = (),
                 warm: dict | None = None) -> dict | None:
        """The walk's proofs of infeasibility for S1[i:] (None: proved infeasible), else
        a matching of S1[i:] into the free S2 players by allowed pairs (the next question's
        warm start: ``warm``, the parent's, less the pair just chosen)."""
        rest1 = s1[i:]
        rest2 = [q for q in s2 if q not in used]
        if tick is not None:
            tick(len(rest1))
        if not bounds_ok(xleft, zleft):
            return None
        ok = lambda a, b: allowed(a, b) is None  # noqa: E731
        if tables is not None:
            # an exchange's S1 is most often refuted at the root, by the set of players
            # that refuted an earlier exchange's (``HallCertificates``)
            if i == 0 and tables.hall.refuted(rest1, rest2):
                return None
            m = matching.bipartite_max_matching(rest1, rest2, ok, warm or {}, trusted=True,
                                                neighbours=tables.ok)
        else:
            m = matching.bipartite_max_matching(rest1, rest2, ok, {})
        if len(m) < len(rest1):
            if tables is not None and i == 0:
                tables.hall.learn(rest1, rest2, m, tables.ok)
            return None
        near_x = tables.clean_x if tables is not None else None
        near_z = tables.clean_z if tables is not None else None
        if not colour_bound_ok(rest1, rest2, m, ok, bad_x, xleft, keep_x, near_x) or \
                not colour_bound_ok(rest1, rest2, m, ok, bad_z, zleft, keep_z, near_z):
            return None
        if caps and not _caps_ok(rest1, rest2, m, ok, caps, caps_bad):
            return None
        if must_pair is not None:
            need = [q for q in rest2 if must_pair(q)]
            if need:
                mm = matching.bipartite_max_matching(need, rest1,
                                                     lambda b, a: allowed(a, b) is None, {})
                if len(mm) < len(need):
                    return None
        return m

    def leaf(xleft: int, zleft: int | None, acc: int, cl: tuple) -> bool:
        """A whole arrangement: True when acceptable (and recorded if the least so far)."""
        rest = tuple(q for q in s2 if q not in used)
        b3.checked += 1
        if (leftover_ok(rest, xleft, zleft, cl) if caps_bad else
                leftover_ok(rest, xleft, zleft)) is not None:
            return False
        total = acc + sum(b3.spare(q) for q in rest)
        b3.accepted += 1
        pairs = tuple(zip(s1, chosen))
        if b3.first is None:
            b3.first, b3.first_pairs, b3.first_left = total, pairs, rest
        if b3.best is None or total < b3.best:
            xu = sum(1 for a, b in pairs if bad_x(a, b))
            zu = sum(1 for a, b in pairs if bad_z(a, b)) if budget.z is not None else 0
            b3.best = total
            b3.found = Found(list(chosen) + list(rest), list(pairs), xu, zu,
                             [(s1[j], tuple(rejected[j])) for j in range(k) if rejected[j]],
                             _lex_index(chosen, s2))
            b3.attempt = attempt
            if total <= b3.floor:
                b3.done = True
        return True

    def walk(xleft: int, zleft: int | None, caps: tuple, root_duals: tuple | None,
             root_mate: dict) -> None:
        """The depth-first walk, with an explicit stack (one frame per S1 player given a
        partner: its X and Z left, the cost so far, the next S2 position to try, and the
        reason its current partner's branch would be cut); it stops when ``b3.done``.  A
        branch "held" something when its subtree is a whole acceptable arrangement (the
        rejection then reads D.4: it was not lower)."""
        # frame: [i, xleft, zleft, acc, next position in s2, why, caps left, the
        # potentials of the bound of its rest (``assignment_bound``'s duals) or None, the
        # matching its feasibility question found (its children's warm start)]
        stack = [[0, xleft, zleft, 0, 0, "", caps, root_duals, root_mate]]
        entered = False  # the top frame was entered (its node counted)
        held = False  # what the frame just left returned
        returning = False
        while stack:
            frame = stack[-1]
            i, xleft, zleft, acc, pos, why, cl, dual, mate = frame
            if returning:
                # back from the branch of S1[i]'s current partner
                a, b = s1[i], chosen.pop()
                count[0][kinds[a]] += 1
                count[1][kinds[b]] += 1
                used.discard(b)
                if b3.done:
                    return
                rejected[i].append((b, "D.4" if held else why))
                for j in range(i + 1, k):
                    rejected[j].clear()
                returning = False
            elif i == k:
                held = leaf(xleft, zleft, acc, cl)
                stack.pop()
                returning = True
                continue
            elif not entered:
                b3.nodes += 1
                if b3.node_limit is not None and b3.nodes > b3.node_limit and (
                        b3.found is not None or b3.seeded):
                    b3.done = b3.limited = True
                    return
            entered = True
            a = s1[i]
            descended = False
            while pos < len(s2):
                if b3.done:
                    return
                b = s2[pos]
                pos += 1
                if b in used:
                    continue
                if tick is not None:
                    tick()
                left = _admit(a, b, allowed, bad_x, bad_z, xleft, zleft, rejected[i],
                              cl, caps_bad)
                if left is None:
                    continue
                nx, nz = left[0], left[1]
                nc = left[2] if cl else cl
                nacc = acc + b3.cost(a, b)
                used.add(b)
                chosen.append(b)
                count[0][kinds[a]] -= 1
                count[1][kinds[b]] -= 1
                # the bound of the rest: first the parent's potentials (``dual_bound``,
                # no search), then, when they do not settle it, the Hungarian method
                pruned, child = False, None
                if b3.best is not None:
                    if dual is not None and nacc + dual_bound(dual, a, b) >= b3.best:
                        pruned = True
                    else:
                        got: list = []
                        pruned = nacc + assignment_bound(
                            s1[i + 1:], [q for q in s2 if q not in used], pair_cost, spare,
                            b3.best - nacc, costs, got) >= b3.best
                        child = got[0] if got else None
                if pruned:
                    nm, why = None, "D.4"
                else:
                    nm, why = feasible(i + 1, nx, nz, nc, mate), "C.7"
                if nm is not None:
                    frame[4], frame[5] = pos, why
                    stack.append([i + 1, nx, nz, nacc, 0, "", nc, child, nm])
                    entered = False
                    descended = True
                    break
                count[0][kinds[a]] += 1
                count[1][kinds[b]] += 1
                used.discard(b)
                chosen.pop()
                rejected[i].append((b, why))
                for j in range(i + 1, k):
                    rejected[j].clear()
            if descended:
                continue
            stack.pop()  # every partner of S1[i] tried: the branch returns False
            held = False
            returning = True

    root = feasible(0, budget.x, budget.z, budget.caps)
    if root is None:
        return
    got: list = []
    if b3.best is not None and \
            assignment_bound(s1, s2, pair_cost, spare, b3.best, costs, got) >= b3.best:
        return
    walk(budget.x, budget.z, budget.caps, got[0] if got else None, root)
