"""The Dubov 2025 pairing procedure as an explicit, traced state machine.

States, in the order of the text (``rules/dubov-2025.txt``)::

    open_round -> assign_bye (2.1) -> next_bracket -> [ choose_upfloaters (2.2.1-2.2.2, 4.2)
      -> form_groups (2.2.3) -> recompose (2.2.4, 4.3) -> sort_s1 (2.2.5)
      -> transpose (2.2.6, 4.4) -> allocate_colours (5) -> close_bracket ] ...
    -> publish (GHR 3.6 board order) | impossible (1.8.3)

Each state reads the engine's current state, appends events to the trace and returns the
next state.  The pairing is read from the trace (its last event), never computed beside it.

Literal, but not exponential
============================

The text enumerates sets and permutations in fixed orders and takes the first one that
passes a test.  The engine walks the *same* orders and takes the *same* first candidate,
but decides "does a candidate pass?" with matching oracles instead of enumerating what
follows it.  Why this returns exactly what the literal enumeration returns:

* **2.1 bye.**  2.1.2 is a filter ([C4]: the others can all be paired, i.e. the
  compatibility graph of the rest has a perfect matching); 2.1.3-2.1.5 are a total order.
  Taking the first player, in that order, who passes the filter is the literal rule.
* **2.2.1 minimum upfloaters.**  A legal pairing of residents R with upfloaters U from the
  lower players L is a perfect matching of R+U together with a perfect matching of L-U
  ([C1], [C3] in both, [C4] for the second).  Its union is a perfect matching of R+L whose
  R-L edges are exactly the R-U pairs, and conversely every perfect matching of R+L gives
  such a U (an upfloater never has to meet another upfloater in a minimum set: that pair
  could be returned to L).  So the minimum is the least number of R-L edges in a perfect
  matching of R+L.  A lower bound (parity, and the residents left unmatched by a maximum
  matching inside R) is tried first; a matching that reaches it proves the minimum; only
  otherwise is an exact minimum-cost perfect matching computed.
* **2.2.2 upfloater set.**  The key of a set is ([C6] container rank, [C7], [C8], [C9],
  [C10], lexicographic sequence numbers); the literal rule takes the legal set with the
  smallest key.  Containers are visited in [C6] order; within one, sets are grouped by
  the "type" of their members (score, colour preference, maximum-upfloater flag, upfloat
  count, previous-round flag), which fixes [C8]-[C10] exactly and gives a lower bound
  |W-B|/2 for [C7].  A best-first search pops the smallest (bound, lexicographic) key;
  a set is evaluated only when popped and pushed back with its exact key.  Because bounds
  never exceed exact keys and each type's sets are generated in lexicographic order, the
  first *exact* entry popped is the literal answer (A* with an admissible heuristic).
  Popping on gives the next-best set, which the trace reports with the criterion that
  beat it (the explanation's search has its own budget and never changes the choice).
* **2.2.4 shifts.**  With p the least number of pairs inside the smaller subgroup X over all
  legal pairings of the bracket, every final G1/G2 with a perfect bipartite matching has
  exactly the optimum [C7] (a pair of shifted players would give a pairing better than the
  optimum), so "best set" = the first set in 4.3 order after which a legal pairing exists.
  Step 1 tests each p-set in order (one general matching each: the larger side may still
  pair internally, one of each such pair to be shifted by step 2); step 2 builds its q-set
  one sequence number at a time, keeping the smallest number for which a completion exists
  (the lexicographically first feasible set).
* **2.2.6 transposition.**  The first transposition of G2 (initial-ranking order) that
  pairs legally with S1 is found position by position: for S1[i], the first G2 player in
  initial-ranking order who is compatible and after whom the rest of S1 can still be
  matched to the rest of G2 (a bipartite perfect matching).  That is exactly the
  lexicographically first legal permutation; its index among all permutations is reported.

``tests/test_engine_bruteforce.py`` enumerates these orders literally on small generated
brackets and checks that the engine agrees every time.
"""

from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Callable, Sequence

from ... import matching
from ...tournament.model import Colour, Tournament
from .standings import PlayerStanding, Standings, Strength, compute_standings
from . import RULEBOOK as _BOOK
from . import events as ev
from .events import NAME
from ...trace.events import Trace
from . import order
from . import bye
from .boards import board_key
from .colours import allocate, same_preference
from .readings import DEFAULT, Readings

