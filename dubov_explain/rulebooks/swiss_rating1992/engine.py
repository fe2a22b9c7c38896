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
down (their downfloat), for the higher player of a pair of unequal scores (his downfloat,
A.4; reading paired-downfloat) and for the lower one (his upfloat) while in force.  B.3 is kept by the structure: the moved-down players are paired first
(A.3), with S1 their highest p (C.4).  Nothing below the bracket is looked at (C.6: "the
pairing of this score bracket is considered complete").

A heterogeneous bracket (fewer than half moved down, A.3): S1 = the moved-down players
(A.6), S2 the residents, transposed by D.1 (C.7); the players left form the remainder,
paired as a homogeneous bracket from C.2 (its own x, C.6).  C.10 ("undo the pairing of the
lowest moved down player ... restarting at C7") is the search itself: an arrangement of
the moved-down players is accepted only if the remainder can then be paired at the level
in force, and arrangements are tried in D.1's order; an arrangement whose remainder fails
first lowers the remainder's criteria by C.9 (B.6 then B.5 for downfloats, "restart at
C4"), and only then does C.10 change an opponent (the next arrangement, at the criteria
reached).  The levels, in order: all criteria;
C.9 without B.6 then B.5 for downfloats; C.10 without B.6 then B.5 for upfloats (in a
homogeneous bracket, which makes no upfloats, C.10 does not apply); C.11 x + 1 (for the
remainder and the moved-down pairs alike) up to p; C.14 p - 1 (the remainder's p first,
then, for the moved-down players, S1 = the highest p players of the bracket, C.4), with x
decreased by one when it was above zero; at p = 0 the entire bracket moves down, a
heterogeneous one too (C.14).  Whether C.11/C.14 restore the dropped criteria:
reading ``restore-criteria``.

C.12 and C.13: backtracking, as the text does it
================================================

The bracket loop (``dutch2012.brackets``: this text is the Dutch system's ancestor, and
:class:`RatingEngine` is a subclass of its engine) is the state machine of C.12 and C.13,
each step an event (``backtracked``, the bracket paired again with its own events,
``backtrack-ended``, ``brackets-joined``), every one citing the 1992 articles.  Where the
1992 words differ from the Dutch 2012 ones, the engine overrides the hook named for the
article (``c12_another``, ``c12_p``, ``c13_wants``, ...; the class docstring lists them):

* **C.12** "In case of a heterogeneous group: undo the pairing of the previous score
  bracket.  If in this previous score bracket a pairing can be made whereby another player
  will be moved down to the current one, and this now allows p pairing to be made then
  this pairing in the previous score bracket will be accepted."  Reached from C.1 (its
  first case: a moved-down player with no opponent in the bracket; p is then A.6's p of the
  bracket as it came) and, in the articles' order, after C.11 in a heterogeneous group (A.3:
  fewer than half moved down; a bracket "treated as though it was homogeneous" is not one);
  both every time the bracket reaches them: after C.12 brought the bracket other players,
  C.1 runs again on them and C.11 may be reached again at the same p, each sending it back
  again (``c1_once``, ``c11_once``; C.12 ends, as it accepts only sets never sent before).  The previous bracket is paired again from the start of its own
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
  C.13 run on).  When C.13 joins a joined lowest bracket again (reading ``rejoined``):
  default ``moved-down``, the players of the earlier join came from a higher score bracket
  and stay moved-down players of the new one (A.3); ``residents``, they become its
  residents (as the Dutch engine's join does).  The events name a joined bracket by its
  lowest residents' score.
* C.1 in the lowest bracket ("if this score bracket is the lowest one apply C13", reading
  ``lowest-c1``): default ``when-unpaired``, not applied on its own: the player may be the
  one left for the bye, and if the bracket cannot be paired C.13 runs anyway;
  ``at-once``: C.13 runs at once (when there is a penultimate bracket), wanting a pairing
  after which every player of the lowest bracket has an opponent there and it can be paired
  (a lowest bracket of one player is such a bracket).
* C.1's first case in the lowest bracket ("if this player was moved down from a higher
  score bracket apply C12", reading ``lowest-c12``): default ``after-c11``, not applied on
  its own (as lowest-c1: the player may be the one left for the bye; C.12 after C.11 runs
  in a heterogeneous lowest bracket under both values); ``c12-first``: a moved-down player
  without an opponent there sends the lowest bracket (not one C.13 joined) to C.12 before
  C.1's second case (reading lowest-c1).  The values pair 12 of the 1,181 deep cascades
  that ``golden/swiss-rating-1992/make_cascade_cases.py`` finds differently (none of the
  generated rounds of ``tests/test_swiss_rating1992_backtracking.py``).
* C.12 within C.12 (reading ``c12-nested``): C.12 undoes "the pairing of the previous
  score bracket" and asks whether "in this previous score bracket a pairing can be made"
  that moves another player down; it does not say what that bracket does when it has none.
  The Dutch 2012 text settles it ("Backtracking is disallowed when already backtracking
  from a lower score bracket"); this text has no such sentence, nor one allowing it, and
  its procedures C.1-C.14 are applied "to all score brackets" (C.12 among them, "in case of
  a heterogeneous group").  Default ``flat``: the question is asked of the bracket with the
  players it has (a pairing "can be made" there or not); if not, the previous pairing
  stands and the bracket below goes on (C.13, C.14), as before.  The text leans this way:
  where it chains backtracks it says so ("C13 can be repeated until an acceptable pairing
  is obtained"), and C.12 says nothing alike.  ``recursive``: a heterogeneous bracket
  paired again applies C.12 itself: its previous bracket is paired again for a set never
  moved down to it before that allows its A.6 p (and so on up), and it is paired again
  with each set it gets until one gives what the bracket below asked for; if none does,
  every pairing stands (``RatingEngine.c12_again``; the Backtracked event's trigger is
  then "C.12").  Each set is sent to a bracket once in a round, so the
  recursion ends.  Golden case ``reading-c12-nested``; of the deep cascades of
  ``make_cascade_cases.py`` (seeds 40-399) the recursive C.12 runs in 121 of 1,181 and
  pairs 24 otherwise (the twin agrees on all 121, story included); the engine's time on
  the 1,181 is the same under both values (28.2 s and 27.7 s, one run each).

Literal, but not exponential: the transpositions of D.1 ("all numbers constructable with
the digits ... in ascending order": lexicographic) and the exchanges of D.2 (one player,
then two, ..., each by the difference of the numbers exchanged, ties to the lowest player
of S1 -- the matrices of the text) are the orders the Dutch 2012 text also prescribes, so
the search of ``dutch2012.search`` is shared: it walks those orders depth first and skips
only arrangements proved unacceptable (see its engine's docstring).  The exchange order for
three or more players, which the text leaves to "etc.", continues the same rule.  A level
(C.3, C.9-C.11) of a homogeneous bracket or remainder is not walked at all when no walk of
it could reach a candidate: fewer than p pairs allowed at that level among its players, or
none of p allowed pairs spending at most x pairs against both colour preferences (B.4,
A.8; the least by a minimum-cost matching, ``Generation.p_pairs``): every candidate is p
allowed pairs spending at most x, so every exchange's walk would stop before its first
candidate, and the candidates counted in the trace are the same.

Not literal, and why:

* **A.8** gives x = b - q or w - q, which is negative when the preferences are balanced
  (``counts`` records the raw value); x counts pairs, so it is read as zero then.
* **B.3** (scores as close as possible) is not weighed beyond the structure above.
* **The note to B** (B.2, B.5, B.6 not for players over 50% in the last round; which pairs,
  reading ``top-scorer-pairs``) acts through B.2, B.5 and B.6 in the bracket (and in C.12's
  count of pairs and the lowest bracket's pairing for C.13, through the same per-pair
  test); A.7.a's parenthesis (no absolute preference for them) through E.2 (``e2_rank``),
  in the pairs the note frees of B.2.
* **D.2** exchanges of N players are listed only while there are at most
  ``dutch2012.generation.LIMIT`` of them (a ``search-limit`` event records it, and no
  larger exchange is listed).

A what-if run (why-not, check) holds each forced player for his partner only; a moved-down
player without an opponent only because of the forced pairs is moved on down by C.1
without C.12: the forcing is no fact the text backtracks over.

Colours (E.1-E.5) say what the Dutch 2012 text says and are shared; E.3 is read as F.3
says (the colour histories aligned on the games played).  A pair where one player has no
colour yet gets the other's preference (E.1); where neither has, E.5.
"""


from __future__ import annotations

from typing import ClassVar, Sequence

from ...records import dataclass, replace
from ...tournament.model import Colour, Tournament
from ...trace.events import Trace
from ..dutch2012.brackets import Again, Backtrack, LowestUnpaired, NoCandidate
from ..dutch2012.engine import DutchEngine
from ..machine import StandingRow
from ..dutch2012.search import Budget, first_transposition
from . import SwissRating1992
from . import events as ev
from .readings import DEFAULT, Readings
from .standings import Pref, Standings, Strength, a1_conversions, compute_standings



@dataclass(frozen=True)
class Level:
    """The criteria in force (True = required) and the x allowed."""

    x: int
    b5d: bool = True
    b6d: bool = True
    b5u: bool = True
    b6u: bool = True
    step: str = "C.3"
    #: the 1992 text has no Z
    z: ClassVar[None] = None

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




class RatingEngine(DutchEngine):
    """The 1992 text's procedure: the Dutch 2012 engine (its descendant's) with the
    articles whose words differ overridden, each named for or citing its article:

    * A.3/A.6: ``c1_p`` (C.12's p from C.1 is A.6's), ``a6_p``;
    * A.8: ``a8_x`` (x, no Z), in ``pair_players``;
    * B and its note (B.2, B.5, B.6 not for top scorers, by pairs): ``top``,
      ``free_of_b2``, ``top_scorers``, ``b1_b2``, ``allowed_at``, ``downfloat_exempt``;
    * C.1 (a what-if's forced pairs are no fact to backtrack over): ``c1_counts``; C.1
      moving everyone down closes the bracket: ``c1``;
    * C.2-C.14 (x, p, C.9-C.11's lowering, C.14 and reading restore-criteria):
      ``pair_players``, ``c9_c11_levels``, ``c10_heterogeneous``, ``whole_down``;
    * C.12 ("another player", "allows p pairing"): ``c12_another``, ``c12_p``,
      ``c12_code``; C.13 ("will allow a pairing in the lowest score bracket"):
      ``c13_wants``, ``lowest_pairs``, ``c13_code``;
    * D.4 is not in this text: ``d4_in_force``; E.3 as F.3 reads it: ``alternation``;
      F.1's board order: ``finish``.

    The rest (A.2's order, B.1/B.2's test, the bracket loop, C.1's steps, D.1/D.2's
    search, E.1-E.5, the join of C.13) is the Dutch engine's: the two texts say the same
    there.
    """

    book = SwissRating1992
    ev = ev
    standings_of = staticmethod(compute_standings)
    default_readings = DEFAULT
    #: the articles this text's events cite where the Dutch ones differ
    moved_down_article = "A.3"
    whole_down_article = "C.14"
    pairs_letter = "p"
    #: this engine's traces count the candidates its search checks without the Dutch
    #: engine's exact prunings, and D.2's listing limit ends the exchanges
    leaf_prunings = False
    d2_limit_ends = True
    #: C.1: "if this player was moved down from a higher score bracket apply C12", every
    #: time C.1 finds him so: after C.12 brought the bracket other players, C.1 runs again
    #: and may call C.12 again for the same player (C.12 ends: it accepts only sets never
    #: sent before)
    c1_once = False
    #: C.12 after C.11 (in a heterogeneous group) likewise every time the bracket reaches
    #: it, after C.12 brought it other players too (the articles' order)
    c11_once = False

    #: reading c12-nested (``c12_again``): set in take_readings
    c12_nested = False

    def take_readings(self, readings: Readings) -> None:
        self.restore = readings.value("restore-criteria") == "each-restart"
        self.top_either = readings.value("top-scorer-pairs") == "either"
        #: C.12's "another player" (reading another-player) and its p (reading c12-p)
        self.another = readings.value("another-player")
        self.c12_recomputed = readings.value("c12-p") == "recomputed"
        #: reading joined-bracket: a bracket joined by C.13 heterogeneous whatever the count
        self.joined_heterogeneous = readings.value("joined-bracket") == "heterogeneous"
        #: reading lowest-c1: C.1's "if this score bracket is the lowest one apply C13"
        self.lowest_c1 = readings.value("lowest-c1") == "at-once"
        #: reading lowest-c12: C.1's first case ("if this player was moved down from a
        #: higher score bracket apply C12") in the lowest bracket too (the shared ``c1``)
        self.c12_from_lowest = readings.value("lowest-c12") == "c12-first"
        #: reading c12-nested: a heterogeneous bracket paired again by C.12 sends its own
        #: previous bracket back (C.12 within C.12, ``c12_again``)
        self.c12_nested = readings.value("c12-nested") == "recursive"
        #: reading c13-p-zero: a penultimate pairing with p zero may allow the lowest
        self.c13_zero = readings.value("c13-p-zero") == "counts"
        #: reading rejoined: a joined lowest bracket's joined players, when C.13 joins it
        #: again, stay moved down (A.3)
        self.rejoined_moved_down = readings.value("rejoined") == "moved-down"
        #: reading paired-downfloat: B.5/B.6 for downfloats judge a moved-down player's
        #: pair (A.4), beside his move
        self.paired_down = readings.value("paired-downfloat") == "judged"

    def c12_again(self, groups, carried, result, sent, j: int, again: Again):
        """C.12: the previous bracket ``j`` paired again (``again``).  Reading c12-nested
        (``c12_nested``; this text has no line disallowing it, unlike Dutch 2012's C.12): a
        heterogeneous bracket finding no such pairing sends its own previous bracket back in
        turn (C.12 within C.12), for a set never sent to it before that allows its A.6 p
        (``a6_p``), recursively, and is paired again with each set it gets until one gives
        what ``again`` wants; if none does, every bracket keeps the pairing it had.
        (pairs, moved) of bracket ``j`` or None."""
        got = super().c12_again(groups, carried, result, sent, j, again)
        joined, residents = groups[j]
        mdps = carried[j] + joined
        if got is not None or not self.c12_nested or j == 0 or \
                not self.a3_heterogeneous(len(mdps), len(mdps) + len(residents), bool(joined)):
            return got
        saved = dict(result), dict(carried)
        while got is None:
            p = self.a6_p(mdps, residents, bool(joined))
            wants = self.c12_wants(list(carried[j]), set(sent[j]), joined, residents, p)
            self.emit(self.ev.Backtracked(
                article="C.12", score=self.label(groups[j]), to_score=self.label(groups[j - 1]),
                trigger="C.12", player=None, moved=tuple(carried[j]), p1=p,
                wanted=self.c12_code()))
            sub = self.c12_again(groups, carried, result, sent, j - 1, Again(wants, "C.12"))
            if sub is None:
                result.clear(), result.update(saved[0])
                carried.clear(), carried.update(saved[1])
                return None
            # each set is sent once (``sent``): the loop ends
            result[j - 1], carried[j] = sub
            sent[j].add(frozenset(carried[j]))
            mdps = carried[j] + joined
            got = super().c12_again(groups, carried, result, sent, j, again)
        return got

    # ------------------------------------------------------------------ B and its note
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

    def top_scorers(self, players: Sequence[int]) -> bool:
        """B's note: ``players`` hold one over 50% in the last round."""
        return any(self.top(n) for n in players)

    def b1_b2(self, players: Sequence[int]):
        """B.1 and B.2 as C.1, C.12 and C.13 ask them: B.2 not for the pairs the note to B
        frees."""
        return lambda a, b: self.absolute(a, b, not self.free_of_b2(a, b))

    def allowed_at(self, level: Level):
        """A pair at the criteria ``level``: B.1, B.2 and B.5/B.6 for the upfloater while
        in force, none of B.2, B.5, B.6 for the pairs the note to B frees."""
        st = self.st

        def allowed(a: int, b: int) -> str | None:
            free = self.free_of_b2(a, b)
            why = self.absolute(a, b, not free)
            if why is not None:
                return why
            pa, pb = st[a], st[b]
            if free or pa.score == pb.score:
                return None
            if level.b5u or level.b6u:
                why = self.upfloat_bar(pa, pb, level)
                if why is not None:
                    return why
            if self.paired_down and (level.b5d or level.b6d):
                return self.downfloat_bar(pa if pa.score > pb.score else pb, level)
            return None

        return allowed

    def downfloat_bar(self, down, level) -> str | None:
        """A.4: "the higher ranked player receives a downfloat" when a pair of unequal
        scores is made; B.5/B.6 for downfloats judge it while in force (reading
        paired-downfloat), except for a top scorer (B's note)."""
        if self.downfloat_exempt(down.number):
            return None
        if level.b5d and down.float_before(1) == "down":
            return "B.5"
        if level.b6d and down.float_before(2) == "down":
            return "B.6"
        return None

    def downfloat_exempt(self, q: int) -> bool:
        """B's note: B.5/B.6 not for a top scorer moved down."""
        return self.top(q)

    def e2_rank(self, p, opponent) -> int:
        """E.2 with A.7.a's parenthesis: "This rule is not in effect when pairing players
        with a score of over 50% in the last round" (B's note's top scorers, reading
        top-scorers): such a player's absolute preference is the strong one of A.7.b when
        his colour difference is not zero, else the mild one of A.7.c (which asks for the
        same colour).  B.2 is another rule: it still protects him where the note to B does
        not free the pair (reading top-scorer-pairs), and there his preference stays
        absolute; A.8's x and B.4 count colours, which do not change."""
        if p.strength is Strength.ABSOLUTE and self.top(p.number) and \
                self.free_of_b2(p.number, opponent.number):
            return (Strength.STRONG if p.colour_difference else Strength.MILD).rank
        return p.strength.rank

    def alternation(self, pa, pb) -> Colour | None:
        """E.3 as F.3 reads it: the histories of games played, aligned from the latest."""
        for ca, cb in zip(reversed(pa.colours), reversed(pb.colours)):
            if ca is not cb:
                return ca
        return None

    def d4_in_force(self, b) -> bool:
        """This text has no D.4."""
        return False

    # ------------------------------------------------------------------ the machine
    #: the text has no acceleration readings: it predates accelerated systems, so its
    #: score brackets (A.3) take the pairing score as C.04.5 says; the standings it shares
    #: with Dutch 2012 read earlier floats on the pairing scores and top scorers on the
    #: real score
    acceleration_readings = ()

    def row_notes(self, p) -> StandingRow:
        """A.1: the rating converted from a national number (reading national-rating)."""
        try:
            a1 = self._a1
        except AttributeError:
            a1 = self._a1 = {n: {"national": x, "a1_rating": r}
                             for n, (x, r) in a1_conversions(self.t, self.readings).items()}
        return a1.get(p.number, {})

    # ------------------------------------------------------------------ C.1
    def c1_counts(self, n: int, players) -> bool:
        """C.1 without the what-if's forced pairs: no opponent for ``n`` by B.1/B.2 alone
        (in a what-if run, a player barred only by the forced pairs moves on down: the
        forcing is no fact of the text)."""
        if not self.fmap:
            return True
        saved, self.fmap = self.fmap, {}
        try:
            return not any(self.absolute(n, o, not self.free_of_b2(n, o)) is None
                           for o in players if o != n)
        finally:
            self.fmap = saved

    def c1_p(self, b) -> int:
        """C.1's first case, C.12: p of A.6 for the bracket as it came."""
        return len(b.mdps) if b.nature == "heterogeneous" else len(b.players) // 2

    def c1(self, b):
        """C.1, and when it moved everyone down nothing is left to pair here."""
        super().c1(b)
        if b.players:
            return None
        if b.refuses(sorted(b.down, key=self.key)):
            raise NoCandidate
        self.emit(ev.BracketClosed(article="C.1", score=b.score, pairs=()))
        return [], sorted(b.down, key=self.key)

    def a6_p(self, mdps: list[int], residents: list[int], joined: bool) -> int:
        """A.6's p of a bracket as it comes: its moved-down players when heterogeneous,
        else half its players (rounded down)."""
        n = len(mdps) + len(residents)
        return len(mdps) if self.a3_heterogeneous(len(mdps), n, joined) else n // 2

    # ------------------------------------------------------------------ C.12
    def c12_another(self, moved, tried: set, old: list) -> bool:
        """C.12's "another player will be moved down" (reading another-player): ``moved``
        against the sets ``tried`` sent to the bracket before and the set ``old`` sent now."""
        moved = frozenset(moved)
        if self.another == "new-player":
            return bool(moved - frozenset().union(*tried))
        if self.another == "same-size":
            return moved not in tried and len(moved) == len(old)
        return moved not in tried

    def c12_p(self, moved, joined: list[int], residents: list[int], p: int) -> int:
        """C.12's "allows p pairing to be made" (reading c12-p): p as it stood when C.12 was
        reached, or A.6's p of the bracket with the new players."""
        if self.c12_recomputed:
            return self.a6_p(list(moved) + joined, residents, bool(joined))
        return p

    def c12_code(self) -> str:
        """The Backtracked event's code for what C.12 accepts: the value of reading
        another-player ("another-set" for any-set), "+a6-p" when p is recomputed."""
        code = {"any-set": "another-set"}.get(self.another, self.another)
        return code + ("+a6-p" if self.c12_recomputed else "")

    # ------------------------------------------------------------------ C.13
    def c13_wants(self, joined: list[int], residents: list[int], moved_now, memo: dict):
        """C.13's "which will allow a pairing in the lowest score bracket": the lowest
        bracket paired by its own procedure (C.1-C.11), its events dropped."""
        known: dict[frozenset, bool] = {}

        def wants(moved) -> bool:
            key = frozenset(moved)
            if key not in known:
                known[key] = self.lowest_pairs(list(moved) + joined, residents, bool(joined))
            return known[key]

        return wants

    def c13_code(self) -> str:
        return "lowest-pairable" + ("+p0" if self.c13_zero else "")

    def lowest_pairs(self, mdps: list[int], residents: list[int], joined: bool = False) -> bool:
        """C.13's test: does the lowest bracket's own procedure pair it?  Run silently (no
        events kept), without backtracking itself."""
        kept = len(self.events)
        try:
            self.pair_bracket(mdps, residents, True, joined=joined, penultimate=True,
                              again=Again(None, "C.13"))
            return True
        except LowestUnpaired:
            return False
        finally:
            del self.events[kept:]

    # ------------------------------------------------------------------ C.2-C.14
    def c9_c11_levels(self, p: int, x0: int, upfloats: bool, fresh: bool):
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

    def pair_players(self, b):
        """C.2-C.14 for one bracket: (PairingFound events, players moved down) or None
        when the whole bracket moves down (C.14).  Raises Backtrack (C.12, in a
        heterogeneous group after C.11), LowestUnpaired (C.13, the lowest bracket with a
        penultimate one) and NoCandidate (paired again: p zero, or moving everyone down,
        is not what the backtrack wants)."""
        players = b.players
        n, m0 = len(players), len(b.mdps)
        homogeneous = not self.a3_heterogeneous(m0, n, b.joined)
        x0, counts = a8_x(self.st, players)
        mode = "homogeneous" if homogeneous else "heterogeneous"
        p = n // 2 if homogeneous else m0
        self.emit(ev.ParametersSet(article="C.2", score=b.score, p0=p, p1=p, m0=m0, m1=m0,
                                   x1=x0, z1=None, counts=counts, mode=mode))
        fresh = True
        x = x0
        upfloats = m0 > 0
        while True:
            if p < 0:  # cannot happen: the round is completable (B.1), see open_round
                self.impossible(players)
            if p == 0 and b.again is not None and b.again.no_zero:
                # C.13: "if in the penultimate score bracket p becomes zero"
                raise NoCandidate
            if p == 0 and not b.lowest:
                # C.14: "if p equals zero the entire score bracket is moved down to the
                # next one", a heterogeneous one too (its remainder is not paired then)
                return self.whole_down(b)
            if homogeneous:
                last = None
                # C.13's need (Dutch 2012's ``hopeless``): every level fails at once
                skipped = self.hopeless(b, n - 2 * p, self.c9_c11_levels(p, x, upfloats, fresh))
                for level in () if skipped else self.c9_c11_levels(p, x, upfloats, fresh):
                    self.failed(b, last, level.step)
                    stats: dict = {}
                    got = self.try_homogeneous(b, players, p, level, Budget(level.x, None),
                                               "homogeneous", stats)
                    if got is not None:
                        return [got[0]], got[1]
                    last = (level, p, stats.get("checked", 0))
            else:
                got = self.c10_heterogeneous(b, p, x, fresh)
                if got is not None:
                    return got
                last = None
            # C.12: "in case of a heterogeneous group" (after C.11, at this p)
            back = not homogeneous and b.again is None and ("C.11", p) not in b.skip
            # C.13: "in case of the lowest score bracket" (with a penultimate one)
            c13 = b.lowest and b.penultimate
            nxt = "C.12" if back else "C.13" if c13 else "C.14"
            self.failed(b, last, nxt)
            if homogeneous:
                self.levels_failed(b, p, skipped, n - 2 * p, nxt)
            if back:
                raise Backtrack(p, ("C.11", p))
            if c13:
                raise LowestUnpaired
            if not homogeneous and p == 0:
                return self.whole_down(b)
            # C.14
            p -= 1
            if x0 > 0:
                x = max(0, x - 1)
            fresh = self.restore
            self.emit(ev.Reduced(article="C.14", score=b.score, step="C.14", p1=p, m1=m0,
                                 x1=x, z1=None))

    def whole_down(self, b):
        """C.14: p is zero, the entire bracket moves down (None); when paired again by
        C.12, only if that is what the backtrack wants."""
        if b.refuses(sorted(b.down + b.players, key=self.key)):
            raise NoCandidate
        return None

    def c10_heterogeneous(self, b, p: int, x: int, fresh: bool):
        """C.4-C.10 for a heterogeneous bracket: S1 = the highest p players (the moved-down
        players, A.6), S2 the rest in D.1's order; each arrangement's remainder paired as a
        homogeneous group (C.6) at the level in force, its p lowered by C.14 first.

        The text's order within a pass over the arrangements: the remainder of an
        arrangement is tried at the level in force, then (C.9, "drop criterion B6 and B5
        (in this order) for downfloats and restart at C4": the remainder's C.4) without
        B.6, then without B.5 for downfloats, and only then does C.10 "undo the pairing of
        the lowest moved down player paired and try to find a different opponent for this
        player by restarting at C7": the next arrangement, at the level reached (the
        criteria C.9 dropped stay dropped; arrangements already passed are not tried
        again).  When no arrangement is left, C.10's bullet drops B.6 then B.5 for
        upfloats and restarts at C.2 (every arrangement again), then C.11 raises x."""
        players = sorted(b.players, key=self.key)
        s1, s2 = players[:p], players[p:]
        n_rem = len(players) - 2 * p
        for p_rem in range(n_rem // 2, -1, -1):
            last = None
            start = fresh if p_rem == n_rem // 2 else self.restore
            levels = self.c9_c11_levels(max(p, p_rem), x, True, start)
            level = next(levels)
            step = level.step
            while level is not None:
                self.failed(b, last, step)
                cell = [level]
                memo: dict = {}
                got: list = []
                by_level: dict = {}

                def allowed(a, b, cell=cell, by_level=by_level):
                    # the criteria reached: C.9 within the pass lowers them for the
                    # arrangements after it (C.10 "restarting at C7")
                    lv = cell[0]
                    test = by_level.get(lv)
                    if test is None:
                        test = by_level[lv] = self.allowed_at(lv)
                    return test(a, b)

                def homogeneous_remainder(rest, lv):
                    key = (rest, lv)
                    if key not in memo:
                        # the remainder's own x (C.6: it starts at C.2)
                        own = a8_x(self.st, rest)[0] + (lv.x - x)
                        seen: dict = {}
                        memo[key] = (self.try_homogeneous(
                            b, list(rest), p_rem, replace(lv, x=own), Budget(own, None),
                            "remainder", seen), seen.get("checked", 0))
                    return memo[key]

                def remainder(rest, xl, zl, cell=cell, got=got, p_rem=p_rem):
                    while True:
                        lv = cell[0]
                        r, checked = homogeneous_remainder(rest, lv)
                        if r is not None:
                            got.append((lv, r))
                            return None
                        # C.9 in the remainder, before C.10 changes an opponent
                        drop = "b6d" if lv.b6d else "b5d" if lv.b5d else None
                        if drop is None:
                            return "C.10"
                        self.failed(b, (lv, p_rem, checked), "C.9")
                        cell[0] = replace(lv, step="C.9", **{drop: False})

                stats: dict = {}
                f = first_transposition(s1, s2, allowed, self.bad_x,
                                        lambda c, d: False, Budget(level.x, None), remainder,
                                        self.kinds, None, stats, self.tick)
                if f is not None:
                    lv, (rem_event, leftover) = got[-1]
                    het = ev.PairingFound(
                        article="C.6", score=b.score, part="heterogeneous", s1=tuple(s1),
                        s2=tuple(f.order), pairs=tuple(f.pairs), exchange=(),
                        transposition=f.index, requirements=lv.facts(p),
                        x_used=f.x_used, z_used=0, rejected=tuple(f.rejected))
                    return [het, rem_event], leftover
                level = cell[0]
                last = (level, p, stats.get("checked", 0))
                level, step = self.next_level(levels, level)
            self.failed(b, last, "C.14")
            if p_rem:
                # C.14 in the remainder's own procedure (C.6: it restarts at C.2)
                self.emit(ev.Reduced(article="C.14", score=b.score, step="C.14-remainder",
                                     p1=p_rem - 1, m1=p, x1=x, z1=None))
        return None

    @staticmethod
    def next_level(levels, reached: Level):
        """The level after a pass that ended at ``reached`` (C.9 may have dropped
        criteria for downfloats within it): the next of ``levels`` (C.9-C.11's order) with
        C.9's drops kept at the same x, passing over those that lower nothing more;
        (None, "C.14") when none is left."""
        crit = ("b5d", "b6d", "b5u", "b6u")
        for level in levels:
            if level.x == reached.x:
                level = replace(level, b5d=level.b5d and reached.b5d,
                                b6d=level.b6d and reached.b6d)
                if all(getattr(level, c) == getattr(reached, c) for c in crit):
                    continue
            return level, level.step
        return None, "C.14"

    # ------------------------------------------------------------------ F.1
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
