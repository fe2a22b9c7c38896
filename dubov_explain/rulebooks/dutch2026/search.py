"""Articles 3 and 4 of the Dutch 2026 text: the candidates of a bracket in the text's order,
and the first that best satisfies the criteria (3.4.1, 3.8.1).

**The sequence** (Article 3.6 for a homogeneous bracket or remainder, 3.7 for a
heterogeneous bracket):

* homogeneous: S1 = the first MaxPairs players by BSN (4.1), S2 the rest (3.2); the
  transpositions of S2 in the lexicographic order of their first N1 BSNs (4.2), then
  each resident-exchange in the order of 4.3.2 (its rules 1-4) with the new S1/S2
  reordered by 1.2 and their transpositions again;
* heterogeneous: each valid set of M1 pairable MDPs (4.4.1: the Limbo complies with [C7])
  in the order of 4.4.2 (smallest differing BSN); for each, the transpositions of S2 in
  4.2's order (the MDP-Pairing, 3.3.3); for each MDP-Pairing the remainder (its own BSNs,
  4.1.1) paired as a homogeneous bracket (3.7.1), before the next transposition (3.7.2)
  and the next MDP set (3.7.3).

**The choice**: the candidate with the best values of [C5]-[C21], compared in the text's
order; of equal ones the earliest generated (3.8.1).  A perfect candidate (3.4.1, whose
values are the best any candidate of the bracket reaches) is the earliest of the best ones,
so both articles give the same.

**Why the search returns what the literal enumeration would.**  The walk visits the
candidates in exactly the order above.  It skips a part of the sequence only when

1. a pair breaks an absolute criterion (no candidate containing it is a candidate: 2.1), or
2. a lower bound of every candidate in that part, criterion by criterion, is not better
   than the best found so far (each candidate later in the part is then not better, and
   of equal ones the earlier is taken): the bound takes [C5], [C8], [C9] at the best the
   bracket (or the remainder, after its MDP-Pairing) can reach -- computed exactly by an
   optimal matching (``Engine.optimum``) -- and each count and list of [C10]-[C21] at the
   value of the pairs already formed, which more pairs can only raise, plus what the S1
   players still to pair must add: at least as many [C10]-[C13] failures as a maximum
   matching of them to the free S2 players without such a failure leaves out, and (a
   homogeneous bracket or remainder) at least as many [C14]/[C16] downfloaters as the free
   S2 players so marked outnumber the S1 players still to pair; a part where no matching
   pairs every S1 player left by [C1]-[C3] holds no candidate at all; or
3. after a part, the best found equals that part's lower bound (nothing later can be
   better): this is 3.4.1's "perfect candidate ... immediately accepted"; or
4. under a cap (``Generation.capped_walks``), the part's lower bound exceeds the cap while
   no candidate has been kept: the walk keeps no candidate above the cap either, so it
   meets, in the text's order, every candidate not above it.  When it keeps one, the rest
   of the walk is as in 2 and 3, and the choice is the first of the best (every candidate
   left exceeds the cap, so none is better or equal); when it keeps none, the least value
   it left is a lower bound of every candidate and the walk runs again under it.  The
   first cap is the bound of every candidate: the walk meets candidates at the best value
   only, instead of improving step by step on a first one found without any bound.  Only
   the number of candidates evaluated (``checked``) differs from the walk without a cap.

The optimal matching is a minimum-cost perfect matching; where a perfect matching of the
pairs of zero slack (``Generation.zero_slack_matching``, with the odd sets of
``Generation.odd_set_matching``) reaches its lower bound it is one, and the weighted
algorithm runs only otherwise (the docstrings argue both bounds).  The walk computes a bound
against a best found or a cap, in stages that stop at the first not better than the best
(each a bound of the next: the decision is the same).  Its [C10]-[C13] parts are maximum
matchings of clean pairs, each proved maximum by a vertex cover carried from the node's
parent in the walk, or else from the last one asked (``Generation.certified_matching``), of
pairs read by their players' colour classes (``_Classes``).

MaxPairs and M1 are what [C5]-[C7] allow at best (3.1.2, 3.1.3), found by the same optimal
matching; a remainder whose MDP-Pairing leaves it unable to reach MaxPairs - M1 pairs gives
only candidates worse on [C6] and is skipped.  ``tests/test_dutch2026_bruteforce.py``
enumerates every pairing of small brackets and the sequence literally, and checks the
engine against it.

Beyond ``LIMIT`` candidates evaluated in one bracket the search stops with the best found
(a ``search-limit`` event, 3.8.1, says so in the trace).
"""

from __future__ import annotations

import sys
from bisect import bisect_left, bisect_right
from fractions import Fraction
from collections import Counter
from itertools import chain, combinations
from math import lcm

from ... import matching
from ...matching.hall import HallCertificates, SplitMatchings
from .criteria import NO_LISTS, plus, summed

#: candidates evaluated in one bracket before the search takes the best found
LIMIT = 200_000
#: steps of the walk (partial candidates) in one bracket before it takes the best found
NODE_LIMIT = 400_000
#: steps the capped walks of one bracket may take (and as many per player of the bracket)
#: before the walk without a cap takes over (``Generation.capped_walks``)
CAPPED_NODES = 20_000
CAPPED_PER_PLAYER = 20
#: steps the walk to the first candidate may take (and two per player of the bracket)
PROBE_NODES = 1_000
#: the sums of a walk's pairs kept before the memo is cleared (``candidate_quality``)
SUMS_KEPT = 100_000
#: the largest bracket whose players' clean partners are kept as sets (``_CleanRows``)
ROWS_UP_TO = 3_000
#: the Hall certificates kept (``HallCertificates``, ``SplitMatchings``): the collapsed last
#: bracket of issue 28's round 39 of 40 in Dutch 2017 (``tests/adversarial_cases.py``:
#: ``regular(100, 40, 1, 39)``) left 109,552 of its 345,302 exchange roots to the matching
#: with 16 kept, 51,049 with 64; in bitmasks (``SplitMatchings``, its exchange roots and its
#: walk's repairs together), 394,152 of 469,613 questions are answered by a certificate
#: kept, 72,868 by Kuhn's search from the last split's matching (no), 2,593 yes
HALL_KEPT = 64
#: the largest bracket whose splits (exchanges' roots, the walk's repairs) are asked in
#: bitmasks (``Generation.split_matchings``)
SPLITS_UP_TO = 200
#: the bounds of the walk's parts kept before their memo is cleared (``rest_bound``)
BOUNDS_KEPT = 20_000
#: ``certified_matching``: the depths above a node whose states are kept
CERT_WINDOW = 32
#: the index of ``fits`` after [C10]-[C13]'s in the bracket's rows (``_CleanRows``)
FITS = 4
#: the vertex standing for the pairing-allocated bye in a completion
BYE = -1


#: the kinds of vertex in :meth:`Generation.optimum`'s matching: a resident or an MDP of the
#: bracket, a downfloater already fixed, a player of the next scoregroup, of a lower one,
#: the bye
_RES, _MDP, _FIXED, _NEXT, _LOWER, _BYE = range(6)
#: each kind's level (the bracket, its fixed downfloaters, the next scoregroup, lower, bye)
_LEVEL = (0, 0, 1, 2, 3, 4)


def _floats(ku: int, kv: int) -> tuple[bool, bool]:
    """Whether a player of kind ``ku`` paired with one of kind ``kv`` floats down out of the
    bracket ([C6]/[C7]: two MDPs are never paired with each other, 3.3.3), and out of the
    following bracket ([C8]: a pair made in it joins two of its players, one at least of
    the next scoregroup)."""
    in_b = (_RES, _MDP)
    inside_b = ku in in_b and kv in in_b and not (ku == kv == _MDP)

    def in_n(a, b, inside):
        return a in (_FIXED, _NEXT) or (a in in_b and not inside)

    inside_n = kv != _BYE and in_n(ku, kv, inside_b) and in_n(kv, ku, inside_b) and \
        _NEXT in (ku, kv)
    return ku in in_b and not inside_b, in_n(ku, kv, inside_b) and not inside_n


#: ``_FLOATS[kind of u][kind of v]``: (u leaves the bracket, u leaves the following one)
_FLOATS = tuple(tuple(_floats(a, b) for b in range(6)) for a in range(6))


class _CleanRows(dict):
    """For one of [C10]-[C13] (``k``), or ``fits`` (``k == FITS``): each player's partners
    among the players of the bracket being searched with whom he makes a ``clean`` pair (a
    pair that fits), filled on first reading (:meth:`_Classes.row`)."""

    def __init__(self, classes: "_Classes", k: int):
        super().__init__()
        self.classes, self.k = classes, k

    @classmethod
    def of_bracket(cls, classes: "_Classes") -> tuple:
        return tuple(cls(classes, k) for k in range(FITS + 1))

    def __missing__(self, a: int) -> frozenset:
        got = self[a] = self.classes.row(a, self.k)
        return got


def _augment(root: int, mate: dict, back: dict, rows, right: frozenset, free: set,
             reach: int = 64, gone=None, log: list | None = None) -> bool:
    """One augmenting path from the unmatched left vertex ``root`` of a bipartite matching
    (``mate`` left to right, ``back`` right to left, both updated along it), the right
    side ``right``, its unmatched vertices ``free`` (updated), the edges ``rows`` (each
    left vertex's partners, a set); breadth first, over at most ``reach`` left vertices.
    False when none is found within that reach (the matching is then unchanged).

    A right vertex reached is not only queued: its partner's row is asked at once whether
    it meets a free vertex (``free`` is small: the matching is near perfect), so a path of
    two steps ends without listing the whole level first.  Any augmenting path serves:
    the callers read only the matching's size, or whether one exists.

    ``gone``: a vertex of ``right`` that is not one (neither matched nor free: it is
    never reached).  ``log``: each entry changed is noted there first, as (the dict or
    the free set, the key, its value before: ``_ABSENT`` when it had none; for the free
    set, whether the key was in it), so that the caller can undo the path."""
    came: dict = {}  # right vertex -> the left vertex that reached it
    queue = [root]
    seen: set = set() if gone is None else {gone}
    i = 0

    def turn(w: int) -> None:
        """The path ending at the free right vertex ``w``, turned."""
        if log is not None:
            log.append((free, w, True))
        free.discard(w)
        while True:
            u = came[w]
            before = mate.get(u)
            if log is not None:
                log.append((mate, u, _ABSENT if before is None else before))
                log.append((back, w, back.get(w, _ABSENT)))
            mate[u] = w
            back[w] = u
            if u == root:
                return
            w = before

    while i < len(queue) and i < reach:
        u = queue[i]
        i += 1
        row = rows[u]
        hit = row & free  # (no free vertex is ever seen: only matched ones are)
        if hit:
            w = min(hit)
            came[w] = u
            turn(w)
            return True
        # the first few partners' partners, before the whole level is listed (a row may
        # hold thousands; a path of two steps is usually near its start)
        tried = 0
        # (a row asked of the classes lists its partners among S2's, not its whole class
        # parts: the first S2 players are mostly taken by the pairs above)
        for w in row.within(right) if type(row) is _ClassRow else row:
            if w in seen or w not in right:
                continue
            x = back[w]
            ends = rows[x] & free
            if ends:
                e = min(ends)
                came[w], came[e] = u, x
                turn(e)
                return True
            tried += 1
            if tried == _FIRST_TRIED:
                break
        near = (row & right) - seen
        seen |= near
        for w in near:
            came[w] = u
            x = back[w]
            ends = (rows[x] & free) - seen
            if ends:
                e = min(ends)
                came[e] = x
                turn(e)
                return True
            queue.append(x)
    return False


