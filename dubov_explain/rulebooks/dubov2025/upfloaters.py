"""2.2.1-2.2.2 with 4.2: how many upfloaters a bracket needs, and which.

The states of the engine for these articles (:class:`UpfloaterSteps`) and the search of
2.2.2 (:class:`UpfloaterSearch`); why the search returns the set the literal enumeration
of 4.2 would is argued in the engine's module docstring.
"""

from __future__ import annotations

import heapq
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from ... import matching
from ...records import dataclass
from ...tournament.model import Colour
from . import events as ev
from . import order
from .criteria import beaten_on, colour_cost
from .events import fmt

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DubovEngine


class UpfloaterSteps:
    """2.2.1-2.2.2: the states that choose a bracket's upfloaters (a part of the engine)."""

    def choose_upfloaters(self):
        b = self.bracket
        R = b.residents
        place = self._score_place  # a lower score has a larger place (ints: no Fractions)
        top = place[R[0]]
        L = sorted((n for n in self.remaining if place[n] > top),
                   key=self._upfloater_key.__getitem__)  # (-upfloater score, rank) as ints
        k, facts = self.minimum_upfloaters(R, L)
        self.emit(ev.MinimumUpfloaters(article="2.2.1", score=fmt(b.score), count=k, **facts))
        if k == 0:
            return self.form_groups
        search = UpfloaterSearch(self, R, L, k)
        chosen = search.run()
        b.upfloaters = list(chosen.players)
        self.base = {**chosen.rest_matching}
        self.emit(chosen.event)
        return self.form_groups

    def minimum_upfloaters(self, R: list[int], L: list[int]) -> tuple[int, dict]:
        """2.2.1: the least number of R-L edges in a perfect matching of R+L.

        Lower bounds: the residents left unmatched by a maximum matching inside R (this
        has the parity of |R|), and likewise the lower players left unmatched by a
        maximum matching inside L (every R-R or L-L pair is inside one side, so each
        player of either side that cannot pair inside it meets the other side; both
        counts have the parity of k).  A maximum matching of R whose unmatched residents
        can all be given distinct lower players, the rest of L still pairing completely,
        reaches the first bound and proves it; a maximum matching of L whose unmatched
        players can all be given distinct residents, the other residents pairing among
        themselves, reaches the second.  A few orders of each side are tried before the
        exact minimum-cost matching of R+L is computed.  Returns the count and the facts the trace records
        (see :meth:`_k_facts`).
        """
        if not L:
            # the last bracket: the base matching ([C4] so far) pairs the residents
            return 0, self._k_facts(0, R, 0, "no-lower")
        mR = matching.max_matching(R, self.compat, self.base)
        deficit = len(R) - len(mR)
        for order_ in (R, R[::-1]):
            mR = matching.max_matching(order_, self.compat, mR if order_ is R else None)
            if len(R) - len(mR) != deficit:
                continue
            lonely = [n for n in R if n not in mR]
            if matching.has_perfect_matching(lonely + L, self._upfloat_edge(set(lonely)), self.base):
                return deficit, self._k_facts(deficit, R, deficit, "bound")
        # the same bound from the other side: the lower players a maximum pairing among
        # themselves leaves unpaired must all meet residents
        mL = matching.max_matching(L, self.compat, self.base)
        d_low = len(L) - len(mL)
        if d_low > deficit:
            for order_ in (L, L[::-1]):
                mL = matching.max_matching(order_, self.compat, mL if order_ is L else None)
                if len(L) - len(mL) != d_low:
                    continue
                lonely = [n for n in L if n not in mL]
                if matching.has_perfect_matching(R + lonely, self._upfloat_edge(set(lonely)), self.base):
                    return d_low, self._k_facts(d_low, R, deficit, "bound")
        all_ = R + L
        rset = set(R)
        res = matching.min_cost_perfect_matching(
            all_, self.compat, lambda u, v: 1 if ((u in rset) != (v in rset)) else 0
        )
        assert res is not None, "the invariant [C4] guarantees a complete pairing"
        k = res[0]
        return k, self._k_facts(k, R, deficit, "exact")

    def _upfloat_edge(self, lonely: set[int]):
        compat = self.compat

        def ok(u: int, v: int) -> bool:
            return (u not in lonely or v not in lonely) and compat(u, v)

        return ok

    @staticmethod
    def _k_facts(k: int, R: list[int], deficit: int, method: str) -> dict:
        """What 2.2.1 found: ``residents``, ``unmatched`` (residents a maximum pairing
        among themselves leaves unpaired), ``method`` and ``forced_by``: "odd" (an odd
        number of residents), "[C1]/[C3]" (more unmatched than parity forces), "[C4]" (more
        upfloaters than unmatched residents: the lower scoregroups need them)."""
        forced: list[str] = []
        if k:
            if len(R) % 2:
                forced.append("odd")
            if deficit > len(R) % 2:
                forced.append("[C1]/[C3]")
            if k > deficit:
                forced.append("[C4]")
        return {"residents": len(R), "unmatched": deficit, "method": method,
                "forced_by": tuple(forced)}


