"""One score bracket (A.3) through C.1, C.2 and C.14, and the record of its state.

A bracket is paired on its own requirements (C.6: "if now P pairings are obtained in
compliance with the current requirements the pairing of this score bracket is considered
complete"): nothing below is looked at, unless it is paired again by C.12/C.13 (``Again``:
what the backtrack wants of the players it moves down).  The steps between (C.3-C.10) are
in ``levels`` (the requirements), ``generation`` (D.1-D.3) and ``d4`` (D.4).
"""

from __future__ import annotations

from fractions import Fraction

from ...records import dataclass, field, replace
from .brackets import Again, Backtrack, LowestUnpaired, NoCandidate
from .d4 import _Least
from .events import fmt
from .levels import CAP_FACT, DROPPED_ORDERS


#: a P1 whose levels all fail at once (``hopeless``) lists them one by one up to this many
LEVELS_LISTED = 64


@dataclass
class Bracket:
    """A score bracket being paired: what A.3 and C.1 make of it and C.2's parameters as
    C.14 lowers them.  Every step of the bracket reads it; nothing of it outlives the
    bracket."""

    #: the bracket's score as its events name it (its highest resident's)
    score: str
    #: its players in A.2 order (after C.1, without the players it moved down)
    players: list[int]
    #: its moved-down players (A.3; after C.1, without the ones it moved on down)
    mdps: list[int]
    lowest: bool
    #: A.3: "homogeneous", "heterogeneous" or "as-homogeneous"
    nature: str = "homogeneous"
    #: made by C.13's join (reading joined-bracket)
    joined: bool = False
    #: the lowest bracket has one above it (C.13 can run; reading lowest-c1)
    penultimate: bool = False
    #: the C.12 backtracks already tried from this bracket: ("C.1", player) or (step, P1)
    skip: frozenset = frozenset()
    #: paired again by C.12/C.13 (None: paired in its turn, and may backtrack)
    again: Again | None = None
    #: A.10: it holds top scorers (B.2 not in C.1; C.10.g drops it)
    top: bool = False
    #: D.4 in force here, and the score of its lowest ranked player (D.4's bye)
    d4: bool = False
    low: Fraction = Fraction(0)
    #: the players C.1 moved down
    down: list[int] = field(default_factory=list)
    #: C.2's parameters, as C.14 lowers them
    p1: int = 0
    m1: int = 0
    x1: int = 0
    z1: int | None = None
    #: C.14.b.1: a remainder was reached (C.9) at some level
    reached: bool = False
    #: the whole-bracket matching test of each set of requirements (``prune``)
    pruned: dict = field(default_factory=dict)

    def refuses(self, moved: list[int]) -> bool:
        """Paired again, the bracket may not leave these players moved down with P zero:
        C.13's "P becomes zero" (``no_zero``), or not what the backtrack wants."""
        again = self.again
        return again is not None and (again.no_zero or (
            again.wants is not None and not again.wants(moved)))


