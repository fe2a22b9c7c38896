"""The Dutch 2017 pairing procedure (``text/dutch-2017.txt``) as a traced machine: the
2026 machine (``dutch2026/engine.py``) with the articles 2017 words otherwise.

States, in the text's order::

    open_round (A.2, the standings of A.4-A.7) -> A.9 (a complete round-pairing exists)
    -> [ bracket (A.3) -> B.1 (M0, MaxPairs, M1) -> B.2-B.8 (the candidates of section D,
    the first best by C.5-C.19) -> A.4.a downfloaters -> E colours ] from the top
    scoregroup down -> A.9: a bracket whose downfloaters cannot complete the round is the
    PPB, re-paired by C.4, and every player below it forms the collapsed last bracket (CLB)
    -> A.5 the PAB (the last bracket's downfloater) -> C.04.2 board order -> published

What differs from 2026, article by article: C.4 binds the PPB alone (2026's [C4] every
bracket); the PPB and the CLB of A.9 (2026 has no collapsed bracket: each scoregroup is a
bracket); no PAB criterion ([C5], [C9]); C.7 weighs the following bracket alone; C.12-C.19
over every float (``criteria``); A.4.b's floats and C.2's bar (``standings``).
"""

from __future__ import annotations

from fractions import Fraction

from ... import matching
from ...tournament.model import Tournament
from ...trace.events import Trace, fmt
from ..dutch2026 import engine as family
from ..dutch2026.engine import board_key, request_problems  # noqa: F401  (MODULE_HOOKS)
from ..dutch2026.search import BYE
from . import Dutch2017
from . import events as ev
from .criteria import VECTOR, Criteria
from .numbering import ARTICLES, CRITERIA
from .readings import ACCELERATION, DEFAULT, Readings
from .search import Generation
from .standings import compute_standings

__all__ = ["Engine", "board_key", "compute_standings", "pair_round", "request_problems"]