RULEBOOK = _BOOK.title
EDITION = _BOOK.edition
#: how many rejected alternatives a single event lists explicitly before summarising
EXPLICIT = 12


def fmt(score: Fraction) -> str:
    """A score as a decimal string: 2, 2.5, 1.25."""
    if score.denominator == 1:
        return str(score.numerator)
    return str(float(score)).rstrip("0").rstrip(".")


class Compatibility:
    """Who may meet whom: [C1], [C3] and forbidden pairs (XXP)."""

    def __init__(self, st: Standings, forced: dict[int, int] | None = None):
        self.st = st
        #: what-if runs (why-not): player -> the only opponent allowed
        self.forced = dict(forced or {})
        self.opponents: dict[int, set[int]] = {}
        self.met_round: dict[frozenset[int], tuple[int, ...]] = st.met
        for key in st.met:
            a, b = tuple(key)
            self.opponents.setdefault(a, set()).add(b)
            self.opponents.setdefault(b, set()).add(a)
        self.forbidden: dict[int, set[int]] = {}
        for key in st.forbidden:
            a, b = tuple(key)
            self.forbidden.setdefault(a, set()).add(b)
            self.forbidden.setdefault(b, set()).add(a)
        self.abs_colour: dict[int, Colour] = {
            p.number: p.preference for p in st.players if p.strength is Strength.ABSOLUTE
        }
        empty: set[int] = set()
        self._opp = self.opponents
        self._forb = self.forbidden
        self._empty = empty

    def __call__(self, u: int, v: int) -> bool:
        if u == v:
            return False
        if v in self._opp.get(u, self._empty) or v in self._forb.get(u, self._empty):
            return False
        if self.forced:
            fu, fv = self.forced.get(u), self.forced.get(v)
            if (fu is not None and fu != v) or (fv is not None and fv != u):
                return False
        cu = self.abs_colour.get(u)
        return cu is None or cu is not self.abs_colour.get(v)

    def excluded_by(self, u: int, v: int) -> tuple[str, ...]:
        """Every absolute criterion that forbids the pair u-v: "[C1]", "[C3]", "XXP"."""
        out = []
        if frozenset((u, v)) in self.met_round:
            out.append("[C1]")
        cu = self.abs_colour.get(u)
        if cu is not None and cu is self.abs_colour.get(v):
            out.append("[C3]")
        if v in self.forbidden.get(u, ()):
            out.append("XXP")
        return tuple(out)

    def reason(self, u: int, v: int) -> tuple[str, dict] | None:
        """Why u and v may not meet, as (criterion, facts), or None.

        "[C1]" with the ``rounds`` they met in, "[C3]" with the ``colour`` both must have,
        "XXP" (a forbidden pair), "what-if" with the player ``held`` for a ``partner``.
        """
        key = frozenset((u, v))
        if key in self.met_round:
            return "[C1]", {"rounds": tuple(self.met_round[key])}
        cu, cv = self.abs_colour.get(u), self.abs_colour.get(v)
        if cu is not None and cu is cv:
            return "[C3]", {"colour": cu.word}
        if v in self.forbidden.get(u, ()):
            return "XXP", {}
        for a, b in ((u, v), (v, u)):
            if self.forced.get(a) not in (None, b):
                return "what-if", {"held": a, "partner": self.forced[a]}
        return None


@dataclass
class Bracket:
    score: Fraction
    residents: list[int]
    upfloaters: list[int] = field(default_factory=list)
    g1: list[int] = field(default_factory=list)
    g2: list[int] = field(default_factory=list)
    #: G1 and G2 as 2.2.3 formed them, before any shift
    initial: dict[str, list[int]] = field(default_factory=dict)
    mode: str = "colour"
    s1: list[int] = field(default_factory=list)
    t2: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)

    @property
    def players(self) -> list[int]:
        return self.residents + self.upfloaters


class NoPairing(Exception):
    """1.8.3: no complete round-pairing exists."""