#: ``_augment``: the partners whose partners are asked before a level is listed
_FIRST_TRIED = 16

#: a key a dict did not hold (``_augment``'s log, ``_LazyCert``)
_ABSENT = object()


def _undo(log: list) -> None:
    """Undo the changes noted in ``log`` (``_augment``'s entries), the last first."""
    for where, key, before in reversed(log):
        if isinstance(where, dict):
            if before is _ABSENT:
                where.pop(key, None)
            else:
                where[key] = before
        elif before:
            where.add(key)
        else:
            where.discard(key)


class _Mates:
    """The walk's matching (``Generation.transpositions``) of the S1 players left into the
    free S2 players: ``mate`` (S1 to S2) and ``back`` (S2 to S1), the S2 players not yet
    taken by the pairs above (``right``) and those of them the matching leaves out
    (``free``).  Changed in place as the walk goes down (``Generation.take``) and undone
    as it comes back (``undo``)."""

    __slots__ = ("mate", "back", "right", "free")

    def __init__(self, mate: dict, right: list):
        self.mate, self.back = mate, {w: u for u, w in mate.items()}
        self.right = set(right)
        self.free = self.right.difference(self.back)

    def undo(self, log: list) -> None:
        """Undo the changes of ``log`` (``Generation.take``'s), the last first."""
        if log and log[-1][0] is None:  # the matching replaced by a search's (last)
            self.mate, self.back, self.free = log[-1][1]
            log = log[:-1]
        _undo(log)


class _Cert:
    """``Generation.certified_matching``'s state of one node's graph: the matching (``m``,
    S1 to S2, and ``back``, S2 to S1), the sides as the lists asked (``s1``, ``s2``) and as
    sets (``f1``, ``f2``), a vertex cover of the graph as large as the matching (``c1`` of
    S1, ``c2`` of S2: Konig's proof that it is maximum), and the free S2 players (``free``,
    the S2 players the matching leaves out; None until asked)."""

    __slots__ = ("m", "back", "s1", "s2", "f1", "f2", "c1", "c2", "free")

    def __init__(self, m, back, s1, s2, f1, f2, c1, c2, free=None):
        self.m, self.back, self.s1, self.s2 = m, back, s1, s2
        self.f1, self.f2, self.c1, self.c2, self.free = f1, f2, c1, c2, free

    @property
    def size(self) -> int:
        return len(self.m)

    def built(self) -> "_Cert":
        return self

    def in_s2(self, players: frozenset) -> int:
        """How many of ``players`` are S2 players of the graph."""
        return len(players & self.f2)

    def free_set(self) -> set:
        """``free``, listed when first asked."""
        if self.free is None:
            self.free = set(self.f2.difference(self.back))
        return self.free


class _LazyCert:
    """A node's ``_Cert`` read off its parent's (``par``, built) and not built yet: the
    parent's graph less ``a`` (of S1) and ``b`` (of S2), the matching's changes (``redo``:
    each dict entry or free S2 player changed, with its value in this node's matching) and
    its ``size``.  The walk leaves most nodes as soon as their bound is known, and only the
    size is read of them; a node's state is built (``built``: copies of the parent's
    matching and sets, the changes applied) only when read as a parent, or by the general
    path of ``Generation.certified_matching``, so a node whose children are never asked
    costs no copy of the bracket's matching."""

    __slots__ = ("par", "a", "b", "s1", "s2", "size", "redo", "_built")

    def __init__(self, par: _Cert, a: int, b: int, s1: tuple, s2: tuple, size: int,
                 redo: list):
        self.par, self.a, self.b, self.s1, self.s2 = par, a, b, s1, s2
        self.size, self.redo, self._built = size, redo, None

    def built(self) -> _Cert:
        got = self._built
        if got is None:
            par, a, b = self.par, self.a, self.b
            m, back, free = dict(par.m), dict(par.back), set(par.free_set())
            for where, key, value in self.redo:
                if where is par.free:
                    if value:
                        free.add(key)
                    else:
                        free.discard(key)
                    continue
                where = m if where is par.m else back
                if value is _ABSENT:
                    where.pop(key, None)
                else:
                    where[key] = value
            c1 = par.c1 - {a} if a in par.c1 else par.c1
            c2 = par.c2 - {b} if b in par.c2 else par.c2
            got = self._built = _Cert(m, back, self.s1, self.s2, par.f1 - {a}, par.f2 - {b},
                                      c1, c2, free)
            self.par = self.redo = None  # (the parent may now be let go)
        return got

    def in_s2(self, players: frozenset) -> int:
        if self._built is not None:
            return self._built.in_s2(players)
        return len(players & self.par.f2) - (self.b in players)


class _Apart(dict):
    """A bracket's rows of clean partners (``_CleanRows``) with the players of ``apart``
    not partners of one another (an MDP-Pairing's S1 players: they meet only S2 players),
    each row read on first asking: ``max_matching``'s neighbour sets for that graph."""

    def __init__(self, rows, apart: frozenset):
        super().__init__()
        self.rows, self.apart = rows, apart

    def __missing__(self, a: int) -> frozenset:
        row = self.rows[a]
        got = self[a] = row - self.apart if a in self.apart else row
        return got


class _Classes:
    """The bracket's players by colour class (``Criteria.colour_class``), each class in
    the order of 1.2 (the higher first), for the rows of ``clean`` partners.

    A pair fits and is clean by criterion k exactly as ``Generation.clean`` says: it fits
    unless the pair is forced apart, has met ([C1]) or is forbidden (XXP) -- facts of the
    pair itself, asked pair by pair of the few partners they concern (``suspects``) -- or
    breaks [C3]; and [C3] and [C10]-[C13] are functions of the two players' classes and of
    which of them is the higher (``colour_class``).  So they are asked once per such class
    pair, of its first pair met, and a player's row is the union of the classes' parts
    (above him, below him) whose verdict is clean, corrected pair by pair for his
    suspects: the same sets, built from whole classes instead of one ``clean`` per pair
    (a bracket of 1,154 players asked 666,000; ``tests/test_dutch2026_search_parts.py``
    checks the rows against ``clean``)."""

    def __init__(self, gen, bracket: tuple):
        self.gen, self.bracket = gen, bracket
        self.members = frozenset(bracket)
        st = gen.st
        # each player's place in 1.2's order (the higher first) and his class's number,
        # as integers: the pair's key is read many times per step of the walk
        order = sorted(bracket, key=lambda n: (-st[n].score, st[n].initial_rank))
        self.rank = dict(zip(order, range(len(order))))
        ids: dict = {}
        self.cls = {n: ids.setdefault(gen.colour_class(n), len(ids)) for n in order}
        groups: dict = {}
        for n in order:
            groups.setdefault(self.cls[n], []).append(n)
        self.groups = [(c, ms, [self.rank[m] for m in ms]) for c, ms in groups.items()]
        self.groups_of = {g[0]: g for g in self.groups}
        self.order = order
        self.verdicts: dict = {}
        self._sides: dict = {}  # (``sides``)
        self._members_of: dict = {}
        self.suspects = gen.suspects
        self.forced = frozenset(gen.fmap)

    def verdict(self, a: int, b: int, key: tuple) -> tuple:
        """``clean`` of the class pair ``key`` (``a``'s class, ``b``'s, whether ``a`` is the
        higher), read of ``a``-``b``, its first pair met (kept: asked again, the kept
        verdict); [C3] by the classes."""
        got = self.verdicts.get(key)
        if got is not None:
            return got
        gen = self.gen
        fit = gen.colour_absolute(a, b) is None
        got = self.verdicts[key] = tuple(fit and not x for x in gen.pair_quality(a, b)) \
            + (fit,)
        return got

    def exact(self, a: int, b: int) -> tuple:
        """``clean`` and ``fits`` of ``a``-``b`` asked of the pair itself."""
        gen = self.gen
        return gen.clean(a, b) + (gen.fits(a, b),)

    def clean(self, a: int, b: int) -> tuple:
        """``Generation.clean(a, b)`` for two players of the bracket, and (last)
        ``Generation.fits(a, b)``, read by their classes unless the pair's own facts decide
        it (a forced player, an opponent, XXP)."""
        if a in self.forced or b in self.suspects(a):
            return self.exact(a, b)
        rank, cls = self.rank, self.cls
        key = (cls[a], cls[b], rank[a] < rank[b])
        got = self.verdicts.get(key)
        return got if got is not None else self.verdict(a, b, key)

    def sides(self, ca: int, k: int) -> tuple:
        """For the players of class ``ca`` and criterion ``k``: the players clean by ``k``
        as partners above one of them (those of every class whose verdict with ``ca``, the
        partner the higher, is clean) and as partners below one (the verdict with ``ca``
        the higher), each in 1.2's order with their places (``rank``): a player's row, his
        suspects aside, is the first list's players above him and the second's below him
        (``plain``: two slices).  A class pair's verdict is read of its first pair in that
        orientation: the last player of ``ca`` with the first of the other class, or the
        first with the last (a pair of any players of those classes in that order gives the
        same verdict, as ``clean`` reads it); an orientation no pair has adds nobody."""
        got = self._sides.get((ca, k))
        if got is None:
            rank = self.rank
            ms_a = self.groups_of[ca][1]
            first, last = ms_a[0], ms_a[-1]
            above, below = set(), set()
            for cb, ms, ranks in self.groups:
                # a player of cb above one of ca, clean; ... below one, clean
                if ranks[0] < rank[last] and self.verdict(last, ms[0], (ca, cb, False))[k]:
                    above.add(cb)
                if rank[first] < ranks[-1] and self.verdict(first, ms[-1], (ca, cb, True))[k]:
                    below.add(cb)
            got = self._sides[(ca, k)] = self.members_of(above) + self.members_of(below)
        return got

    def members_of(self, classes: set) -> tuple:
        """The players of ``classes`` in 1.2's order, and their places; kept per set of
        classes (many classes' sides are the same sets)."""
        key = frozenset(classes)
        got = self._members_of.get(key)
        if got is None:
            places = list(chain.from_iterable(self.groups_of[c][2] for c in key))
            places.sort()  # (a merge of sorted runs)
            got = self._members_of[key] = (places, list(map(self.order.__getitem__, places)))
        return got

    def plain(self, a: int, k: int) -> tuple[list, list]:
        """The players clean by ``k`` with ``a`` as their classes say, above him and below
        him, each in 1.2's order: two slices of his class's ``sides`` (``a`` not forced;
        his suspects are corrected by the callers)."""
        ra = self.rank[a]
        up_ranks, up, down_ranks, down = self.sides(self.cls[a], k)
        return up[:bisect_left(up_ranks, ra)], down[bisect_right(down_ranks, ra):]

    def row(self, a: int, k: int) -> frozenset:
        """``a``'s partners in the bracket with whom he makes a clean pair by ``k``: the
        two slices of ``plain`` (above him, below him), corrected pair by pair for his
        suspects."""
        clean = self.exact
        if a in self.forced:  # a forced pair: every partner but one is barred, pair by pair
            return frozenset(b for b in self.bracket if b != a and clean(a, b)[k])
        above, below = self.plain(a, k)
        out = set(above)
        out.update(below)
        for b in self.suspects(a):
            if b != a and b in self.members:
                if clean(a, b)[k]:
                    out.add(b)
                else:
                    out.discard(b)
        return frozenset(out)  # (a copy sized to its members: a set grown by adding is
        # up to twice as large, and a bracket keeps thousands of rows)