@dataclass
class _Choice:
    players: tuple[int, ...]
    rest_matching: dict[int, int]
    event: ev.UpfloatersChosen


class UpfloaterSearch:
    """2.2.2 with 4.2: the first set of k upfloaters whose bracket is best on [C5]-[C10]."""

    def __init__(self, engine: DubovEngine, R: list[int], L: list[int], k: int):
        self.e = engine
        self.R = R
        self.L = L  # in 4.2.2 sequence order
        self.k = k
        self.seq = {n: i + 1 for i, n in enumerate(L)}
        self.last = engine.st.last_round
        self.c9 = engine.readings.value("c9-measure")
        self.mR = matching.max_matching(R, engine.compat, engine.base)
        self.examined: Counter = Counter()
        #: type vectors met so far over every container (see PRUNE_TYPES_FROM)
        self.vectors = 0
        #: results kept for a second look: only the first set of each container (4.2.3.3's
        #: reference in the trace); a popped set carries its own result in the search's
        #: heap, so nothing else is asked twice and memory does not grow with the search
        self.cache: dict[tuple[int, ...], tuple] = {}
        self.keep: set[tuple[int, ...]] = set()
        wR = sum(1 for n in R if engine.p(n).preference is Colour.WHITE)
        self.wR, self.bR = wR, len(R) - wR

    def attrs(self, n: int) -> tuple[int, int, int]:
        """[C8], [C9] contribution, [C10] of one upfloater (0 in the last round)."""
        if self.last:
            return 0, 0, 0
        p = self.e.p(n)
        c8 = 1 if p.max_upfloater else 0
        c9 = p.upfloats if p.max_upfloater else 0
        c10 = 1 if p.upfloated_previous else 0
        return c8, c9, c10

    def set_criteria(self, members: Sequence[int]) -> tuple[int, int, int]:
        a = [self.attrs(n) for n in members]
        c8 = sum(x[0] for x in a)
        c9 = (sum(x[1] for x in a) if self.c9 == "sum" else max((x[1] for x in a), default=0))
        c10 = sum(x[2] for x in a)
        return c8, c9, c10

    def c7_bound(self, whites: int) -> int:
        w = self.wR + whites
        b = self.bR + self.k - whites
        return abs(w - b) // 2

    def evaluate(self, U: tuple[int, ...]):
        """(verdict, c7, rest_matching): verdict '' when legal, else the criterion it
        breaks: "[C1]/[C3]" (the bracket cannot be paired) or "[C4]" (the lower
        scoregroups could not all be paired)."""
        if U in self.cache:
            return self.cache[U]
        e = self.e
        bracket = self.R + list(U)
        pm = matching.has_perfect_matching(bracket, e.compat, self.mR)
        if pm is None:
            out = ("[C1]/[C3]", None, None)
        else:
            us = set(U)
            rest = [n for n in self.L if n not in us]
            rm = matching.has_perfect_matching(rest, e.compat, e.base)
            if rm is None:
                out = ("[C4]", None, None)
            else:
                out = ("", colour_cost(e, bracket, pm), rm)
        self.examined["legal" if not out[0] else out[0]] += 1
        if U in self.keep:
            self.cache[U] = out
        return out

    def bracket_completable(self, prefix: Sequence[int], need: dict, later: dict) -> bool:
        """Can some set that starts with ``prefix`` and takes ``need[t]`` more members of
        each type t from ``later[t]`` be paired with the residents ([C1]/[C3])?  Exact.

        The later players left out of the set are "eaten": for each type, as many eater
        vertices as later players of that type must stay out, each eater compatible with
        the later players of its type only.  A perfect matching of the residents, the
        prefix, the later players and the eaters leaves exactly ``need[t]`` later players
        of each type to pair with the others: a completion that pairs, and every such
        completion gives one.
        """
        eats = {t: len(later[t]) - need.get(t, 0) for t in later}
        return self._with_eaters(list(self.R) + list(prefix), later, eats, self.mR)

    def lower_completable(self, prefix: Sequence[int], need: dict, later: dict) -> bool:
        """Can some set that starts with ``prefix`` and takes ``need[t]`` more members of
        each type t from ``later[t]`` leave the other lower players pairable ([C4])?  Exact:
        ``need[t]`` eater vertices per type take the completion's members out of the
        lower players, as in :meth:`bracket_completable`."""
        taken = set(prefix)
        optional = {n for ms in later.values() for n in ms}
        mandatory = [n for n in self.L if n not in taken and n not in optional]
        return self._with_eaters(mandatory, later, need, self.e.base)

    def jointly_completable(self, prefix: Sequence[int], need: dict, later: dict) -> bool:
        """A necessary condition on both at once.  In a legal set of the minimum size every
        upfloater meets a resident (the argument of 2.2.1), so the bracket's pairing and
        the lower players' pairing together pair R+L: the prefix meets residents, the
        players neither in the prefix nor later meet lower players, and of the later
        players of type t exactly ``need[t]`` meet residents, the others lower players.

        Each later player x stands twice: x itself on the residents' side and a copy on
        the lower side.  ``need[t]`` eaters take the lower copies of the chosen ones, the
        other eaters of type t the resident-side vertices of the others.  A legal
        completion gives a perfect matching of this graph, so none means no completion.
        """
        compat = self.e.compat
        rset = set(self.R)
        pset = set(prefix)
        kind: dict[int, tuple] = {}  # vertex -> (side, player, type)
        verts: list[int] = list(self.R)
        for n in prefix:
            kind[n] = ("up", n, None)
            verts.append(n)
        optional = set()
        fresh = _EATERS
        for t, ms in later.items():
            for n in ms:
                optional.add(n)
                kind[n] = ("up", n, t)
                kind[fresh] = ("low", n, t)
                verts += [n, fresh]
                fresh -= 1
            for side, count in (("eat-low", need.get(t, 0)), ("eat-up", len(ms) - need.get(t, 0))):
                for _ in range(count):
                    kind[fresh] = (side, 0, t)
                    verts.append(fresh)
                    fresh -= 1
        for n in self.L:
            if n not in pset and n not in optional:
                kind[n] = ("low", n, None)
                verts.append(n)
        if len(verts) % 2:
            return False

        def ok(u: int, v: int) -> bool:
            if u in rset or v in rset:
                if u in rset and v in rset:
                    return compat(u, v)
                x = kind[v] if u in rset else kind[u]
                return x[0] == "up" and compat(u, v)
            ku, kv = kind[u], kind[v]
            su, sv = ku[0], kv[0]
            if su == "low" and sv == "low":
                return compat(ku[1], kv[1])
            if {su, sv} == {"eat-low", "low"} or {su, sv} == {"eat-up", "up"}:
                return ku[2] is not None and ku[2] == kv[2]
            return False

        return matching.has_perfect_matching(verts, ok, self.e.base) is not None

    def _with_eaters(self, fixed: list[int], later: dict, eats: dict, warm) -> bool:
        compat = self.e.compat
        type_of: dict[int, object] = {}
        verts = list(fixed)
        for t, ms in later.items():
            for n in ms:
                type_of[n] = t
            verts.extend(ms)
        eater_type: dict[int, object] = {}
        for t, c in eats.items():
            for _ in range(c):
                eater = _EATERS - len(eater_type)
                eater_type[eater] = t
                verts.append(eater)
        if len(verts) % 2:
            return False

        def ok(u: int, v: int) -> bool:
            if u < 0 or v < 0:
                if u < 0 and v < 0:
                    return False
                eater, other = (u, v) if u < 0 else (v, u)
                return type_of.get(other, _NO_TYPE) == eater_type[eater]
            return compat(u, v)

        return matching.has_perfect_matching(verts, ok, warm) is not None

    def run(self) -> _Choice:
        e = self.e
        score = e.upfloater_score  # 4.2.2 and [C6] (reading acceleration-upfloaters)
        avail = Counter(score(n) for n in self.L)
        skipped = []
        conts = order.containers(avail, self.k, e.readings.value("container-order"))
        for ci, cont in enumerate(conts):
            self.keep.add(self.first_set(cont))
            ranking = self.ranked(cont)
            found = next(ranking, None)
            if found is None:
                skipped.append((tuple(fmt(s) for s in cont), "no-legal-set"))
                continue
            U, c7, rm = found
            crit = self.criteria(cont, U, c7)
            examined = dict(sorted(self.examined.items()))
            first = self.first_set(cont)
            first_info: dict = {}
            if first != U:
                verdict, fc7, _ = self.evaluate(first)
                first_info = {"players": first, "sequence": tuple(self.seq[n] for n in first)}
                if verdict:
                    first_info["verdict"] = verdict
                    decided = verdict
                else:
                    fcrit = self.criteria(cont, first, fc7)
                    first_info["criteria"] = {k: fcrit[k] for k in ("C7", "C8", "C9", "C10")}
                    decided = beaten_on(crit, fcrit)
                    first_info["verdict"] = "legal"
            elif skipped:
                decided = "[C6]"
            else:
                decided = "4.2.3.3"
            event = ev.UpfloatersChosen(
                article="2.2.2", score=fmt(e.bracket.score), players=U,
                scores=tuple(fmt(score(n)) for n in U),
                sequence=tuple(self.seq[n] for n in U), criteria=crit,
                containers_skipped=tuple(skipped), examined=examined,
                first_in_order=first_info, decided_by=decided,
                runner_up=self.runner_up(crit, cont, ranking, conts[ci + 1:]),
            )
            return _Choice(U, rm, event)
        raise AssertionError("2.2.1 guaranteed a legal set of this size")

    #: once the search has met more type vectors than this (over all containers), a
    #: vector none of whose sets can be legal is dropped before any of its sets is
    #: evaluated (the sets "examined" are then fewer than the enumeration rejects; in a
    #: smaller search the trace counts a rejection for each type)
    PRUNE_TYPES_FROM = 64

    #: evaluations spent looking for the next-best set, which only the trace needs
    RUNNER_UP_BUDGET = 200

    def criteria(self, cont, U, c7) -> dict:
        c8, c9, c10 = self.set_criteria(U)
        return {"C6": tuple(fmt(s) for s in cont), "C7": c7, "C8": c8, "C9": c9, "C10": c10}

    def runner_up(self, crit: dict, cont, ranking, later_containers) -> dict:
        """The next-best legal set and the criterion on which the chosen set beats it.

        The rest of the chosen container's ranking first, then the later containers in
        [C6] order; a budget of evaluations keeps this explanation from costing more than
        the choice itself (the event then says the search was cut short: verdict
        "budget-spent"; "none" when there is no other legal set).
        """
        spent = sum(self.examined.values())
        sources = [(cont, ranking)] + [(c, None) for c in later_containers]
        for c, gen in sources:
            if sum(self.examined.values()) - spent > self.RUNNER_UP_BUDGET:
                return {"verdict": "budget-spent"}
            found = next(gen if gen is not None else self.ranked(c), None)
            if found is None:
                continue
            U, c7, _ = found
            other = self.criteria(c, U, c7)
            beaten = beaten_on(crit, other)
            return {
                "players": U,
                "sequence": tuple(self.seq[n] for n in U),
                "criteria": other,
                "beaten_on": beaten,
            }
        return {"verdict": "none"}

    def first_set(self, cont) -> tuple[int, ...]:
        need = Counter(cont)
        out = []
        for n in self.L:
            s = self.e.upfloater_score(n)
            if need[s] > 0:
                out.append(n)
                need[s] -= 1
        return tuple(out)

    def ranked(self, cont):
        """The legal sets of a container, best first: ([C7]..[C10], sequence numbers)."""
        e = self.e
        need = Counter(cont)
        members = [n for n in self.L if need[e.upfloater_score(n)] > 0]
        if self.vectors > self.PRUNE_TYPES_FROM:
            # a large search: first ask whether any set of the container can be legal (the
            # tests of completable with the scores as the only types), and skip it if not
            by_score_members: dict = {}
            for n in members:
                by_score_members.setdefault(e.upfloater_score(n), []).append(n)
            if not self.completable((), dict(need), by_score_members):
                return
        # types: members alike for every criterion the key reads
        def type_of(n):
            return (
                e.upfloater_score(n),
                e.p(n).preference is Colour.WHITE,
            ) + self.attrs(n)

        types: dict[tuple, list[int]] = {}
        for n in members:
            types.setdefault(type_of(n), []).append(n)
        by_score: dict[Fraction, list[tuple]] = {}
        for t in types:
            by_score.setdefault(t[0], []).append(t)
        # all type-count vectors that fill the container
        vectors: list[dict[tuple, int]] = [{}]
        for s, cnt in sorted(need.items()):
            tlist = sorted(by_score.get(s, []))
            new = []
            for base in vectors:
                for dist in _distributions(cnt, [len(types[t]) for t in tlist]):
                    v = dict(base)
                    for t, c in zip(tlist, dist):
                        if c:
                            v[t] = c
                    new.append(v)
            vectors = new
        heap: list = []
        tick = 0
        seq = self.seq
        # the set generators see a type as a small int (hashing the scores' Fractions on
        # every step cost more than the search), and share one table of what follows
        tid = {t: i for i, t in enumerate(sorted(types))}
        member_types = [tid[type_of(n)] for n in members]
        after = _TypedSets.suffix_counts(member_types)
        for v in vectors:
            whites = sum(c for t, c in v.items() if t[1])
            reps = [n for t, c in v.items() for n in types[t][:c]]
            c8, c9, c10 = self.set_criteria(reps)
            lb = (self.c7_bound(whites), c8, c9, c10)
            gen = _TypedSets(members, member_types, {tid[t]: c for t, c in v.items()}, after)
            first = gen.first()
            if first is None:
                continue
            heap.append((lb, tuple(seq[n] for n in first), tick, None, first, gen))
            tick += 1
        heapq.heapify(heap)
        checked: set[int] = set()
        self.vectors += len(heap)
        prune_types = self.vectors > self.PRUNE_TYPES_FROM
        while heap:
            key, lex, _, result, U, gen = heapq.heappop(heap)
            if result is None and prune_types and id(gen) not in checked:
                checked.add(id(gen))
                if not self.completable((), *gen.completions(0)):
                    continue  # no set of these types is legal: the enumeration rejects each
            if result is not None:
                # an exact entry: evaluated when first popped, its result kept here
                yield U, result[0], result[1]
                continue
            verdict, c7, rm = self.evaluate(U)
            if not verdict:
                heapq.heappush(heap, ((c7,) + key[1:], lex, tick, (c7, rm), U, None))
                tick += 1
                nxt = gen.next()
            elif verdict == "[C1]/[C3]" or prune_types:
                nxt = gen.next(self._failing_prefix(U, gen, self.completable))
            else:
                nxt = gen.next()  # a small search counts each set [C4] rejects
            if nxt is not None:
                heapq.heappush(heap, (key, tuple(seq[n] for n in nxt), tick, None, nxt, gen))
                tick += 1

    def completable(self, prefix: Sequence[int], need: dict, later: dict) -> bool:
        return (self.bracket_completable(prefix, need, later)
                and self.lower_completable(prefix, need, later)
                and self.jointly_completable(prefix, need, later))

    def _failing_prefix(self, U: tuple[int, ...], gen: "_TypedSets", possible) -> int:
        """The shortest prefix of U after which no set of ``gen`` can be legal by
        ``possible`` (:meth:`bracket_completable` for [C1]/[C3], :meth:`lower_completable`
        for [C4]); len(U) when no shorter one is proven.  The literal enumeration rejects
        every set that shares it, so they are skipped without a matching each (and are
        not counted as examined)."""
        lo, hi = 1, len(U)  # a completion of a longer prefix completes the shorter one
        while lo < hi:
            mid = (lo + hi) // 2
            if possible(U[:mid], *gen.completions(mid)):
                lo = mid + 1
            else:
                hi = mid
        return lo


