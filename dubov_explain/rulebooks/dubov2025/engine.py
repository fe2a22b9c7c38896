"""The Dubov 2025 pairing procedure as an explicit, traced state machine.

States, in the order of the text (``rules/dubov-2025.txt``)::

    open_round -> assign_bye (2.1) -> next_bracket -> [ choose_upfloaters (2.2.1-2.2.2, 4.2)
      -> form_groups (2.2.3) -> recompose (2.2.4, 4.3) -> sort_s1 (2.2.5)
      -> transpose (2.2.6, 4.4) -> allocate_colours (5) -> close_bracket ] ...
    -> publish (GHR 3.6 board order) | impossible (1.8.3)

Each state reads the engine's current state, appends events to the trace and returns the
next state.  The pairing is read from the trace (its last event), never computed beside it.
The states live beside their articles: ``bye.py`` (2.1), ``upfloaters.py`` (2.2.1-2.2.2,
4.2), ``groups.py`` (2.2.3-2.2.4, 4.3), ``transpositions.py`` (2.2.5-2.2.6, 4.4),
``colours.py`` (5), with the criteria in ``criteria.py``; this module is the machine.

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
  matching of R+L.  Two lower bounds are tried first: the residents left unmatched by a
  maximum matching inside R, and the lower players left unmatched by one inside L (each
  of them must meet the other side); a matching that reaches one proves the minimum;
  only otherwise is an exact minimum-cost perfect matching computed (networkx, imported
  only then).
* **2.2.2 upfloater set.**  The key of a set is ([C6] container rank, [C7], [C8], [C9],
  [C10], lexicographic sequence numbers); the literal rule takes the legal set with the
  smallest key.  Containers are visited in [C6] order; within one, sets are grouped by
  the "type" of their members (score, colour preference, maximum-upfloater flag, upfloat
  count, previous-round flag), which fixes [C8]-[C10] exactly and gives a lower bound
  |W-B|/2 for [C7].  A best-first search pops the smallest (bound, lexicographic) key;
  a set is evaluated only when popped and pushed back with its exact key.  Because bounds
  never exceed exact keys and each type's sets are generated in lexicographic order, the
  first *exact* entry popped is the literal answer (A* with an admissible heuristic).
  A popped set carries its result in its heap entry, so no cache of every set tried is
  kept.  Pruning: after a set fails, three necessary conditions are asked of its first j
  members, the rest to come from the later members of the types still needed: that some
  completion pairs with the residents ([C1]/[C3], exact: "eater" vertices take the later
  members left out), that some completion leaves the lower players pairable ([C4], exact
  likewise), and, since in a legal set of the minimum size every upfloater meets a
  resident (the argument of 2.2.1), that R+L pairs with the chosen ones meeting residents
  and the others lower players (one graph, each later member on both sides).  When one
  fails, every set that starts with those j members is illegal as well and the type's
  generator jumps past them (shortest such j, by bisection: a completion of a longer
  prefix completes a shorter one).  In a search that meets more than
  ``UpfloaterSearch.PRUNE_TYPES_FROM`` type vectors, the same test with j = 0 and the
  scores as the only types drops a whole container, with the types of a vector a whole
  vector, before any of its sets is evaluated, and a [C4] failure jumps too; a
  smaller search skips only after [C1]/[C3], so that its trace counts each set [C4]
  rejects.  Skipped sets are ones the literal enumeration rejects, so the first legal
  set in the order is unchanged; they are not counted as examined.
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
  matched to the rest of G2.  One perfect matching m of S1 with G2 is kept throughout:
  taking c (held in m by a later player h) leaves the rest pairable exactly when an
  m-alternating path leads from h to a G2 player left free (Berge); one breadth-first
  search backwards from the free players, grown only as far as the candidates need,
  answers it for every candidate of S1[i], and the path found re-pairs h.  That is
  exactly the lexicographically first legal permutation; its index among all
  permutations is reported.

``tests/test_engine_bruteforce.py`` enumerates these orders literally on small generated
brackets and checks that the engine agrees every time.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Sequence

from ... import matching
from ...records import dataclass, field
from ...tournament.model import Tournament, places
from ...trace.events import Trace
from ..machine import NoPairing, RoundMachine, StandingRow
from . import Dubov2025
from . import events as ev
from .boards import board_key
from .bye import ByeSteps
from .colours import ColourSteps
from .criteria import Compatibility
from .events import fmt
from .groups import GroupSteps
from .readings import ACCELERATION, DEFAULT, Readings
from .request import initial_colour
from .standings import PlayerStanding, compute_standings
from .transpositions import TranspositionSteps
from .upfloaters import UpfloaterSteps
from .request import request_problems  # noqa: F401  (the rulebook's procedure: base.MODULE_HOOKS)


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


class DubovEngine(RoundMachine, ByeSteps, UpfloaterSteps, GroupSteps, TranspositionSteps,
                  ColourSteps):
    """Pairs one round.  Use :func:`pair_round`.

    The states live with their articles: 2.1 in ``bye``, 2.2.1-2.2.2 in ``upfloaters``,
    2.2.3-2.2.4 in ``groups``, 2.2.5-2.2.6 in ``transpositions``, Article 5 in ``colours``;
    the machine itself (the brackets in turn, the pairing published or 1.8.3) is here, on
    the shared round machine (``rulebooks/machine.py``: the round opened, 1.8.2, and the
    standings, Article 1).
    """

    book = Dubov2025
    ev = ev
    opening_article = "1.8.2"
    standings_article = "1"
    acceleration_article = "1.3.1"
    acceleration_readings = ACCELERATION

    def __init__(
        self,
        t: Tournament,
        readings: Readings = DEFAULT,
        round_no: int | None = None,
        forced: tuple[tuple[int, int], ...] = (),
    ):
        fmap = self.start(t, readings, compute_standings(t, round_no, readings), forced)
        self.compat = Compatibility(self.st, fmap)
        self._by = {q.number: q for q in self.st.players}  # asked for at every step
        self.base: dict[int, int] = {}
        self.bracket: Bracket | None = None
        self._real_upfloaters = readings.is_("acceleration-upfloaters", "real")
        # 4.2.2's order of possible upfloaters as plain ints (the places of the scores,
        # highest first, then the initial rank), so the sort of every bracket's lower
        # players compares no Fractions: the same order, exactly
        ups = places({q.number: self.upfloater_score(q.number) for q in self.st.players})
        self._upfloater_key = {n: (at, self._by[n].initial_rank) for n, at in ups.items()}
        # 2.2's "highest score" among the players left, likewise as the place of each pairing
        # score (0 = the highest): the same brackets, without comparing Fractions per step
        self._score_place = places({q.number: q.score for q in self.st.players})
        # 5.1: drawn by lot before round 1; from the file, the user, or read back from round 1
        self.initial_colour, self.initial_colour_source = initial_colour(t)

    # ------------------------------------------------------------------ helpers
    def p(self, n: int) -> PlayerStanding:
        return self._by[n]

    def rank(self, n: int) -> int:
        return self._by[n].initial_rank

    def score(self, n: int) -> Fraction:
        return self._by[n].score

    def upfloater_score(self, n: int) -> Fraction:
        """The score by which a possible upfloater is numbered (4.2.2) and its container
        formed ([C6]): the pairing score, or under ``acceleration-upfloaters=real`` the
        real score (the same without acceleration)."""
        return self._by[n].points if self._real_upfloaters else self._by[n].score

    def perfect(self, players: Sequence[int], initial: dict[int, int] | None = None):
        return matching.has_perfect_matching(players, self.compat, initial or self.base)

    # ------------------------------------------------------------------ states
    def first_state(self):
        self.remaining = sorted(p.number for p in self.st.players if p.present)
        return self.assign_bye

    def what_if_verdict(self, a: int, b: int) -> tuple[str, dict]:
        why = self.compat.reason(a, b)
        return why if why is not None else ("", {})

    def row(self, p: PlayerStanding) -> StandingRow:
        return {
            **self.who_columns(p),
            "colours": "".join(p.colours).upper(),  # Colour is a str: its letters
            "colour_difference": p.colour_difference,
            "preference": p.preference.word,
            "strength": p.strength.value,
            "preference_rule": p.preference_rule,
            "aro": p.aro,
            "games_played": p.games_played,
            "upfloats": p.upfloats,
            "upfloated_previous": p.upfloated_previous,
            "max_upfloater": p.max_upfloater,
            **self.bye_columns(p),
        }

    def row_notes(self, p: PlayerStanding) -> StandingRow:
        """The scores 2.1.3 and 5.2.1 read when a reading makes them the real score."""
        notes = {}
        if p.bye_score is not None:
            notes["bye_score"] = fmt(p.bye_score)
        if p.rank_score is not None:
            notes["rank_score"] = fmt(p.rank_score)
        return notes

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

    def next_bracket(self):
        if not self.remaining:
            return self.publish
        place = self._score_place
        first = min(place[n] for n in self.remaining)
        residents = sorted((n for n in self.remaining if place[n] == first), key=self.rank)
        lower = [n for n in self.remaining if place[n] > first]
        top = self.score(residents[0])
        self.bracket = Bracket(score=top, residents=residents)
        self.emit(
            ev.BracketOpened(
                article="2.2", score=fmt(top), residents=tuple(residents), pool=len(lower)
            )
        )
        return self.choose_upfloaters

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
