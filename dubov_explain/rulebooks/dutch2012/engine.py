"""The Dutch 2012 pairing procedure (``text/dutch-2012.txt``, section C) as a traced machine.

States, in the text's order, bracket by bracket from the highest score (C, first line)::

    open_round -> [ bracket (A.3) -> C.1 incompatible players -> C.2 P0 P1 M0 M1 X1 Z1
        -> C.3 requirements -> C.4/C.5 S1 S2 -> C.6 try, C.7 transpositions (D.1),
           C.8 exchanges (D.2) or MDP sets (D.3), C.9 remainder
        -> C.10 lowering a..g -> C.12 backtrack (from C.1 or C.10)
        -> C.13 (lowest: backtrack, join) -> C.14 decrease P1 X1 Z1 / M1 ] ...
    -> bye (A.5) -> colours (E) -> publish | impossible


The articles live in their own modules, as mixins of :class:`DutchEngine` (this module is
the round: its prologue, the bracket loop's start, the publication):

* ``criteria`` -- A.2's order, A.8's colour counts (X1, Z1), B.1/B.2 and the requirements
  of a level (A.7.d, B.5/B.6 for upfloaters);
* ``brackets`` -- C's bracket loop, C.12 and C.13 (backtracking, the join), and how they
  are read;
* ``bracket`` -- one bracket (A.3), C.1, C.2, C.14, its close (C.6), with its one state
  record ``Bracket``;
* ``levels`` -- C.3's requirements and C.10's lowering order;
* ``generation`` -- C.4-C.9: the candidates of D.1-D.3 (``search`` walks their orders),
  and why the search returns what the literal enumeration would;
* ``d4`` -- D.4, the least B3-factor in the lowest bracket;
* ``colours`` -- E.

An edition of the text subclasses :class:`DutchEngine` and overrides the methods its
articles change (``swiss_rating1992.engine.RatingEngine``): each is named for, or its
docstring cites, the article it is.

What is *not* literal, and why (said in every trace by the bracket events' articles):

* **D.2** exchanges of N players are listed only while there are at most ``LIMIT`` of
  them for that N; beyond that a ``search-limit`` event records it (never seen on the
  generated tournaments of the tests: large brackets are paired by the first exchanges).
* **D.4**'s search enters at most ``D4_LIMIT`` branches of its walk once it has a
  candidate; beyond that a ``search-limit`` event (article D.4) records that the least
  B3-factor found so far was taken.  Never reached on the generated tournaments of the
  tests; a joined lowest bracket of 30 players or more can reach it (one of 40 players,
  made by hand: about three minutes without the limit).
* **C.14.b.1** lowers P1 "as in the homogeneous score brackets" after a remainder was
  reached; C.3.a then asks M1 pairs of the MDPs and P1 - M1 of the remainder.  When P1
  reaches M1 the remainder pairs nobody, and a lower P1 would ask a negative number of
  pairs: the engine then goes on with C.14.b.2 (fewer MDPs in S1).
* **A.7.e** (even rounds, mild preferences of players with an odd number of unplayed
  games) enters only through A.8's counts ``w`` and ``b``.

A what-if run (why-not) holds each forced player for his partner only; a forced player with
no partner in his bracket is then moved down by C.1 like any player without an opponent.

``tests/test_dutch2012_bruteforce.py`` enumerates D.1-D.3 and backtracks by C.12/C.13
literally, from the text, on small tournaments and checks that the engine agrees every time.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import lcm
from typing import Sequence

from ... import matching
from ...tournament.model import Colour, Tournament
from ...trace.events import Trace
from ..machine import NoPairing, RoundMachine, StandingRow
from ..requests import initial_colour
from . import Dutch2012
from . import events as ev
from .bracket import BracketSteps
from .brackets import Backtracking
from .colours import Colours
from .criteria import Criteria
from .d4 import D4_LIMIT, LeastB3  # noqa: F401  (D4_LIMIT: the docstring's)
from .generation import LIMIT, Generation  # noqa: F401  (LIMIT: the docstring's)
from .levels import Levels
from .readings import ACCELERATION, DEFAULT, Readings
from .standings import PlayerStanding, Standings, compute_standings

#: the Dutch family's search budget (``DutchEngine.search_limit``): far above the literal
#: rounds of the JaVaFo corpus (the largest takes about 490,000 steps, some 2 s), so that
#: only a search of many seconds is cut
SEARCH_LIMIT = 600_000


class DutchEngine(RoundMachine, Backtracking, BracketSteps, Levels, Generation, LeastB3,
                  Criteria, Colours):
    """The Dutch 2012 text's procedure for one round: the state of the round (standings,
    what-if pairs, events, the pairs and bye found) and the readings taken; each article
    is in its mixin's module.  On the shared round machine (``rulebooks/machine.py``: the
    round opened, A.2, the standings, A.7); its states: B.1's test of the whole round,
    the brackets from the highest (C, with C.12/C.13's backtracking), the boards.
    """

    book = Dutch2012
    opening_article = "A.2"
    standings_article = "A.7"
    acceleration_article = "A.3"
    acceleration_readings = ACCELERATION
    #: the steps (pairs tried by D.1-D.4's walks, their attempts, and the players of each
    #: matching question they ask) a round may take, 600,000 and 200 per player, before
    #: ``over_budget`` pairs it by the stated fallback: far above what the golden cases and
    #: generated tournaments take (``tests/test_hardening.py``); a round 1 of 9,999 players
    #: takes about 10,000
    search_limit = SEARCH_LIMIT
    search_per_player = 200

    #: the rulebook's own event kinds (an edition emits its own through the same methods)
    ev = ev
    #: the standings of this text (A.2-A.8's facts) and its readings when none are given
    standings_of = staticmethod(compute_standings)
    default_readings = DEFAULT

    def __init__(self, t: Tournament, readings: Readings | None = None,
                 round_no: int | None = None, forced: tuple = ()):
        readings = readings if readings is not None else self.default_readings
        self.start(t, readings, self.standings_of(t, round_no, readings), forced)
        self.initial_colour, self.initial_colour_source = initial_colour(t)
        self.odd_round = self.st.round % 2 == 1
        self._complete_cache: dict[tuple, bool] = {}
        self._allows_cache: dict[tuple, bool] = {}
        self.take_readings(readings)

    def take_readings(self, readings: Readings) -> None:
        """The readings the articles ask, read once."""
        #: reading backtrack-after-c10: C.12 also after C.10 (not only from C.1)
        self.c12_after_c10 = readings.value("backtrack-after-c10") == "yes"
        #: reading joined-bracket: a bracket joined by C.13 always heterogeneous
        self.joined_heterogeneous = readings.value("joined-bracket") == "heterogeneous"
        #: reading c13-p-zero: a penultimate pairing with P zero may allow the lowest one
        self.c13_zero = readings.value("c13-p-zero") == "counts"
        #: reading lowest-c1: C.1's "if this score bracket is the lowest one apply C13"
        self.lowest_c1 = readings.value("lowest-c1") == "at-once"
        #: reading lowest-c12: C.12 from the lowest bracket (C.1's first case, after C.10)
        self.c12_from_lowest = readings.value("lowest-c12") == "c12-first"
        self.a7d_forbids = readings.value("strong-as-absolute") == "forbid"
        self.bye_downfloat = readings.value("bye-downfloat") == "downfloat"
        #: D.4 (reading d4-scope): which lowest brackets are paired by the least B3-factor
        self.d4_scope = readings.value("d4-scope")
        #: reading d4-bye-score: the bye faces one point below the lowest ranked player
        self.d4_bye_lowest = readings.value("d4-bye-score") == "lowest-ranked"
        #: reading d4-level: the least B3-factor over the later levels too (B.3 before B.4-B.6)
        self.d4_b3_first = readings.value("d4-level") == "b3-first"
        #: A.7.d's proviso (reading a7d-proviso): D.4's comparison of levels goes past C.10.f
        self.a7d_yields = readings.value("a7d-proviso") == "yields"
        #: C.10's last sentence (reading c10-fewest-order): the dropped criteria's order
        self.fewest_order = readings.value("c10-fewest-order")
        #: A.10 (reading acceleration-top-scorers): the real score, or the pairing score
        self._top_real = readings.value("acceleration-top-scorers") == "real"

    @property
    def initial(self) -> Colour:
        """A.7.c's lot: the round's initial colour."""
        return self.initial_colour

    # ------------------------------------------------------------------ the machine
    def first_state(self):
        """B.1 for the whole round: without a complete pairing nothing is paired."""
        self.remaining = sorted((p.number for p in self.st.players if p.present), key=self.key)
        if not self.completable(self.remaining):
            self.impossible(self.remaining)
        return self.pair_brackets

    def pair_brackets(self):
        """C: the brackets from the highest score, with C.12's and C.13's backtracking."""
        self.brackets()
        return self.finish

    def what_if_verdict(self, a: int, b: int) -> tuple[str, dict]:
        why = self.absolute(a, b) if a in self.st._idx and b in self.st._idx else "absent"
        return ("" if why in (None, "forced") else why), {}

    def max_t(self) -> int:
        """The text has no MaxT."""
        return 0

    def row(self, p: PlayerStanding) -> StandingRow:
        return {
            **self.who_columns(p),
            "colours": "".join(c.value.upper() for c in p.colours),
            "colour_difference": p.colour_difference, "preference": p.preference.word,
            "strength": p.strength.value, "preference_rule": p.preference_rule,
            "floats": "".join({"down": "D", "up": "U", "": "-"}[f] for f in p.floats),
            "unplayed": p.unplayed, "games_played": p.games_played,
            **self.bye_columns(p),
            # columns of the shared report table that have no meaning in this system
            "aro": 0, "upfloats": sum(1 for f in p.floats if f == "up"),
            "upfloated_previous": p.upfloated_previous, "max_upfloater": False,
        }

    def impossible(self, players: Sequence[int]) -> None:
        vs = list(players)
        m = matching.max_matching(vs, lambda a, b: self.absolute(a, b) is None)
        lonely = [n for n in vs if n not in m]
        if not lonely:  # an even pairing exists but no bye is allowed: all could be it
            lonely = [n for n in vs if not self.st[n].bye_eligible] or vs
        details = []
        for n in lonely:
            reasons: dict[str, int] = {}
            count = 0
            for o in vs:
                if o == n:
                    continue
                r = self.absolute(n, o)
                if r is None:
                    count += 1
                else:
                    reasons[r] = reasons.get(r, 0) + 1
            details.append((n, count, len(vs) - 1, tuple(sorted(reasons.items()))))
        self.emit(self.ev.Impossible(article="B.1", players=tuple(lonely), details=tuple(details)))
        raise NoPairing


    def over_budget(self):
        """The round's search passed :attr:`search_limit` steps (the machine's
        ``BudgetReached``): C.12/C.13's backtracking and D.1-D.3's enumerations are what
        the text asks, and no argument bounds them (a round of 60 players could take
        minutes).  The cut is recorded (a ``search-limit`` event, article ``budget``: the
        steps taken and the limit; the round is *not* the text's) and the whole round is
        paired by :func:`fallback_pairing`."""
        self.emit(self.ev.SearchLimit(article="budget", score="", n=self.steps,
                                      count=self.step_limit))
        pairs, self.bye = fallback_pairing(self, self.remaining)
        # the fallback fixes who meets whom; the colours are still Article E's (E.1-E.5,
        # the higher-ranked player as S1's)
        self.pairs = self.colour_pairs(pairs)
        if self.bye is not None:
            self.emit(self.ev.ByeAssigned(article="A.5", player=self.bye))
        return self.finish

    def finish(self) -> None:
        """The boards, in GHR 3.6's order: the round is paired (the machine's last state)."""
        boards = tuple(sorted(self.pairs, key=board_key(
            self.st, self.readings.value("acceleration-board-order") == "real")))
        self.emit(ev.PairingPublished(article="GHR 3.6", boards=boards, bye=self.bye))




def fallback_pairing(engine, players: Sequence[int]) -> tuple[list[tuple[int, int]], int | None]:
    """The pairing of a round whose search passed its budget (``over_budget``): a complete
    pairing meeting the absolute criteria (B.1, B.2 as C.1 asks them: not between top
    scorers; the bye to a player allowed one, B.1.b) whose largest score difference is the
    least possible: score differences allowed are widened step by step (0, then each larger
    difference the field has) until the completion oracle (``completable``'s perfect
    matching) finds one, players taken in A.2 order.  Not the text's procedure: the trace
    says so.  Exists whenever B.1's test of the round passed (the last step allows every
    difference)."""
    st = engine.st
    vs = sorted(players, key=engine.key)
    test = engine.b1_b2(vs)
    if len(vs) % 2:
        vs.append(0)
    scores = sorted({st[n].score for n in players})
    # each score as its place among the round's scores would not keep differences; as an
    # integer in the least unit of the scores it keeps them, and compares without Fractions
    unit = lcm(*(s.denominator for s in scores)) if scores else 1
    score = {n: int(st[n].score * unit) for n in players}
    units = sorted(set(score.values()))
    diffs = sorted({abs(x - y) for x in units for y in units})

    def ok_within(d):
        def ok(a: int, b: int) -> bool:
            if a == 0 or b == 0:
                n = b if a == 0 else a
                return st[n].bye_eligible and n not in engine.fmap
            return abs(score[a] - score[b]) <= d and test(a, b) is None
        return ok

    def parity_bars(d) -> bool:
        """No perfect matching within ``d``, proved by counting: the scores chained by
        differences of at most ``d`` part the players into groups no pair crosses, and
        each group of an odd number needs the bye (``0``, one group at most)."""
        odd, size, prev = 0, 0, None
        for u in units:
            if prev is not None and u - prev > d:
                odd += size % 2
                size = 0
            size += per_unit[u]
            prev = u
        odd += size % 2
        return odd > (1 if len(vs) > len(players) else 0)

    per_unit = Counter(score.values())
    mate = None
    for d in diffs:
        if parity_bars(d):
            continue  # the matching would answer None, after a search of the whole field
        mate = matching.has_perfect_matching(vs, ok_within(d))
        if mate is not None:
            break
    if mate is None:  # cannot happen after B.1's test: the last step is completable's
        mate = matching.has_perfect_matching(vs, ok_within(max(diffs) + 1))
    pairs, bye = [], None
    for a in vs:
        b = mate[a]
        if a == 0 or b == 0:
            bye = b if a == 0 else a
        elif engine.key(a) < engine.key(b):
            pairs.append((a, b))
    return pairs, bye


def board_key(st: Standings, real: bool = False):
    """GHR 3.6: higher score of the higher-ranked player, higher sum, its pairing number;
    the score is the pairing score, or under ``acceleration-board-order=real`` (``real``)
    the points actually scored (the same without acceleration)."""

    def score(n: int) -> Fraction:
        return st[n].points if real else st[n].score

    def key(pair):
        a, b = pair
        hi = min(a, b, key=lambda n: (-score(n), st[n].initial_rank))
        return (-score(hi), -(score(a) + score(b)), st[hi].initial_rank)

    return key


def pair_round(t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
               forced: tuple = ()) -> Trace:
    """Pair the next round (or ``round_no``) by the Dutch 2012 text; the trace."""
    return DutchEngine(t, readings, round_no, tuple(forced)).run()
