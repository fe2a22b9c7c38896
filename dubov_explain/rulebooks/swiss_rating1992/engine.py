"""The 1992 rating-based Swiss procedure (``text/swiss-rating-1992.txt``, section C) as a
traced machine.

States, in the text's order, bracket by bracket from the highest score (C, first line)::

    open_round -> [ bracket (A.3) -> C.1 incompatible players -> C.2 x (A.8) -> C.3 p (A.6)
        -> C.4/C.5 S1 S2 -> C.6 try, C.7 transpositions (D.1), C.8 exchanges (D.2)
        -> C.9 drop B.6, B.5 for downfloats -> C.10 (remainder) drop B.6, B.5 for upfloats
        -> C.11 x + 1 -> C.12 backtrack (heterogeneous group; or from C.1)
        -> C.13 (lowest: backtrack, join) -> C.14 p - 1 ] ...
    -> bye (A.5) -> colours (E) -> F.1 -> publish | impossible

What a candidate must meet (C.6 names B.1 and B.2; the relative criteria B.4-B.6 are what
C.7-C.11 lower, so a candidate is accepted when it meets every criterion still in force):
B.1 and B.2 (absolute; B.2 not for players over 50% in the last round, B's note); at most
x pairs not fulfilling both colour preferences (B.4, A.8); B.5/B.6 for the players moved
down (their downfloat) and for the lower player of a pair of unequal scores (his upfloat)
while in force.  B.3 is kept by the structure: the moved-down players are paired first
(A.3), with S1 their highest p (C.4).  Nothing below the bracket is looked at (C.6: "the
pairing of this score bracket is considered complete").

A heterogeneous bracket (fewer than half moved down, A.3): S1 = the moved-down players
(A.6), S2 the residents, transposed by D.1 (C.7); the players left form the remainder,
paired as a homogeneous bracket from C.2 (its own x, C.6).  C.10 ("undo the pairing of the
lowest moved down player ... restarting at C7") is the search itself: an arrangement of
the moved-down players is accepted only if the remainder can then be paired at the level
in force, and arrangements are tried in D.1's order.  The levels, in order: all criteria;
C.9 without B.6 then B.5 for downfloats; C.10 without B.6 then B.5 for upfloats (in a
homogeneous bracket, which makes no upfloats, C.10 does not apply); C.11 x + 1 (for the
remainder and the moved-down pairs alike) up to p; C.14 p - 1 (the remainder's p first,
then, for the moved-down players, S1 = the highest p players of the bracket, C.4), with x
decreased by one when it was above zero.  Whether C.11/C.14 restore the dropped criteria:
reading ``restore-criteria``.

C.12 and C.13: backtracking, as the text does it
================================================

The bracket loop (:meth:`RatingEngine.brackets`) is the state machine of C.12 and C.13,
each step an event (``backtracked``, the bracket paired again with its own events,
``backtrack-ended``, ``brackets-joined``), every one citing the 1992 articles.  The 1992
words differ from the Dutch 2012 ones, so the loop is this rulebook's own (the Dutch one
is its model; the exceptions ``Backtrack``, ``LowestUnpaired``, ``NoCandidate`` are shared):

* **C.12** "In case of a heterogeneous group: undo the pairing of the previous score
  bracket.  If in this previous score bracket a pairing can be made whereby another player
  will be moved down to the current one, and this now allows p pairing to be made then
  this pairing in the previous score bracket will be accepted."  Reached from C.1 (its
  first case: a moved-down player with no opponent in the bracket; p is then A.6's p of the
  bracket as it came) and, in the articles' order, after C.11 in a heterogeneous group (A.3:
  fewer than half moved down; a bracket "treated as though it was homogeneous" is not one),
  once for each p.  The previous bracket is paired again from the start of its own
  procedure, and a pairing is accepted only if the players it moves down are a set never
  sent to the bracket before ("another player"; unlike 2012, no "same size and same
  scores"; reading another-player) with which p pairs are allowed by B.1 and B.2 among the
  bracket's players (a maximum matching; reading c12-p).  If one is found it replaces the previous pairing and the bracket
  starts again with the new players; if not, the previous pairing stands and the bracket
  goes on (C.1: the player moves down; C.11: on to C.13/C.14).
* **C.13** "In case of the lowest score bracket: the pairing of the penultimate score
  bracket is undone.  Try to find another pairing in the penultimate score bracket which
  will allow a pairing in the lowest score bracket.  If in the penultimate score bracket p
  becomes zero ... the two lowest score brackets are joined into a new lowest score
  bracket."  Reached when the lowest bracket's procedure finds nothing at its p (C.13
  comes before C.14, so the lowest bracket never lowers p while a penultimate one exists;
  a lowest bracket with fewer pairs is no pairing, A.5 allowing one bye).  "Will allow a
  pairing in the lowest score bracket" is decided exactly: the lowest bracket is paired by
  this same procedure (C.1-C.12, without backtracking), silently, for the players the
  candidate moves down.  If no pairing with p above zero does (reading c13-p-zero), the
  two brackets are joined and C.13 repeats one bracket higher (reading joined-bracket).

Why this returns what the text would: "another pairing" of the previous bracket is the first
candidate of its own procedure (C.3 to C.14, in the order above) that meets its criteria and
what the backtrack wants.  The pairing undone was the first candidate meeting the criteria
alone; every candidate before it fails them, and so fails the stronger test too; so the
first candidate meeting both is the next one the text would try.  What the backtrack wants
is a test of the players moved down, asked where the leaf test of the bracket already asks
about them (``leftover_check``), and every pruning of the search that reads the leaf test
reads it exactly (the search skips only arrangements proved to fail it).
``tests/swiss_rating1992_literal.py`` (``LiteralBacktracking``) does all of this by brute
force from the text, deciding C.13 by pairing the lowest bracket with its own literal
procedure, and agrees with the engine on every generated round of
``tests/test_swiss_rating1992_backtracking.py`` (pairs, bye and the backtracking story,
step for step) and ``tests/test_swiss_rating1992_bruteforce.py``.

The readings taken where the text leaves a choice (the twin takes each the same way;
``tests/test_swiss_rating1992_backtracking.py`` compares them under every value, on
generated rounds and on each reading's golden case ``reading-NAME``, where every value
pairs differently):

* C.12's "another player" (reading ``another-player``): default ``any-set``, a set of
  players moved down never sent before, of any size; ``new-player``: a set holding a
  player never sent before; ``same-size``: a set never sent before of as many players as
  the set sent now.
* C.12's "allows p pairing" (reading ``c12-p``): p pairs among the bracket's players by
  B.1 and B.2 (B.2 not for the pairs the note to B frees); default ``as-reached``, p as it
  stood when C.12 was reached; ``recomputed``: A.6's p of the bracket with the new players.
  Not named: "the bracket's own procedure can then pair p pairs at the requirements it had
  reached" -- a third reading of "allows", not implemented.
* C.13's "if in the penultimate score bracket p becomes zero" (reading ``c13-p-zero``):
  default ``join``, a pairing of the penultimate bracket with p zero is no pairing that
  allows the lowest one, and the brackets are joined; ``counts``: such pairings (the
  bracket moved down whole, or a heterogeneous one's remainder paired at p zero) are tried
  like the others.  The bracket moved down whole gives the lowest bracket the players a
  join would, so the two differ only where the lowest bracket is itself a join: its
  earlier joined players stay its moved-down players (``counts``) or become residents of
  the new join (``join``, below), which A.3 counts differently.
* The joined bracket (reading ``joined-bracket``): default ``a3``, its players from the
  penultimate bracket came from a higher score bracket, so by A.3 they are its moved-down
  players beside the ones moved down to it (S1 when fewer than half, A.6; treated as
  homogeneous when half or more); ``heterogeneous``: heterogeneous whatever the count, S1
  holding them all (with more of them than residents no pairing has p pairs, and C.12 and
  C.13 run on).  When C.13 joins a joined lowest bracket again, the players of the earlier
  join become residents of the new one (the join is the Dutch engine's, whose text says
  the same).  The events name a joined bracket by its lowest residents' score.
* C.1 in the lowest bracket ("if this score bracket is the lowest one apply C13", reading
  ``lowest-c1``): default ``when-unpaired``, not applied on its own: the player may be the
  one left for the bye, and if the bracket cannot be paired C.13 runs anyway;
  ``at-once``: C.13 runs at once (when there is a penultimate bracket), wanting a pairing
  after which every player of the lowest bracket has an opponent there and it can be paired
  (a lowest bracket of one player is such a bracket).
* Not named: the bracket paired again does not itself backtrack (C.12 asks whether "in this
  previous score bracket a pairing can be made", with that bracket's players as they are).
  Letting it send its own previous bracket back (C.12 within C.12) is another reading that
  can change a pairing; it is not implemented, so it has neither a value nor a golden case.

Literal, but not exponential: the transpositions of D.1 ("all numbers constructable with
the digits ... in ascending order": lexicographic) and the exchanges of D.2 (one player,
then two, ..., each by the difference of the numbers exchanged, ties to the lowest player
of S1 -- the matrices of the text) are the orders the Dutch 2012 text also prescribes, so
the search of ``dutch2012.search`` is shared: it walks those orders depth first and skips
only arrangements proved unacceptable (see its engine's docstring).  The exchange order for
three or more players, which the text leaves to "etc.", continues the same rule.

Not literal, and why:

* **A.8** gives x = b - q or w - q, which is negative when the preferences are balanced
  (``counts`` records the raw value); x counts pairs, so it is read as zero then.
* **B.3** (scores as close as possible) is not weighed beyond the structure above.
* **The note to B** (B.2, B.5, B.6 not for players over 50% in the last round; which pairs,
  reading ``top-scorer-pairs``) and A.7.a's parenthesis (no absolute preference for them)
  act only through B.2, B.5 and B.6 in the bracket (and in C.12's count of pairs and the
  lowest bracket's pairing for C.13, through the same per-pair test).
* **D.2** exchanges of N players are listed only while there are at most ``LIMIT`` of them
  (a ``search-limit`` event records it).

A what-if run (why-not, check) holds each forced player for his partner only; a moved-down
player without an opponent only because of the forced pairs is moved on down by C.1
without C.12: the forcing is no fact the text backtracks over.

Colours (E.1-E.5) say what the Dutch 2012 text says and are shared; E.3 is read as F.3
says (the colour histories aligned on the games played).  A pair where one player has no
colour yet gets the other's preference (E.1); where neither has, E.5.
"""