class _ClassRow:
    """A player's row of clean partners (``_CleanRows``) in a bracket too large to list
    them all (``ROWS_UP_TO``): not a set but the question asked of it, ``w in row``
    answered as ``_Classes.clean`` answers it (the pair's own facts for a forced player
    or a suspect, else the verdict of the two classes), the pairs with ``excluded``
    players barred (``_Apart``: ``row - players``).  ``row & players`` asks each of a
    few players, or intersects many with ``members()`` (the row built as a set, not
    kept), ``within(players)`` lists the partners among them as they are needed (the
    walk's free players are few, and its S2 players left are mostly partners), and
    ``for w in row`` lists them in 1.2's order (``_Classes.plain``), then his clean
    suspects.  The same members as ``_Classes.row``'s set, so every search reads the
    same graph."""

    __slots__ = ("classes", "a", "k", "excluded", "exact", "ca", "ra", "suspects")

    def __init__(self, classes: _Classes, a: int, k: int, excluded: frozenset = frozenset()):
        self.classes, self.a, self.k, self.excluded = classes, a, k, excluded
        self.exact = a in classes.forced
        self.ca, self.ra = classes.cls[a], classes.rank[a]
        self.suspects = classes.suspects(a)

    def __contains__(self, w) -> bool:
        c = self.classes
        if w == self.a or w not in c.members or w in self.excluded:
            return False
        if self.exact or w in self.suspects:
            return c.exact(self.a, w)[self.k]
        key = (self.ca, c.cls[w], self.ra < c.rank[w])
        got = c.verdicts.get(key)
        if got is None:
            got = c.verdict(self.a, w, key)
        return got[self.k]

    def members(self) -> set:
        """The row as a set (``_Classes.row``: two slices of the classes' sides, his
        suspects corrected, the barred players out), built when asked and not kept: what
        a pass over many players asks instead of ``in`` player by player
        (``matching.as_set``)."""
        got = self.classes.row(self.a, self.k)
        return got - self.excluded if self.excluded else got

    def __and__(self, other) -> set:
        if len(other) <= _ASKED_ONE_BY_ONE:
            return {w for w in other if w in self}
        return self.members().intersection(other)

    __rand__ = __and__

    def __sub__(self, other) -> "_ClassRow":
        return _ClassRow(self.classes, self.a, self.k, self.excluded | frozenset(other))

    def within(self, players):
        """The partners among ``players``, listed as they are asked for."""
        return (w for w in players if w in self)

    def __iter__(self):
        c, a, k, excluded = self.classes, self.a, self.k, self.excluded
        if self.exact:
            for b in c.bracket:
                if b != a and b not in excluded and c.exact(a, b)[k]:
                    yield b
            return
        suspects = self.suspects
        for part in c.plain(a, k):
            for b in part:
                if b not in suspects and b not in excluded:
                    yield b
        for b in suspects:
            if b != a and b in c.members and b not in excluded and c.exact(a, b)[k]:
                yield b


#: ``_ClassRow & players``: up to this many players are asked one by one; more, against
#: the row built as a set
_ASKED_ONE_BY_ONE = 64


class _ClassRows(dict):
    """``_CleanRows`` of a bracket too large to list its rows: each a ``_ClassRow``."""

    def __init__(self, classes: _Classes, k: int):
        super().__init__()
        self.classes, self.k = classes, k

    @classmethod
    def of_bracket(cls, classes: _Classes) -> tuple:
        return tuple(cls(classes, k) for k in range(FITS + 1))

    def __missing__(self, a: int) -> _ClassRow:
        got = self[a] = _ClassRow(self.classes, a, self.k)
        return got


class SearchLimitReached(Exception):
    pass


class _Pairs(list):
    """The pairs of a walk (``Generation.transpositions``, which only appends a pair and
    pops it again), with the sum of the parts of each prefix, for
    ``Generation.candidate_quality``: ``sums[j]`` is the part of the first j pairs, kept
    while those pairs are (``pop`` drops the sums of the prefixes it shortens), and a
    node's sum is its parent's and its own pair's part, not its whole path read again (a
    path is as deep as S1: hundreds of pairs in a bracket of an open of thousands)."""

    __slots__ = ("gen", "sums")

    def __init__(self, gen: "Generation", pairs=()):
        super().__init__(pairs)
        self.gen = gen
        self.sums = [((0,) * 8, NO_LISTS)]

    def pop(self):  # the last pair only: the sums kept are those of the prefixes
        got = super().pop()
        del self.sums[len(self) + 1:]
        return got

    def quality_sum(self) -> tuple:
        """The sum of every pair's part (``Generation.scaled_terms``), its prefixes' kept."""
        sums, n = self.sums, len(self)
        while len(sums) <= n:
            sums.append(plus(sums[-1], self.gen.scaled_terms(*self[len(sums) - 1])))
        return sums[n]


def exchanges(n1: int, n: int):
    """4.3.2: the resident-exchanges between the original S1 (BSNs 1..n1) and S2
    (n1+1..n), as (moved from S1 to S2, moved from S2 to S1), in the text's order: the
    fewest BSNs (rule 1), the smallest difference of the sums (rule 2), the largest
    differing BSN moved from S1 (rule 3), the smallest differing BSN moved from S2 (rule 4).
    A generator: the exchanges of k BSNs are listed only when those of k - 1 are used up,
    and those of one difference of the sums only when the smaller differences are (a walk
    that reaches its limit among the exchanges of k BSNs lists few of them: 627,264 of five
    BSNs each side in a remainder of 24, of which such a walk may use a few thousand)."""
    s1 = range(1, n1 + 1)
    s2 = range(n1 + 1, n + 1)
    for k in range(1, min(n1, n - n1) + 1):
        # each side's sets by their sums (S1's with rule 3's key: its BSNs from the
        # largest, larger first), so a difference's group sorts on plain tuples: (rule 3,
        # rule 4), which tell every two exchanges apart (the set from S1 last, never read)
        xs: dict = {}
        for x in combinations(s1, k):
            xs.setdefault(sum(x), []).append((tuple(-v for v in reversed(x)), x))
        ys: dict = {}
        for y in combinations(s2, k):
            ys.setdefault(sum(y), []).append(y)
        for d in sorted({sy - sx for sy in ys for sx in xs}):  # rule 2
            group = [(rx, y, x) for sx, xl in xs.items() if sx + d in ys
                     for y in ys[sx + d] for rx, x in xl]
            group.sort()
            for _, y, x in group:
                yield x, y