_EATERS = -1  # eater vertices are -1, -2, ...: no player (player numbers are positive)
_NO_TYPE = object()


def _distributions(total: int, caps: list[int]):
    """All ways to write total as a sum over len(caps) parts with part i <= caps[i]."""
    if not caps:
        if total == 0:
            yield ()
        return
    for c in range(min(total, caps[0]), -1, -1):
        for rest in _distributions(total - c, caps[1:]):
            yield (c,) + rest


class _TypedSets:
    """Sets with vector[t] members of each type t, in lexicographic order of members
    (positions in ``members``, which is in 4.2.2 sequence order).

    :meth:`next` gives the set after the last one; ``next(j)`` the first set after it
    that does not share its first j members (the rest of that branch is skipped).
    """

    def __init__(self, members: list[int], types: list, vector: dict,
                 after: list[Counter] | None = None):
        self.members = members
        self.types = types
        self.vector = {t: c for t, c in vector.items() if c > 0}
        self.total = sum(self.vector.values())
        self.after = after if after is not None else self.suffix_counts(types)
        self.cur: list[int] | None = None  # positions of the last set given

    @staticmethod
    def suffix_counts(types: list) -> list[Counter]:
        """``after[i]``: how many members of each type stand at position i or later."""
        after: list[Counter] = [Counter() for _ in range(len(types) + 1)]
        for i in range(len(types) - 1, -1, -1):
            after[i] = after[i + 1].copy()
            after[i][types[i]] += 1
        return after

    def _fits(self, start: int, need: dict) -> bool:
        a = self.after[start]
        return all(a[t] >= c for t, c in need.items() if c > 0)

    def _complete(self, chosen: list[int], start: int, need: dict) -> list[int]:
        """The lexicographically first completion (every member of a needed type taken,
        in order; feasible whenever ``_fits(start, need)``)."""
        need = dict(need)
        left = self.total - len(chosen)
        i = start
        types = self.types
        while left:
            t = types[i]
            if need.get(t, 0) > 0:
                need[t] -= 1
                chosen.append(i)
                left -= 1
            i += 1
        return chosen

    def _out(self, pos: list[int] | None):
        self.cur = pos
        return None if pos is None else tuple(self.members[i] for i in pos)

    def first(self):
        if not self._fits(0, self.vector):
            return self._out(None)
        return self._out(self._complete([], 0, self.vector))

    def next(self, keep: int | None = None):
        cur = self.cur
        if cur is None:
            return None
        types = self.types
        n = len(self.members)
        upto = len(cur) if keep is None else keep
        need = dict(self.vector)
        for i in cur[:upto]:
            need[types[i]] -= 1
        for t in range(upto - 1, -1, -1):
            need[types[cur[t]]] += 1  # need after cur[:t]
            if n - cur[t] - 1 < self.total - t:
                continue  # too few members left after cur[t]
            for c in range(cur[t] + 1, n):
                ty = types[c]
                if need.get(ty, 0) <= 0:
                    continue
                need[ty] -= 1
                if self._fits(c + 1, need):
                    return self._out(self._complete(cur[:t] + [c], c + 1, need))
                need[ty] += 1
        return self._out(None)

    def completions(self, j: int) -> tuple[dict, dict]:
        """What completes the first j members of the current set: ``need[t]`` more
        members of type t, taken from ``later[t]`` (the members after its j-th member, of
        a type still needed)."""
        types = self.types
        need = dict(self.vector)
        for i in self.cur[:j]:
            need[types[i]] -= 1
        later: dict = {}
        for i in range(self.cur[j - 1] + 1 if j else 0, len(self.members)):
            if need.get(types[i], 0) > 0:
                later.setdefault(types[i], []).append(self.members[i])
        return {t: c for t, c in need.items() if c > 0}, later