class Engine(Generation, Criteria, family.Engine):
    book = Dutch2017
    ev = ev
    opening_article = "A.2"
    standings_article = "A.6"
    acceleration_article = "A.3"
    bye_article = "A.5"  # and A.9's note: the last bracket's downfloater receives the PAB
    publish_article = "C.04.2.D.9"
    acceleration_readings = ACCELERATION
    standings_of = staticmethod(compute_standings)
    default_readings = DEFAULT
    vector_names = VECTOR
    #: what the 2026 states this engine keeps cite (1.9.3's "no complete round-pairing"),
    #: in 2017's numbers
    articles = ARTICLES

    def __init__(self, t: Tournament, readings: Readings | None = None,
                 round_no: int | None = None, forced: tuple = ()):
        super().__init__(t, readings, round_no, forced)
        self.mode = "bracket"
        self._lowest = Fraction(0)

    def read_readings(self, readings: Readings) -> None:
        self.c13_absolute = readings.is_("c13-absolute", "strong-or-absolute")
        self.c14_all = True  # C.12/C.14: every player who receives a downfloat
        self.c7_pab = readings.is_("c7-last-bracket", "pab")

    # ------------------------------------------------------------------ A.9
    def pair_brackets(self):
        """A.9: bracket by bracket from the top scoregroup; a bracket whose downfloaters,
        with all the players below, cannot complete the round-pairing is the PPB: re-paired
        by C.4, and the players below it form the collapsed last bracket (CLB)."""
        groups = self.scoregroups()
        mdps: list[int] = []
        for i, (score, residents) in enumerate(groups):
            lower = tuple(n for _, g in groups[i + 1:] for n in g)
            if not lower:
                mdps = self.pair_bracket(score, mdps, residents, lower, "last")
                break
            chosen = self.choose(score, mdps, residents, lower, "bracket")
            down = chosen[1]["downfloaters"] if chosen[1] is not None else None
            if down is not None and self.completes(down, lower):
                mdps = self.publish(score, mdps, residents, lower, "bracket", chosen)
                continue
            self.emit(ev.BracketOpened(article="A.3", score=fmt(score), mdps=tuple(mdps),
                                       residents=tuple(residents),
                                       nature="heterogeneous" if mdps else "homogeneous",
                                       last=False))
            self.emit(ev.PenultimateBracket(article="A.9", score=fmt(score),
                                            downfloaters=tuple(down or ()), collapsed=lower))
            down = self.pair_bracket(score, mdps, residents, lower, "ppb", opened=True)
            collapsed = sorted(lower, key=self.key)
            mdps = self.pair_bracket(self.st[collapsed[0]].score, down, collapsed, (), "clb",
                                     nature="collapsed")
            break
        self.assign_bye(mdps)
        return self.finish

    def completes(self, down, lower) -> bool:
        """Whether ``down`` and the players ``lower`` can all be paired by C.1-C.3, one of
        them receiving the PAB (C.2) if they are odd."""
        vs = list(down) + list(lower)
        if len(vs) % 2:
            vs.append(BYE)

        def ok(u, v):
            if BYE in (u, v):
                x = v if u == BYE else u
                return self.st[x].bye_eligible and x not in self.fmap
            return self.absolute(u, v) is None

        return matching.has_perfect_matching(vs, ok) is not None

    def choose(self, score: Fraction, mdps: list[int], residents: list[int],
               lower: tuple[int, ...], mode: str):
        """B.1-B.8 without a trace: (the parameters, the candidate chosen or None, whether
        the search was cut)."""
        self.mode = mode
        self._opt_cache = {}
        self._bracket = tuple(mdps) + tuple(residents)
        self._fit_orders = {}
        self._lowest = min(self.st[n].score for n in list(mdps) + list(residents))
        opt = self.optimum(frozenset(mdps), frozenset(residents), frozenset(), lower)
        if opt is None:
            return None, None, False
        _, (ndown, down_scores), _, c7 = opt
        size = len(mdps) + len(residents)
        max_pairs = (size - ndown) // 2
        top = max(self.st[n].score for n in residents)
        limbo_scores = tuple(x for x in down_scores if x > top)
        m1 = len(mdps) - len(limbo_scores)
        c7 = c7 if mode == "bracket" else (0, ())
        params = dict(m0=len(mdps), max_pairs=max_pairs, m1=m1, c7=c7)
        root = (self.c6_floor(), c7, 0) + (0,) * 8 + ((),) * 4
        cand, limited = self.search(score, mdps, residents, lower, max_pairs, m1,
                                    limbo_scores, root)
        return params, cand, limited

    def pair_bracket(self, score, mdps, residents, lower, mode="bracket", opened=False,
                     nature=None):
        chosen = self.choose(score, mdps, residents, lower, mode)
        return self.publish(score, mdps, residents, lower, mode, chosen, opened, nature)

    def publish(self, score, mdps, residents, lower, mode, chosen, opened=False, nature=None):
        """The bracket's events: A.3 (opened), B.1's parameters, the candidate (B.4 perfect,
        or B.8 the best), A.4.a's downfloaters, E's colours.  Returns its downfloaters."""
        params, cand, limited = chosen
        s = fmt(score)
        if cand is not None:  # A.8: the PSD of the candidate, for the trace
            self._psd = self.psd_points(cand["pairs"], cand["downfloaters"])
        if not opened:
            self.emit(ev.BracketOpened(
                article="A.3", score=s, mdps=tuple(mdps), residents=tuple(residents),
                nature=nature or ("heterogeneous" if mdps else "homogeneous"),
                last=not lower))
        if params is None:
            self.no_candidate(s, list(mdps) + list(residents))
        self.emit(ev.ParametersSet(article="B.1", score=s, m0=params["m0"],
                                   max_pairs=params["max_pairs"], m1=params["m1"], c5="",
                                   c8=(params["c7"][0], tuple(fmt(x) for x in params["c7"][1]))))
        if limited:
            self.emit(ev.SearchLimit(article="B.8", score=s, count=self._count - 1))
        if cand is None:
            self.no_candidate(s, list(mdps) + list(residents), limited)
        self.emit(ev.CandidateChosen(
            article="B.4" if cand["perfect"] else "B.8", score=s, s1=cand["s1"],
            s2=cand["s2"], limbo=cand.get("limbo", ()), pairs=cand["pairs"],
            downfloaters=cand["downfloaters"], mdp_set=cand["mdp_set"],
            exchange=cand["exchange"], s1r=cand.get("s1r", ()), s2r=cand.get("s2r", ()),
            exchange_r=cand.get("exchange_r", ()),
            vector=self.vector_facts(cand["vector"], cand["downfloaters"]),
            perfect=cand["perfect"], checked=cand["checked"]))
        down = list(cand["downfloaters"])
        if down and lower:
            self.emit(ev.MovedDown(article="A.4.a", score=s, players=tuple(down)))
        for a, b in cand["pairs"]:
            w, bl, rule = self.allocate(a, b)
            rule = COLOUR_RULES[rule]
            self.pairs.append((w, bl))
            self.emit(ev.ColourAllocated(article=rule, white=w, black=bl, rule=rule))
        self.emit(ev.BracketClosed(article="A.3", score=s, pairs=tuple(cand["pairs"])))
        return down

    def no_candidate(self, s: str, players: list[int], limited: bool = False) -> None:
        """A.9: "if it is impossible to complete a round-pairing, the arbiter shall decide";
        or (``limited``) the search reached its limit before it found a candidate, which
        proves no impossibility: the round is not paired and the trace says so (context
        ``search-limit``)."""
        if limited:
            self.emit(ev.Impossible(article="B.8", players=tuple(players),
                                    context="search-limit"))
            raise family.NoPairing
        self.emit(ev.NoCandidate(article="A.9", score=s, players=tuple(players)))
        self.emit(ev.Impossible(article="A.9", players=tuple(players), context="bracket"))
        raise family.NoPairing

    def vector_facts(self, vec: tuple, down: tuple) -> dict:
        """{criterion: value} in the 2017 text's order: C.5 (the downfloaters: how many),
        C.6 (the PSD of A.8), C.7 (the following bracket's downfloaters), C.8-C.19."""
        out: dict = {"C.5": len(down), "C.6": [fmt(x) for x in self._psd]}
        for name, v in zip(self.vector_names, vec):
            if not name:
                continue
            if name == "C.7":
                out[name] = [v[0], [fmt(x) for x in v[1]]]
            elif isinstance(v, tuple):
                out[name] = [fmt(x) for x in v]
            else:
                out[name] = v
        return out

    def what_if_verdict(self, a: int, b: int) -> tuple[str, dict]:
        """The absolute criterion a forced pair breaks, in 2017's names (C.1, C.3)."""
        why, facts = super().what_if_verdict(a, b)
        return CRITERIA.get(why) or why, facts


#: E.1-E.5 of 2017 are 5.2.1-5.2.5 of 2026
COLOUR_RULES = {"5.2.1": "E.1", "5.2.2": "E.2", "5.2.3": "E.3", "5.2.4": "E.4", "5.2.5": "E.5"}


def pair_round(t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
               forced: tuple = ()) -> Trace:
    """Pair the next round (or ``round_no``) by the Dutch 2017 text; the trace."""
    return Engine(t, readings, round_no, tuple(forced)).run()