class Generation:
    """A mixin of the engine: one bracket's search.  Reads ``self.st``, the criteria of
    :class:`~.criteria.Criteria` and the completion oracle :meth:`optimum`."""

    #: whether the walk runs first under a cap (``capped_walks``)
    CAPPED = True
    # a walk's state outside ``capped_walks`` (which sets it for each walk): no cap, no
    # stop at the first candidate, the node limit
    _cap = None
    _over = None
    _first_only = False
    _node_limit = NODE_LIMIT
    _hall = None  # (``open_search``)
    _splits, _split_players = None, ()  # (``open_search``, ``split_matchings``)
    _extra = None  # (``lower_bound``)
    _serial = 0  # the walk's nodes, numbered (``transpositions``)
    _node = None  # (``open_search``)
    #: tests: compare the lists where the walk's numbers already tell the parent's state
    VERIFY_KNOWN = False

    # ------------------------------------------------------------------ completion
    def fits(self, a: int, b: int) -> bool:
        """Whether ``a``-``b`` breaks no absolute criterion (:meth:`absolute`, asked once per
        pair in a round: the search asks it of the same pairs many times)."""
        key = (a, b) if a < b else (b, a)
        got = self._fits.get(key)
        if got is None:
            got = self._fits[key] = self.absolute(a, b) is None
        return got

    def clean(self, a: int, b: int) -> tuple[bool, bool, bool, bool]:
        """For each of [C10]-[C13]: whether ``a``-``b`` fits (:meth:`fits`) and breaks it
        nowhere (:meth:`pair_quality`), read once per pair: the bounds ask it of the same
        pairs many times."""
        key = (a, b) if a < b else (b, a)
        got = self._clean.get(key)
        if got is None:
            got = self._clean[key] = tuple(not x for x in self.pair_quality(a, b)) \
                if self.fits(a, b) else (False,) * 4
        return got

    def suspects(self, a: int) -> frozenset:
        """The players whose fit with ``a`` is a fact of the pair itself, not of the two
        players' colour classes: his opponents ([C1]), his forbidden partners (XXP) and the
        players of forced pairs (``_Classes``: asked pair by pair)."""
        index = self.__dict__.get("_suspects")
        if index is None:
            index = {}
            for pair in chain(self.st.met, self.st.forbidden):
                x, y = tuple(pair)
                index.setdefault(x, set()).add(y)
                index.setdefault(y, set()).add(x)
            forced = frozenset(self.fmap)
            index = self._suspects = {n: frozenset(v) | forced for n, v in index.items()}
            self._forced = forced
        return index.get(a, self._forced)

    def score_ranks(self) -> dict[int, int]:
        """Each player's score as its place among the round's scores (lowest 0): the same
        order and equalities as the scores, compared as integers."""
        got = self.__dict__.get("_score_ranks")
        if got is None:
            scores = sorted({p.score for p in self.st.players})
            place = {s: i for i, s in enumerate(scores)}
            got = self._score_ranks = {p.number: place[p.score] for p in self.st.players}
        return got

    def order(self) -> dict[int, int]:
        """Each player's place in 1.2's order (``key``: score descending, then TPN), read
        once: a sort by it is a sort by ``key``, which compares scores as fractions."""
        got = self.__dict__.get("_order")
        if got is None:
            ns = sorted((p.number for p in self.st.players), key=self.key)
            got = self._order = {n: i for i, n in enumerate(ns)}
        return got

    def next_group(self, lower: tuple[int, ...]) -> frozenset:
        """The players of ``lower`` with its first player's score (the following
        scoregroup), read once per ``lower`` (a bracket's completions all ask the same
        tuple, of thousands of players in an open)."""
        got = self.__dict__.get("_next_group")
        if got is None or got[0] is not lower:
            g = self.score_ranks()
            first = g[lower[0]] if lower else None
            got = self._next_group = (lower, frozenset(n for n in lower if g[n] == first))
        return got[1]

    def pab_allowed(self) -> dict[int, bool]:
        """Whether each player may receive the pairing-allocated bye ([C2]: eligible, and
        not in a pair forced on the round), read once for the round."""
        got = self.__dict__.get("_pab_allowed")
        if got is None:
            fmap = self.fmap
            got = self._pab_allowed = {p.number: p.bye_eligible and p.number not in fmap
                                       for p in self.st.players}
        return got

    def optimum(self, bmdps: frozenset, bres: frozenset, fixed: frozenset,
                lower: tuple[int, ...]):
        """The best completion of the players not yet paired: the bracket's MDPs and
        residents (``bmdps``, ``bres``), the downfloaters already fixed (``fixed``) and the
        players of the lower scoregroups (``lower``), paired by [C1]-[C3] (and, with an odd
        number, one bye to a player [C2] allows): [C4].

        Minimises, in this order, [C5] (the PAB assignee's score), [C6]/[C7] of the bracket
        (its downfloaters: how many, their scores in descending order) and [C8] (the same
        of the following bracket: the downfloaters and the next scoregroup's residents).
        A pair counts as made in a bracket only as the text can make it there: two MDPs
        are never paired with each other (3.3.3).  Returns None when no completion exists,
        else ``(c5, (count, scores), bracket downfloaters, (count, scores))``."""
        key = (bmdps, bres, fixed, lower)
        got = self._opt_cache.get(key, False)
        if got is not False:
            return got
        st = self.st
        bset = bmdps | bres
        g = self.score_ranks()
        nxt = self.next_group(lower)
        vertices = sorted(bset | fixed, key=self.order().__getitem__) + list(lower)
        if len(vertices) % 2:
            vertices.append(BYE)
        scores = sorted({g[n] for n in vertices if n != BYE})
        rank = {s: i for i, s in enumerate(scores)}
        n = len(vertices)
        base = n + 1
        k = len(scores)
        un6 = base ** k
        mn = (n + 1) * un6 + 1
        ub6 = mn * base ** k
        u5 = 2 * (n + 1) * ub6
        # each vertex's kind (``_RES`` ... ``_BYE``) and score rank, read once: a pair's cost depends on
        # its ends' kinds and on the paying end's rank only (``_FLOATS``)
        # (set kind by kind, the first that holds a vertex last: the same map as asking
        # each vertex bye, MDP, resident, fixed, next, lower in that order)
        kind = dict.fromkeys(lower, _LOWER)
        kind.update(dict.fromkeys(nxt, _NEXT))
        kind.update(dict.fromkeys(fixed, _FIXED))
        kind.update(dict.fromkeys(bres, _RES))
        kind.update(dict.fromkeys(bmdps, _MDP))
        if vertices and vertices[-1] == BYE:
            kind[BYE] = _BYE
        rk = {v: rank[g[v]] for v in vertices if v != BYE}
        # term(u, v) for a player u: his own downfloat digits, by the kind of v ([C6]/[C7]:
        # leaves the bracket; [C8]: leaves the following one)
        term, klass, level, term_lower = self.class_terms(
            kind, rk, lambda r: ub6 + mn * base ** r, lambda r: un6 + base ** r,
            lambda v: u5 * rk[v])
        fits = self.fits
        pab = self.pab_allowed()

        def compatible(u, v):
            if u == BYE:
                return pab[v]
            if v == BYE:
                return pab[u]
            return fits(u, v)

        def cost(u, v):  # == term(u, v) + term(v, u)
            return term(u, v) + term(v, u)

        mate = self.zero_slack_matching(vertices, compatible, term, klass, level) or \
            self.zero_slack_matching(vertices, compatible, term_lower, klass)
        if mate is None and matching.has_perfect_matching(vertices, compatible) is None:
            got = None
        else:
            if mate is None:
                _, mate = matching.min_cost_perfect_matching(vertices, compatible, cost)
            down_b = sorted((u for u in bset if _FLOATS[kind[u]][kind[mate[u]]][0]),
                            key=self.key)
            down_n = [u for u in vertices if u != BYE and _FLOATS[kind[u]][kind[mate[u]]][1]]
            bye = mate.get(BYE)
            got = (st[bye].score if bye is not None else -1,
                   (len(down_b), tuple(sorted((st[u].score for u in down_b), reverse=True))),
                   tuple(down_b),
                   (len(down_n), tuple(sorted((st[u].score for u in down_n), reverse=True))))
        self._opt_cache[key] = got
        return got

    @staticmethod
    def class_terms(kind: dict, rk: dict, bracket_digits, next_digits, unpaired_term):
        """The per-end split of :meth:`optimum`'s cost that its shortcuts read (an edition's
        optimum builds its own ``kind`` and ``rk`` and passes its digits): ``term(u, v)``,
        a player's own digits by the kind of his partner (``_FLOATS``: ``bracket_digits(r)``
        when he leaves the bracket, ``next_digits(r)`` when he leaves the following one, at
        his score rank ``r``), an "unpaired" vertex's (kind ``_BYE``) ``unpaired_term(v)``;
        ``klass`` (kind and rank: a term depends on the other end's class only), ``level``
        (the bracket, its fixed downfloaters, the next scoregroup, lower, unpaired) and
        ``term_lower`` (the same cost, a pair across levels charged to the lower end)."""
        table = {}
        rows: dict = {}  # (a row depends on the vertex's kind and rank only: one per class)
        for u, r in rk.items():
            ku = kind[u]
            row = rows.get((ku, r))
            if row is None:
                cb, cn = bracket_digits(r), next_digits(r)
                row = rows[(ku, r)] = [cb * fb + cn * fn for fb, fn in _FLOATS[ku]]
            table[u] = row

        def term(u, v):
            got = table.get(u)
            return unpaired_term(v) if got is None else got[kind[v]]

        def klass(v):
            return (kind[v], rk.get(v, -1))

        def level(v):
            return _LEVEL[kind[v]]

        def term_lower(u, v):
            lu, lv = _LEVEL[kind[u]], _LEVEL[kind[v]]
            return term(u, v) if lu == lv else term(u, v) + term(v, u) if lu > lv else 0

        return term, klass, level, term_lower

    def zero_slack_matching(self, vertices: list, compatible, term, klass, level=None):
        """A minimum-cost perfect matching for :meth:`optimum` found without the weighted
        algorithm, or None when this shortcut does not settle it.

        The cost of a pair is the sum of one term per end, ``term(u, v)`` (one split: a
        player's term his own downfloat digits, the bye's its assignee's score digit;
        another: a pair across levels charged wholly to its lower end, which finds the
        minimum where a lower scoregroup can only be paired with players who must float
        down to it).  Every perfect
        matching costs at least the sum over the vertices of each one's cheapest term with
        a compatible partner; a perfect matching of the pairs where *both* ends take their
        cheapest term costs exactly that sum, so it is a minimum-cost one (and its facts,
        which the cost encodes digit by digit, are those of every minimum).  A vertex's
        term depends on its partner's class only (``klass``: the bye, an MDP or a resident
        of the bracket, a downfloater already fixed, the next scoregroup, a lower one; and
        the score),
        so its cheapest term is that of the cheapest class holding a compatible partner."""
        classes: dict = {}
        kl = [klass(v) for v in vertices]
        for v, kv in zip(vertices, kl):
            classes.setdefault(kv, []).append(v)
        least: dict[int, int] = {}
        # the classes in the order of a vertex's term with them: a function of the
        # vertex's own class, so sorted once per class
        ordered: dict = {}
        for u, ku in zip(vertices, kl):
            found = None
            if u == BYE:
                found = min((term(u, x) for x in vertices if x != BYE and compatible(u, x)),
                            default=None)
            else:
                by_term = ordered.get(ku)
                if by_term is None:
                    by_term = ordered[ku] = [(t, vs) for t, _, vs in sorted(
                        (term(u, vs[0]), c, vs) for c, vs in classes.items())]
                for t, vs in by_term:  # the first class holding a compatible partner
                    for v in vs:
                        if v != u and compatible(u, v):
                            found = t
                            break
                    if found is not None:
                        break
            if found is None:
                return None
            least[u] = found

        def tight(u, v):
            return compatible(u, v) and term(u, v) == least[u] and term(v, u) == least[v]

        if level is not None and self._parity_blocked(vertices, classes, term, least,
                                                      compatible, level):
            return self.odd_set_matching(vertices, compatible, term, least, level, klass)
        # warm start: the last such matching (of another completion, often the same
        # players below the bracket, whose pairs among themselves stay tight); only where
        # the search starts changes, not whether a perfect matching of tight pairs exists,
        # and every one is a minimum with the same facts
        got = matching.has_perfect_matching(vertices, tight, initial=self._tight_warm)
        if got is not None:
            self._tight_warm = got
        if got is not None or level is None:
            return got
        return self.odd_set_matching(vertices, compatible, term, least, level, klass)

    @staticmethod
    def _parity_blocked(vertices, classes, term, least, compatible, level) -> bool:
        """Whether the pairs where both ends take their cheapest term (``tight`` in
        :meth:`zero_slack_matching`) surely have no perfect matching: some set of levels
        (the bracket; the bracket with its fixed downfloaters; ... ) holds an odd number of
        vertices and no such pair leaves it (every perfect matching has a pair leaving an
        odd set).  The matching search would find the same and return None, only after a
        search over the whole graph; so asking this first changes no result.  A pair's
        terms depend on the other end's class only, so a vertex looks only at the outside
        classes where its own term is its cheapest."""
        lv = [level(v) for v in vertices]
        levels = sorted(set(lv))
        for k in levels[:-1]:
            inside = [v for v, x in zip(vertices, lv) if x <= k]
            if not len(inside) % 2:
                continue
            outside = [vs for vs in classes.values() if level(vs[0]) > k]
            if not any(term(u, vs[0]) == least[u]
                       and any(term(v, u) == least[v] and compatible(u, v) for v in vs)
                       for u in inside for vs in outside):
                return True
        return False

    def odd_set_matching(self, vertices, compatible, term, least, level, klass):
        """:meth:`zero_slack_matching` when the bracket (level 0), or the bracket with the
        next scoregroup (levels 0-2), has an odd number of vertices.

        The slack of a compatible pair is its cost less the two cheapest terms of its ends
        (never negative), and a perfect matching costs the sum of the cheapest terms plus
        the slacks of its pairs.  An odd set is left by at least one pair of every perfect
        matching, so: with the bracket odd, some pair leaves it, to levels 1-2 or to
        levels 3-4; with levels 0-2 odd too, a pair leaving them (to levels 3-4) as well,
        either the same one (bracket to levels 3-4) or another, from levels 0-2 (one from
        the bracket costs at least the least slack of a pair from it to levels 3-4).  The
        least total slack of those patterns is a lower bound; a perfect matching of the
        pairs of slack 0 and of the pattern's pairs of its least slack whose total slack
        is that bound is a minimum (tried with the pattern's pairs all allowed, then with
        one of its players at a time, the lowest ranked first; else None)."""
        def slack(u, v):
            return term(u, v) + term(v, u) - least[u] - least[v]

        parity = [sum(1 for v in vertices if level(v) <= k) % 2 for k in (0, 2)]
        if not parity[0] and not parity[1]:
            return None

        # the targets by class: a pair's slack is its source's part, which depends on the
        # target's class only, plus the target's part, which depends on the source's class
        # only; so each source looks, class by class, at the targets in ascending order of
        # their part and stops at the first compatible one (the least of that class)
        by_class: dict = {}
        for v in vertices:
            by_class.setdefault(klass(v), []).append(v)
        ordered: dict = {}

        def targets(c, ku):
            got = ordered.get((c, ku))
            if got is None:
                u0 = by_class[ku][0]
                got = ordered[(c, ku)] = sorted(
                    (term(v, u0) - least[v], i, v) for i, v in enumerate(by_class[c]))
            return got

        def least_slack(src, dst):
            best = None
            classes = [c for c, vs in by_class.items() if level(vs[0]) in dst]
            for u in vertices:
                if level(u) not in src:
                    continue
                ku = klass(u)
                for c in classes:
                    a = term(u, by_class[c][0]) - least[u]
                    if best is not None and a >= best:
                        continue
                    for b, _, v in targets(c, ku):
                        if best is not None and a + b >= best:
                            break
                        if v != u and compatible(u, v):
                            best = a + b
                            break
            return best

        patterns = []  # (bound, [(source levels, target levels, slack)])
        if parity[0] and parity[1]:
            direct = least_slack((0,), (3, 4))
            if direct is not None:
                patterns.append((direct, [((0,), (3, 4), direct)]))
            a, b = least_slack((0,), (1, 2)), least_slack((1, 2), (3, 4))
            if a is not None and b is not None:
                patterns.append((a + b, [((0,), (1, 2), a), ((1, 2), (3, 4), b)]))
        elif parity[0]:
            x = least_slack((0,), (1, 2, 3, 4))
            if x is not None:
                patterns.append((x, [((0,), (1, 2, 3, 4), x)]))
        else:
            x = least_slack((0, 1, 2), (3, 4))
            if x is not None:
                patterns.append((x, [((0, 1, 2), (3, 4), x)]))
        if not patterns:
            return None
        bound = min(b for b, _ in patterns)
        for b, legs in patterns:
            if b != bound:
                continue
            tries = [None] + [u for u in reversed(vertices) if level(u) in legs[0][0]][:3]
            for only in tries:
                def ok(u, v, legs=legs, only=only):
                    if not compatible(u, v):
                        return False
                    x = slack(u, v)
                    if x == 0:
                        return True
                    for src, dst, sl in legs:
                        if x == sl and ((level(u) in src and level(v) in dst and
                                         (only is None or u == only or src != legs[0][0]))
                                        or (level(v) in src and level(u) in dst and
                                            (only is None or v == only or src != legs[0][0]))):
                            return True
                    return False

                # (warm: the last matching of these shortcuts, as ``zero_slack_matching``;
                # whichever perfect matching is found, one of total slack ``bound`` is a
                # minimum, and every minimum has the same facts)
                got = matching.has_perfect_matching(vertices, ok, initial=self._tight_warm)
                if got is not None and sum(slack(u, v) for u, v in got.items()
                                           if u < v) == bound:
                    self._tight_warm = got
                    return got
        return None

    def rest(self, down: frozenset, lower: tuple[int, ...]):
        """[C4], [C5], [C8] of a candidate whose downfloaters are ``down``: None when the
        players not yet paired cannot be completed, else (c5, c8)."""
        if not lower:  # the last bracket: at most one downfloater, who gets the PAB
            if not down:
                return (-1, (0, ()))
            if len(down) == 1:
                (x,) = down
                if self.st[x].bye_eligible and x not in self.fmap:
                    return (self.st[x].score, (0, ()))
            return None
        got = self.optimum(frozenset(), frozenset(), down, lower)
        return None if got is None else (got[0], got[3])

    # ------------------------------------------------------------------ one bracket
    def open_search(self, score: Fraction, mdps: list[int], residents: list[int],
                    lower: tuple[int, ...]) -> None:
        """The walk's state for one bracket: no best yet, counts at 0, empty memos."""
        self._best = None
        self._count = 0
        self._nodes = 0
        self._warm: dict = {}
        self._formed = None
        self._node = None  # (the walk's node asking the bound, its parent: ``_from_parent``)
        self._parent_seen = None  # ``_from_parent``'s last check of the lists
        bracket = tuple(mdps) + tuple(residents)
        # a row is built from the colour classes (``_Classes``) and kept: worth it while
        # the bounds' matchings scan much of the bracket, not in a bracket of many
        # thousands, where the rows' memory would grow with the square of it: there each
        # row is asked of the classes (``_ClassRow``; the same members either way)
        self._classes = _Classes(self, bracket)
        self._rows = (_CleanRows if len(bracket) <= ROWS_UP_TO else _ClassRows).of_bracket(
            self._classes)
        # the Hall certificates of the walks' roots, read in the rows kept as sets
        self._hall = HallCertificates(HALL_KEPT) if len(bracket) <= ROWS_UP_TO else None
        # the same question in bitmasks (``split_matchings``), built when first asked
        self._splits = None
        self._split_players = bracket if self._hall is not None and \
            len(bracket) <= SPLITS_UP_TO else ()
        self._ctx = dict(score=score, mdps=frozenset(mdps), lower=lower)
        # ``rest_pairable``: off until a remainder of this bracket is found without its
        # pairs (before that it would cost a matching a node and prune nothing), and on
        # only while it pays: at most 256 checks more than 8 for each part it left
        self._rest_check = False
        self._rest_warm: dict = {}
        self._rest_tally = [0, 0]  # checks made, parts left
        self._terms: dict = {}
        self._sums: dict = {}
        self._bounds: dict = {}

    def search(self, score: Fraction, mdps: list[int], residents: list[int],
               lower: tuple[int, ...], max_pairs: int, m1: int, limbo_scores: tuple,
               root: tuple):
        """The chosen candidate of the bracket (a dict of its facts) or None; ``root`` the
        lower bound of every candidate ([C5], [C8], [C9] at their best, the rest 0)."""
        self.open_search(score, mdps, residents, lower)
        # the walk recurses once per S1 player (and once per remainder S1 player): a large
        # bracket needs more frames than the default (Python frames, no C stack, in 3.11+)
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, 2 * (len(mdps) + len(residents)) + 1000))
        try:
            limited = self.capped_walks(mdps, residents, max_pairs, m1, limbo_scores, root)
        finally:
            sys.setrecursionlimit(depth)
        if self._best is None:
            return None, limited
        vec, cand = self._best
        d = self.unit  # the lists of [C18]-[C21] back in points (``candidate_quality``)
        vec = vec[:-4] + tuple(tuple(Fraction(x, d) for x in xs) for xs in vec[-4:])
        cand["vector"] = vec
        cand["perfect"] = vec == root
        cand["checked"] = self._count
        return cand, limited

    def capped_walks(self, mdps, residents, max_pairs, m1, limbo_scores, root) -> bool:
        """The walk of the bracket (3.6/3.7 in the text's order), first under a cap and, if
        that does not settle it, as it is; True when the search limit stopped it.

        A walk under the cap ``T`` leaves every part whose lower bound exceeds ``T`` and
        keeps no candidate above it (``better``, ``improves``), even before a best is
        found.  It still meets, in the text's order, every candidate not above ``T``, so
        when it keeps one, the candidate chosen is the one the walk without a cap chooses:
        the first of the best (nothing better than ``T`` was left, and 3.8.1's tie goes to
        the earliest).  When it keeps none, no candidate is at or below ``T``, and the
        least value it left (a part's bound or a candidate's vector, ``_over``) is a lower
        bound of every candidate: the next cap.  The first cap is ``root``, the bound of
        every candidate.  So the walk meets candidates only at the best value, instead of
        improving on a first candidate found without any bound (hundreds of candidates,
        each a walk back up the S1 players, in a bracket of a few hundred with colour
        conflicts).  ``checked`` counts the candidates the last walk evaluated.  Capped
        walks that together pass ``CAPPED_NODES`` steps (a bracket whose bounds are far from
        its best value) give way to the walk without a cap, which the limits then bound as
        before.  Before them, the walk without a cap runs to its first candidate: when that
        one is perfect (3.4.1), it is the choice and no bound is computed."""
        size = len(mdps) + len(residents)
        budget = CAPPED_NODES + CAPPED_PER_PLAYER * size
        self._walks = 0

        def walk(cap, limit, first_only=False) -> bool:
            """One walk; False when a limit (or, ``first_only``, a first candidate) ends it."""
            self._walks += 1
            self._best, self._count, self._nodes = None, 0, 0
            self._cap, self._over = cap, None
            self._node_limit, self._first_only = limit, first_only
            try:
                if not mdps:
                    self.homogeneous(residents, max_pairs, (), frozenset(), root[:3],
                                     dict(mdp_set=-1, s1=(), s2=(), exchange=()), top=True)
                else:
                    self.heterogeneous(mdps, residents, max_pairs, m1, limbo_scores, root)
            except SearchLimitReached:
                return False
            finally:
                self._first_only = False
            return True

        if self.CAPPED:
            # the first candidate of the walk without a cap (no bound computed before it),
            # when perfect, is the one both walks choose: the capped walks' bounds are
            # spared where the first candidate settles the bracket (a first round)
            walk(None, PROBE_NODES + 2 * size, first_only=True)
            if self._best is not None and self._best[0] == root:
                return False
            cap, spent = root, 0
            while walk(cap, min(NODE_LIMIT, budget - spent)):
                spent += self._nodes
                if self._best is not None or self._over is None:
                    return False
                cap = self._over
            # the capped walks' budget is spent: the walk without a cap
        return not walk(None, NODE_LIMIT)

    def improves(self, vec: tuple) -> bool:
        """Whether a candidate of vector ``vec`` becomes the best (3.8.1): better than the
        best so far; before one, not above the cap (``capped_walks``: the least value
        above it is noted)."""
        if self._best is not None:
            return vec < self._best[0]
        return self.within_cap(vec)

    def within_cap(self, value: tuple) -> bool:
        """Whether ``value`` (a part's bound, a candidate's vector) is not above the cap, if
        any; the least value above it is noted in ``_over``."""
        cap = self._cap
        if cap is None or value <= cap:
            return True
        if self._over is None or value < self._over:
            self._over = value
        return False

    def lower_bound(self, base: tuple, pairs, s1_left=(), s2_free=(),
                    floaters: bool = False, rest: int = 0) -> tuple | None:
        """``base`` ([C5], [C8], [C9]), the criteria of the pairs formed so far, and what
        the S1 players ``s1_left`` must add when paired among ``s2_free`` (``floaters``:
        the S2 players left over are downfloaters; ``rest``: they hold that many pairs
        more, the remainder's of an MDP-Pairing, whose criteria are counted too).  None: no
        candidate completes.

        Computed in stages, each a lower bound of the next: when one is not better than
        the best found, it is returned (the full bound would not be better either, so
        ``better`` and ``settled`` decide the same on it, and the callers prune at once)."""
        self._extra = None
        cheap = base + (0,) * 8 + ((),) * 4
        if not self.better(cheap):
            return cheap
        q = self.candidate_quality(pairs)
        if s1_left and not self.better(base + tuple(q)):
            return base + tuple(q)
        if s1_left:
            extra = self.rest_bound(tuple(s1_left), tuple(s2_free), floaters, rest)
            if extra is None:
                return None
            for i, v in enumerate(extra):
                q[i] += v
            self._extra = extra  # (read by Dutch 2017's bound of the collapsed bracket)
        return base + tuple(q)

    def candidate_quality(self, pairs, downfloaters=()) -> list:
        """``quality`` of the bracket being searched, as the walk compares it: the score
        differences of the lists in units of ``self.unit`` (integers: the same order as the
        fractions, and :meth:`search` gives the chosen vector back in points), the pairs'
        part summed once per prefix (the walk extends its pairs one at a time: each sum is
        its parent's and one pair's part).  The walk's own list (``_Pairs``) keeps the sum
        of each of its prefixes; other pairs (a tuple) are summed through ``self._sums``,
        a memo by prefix cleared when large."""
        if isinstance(pairs, _Pairs):
            got = pairs.quality_sum()
        else:
            got = self._prefix_sum(tuple(pairs))
        if not downfloaters:
            return list(got[0]) + list(got[1])
        return summed([got] + [self.in_units(self.floater_terms(n)) for n in downfloaters])

    def _prefix_sum(self, key: tuple) -> tuple:
        """The pairs' part of ``candidate_quality`` for a tuple of pairs, from the longest
        prefix already summed in ``self._sums`` (cleared when large)."""
        sums = self._sums
        got = sums.get(key)
        if got is None:
            i = max(len(key) - 1, 0)
            while i > 0 and key[:i] not in sums:
                i -= 1
            got = sums[key[:i]] if i > 0 else ((0,) * 8, NO_LISTS)
            if len(sums) > SUMS_KEPT:
                sums.clear()
            for j in range(i, len(key)):
                got = plus(got, self.scaled_terms(*key[j]))
                sums[key[:j + 1]] = got
        return got

    def scaled_terms(self, a: int, b: int) -> tuple:
        """``pair_terms`` of the bracket being searched, in units (a memo by the pair)."""
        got = self._terms.get((a, b))
        if got is None:
            ctx = self._ctx
            got = self._terms[(a, b)] = self.in_units(
                self.pair_terms(a, b, ctx["mdps"], ctx["score"]))
        return got

    def in_units(self, part: tuple) -> tuple:
        """A part's score differences as integers: multiples of ``self.unit``, the least
        common denominator of the round's scores."""
        counts, lists = part
        if lists is NO_LISTS:
            return part
        d = self.unit
        return counts, tuple(tuple(int(x * d) for x in xs) for xs in lists)

    @property
    def unit(self) -> int:
        got = self.__dict__.get("_unit")
        if got is None:
            got = self._unit = lcm(*(p.score.denominator for p in self.st.players)) \
                if self.st.players else 1
        return got

    def clean_pairs(self, players: tuple, k: int) -> int:
        """The most pairs among ``players`` (of the bracket being searched) that fit and
        break criterion ``k`` of [C10]-[C13] nowhere: a maximum matching's size (the same
        whichever maximum is found), kept with :meth:`rest_bound`'s memo."""
        key = ("pairs", players, k)
        got = self._bounds.get(key)
        if got is None:
            clean = self._classes.clean

            def comp(a, b):
                return clean(a, b)[k]

            # warm: the last such matching (a remainder's players are mostly the last
            # one's), its pairs among ``players`` kept; the maximum's size is the same.
            # First the greedy pass, pair by pair (by the classes): when it pairs every
            # player but an odd one out, no matching has more and no row is built (a
            # row per player of a bracket of thousands); else the search from it
            warm = self._warm
            m = matching.greedy_matching(players, comp, initial=warm.get(("pairs", k)))
            if len(m) // 2 < len(players) // 2:
                m = self.colour_matching(players, k, comp, m)
            warm[("pairs", k)] = m
            got = self._bounds[key] = len(m) // 2
        return got

    def colour_matching(self, players: tuple, k: int, comp, m: dict) -> dict:
        """A maximum matching of ``players`` by ``comp`` (criterion ``k``'s clean pairs),
        from the matching ``m``.  For [C12] and [C13] the colours bound it
        (``colour_sides``): at most min(n // 2, n - |White|, n - |Black|) pairs.  When
        ``m`` has that many, it is maximum.  When the larger side, say White, leaves at
        most n // 2 players outside it, a matching of n - |White| pairs gives each of those
        players a White partner (each pair holds one of them at least, and they are n -
        |White|): it is a matching of the bipartite graph of those players and White, which
        the bipartite search finds from ``m``'s pairs of that graph, if there is one.  Else,
        and for [C10]/[C11], the general search from ``m``.  Only the size is read: any
        maximum matching gives the same."""
        sides = self.colour_sides(players, k)
        if sides is not None:
            white, black, _ = sides
            n = len(players)
            big = white if len(white) >= len(black) else black
            if len(m) // 2 >= min(n // 2, n - len(big)):
                return m
            if n - len(big) <= n // 2:
                inside = frozenset(big)
                rest = [a for a in players if a not in inside]
                got = matching.bipartite_max_matching(
                    rest, big, comp, initial={a: m[a] for a in rest if m.get(a) in inside},
                    trusted=True, neighbours=self._rows[k], target=len(rest))
                if len(got) == len(rest):
                    out = {}
                    for a, b in got.items():
                        out[a], out[b] = b, a
                    return out
        return matching.max_matching(players, comp, initial=m, neighbours=self._rows[k])

    def rest_bound(self, s1: tuple, s2: tuple, floaters: bool,
                   rest: int = 0) -> list[int] | None:
        """Lower bounds of what pairing ``s1`` with players of ``s2`` adds to [C10]-[C17]
        (that ``s1`` can be paired at all, :meth:`transpositions`' matching has settled).
        A function of its arguments alone (the walk asks the same ones again and again:
        24,570 times for 914 distinct at round 2 of 1,000 players), so kept in a memo
        cleared when large."""
        key = (s1, s2, floaters, rest)
        got = self._bounds.get(key)
        if got is None:
            if len(self._bounds) > BOUNDS_KEPT:
                self._bounds.clear()
            got = self._bounds[key] = self.fresh_bound(s1, s2, floaters, rest)
        return list(got)

    def fresh_bound(self, s1: tuple, s2: tuple, floaters: bool, rest: int = 0) -> tuple:
        """:meth:`rest_bound` computed.  With ``rest``, the pairs of S1 and the remainder's
        ``rest`` pairs among the S2 players left over are bounded together: S1 players
        meet only S2 players, so the clean pairs of any completion form a matching of the
        S1 and S2 players without S1-S1 pairs, and at least ``len(s1) + rest`` less its
        largest size are not clean."""
        clean = self._classes.clean
        out = [0] * 8
        checks = (2, 3, 0, 1) if self.st.last_round else (2, 3)
        warm = self._warm  # the last matching of each kind: a warm start (same maximum)
        left = frozenset(s1) if rest else None
        certified = None  # the last criterion whose state ``certified_matching`` kept
        for k in checks:
            if k == 3 and out[2] == 0:
                # [C13]'s clean pairs include [C12]'s (``pair_quality`` counts a pair's
                # [C13] only where it counts its [C12]), so a matching of clean pairs as
                # large as needed by [C12]'s is one by [C13]'s: its part is 0 too
                continue
            if rest:
                rows = self._rows[k]

                def comp(a, b, k=k):
                    return clean(a, b)[k] and not (a in left and b in left)

                # the bound is the pairs needed less the most there can be: 0 as soon as a
                # matching holds as many as needed, so first the last matching's pairs and
                # the greedy pass (``greedy_matching``: the same start as the search's);
                # only when they hold fewer is the maximum searched, from there
                m = matching.greedy_matching(s1 + s2, comp, initial=warm.get(("rest", k)))
                if len(m) // 2 < len(s1) + rest:
                    m = matching.max_matching(
                        s1 + s2, comp, initial=m,
                        neighbours=None if rows is None else _Apart(rows, left))
                warm[("rest", k)] = m
                out[k] = max(0, len(s1) + rest - len(m) // 2)
                continue
            out[k] = len(s1) - self.certified_matching(
                s1, s2, lambda a, b, k=k: clean(a, b)[k], self._rows[k], k)
            certified = k
        if floaters:
            # among the S2 players: counted by the state ``certified_matching`` kept for
            # this S2 (it holds the list itself, so ``is`` cannot match another)
            state = None if certified is None else warm.get(("cert", certified))
            down1, down2 = self.downfloated_here()
            if state is not None and state.s2 is s2:
                n1, n2 = state.in_s2(down1), state.in_s2(down2)
            else:
                free = frozenset(s2)
                n1, n2 = len(down1 & free), len(down2 & free)
            out[4] = max(0, n1 - len(s1))
            out[6] = max(0, n2 - len(s1))
        return tuple(out)

    def downfloated(self) -> tuple[frozenset, frozenset]:
        """The players who downfloated one round before and two rounds before
        (``float_marks``), as sets (the bound counts them among many players per step)."""
        got = self.__dict__.get("_downfloated")
        if got is None:
            ns = [p.number for p in self.st.players]
            got = self._downfloated = tuple(
                frozenset(n for n in ns if self.float_marks(n)[i] == "down") for i in (0, 1))
        return got

    def downfloated_here(self) -> tuple[frozenset, frozenset]:
        """:meth:`downfloated` among the players of the bracket being searched (each set
        is then counted among a node's free S2 players by the smaller side)."""
        got = self._ctx.get("downfloated")
        if got is None:
            members = self._classes.members
            got = self._ctx["downfloated"] = tuple(d & members for d in self.downfloated())
        return got

    def certified_matching(self, s1: tuple, s2: tuple, comp, rows, k: int) -> int:
        """The size of a maximum matching of ``s1`` with ``s2`` by ``comp`` (criterion
        ``k``'s clean pairs), proved maximum by a vertex cover of the same size (Konig).

        The walk asks this of graphs that differ from one asked before by a few players: a
        node's graph is its parent's less the pair just formed.  A cover of such an earlier
        graph, without the players gone and with the players new to a side added to it, is
        a cover of the new graph (an edge between two players already there on these sides
        was covered; any other has a new end), so its size bounds every matching: the
        matching, started from the earlier one, is maximum as soon as it reaches that size,
        without the searches from the other free S1 players that could only fail (the
        bound needs only the maximum's size, the same whichever is found).  Otherwise it
        is completed as before and a cover is read off it (``matching.konig_cover``).

        The earlier graph is the parent's when its state is kept: each state (``_Cert``)
        is kept by the number of S1 players (``("cert", k, len(s1))``, the node's depth in
        the walk), and the parent of a node with ``d`` S1 players left had ``d + 1``.  When
        that state is the parent's -- its S1 players are these and the first of the pair
        the walk formed last (``_formed``), its S2 players these and the second, checked on
        the lists themselves -- the new state is read off it (:meth:`_from_parent`); else
        the last state asked is used as above.  Any earlier state gives the same size (a
        maximum's), so which one is used decides only the work."""
        warm = self._warm
        depth = len(s1)
        par = warm.get(("cert", k, depth + 1))
        if par is not None and self._formed is not None:
            node = self._node
            known = node is not None and node[1] is not None and \
                warm.get(("node", k, depth + 1)) == node[1]
            got = self._from_parent(par.built(), s1, s2, rows, k, comp, known=known)
            if got is not None:
                return got
        target = None
        hint = None
        f1, f2 = frozenset(s1), frozenset(s2)
        got = warm.get(("cert", k))
        start = None
        free_r = None
        if got is not None:
            got = got.built()
            start, back, l1, l2, c1, c2 = got.m, got.back, got.f1, got.f2, got.c1, got.c2
            hint = ((f1 & c1) | (f1 - l1), (f2 & c2) | (f2 - l2))
            target = len(hint[0]) + len(hint[1])
            gone1, gone2 = l1 - f1, l2 - f2
            if len(gone1) + len(gone2) <= 4:
                # a few players gone (a pair formed): the last matching less their pairs
                # (its inverse, kept with it, finds the pair of a right player gone) is
                # maximum as it is when it is as large as the cover, with no search
                start, back = dict(start), dict(back)
                freed = []  # S1 players whose partner is gone
                for u in gone1:
                    w = start.pop(u, None)
                    if w is not None:
                        del back[w]
                for w in gone2:
                    u = back.pop(w, None)
                    if u is not None:
                        del start[u]
                        if u in f1:
                            freed.append(u)
                if rows is not None and len(start) < target and freed:
                    # one augmenting path from each of them, read in the rows
                    free_r = set(f2.difference(back))
                    for u in freed:
                        if _augment(u, start, back, rows, f2, free_r) and \
                                len(start) == target:
                            break
                if len(start) == target:
                    self._keep_cert(k, depth, _Cert(start, back, s1, s2, f1, f2, *hint, free_r))
                    return target
        return self._completed(s1, s2, comp, rows, k, f1, f2, start, target, hint)

    def _completed(self, s1: tuple, s2: tuple, comp, rows, k: int, f1, f2, start, target,
                   hint) -> int:
        """:meth:`certified_matching` completed by the matching search from ``start`` (a
        matching of the graph, or None), ``target`` the size of the cover ``hint`` (S1's
        part, S2's) when one is known: the search stops there (the maximum); else a cover
        is read off the maximum found.  The state is kept; its size given back."""
        read: list = []  # the cover read off the search, when it ran from every root
        m = matching.bipartite_max_matching(s1, s2, comp, initial=start, trusted=True,
                                            neighbours=rows, target=target, cover=read)
        if len(m) != target:
            hint = read[0] if read else matching.konig_cover(s1, s2, comp, m,
                                                             neighbours=rows)
        self._keep_cert(k, len(s1), _Cert(m, dict(zip(m.values(), m)), s1, s2, f1, f2, *hint))
        return len(m)

    def _from_parent(self, par: _Cert, s1: tuple, s2: tuple, rows, k: int, comp,
                     known: bool = False):
        """:meth:`certified_matching` read off the parent's state ``par`` when it is the
        parent's (its S1 players ``s1`` and ``a``, first; its S2 players ``s2`` and ``b``,
        in place; ``(a, b)`` the pair formed, ``_formed``), else None.  The parent's cover
        less ``a`` and ``b`` covers this graph (the parent's less two players); its
        matching less their pairs, mended by one augmenting path from the S1 player whose
        partner ``b`` was, is maximum when it reaches that cover's size; else the matching
        search completes it from there.

        The parent's matching is changed in place and the changes undone at once (noted
        as they are made: ``_augment``'s log); when the size is proved, the node's state
        is kept as those changes (``_LazyCert``), built only if read.

        ``known``: the state was kept by the walk's parent node (``_node``), so it is the
        parent's without comparing the lists: the parent asked its bound of its S1 players
        from its i-th (this node's and ``a``, first) and of its free S2 players in S2's
        order (this node's and ``b``, the list this node's is read off: ``pfree``), and no
        other node kept a state at that depth since (it would have replaced the number).
        ``VERIFY_KNOWN`` (tests) compares the lists all the same."""
        a, b = self._formed
        p1, p2 = par.s1, par.s2
        seen = self._parent_seen
        if known and not self.VERIFY_KNOWN:
            pass
        elif seen is not None and seen[0] is p1 and seen[1] is p2 and seen[2] is s1 \
                and seen[3] is s2 and seen[4] == (a, b):
            if not seen[5]:
                return None  # (checked for the other criterion's state of the same node)
        else:
            ok = len(p1) == len(s1) + 1 and p1[0] == a and p1[1:] == s1 and \
                len(p2) == len(s2) + 1 and b in par.f2
            if ok:
                j = p2.index(b)
                ok = p2[:j] == s2[:j] and p2[j + 1:] == s2[j:]
            self._parent_seen = (p1, p2, s1, s2, (a, b), ok)
            if known:
                assert ok, "a state kept by the parent node is not the parent's"
            if not ok:
                return None
        c1, c2 = par.c1, par.c2
        target = len(c1) - (a in c1) + len(c2) - (b in c2)
        start, back, free = par.m, par.back, par.free_set()
        log: list = []
        w = start.get(a)
        if w is not None:
            log += ((start, a, w), (back, w, a), (free, w, False))
            del start[a], back[w]
            free.add(w)
        if b in free:
            log.append((free, b, True))
            free.discard(b)
        u = back.get(b)
        if u is not None:
            log += ((back, b, u), (start, u, b))
            del back[b], start[u]
        if len(start) < target and u is not None and rows is not None:
            _augment(u, start, back, rows, par.f2, free, gone=b, log=log)
        size = len(start)
        redo = [(where, key, (key in where) if where is free else where.get(key, _ABSENT))
                for where, key, _ in log]
        _undo(log)
        lazy = _LazyCert(par, a, b, s1, s2, size, redo)
        if size == target:
            self._keep_cert(k, len(s1), lazy)
            return size
        got = lazy.built()
        h = (got.c1, got.c2)
        return self._completed(s1, s2, comp, rows, k, got.f1, got.f2, got.m, target, h)

    def _keep_cert(self, k: int, depth: int, state) -> None:
        """Keep ``certified_matching``'s state (``_Cert`` or ``_LazyCert``) as the last one
        and by its depth; only the ``CERT_WINDOW`` depths above it are kept too (the
        ancestors whose next children are near: each state holds the bracket's players,
        and a path thousands deep would keep thousands of them; a node whose parent's
        state is gone starts from the last one)."""
        warm = self._warm
        warm[("cert", k)] = warm[("cert", k, depth)] = state
        node = self._node
        warm[("node", k, depth)] = None if node is None else node[0]
        warm.pop(("cert", k, depth + CERT_WINDOW), None)

    def better(self, lb: tuple) -> bool:
        """Whether a candidate with lower bound ``lb`` may still be better than the best
        (before one, not above the cap: ``within_cap``)."""
        if self._best is None:
            return self.within_cap(lb)
        return lb < self._best[0]

    def settled(self, lb: tuple) -> bool:
        """Whether the best found reaches ``lb``: nothing later in the part is better."""
        return self._best is not None and self._best[0] <= lb

    def consider(self, pairs, down_res: tuple, limbo: frozenset, facts: dict) -> None:
        """Evaluate one candidate (3.4) and keep it if better than the best so far (3.8.1)."""
        self._count += 1
        if self._count > LIMIT:
            raise SearchLimitReached
        ctx = self._ctx
        down = frozenset(down_res) | limbo
        got = self.rest(down, ctx["lower"])
        if got is None:  # [C4]
            return
        c5, c8 = got
        c9 = 0
        if len(down) == 1 and (not ctx["lower"] or self.c9_above):
            # [C9] when the one downfloater gets the PAB: the last bracket's always (1.9.1);
            # one of a bracket above it (reading c9-bracket) when the completion's PAB has
            # his score (the players below have lower scores: it is his)
            (x,) = down
            if c5 == self.st[x].score:
                c9 = self.st[x].unplayed
        # [C14]/[C16]: the resident downfloaters (reading c14-downfloaters: the Limbo too)
        counted = down_res + tuple(sorted(limbo)) if self.c14_all else down_res
        vec = (c5, c8, c9) + tuple(self.candidate_quality(pairs, counted))
        if self.improves(vec):
            self._best = (vec, dict(facts, pairs=tuple(pairs),
                                    downfloaters=tuple(sorted(down, key=self.key))))
            if self._first_only:
                raise SearchLimitReached  # ``capped_walks``: only the first was asked

    def homogeneous(self, players: list[int], n1: int, fixed_pairs: tuple, limbo: frozenset,
                    base: tuple, facts: dict, top: bool = False) -> None:
        """3.6 on a homogeneous bracket or a remainder: the original S1/S2, then each
        exchange of 4.3 (``players`` in 1.2's order: BSN = position + 1, 4.1.1)."""
        n = len(players)
        part_lb = None

        def bound():
            """The part's bound (computed once, and only against a best found)."""
            lb = self.lower_bound(base, fixed_pairs)
            if n1 and not self.settled(lb):
                # over every composition: n1 pairs among the players, in any S1/S2
                q = list(lb[3:])
                for k in ((2, 3, 0, 1) if self.st.last_round else (2, 3)):
                    q[k] += max(0, n1 - self.clean_pairs(tuple(players), k))
                lb = lb[:3] + tuple(q)
            return lb

        hall = self._hall
        splits = self.split_matchings() if n1 else None
        if splits is not None:
            # each exchange's root asks whether S1 can be matched into S2 by [C1]-[C3]:
            # asked in bitmasks, of the bracket's graph, split after split
            bits = [self._bits[q] for q in players]
            everyone = sum(bits)
            original = sum(bits[:n1])
            masks: dict = {}

            def mask(bsns):
                got = masks.get(bsns)
                if got is None:
                    got = masks[bsns] = sum(bits[b - 1] for b in bsns)
                return got
        for x, y in chain([((), ())], exchanges(n1, n) if n1 else ()):
            if self._best is not None or self._cap is not None:
                part_lb = part_lb or bound()
                if not self.better(part_lb):
                    return
            if splits is not None:
                one = original ^ mask(x) ^ mask(y)
                if not splits.matchable(one, everyone ^ one):
                    # no matching of S1 into S2 by [C1]-[C3]: the walk of this exchange
                    # would end at its root, which counts as its one node
                    self._nodes += 1
                    if self._nodes > self._node_limit:
                        raise SearchLimitReached
                    continue
            moved = set(x) | set(y)
            # BSN b (from 1) is in S1 when it is of the original S1 and not moved, or moved
            s1 = [q for b, q in enumerate(players, 1) if (b <= n1) is not (b in moved)]
            s2 = [q for b, q in enumerate(players, 1) if (b <= n1) is (b in moved)]
            if splits is None and hall is not None and s1 and hall.refuted(s1, s2):
                # the same, by a Hall certificate, in a larger bracket
                self._nodes += 1
                if self._nodes > self._node_limit:
                    raise SearchLimitReached
                continue
            bsn_x = tuple(players[b - 1] for b in x)
            bsn_y = tuple(players[b - 1] for b in y)
            here = dict(facts)
            if top:
                here.update(s1=tuple(s1), s2=tuple(s2), exchange=(bsn_x, bsn_y))
            else:
                here.update(s1r=tuple(s1), s2r=tuple(s2), exchange_r=(bsn_x, bsn_y))
            self.transpositions(s1, s2, 0, _Pairs(self, fixed_pairs), set(), limbo, base,
                                here, remainder=None)
            if self._best is not None:
                part_lb = part_lb or bound()
                if self.settled(part_lb):
                    return

    def transpositions(self, s1, s2, i, pairs, used, limbo, base, facts, remainder,
                       mate=None, pfree=None, up=None) -> None:
        """4.2: S1's i-th player takes the S2 players in BSN order (the lexicographic order
        of the transpositions' first N1 BSNs).

        ``mate`` pairs each S1 player from the i-th on with a distinct free S2 player by
        [C1]-[C3] (``_Mates``; None: not yet known); a part where no such matching exists
        holds no candidate.  A child keeps it when its pair is one of it, and repairs it
        (:meth:`take`) otherwise, in place: the walk undoes the changes when it comes back
        from the child (no copy of the matching per node).  The lower bound of the part matters
        only against a best found (``better``/``settled``), so it is computed only then:
        the part's value is the same whenever it is computed, the pairs and the free S2
        players being those of the part.

        ``pfree``: the parent's list of free S2 players and the one this node's pair took
        (when the parent listed them): this node's list is that one less him, in the same
        order, without a pass over S2.  ``up``: the parent's number among the walk's nodes
        (``_node``: its bound's states are known to be the parent's, :meth:`_from_parent`)."""
        fits = self.fits
        self._serial += 1
        me = self._serial
        if i < len(s1):
            self._nodes += 1
            if self._nodes > self._node_limit:
                raise SearchLimitReached
        free = None  # the S2 players free at this node, listed once if asked (the same
        # after each child, which gives back what it took)
        if pfree is not None:
            listed, taken = pfree
            j = listed.index(taken)
            free = listed[:j] + listed[j + 1:]
        if mate is None:
            free = [b for b in s2 if b not in used]
            # a walk's root (an exchange of 4.3, an MDP-Pairing's S1): most often refuted,
            # in a bracket of many met pairs, by a set of players that refuted an earlier
            # root's (``HallCertificates``: the matching's answer, without it); an
            # exchange's root is asked before the walk (``homogeneous``)
            hall = self._hall if i == 0 else None
            if hall is not None and remainder is not None and hall.refuted(s1, free):
                return
            got = matching.bipartite_max_matching(s1[i:], free, lambda x, y: fits(x, y),
                                                  neighbours=self._rows[FITS])
            if len(got) < len(s1) - i:
                if hall is not None:
                    hall.learn(s1, free, got, self._rows[FITS])
                return
            mate = _Mates(got, free)
        if remainder is not None and self._rest_check and i < len(s1):
            tally = self._rest_tally
            if tally[0] < 256 + 8 * tally[1]:
                tally[0] += 1
                if free is None:
                    free = [b for b in s2 if b not in used]
                if not self.rest_pairable(s1[i:], free):
                    tally[1] += 1
                    return
        floaters = remainder is None
        rest = 0 if floaters else self._ctx.get("rest_pairs", 0)
        lb = None
        if self._best is not None or self._cap is not None:
            if free is None:
                free = [b for b in s2 if b not in used]
            # the pair this node added to its parent's (``certified_matching`` starts
            # from the parent's matching when it finds the parent's state)
            self._formed = pairs[-1] if i else None
            self._node = (me, up if i else None)
            lb = self.lower_bound(base, pairs, s1[i:], free, floaters, rest)
            if lb is None or not self.better(lb):
                return
        if i == len(s1):
            if remainder is not None:
                remainder(pairs, used)
            else:
                self.consider(pairs, tuple(p for p in s2 if p not in used), limbo, facts)
            return
        a = s1[i]
        for b in s2:
            if b in used or not fits(a, b):
                continue
            log = self.take(mate, a, b, s1, i, s2, used)
            if log is None:
                continue
            used.add(b)
            pairs.append((a, b))
            self.transpositions(s1, s2, i + 1, pairs, used, limbo, base, facts, remainder,
                                mate, None if free is None else (free, b), me)
            pairs.pop()
            used.discard(b)
            mate.undo(log)
            if self._best is not None:
                if lb is None:
                    if free is None:
                        free = [b for b in s2 if b not in used]
                    self._node = None  # (the children's: not this node's)
                    lb = self.lower_bound(base, pairs, s1[i:], free, floaters, rest)
                if self.settled(lb):
                    return

    def split_matchings(self) -> SplitMatchings | None:
        """Whether some players of the bracket being searched can each be paired with a
        distinct player of others by [C1]-[C3] (``fits``), asked in bitmasks of the
        bracket's players (``self._bits``): the exchanges' roots and the walk's repairs
        (``take``) ask it split after split.  None in a bracket of more than
        ``SPLITS_UP_TO`` players (the matchings then ask it)."""
        got = self._splits
        if got is None and self._split_players:
            players = self._split_players
            bits = self._bits = {q: 1 << i for i, q in enumerate(players)}
            rows = self._rows[FITS]
            got = self._splits = SplitMatchings(
                [sum(bits[r] for r in rows[q] if r in bits) for q in players], HALL_KEPT)
        return got

    def rest_pairable(self, s1_left: list, free: list) -> bool:
        """Whether the S1 players ``s1_left`` can each be paired with a distinct player of
        ``free`` ([C1]-[C3]) while the free players left over still hold the remainder's
        pairs (``rest_pairs``: MaxPairs less M1, 3.7's remainder; the walk's ``remainder``
        rejects every MDP-Pairing after which they do not).  A part where this fails holds
        no candidate, so leaving it evaluates the same candidates in the same order; it
        only spares the nodes (a collapsed last bracket of 30 players once spent the whole
        node limit on MDP-Pairings whose remainders could not be paired).

        Exact as a test: S1 players meet only free players, so a matching of the graph of
        ``s1_left`` and ``free`` (edges S1-free and free-free) covers ``s1_left`` with
        ``rest_pairs`` pairs besides exactly when its maximum size reaches
        ``len(s1_left) + rest_pairs`` -- given that some matching covers ``s1_left`` (the
        walk's ``mate``): from it, augmenting paths reach a maximum matching and never
        leave a matched vertex free."""
        need = self._ctx["rest_pairs"]
        if not need:
            return True
        left = set(s1_left)
        fits = self.fits

        def compatible(a, b):
            return not (a in left and b in left) and fits(a, b)

        rows = self._rows[FITS]
        got = matching.max_matching(list(s1_left) + list(free), compatible,
                                    initial=self._rest_warm,
                                    neighbours=None if rows is None else _Apart(rows, left))
        self._rest_warm = got
        return len(got) // 2 >= len(s1_left) + need

    def take(self, mates: "_Mates", a: int, b: int, s1: list, i: int, s2: list,
             used: set) -> list | None:
        """The walk's matching (``mates``: S1's players from the i-th on, ``a`` the i-th,
        into the free S2 players) changed in place into one of S1's players after ``a``
        into the free S2 players less ``b``; the changes made (``_Mates.undo`` undoes
        them), or None when there is no such matching (then nothing is changed).

        When ``a``-``b`` is a pair of it, it holds as it is.  Else, with the bracket's rows
        of fitting partners: less ``a`` and less ``b``'s partner, who then takes one
        augmenting path read in the rows, when one is found near (``_augment``); else the
        matching search from it (the matching found replaces it until undone).  Either way
        the answer is whether one exists, which is all the walk reads of it.  (``mate`` may
        also hold the S1 players paired above, with their partners, who are no longer free:
        they take part in nothing here.)"""
        mate, back, right, free = mates.mate, mates.back, mates.right, mates.free
        log: list = [(right, b, True)]
        right.discard(b)
        if mate.get(a) == b:
            return log
        rows = self._rows[FITS]
        left = s1[i + 1:]
        splits = self.split_matchings() if b in back else None
        if splits is not None:
            # ``b`` is matched: the question in bitmasks (``split_matchings``), first
            # whether a kept Hall certificate answers no, before any repair (in a walk's
            # small bracket, the repairs that find no augmenting path mostly have no
            # matching at all)
            bits = self._bits
            one = sum([bits[x] for x in left])
            two = sum([bits[x] for x in s2 if x not in used]) & ~bits[b]
            if splits.refuted(one, two):
                right.add(b)
                return None
        if rows is not None:
            w = mate.pop(a)
            del back[w]
            log += ((mate, a, w), (back, w, a), (free, w, False))
            free.add(w)
            x = back.pop(b, None)
            if x is None:  # b was free
                log.append((free, b, True))
                free.discard(b)
                return log
            del mate[x]
            log += ((back, b, x), (mate, x, b))
            if _augment(x, mate, back, rows, right, free, log=log):
                return log
            _undo(log[1:])
        if splits is not None and not splits.matchable(one, two, asked=True):
            # (Kuhn's search, the certificates having been asked above)
            right.add(b)
            return None
        got = matching.bipartite_max_matching(
            left, [x for x in s2 if x not in used and x != b], self.fits,
            initial={x: mate[x] for x in left if mate.get(x) not in (None, b)}, trusted=True,
            neighbours=rows)
        if len(got) != len(left):
            right.add(b)
            return None
        log.append((None, (mates.mate, mates.back, mates.free), None))
        mates.mate, mates.back = got, {w: u for u, w in got.items()}
        mates.free = right.difference(mates.back)
        return log

    def heterogeneous(self, mdps: list[int], residents: list[int], max_pairs: int, m1: int,
                      limbo_scores: tuple, root: tuple) -> None:
        """3.7: the MDP sets of 4.4, the MDP-Pairings of 4.2, each remainder by 3.6."""
        st = self.st
        lower = self._ctx["lower"]
        self._ctx["rest_pairs"] = max_pairs - m1
        # 4.4.1's test below, asked of each set: the Limbo's scores are ``limbo_scores``
        # exactly when the set's are the MDPs' less those (scores in units: integers)
        unit = self.unit
        units = {n: int(st[n].score * unit) for n in mdps}
        every = Counter(units.values())
        limbo_units = Counter(int(x * unit) for x in limbo_scores)
        s1_units = tuple(sorted((every - limbo_units).elements())) \
            if len(limbo_scores) == len(mdps) - m1 and limbo_units <= every else None
        for set_index, s1 in enumerate(combinations(mdps, m1)):
            if self._cap is not None:
                # under a cap, each MDP set tried is a step of the capped walks' budget
                # (a walk of few nodes may try thousands of sets, and a capped walk may
                # be one of many)
                self._nodes += 1
                if self._nodes > self._node_limit:
                    raise SearchLimitReached
            # 4.4.1: a valid set leaves a Limbo compliant with [C7]
            if tuple(sorted(units[n] for n in s1)) != s1_units:
                continue
            limbo = frozenset(mdps) - set(s1)
            if not self.better(root):
                return
            base = root[:3]
            facts = dict(mdp_set=set_index, s1=tuple(s1), s2=tuple(residents),
                         limbo=tuple(sorted(limbo, key=self.key)), exchange=(), s1r=(),
                         s2r=(), exchange_r=())

            def remainder(pairs, used, limbo=limbo, facts=facts):
                rest = [p for p in residents if p not in used]
                n1r = max_pairs - m1
                if 2 * n1r > len(rest):
                    return
                opt = self.optimum(frozenset(), frozenset(rest), limbo, lower)
                if opt is None or opt[1][0] != len(rest) - 2 * n1r:
                    self._rest_check = True  # ``rest_pairable`` may now spare nodes
                    return  # [C4], or fewer pairs than MaxPairs ([C6])
                c9 = root[2]
                sub = (opt[0], opt[3] if lower else (0, ()), c9)
                self.homogeneous(rest, n1r, tuple(pairs), limbo, sub, facts)

            self.transpositions(list(s1), list(residents), 0, _Pairs(self), set(), limbo,
                                base, facts,
                                remainder)
            if self.settled(root):
                return