from __future__ import annotations

from typing import Sequence

from ...records import dataclass, replace
from ...tournament.model import Colour, Tournament
from ...trace.events import Trace
# NoPairing: what the shared ``impossible`` (B.1: no complete pairing) raises
from ..acceleration.facts import acceleration_records, dropped_points
from ... import matching
from ..dutch2012.engine import (Backtrack, DutchEngine, LowestUnpaired, NoCandidate,
                                NoPairing, initial_colour, standing_row)
from ..dutch2012.search import Budget, exchanges, first_transposition
from . import events as ev
from .events import NAME, fmt
from .readings import DEFAULT, Readings
from .standings import Pref, Standings, Strength, a1_conversions, compute_standings

TITLE = "FIDE C.04.1 Swiss System Based on Rating"
EDITION = "as approved by the 1992, 1997 and 1998 General Assemblies"
#: D.2: at most this many exchanges of N players are listed
LIMIT = 20000


@dataclass(frozen=True)
class Level:
    """The criteria in force (True = required) and the x allowed."""

    x: int
    b5d: bool = True
    b6d: bool = True
    b5u: bool = True
    b6u: bool = True
    step: str = "C.3"

    def facts(self, p: int) -> dict:
        return {"p": p, "x": self.x, "B.5-down": self.b5d, "B.6-down": self.b6d,
                "B.5-up": self.b5u, "B.6-up": self.b6u}


