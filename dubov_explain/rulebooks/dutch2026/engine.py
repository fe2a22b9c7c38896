"""The Dutch 2026 pairing procedure (``text/dutch-2026.txt``) as a traced machine.

States, in the text's order::

    open_round (1.2, the standings of 1.4-1.8) -> 1.9.1/1.9.3 (a complete round-pairing
    exists) -> [ bracket (1.3.2) -> 3.1 (M0, MaxPairs, M1) -> 3.2-3.8 (the candidates of
    Article 4, the first best by [C5]-[C21]) -> 1.4.1 downfloaters -> Article 5 colours ]
    from the top scoregroup down (1.9.2) -> 1.5 the PAB -> GHR 3.6 boards -> published

Articles 3-4 are in ``search`` (its docstring argues why the search returns what the
literal enumeration would), section 2 and Article 5 in ``criteria``, 1.2-1.8 in
``standings``.  An edition (``rulebooks/dutch2017``) subclasses :class:`Engine` and
overrides the articles its text words otherwise.
"""

from __future__ import annotations

from fractions import Fraction

from ... import matching
from ...tournament.model import Tournament
from ...trace.events import Trace, fmt
from ..machine import NoPairing, RoundMachine, StandingRow
from ..requests import initial_colour, lot_needed, rounds_needed
from . import Dutch2026
from . import events as ev
from .criteria import VECTOR, Criteria
from .readings import ACCELERATION, DEFAULT, Readings
from .search import BYE, LIMIT, Generation  # noqa: F401  (LIMIT: the docstring's)
from .standings import PlayerStanding, Standings, compute_standings

__all__ = ["Engine", "board_key", "compute_standings", "pair_round", "request_problems"]


