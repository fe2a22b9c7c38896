"""The Dubov 1997 pairing procedure as an explicit, traced state machine.

States, in the order of the text (``text/dubov-1997.txt``)::

    open_round -> first_round (5) -> publish
    open_round -> first_round_groups (5 per score group, accelerated round 1) -> publish
    open_round -> assign_bye (4) -> next_group -> [ pair_floaters (8.1, 8.2)
      -> transfers (7.1, 7.2) -> balance (7.3, 7.4 with 2.6) -> columns (6.2)
      -> choose_floaters (6.4) -> improve (6.3, colours by 3) -> close_group ] ...
    -> publish | arbiter (9)

Each state appends events to the trace and returns the next state; the pairing is the
trace's last event.  Where the text is silent the engine follows a named reading
(``readings.py``); where no reading supplies a fallback it stops with
:class:`~.events.ArbiterDecides` and the shared ``Impossible`` event, citing 9.

6.3 as an enumeration, and why the engine is not exponential
=============================================================

The engine reads 6.3 as a search over the rows of the two columns of 6.2 (reading of
the text, see ``tests/test_dubov1997_bruteforce.py`` for the literal twin): the first
unpaired White, row by row, takes the first opponent in this order -- the Black of its
own row (6.2), the Blacks of the lower rows ("the first black player whom he has not
played before, from the lower rows"), the Blacks of the rows above it still free (the
change of row k-1, k-2, ... brings them down to row k), then the other Whites from row
k+1 to the end and from row k-1 up to row 1 (6.3's last sentence) -- a White meets a White
only when one of the two "has already played with all the blacks" (what "played with"
covers: reading cannot-pair); when no change of rows pairs the group so, 6.3 has no
further instruction and the group is paired as 6.4 found it pairable, any two Whites
allowed (the PairMade event's ``all_blacks`` is then None); Blacks left over after every
White is paired pair among themselves the same way.  Where a row's own Black goes when
its White takes a lower row's Black the text does not say (reading displaced-black: it
stays free in its row, or takes the row of the Black taken).  When a choice leaves
the rest of the group unpairable the search goes back and changes an earlier row
("then we change the pairing in row No. k-1, if this does not work, in row No. k-2").
The result is the first complete pairing of the group in that order.

The engine takes, at each chooser, the first candidate after which the rest of the group
still has a complete pairing (a perfect matching): every complete pairing of the rest is
reachable by the search (each chooser's list holds every free player), so the first
candidate with a completion is exactly the one the backtracking search keeps, and the
engine never backtracks.  One perfect matching of the group is kept and repaired from a
warm start, so a candidate that the kept matching already pairs with the chooser costs
nothing.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import chain
from math import lcm
from typing import Callable, Iterable, Sequence

from ... import matching
from ...records import dataclass, field
from ...tournament.model import Colour, Tournament
from ...trace.events import Trace
from ..dubov2025.boards import board_key
from ..machine import NoPairing, RoundMachine, StandingRow
from . import Dubov1997
from . import events as ev
from .colours import allocate
from .events import EXPLICIT, fmt
from .limits import Limits, colour_allowed
from .readings import ACCELERATION, DEFAULT, Readings
from .request import lot
from .standings import PlayerStanding, compute_standings
from .request import request_problems  # noqa: F401  (the rulebook's procedure: base.MODULE_HOOKS)

@dataclass
class Group:
    score: Fraction
    residents: list[int]
    floaters: list[int]
    #: the players the group pairs by 6.2/6.3 (residents and transferred players)
    players: list[int] = field(default_factory=list)
    transferred: list[int] = field(default_factory=list)
    passing: list[int] = field(default_factory=list)  # floaters going on (8.2 found nobody)
    whites: list[int] = field(default_factory=list)
    blacks: list[int] = field(default_factory=list)
    floating: list[int] = field(default_factory=list)  # 6.4
    pairs: list[tuple[int, int]] = field(default_factory=list)


class Dubov1997Engine(RoundMachine):
    """Pairs one round by the 1997 text (4-9) on the shared round machine
    (``rulebooks/machine.py``: the round opened and the standings, cited as 6 and 1); 9's
    arbiter's call stops it (``NoPairing``)."""

    book = Dubov1997
    ev = ev
    opening_article = "6"
    standings_article = "1"
    acceleration_article = "6"
    acceleration_readings = ACCELERATION

    def __init__(self, t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
                 forced: tuple[tuple[int, int], ...] = ()):
        fmap = self.start(t, readings, compute_standings(t, round_no, readings), forced)
        self.lim = Limits(self.st, fmap)
        self.carry: list[int] = []
        self.g: Group | None = None
        self.gm: dict[int, int] = {}
        self.wise = readings.is_("wise", "round")
        self.lot, self.lot_source = lot(t)

    # ------------------------------------------------------------------ helpers
    def p(self, n: int) -> PlayerStanding:
        return self.st[n]

    @property
    def initial_colour(self) -> Colour:
        """5: the colour drawn by lot is the round's initial colour."""
        return self.lot

    @property
    def initial_colour_source(self) -> str:
        return self.lot_source

    def rest_pairable(self, without: set[int]) -> bool:
        """9 (reading wise=round): the round's other unpaired players can all be paired.

        First a count that answers no at once where it can: players no two of whom may meet
        (an independent set of the round's players, found once, greedily from those with
        the fewest possible opponents, and independent within any part of them) each need a partner from outside it, so
        when they are more than half of the rest there is no perfect matching (the matching
        would answer the same, after a search of the whole graph)."""
        rest = [n for n in self.remaining if n not in without]
        alone = self._independent()
        if 2 * sum(1 for n in rest if n in alone) > len(rest):
            return False
        m = matching.has_perfect_matching(rest, self.lim, self.gm)
        if m is None:
            return False
        self.gm = m
        return True

    def _independent(self) -> frozenset[int]:
        """Players of the round no two of whom may meet (``rest_pairable``'s count)."""
        got = self.__dict__.get("_alone")
        if got is None:
            chosen: list[int] = []
            ps = list(self.remaining)
            # the fewest possible opponents first (then the order of the round)
            degree = self.lim.degrees(ps)
            place = {n: i for i, n in enumerate(ps)}
            for n in sorted(ps, key=lambda n: (degree[n], place[n])):
                if not any(self.lim(n, m) for m in chosen):
                    chosen.append(n)
            got = self._alone = frozenset(chosen)
        return got

    def due_of(self, n: int) -> Colour | None:
        return self.p(n).due

    def split(self, players: Sequence[int]) -> tuple[list[int], list[int], list[tuple[int, str]]]:
        """1 with 6.2: the players due White and due Black; those without a due colour go
        where the reading ``no-due-colour`` puts them (returned as ``placed``)."""
        whites = [n for n in players if self.due_of(n) is Colour.WHITE]
        blacks = [n for n in players if self.due_of(n) is Colour.BLACK]
        none = sorted((n for n in players if self.due_of(n) is None),
                      key=lambda n: (-self.p(n).rating, n))
        rule = self.readings.value("no-due-colour")
        placed = []
        for n in none:
            if rule == "white" or (rule == "balance" and len(whites) <= len(blacks)):
                whites.append(n)
                placed.append((n, "White"))
            else:
                blacks.append(n)
                placed.append((n, "Black"))
        return self.white_order(whites), self.black_order(blacks), placed

    def white_order(self, ns) -> list[int]:
        """6.2: increasing ARO, then lower R, then alphabetically."""
        return sorted(ns, key=lambda n: (self.p(n).aro_exact, self.p(n).rating, self.p(n).name, n))

    def black_order(self, ns) -> list[int]:
        """6.2: decreasing R, then higher ARO, then alphabetically."""
        return sorted(ns, key=lambda n: (-self.p(n).rating, -self.p(n).aro_exact, self.p(n).name, n))

    def make_pair(self, a: int, b: int) -> None:
        white, black, rule, facts = allocate(self.p(a), self.p(b), self.readings)
        self.emit(ev.ColourAllocated(article="3", white=white, black=black, rule=rule, **facts))
        self.g.pairs.append((white, black))
        # a new list (a caller may hold the old one), each player once: the two taken out
        rest = list(self.remaining)
        for n in (a, b):
            if n in rest:
                rest.remove(n)
        self.remaining = rest

    def arbiter(self, situation: str, players: Sequence[int], score: str = "") -> None:
        """9: the instructions do not resolve the situation; the engine stops."""
        players = tuple(players)
        self.emit(ev.ArbiterDecides(article="9", situation=situation, players=players, score=score))
        details = []
        pool = self.remaining or list(players)
        for n in players:
            reasons: Counter = Counter()
            partners = 0
            for o in pool:
                if o == n:
                    continue
                r = self.lim.reason(n, o)
                if r:
                    reasons[r[0]] += 1
                else:
                    partners += 1
            details.append((n, partners, len(pool) - 1, tuple(sorted(reasons.items()))))
        self.emit(ev.Impossible(article="9", players=players, context="all", details=tuple(details)))
        raise NoPairing

    # ------------------------------------------------------------------ the machine
    def what_if_verdict(self, a: int, b: int) -> tuple[str, dict]:
        why = self.lim.reason(a, b)
        return why if why is not None else ("", {})

    def row(self, p: PlayerStanding) -> StandingRow:
        return {
            **self.who_columns(p),
            "colours": "".join(c.value.upper() for c in p.colours),
            "colour_difference": p.colour_difference,
            # 1: a player with no due colour has none
            "preference": p.preference.word if p.due else "none",
            "strength": p.strength.value,
            "preference_rule": p.preference_rule,
            "aro": str(p.aro),
            "games_played": p.games_played,
            "upfloats": p.upfloats,
            "upfloated_previous": p.upfloated_previous,
            "max_upfloater": p.max_upfloater,
            **self.bye_columns(p),
        }

    def first_state(self):
        st = self.st
        self.remaining = sorted(p.number for p in st.players if p.present)
        absent = tuple((p.number, p.absence) for p in st.players if not p.present)
        if absent and self.readings.is_("absences", "stop"):
            self.arbiter("absence", [n for n, _ in absent])
        if st.round == 1 or not any(self.p(n).games_paired for n in self.remaining):
            if self.accelerated and \
                    self.readings.is_("acceleration-first-round", "score-groups"):
                return self.first_round_groups
            return self.first_round
        return self.assign_bye

    # ---- 5: the first round
    def first_round(self):
        ps = list(self.remaining)
        bye = ps.pop() if len(ps) % 2 else None
        half = len(ps) // 2
        upper, lower = ps[:half], ps[half:]
        self.emit(ev.FirstRound(article="5", upper=tuple(upper), lower=tuple(lower), bye=bye,
                                lot=self.lot.word, lot_source=self.lot_source))
        for i, (a, b) in enumerate(zip(upper, lower), start=1):
            if not self.lim(a, b):
                self.arbiter("first-round", (a, b))
            colour = self.lot if i % 2 == 1 else self.lot.opposite
            white, black = (a, b) if colour is Colour.WHITE else (b, a)
            self.emit(ev.ColourAllocated(article="5", white=white, black=black,
                                         rule="odd" if i % 2 == 1 else "even"))
            self.pairs.append((white, black))
        if bye is not None:
            self.bye = bye
            self.emit(ev.ByeAssigned(article="5", player=bye, decided_by="last"))
        return self.publish

    def first_round_groups(self):
        """5 in an accelerated round 1 (reading ``acceleration-first-round=score-groups``):
        each score group of the pairing score, from the highest, is a list divided into
        two halves; an odd group's last player goes down to the next group's list, the
        last of the lowest group gets the bye; the lot colours the pairs numbered on
        through the groups."""
        scores = sorted({self.p(n).score for n in self.remaining}, reverse=True)
        carried: list[int] = []
        board = 0
        for k, top in enumerate(scores):
            ps = sorted(carried + [n for n in self.remaining if self.p(n).score == top])
            came_down = tuple(carried)
            carried = []
            bye = None
            if len(ps) % 2:
                if k == len(scores) - 1:
                    bye = ps.pop()
                else:
                    carried = [ps.pop()]
            half = len(ps) // 2
            upper, lower = ps[:half], ps[half:]
            self.emit(ev.FirstRoundGroup(
                article="5", score=fmt(top), upper=tuple(upper), lower=tuple(lower),
                came_down=came_down, goes_down=tuple(carried), bye=bye, first_pair=board + 1,
                lot=self.lot.word, lot_source=self.lot_source))
            for a, b in zip(upper, lower):
                board += 1
                if not self.lim(a, b):
                    self.arbiter("first-round", (a, b))
                colour = self.lot if board % 2 == 1 else self.lot.opposite
                white, black = (a, b) if colour is Colour.WHITE else (b, a)
                self.emit(ev.ColourAllocated(article="5", white=white, black=black,
                                             rule="odd" if board % 2 == 1 else "even"))
                self.pairs.append((white, black))
            if bye is not None:
                self.bye = bye
                self.emit(ev.ByeAssigned(article="5", player=bye, decided_by="last"))
        return self.publish

    # ---- 4: the bye
    def assign_bye(self):
        n = len(self.remaining)
        if n % 2 == 0:
            self.emit(ev.ByeNotNeeded(article="4", players=n))
            if self.wise and not self.rest_pairable(set()):
                self.no_complete_pairing()
            return self.next_group
        ineligible = tuple((m, self.p(m).bye_bar.kind, self.p(m).bye_bar.round, self.p(m).bye_bar.code)
                           for m in self.remaining if not self.p(m).bye_eligible)
        eligible = [m for m in self.remaining if self.p(m).bye_eligible]
        if not eligible:
            self.emit(ev.ByeCandidates(article="4", ineligible=ineligible, score="", dominating="", keys=()))
            self.arbiter("no-bye", ())
        # 4's "lowest score group": the pairing score, or (reading acceleration-bye=real)
        # the points actually scored; the same without acceleration
        bye_score = (lambda m: self.p(m).points) \
            if self.readings.is_("acceleration-bye", "real") else (lambda m: self.p(m).score)
        low = min(bye_score(m) for m in eligible)
        group = [m for m in self.remaining if bye_score(m) == low]
        counts = Counter(self.due_of(m) for m in group)
        w, b = counts[Colour.WHITE], counts[Colour.BLACK]
        dominating = Colour.WHITE if w > b else Colour.BLACK if b > w else None
        lowest_in_list = self.readings.is_("bye-tie", "lowest-in-list")

        def key(m: int) -> tuple:
            p = self.p(m)
            dom = 0 if dominating is None or p.due is dominating else 1
            return (bye_score(m), p.rating, dom, -p.aro_exact, -m if lowest_in_list else m)

        order = sorted(eligible, key=key)
        self.emit(ev.ByeCandidates(
            article="4", ineligible=ineligible, score=fmt(low),
            dominating=dominating.word if dominating else "",
            keys=tuple((m, fmt(bye_score(m)), self.p(m).rating,
                        self.p(m).due.word if self.p(m).due else "none", str(self.p(m).aro))
                       for m in order),
        ))
        passed = []
        for i, m in enumerate(order):
            if self.wise and not self.rest_pairable({m}):
                self.emit(ev.ByeRejected(article="9", player=m))
                passed.append(m)
                continue
            nxt = order[i + 1] if i + 1 < len(order) else None
            decided = "only"
            if nxt is not None:
                names = ("score", "rating", "dominating", "aro", "bye-tie")
                decided = next(nm for nm, x, y in zip(names, key(m), key(nxt)) if x != y)
            self.bye = m
            self.remaining = [x for x in self.remaining if x != m]
            self.emit(ev.ByeAssigned(article="4", player=m, decided_by=decided, runner_up=nxt,
                                     passed_over=tuple(passed)))
            return self.next_group
        self.arbiter("no-bye", tuple(passed))

    def no_complete_pairing(self) -> None:
        """9 (reading wise=round): no complete pairing of the round exists at all."""
        m = matching.max_matching(self.remaining, self.lim)
        self.arbiter("no-complete-pairing", [n for n in self.remaining if n not in m])

    # ---- 6: the score groups, from the highest
    def next_group(self):
        carry = self.carry
        self.carry = []
        rest = [n for n in self.remaining if n not in carry]
        if not rest:
            if carry:
                self.arbiter("lowest-group", carry, fmt(min(self.p(n).score for n in carry)))
            return self.publish
        top = max(self.p(n).score for n in rest)
        residents = [n for n in rest if self.p(n).score == top]
        self.g = Group(score=top, residents=residents, floaters=list(carry),
                       players=list(residents))
        self.emit(ev.GroupOpened(article="6", score=fmt(top), residents=tuple(residents),
                                 floaters=tuple(carry), lower=len(rest) - len(residents)))
        return self.pair_floaters

    def lower_players(self) -> list[int]:
        g = self.g
        scaled = self._scaled_scores()
        top = g.score * scaled[0]
        if top.denominator != 1:  # not a score of the round's unit: compared as it is
            return [n for n in self.remaining if self.p(n).score < g.score
                    and n not in g.players and n not in g.floaters]
        top, score = top.numerator, scaled[1]
        inside = set(g.players).union(g.floaters)  # lists: asked once each, not per player
        return [n for n in self.remaining if score[n] < top and n not in inside]

    def _scaled_scores(self) -> tuple[int, dict[int, int]]:
        """The round's scores as integers in their least common unit (the unit's count,
        and each player's): the same order as the scores, compared without Fractions
        (``lower_players`` asks it of every player left, at every transfer)."""
        got = self.__dict__.get("_scaled")
        if got is None:
            scores = {p.number: Fraction(p.score) for p in self.st.players}
            unit = lcm(*(s.denominator for s in scores.values())) if scores else 1
            got = self._scaled = (unit, {n: (s * unit).numerator for n, s in scores.items()})
        return got

    def _rejects(self, rejected: list) -> tuple:
        return tuple(rejected[:EXPLICIT])

    # ---- 8: the floaters from higher score groups first
    def pair_floaters(self):
        g = self.g
        if not g.floaters:
            return self.transfers
        whites, blacks, _placed = self.split(g.floaters)
        order: list[int] = []
        for i in range(max(len(whites), len(blacks))):
            order += whites[i:i + 1] + blacks[i:i + 1]
        self.emit(ev.FloaterOrder(article="8.1", score=fmt(g.score), whites=tuple(whites),
                                  blacks=tuple(blacks), order=tuple(order)))
        done: set[int] = set()
        for f in order:
            if f in done:
                continue
            fd = self.due_of(f)
            pool = [n for n in g.players if n not in done] + \
                   [n for n in order if n != f and n not in done and n not in g.passing]

            def opposite(n: int) -> bool:
                d = self.due_of(n)
                return fd is not None and d is not None and d is not fd

            pool.sort(key=lambda n: (not opposite(n), -self.p(n).rating, self.p(n).aro_exact, n))
            rejected = []
            chosen = None
            for c in pool:
                r = self.lim.reason(f, c)
                if r is not None:
                    rejected.append((c, r[0]))
                    continue
                if self.wise and not self.rest_pairable({f, c}):
                    rejected.append((c, "9"))
                    continue
                chosen = c
                break
            if chosen is None:
                g.passing.append(f)
                self.emit(ev.FloaterPasses(article="8.2", score=fmt(g.score), floater=f,
                                           rejected_count=len(rejected)))
                continue
            done |= {f, chosen}
            self.emit(ev.FloaterPaired(article="8.2", score=fmt(g.score), floater=f, partner=chosen,
                                       opposite=opposite(chosen), rejected=self._rejects(rejected),
                                       rejected_count=len(rejected)))
            self.make_pair(f, chosen)
        g.players = [n for n in g.players if n not in done]
        return self.transfers

    # ---- 7.1, 7.2: players transferred from lower score groups
    def transfers(self):
        g = self.g
        if g.players:
            counts = Counter(self.due_of(n) for n in g.players)
            isolated = tuple(x for x in g.players
                             if self._stuck(x, (o for o in g.players if o != x)))
            self.emit(ev.RequirementChecked(
                article="6.1", score=fmt(g.score), players=len(g.players),
                whites=counts[Colour.WHITE], blacks=counts[Colour.BLACK],
                undecided=counts[None], isolated=isolated))
        steps = [self.transfer_71, self.transfer_72]
        if self.readings.is_("transfer-order", "parity-first"):
            steps.reverse()
        for step in steps:
            step()
        return self.balance

    def _candidates(self, ok: Callable[[int], str], sought: Colour | None,
                    pair_with: int | None) -> tuple[int | None, str, int | None, list]:
        """The player 7.1/7.2 transfer: from the next possible lower score group, the due
        colour ``sought`` first, then the highest R, then the lowest ARO."""
        lower = self.lower_players()
        rejected: list = []
        for score in sorted({self.p(n).score for n in lower}, reverse=True):
            group = [n for n in lower if self.p(n).score == score]

            def key(n: int) -> tuple:
                p = self.p(n)
                return (0 if sought is None or p.due is sought else 1, -p.rating, p.aro_exact, n)

            group.sort(key=key)
            fine = []
            for n in group:
                p = self.p(n)
                if p.max_upfloater:
                    rejected.append((n, "2.5-running" if p.upfloated_previous else "2.5-limit"))
                    continue
                code = ok(n)
                if code:
                    rejected.append((n, code))
                    continue
                if self.wise and pair_with is not None and not self.rest_pairable({pair_with, n}):
                    rejected.append((n, "9"))
                    continue
                fine.append(n)
                if len(fine) == 2:
                    break
            if fine:
                first = fine[0]
                nxt = fine[1] if len(fine) > 1 else None
                decided = "only"
                if nxt is not None:
                    names = ("colour", "highest-rating", "lowest-aro", "number")
                    decided = next(nm for nm, x, y in zip(names, key(first), key(nxt)) if x != y)
                return first, decided, nxt, rejected
        return None, "", None, rejected

    def _stuck(self, x: int, others: Iterable[int]) -> bool:
        """7.1: x 'has already played with all the players of his own score group'
        (``others``, read only as far as the answer needs)."""
        others = iter(others)
        first = next(others, None)
        if first is None:
            return False
        others = chain((first,), others)
        if self.readings.is_("cannot-pair", "rematch"):
            return all(self.lim.played(x, o) for o in others)
        return not any(self.lim(x, o) for o in others)

    def transfer_71(self):
        g = self.g
        for x in list(g.players):
            if x not in g.players:
                continue
            if not self._stuck(x, (o for o in g.players if o != x)):
                continue
            dx = self.due_of(x)
            sought = dx.opposite if dx is not None else None

            def ok(n: int) -> str:
                r = self.lim.reason(x, n)
                return r[0] if r else ""

            c, decided, nxt, rejected = self._candidates(ok, sought, x)
            if c is None:
                self.no_supply(x)
                continue
            self.emit(ev.TransferMade(
                article="7.1", score=fmt(g.score), player=c, from_score=fmt(self.p(c).score),
                for_player=x, sought=sought.word if sought else "", decided_by=decided,
                runner_up=nxt, rejected=self._rejects(rejected), rejected_count=len(rejected)))
            g.transferred.append(c)
            g.players.remove(x)
            self.make_pair(x, c)

    def transfer_72(self):
        g = self.g
        if len(g.players) % 2 == 0:
            return
        counts = Counter(self.due_of(n) for n in g.players)
        w, b = counts[Colour.WHITE], counts[Colour.BLACK]
        dominating = Colour.WHITE if w > b else Colour.BLACK if b > w else None
        sought = dominating.opposite if dominating is not None else None
        members = list(g.players)

        def ok(n: int) -> str:
            if not any(self.lim(n, m) for m in members):
                return "none-met"
            if self.wise:
                # 9: the group with n, and the lower players without n, can each be paired
                below = [x for x in self.lower_players() if x != n] + list(g.passing)
                if matching.has_perfect_matching(members + [n], self.lim) is None or \
                        matching.has_perfect_matching(below, self.lim, self.gm) is None:
                    return "9"
            return ""

        c, decided, nxt, rejected = self._candidates(ok, sought, None)
        if c is None:
            self.no_supply(0)
            return
        self.emit(ev.TransferMade(
            article="7.2", score=fmt(g.score), player=c, from_score=fmt(self.p(c).score),
            for_player=0, sought=sought.word if sought else "", decided_by=decided,
            runner_up=nxt, rejected=self._rejects(rejected), rejected_count=len(rejected)))
        g.transferred.append(c)
        g.players.append(c)

    def no_supply(self, x: int) -> None:
        value = self.readings.value("transfer-no-supply")
        g = self.g
        self.emit(ev.NoTransfer(article="7.1" if x else "7.2", score=fmt(g.score), for_player=x,
                                reading=value))
        if value == "stop":
            self.arbiter("no-supply", (x,) if x else tuple(g.players), fmt(g.score))

    # ---- 7.3, 7.4 with 2.6
    def balance(self):
        g = self.g
        whites, blacks, placed = self.split(g.players)
        self._placed = placed
        diff = len(whites) - len(blacks)
        if len(g.players) % 2 == 0 and abs(diff) >= 2:
            n = abs(diff) // 2
            if diff > 0:
                article, source, to = "7.3", whites, Colour.BLACK
                key = lambda m: (self.p(m).aro_exact, -self.p(m).rating, self.p(m).name, m)  # noqa: E731
            else:
                article, source, to = "7.4", blacks, Colour.WHITE
                key = lambda m: (-self.p(m).aro_exact, self.p(m).rating, self.p(m).name, m)  # noqa: E731
            moved, kept = [], []
            for m in sorted(source, key=key):
                if len(moved) == n:
                    break
                why = colour_allowed(self.p(m), to)
                if why:
                    kept.append((m, why))
                    continue
                moved.append(m)
            self.emit(ev.ColourBalance(article=article, score=fmt(g.score), whites=len(whites),
                                       blacks=len(blacks), moved=tuple(moved), kept=tuple(kept)))
            if diff > 0:
                whites = [m for m in whites if m not in moved]
                blacks = blacks + moved
            else:
                blacks = [m for m in blacks if m not in moved]
                whites = whites + moved
        g.whites, g.blacks = self.white_order(whites), self.black_order(blacks)
        return self.columns

    # ---- 6.2
    def columns(self):
        g = self.g
        if g.players:
            self.emit(ev.ColumnsWritten(
                article="6.2", score=fmt(g.score),
                whites=tuple((n, str(self.p(n).aro), self.p(n).rating) for n in g.whites),
                blacks=tuple((n, self.p(n).rating, str(self.p(n).aro)) for n in g.blacks),
                placed=tuple(self._placed)))
        return self.choose_floaters

    # ---- 6.4
    def category(self, n: int, next_lower: list[int]) -> int:
        """6.4: 1 (not a floater, can be paired below) .. 4 (a floater, cannot be)."""
        was = False
        if self.readings.is_("floater-history", "earlier-rounds"):
            was = bool(self.p(n).downfloat_rounds)
        can = any(self.lim(n, m) for m in next_lower)
        return 1 + (2 if was else 0) + (0 if can else 1)

    def choose_floaters(self):
        g = self.g
        G = list(g.players)
        lower = self.lower_players()
        below = [n for n in lower] + list(g.passing)
        m = matching.max_matching(G, self.lim)
        f = len(G) - len(m)
        ok = f == 0 and (not self.wise or not below or
                         matching.has_perfect_matching(below, self.lim, self.gm) is not None)
        if ok:
            return self.improve
        if f > 0 and self.readings.is_("improvement-exhausted", "stop"):
            self.arbiter("improvement-exhausted", [n for n in G if n not in m], fmt(g.score))
        if not lower:
            self.arbiter("lowest-group", [n for n in G if n not in m] or list(g.passing),
                         fmt(g.score))
        f = max(f, 2) if f == 0 else f
        top_lower = max(self.p(n).score for n in lower)
        next_lower = [n for n in lower if self.p(n).score == top_lower]
        cats = {n: self.category(n, next_lower) for n in G}
        if self.readings.is_("floater-tie", "lowest-rating"):
            tie = lambda n: (self.p(n).rating, -n)  # noqa: E731
        else:
            tie = lambda n: (-self.p(n).rating, n)  # noqa: E731
        pool = sorted(G, key=lambda n: (cats[n], tie(n)))
        if self.wise and below:
            # 9 (reading wise): the players below and the floaters chosen must pair
            # perfectly, so at least the players below that cannot pair among themselves
            # must float (Tutte-Berge: a maximum matching of ``below`` leaves that many
            # exposed); every f smaller, of the same parity, fails the test at the end of
            # the loop, so the loop starts at the first that may not (exact, not a cut)
            short = len(below) - len(matching.max_matching(below, self.lim))
            if short > f:
                f += (short - f + 1) // 2 * 2
            if f > len(G):
                self.arbiter("no-complete-pairing", G, fmt(g.score))
        whole = m
        while True:
            need = (len(G) - f) // 2
            chosen: list[int] = []
            passed: list[int] = []
            warm = whole
            for c in pool:
                if len(chosen) == f:
                    break
                rest = [n for n in G if n not in chosen and n != c]
                # a maximum matching of the rest, warm-started from the last one (the
                # size is the same whatever the start)
                got = matching.max_matching(rest, self.lim, warm)
                if len(got) // 2 >= need:
                    chosen.append(c)
                    warm = got
                else:
                    passed.append(c)
            if len(chosen) == f and (not self.wise or matching.has_perfect_matching(
                    below + chosen, self.lim, self.gm) is not None):
                break
            f += 2
            if f > len(G):  # the round has no complete pairing at all
                self.arbiter("no-complete-pairing", G, fmt(g.score))
        self.emit(ev.FloatersChosen(
            article="6.4", score=fmt(g.score), players=tuple((n, cats[n]) for n in chosen),
            minimum=len(G) - len(m),
            passed_over=tuple((n, cats[n]) for n in passed if cats[n] < max(cats[x] for x in chosen))[:EXPLICIT],
            next_lower=tuple(next_lower)))
        g.floating = chosen
        g.players = [n for n in G if n not in chosen]
        g.whites = [n for n in g.whites if n not in chosen]
        g.blacks = [n for n in g.blacks if n not in chosen]
        return self.improve

    # ---- 6.3
    def played_all_blacks(self, x: int, blacks: Sequence[int]) -> bool:
        """6.3: "if the 'white' No. k has already played with all the 'blacks'" (what
        "played with" covers: reading cannot-pair, as in 7.1)."""
        return self._stuck(x, blacks) if blacks else True

    def improve(self):
        g = self.g
        W, B = list(g.whites), list(g.blacks)
        players = W + B
        wrow = {n: i for i, n in enumerate(W)}
        # 6.3: a White meets another White only when he "has already played with all the
        # blacks"; else the rows above change (k-1, k-2, ...), which the look-ahead below
        # does by never accepting a choice after which the rest needs such a pair
        all_played = {w for w in W if self.played_all_blacks(w, B)}

        def ok(a: int, b: int) -> bool:
            if a in wrow and b in wrow and a not in all_played and b not in all_played:
                return False
            return self.lim(a, b)

        warm = {w: b for w, b in zip(W, B)}
        warm.update({b: w for w, b in zip(W, B)})
        gm = matching.has_perfect_matching(players, ok, warm) if players else {}
        #: no change of rows pairs the group so: the text has no further instruction
        #: (6.3's "etc." is exhausted), and the group is paired as 6.4 found it pairable,
        #: a White with a White where needed (each such pair says so)
        strict = gm is not None
        if not strict:
            ok = self.lim
            all_played = set(W)
            gm = matching.has_perfect_matching(players, ok, warm)
        if gm is None:  # cannot happen after 6.4 (kept for safety: 9)
            self.arbiter("improvement-exhausted", players, fmt(g.score))
        free = set(players)
        #: reading displaced-black: the Black of a row whose White took a lower row's Black
        takes_row = self.readings.is_("displaced-black", "takes-row")
        #: the White of each row and the code of the choice he made (for the trace)
        chose: dict[int, tuple[str, bool]] = {}
        brow = {n: i for i, n in enumerate(B)}  # kept as B changes (reading displaced-black)
        wi = 0  # the Whites before W[wi] are paired (W does not change, free only shrinks)
        while True:
            # the first free player, the Whites row by row, then the Blacks left over
            # (in the column as it stands: reading displaced-black)
            while wi < len(W) and W[wi] not in free:
                wi += 1
            x = W[wi] if wi < len(W) else next((n for n in B if n in free), None)
            if x is None:
                break
            if x in wrow:
                i = wrow[x]
                # (listed lazily: the first acceptable one ends the look)
                cands = chain(((c, "row") for c in B[i:i + 1]), ((c, "lower") for c in B[i + 1:]),
                              ((c, "upper") for c in reversed(B[:i])),
                              # another White, when one of the two has played with all the
                              # Blacks (the other would look for this one in the same way)
                              ((c, "white-lower") for c in W[i + 1:] if {x, c} & all_played),
                              ((c, "white-upper") for c in reversed(W[:i]) if {x, c} & all_played))
                column, row = "White", i + 1
            else:
                j = brow[x]
                cands = chain(((c, "black-lower") for c in B[j + 1:]),
                              ((c, "black-upper") for c in reversed(B[:j])))
                column, row = "Black", j + 1
            rejected = []
            chosen = None
            for c, how in cands:
                if c not in free:
                    continue
                r = self.lim.reason(x, c)
                if r is not None:
                    rejected.append((c, r[0]))
                    continue
                if gm.get(x) != c:
                    rest = [n for n in players if n in free and n != x and n != c]
                    m2 = matching.has_perfect_matching(rest, ok, gm)
                    if m2 is None:
                        rejected.append((c, "6.3"))
                        continue
                    m2 = dict(m2)
                    m2[x], m2[c] = c, x
                    gm = m2
                chosen = (c, how)
                break
            assert chosen is not None  # a perfect matching of the free players exists
            c, how = chosen
            free -= {x, c}
            black_row = changed = None
            if how in ("lower", "upper"):
                black_row = brow[c] + 1
            if how == "upper":
                # the Black of an upper row is free because that row's White took another
                # opponent: a change of that row (6.3: k-1, k-2, ...) when he passed over
                # his own Black only because the rest could not be paired then
                changed = chose.get(brow[c], ("", False))[1]
            if column == "White":
                own = B[i] if i < len(B) else None
                chose[i] = (how, any(n == own and code == "6.3" for n, code in rejected))
                if takes_row and how == "lower":
                    # the displaced Black takes the row of the Black taken
                    k = brow[c]
                    B[i], B[k] = B[k], B[i]
                    brow[B[i]], brow[B[k]] = i, k
            self.emit(ev.PairMade(article="6.3" if how != "row" else "6.2", score=fmt(g.score),
                                  row=row, column=column, player=x, opponent=c, how=how,
                                  rejected=self._rejects(rejected), rejected_count=len(rejected),
                                  black_row=black_row, changed=changed,
                                  all_blacks=(x in all_played) if strict and
                                  how.startswith("white") else None))
            self.make_pair(x, c)
        return self.close_group

    def close_group(self):
        g = self.g
        self.carry = list(g.passing) + list(g.floating)
        self.pairs.extend(g.pairs)
        self.emit(ev.GroupClosed(article="6", score=fmt(g.score), pairs=tuple(g.pairs),
                                 floaters=tuple(self.carry)))
        self.g = None
        return self.next_group

    def publish(self):
        boards = tuple(sorted(self.pairs, key=board_key(self.p)))
        self.emit(ev.PairingPublished(article="6", boards=boards, bye=self.bye))
        return None


def pair_round(t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
               forced: tuple[tuple[int, int], ...] = ()) -> Trace:
    """Pair the next round (or ``round_no``) by the 1997 text and return the trace."""
    return Dubov1997Engine(t, readings, round_no, forced).run()
