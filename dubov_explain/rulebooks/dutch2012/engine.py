"""The Dutch 2012 pairing procedure (``text/dutch-2012.txt``, section C) as a traced machine.

States, in the text's order, bracket by bracket from the highest score (C, first line)::

    open_round -> [ bracket (A.3) -> C.1 incompatible players -> C.2 P0 P1 M0 M1 X1 Z1
        -> C.3 requirements -> C.4/C.5 S1 S2 -> C.6 try, C.7 transpositions (D.1),
           C.8 exchanges (D.2) or MDP sets (D.3), C.9 remainder
        -> C.10 lowering a..g -> C.12 backtrack (from C.1 or C.10)
        -> C.13 (lowest: backtrack, join) -> C.14 decrease P1 X1 Z1 / M1 ] ...
    -> bye (A.5) -> colours (E) -> publish | impossible

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

C.12 and C.13: backtracking, as the text does it
================================================

A bracket is paired on its own requirements (C.6: "if now P pairings are obtained in
compliance with the current requirements the pairing of this score bracket is considered
complete"): nothing below is looked at.  The bracket loop (:meth:`DutchEngine.brackets`)
is the state machine of C.12 and C.13, each step an event (``backtracked``, the bracket
paired again with its own events, ``backtrack-ended``, ``brackets-joined``):

* **C.12**, reached from C.1 (a moved-down player with no opponent in the bracket) and after
  C.10 (no pairing of P1 pairs at any level, in a bracket with moved-down players; the text
  runs C.10, C.12, C.13, C.14 in that order): the previous bracket is paired again, and a
  pairing is accepted only if it moves down "another set of players of the same size and
  with the same scores" after which the current bracket "allows P1 pairings".  If one is
  found it replaces the previous bracket's pairing and the current bracket starts again
  with the new players; if not, the previous pairing stands and the bracket goes on (C.1:
  the player moves down, its third case; C.10: on to C.13/C.14).
* **C.13**, when the lowest bracket cannot be paired (its own procedure, which reduces M1
  as C.14.b.2 says, finds nothing; a lowest bracket with fewer pairs is no pairing, A.5
  allowing one bye; or at once from C.1, reading lowest-c1): the penultimate bracket is
  paired again, a pairing being accepted only if the lowest bracket can then be paired; if
  none with P above zero does (reading c13-p-zero), the two are joined into the new lowest
  bracket and C.13 repeats one bracket higher.

"Another pairing" of the previous bracket is the first candidate of *its own procedure*
(C.3 to C.14, in the order above) that meets its requirements and what the backtrack
wants.  That is the text's "try to find another pairing": the pairing undone was the first
candidate meeting the requirements alone, every candidate before it fails them (and so
fails the stronger test too), and it fails what the backtrack wants, so the first candidate
meeting both comes after it, the next one the text would try.  The search needs no other
change: what the backtrack wants is a test of the players moved down, asked where the leaf
test of the bracket already asks about them (``leftover_check``), and every pruning of the
search that reads the leaf test (one player left over; ``must``; the empty leftover) reads
it exactly.

C.13's "which will allow a pairing in the lowest score bracket" is decided by an oracle:
one perfect-matching test (``completable``) on the lowest bracket's players with the ones
moved down, B.1 and B.2 (not B.2 when the bracket holds top scorers, whose C.10.g drops
it), one bye to a player allowed one (B.1.b) when their number is odd.  It answers as the
lowest bracket's procedure would: the procedure's last level asks only B.1 and (unless
dropped) B.2, X reaching P1 and Z reaching X, B.5/B.6 dropped; and its exchanges (D.2, every
size) and transpositions (D.1) reach every set of pairs: a complete pairing of the bracket
is the higher players of its pairs as S1, which is S1 after an exchange, and the lower ones
in the matching order, which is a transposition of S2.  A heterogeneous lowest bracket comes
down to a homogeneous one through C.14.b.2 (M1 to 0).  So the lowest bracket has a pairing
iff the oracle says so (D.2's listing limit aside, see below).  C.12's "allows P1 pairings"
is read the same way: P1 pairs among the bracket's players by B.1 and B.2 (a maximum
matching).  ``tests/dutch2012_literal.py`` does all of this by brute force, deciding C.13
by pairing the lowest bracket with the text's own procedure, and agrees with the engine on
every generated round of ``tests/test_dutch2012_backtracking.py`` and
``tests/test_dutch2012_bruteforce.py``, event for event on the backtracks.  (The completion
check this engine used before, accepting a bracket's pairing only if the round could still
be completed, is not the same: it paired 72 of 1,063 generated rounds of 6-14 players
otherwise.  Where the text backtracks and its backtracking changes nothing, the two agree.)

The readings taken where the text leaves a choice (all in the twin too):

* C.12 after C.10 (not only where C.1 names it): reading ``backtrack-after-c10`` (default
  ``yes``: the articles' order; ``c1-only``), golden case ``reading-backtrack-after-c10``.
* C.12's P1 when C.1 sends the bracket back: P0 of the bracket (C.2 has not run yet).
* A set already sent to the bracket is not asked for again ("another set"), so C.12 ends.
* C.12's last line, "backtracking is disallowed when already backtracking", is read as:
  the bracket paired again may not itself send its previous bracket back.
* C.13's "If in the penultimate score bracket P becomes zero (i.e. no pairing can be found
  which will allow a correct pairing for the lowest score bracket) then the two lowest
  score brackets are joined": reading ``c13-p-zero``, default ``join``: the pairing that
  moves the whole penultimate bracket down (P1 = 0, C.14.a) does not count as one allowing
  the lowest bracket to be paired, and the brackets are joined; ``counts``: it is tried like
  the others (last, as C.14.a comes), the brackets joined only when no pairing of the
  penultimate bracket allows the lowest one (the Backtracked event's ``wanted`` is then
  ``lowest-pairable+p0``).  The bracket moved down whole brings the lowest bracket the
  players a join would, so the values pair differently only where the joined bracket and
  the lowest bracket with those players moved down are paired differently: where the lowest
  bracket is already a joined one (its earlier joined players stay its moved-down players
  under ``counts``, and become residents of the new join under ``join``, which A.3 and C.4
  count differently), or where D.4 (reading d4-scope=joined) or reading joined-bracket tell
  a joined bracket apart.  Golden case ``reading-c13-p-zero`` (the first such round of
  ``make_cases.py``'s search, its 1,279th: the lowest bracket is already a joined one).
* The joined bracket ("treated as a heterogeneous score bracket with the latest added score
  bracket as S1"): the penultimate bracket's residents (and the players an earlier join
  brought in) are its moved-down players beside the ones moved down to it, S1 as A.3 and
  C.4 make it; with at least half of its players so it is treated as homogeneous (A.3, as
  D.4 also says): reading ``joined-bracket`` (default ``a3``; ``heterogeneous``: C.13's
  words, whatever the count), golden case ``reading-joined-bracket``.  The events name a
  joined bracket by its residents' score.
* C.1 in the lowest bracket ("if this score bracket is the lowest one apply C13"):
  reading ``lowest-c1``, default ``when-unpaired``: not applied on its own; the player may
  be the one left for the bye, and if the bracket cannot be paired C.13 runs anyway;
  ``at-once``: when the lowest bracket has a penultimate one, a player without an opponent
  there (B.1, and B.2 unless top scorers are paired, as C.1 reads elsewhere; in a what-if
  run the forced pairs bar as they do in C.1 elsewhere) sends it to C.13 at once (the
  Backtracked event's trigger is then "C.1" with that player), and C.13 then wants a pairing
  after which every player of the lowest bracket has an opponent there and it can be paired
  (``wanted`` ``lowest-pairable+c1``; a lowest bracket of one player is such a bracket).
  A player moved down into the lowest bracket is sent to C.13 too, not to C.12 (C.1's
  first case): C.12 never runs from the lowest bracket (C.13 is its backtrack).  Golden
  case ``reading-lowest-c1``.

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
  B.2 and A.7.d as there (those two extend the absolute criteria and are not traded for
  B.3); the earliest level that has the least is taken.  ``b3_first`` does it without
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

Colours (E): E.1 also covers a pair where one player has no preference yet (A.7.f: the
opponent's preference is granted); a pair where neither has one is coloured as E.5 colours
round 1 (the colour drawn by lot, alternating down S1), in any round.

A what-if run (why-not) holds each forced player for his partner only; a forced player with
no partner in his bracket is then moved down by C.1 like any player without an opponent.

``tests/test_dutch2012_bruteforce.py`` enumerates D.1-D.3 and backtracks by C.12/C.13
literally, from the text, on small tournaments and checks that the engine agrees every time.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from typing import Callable, Sequence

from ... import matching
from ...records import dataclass
from ...tournament.model import Colour, Tournament
from ...trace.events import Trace
from . import events as ev
from .events import NAME, fmt
from ..acceleration.facts import acceleration_records, dropped_points
from .readings import ACCELERATION, DEFAULT, Readings
from .search import B3Walk, Budget, exchanges, first_transposition, least_b3_transposition, mdp_sets
from .standings import Pref, PlayerStanding, Standings, Strength, compute_standings

TITLE = "FIDE C.04.3.1 Dutch System"
EDITION = "as agreed by the 83rd FIDE Congress, Istanbul 2012"
#: D.2: at most this many exchanges of N players are listed (see the docstring)
LIMIT = 20000
#: D.4: at most this many branches of the walk for the least B3-factor once a candidate
#: is found (see the docstring)
D4_LIMIT = 20000


@dataclass(frozen=True)
class Level:
    """The requirements in force (C.3): True = the criterion is required."""

    b2: bool = True
    a7d: bool = False
    x: int = 0
    z: int | None = None
    b5d: bool = False
    b6d: bool = False
    b5u: bool = False
    b6u: bool = False
    step: str = "C.3"

    def facts(self, p: int) -> dict:
        d = {"P": p, "X": self.x, "B.2": self.b2}
        if self.z is not None:
            d["Z"] = self.z
        d["A.7.d"] = self.a7d
        d.update({"B.5-down": self.b5d, "B.6-down": self.b6d,
                  "B.5-up": self.b5u, "B.6-up": self.b6u})
        return d


class NoPairing(Exception):
    pass


class Backtrack(Exception):
    """C.12: the bracket asks its previous bracket for another pairing (``trigger``: the
    step that led here, ("C.1", player) or ("C.10", P1); ``p1``: the pairs it must allow)."""

    def __init__(self, p1: int, trigger: tuple):
        super().__init__(trigger)
        self.p1 = p1
        self.trigger = trigger


class LowestUnpaired(Exception):
    """C.13: the lowest bracket cannot be paired (``player``: the one C.1 found without an
    opponent there, when that sent it to C.13 at once; 1992 reading lowest-c1)."""

    def __init__(self, player: int | None = None):
        super().__init__(player)
        self.player = player


class NoCandidate(Exception):
    """A bracket paired again by C.12/C.13 has no pairing meeting what is wanted."""


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


def initial_colour(t: Tournament) -> tuple[Colour, str]:
    """A.7.c: the lot before round 1 (``XXC``/``152``), else read back from round 1, else
    assumed White (only for a round 1 built in code: requests are refused without it)."""
    if t.initial_colour is not None:
        return t.initial_colour, t.initial_colour_source or "file"
    paired = [(p.number, e.colour) for p in t.players
              for e in [p.entry(1)] if e is not None and e.paired and e.colour is not None]
    if paired:
        number, colour = min(paired, key=lambda x: x[0])
        return (colour if number % 2 == 1 else colour.opposite), "inferred"
    return Colour.WHITE, "assumed"


class DutchEngine:
    #: the rulebook's own event kinds (a text that borrows these methods names its own)
    event_kinds = ev

    def __init__(self, t: Tournament, readings: Readings = DEFAULT,
                 round_no: int | None = None, forced: tuple = ()):
        self.t = t
        self.readings = readings
        self.st: Standings = compute_standings(t, round_no, readings)
        self.forced = tuple(tuple(p) for p in forced)
        self.fmap: dict[int, int] = {}
        for a, b in self.forced:
            self.fmap[a], self.fmap[b] = b, a
        self.events: list = []
        self.pairs: list[tuple[int, int]] = []
        self.bye: int | None = None
        self.initial, self.initial_source = initial_colour(t)
        self.odd_round = self.st.round % 2 == 1
        self._complete_cache: dict[tuple, bool] = {}
        #: C.12/C.13: what the players moved down from the bracket being paired again must
        #: allow below (None: nothing, the bracket is paired on its own requirements, C.6)
        self.wanted: Callable[[list[int]], bool] | None = None
        self.wanted_article = "C.12"
        #: reading backtrack-after-c10: C.12 also after C.10 (not only from C.1)
        self.c12_after_c10 = readings.value("backtrack-after-c10") == "yes"
        #: reading joined-bracket: a bracket joined by C.13 always heterogeneous
        self.joined_heterogeneous = readings.value("joined-bracket") == "heterogeneous"
        #: reading c13-p-zero: a penultimate pairing with P zero may allow the lowest one
        self.c13_zero = readings.value("c13-p-zero") == "counts"
        #: reading lowest-c1: C.1's "if this score bracket is the lowest one apply C13"
        self.lowest_c1 = readings.value("lowest-c1") == "at-once"
        self.a7d_forbids = readings.value("strong-as-absolute") == "forbid"
        self.bye_downfloat = readings.value("bye-downfloat") == "downfloat"
        #: D.4 (reading d4-scope): which lowest brackets are paired by the least B3-factor
        self.d4_scope = readings.value("d4-scope")
        #: reading d4-bye-score: the bye faces one point below the lowest ranked player
        self.d4_bye_lowest = readings.value("d4-bye-score") == "lowest-ranked"
        #: reading d4-level: the least B3-factor over the later levels too (B.3 before B.4-B.6)
        self.d4_b3_first = readings.value("d4-level") == "b3-first"
        #: set by pair_bracket: D.4 in force in the bracket being paired, and the score of
        #: its lowest ranked player
        self.d4_here = False
        self.d4_low = Fraction(0)
        #: acceleration points up to this round (XXA / 250, or computed for this run)
        self.accelerated = any(p.accelerated for p in self.st.players) or \
            bool(t.acceleration_method)
        #: A.10 (reading acceleration-top-scorers): the real score, or the pairing score
        self._top_real = readings.value("acceleration-top-scorers") == "real"

    # ------------------------------------------------------------------ facts
    def p(self, n: int) -> PlayerStanding:
        return self.st[n]

    def key(self, n: int):
        """A.2: score (higher first), then pairing number."""
        s = self.st[n]
        return (-s.score, s.initial_rank)

    def emit(self, e) -> None:
        self.events.append(e)

    def absolute(self, a: int, b: int, b2: bool = True) -> str | None:
        """B.1.a, B.2 (and the what-if's forced pairs, XXP): None when the pair may meet."""
        fa, fb = self.fmap.get(a), self.fmap.get(b)
        if (fa is not None and fa != b) or (fb is not None and fb != a):
            return "forced"
        key = frozenset((a, b))
        if key in self.st.met:
            return "B.1.a"
        if key in self.st.forbidden:
            return "XXP"
        if b2:
            pa, pb = self.p(a), self.p(b)
            if pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE and \
                    pa.preference is pb.preference:
                return "B.2"
        return None

    def allowed_at(self, level: Level) -> Callable[[int, int], str | None]:
        st = self.st

        def allowed(a: int, b: int) -> str | None:
            why = self.absolute(a, b, level.b2)
            if why is not None:
                return why
            pa, pb = st[a], st[b]
            if level.a7d and pa.preference is pb.preference and pa.preference is not Pref.NONE \
                    and pa.strength.rank >= 2 and pb.strength.rank >= 2:
                return "A.7.d"
            if (level.b5u or level.b6u) and pa.score != pb.score:
                up = pb if pa.score > pb.score else pa
                if level.b5u and up.float_before(1) == "up":
                    return "B.5"
                if level.b6u and up.float_before(2) == "up":
                    return "B.6"
            return None

        return allowed

    def bad_x(self, a: int, b: int) -> bool:
        pa, pb = self.st[a].preference, self.st[b].preference
        return pa is pb and pa is not Pref.NONE

    def bad_z(self, a: int, b: int) -> bool:
        sa, sb = self.st[a], self.st[b]
        return sa.preference is sb.preference and sa.preference is not Pref.NONE and \
            sa.strength.rank >= 2 and sb.strength.rank >= 2

    def kind(self, n: int) -> tuple[str, bool]:
        """What the colour counts of the search read: the preference and whether it is
        strong or absolute."""
        p = self.st[n]
        return p.preference.value, p.strength.rank >= 2

    def x_bound_any(self, players: Sequence[int], p: int) -> int:
        """Of any P pairs among ``players``, how many must spend X (numbers only)."""
        st = self.st
        w = sum(1 for n in players if st[n].preference is Pref.WHITE)
        b = sum(1 for n in players if st[n].preference is Pref.BLACK)
        none = len(players) - w - b
        good = min(w, b)
        rest = abs(w - b)
        good += min(none, rest) + (none - min(none, rest)) // 2
        return max(0, p - good)

    def completable(self, players: Sequence[int], b2: bool = True) -> bool:
        """Can ``players`` all be paired (B.1, and B.2 unless ``b2`` is False), one of them
        getting the bye (B.1.b) when their number is odd?  (The round's B.1 test, and C.13's
        oracle: see the module docstring.)"""
        key = (frozenset(players), b2)
        got = self._complete_cache.get(key)
        if got is not None:
            return got
        vs = sorted(players, key=self.key)
        if len(vs) % 2:
            vs.append(0)

        def ok(a: int, b: int) -> bool:
            if a == 0 or b == 0:
                n = b if a == 0 else a
                return self.st[n].bye_eligible and n not in self.fmap
            return self.absolute(a, b, b2) is None

        got = matching.has_perfect_matching(vs, ok) is not None
        self._complete_cache[key] = got
        return got

    # ------------------------------------------------------------------ the machine
    def run(self) -> Trace:
        try:
            self.open_round()
            self.brackets()
            self.finish()
        except NoPairing:
            pass
        meta = {"system": NAME, "rulebook": TITLE, "edition": EDITION, "round": self.st.round}
        if self.forced:
            meta["what_if"] = [list(p) for p in self.forced]
        return Trace(tuple(self.events), meta)

    def open_round(self) -> None:
        st = self.st
        self.remaining = sorted((p.number for p in st.players if p.present), key=self.key)
        absent = tuple((p.number, p.absence) for p in st.players if not p.present)
        # the acceleration readings are in force only in an accelerated round: elsewhere
        # they cannot change anything, and the header leaves them out
        skip = () if self.accelerated else tuple(r.name for r in ACCELERATION)
        self.emit(ev.RoundOpened(
            article="A.2", round=st.round, total_rounds=st.total_rounds,
            last_round=st.last_round, rulebook=TITLE, edition=EDITION,
            readings={k: v for k, v in self.readings.as_dict().items() if k not in skip},
            to_pair=tuple(sorted(self.remaining)),
            absent=absent, initial_colour=self.initial.word,
            initial_colour_source=self.initial_source, tournament=self.t.name,
            readings_detail=tuple(d for d in self.readings.detail() if d[0] not in skip),
        ))
        if self.forced:
            verdicts = []
            for a, b in self.forced:
                why = self.absolute(a, b) if a in self.st._idx and b in self.st._idx else "absent"
                verdicts.append((a, b, "" if why in (None, "forced") else why, {}))
            self.emit(ev.WhatIf(article="what-if", pairs=tuple(verdicts)))
        self.emit(ev.StandingsSnapshot(
            article="A.7", max_t=0,
            rows=tuple(standing_row(p, self.accelerated) for p in st.players)))
        if self.accelerated:
            self.emit(ev.AccelerationApplied(
                article="A.3",
                records=acceleration_records(self.t),
                method=self.t.acceleration_method,
                players=tuple((p.number, fmt(p.points), fmt(p.virtual), fmt(p.score))
                              for p in st.players if p.accelerated),
                readings=tuple((r.name, self.readings.value(r.name)) for r in ACCELERATION),
                dropped=dropped_points(self.t, st.round),
            ))
        if not self.completable(self.remaining):
            self.impossible(self.remaining)

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
        self.emit(ev.Impossible(article="B.1", players=tuple(lonely), details=tuple(details)))
        raise NoPairing

    def brackets(self) -> None:
        """The brackets from the highest score (C), with C.12's and C.13's backtracking."""
        rest = list(self.remaining)
        #: [players joined in by C.13 (S1 of the joined bracket), residents]
        groups: list[list[list[int]]] = []
        while rest:
            top = self.st[rest[0]].score
            groups.append([[], [n for n in rest if self.st[n].score == top]])
            rest = [n for n in rest if self.st[n].score != top]
        carried: dict[int, list[int]] = {0: []}
        result: dict[int, list[tuple[int, int]]] = {}
        skips: dict[int, set] = {}
        sent: dict[int, set] = {}
        sent_low: dict[frozenset, set] = {}
        i = 0
        steps = 0
        while i < len(groups):
            steps += 1
            # each step sends a bracket a set of players it was never sent, or joins two
            assert steps < 100000, "C.12/C.13 do not terminate"
            lowest = i == len(groups) - 1
            joined, residents = groups[i]
            sent.setdefault(i, set()).add(frozenset(carried[i]))
            try:
                out, moved = self.pair_bracket(carried[i] + joined, residents, lowest,
                                               joined=bool(joined),
                                               skip=frozenset(skips.get(i, ())),
                                               penultimate=i > 0)
            except Backtrack as bt:
                skips.setdefault(i, set()).add(bt.trigger)
                j = i - 1
                if j < 0:  # cannot happen: the highest bracket has no moved-down players
                    continue
                old = list(carried[i])
                tried = set(sent[i])
                others = joined + residents
                p1 = bt.p1

                def c12(moved, old=old, tried=tried, others=others, p1=p1):
                    if len(moved) != len(old) or self.scores(moved) != self.scores(old):
                        return False
                    if frozenset(moved) in tried:
                        return False
                    return self.allows(list(moved) + others, p1)

                self.emit(ev.Backtracked(
                    article="C.12", score=self.label(groups[i]), to_score=self.label(groups[j]),
                    trigger=bt.trigger[0], player=bt.trigger[1] if bt.trigger[0] == "C.1"
                    else None, moved=tuple(old), p1=p1, wanted="same-size-and-scores"))
                again = self.again(groups[j], carried[j], c12, "C.12", no_zero=False)
                if again is not None:
                    result[j] = again[0]
                    carried[i] = again[1]
                continue
            except LowestUnpaired as lu:
                j = i - 1
                lowest_players = joined + residents
                # a set the lowest bracket was sent and could not pair is not wanted again
                # (only D.2's listing limit can make the oracle say yes to such a set)
                failed = sent_low.setdefault(frozenset(lowest_players), set())
                failed.add(frozenset(carried[i]))

                def c13(moved, lowest_players=lowest_players, failed=failed):
                    # the lowest bracket's own procedure pairs it iff this holds: its last
                    # level asks B.1 and (without top scorers, C.10.g) B.2 only, and its
                    # exchanges and transpositions reach every pairing (module docstring);
                    # under reading lowest-c1=at-once its C.1 first sends it to C.13 when a
                    # player has no opponent there
                    players = list(moved) + lowest_players
                    b2 = not self.top_scorers(players)
                    if frozenset(moved) in failed:
                        return False
                    if self.lowest_c1 and self.lonely(players, b2) is not None:
                        return False
                    return self.completable(players, b2=b2)

                lonely = lu.player
                self.emit(ev.Backtracked(
                    article="C.13", score=self.label(groups[i]), to_score=self.label(groups[j]),
                    trigger="C.1" if lonely is not None else "C.13", player=lonely,
                    moved=tuple(carried[i]), p1=None,
                    wanted="lowest-pairable" + ("+c1" if self.lowest_c1 else "") +
                    ("+p0" if self.c13_zero else "")))
                # "if in the penultimate score bracket P becomes zero" (reading c13-p-zero)
                again = self.again(groups[j], carried[j], c13, "C.13",
                                   no_zero=not self.c13_zero)
                if again is not None:
                    result[j] = again[0]
                    carried[i] = again[1]
                    continue
                i = self.join_lowest(groups, carried, result, skips, i)
                continue
            result[i] = out
            carried[i + 1] = moved
            i += 1
        self.finish_brackets(groups, carried, result)

    def join_lowest(self, groups, carried, result, skips, i: int) -> int:
        """C.13: the two lowest brackets (``i`` the lowest) joined into the new lowest one,
        the penultimate's players as its S1; the index of the joined bracket."""
        j = i - 1
        pj, rj = groups[j]
        s1 = sorted(pj + rj, key=self.key)
        low = sorted(groups[i][0] + groups[i][1], key=self.key)
        self.emit(self.event_kinds.BracketsJoined(article="C.13", score=self.label(groups[j]),
                                    lowest_score=self.label(groups[i]), s1=tuple(s1),
                                    players=tuple(sorted(carried[j] + s1 + low, key=self.key))))
        groups[j] = [s1, low]
        del groups[i]
        result.pop(i, None)
        skips.pop(j, None)
        return j

    def finish_brackets(self, groups, carried, result) -> None:
        """The round's pairs, bracket by bracket, and the lowest bracket's leftover: the bye
        of A.5 (its eligibility was required, B.1.b)."""
        self.pairs = [p for k in sorted(result) for p in result[k]]
        left = carried.get(len(groups), [])
        if left:
            assert len(left) == 1, left
            self.bye = left[0]
            self.emit(self.event_kinds.ByeAssigned(article="A.5", player=self.bye))

    def label(self, group) -> str:
        """A bracket's score as its events name it: its residents' (the highest)."""
        return fmt(self.st[sorted(group[1], key=self.key)[0]].score)

    def incompatible(self, n: int, players: Sequence[int], b2: bool) -> bool:
        """C.1: no opponent for ``n`` among ``players`` by B.1 (and B.2 when ``b2``)."""
        return not any(self.absolute(n, o, b2) is None for o in players if o != n)

    def lonely(self, players: Sequence[int], b2: bool) -> int | None:
        """C.1: the first player (A.2 order) of ``players`` with no opponent among them, or
        None."""
        return next((n for n in sorted(players, key=self.key)
                     if self.incompatible(n, players, b2)), None)

    def scores(self, players) -> list:
        return sorted(self.st[n].score for n in players)

    def allows(self, players: list[int], p1: int) -> bool:
        """C.12's "allows P1 pairings": P1 pairs among ``players`` by B.1 and B.2 (B.2 not
        when top scorers are paired)."""
        b2 = not self.top_scorers(players)
        m = matching.max_matching(sorted(players, key=self.key),
                                  lambda a, b: self.absolute(a, b, b2) is None)
        return len(m) // 2 >= p1

    def again(self, group, carried, wanted, article, no_zero):
        """C.12/C.13: the previous bracket paired again from the start of its procedure,
        accepting only a pairing whose players moved down meet ``wanted``; it may not
        backtrack itself (C.12's last line).  (pairs, moved) or None."""
        saved = self.wanted, self.wanted_article
        self.wanted, self.wanted_article = wanted, article
        try:
            got = self.pair_bracket(carried + group[0], group[1], False, may_backtrack=False,
                                    no_zero=no_zero)
        except NoCandidate:
            got = None
        finally:
            self.wanted, self.wanted_article = saved
        self.emit(ev.BacktrackEnded(article=article, score=self.label(group),
                                    found=got is not None,
                                    moved=tuple(got[1]) if got is not None else ()))
        return got

    # ------------------------------------------------------------------ one bracket
    def pair_bracket(self, mdps: list[int], residents: list[int], lowest: bool,
                     skip: frozenset = frozenset(), may_backtrack: bool = True,
                     no_zero: bool = False, joined: bool = False, penultimate: bool = False):
        """One bracket, C.1-C.14: (its pairs, coloured, and the players it moves down).
        Raises Backtrack (C.12), LowestUnpaired (C.13) or, when paired again by C.12/C.13,
        NoCandidate; ``skip``: the C.12 backtracks already tried from this bracket;
        ``joined``: brackets joined by C.13 (reading joined-bracket); ``penultimate``:
        the lowest bracket has one above it (C.13 can run; reading lowest-c1)."""
        residents = sorted(residents, key=self.key)
        score = fmt(self.st[residents[0]].score)
        players = sorted(mdps + residents, key=self.key)
        m0 = len(mdps)
        # C.13: a joined bracket is "treated as a heterogeneous score bracket" (reading
        # joined-bracket), or, by A.3's count, as homogeneous with half or more moved down
        force = joined and self.joined_heterogeneous
        nature = "homogeneous" if m0 == 0 else (
            "as-homogeneous" if 2 * m0 >= len(players) and not force else "heterogeneous")
        self.emit(ev.BracketOpened(article="A.3", score=score, mdps=tuple(mdps),
                                   residents=tuple(residents), nature=nature, lowest=lowest))
        # C.1: a player with no opponent in the bracket (B.1, B.2 unless top scorers)
        top = self.top_scorers(players)
        # D.4: "after repeated applications of rule C13 ... the lowest score bracket"
        self.d4_here = lowest and (
            (self.d4_scope == "joined" and joined) or
            (self.d4_scope == "several-scores" and
             len({self.st[q].score for q in players}) > 1))
        self.d4_low = self.st[players[-1]].score
        down: list[int] = []
        if lowest and penultimate and self.lowest_c1:
            # C.1: "if this score bracket is the lowest one apply C13" (reading lowest-c1)
            n = self.lonely(players, not top)
            if n is not None:
                raise LowestUnpaired(n)
        if not lowest:
            for n in list(players):
                if self.incompatible(n, players, not top):
                    if n in mdps and may_backtrack and ("C.1", n) not in skip:
                        # C.1, first case: C.12 (the pairs the bracket must then allow: P0)
                        raise Backtrack(len(players) // 2, ("C.1", n))
                    self.emit(ev.IncompatibleMoved(article="C.1", score=score, player=n,
                                                   case="mdp" if n in mdps else "resident"))
                    down.append(n)
            players = [n for n in players if n not in down]
            mdps = [n for n in mdps if n not in down]
        result = self.pair_players(score, players, mdps, down, lowest, top, skip,
                                   may_backtrack, no_zero, force)
        if result is None:
            self.emit(ev.BracketMovedDown(article="C.14.a", score=score, players=tuple(players)))
            self.emit(ev.BracketClosed(article="C.14.a", score=score, pairs=()))
            return [], sorted(down + players, key=self.key)
        parts, leftover = result
        pairs = []
        for part in parts:
            self.emit(part)
            if isinstance(part, ev.PairingFound):
                pairs.extend(part.pairs)
        moved = sorted(down + list(leftover), key=self.key)
        if moved and not lowest:
            self.emit(ev.MovedDown(article="C.6", score=score, players=tuple(moved)))
        out = []
        for i, (a, b) in enumerate(pairs, start=1):
            w, bl, rule = self.colours(a, b, i)
            self.emit(ev.ColourAllocated(article=rule, white=w, black=bl, rule=rule))
            out.append((w, bl))
        self.emit(ev.BracketClosed(article="C.6", score=score, pairs=tuple(out)))
        return out, moved

    def top_scorers(self, players: Sequence[int]) -> bool:
        over = self.st.top_over
        if over is None:
            return False
        if self._top_real:
            return any(self.st[n].points > over for n in players)
        return any(self.st[n].score > over for n in players)

    def colour_counts(self, players: Sequence[int]) -> dict:
        """A.8: W, B (players with a preference), w, b (even rounds: odd number of unplayed
        games and a mild preference), a (no game yet)."""
        st = self.st
        c = {"W": 0, "B": 0, "w": 0, "b": 0, "a": 0}
        for n in players:
            p = st[n]
            if p.preference is Pref.NONE:
                c["a"] += 1
            elif not self.odd_round and p.strength is Strength.MILD and p.unplayed % 2 == 1:
                c["w" if p.preference is Pref.WHITE else "b"] += 1
            else:
                c["W" if p.preference is Pref.WHITE else "B"] += 1
        return c

    def x1_z1(self, p0: int, c: dict) -> tuple[int, int | None]:
        """A.8: X1 and, in even rounds, Z1, by the text's formulas."""
        W, B, w, b, a = c["W"], c["B"], c["w"], c["b"], c["a"]
        if B + b > W + w:
            x1 = p0 - W - w - a
        else:
            x1 = p0 - B - b - a
        x1 = max(0, x1)
        if self.odd_round:
            return x1, None
        z1 = p0 - W - b - w - a if B > W else p0 - B - b - w - a
        return x1, max(0, z1)

    def levels(self, p1: int, x1: int, z1: int | None, het: bool, down: bool, top: bool):
        """C.3 then C.10's lowering steps in order, as (Level, step that made it)."""
        bits = [b for b, on in (("b6u", het), ("b5u", het), ("b6d", down), ("b5d", down)) if on]
        labels = {"b6u": "C.10.a", "b5u": "C.10.b", "b6d": "C.10.c", "b5d": "C.10.d"}
        first = True
        for b2 in ((True, False) if top else (True,)):
            for a7d in ((True, False) if self.odd_round and self.a7d_forbids else (False,)):
                x, z = x1, z1
                while True:
                    for v in range(1 << len(bits)):
                        off = {bits[i] for i in range(len(bits)) if v >> i & 1}
                        if first:
                            step = "C.3"
                        elif v:
                            step = labels[bits[(v & -v).bit_length() - 1]]
                        elif (x, z) != (x1, z1):
                            step = "C.10.e"
                        elif not a7d and self.odd_round and self.a7d_forbids:
                            step = "C.10.f"
                        else:
                            step = "C.10.g"
                        first = False
                        yield Level(b2=b2, a7d=a7d, x=x, z=z, b5d="b5d" in bits and "b5d" not in off,
                                    b6d="b6d" in bits and "b6d" not in off,
                                    b5u="b5u" in bits and "b5u" not in off,
                                    b6u="b6u" in bits and "b6u" not in off, step=step)
                    # C.10.e
                    if z is None:
                        if x < p1:
                            x += 1
                            continue
                        break
                    if z < x:
                        z += 1
                        continue
                    if z == x and x < p1:
                        x, z = x + 1, z1
                        continue
                    break

    def pair_players(self, score: str, players: list[int], mdps: list[int], down: list[int],
                     lowest: bool, top: bool, skip: frozenset = frozenset(),
                     may_backtrack: bool = True, no_zero: bool = False,
                     heterogeneous: bool = False):
        """C.2-C.14 for one bracket: (PairingFound events, players moved down) or None
        when the whole bracket moves down (C.14.a).  ``heterogeneous``: so treated even
        with half or more moved down (a bracket joined by C.13, reading joined-bracket)."""
        n = len(players)
        m0 = len(mdps)
        homogeneous = m0 == 0 or (2 * m0 >= n and not heterogeneous)
        p0 = n // 2
        p1, m1 = p0, (0 if homogeneous else m0)
        counts = self.colour_counts(players)
        x1, z1 = self.x1_z1(p0, counts)
        mode = "homogeneous" if homogeneous else "heterogeneous"
        self.emit(ev.ParametersSet(article="C.2", score=score, p0=p0, p1=p1, m0=m0, m1=m1,
                                   x1=x1, z1=z1, counts=counts, mode=mode))
        reached = [False]
        while True:
            if p1 < 0:
                # cannot happen: the lowest bracket stops at C.13 before
                self.impossible(players)
            if p1 == 0 and (no_zero or (self.wanted is not None and
                                        not self.wanted(sorted(down + players, key=self.key)))):
                # C.13: "P becomes zero"; C.12: moving everyone down is not what is wanted
                raise NoCandidate
            if p1 == 0 and not lowest:
                return None
            # C.3.e/f: the bracket produces downfloaters; in the lowest bracket the player left
            # for the bye is one by B.1.b (reading bye-downfloat)
            produces_down = n - 2 * p1 > 0 and (not lowest or self.bye_downfloat)
            last = None
            levels = self.levels(p1, x1, z1, not homogeneous, produces_down, top)
            for level in levels:
                if last is not None:
                    self.emit(ev.RequirementsFailed(
                        article=level.step, score=score, requirements=last[0].facts(last[1]),
                        next_step=level.step, checked=last[2]))
                stats: dict = {}
                if homogeneous:
                    got = self.try_homogeneous(score, players, p1, level, down, lowest,
                                               Budget(level.x, level.z), "homogeneous", stats)
                    if got is not None:
                        if isinstance(got, _Least) and self.d4_b3_first:
                            got = self.b3_first(score, players, p1, level, levels, down,
                                                lowest, got, stats)
                        return [got[0]] + list(got[2:]), got[1]
                else:
                    got = self.try_heterogeneous(score, players, mdps, m1, p1, level,
                                                 down, lowest, reached, stats)
                    if got is not None:
                        return got
                last = (level, p1 if homogeneous else m1, stats.get("checked", 0))
            # C.12 when there are moved-down players (not from the lowest bracket: C.13)
            back = bool(mdps) and may_backtrack and not lowest and ("C.10", p1) not in skip \
                and self.c12_after_c10
            nxt = "C.12" if back else "C.13" if lowest and homogeneous else "C.14"
            if last is not None:
                self.emit(ev.RequirementsFailed(
                    article=nxt, score=score, requirements=last[0].facts(last[1]),
                    next_step=nxt, checked=last[2]))
            if back:
                raise Backtrack(p1, ("C.10", p1))
            if lowest and homogeneous:
                # C.13: the lowest bracket with fewer pairs is no pairing (A.5: one bye)
                raise LowestUnpaired
            # C.14
            # C.14.b.1 while the remainder still has a pair to lose (P1 > M1: see below)
            if homogeneous or (reached[0] and not lowest and p1 > m1):
                p1 -= 1
                x1 = max(0, x1 - 1)
                z1 = max(0, z1 - 1) if z1 is not None else None
                step = "C.14.a" if homogeneous else "C.14.b.1"
            elif m1 > 1:
                m1 -= 1
                step = "C.14.b.2"
            else:
                m1, homogeneous, p1 = 0, True, p0
                x1, z1 = self.x1_z1(p0, counts)
                step = "C.14.b.2-homogeneous"
            self.emit(ev.Reduced(article=step, score=score, step=step, p1=p1, m1=m1,
                                 x1=x1, z1=z1))

    def leftover_check(self, level: Level, down: list[int], lowest: bool,
                       wanted: bool = True):
        """The players a homogeneous pairing (or remainder) leaves: None if they may be
        left (B.5/B.6 for downfloaters in force; in the lowest bracket at most one, who may
        have the bye; when the bracket is paired again by C.12/C.13, with the players C.1
        moved down, what the backtrack wants), else the criterion."""
        wish = self.wanted if wanted else None
        article = self.wanted_article

        def check(rest: tuple[int, ...]) -> str | None:
            if lowest:
                if len(rest) > 1:
                    return "P"
                if rest and (not self.st[rest[0]].bye_eligible or rest[0] in self.fmap):
                    return "B.1.b"
            for q in rest:
                f1, f2 = self.st[q].float_before(1), self.st[q].float_before(2)
                if level.b5d and f1 == "down":
                    return "B.5"
                if level.b6d and f2 == "down":
                    return "B.6"
            if lowest or wish is None:
                return None
            if not wish(sorted(list(rest) + down, key=self.key)):
                return article
            return None

        return check

    def try_homogeneous(self, score, players, p, level, down, lowest, budget, part,
                        stats, target: Fraction | None = None):
        """C.4-C.8.a for a homogeneous bracket or remainder: the first (exchange,
        transposition) in D.2/D.1 order meeting the requirements, or None; where D.4
        applies, its least B3-factor (``least_b3``, ``target``: see there)."""
        players = sorted(players, key=self.key)
        n = len(players)
        if p == 0:
            check = self.leftover_check(level, down, lowest)
            if check(tuple(players)) is None:
                return ev.PairingFound(article="C.6", score=score, part=part, s1=(),
                                       s2=tuple(players), pairs=(), exchange=(),
                                       transposition=0, requirements=level.facts(p),
                                       x_used=0, z_used=0, rejected=()), players
            return None
        allowed = self.allowed_at(level)
        check = self.leftover_check(level, down, lowest)
        if n == 2 * p and check(()) is not None:
            # nobody can be left over, so every candidate ends in the same leaf question,
            # "may nobody move down from here?" (the rest of the round completable): when
            # the answer is no, the literal enumeration rejects every candidate
            return None
        n2 = n - p
        must = None
        if n2 - p == 1:
            known: dict[int, bool] = {}

            def must(q):
                got = known.get(q)
                if got is None:
                    got = known[q] = check((q,)) is not None
                return got
        # a necessary condition for every exchange at once: P allowed pairs among the
        # players, each player left over allowed to be left alone (the dummies stand for
        # the places left over); and the colour budget by the numbers of preferences
        if self.x_bound_any(players, p) > budget.x:
            return None
        extra = n - 2 * p
        # with one player left over the whole leaf question is his; with more, only what
        # each must meet alone (B.5, B.6; in the lowest bracket the bye, B.1.b)
        single = self.leftover_check(level, [], lowest, wanted=False) if extra > 1 else check

        def ok(a: int, b: int) -> bool:
            if a < 0 and b < 0:
                return False
            if a < 0 or b < 0:
                q = b if a < 0 else a
                return single((q,)) is None
            return allowed(a, b) is None

        if matching.has_perfect_matching(players + [-i for i in range(1, extra + 1)], ok) is None:
            return None
        if self.d4_here and lowest and extra <= 1:
            return self.least_b3(score, players, p, level, budget, part, allowed, check,
                                 must, single, stats, target)
        for exchange, t1, t2 in self.d2_attempts(score, players, p):
            found = self.transpose(t1, t2, allowed, budget, check, must, stats)
            if found is not None:
                return self.found(score, part, t1, found, exchange, level, p), found.order[p:]
        return None

    def d2_attempts(self, score, players, p):
        """The S1/S2 of C.7/C.8 in D.2's order (``players`` in A.2 order): (exchange, S1,
        S2), first as C.4 forms them, then after each exchange of 1, 2, ... players
        (``exchanges``), listed only while there are at most LIMIT of one size (a
        search-limit event, once: the larger sizes are as long)."""
        n2 = len(players) - p
        s1, s2 = players[:p], players[p:]
        yield (), s1, s2
        limited = False
        for size in range(1, min(p, n2) + 1):
            ex = exchanges(p, n2, size, LIMIT)
            if ex is None:
                if not limited:
                    self.emit(ev.SearchLimit(article="D.2", score=score, n=size, count=LIMIT))
                    limited = True
                continue
            for seq, (a, b) in enumerate(ex, start=1):
                out1 = [players[i - 1] for i in a]
                in2 = [players[i - 1] for i in b]
                yield ((size, tuple(out1), tuple(in2), seq),
                       sorted([q for q in s1 if q not in out1] + in2, key=self.key),
                       sorted([q for q in s2 if q not in in2] + out1, key=self.key))

    def least_b3(self, score, players, p, level, budget, part, allowed, check, must, single,
                 stats, target: Fraction | None = None):
        """D.4 for a homogeneous lowest bracket or remainder (``players`` in A.2 order):
        of the candidates of D.2/D.1 that meet the requirements of this level, the one with
        the least B.3-factor, the first reached among equals; the (PairingFound, players
        left over, B3Factor) as a ``_Least``, or None.

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
        low = self.d4_low
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

        # the level's verdict on each pair, asked once (the walk asks it very often)
        verdicts: dict = {}
        plain = allowed

        def allowed(a: int, b: int):  # noqa: F811 - the same test, remembered
            key = (a, b)
            if key not in verdicts:
                verdicts[key] = plain(a, b)
            return verdicts[key]

        # the least B.3-factor of any set of pairs allowed at this level (the player left
        # over, if any, one who may be left alone): no candidate is lower
        extra = len(players) - 2 * p
        vs = list(players) + ([0] if extra else [])

        def ok(a: int, b: int) -> bool:
            if a == 0 or b == 0:
                return single((b or a,)) is None
            return allowed(a, b) is None

        def weight(a: int, b: int) -> int:
            return spare(b or a) if a == 0 or b == 0 else cost(a, b)

        least = matching.min_cost_perfect_matching(vs, ok, weight)
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
        z_on = budget.z is not None
        walk.node_limit = D4_LIMIT
        for exchange, t1, t2 in self.d2_attempts(score, players, p):
            least_b3_transposition(
                t1, t2, allowed, self.bad_x, self.bad_z if z_on else (lambda a, b: False),
                budget, lambda rest, xl, zl: check(rest), self.kind, must, walk,
                (exchange, tuple(t1)))
            if walk.done:
                break
        if walk.limited:
            # not literal: the walk stopped after D4_LIMIT branches (module docstring)
            self.emit(ev.SearchLimit(article="D.4", score=score, n=walk.nodes,
                                     count=D4_LIMIT))
        stats["checked"] = stats.get("checked", 0) + walk.checked
        if walk.found is None:
            return _NotLower(Fraction(least[0], sq), searched=True) if target is not None \
                else None
        if target is not None:
            # the B3Factor's first candidate: C.6's, as C.6 finds it
            for _exchange, c1, c2 in self.d2_attempts(score, players, p):
                first = self.transpose(c1, c2, allowed, budget, check, must, {})
                if first is not None:
                    rest = tuple(first.order[p:])
                    walk.first = sum(cost(a, b) for a, b in first.pairs) + \
                        sum(spare(q) for q in rest)
                    walk.first_pairs, walk.first_left = tuple(first.pairs), rest
                    break
        exchange, t1 = walk.attempt
        f = walk.found
        found = self.found(score, part, list(t1), f, exchange, level, p)
        left = tuple(f.order[p:])
        d4 = ev.B3Factor(
            article="D.4", score=score, part=part, pairs=tuple(f.pairs), left=left,
            b3=fmt(Fraction(walk.best, sq)), first_b3=fmt(Fraction(walk.first, sq)),
            first_pairs=walk.first_pairs if walk.first_pairs != tuple(f.pairs) else (),
            first_left=walk.first_left if walk.first_pairs != tuple(f.pairs) else (),
            least=fmt(Fraction(walk.floor, sq)),
            bye_score=fmt(bye_at) if bye_at is not None else None,
            accepted=walk.accepted, checked=walk.checked)
        return _Least(found, list(left), d4, Fraction(walk.best, sq))

    def b3_first(self, score, players, p, level, levels, down, lowest, got, stats):
        """Reading d4-level=b3-first: D.4's least B3-factor over the first level a candidate
        meets (``level``, its result ``got``) and the levels after it (``levels``, the rest
        of C.10's order) while B.2 and A.7.d stand as there; the first level that has the
        least, its first candidate of that B3-factor in D.2/D.1 order.

        The last of those levels asks the least of them all (the highest X and Z, B.5 and
        B.6 dropped), so every candidate of the others is one of its candidates: its least
        B3-factor is the least of every level.  If the first level has it, it stands;
        otherwise the levels between are asked, in order, for a candidate of exactly that
        B3-factor (``least_b3``'s ``target``), and the first that has one is taken: that is
        the first level whose own least is the least of all.  Each level asked is a
        ``b3-level`` event."""
        stage = [level]
        for nxt in levels:
            if (nxt.b2, nxt.a7d) != (level.b2, level.a7d):
                break
            stage.append(nxt)

        def told(lv, outcome, found=None, best=None, least=None):
            # one b3-level event: ``found`` a _Least (its B3-factor and least allowed)
            if isinstance(found, _Least):
                b3, least = fmt(found.value), found[2].least
            else:
                b3 = None
            self.emit(ev.B3Level(article="D.4", score=score, requirements=lv.facts(p),
                                 step=lv.step, outcome=outcome, b3=b3,
                                 best=fmt(best) if best is not None else None, least=least))

        told(level, "first", got)
        if len(stage) == 1:
            return got
        last = stage[-1]
        loosest = self.try_homogeneous(score, players, p, last, down, lowest,
                                       Budget(last.x, last.z), "homogeneous", stats)
        if not isinstance(loosest, _Least) or loosest.value >= got.value:
            # nothing lower anywhere (a search limit aside: the last level has every
            # candidate of the first)
            told(last, "loosest-stands", loosest, got.value)
            return got
        target = loosest.value
        told(last, "loosest", loosest, got.value)
        for nxt in stage[1:-1]:
            r = self.try_homogeneous(score, players, p, nxt, down, lowest,
                                     Budget(nxt.x, nxt.z), "homogeneous", stats,
                                     target=target)
            if isinstance(r, _Least):
                told(nxt, "taken", r, target)
                return r
            if isinstance(r, _NotLower):
                told(nxt, "higher" if r.searched else "floor", None, target, fmt(r.least))
            else:
                told(nxt, "none", None, target)
        told(last, "taken", loosest, target)
        return loosest

    def transpose(self, s1, s2, allowed, budget, check, must, stats):
        z_on = budget.z is not None
        return first_transposition(
            s1, s2, allowed, self.bad_x, self.bad_z if z_on else (lambda a, b: False), budget,
            lambda rest, xl, zl: check(rest), self.kind, must, stats)

    def found(self, score, part, s1, f, exchange, level, p):
        return ev.PairingFound(article="C.6", score=score, part=part, s1=tuple(s1),
                               s2=tuple(f.order), pairs=tuple(f.pairs), exchange=exchange,
                               transposition=f.index, requirements=level.facts(p),
                               x_used=f.x_used, z_used=f.z_used,
                               rejected=tuple(f.rejected))

    def try_heterogeneous(self, score, players, mdps, m1, p1, level, down, lowest,
                          reached, stats):
        """C.4-C.9 for a heterogeneous bracket: the D.3 sets of M1 MDPs (C.8.b), the D.1
        transpositions of S2 (C.7), and for each the remainder (C.6, C.9)."""
        allowed = self.allowed_at(level)
        mdps = sorted(mdps, key=self.key)
        memo: dict = {}
        whole = self.readings.value("remainder-budget") == "bracket"
        for seq, s1 in enumerate(mdp_sets(mdps, m1), start=1):
            s1 = list(s1)
            s2 = sorted([q for q in players if q not in s1], key=self.key)
            got: list = []

            def remainder(rest, xl, zl):
                reached[0] = True
                key = (rest, xl, zl)
                if key not in memo:
                    memo[key] = self.try_homogeneous(
                        score, list(rest), p1 - m1, level, down, lowest,
                        Budget(xl, zl) if whole else Budget(level.x, level.z), "remainder",
                        stats)
                r = memo[key]
                if r is None:
                    return "C.9"
                got.append(r)
                return None

            found = first_transposition(
                s1, s2, allowed, self.bad_x,
                self.bad_z if level.z is not None else (lambda a, b: False),
                Budget(level.x, level.z), remainder, self.kind, None, {})
            if found is not None:
                het = ev.PairingFound(
                    article="C.6", score=score, part="heterogeneous", s1=tuple(s1),
                    s2=tuple(found.order), pairs=tuple(found.pairs),
                    exchange=(len(s1), tuple(s1), (), seq) if m1 < len(mdps) else (),
                    transposition=found.index, requirements=level.facts(m1),
                    x_used=found.x_used, z_used=found.z_used, rejected=tuple(found.rejected))
                rem = got[-1]
                return [het, rem[0]] + list(rem[2:]), rem[1]
        return None

    # ------------------------------------------------------------------ E
    def colours(self, a: int, b: int, position: int) -> tuple[int, int, str]:
        """E.1-E.5 for the pair (a from S1, b from S2), ``position`` its place in S1."""
        pa, pb = self.st[a], self.st[b]
        ca, cb = pa.preference, pb.preference

        def give(n: int, c: Pref, rule: str):
            other = b if n == a else a
            return (n, other, rule) if c is Pref.WHITE else (other, n, rule)

        if ca is not Pref.NONE and cb is not Pref.NONE and ca is not cb:
            return give(a, ca, "E.1")
        if ca is Pref.NONE and cb is not Pref.NONE:
            return give(b, cb, "E.1")
        if cb is Pref.NONE and ca is not Pref.NONE:
            return give(a, ca, "E.1")
        if ca is Pref.NONE and cb is Pref.NONE:
            first = Pref.WHITE if self.initial is Colour.WHITE else Pref.BLACK
            hi = a if self.key(a) < self.key(b) else b
            odd = (self.st[hi].initial_rank if self.readings.value("first-round-colour") ==
                   "pairing-number" else position) % 2 == 1
            return give(hi, first if odd else first.opposite, "E.5")
        if pa.strength.rank != pb.strength.rank:
            strong = a if pa.strength.rank > pb.strength.rank else b
            return give(strong, self.st[strong].preference, "E.2")
        alt = self.alternation(pa, pb)
        if alt is not None:
            colour_a_then = alt
            return give(a, Pref.BLACK if colour_a_then is Colour.WHITE else Pref.WHITE, "E.3")
        hi = a if self.key(a) < self.key(b) else b
        return give(hi, self.st[hi].preference, "E.4")

    def alternation(self, pa: PlayerStanding, pb: PlayerStanding) -> Colour | None:
        """E.3: a's colour in the most recent round in which the two had different colours."""
        if self.readings.value("alternation") == "by-round":
            for ca, cb in zip(reversed(pa.colour_by_round), reversed(pb.colour_by_round)):
                if ca is not None and cb is not None and ca is not cb:
                    return ca
            return None
        for ca, cb in zip(reversed(pa.colours), reversed(pb.colours)):
            if ca is not cb:
                return ca
        return None

    def finish(self) -> None:
        boards = tuple(sorted(self.pairs, key=board_key(
            self.st, self.readings.value("acceleration-board-order") == "real")))
        self.emit(ev.PairingPublished(article="GHR 3.6", boards=boards, bye=self.bye))


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


def standing_row(p: PlayerStanding, accelerated: bool = False) -> dict:
    """The row of the trace's standings; in an accelerated round (some player has
    acceleration points up to this round) also the real score and the round's acceleration
    points (``score`` is the pairing score)."""
    row = _row(p)
    if accelerated:
        row["real_score"] = fmt(p.points)
        row["virtual"] = fmt(p.virtual)
    return row


def _row(p: PlayerStanding) -> dict:
    return {
        "number": p.number, "name": p.name, "rating": p.rating,
        "initial_rank": p.initial_rank, "score": fmt(p.score),
        "colours": "".join(c.value.upper() for c in p.colours),
        "colour_difference": p.colour_difference, "preference": p.preference.word,
        "strength": p.strength.value, "preference_rule": p.preference_rule,
        "floats": "".join({"down": "D", "up": "U", "": "-"}[f] for f in p.floats),
        "unplayed": p.unplayed, "games_played": p.games_played,
        "bye_eligible": p.bye_eligible,
        "bye_bar": p.bye_bar.as_dict() if p.bye_bar is not None else None,
        "present": p.present, "absence": p.absence, "history": p.history,
        # columns of the shared report table that have no meaning in this system
        "aro": 0, "upfloats": sum(1 for f in p.floats if f == "up"),
        "upfloated_previous": p.upfloated_previous, "max_upfloater": False,
    }


def pair_round(t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
               forced: tuple = ()) -> Trace:
    """Pair the next round (or ``round_no``) by the Dutch 2012 text; the trace."""
    return DutchEngine(t, readings, round_no, tuple(forced)).run()