class Engine(RoundMachine, Generation, Criteria):
    book = Dutch2026
    ev = ev
    opening_article = "1.2"
    standings_article = "1.7"
    acceleration_article = "1.3.1"
    #: the PAB's article (the last bracket's downfloater receives it) and the publication's
    bye_article = "1.5"
    publish_article = "GHR 3.6"
    acceleration_readings = ACCELERATION
    standings_of = staticmethod(compute_standings)
    default_readings = DEFAULT
    #: the criteria a candidate is compared on, in the text's numbers
    vector_names = VECTOR

    def __init__(self, t: Tournament, readings: Readings | None = None,
                 round_no: int | None = None, forced: tuple = ()):
        readings = readings if readings is not None else self.default_readings
        self.start(t, readings, self.standings_of(t, round_no, readings), forced)
        self.initial_colour, self.initial_colour_source = initial_colour(t)
        self.read_readings(readings)
        self._opt_cache: dict = {}
        self._pq: dict = {}
        self._fits: dict = {}
        self._clean: dict = {}
        self._marks: dict = {}
        self._tight_warm: dict | None = None

    def read_readings(self, readings: Readings) -> None:
        """The readings the search reads as flags (an edition reads its own)."""
        self.c13_absolute = readings.is_("c13-absolute", "strong-or-absolute")
        #: reading c14-downfloaters: [C14]/[C16] count the Limbo's MDPs too
        self.c14_all = readings.is_("c14-downfloaters", "all")
        #: reading c9-bracket: [C9] in a bracket above the last whose downfloater gets the PAB
        self.c9_above = readings.is_("c9-bracket", "pab-bracket")

    def key(self, n: int):
        """1.2: score (descending), then TPN (ascending)."""
        p = self.st[n]
        return (-p.score, p.initial_rank)

    # ------------------------------------------------------------------ the round
    def first_state(self):
        """1.9.1/1.9.3: without a complete round-pairing the Chief Arbiter decides."""
        self.remaining = sorted((p.number for p in self.st.players if p.present), key=self.key)
        vs = list(self.remaining) + ([BYE] if len(self.remaining) % 2 else [])

        def ok(u, v):
            if BYE in (u, v):
                x = u if v == BYE else v
                return self.st[x].bye_eligible and x not in self.fmap
            return self.absolute(u, v) is None

        if matching.has_perfect_matching(vs, ok) is None:
            self.impossible(self.remaining)
        return self.pair_brackets

    def impossible(self, players) -> None:
        vs = list(players)
        m = matching.max_matching(vs, lambda a, b: self.absolute(a, b) is None)
        lonely = [n for n in vs if n not in m] or [n for n in vs if not self.st[n].bye_eligible] or vs
        details = []
        for n in lonely:
            reasons: dict[str, int] = {}
            count = 0
            for o in vs:
                if o != n:
                    r = self.absolute(n, o)
                    if r is None:
                        count += 1
                    else:
                        reasons[r] = reasons.get(r, 0) + 1
            details.append((n, count, len(vs) - 1, tuple(sorted(reasons.items()))))
        self.emit(ev.Impossible(article="1.9.3", players=tuple(lonely), details=tuple(details)))
        raise NoPairing

    def scoregroups(self) -> list[tuple[Fraction, list[int]]]:
        """1.3.1: the scoregroups, highest score first."""
        out: list[tuple[Fraction, list[int]]] = []
        for n in self.remaining:
            s = self.st[n].score
            if out and out[-1][0] == s:
                out[-1][1].append(n)
            else:
                out.append((s, [n]))
        return out

    def pair_brackets(self):
        """1.9.2: bracket by bracket from the top scoregroup."""
        groups = self.scoregroups()
        mdps: list[int] = []
        for i, (score, residents) in enumerate(groups):
            lower = tuple(n for _, g in groups[i + 1:] for n in g)
            mdps = self.pair_bracket(score, mdps, residents, lower)
        self.assign_bye(mdps)
        return self.finish

    def pair_bracket(self, score: Fraction, mdps: list[int], residents: list[int],
                     lower: tuple[int, ...]) -> list[int]:
        """One bracket: 3.1's parameters, Articles 3-4's candidates, the one chosen (3.4.1
        or 3.8.1), its downfloaters (1.4.1), its colours (Article 5).  Returns the MDPs of
        the next bracket."""
        s = fmt(score)
        last = not lower
        self.emit(ev.BracketOpened(article="1.3.2", score=s, mdps=tuple(mdps),
                                   residents=tuple(residents),
                                   nature="heterogeneous" if mdps else "homogeneous", last=last))
        opt = self.optimum(frozenset(mdps), frozenset(residents), frozenset(), lower)
        if opt is None:
            self.no_candidate(s, mdps + residents)
        c5, (ndown, down_scores), _, c8 = opt
        size = len(mdps) + len(residents)
        max_pairs = (size - ndown) // 2
        limbo_scores = tuple(x for x in down_scores if x > score)
        m1 = len(mdps) - len(limbo_scores)
        # [C9] (and its note): the last bracket, or (reading c9-bracket) one above it that
        # downfloats exactly one player while the players below pair among themselves
        c9 = self.best_c9(mdps, residents, max_pairs, c5) if last or (
            self.c9_above and ndown == 1 and self.pair_alone(lower)) else 0
        self.emit(ev.ParametersSet(article="3.1", score=s, m0=len(mdps), max_pairs=max_pairs,
                                   m1=m1, c5=fmt(c5) if c5 != -1 else "",
                                   c8=(c8[0], tuple(fmt(x) for x in c8[1]))))
        root = (c5, c8 if not last else (0, ()), c9) + (0,) * 8 + ((),) * 4
        cand, limited = self.search(score, mdps, residents, lower, max_pairs, m1,
                                    limbo_scores, root)
        if limited:
            self.emit(ev.SearchLimit(article="3.8.1", score=s, count=self._count - 1))
        if cand is None:
            self.no_candidate(s, mdps + residents, limited)
        self.emit(ev.CandidateChosen(
            article="3.4.1" if cand["perfect"] else "3.8.1", score=s, s1=cand["s1"],
            s2=cand["s2"], limbo=cand.get("limbo", ()), pairs=cand["pairs"],
            downfloaters=cand["downfloaters"], mdp_set=cand["mdp_set"],
            exchange=cand["exchange"], s1r=cand.get("s1r", ()), s2r=cand.get("s2r", ()),
            exchange_r=cand.get("exchange_r", ()),
            vector=self.vector_facts(cand["vector"], cand["downfloaters"]),
            perfect=cand["perfect"],
            checked=cand["checked"]))
        down = list(cand["downfloaters"])
        if down and not last:
            self.emit(ev.MovedDown(article="1.4.1", score=s, players=tuple(down)))
        for a, b in cand["pairs"]:
            w, bl, rule = self.allocate(a, b)
            self.pairs.append((w, bl))
            self.emit(ev.ColourAllocated(article=rule, white=w, black=bl, rule=rule))
        self.emit(ev.BracketClosed(article="1.3.2", score=s, pairs=tuple(cand["pairs"])))
        return down

    def no_candidate(self, s: str, players: list[int], limited: bool = False) -> None:
        """1.9.3: no candidate of the bracket complies with [C1]-[C4]; or (``limited``) the
        search reached its limit before it found one, which proves nothing of the kind (a
        completion exists: ``optimum`` found one): the round is not paired, and the trace
        says why (context ``search-limit``), never that no pairing exists."""
        if limited:
            self.emit(ev.Impossible(article="3.8.1", players=tuple(players),
                                    context="search-limit"))
            raise NoPairing
        self.emit(ev.NoCandidate(article="1.9.3", score=s, players=tuple(players)))
        self.emit(ev.Impossible(article="1.9.3", players=tuple(players), context="bracket"))
        raise NoPairing

    def best_c9(self, mdps, residents, max_pairs, c5) -> int:
        """[C9] at its best in a bracket whose one downfloater gets the PAB: the fewest
        unplayed games of a player who can take the PAB (score ``c5``) while the rest of
        the bracket make MaxPairs pairs (the players below, if any, pair among themselves:
        the caller has asked)."""
        if c5 == -1:
            return 0
        players = mdps + residents
        mset = frozenset(mdps)
        for x in sorted((n for n in players if self.st[n].score == c5
                         and self.st[n].bye_eligible and n not in self.fmap),
                        key=lambda n: self.st[n].unplayed):
            rest = [n for n in players if n != x]
            if matching.has_perfect_matching(rest, lambda a, b: self.fits(a, b)
                                             and not (a in mset and b in mset)) is not None:
                return self.st[x].unplayed
        return 0

    def pair_alone(self, players: tuple[int, ...]) -> bool:
        """Whether ``players`` can all be paired among themselves by [C1]-[C3] (no bye)."""
        return len(players) % 2 == 0 and matching.has_perfect_matching(
            list(players), self.fits) is not None

    def vector_facts(self, vec: tuple, down: tuple) -> dict:
        """{criterion: value} in the text's order, with scores as strings (facts for the
        trace): the criteria the search compared, and [C6]/[C7] (the same for every
        candidate of the bracket, but not for a what-if run's)."""
        out = {}
        for name, v in zip(self.vector_names, vec):
            if name == "C8":
                out["C6"] = len(down)
                out["C7"] = [fmt(x) for x in sorted((self.st[n].score for n in down),
                                                     reverse=True)]
            if name == "C5":
                out[name] = fmt(v) if v != -1 else ""
            elif name == "C8":
                out[name] = [v[0], [fmt(x) for x in v[1]]]
            elif isinstance(v, tuple):
                out[name] = [fmt(x) for x in v]
            else:
                out[name] = v
        return out

    def assign_bye(self, down: list[int]) -> None:
        """1.5 and 1.9.1: the last bracket's downfloater receives the PAB."""
        if down:
            (x,) = down
            self.bye = x
            self.emit(self.ev.ByeAssigned(article=self.bye_article, player=x,
                                          score=fmt(self.st[x].score),
                                          unplayed=self.st[x].unplayed))
        else:
            self.emit(self.ev.ByeNotNeeded(article=self.bye_article, players=len(self.remaining)))

    def finish(self) -> None:
        boards = tuple(sorted(self.pairs, key=board_key(self.st)))
        self.emit(self.ev.PairingPublished(article=self.publish_article, boards=boards,
                                           bye=self.bye))

    # ------------------------------------------------------------------ the machine's
    def what_if_verdict(self, a: int, b: int) -> tuple[str, dict]:
        known = {p.number for p in self.st.players}
        why = self.absolute(a, b) if a in known and b in known else "absent"
        return ("" if why in (None, "forced") else why), {}

    def max_t(self) -> int:
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
            "aro": 0, "upfloats": p.upfloats, "upfloated_previous": p.upfloated_previous,
            "max_upfloater": False,
        }


def board_key(st: Standings):
    """GHR 3.6: the higher score of the higher ranked player, the higher sum, the higher
    ranked player's TPN."""

    def key(pair):
        a, b = pair
        hi = min(a, b, key=lambda n: (-st[n].score, st[n].initial_rank))
        return (-st[hi].score, -(st[a].score + st[b].score), st[hi].initial_rank)

    return key


def request_problems(t: Tournament, pairing: bool = True) -> list:
    """The number of rounds (1.8 topscorers, the final round) and, to pair round 1, the
    colour drawn by lot (5.1)."""
    return (rounds_needed(t, "1.8 and [C3] depend on the final round")
            + lot_needed(t, pairing, "the initial-colour drawn by lot (5.1, 5.2.5)"))


def pair_round(t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
               forced: tuple = ()) -> Trace:
    """Pair the next round (or ``round_no``) by the Dutch 2026 text; the trace."""
    return Engine(t, readings, round_no, tuple(forced)).run()