class DubovEngine:
    """Pairs one round.  Use :func:`pair_round`."""

    def __init__(
        self,
        t: Tournament,
        readings: Readings = DEFAULT,
        round_no: int | None = None,
        forced: tuple[tuple[int, int], ...] = (),
    ):
        self.t = t
        self.readings = readings
        self.st = compute_standings(t, round_no, readings)
        self.forced = tuple(forced)
        fmap: dict[int, int] = {}
        for a, b in self.forced:
            fmap[a], fmap[b] = b, a
        self.compat = Compatibility(self.st, fmap)
        self.events: list[ev.Event] = []
        self.remaining: list[int] = []
        self.bye: int | None = None
        self.pairs: list[tuple[int, int]] = []
        self.base: dict[int, int] = {}
        self.bracket: Bracket | None = None
        if t.initial_colour is not None:
            self.initial_colour = t.initial_colour
            self.initial_colour_source = "file"  # XXC / 152
        else:
            # 5.1: it is drawn by lot before round 1; a file without it gets White
            self.initial_colour = Colour.WHITE
            self.initial_colour_source = "assumed"

    # ------------------------------------------------------------------ helpers
    def p(self, n: int) -> PlayerStanding:
        return self.st[n]

    def rank(self, n: int) -> int:
        return self.st[n].initial_rank

    def score(self, n: int) -> Fraction:
        return self.st[n].score

    def emit(self, e: ev.Event) -> None:
        self.events.append(e)

    def perfect(self, players: Sequence[int], initial: dict[int, int] | None = None):
        return matching.has_perfect_matching(players, self.compat, initial or self.base)

    # ------------------------------------------------------------------ states
    def run(self) -> Trace:
        state: Callable | None = self.open_round
        try:
            while state is not None:
                state = state()
        except NoPairing:
            pass
        meta = {"system": NAME, "rulebook": RULEBOOK, "edition": EDITION, "round": self.st.round}
        if self.forced:
            meta["what_if"] = [list(p) for p in self.forced]
        return Trace(tuple(self.events), meta)

    def open_round(self):
        st = self.st
        self.remaining = sorted(p.number for p in st.players if p.present)
        absent = tuple((p.number, p.absence) for p in st.players if not p.present)
        self.emit(
            ev.RoundOpened(
                article="1.8.2",
                round=st.round,
                total_rounds=st.total_rounds,
                last_round=st.last_round,
                rulebook=RULEBOOK,
                edition=EDITION,
                readings=self.readings.as_dict(),
                to_pair=tuple(self.remaining),
                absent=absent,
                initial_colour=self.initial_colour.word,
                initial_colour_source=self.initial_colour_source,
                tournament=self.t.name,
                readings_detail=self.readings.detail(),
            )
        )
        if self.forced:
            verdicts = []
            for a, b in self.forced:
                why = self.compat.reason(a, b)
                crit, facts = why if why is not None else ("", {})
                verdicts.append((a, b, crit, facts))
            self.emit(ev.WhatIf(article="what-if", pairs=tuple(verdicts)))
        rows = tuple(standing_row(p) for p in st.players)
        self.emit(ev.StandingsSnapshot(article="1", max_t=st.max_t, rows=rows))
        return self.assign_bye

    def impossible(self, players: Sequence[int], context: str) -> None:
        """1.8.3: record which players cannot be paired, and why, and stop.

        ``context`` is "all" (no complete pairing of the players) or "bye" (no bye of 2.1
        leaves one).  For each player a maximum pairing leaves unpaired, the event counts
        the others it may meet and, per criterion, the others that criterion excludes.
        """
        m = matching.max_matching(players, self.compat)
        lonely = [n for n in players if n not in m]
        details = []
        for n in lonely:
            partners = [o for o in players if o != n and self.compat(n, o)]
            reasons = Counter()
            for o in players:
                if o != n:
                    r = self.compat.reason(n, o)
                    if r:
                        reasons[r[0]] += 1
            details.append((n, len(partners), len(players) - 1, tuple(sorted(reasons.items()))))
        self.emit(ev.Impossible(article="1.8.3", players=tuple(lonely), context=context,
                                details=tuple(details)))
        raise NoPairing

    def assign_bye(self):
        players = self.remaining
        if len(players) % 2 == 0:
            self.emit(ev.ByeNotNeeded(article="1.4.1", players=len(players)))
            m = self.perfect(players)
            if m is None:
                self.impossible(players, "all")
            self.base = m
            return self.next_bracket
        def games(p):
            return bye.games_counted(p, self.readings)

        held = self.compat.forced
        eligible = [self.p(n) for n in players if self.p(n).bye_eligible and n not in held]
        ineligible = tuple(
            (n, bar.kind, bar.round, bar.code)
            for n in players if not self.p(n).bye_eligible and (bar := self.p(n).bye_bar)
        )
        order_ = sorted(eligible, key=lambda p: bye.bye_order_key(p, self.readings))
        self.emit(
            ev.ByeCandidates(
                article="2.1",
                ineligible=ineligible,
                order=tuple(p.number for p in order_),
                keys=tuple((p.number, fmt(p.score), games(p), p.initial_rank) for p in order_),
                held=tuple(n for n in players if n in held and self.p(n).bye_eligible),
            )
        )
        rejected = []
        for i, cand in enumerate(order_):
            rest = [n for n in players if n != cand.number]
            m = self.perfect(rest)
            if m is None:
                rejected.append(cand.number)
                self.emit(
                    ev.ByeRejected(article="2.1.2", player=cand.number, criterion="[C4]")
                )
                continue
            self.base = m
            self.bye = cand.number
            runner = order_[i + 1] if i + 1 < len(order_) else None
            if runner is None:
                step = "2.1.2" if rejected else "2.1.1"
            else:
                step = bye.deciding_step(bye.bye_order_key(cand, self.readings),
                                         bye.bye_order_key(runner, self.readings)) or "2.1.5"
            def key(p):
                return (fmt(p.score), games(p), p.initial_rank)

            self.emit(
                ev.ByeAssigned(
                    article=step,
                    player=cand.number,
                    decided_by=step,
                    runner_up=runner.number if runner else None,
                    key=key(cand),
                    runner_up_key=key(runner) if runner else (),
                    passed_over=tuple(rejected),
                )
            )
            self.remaining = rest
            return self.next_bracket
        self.impossible(players, "bye")

    def next_bracket(self):
        if not self.remaining:
            return self.publish
        top = max(self.score(n) for n in self.remaining)
        residents = sorted(
            (n for n in self.remaining if self.score(n) == top), key=self.rank
        )
        lower = [n for n in self.remaining if self.score(n) < top]
        self.bracket = Bracket(score=top, residents=residents)
        self.emit(
            ev.BracketOpened(
                article="2.2", score=fmt(top), residents=tuple(residents), pool=len(lower)
            )
        )
        return self.choose_upfloaters

    # ------------------------------------------------------------------ 2.2.1-2.2.2
    def choose_upfloaters(self):
        b = self.bracket
        R = b.residents
        L = sorted(
            (n for n in self.remaining if self.score(n) < b.score),
            key=lambda n: (-self.score(n), self.rank(n)),
        )
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

        Lower bound: the residents left unmatched by a maximum matching inside R (this has
        the parity of |R|).  A maximum matching of R whose unmatched residents can all be
        given distinct lower players, the rest of L still pairing completely, reaches the
        bound and proves it; a few orders of R are tried before the exact minimum-cost
        matching of R+L is computed.  Returns the count and the facts the trace records
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

    # ------------------------------------------------------------------ 2.2.3
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
        if self.readings.value("unavoidable-pairs") == "isolated":
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

    # ------------------------------------------------------------------ 2.2.5-2.2.6
    def sort_s1(self):
        b = self.bracket
        b.s1 = sorted(b.g1, key=lambda n: (self.p(n).aro, self.rank(n)))
        b.g2 = sorted(b.g2, key=self.rank)
        self.emit(
            ev.S1Sorted(
                article="2.2.5", score=fmt(b.score),
                s1=tuple((n, self.p(n).aro, self.rank(n)) for n in b.s1), g2=tuple(b.g2),
            )
        )
        return self.transpose

    def transpose(self):
        b = self.bracket
        compat = self.compat
        S1, G2 = b.s1, b.g2
        m = matching.bipartite_max_matching(S1, G2, compat)
        assert len(m) == len(S1), "the shifts guarantee a legal pairing of S1 with G2"
        used: set[int] = set()
        t2: list[int] = []
        for i, s in enumerate(S1):
            rejected = []
            taken = None
            for c in G2:
                if c in used:
                    continue
                why = compat.reason(s, c)
                if why is not None:
                    rejected.append((c, why[0], why[1]))  # (player, criterion, facts)
                    continue
                if m.get(s) != c:
                    rest_s = S1[i + 1:]
                    rest_g = [g for g in G2 if g not in used and g != c]
                    init = {a: v for a, v in m.items() if a in rest_s and v != c}
                    m2 = matching.bipartite_max_matching(rest_s, rest_g, compat, init)
                    if len(m2) != len(rest_s):
                        # with s-c the rest of S1 could not be paired
                        rejected.append((c, "2.2.6", {}))
                        continue
                    m = dict(m2)
                    m[s] = c
                taken = c
                break
            assert taken is not None
            used.add(taken)
            t2.append(taken)
            self.emit(
                ev.OpponentChosen(
                    article="2.2.6", score=fmt(b.score), s1_index=i + 1, player=s,
                    opponent=taken, rejected=tuple(rejected),
                )
            )
        b.t2 = t2
        idx = order.transposition_index(G2, t2)
        self.emit(
            ev.TranspositionChosen(
                article="4.4", score=fmt(b.score), t2=tuple(t2), index=str(idx),
                skipped=str(idx - 1),
            )
        )
        return self.allocate_colours

    # ------------------------------------------------------------------ 5
    def allocate_colours(self):
        b = self.bracket
        b.pairs = []
        for s, t in zip(b.s1, b.t2):
            white, black, rule, facts = allocate(self.p(s), self.p(t), self.initial_colour, self.readings)
            b.pairs.append((white, black))
            self.emit(ev.ColourAllocated(article=rule, white=white, black=black, rule=rule, **facts))
        return self.close_bracket

    def close_bracket(self):
        b = self.bracket
        done = set(b.players)
        self.remaining = [n for n in self.remaining if n not in done]
        self.pairs.extend(b.pairs)
        self.emit(ev.BracketClosed(article="2.2", score=fmt(b.score), pairs=tuple(b.pairs)))
        self.bracket = None
        return self.next_bracket

    def publish(self):
        boards = tuple(sorted(self.pairs, key=board_key(self.p)))
        self.emit(ev.PairingPublished(article="GHR 3.6", boards=boards, bye=self.bye))
        return None


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
        self.cache: dict[tuple[int, ...], tuple] = {}
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
        self.cache[U] = out
        return out

    def run(self) -> _Choice:
        e = self.e
        score = e.score
        avail = Counter(score(n) for n in self.L)
        skipped = []
        conts = order.containers(avail, self.k, e.readings.value("container-order"))
        for ci, cont in enumerate(conts):
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
                    decided = _beaten_on(crit, fcrit)
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
            beaten = _beaten_on(crit, other)
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
            s = self.e.score(n)
            if need[s] > 0:
                out.append(n)
                need[s] -= 1
        return tuple(out)

    def ranked(self, cont):
        """The legal sets of a container, best first: ([C7]..[C10], sequence numbers)."""
        e = self.e
        need = Counter(cont)
        members = [n for n in self.L if need[e.score(n)] > 0]
        # types: members alike for every criterion the key reads
        def type_of(n):
            return (
                e.score(n),
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
        for vid, v in enumerate(vectors):
            whites = sum(c for t, c in v.items() if t[1])
            reps = [n for t, c in v.items() for n in types[t][:c]]
            c8, c9, c10 = self.set_criteria(reps)
            lb = (self.c7_bound(whites), c8, c9, c10)
            gen = _typed_sets(members, type_of, v)
            first = next(gen, None)
            if first is None:
                continue
            heap.append((lb, tuple(self.seq[n] for n in first), tick, False, first, gen, lb))
            tick += 1
        heapq.heapify(heap)
        while heap:
            key, lex, _, exact, U, gen, lb = heapq.heappop(heap)
            if exact:
                verdict, c7, rm = self.evaluate(U)
                yield U, c7, rm
                continue
            verdict, c7, rm = self.evaluate(U)
            if not verdict:
                heapq.heappush(heap, ((c7,) + key[1:], lex, tick, True, U, None, lb))
                tick += 1
            nxt = next(gen, None)
            if nxt is not None:
                heapq.heappush(heap, (lb, tuple(self.seq[n] for n in nxt), tick, False, nxt, gen, lb))
                tick += 1


def _beaten_on(mine: dict, theirs: dict) -> str:
    """The first criterion of [C6]-[C10] on which two sets differ, else the order rule."""
    for name in ("C6", "C7", "C8", "C9", "C10"):
        if mine[name] != theirs[name]:
            return f"[{name}]"
    return "4.2.3.3"


def _distributions(total: int, caps: list[int]):
    """All ways to write total as a sum over len(caps) parts with part i <= caps[i]."""
    if not caps:
        if total == 0:
            yield ()
        return
    for c in range(min(total, caps[0]), -1, -1):
        for rest in _distributions(total - c, caps[1:]):
            yield (c,) + rest


def _typed_sets(members: list[int], type_of, vector: dict):
    """Sets with vector[t] members of each type t, in lexicographic order of members."""
    n = len(members)
    types = [type_of(m) for m in members]
    after: list[Counter] = [Counter() for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        after[i] = after[i + 1].copy()
        after[i][types[i]] += 1
    need = dict(vector)
    chosen: list[int] = []
    total = sum(need.values())

    def rec(i: int):
        if len(chosen) == total:
            yield tuple(chosen)
            return
        if i == n:
            return
        if any(after[i][t] < c for t, c in need.items() if c > 0):
            return
        t = types[i]
        if need.get(t, 0) > 0:
            need[t] -= 1
            chosen.append(members[i])
            yield from rec(i + 1)
            chosen.pop()
            need[t] += 1
        yield from rec(i + 1)

    return rec(0)


def colour_cost(e: DubovEngine, bracket: list[int], pm: dict[int, int] | None = None) -> int:
    """[C7] at best: the least number of pairs whose two players seek the same colour."""
    W = [n for n in bracket if e.p(n).preference is Colour.WHITE]
    B = [n for n in bracket if e.p(n).preference is Colour.BLACK]
    bound = abs(len(W) - len(B)) // 2
    if pm is not None:
        same = sum(1 for a, c in pm.items() if a < c and same_preference(e.p(a), e.p(c)))
        if same == bound:
            return bound
    small, big = (W, B) if len(W) <= len(B) else (B, W)
    bm = matching.bipartite_max_matching(small, big, e.compat)
    if len(bm) == len(small):
        used = set(bm.values())
        rest = [n for n in big if n not in used]
        if matching.has_perfect_matching(rest, e.compat) is not None:
            return bound
    ws = set(W)
    res = matching.min_cost_perfect_matching(
        bracket, e.compat, lambda u, v: 1 if ((u in ws) == (v in ws)) else 0
    )
    assert res is not None
    return res[0]


def standing_row(p: PlayerStanding) -> dict:
    return {
        "number": p.number,
        "name": p.name,
        "rating": p.rating,
        "initial_rank": p.initial_rank,
        "score": fmt(p.score),
        "colours": "".join(c.value.upper() for c in p.colours),
        "colour_difference": p.colour_difference,
        "preference": p.preference.word,
        "strength": p.strength.value,
        "preference_rule": p.preference_rule,
        "aro": p.aro,
        "games_played": p.games_played,
        "upfloats": p.upfloats,
        "upfloated_previous": p.upfloated_previous,
        "max_upfloater": p.max_upfloater,
        "bye_eligible": p.bye_eligible,
        "bye_bar": p.bye_bar.as_dict() if p.bye_bar is not None else None,
        "present": p.present,
        "absence": p.absence,
        "history": p.history,
    }


def pair_round(
    t: Tournament,
    readings: Readings = DEFAULT,
    round_no: int | None = None,
    forced: tuple[tuple[int, int], ...] = (),
) -> Trace:
    """Pair the next round (or ``round_no``) and return the trace.

    >>> from dubov_explain.examples import load_example
    >>> trace = pair_round(load_example("dubov-example-round4-request.trf"))
    >>> trace.result.boards, trace.result.bye
    (((4, 1), (2, 8), (6, 9)), 5)

``forced`` pairs make a what-if run (used by why-not explanations): each listed player
    may meet only the given partner; the procedure is otherwise unchanged, so the first
    event where the what-if trace parts from the real one is the decision that kept the
    pair apart.
    """
    return DubovEngine(t, readings, round_no, forced).run()