def a8_x(st: Standings, players: Sequence[int]) -> tuple[int, dict]:
    """A.8: x = b - q when b > w, else w - q (q: half the players, rounded up)."""
    w = sum(1 for n in players if st[n].preference is Pref.WHITE)
    b = sum(1 for n in players if st[n].preference is Pref.BLACK)
    q = (len(players) + 1) // 2
    raw = b - q if b > w else w - q
    return max(0, raw), {"w": w, "b": b, "q": q, "x": raw}


class RatingEngine:
    # E.1-E.5: the same words as the Dutch 2012 text (E.3 read by F.3: see alternation)
    colours = DutchEngine.colours
    completable = DutchEngine.completable
    impossible = DutchEngine.impossible
    bad_x = DutchEngine.bad_x
    kind = DutchEngine.kind
    x_bound_any = DutchEngine.x_bound_any
    event_kinds = ev  # this text's own event kinds, for the methods borrowed below
    label = DutchEngine.label
    join_lowest = DutchEngine.join_lowest  # C.13's join: the 1992 and 2012 words agree
    finish_brackets = DutchEngine.finish_brackets

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
        self._complete_cache: dict[tuple, bool] = {}
        #: C.12/C.13: what the players moved down from the bracket being paired again must
        #: meet (None: nothing, the bracket is paired on its own criteria, C.6)
        self.wanted = None
        self.wanted_article = "C.12"
        self.restore = readings.value("restore-criteria") == "each-restart"
        self.top_either = readings.value("top-scorer-pairs") == "either"
        #: C.12's "another player" (reading another-player) and its p (reading c12-p)
        self.another = readings.value("another-player")
        self.c12_recomputed = readings.value("c12-p") == "recomputed"
        #: reading joined-bracket: a bracket joined by C.13 heterogeneous whatever the count
        self.joined_heterogeneous = readings.value("joined-bracket") == "heterogeneous"
        #: reading lowest-c1: C.1's "if this score bracket is the lowest one apply C13"
        self.lowest_c1 = readings.value("lowest-c1") == "at-once"
        #: reading c13-p-zero: a penultimate pairing with p zero may allow the lowest
        self.c13_zero = readings.value("c13-p-zero") == "counts"
        #: acceleration points up to this round (XXA / 250, or computed for this run)
        self.accelerated = any(p.accelerated for p in self.st.players) or \
            bool(t.acceleration_method)

    # ------------------------------------------------------------------ facts
    def key(self, n: int):
        """A.2: score, then rating, title and name (the pairing number, A.2's last line)."""
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
            pa, pb = self.st[a], self.st[b]
            if pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE and \
                    pa.preference is pb.preference:
                return "B.2"
        return None

    def top(self, n: int) -> bool:
        """B's note: over 50% in the last round (reading ``top-scorers``), on the points
        scored: acceleration points (C.04.5, which this text predates) are no score a player
        made, as the Dutch 2012 standings read their top scorers by default."""
        over = self.st.top_over
        return over is not None and self.st[n].points > over

    def free_of_b2(self, a: int, b: int) -> bool:
        """The note to B, for a pair (reading ``top-scorer-pairs``)."""
        if self.top_either:
            return self.top(a) or self.top(b)
        return self.top(a) and self.top(b)

    def allowed_at(self, level: Level):
        st = self.st

        def allowed(a: int, b: int) -> str | None:
            free = self.free_of_b2(a, b)
            why = self.absolute(a, b, not free)
            if why is not None:
                return why
            pa, pb = st[a], st[b]
            if not free and (level.b5u or level.b6u) and pa.score != pb.score:
                up = pb if pa.score > pb.score else pa
                if level.b5u and up.float_before(1) == "up":
                    return "B.5"
                if level.b6u and up.float_before(2) == "up":
                    return "B.6"
            return None

        return allowed

    def alternation(self, pa, pb) -> Colour | None:
        """E.3 as F.3 reads it: the histories of games played, aligned from the latest."""
        for ca, cb in zip(reversed(pa.colours), reversed(pb.colours)):
            if ca is not cb:
                return ca
        return None

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
        self.emit(ev.RoundOpened(
            article="A.2", round=st.round, total_rounds=st.total_rounds,
            last_round=st.last_round, rulebook=TITLE, edition=EDITION,
            readings=self.readings.as_dict(), to_pair=tuple(sorted(self.remaining)),
            absent=absent, initial_colour=self.initial.word,
            initial_colour_source=self.initial_source, tournament=self.t.name,
            readings_detail=self.readings.detail(),
        ))
        if self.forced:
            verdicts = []
            for a, b in self.forced:
                why = self.absolute(a, b) if a in st._idx and b in st._idx else "absent"
                verdicts.append((a, b, "" if why in (None, "forced") else why, {}))
            self.emit(ev.WhatIf(article="what-if", pairs=tuple(verdicts)))
        # A.1: the ratings converted from national numbers (reading national-rating)
        a1 = {n: {"national": x, "a1_rating": r}
              for n, (x, r) in a1_conversions(self.t, self.readings).items()}
        self.emit(ev.StandingsSnapshot(article="A.7", max_t=0,
                                       rows=tuple({**standing_row(p, self.accelerated),
                                                   **a1.get(p.number, {})}
                                                  for p in st.players)))
        if self.accelerated:
            # the 1992 text predates accelerated systems: its score brackets (A.3) take the
            # pairing score as C.04.5 says; the standings it shares with Dutch 2012 read
            # earlier floats on the pairing scores and top scorers on the real score
            self.emit(ev.AccelerationApplied(
                article="A.3",
                records=acceleration_records(self.t),
                method=self.t.acceleration_method,
                players=tuple((p.number, fmt(p.points), fmt(p.virtual), fmt(p.score))
                              for p in st.players if p.accelerated),
                readings=(),
                dropped=dropped_points(self.t, st.round),
            ))
        if not self.completable(self.remaining):
            self.impossible(self.remaining)

    def brackets(self) -> None:
        """The brackets from the highest score (C, first line), with C.12's and C.13's
        backtracking (the module docstring says how each is read)."""
        rest = list(self.remaining)
        #: [players joined in by C.13 (moved down by A.3's count), residents]
        groups: list[list[list[int]]] = []
        while rest:
            top = self.st[rest[0]].score
            groups.append([[], [n for n in rest if self.st[n].score == top]])
            rest = [n for n in rest if self.st[n].score != top]
        carried: dict[int, list[int]] = {0: []}
        result: dict[int, list[tuple[int, int]]] = {}
        skips: dict[int, set] = {}
        sent: dict[int, set] = {}
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
                                               skip=frozenset(skips.get(i, ())),
                                               penultimate=i > 0, joined=bool(joined))
            except Backtrack as bt:
                skips.setdefault(i, set()).add(bt.trigger)
                j = i - 1
                if j < 0:  # cannot happen: the highest bracket has no moved-down players
                    continue
                old = list(carried[i])
                tried = set(sent[i])
                p = bt.p1

                def c12(moved, tried=tried, old=old, joined=joined, residents=residents, p=p):
                    # "another player will be moved down to the current one, and this now
                    # allows p pairing to be made"
                    if not self.another_player(frozenset(moved), tried, old):
                        return False
                    if self.c12_recomputed:
                        p = self.a6_p(list(moved) + joined, residents, bool(joined))
                    return self.allows(list(moved) + joined + residents, p)

                self.emit(ev.Backtracked(
                    article="C.12", score=self.label(groups[i]), to_score=self.label(groups[j]),
                    trigger=bt.trigger[0], player=bt.trigger[1] if bt.trigger[0] == "C.1"
                    else None, moved=tuple(old), p1=p, wanted=self.c12_wanted()))
                again = self.again(groups[j], carried[j], c12, "C.12", no_zero=False)
                if again is not None:
                    result[j] = again[0]
                    carried[i] = again[1]
                continue
            except LowestUnpaired as lu:
                j = i - 1
                low_joined, low_residents = groups[i]
                known: dict[frozenset, bool] = {}

                def c13(moved, low_joined=low_joined, low_residents=low_residents,
                        known=known):
                    # "which will allow a pairing in the lowest score bracket": the lowest
                    # bracket paired by its own procedure (C.1-C.11), its events dropped
                    key = frozenset(moved)
                    if key not in known:
                        known[key] = self.lowest_pairs(list(moved) + low_joined,
                                                       low_residents, bool(low_joined))
                    return known[key]

                lonely = lu.player
                self.emit(ev.Backtracked(
                    article="C.13", score=self.label(groups[i]), to_score=self.label(groups[j]),
                    trigger="C.1" if lonely is not None else "C.13", player=lonely,
                    moved=tuple(carried[i]), p1=None,
                    wanted="lowest-pairable" + ("+p0" if self.c13_zero else "")))
                again = self.again(groups[j], carried[j], c13, "C.13",
                                   no_zero=not self.c13_zero)
                if again is not None:
                    result[j] = again[0]
                    carried[i] = again[1]
                    continue
                # C.13: "the two lowest score brackets are joined into a new lowest score
                # bracket"; the penultimate's players came from higher (A.3)
                i = self.join_lowest(groups, carried, result, skips, i)
                continue
            result[i] = out
            carried[i + 1] = moved
            i += 1
        self.finish_brackets(groups, carried, result)

    def lonely_unforced(self, n: int, players) -> bool:
        """C.1 without the what-if's forced pairs: no opponent for ``n`` by B.1/B.2 alone."""
        if not self.fmap:
            return True
        saved, self.fmap = self.fmap, {}
        try:
            return not any(self.absolute(n, o, not self.free_of_b2(n, o)) is None
                           for o in players if o != n)
        finally:
            self.fmap = saved

    def another_player(self, moved: frozenset, tried: set, old: list) -> bool:
        """C.12's "another player will be moved down" (reading another-player): ``moved``
        against the sets ``tried`` sent to the bracket before and the set ``old`` sent now."""
        if self.another == "new-player":
            return bool(moved - frozenset().union(*tried))
        if self.another == "same-size":
            return moved not in tried and len(moved) == len(old)
        return moved not in tried

    def c12_wanted(self) -> str:
        """The Backtracked event's code for what C.12 accepts: the value of reading
        another-player ("another-set" for any-set), "+a6-p" when p is recomputed."""
        code = {"any-set": "another-set"}.get(self.another, self.another)
        return code + ("+a6-p" if self.c12_recomputed else "")

    def heterogeneous(self, m0: int, n: int, joined: bool) -> bool:
        """A.3: fewer than half of the bracket moved down (a bracket joined by C.13 with
        any moved down, by reading joined-bracket=heterogeneous)."""
        return m0 > 0 and (2 * m0 < n or (joined and self.joined_heterogeneous))

    def a6_p(self, mdps: list[int], residents: list[int], joined: bool) -> int:
        """A.6's p of a bracket as it comes: its moved-down players when heterogeneous,
        else half its players (rounded down)."""
        n = len(mdps) + len(residents)
        return len(mdps) if self.heterogeneous(len(mdps), n, joined) else n // 2

    def allows(self, players: list[int], p: int) -> bool:
        """C.12's "allows p pairing to be made": p pairs among ``players`` by B.1 and B.2
        (B.2 not for the pairs the note to B frees)."""
        m = matching.max_matching(sorted(players, key=self.key),
                                  lambda a, b: self.absolute(
                                      a, b, not self.free_of_b2(a, b)) is None)
        return len(m) // 2 >= p

    def lowest_pairs(self, mdps: list[int], residents: list[int], joined: bool = False) -> bool:
        """C.13's test: does the lowest bracket's own procedure pair it?  Run silently (no
        events kept), without backtracking itself."""
        saved = self.wanted, self.wanted_article, len(self.events)
        self.wanted = None
        try:
            self.pair_bracket(mdps, residents, True, may_backtrack=False, penultimate=True,
                              joined=joined)
            return True
        except LowestUnpaired:
            return False
        finally:
            self.wanted, self.wanted_article = saved[0], saved[1]
            del self.events[saved[2]:]

    def again(self, group, carried, wanted, article, no_zero):
        """C.12/C.13: the previous bracket paired again from the start of its procedure,
        accepting only a pairing whose players moved down meet ``wanted``; it does not
        backtrack itself (C.12 asks for "a pairing ... in this previous score bracket").
        (pairs, moved) or None."""
        saved = self.wanted, self.wanted_article
        self.wanted, self.wanted_article = wanted, article
        try:
            got = self.pair_bracket(carried + group[0], group[1], False, may_backtrack=False,
                                    no_zero=no_zero, joined=bool(group[0]))
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
                     no_zero: bool = False, penultimate: bool = True, joined: bool = False):
        """One bracket, C.1-C.14: (its pairs, coloured, and the players it moves down).
        Raises Backtrack (C.12), LowestUnpaired (C.13) or, when paired again by C.12/C.13,
        NoCandidate; ``skip``: the C.12 backtracks already tried from this bracket;
        ``penultimate``: there is a bracket above (C.13 can run); ``joined``: a bracket
        joined by C.13 (reading joined-bracket)."""
        residents = sorted(residents, key=self.key)
        score = fmt(self.st[residents[0]].score)
        players = sorted(mdps + residents, key=self.key)
        m0 = len(mdps)
        nature = "homogeneous" if m0 == 0 else (
            "heterogeneous" if self.heterogeneous(m0, len(players), joined)
            else "as-homogeneous")
        self.emit(ev.BracketOpened(article="A.3", score=score, mdps=tuple(mdps),
                                   residents=tuple(residents), nature=nature, lowest=lowest))
        down: list[int] = []
        if lowest and penultimate and self.lowest_c1:
            # C.1: "if this score bracket is the lowest one apply C13" (reading lowest-c1;
            # in a what-if run not for a player barred only by the forced pairs)
            for n in players:
                if not any(self.absolute(n, o, not self.free_of_b2(n, o)) is None
                           for o in players if o != n) and self.lonely_unforced(n, players):
                    raise LowestUnpaired(n)
        if not lowest:
            for n in list(players):
                if not any(self.absolute(n, o, not self.free_of_b2(n, o)) is None
                           for o in players if o != n):
                    # (in a what-if run, a player barred only by the forced pairs moves on
                    # down: the forcing is no fact of the text)
                    if n in mdps and may_backtrack and ("C.1", n) not in skip and \
                            self.lonely_unforced(n, players):
                        # C.1, first case: C.12 (p of A.6 for the bracket as it came)
                        raise Backtrack(m0 if nature == "heterogeneous" else len(players) // 2,
                                        ("C.1", n))
                    self.emit(ev.IncompatibleMoved(article="C.1", score=score, player=n,
                                                   case="mdp" if n in mdps else "resident"))
                    down.append(n)
            players = [n for n in players if n not in down]
            mdps = [n for n in mdps if n not in down]
            if not players:  # C.1 moved everyone down: nothing left to pair here
                if no_zero or (self.wanted is not None and
                               not self.wanted(sorted(down, key=self.key))):
                    raise NoCandidate
                self.emit(ev.BracketClosed(article="C.1", score=score, pairs=()))
                return [], sorted(down, key=self.key)
        result = self.pair_players(score, players, mdps, down, lowest, skip, may_backtrack,
                                   no_zero, penultimate, joined)
        if result is None:
            self.emit(ev.BracketMovedDown(article="C.14", score=score, players=tuple(players)))
            self.emit(ev.BracketClosed(article="C.14", score=score, pairs=()))
            return [], sorted(down + players, key=self.key)
        parts, leftover = result
        pairs = []
        for part in parts:
            self.emit(part)
            pairs.extend(part.pairs)
        moved = sorted(down + list(leftover), key=self.key)
        if moved and not lowest:
            self.emit(ev.MovedDown(article="A.3", score=score, players=tuple(moved)))
        out = []
        for i, (a, b) in enumerate(pairs, start=1):
            w, bl, rule = self.colours(a, b, i)
            self.emit(ev.ColourAllocated(article=rule, white=w, black=bl, rule=rule))
            out.append((w, bl))
        self.emit(ev.BracketClosed(article="C.6", score=score, pairs=tuple(out)))
        return out, moved

    def levels(self, p: int, x0: int, upfloats: bool, fresh: bool):
        """C.3 and the lowering steps in the text's order, as Levels: C.9 (B.6 then B.5 for
        downfloats), C.10 (B.6 then B.5 for upfloats, when the bracket makes upfloats),
        C.11 (x + 1 while x < p).  ``fresh``: all criteria in force at the start (the
        first p of the bracket, or every restart by reading ``restore-criteria``)."""
        drops = [("b6d", "C.9"), ("b5d", "C.9")]
        if upfloats:
            drops += [("b6u", "C.10"), ("b5u", "C.10")]
        state = {"b5d": fresh, "b6d": fresh, "b5u": fresh and upfloats, "b6u": fresh and upfloats}
        yield Level(x0, step="C.3" if fresh else "C.14", **state)
        for name, step in drops:
            if state[name]:
                state[name] = False
                yield Level(x0, step=step, **state)
        x = x0
        while x < p:
            x += 1
            if self.restore:
                state = {"b5d": True, "b6d": True, "b5u": upfloats, "b6u": upfloats}
                yield Level(x, step="C.11", **state)
                for name, step in drops:
                    state[name] = False
                    yield Level(x, step=step, **state)
            else:
                yield Level(x, step="C.11", **state)

    def pair_players(self, score, players, mdps, down, lowest, skip=frozenset(),
                     may_backtrack=True, no_zero=False, penultimate=True, joined=False):
        """C.2-C.14 for one bracket: (PairingFound events, players moved down) or None
        when the whole bracket moves down (C.14).  Raises Backtrack (C.12, in a
        heterogeneous group after C.11), LowestUnpaired (C.13, the lowest bracket with a
        penultimate one) and NoCandidate (paired again: p zero, or moving everyone down,
        is not what the backtrack wants)."""
        n = len(players)
        m0 = len(mdps)
        homogeneous = not self.heterogeneous(m0, n, joined)
        x0, counts = a8_x(self.st, players)
        mode = "homogeneous" if homogeneous else "heterogeneous"
        p = n // 2 if homogeneous else m0
        self.emit(ev.ParametersSet(article="C.2", score=score, p0=p, p1=p, m0=m0, m1=m0,
                                   x1=x0, z1=None, counts=counts, mode=mode))
        fresh = True
        x = x0
        upfloats = m0 > 0
        while True:
            if p < 0:  # cannot happen: the round is completable (B.1), see open_round
                self.impossible(players)
            if p == 0 and no_zero:
                # C.13: "if in the penultimate score bracket p becomes zero"
                raise NoCandidate
            if homogeneous:
                if p == 0 and not lowest:
                    return self.whole_down(players, down)
                last = None
                for level in self.levels(p, x, upfloats, fresh):
                    last = self._failed(last, level, score)
                    stats: dict = {}
                    got = self.try_homogeneous(score, players, p, level, down, lowest,
                                               "homogeneous", stats)
                    if got is not None:
                        return [got[0]], got[1]
                    last = (level, p, stats.get("checked", 0))
            else:
                got = self.try_heterogeneous(score, players, p, x, down, lowest, fresh)
                if got is not None:
                    return got
                last = None
            # C.12: "in case of a heterogeneous group" (after C.11, at this p)
            back = not homogeneous and may_backtrack and ("C.11", p) not in skip
            # C.13: "in case of the lowest score bracket" (with a penultimate one)
            c13 = lowest and penultimate
            nxt = "C.12" if back else "C.13" if c13 else "C.14"
            self._failed(last, None, score, nxt)
            if back:
                raise Backtrack(p, ("C.11", p))
            if c13:
                raise LowestUnpaired
            if not homogeneous and p == 0:
                return self.whole_down(players, down)
            # C.14
            p -= 1
            if x0 > 0:
                x = max(0, x - 1)
            fresh = self.restore
            self.emit(ev.Reduced(article="C.14", score=score, step="C.14", p1=p, m1=m0, x1=x,
                                 z1=None))

    def whole_down(self, players, down):
        """C.14: p is zero, the entire bracket moves down (None); when paired again by
        C.12, only if that is what the backtrack wants."""
        if self.wanted is not None and not self.wanted(sorted(down + players, key=self.key)):
            raise NoCandidate
        return None

    def _failed(self, last, level, score, after="C.14"):
        """RequirementsFailed for the level ``last`` that found nothing; ``level`` the next
        level, or None when the step ``after`` comes next."""
        if last is not None:
            nxt = level.step if level is not None else after
            self.emit(ev.RequirementsFailed(article=nxt, score=score,
                                            requirements=last[0].facts(last[1]),
                                            next_step=nxt, checked=last[2]))
        return None

    def leftover_check(self, level: Level, down, lowest):
        """The players a pairing leaves unpaired: None if they may be moved down (B.5/B.6
        for downfloats in force; in the lowest bracket at most one, allowed the bye by
        B.1.b, A.5's bye being a downfloat; when the bracket is paired again by C.12/C.13,
        with the players C.1 moved down, what the backtrack wants), else why not.  Nothing
        below is looked at otherwise (C.6: the pairing of the bracket "is considered
        complete")."""
        wish, article = self.wanted, self.wanted_article

        def check(rest: tuple[int, ...]) -> str | None:
            if lowest:
                if len(rest) > 1:
                    return "p"
                if rest and (not self.st[rest[0]].bye_eligible or rest[0] in self.fmap):
                    return "B.1.b"
            for q in rest:
                if self.top(q):
                    continue
                if level.b5d and self.st[q].float_before(1) == "down":
                    return "B.5"
                if level.b6d and self.st[q].float_before(2) == "down":
                    return "B.6"
            if lowest or wish is None:
                return None
            if not wish(sorted(list(rest) + down, key=self.key)):
                return article
            return None

        return check

    def try_homogeneous(self, score, players, p, level, down, lowest, part, stats,
                        budget: int | None = None):
        """C.4-C.8 for a homogeneous bracket or remainder: the first (exchange of D.2,
        transposition of D.1) meeting the level, or None."""
        players = sorted(players, key=self.key)
        n = len(players)
        if budget is not None:  # a remainder's own x (C.6: it starts at C.2)
            level = replace(level, x=budget)
        check = self.leftover_check(level, down, lowest)
        x = level.x
        if p == 0:
            if check(tuple(players)) is None:
                return self.found(score, part, (), None, tuple(players), (), level, 0), players
            return None
        if self.x_bound_any(players, p) > x:
            return None
        if n == 2 * p and check(()) is not None:
            # nobody would be left over, so every candidate ends in the same leaf question
            # (what a backtrack wants of the players moved down): when the answer is no,
            # the literal enumeration rejects every candidate
            return None
        allowed = self.allowed_at(level)
        n2 = n - p
        s1, s2 = players[:p], players[p:]
        attempts: list = [None] + list(range(1, min(p, n2) + 1))
        for att in attempts:
            if att is None:
                f = self.transpose(s1, s2, allowed, x, check, stats)
                if f is not None:
                    return self.found(score, part, s1, f, None, (), level, p), f.order[p:]
                continue
            ex = exchanges(p, n2, att, LIMIT)
            if ex is None:
                self.emit(ev.SearchLimit(article="D.2", score=score, n=att, count=LIMIT))
                break
            for seq, (a, b) in enumerate(ex, start=1):
                out1 = [players[i - 1] for i in a]
                in2 = [players[i - 1] for i in b]
                t1 = sorted([q for q in s1 if q not in out1] + in2, key=self.key)
                t2 = sorted([q for q in s2 if q not in in2] + out1, key=self.key)
                f = self.transpose(t1, t2, allowed, x, check, stats)
                if f is not None:
                    return self.found(score, part, t1, f, None,
                                      (att, tuple(out1), tuple(in2), seq), level, p), \
                        f.order[p:]
        return None

    def transpose(self, s1, s2, allowed, x, check, stats):
        return first_transposition(s1, s2, allowed, self.bad_x, lambda a, b: False,
                                   Budget(x, None), lambda rest, xl, zl: check(rest),
                                   self.kind, None, stats)

    def found(self, score, part, s1, f, s2_rest, exchange, level, p):
        if f is None:
            return ev.PairingFound(article="C.6", score=score, part=part, s1=(), s2=s2_rest,
                                   pairs=(), exchange=(), transposition=0,
                                   requirements=level.facts(0), x_used=0, z_used=0,
                                   rejected=())
        return ev.PairingFound(article="C.6", score=score, part=part, s1=tuple(s1),
                               s2=tuple(f.order), pairs=tuple(f.pairs), exchange=exchange,
                               transposition=f.index, requirements=level.facts(p),
                               x_used=f.x_used, z_used=0, rejected=tuple(f.rejected))

    def try_heterogeneous(self, score, players, p, x, down, lowest, fresh):
        """C.4-C.10 for a heterogeneous bracket: S1 = the highest p players (the moved-down
        players, A.6), S2 the rest in D.1's order; each arrangement's remainder paired as a
        homogeneous group (C.6) at the level in force, its p lowered by C.14 first."""
        players = sorted(players, key=self.key)
        s1, s2 = players[:p], players[p:]
        n_rem = len(players) - 2 * p
        for p_rem in range(n_rem // 2, -1, -1):
            last = None
            start = fresh if p_rem == n_rem // 2 else self.restore
            for level in self.levels(max(p, p_rem), x, True, start):
                last = self._failed(last, level, score)
                allowed = self.allowed_at(level)
                memo: dict = {}
                got: list = []

                def remainder(rest, xl, zl, level=level, memo=memo, got=got, p_rem=p_rem):
                    if rest not in memo:
                        x_rem, _ = a8_x(self.st, rest)
                        memo[rest] = self.try_homogeneous(
                            score, list(rest), p_rem, level, down, lowest,
                            "remainder", {}, budget=x_rem + (level.x - x))
                    r = memo[rest]
                    if r is None:
                        return "C.10"
                    got.append(r)
                    return None

                stats: dict = {}
                f = first_transposition(s1, s2, allowed, self.bad_x, lambda a, b: False,
                                        Budget(level.x, None), remainder, self.kind, None,
                                        stats)
                if f is not None:
                    het = ev.PairingFound(
                        article="C.6", score=score, part="heterogeneous", s1=tuple(s1),
                        s2=tuple(f.order), pairs=tuple(f.pairs), exchange=(),
                        transposition=f.index, requirements=level.facts(p),
                        x_used=f.x_used, z_used=0, rejected=tuple(f.rejected))
                    rem_event, leftover = got[-1]
                    return [het, rem_event], leftover
                last = (level, p, stats.get("checked", 0))
            self._failed(last, None, score)
            if p_rem:
                # C.14 in the remainder's own procedure (C.6: it restarts at C.2)
                self.emit(ev.Reduced(article="C.14", score=score, step="C.14-remainder",
                                     p1=p_rem - 1, m1=p, x1=x, z1=None))
        return None

    def finish(self) -> None:
        boards = tuple(sorted(self.pairs, key=board_key(self.st)))
        self.emit(ev.PairingPublished(article="F.1", boards=boards, bye=self.bye))


def board_key(st: Standings):
    """F.1: the score of the higher player, the sum of the scores, the higher's A.2 rank."""

    def key(pair):
        a, b = pair
        hi = min(a, b, key=lambda n: (-st[n].score, st[n].initial_rank))
        return (-st[hi].score, -(st[a].score + st[b].score), st[hi].initial_rank)

    return key


def pair_round(t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
               forced: tuple = ()) -> Trace:
    """Pair the next round (or ``round_no``) by the 1992 rating-based text; the trace."""
    return RatingEngine(t, readings, round_no, tuple(forced)).run()