class BracketSteps:
    """A.3, C.1, C.2 and C.14 for one bracket, and its close (C.6, the colours of E)."""

    #: C.12 from the lowest bracket (C.1's first case, and after C.10), never from one C.13
    #: joined (C.13 "can be repeated until an acceptable pairing is obtained"): reading
    #: lowest-c12 (set in take_readings; an edition without it keeps C.13 alone)
    c12_from_lowest = False
    #: C.10's last sentence: the order the dropped criteria are made least in (reading
    #: c10-fewest-order, set in take_readings)
    fewest_order = "importance"
    #: the articles this text's events of the bracket cite
    moved_down_article = "C.6"
    whole_down_article = "C.14.a"

    def pair_bracket(self, mdps: list[int], residents: list[int], lowest: bool, *,
                     joined: bool = False, penultimate: bool = False,
                     skip: frozenset = frozenset(), again: Again | None = None):
        """One bracket, C.1-C.14: (its pairs, coloured, and the players it moves down).
        Raises Backtrack (C.12), LowestUnpaired (C.13) or, when paired ``again`` by
        C.12/C.13, NoCandidate; the other arguments are the ``Bracket``'s."""
        residents = sorted(residents, key=self.key)
        players = sorted(mdps + residents, key=self.key)
        b = Bracket(score=fmt(self.st[residents[0]].score), players=players,
                    mdps=list(mdps), lowest=lowest, joined=joined, penultimate=penultimate,
                    skip=skip, again=again)
        self.a3(b, residents)
        done = self.c1(b)
        if done is not None:
            return done
        result = self.pair_players(b)
        if result is None:
            return self.moved_whole(b)
        return self.close_bracket(b, *result)

    def a3_heterogeneous(self, m0: int, n: int, joined: bool) -> bool:
        """A.3: fewer than half of the bracket's ``n`` players moved down (a bracket joined
        by C.13 with any moved down, by reading joined-bracket=heterogeneous)."""
        return m0 > 0 and (2 * m0 < n or (joined and self.joined_heterogeneous))

    def a3(self, b: Bracket, residents: list[int]) -> None:
        """A.3: the bracket opened, its nature (a joined bracket "treated as a heterogeneous
        score bracket" by reading joined-bracket, else by A.3's count); the facts its steps
        read throughout (A.10's top scorers, D.4)."""
        m0 = len(b.mdps)
        b.nature = "homogeneous" if m0 == 0 else (
            "heterogeneous" if self.a3_heterogeneous(m0, len(b.players), b.joined)
            else "as-homogeneous")
        self.emit(self.ev.BracketOpened(article="A.3", score=b.score, mdps=tuple(b.mdps),
                                        residents=tuple(residents), nature=b.nature,
                                        lowest=b.lowest))
        b.top = self.top_scorers(b.players)
        b.d4 = self.d4_in_force(b)
        b.low = self.st[b.players[-1]].score

    # ------------------------------------------------------------------ C.1
    def c1(self, b: Bracket):
        """C.1: a player with no opponent in the bracket (B.1, B.2 but for top scorers):
        moved down, or C.12 when he was moved down here (its first case; in the lowest
        bracket by reading lowest-c12), or in the lowest bracket C.13 at once (reading
        lowest-c1).  None: the bracket goes on to C.2."""
        if b.lowest:
            # reading lowest-c12=c12-first: C.1's first case comes first in the lowest
            # bracket too, "if this player was moved down from a higher score bracket apply
            # C12" (before the second, "if this score bracket is the lowest one apply C13");
            # if C.12 finds nothing, the bracket goes on (the player may be left for the bye)
            if b.again is None and not b.joined and self.c12_from_lowest:
                test = self.b1_b2(b.players)
                for n in b.mdps:
                    if self.incompatible(n, b.players, test) and ("C.1", n) not in b.skip \
                            and self.c1_counts(n, b.players):
                        raise Backtrack(self.c1_p(b), ("C.1", n))
            if b.penultimate and self.lowest_c1:
                # C.1: "if this score bracket is the lowest one apply C13"
                n = self.lonely(b.players, self.b1_b2(b.players))
                if n is not None:
                    raise LowestUnpaired(n)
            return None
        down = b.down
        test = self.b1_b2(b.players)
        for n in list(b.players):
            if self.incompatible(n, b.players, test):
                if n in b.mdps and b.again is None and ("C.1", n) not in b.skip and \
                        self.c1_counts(n, b.players):
                    # C.1, first case: C.12
                    raise Backtrack(self.c1_p(b), ("C.1", n))
                self.emit(self.ev.IncompatibleMoved(article="C.1", score=b.score, player=n,
                                                    case="mdp" if n in b.mdps else "resident"))
                down.append(n)
        b.players = [n for n in b.players if n not in down]
        b.mdps = [n for n in b.mdps if n not in down]
        return None

    def c1_counts(self, n: int, players: list[int]) -> bool:
        """C.1's player without an opponent is one for C.12 and C.13: always (a what-if's
        forced pair bars like any other)."""
        return True

    def c1_p(self, b: Bracket) -> int:
        """The pairs C.12 must allow when C.1 sends the bracket back: its P0 (C.2 has not
        run yet)."""
        return len(b.players) // 2

    # ------------------------------------------------------------------ C.2-C.14
    def pair_players(self, b: Bracket):
        """C.2-C.14 for one bracket: (PairingFound events, players moved down) or None
        when the whole bracket moves down (C.14.a)."""
        players = b.players
        n, m0 = len(players), len(b.mdps)
        homogeneous = not self.a3_heterogeneous(m0, n, b.joined)
        p0 = n // 2
        b.p1, b.m1 = p0, (0 if homogeneous else m0)
        counts = self.colour_counts(players)
        b.x1, b.z1 = self.x1_z1(p0, counts)
        mode = "homogeneous" if homogeneous else "heterogeneous"
        self.emit(self.ev.ParametersSet(article="C.2", score=b.score, p0=p0, p1=b.p1, m0=m0,
                                        m1=b.m1, x1=b.x1, z1=b.z1, counts=counts, mode=mode))
        while True:
            if b.p1 < 0:
                # cannot happen: the lowest bracket stops at C.13 before
                self.impossible(players)
            if b.p1 == 0 and b.refuses(sorted(b.down + players, key=self.key)):
                # C.13: "P becomes zero"; C.12: moving everyone down is not what is wanted
                raise NoCandidate
            if b.p1 == 0 and not b.lowest:
                return None
            # C.3.e/f: the bracket produces downfloaters; in the lowest bracket the player left
            # for the bye is one by B.1.b (reading bye-downfloat)
            produces_down = n - 2 * b.p1 > 0 and (not b.lowest or self.bye_downfloat)
            last = None
            levels = self.c10_levels(b, not homogeneous, produces_down)
            # (a heterogeneous bracket's levels are walked: whether one reaches a remainder
            # decides C.14.b)
            skipped = self.hopeless(b, n - 2 * b.p1, self.c10_levels(
                b, not homogeneous, produces_down)) if homogeneous else 0
            if skipped:
                levels = ()
            for level in levels:
                self.failed(b, last, level.step)
                stats: dict = {}
                dropped = self.dropped(b, level, not homogeneous, produces_down)
                if homogeneous:
                    got = self.try_homogeneous(b, players, b.p1, level,
                                               self.budget_of(level), "homogeneous", stats)
                    if got is not None:
                        if isinstance(got, _Least) and self.d4_b3_first:
                            got, level = self.b3_first(b, level, levels, got, stats)
                            dropped = self.dropped(b, level, False, produces_down)
                        got = self.fewest(b, level, dropped, got, [got[0]], got[1],
                                          self.homogeneous_again(b, got, stats))
                        return [got[0]] + list(got[2:]), got[1]
                else:
                    got = self.try_heterogeneous(b, level, stats)
                    if got is not None:
                        return self.fewest(b, level, dropped, got, got[0], got[1],
                                           lambda lv: self.try_heterogeneous(b, lv, stats),
                                           heterogeneous=True)
                last = (level, b.p1 if homogeneous else b.m1, stats.get("checked", 0))
            # C.12 when there are moved-down players; from the lowest bracket by reading
            # lowest-c12 (the text's order C.10, C.12, C.13), never from one C.13 joined
            back = bool(b.mdps) and b.again is None and \
                (not b.lowest or (self.c12_from_lowest and not b.joined)) and \
                ("C.10", b.p1) not in b.skip and self.c12_after_c10
            nxt = "C.12" if back else "C.13" if b.lowest and homogeneous else "C.14"
            self.failed(b, last, nxt)
            self.levels_failed(b, b.p1, skipped, n - 2 * b.p1, nxt)
            if back:
                raise Backtrack(b.p1, ("C.10", b.p1))
            if b.lowest and homogeneous:
                # C.13: the lowest bracket with fewer pairs is no pairing (A.5: one bye)
                raise LowestUnpaired
            homogeneous = self.c14(b, homogeneous, p0, counts)

    # ------------------------------------------------------------------ C.10's last sentence
    def dropped(self, b: Bracket, level, het: bool, down: bool) -> list[str]:
        """The criteria ``level`` has dropped (C.10.a-d, C.10.f, C.10.g), in the order
        their breaches are made least (reading c10-fewest-order; by default the most
        important first): the ones C.10's last sentence allows "only for the minimum number
        of pairs"."""
        applies = {"b2": b.top, "a7d": self.odd_round and self.a7d_forbids, "b5d": down,
                   "b6d": down, "b5u": het, "b6u": het}
        return [c for c in DROPPED_ORDERS[self.fewest_order]
                if applies[c] and not getattr(level, c)]

    def homogeneous_again(self, b: Bracket, got, stats: dict):
        """``fewest``'s search of a homogeneous bracket at a level with caps: as the level's
        own (D.4's least B3-factor, ``got``'s, kept when it was D.4's: B.3 outranks B.5 and
        B.6, and A.7.d yields to it by its proviso), None when it has no candidate."""
        target = got.value if isinstance(got, _Least) else None

        def run(level):
            r = self.try_homogeneous(b, b.players, b.p1, level, self.budget_of(level),
                                     "homogeneous", stats, target=target)
            return r if r is not None and (target is None or isinstance(r, _Least)) else None

        return run

    def fewest(self, b: Bracket, level, dropped: list[str], got, parts, left, run,
               heterogeneous: bool = False):
        """C.10's last sentence: "Any criterion may be dropped only for the minimum number
        of pairs in the score bracket".  ``got``, the first pairing of ``level`` (its
        events ``parts`` and the players it leaves, ``left``), breaks each criterion the
        level dropped (``dropped``) some number of times; each is brought to the least any
        pairing of the level needs, in ``dropped``'s order (reading c10-fewest-order), by asking
        the level again (``run``) with at most 1, 2, ... breaches of it, the ones before it
        at their least.  The first pairing so found is the first of the level that breaks
        the criteria no more than their least: C.6's first, under those caps.

        Every dropped criterion is broken at least once by any pairing of the level: the
        level with it in force (and the rest as here) comes before in C.10's order and
        failed.  So a first pairing that breaks each once is already the answer, and the
        level is asked again only when it breaks one twice or more."""
        counts = self.breaches(dropped, parts, left)
        if all(n <= 1 for n in counts.values()):
            return got
        caps: list = []
        first = dict(counts)
        for name in dropped:
            k = 1
            while k < counts[name]:
                r = run(replace(level, caps=tuple(caps + [(name, k)])))
                if r is not None:
                    got = r
                    parts, left = (r[0], r[1]) if heterogeneous else ([r[0]], r[1])
                    counts = self.breaches(dropped, parts, left)
                    break
                k += 1
            caps.append((name, counts[name]))
            if first[name] > counts[name]:
                self.emit(self.ev.DroppedFewest(article="C.10", score=b.score,
                                                criterion=CAP_FACT[name], first=first[name],
                                                least=counts[name]))
        return got

    def breaches(self, dropped: list[str], parts, left) -> dict:
        """How many pairs of ``parts`` (PairingFound events) break each pair criterion of
        ``dropped``, and how many players of ``left`` each criterion for downfloaters."""
        pairs = [pr for e in parts if isinstance(e, self.ev.PairingFound) for pr in e.pairs]
        exempt = self.downfloat_exempt
        out = {}
        for name in dropped:
            if name in ("b5d", "b6d"):
                out[name] = sum(1 for q in left if not (exempt is not None and exempt(q)) and
                                self.left_breaks(name, q))
            else:
                breaks = self.pair_breaks(name)
                out[name] = sum(1 for a, c in pairs if breaks(a, c))
        return out

    def c14(self, b: Bracket, homogeneous: bool, p0: int, counts: dict) -> bool:
        """C.14: P1, X1, Z1 decreased (C.14.a; C.14.b.1 while the remainder still has a pair
        to lose, P1 > M1), else M1 (C.14.b.2), at last the bracket homogeneous; whether it
        now is."""
        if homogeneous or (b.reached and not b.lowest and b.p1 > b.m1):
            b.p1 -= 1
            b.x1 = max(0, b.x1 - 1)
            b.z1 = max(0, b.z1 - 1) if b.z1 is not None else None
            step = "C.14.a" if homogeneous else "C.14.b.1"
        elif b.m1 > 1:
            b.m1 -= 1
            step = "C.14.b.2"
        else:
            b.m1, homogeneous, b.p1 = 0, True, p0
            b.x1, b.z1 = self.x1_z1(p0, counts)
            step = "C.14.b.2-homogeneous"
        self.emit(self.ev.Reduced(article=step, score=b.score, step=step, p1=b.p1, m1=b.m1,
                                  x1=b.x1, z1=b.z1))
        return homogeneous

    def hopeless(self, b: Bracket, left: int, levels) -> int:
        """Every level of C.3-C.10 at this P1 fails for one reason that no level changes:
        paired again by C.13, each candidate would move down ``left`` players (and C.1's),
        fewer than the lowest bracket needs (``too_few_down``, ``c13_need``).  The number
        of levels then, when they are more than ``LEVELS_LISTED`` (else 0: they are listed
        one by one, each failing at once)."""
        if not self.too_few_down(b, left):
            return 0
        count = 0
        for _ in levels:
            count += 1
        return count if count > LEVELS_LISTED else 0

    def levels_failed(self, b: Bracket, p1: int, skipped: int, left: int, step: str) -> None:
        """LevelsFailed for the levels ``hopeless`` proved to fail at once."""
        if skipped:
            self.emit(self.ev.LevelsFailed(article="C.13", score=b.score, p1=p1,
                                           levels=skipped, moved=len(b.down) + left,
                                           need=b.again.need, next_step=step))

    def failed(self, b: Bracket, last: tuple | None, step: str) -> None:
        """RequirementsFailed for the level ``last`` (level, pairs asked, candidates
        checked) that found nothing, when one did; ``step`` comes next."""
        if last is not None:
            self.emit(self.ev.RequirementsFailed(
                article=step, score=b.score, requirements=last[0].facts(last[1]),
                next_step=step, checked=last[2]))

    # ------------------------------------------------------------------ the close
    def moved_whole(self, b: Bracket):
        """C.14: P is zero, the whole bracket moves down."""
        article = self.whole_down_article
        self.emit(self.ev.BracketMovedDown(article=article, score=b.score,
                                           players=tuple(b.players)))
        self.emit(self.ev.BracketClosed(article=article, score=b.score, pairs=()))
        return [], sorted(b.down + b.players, key=self.key)

    def close_bracket(self, b: Bracket, parts: list, leftover):
        """C.6: the pairing found (its events), the players it moves down, and each pair's
        colours (E): (the pairs, coloured, and the players moved down)."""
        pairs = []
        for part in parts:
            self.emit(part)
            if isinstance(part, self.ev.PairingFound):
                pairs.extend(part.pairs)
        moved = sorted(b.down + list(leftover), key=self.key)
        if moved and not b.lowest:
            self.emit(self.ev.MovedDown(article=self.moved_down_article, score=b.score,
                                        players=tuple(moved)))
        out = self.colour_pairs(pairs)
        self.emit(self.ev.BracketClosed(article="C.6", score=b.score, pairs=tuple(out)))
        return out, moved
