"""How Dutch 2012 reads its own traces for ``why`` and ``why-not``.

* :func:`decision_key`: what each decision event decided (compared across traces);
* :func:`verdict_article`: the article of an absence, of no pairing, of an absolute
  criterion (B.1.a, B.2, XXP);
* :func:`read_parting`: where the real and the what-if trace part, which rule made the
  real choice: the bye of A.5, the requirements of C.3/C.10 (the what-if needed lower ones),
  C.14 (fewer pairs), or only the order of D.1 (transpositions), D.2 (exchanges) or D.3
  (MDP sets) when both met the same requirements;
* :func:`player_round`: the facts of one player's round.

Codes, numbers and event indices only; the words are in ``templates/why.md.j2``.
"""

from __future__ import annotations

from typing import Any

from ...trace.events import StandingsSnapshot, Trace
from ..why import TraceReader, answer as _answer, differs, round_facts
from . import events as ev
from .articles import article_text, articles  # noqa: F401  (the rulebook's reader: base.MODULE_HOOKS)
from .decisions import decisions  # noqa: F401
from .sheet import report_sheet  # noqa: F401
from .steps import step_changes, step_states  # noqa: F401


class Dutch2012Reader(TraceReader):
    opens = ev.BracketOpened
    silent = (ev.AccelerationApplied,)
    keys = {
        ev.BracketOpened: lambda e: ("bracket", e.score, tuple(e.mdps), tuple(e.residents)),
        ev.IncompatibleMoved: lambda e: ("c1", e.score, e.player),
        ev.ParametersSet: lambda e: ("parameters", e.score, e.p0, e.m0, e.x1, e.z1),
        ev.RequirementsFailed: lambda e: ("failed", e.score, tuple(sorted(e.requirements.items()))),
        ev.Reduced: lambda e: ("reduced", e.score, e.step, e.p1, e.m1),
        ev.BracketMovedDown: lambda e: ("moved-down-all", e.score, tuple(e.players)),
        ev.PairingFound: lambda e: ("found", e.score, e.part, tuple(map(tuple, e.pairs))),
        ev.B3Factor: lambda e: ("b3", e.score, e.part, tuple(map(tuple, e.pairs)), e.b3),
        ev.B3Level: lambda e: ("b3-level", e.score, tuple(sorted(e.requirements.items())),
                               e.outcome, e.b3),
        ev.MovedDown: lambda e: ("moved-down", e.score, tuple(e.players)),
        ev.ColourAllocated: lambda e: ("colour", e.white, e.black),
        ev.BracketClosed: lambda e: ("closed", e.score, tuple(map(tuple, e.pairs))),
        ev.ByeAssigned: lambda e: ("bye", e.player),
    }
    verdicts = {"absent": "A.2", "no-pairing": "B.1"}
    criteria = {"B.1.a": "B.1.a", "B.2": "B.2", "XXP": "XXP", "forced": "what-if"}
    #: the requirements of C.3 in the order C.10 lowers them, last lowered first
    order: tuple[str, ...] = ("B.6-up", "B.5-up", "B.6-down", "B.5-down", "Z", "X", "A.7.d",
                              "B.2")
    #: the step that lowers each
    steps = {"B.6-up": "C.10.a", "B.5-up": "C.10.b", "B.6-down": "C.10.c",
             "B.5-down": "C.10.d", "Z": "C.10.e", "X": "C.10.e", "A.7.d": "C.10.f",
             "B.2": "C.10.g"}

    def lowered(self, real: dict, what_if: dict) -> str | None:
        """The most important requirement the what-if run had to lower (or None)."""
        for name in reversed(self.order):
            a, b = real.get(name), what_if.get(name)
            if a == b:
                continue
            if isinstance(a, bool):
                if a and not b:
                    return name
            elif a is not None and b is not None and b > a:
                return name
        return None

    def read_parting(self, real: Trace, what_if: Trace, r, w, player: int,
                     against: int) -> dict:
        """Which rule made the real decision ``r`` where the what-if run decided ``w``."""
        if isinstance(w, ev.Impossible):
            return _answer("impossible", "B.1", "B.1", "round", verdict="impossible",
                           players=list(w.players))
        if isinstance(r, ev.ByeAssigned) and isinstance(w, ev.ByeAssigned):
            return _answer("bye", "A.5", "A.5", "bye", bye=r.player, instead=w.player)
        score = getattr(r, "score", None) or getattr(w, "score", None)
        # D.4's comparison of the bracket's levels, as the real run made it, is the reason
        # where it parts the two runs (also when it left one of the two unpaired for the bye)
        d4 = _b3_levels(real, what_if, score)
        if d4 is not None:
            return d4
        bye = real.result.bye if isinstance(real.result, ev.PairingPublished) else None
        if bye in (player, against):
            # one of the two has the bye: A.5 gives it to the player the last bracket leaves
            # unpaired, decided after every bracket (a what-if run parts earlier, elsewhere)
            return _answer("bye-holder", "A.5", "A.5", "bye", bye=bye)
        if isinstance(w, ev.IncompatibleMoved) and w.player not in (player, against):
            # a third player left without an opponent by the pair held is a consequence of
            # the what-if run, never a reason: the reason is where the bracket's pairings
            # part (the requirements each met), or only the real decision
            return self._past_artefact(real, what_if, r, w, score)
        # the real run paired the bracket where the what-if run failed a level (or reduced)
        if isinstance(r, ev.PairingFound) and isinstance(w, (ev.RequirementsFailed, ev.Reduced,
                                                              ev.BracketMovedDown)):
            if isinstance(w, ev.RequirementsFailed):
                return _answer("requirements", w.next_step, self.requirements_article(w),
                               "bracket", score, requirements=dict(w.requirements),
                               next_step=w.next_step)
            return _answer("fewer-pairs", "C.14", self.fewer_pairs_article(w), "bracket",
                           score)
        if isinstance(r, ev.PairingFound) and isinstance(w, ev.PairingFound):
            crit = self.lowered(dict(r.requirements), dict(w.requirements))
            if crit is not None:
                return _answer("lowered", crit, self.steps[crit], "bracket", score, name=crit,
                               real=r.requirements.get(crit), instead=w.requirements.get(crit))
            if r.part != w.part:
                return _answer("differs", r.article, r.article, "bracket", score,
                               real_kind=r.kind, what_if_kind=w.kind)
            rb, wb = _b3_after(real, r), _b3_after(what_if, w)
            if rb is not None and wb is not None and rb.b3 != wb.b3:
                return _answer("b3-factor", "D.4", "D.4", "bracket", score, b3=rb.b3,
                               instead=wb.b3)
            if tuple(r.exchange) != tuple(w.exchange):
                return _answer("exchange-order", self.exchange_rule(r), "C.8", "bracket", score,
                               exchange=list(r.exchange), instead=list(w.exchange))
            return _answer("transposition-order", "D.1", "C.7", "bracket", score,
                           index=r.transposition, instead=w.transposition,
                           s2=list(r.s2[:len(r.s1)]), instead_s2=list(w.s2[:len(w.s1)]))
        if isinstance(w, (ev.IncompatibleMoved, ev.MovedDown, ev.BracketMovedDown)) or \
                isinstance(r, (ev.MovedDown, ev.IncompatibleMoved)):
            return _answer("moved-down", "A.3", "A.3", "bracket", score,
                           real_kind=r.kind if r is not None else None, what_if_kind=w.kind)
        return differs(r, w)

    def _past_artefact(self, real: Trace, what_if: Trace, r, w, score) -> dict:
        """The bracket's last pairing in each run compared (C.10's requirements lowered, or
        the real run meeting what the what-if run failed); else where the real run decided,
        without a reason from the what-if run."""
        def last(trace, cls):
            found = [e for e in trace.of(cls) if e.score == score]
            return found[-1] if found else None
        rf, wf = last(real, ev.PairingFound), last(what_if, ev.PairingFound)
        if rf is not None and wf is not None:
            crit = self.lowered(dict(rf.requirements), dict(wf.requirements))
            if crit is not None:
                return _answer("lowered", crit, self.steps[crit], "bracket", score, name=crit,
                               real=rf.requirements.get(crit), instead=wf.requirements.get(crit))
        if r is not None:
            return _answer("moved-down", r.article, r.article, "bracket", score,
                           real_kind=r.kind, what_if_kind=None)
        return differs(r, w)

    # the articles an edition of the text may name otherwise
    def requirements_article(self, w) -> str:
        """The article of a what-if run that failed the requirements of a level: C.10."""
        return "C.10"

    def fewer_pairs_article(self, w) -> str:
        """The article of a what-if run that paired fewer: the step it reached."""
        return w.article

    def exchange_rule(self, r) -> str:
        """The rule ordering the exchanges: D.2 (homogeneous), D.3 (heterogeneous)."""
        return "D.3" if r.part == "heterogeneous" else "D.2"


READER = Dutch2012Reader()
decision_key = READER.decision_key
verdict_article = READER.verdict_article
bracket_of = READER.bracket_of
lowered = READER.lowered
_STEP = READER.steps
read_parting = READER.read_parting


def _level_stage(trace: Trace, score):
    """Reading d4-level=b3-first: the B.2 and A.7.d in force at the levels D.4 compared in
    the bracket (the last comparison there), and the B3Factor of the pairing taken; None
    when D.4 compared no level in that bracket."""
    firsts = [i for i, e in enumerate(trace.events)
              if isinstance(e, ev.B3Level) and e.score == score and e.outcome == "first"]
    if not firsts:
        return None
    first = trace.events[firsts[-1]]
    taken = next((e for e in trace.events[firsts[-1]:]
                  if isinstance(e, ev.B3Factor) and e.score == score), None)
    if taken is None:
        return None
    return (first.requirements.get("B.2"), first.requirements.get("A.7.d")), taken


def _b3_levels(real: Trace, what_if: Trace, score):
    """Both runs paired the bracket by D.4 over the same later levels (reading
    d4-level=b3-first, B.2 and A.7.d as in the real run): the procedure's pairing has the
    least B3-factor over those levels, and the what-if's candidates are among the real
    run's at each level, so its least is not lower.  (When the what-if run had to drop B.2
    or A.7.d first, the other answers say so.)"""
    if score is None:
        return None
    r, w = _level_stage(real, score), _level_stage(what_if, score)
    if r is None or w is None or r[0] != w[0]:
        return None
    return _answer("b3-level", "D.4", "D.4", "bracket", score, b3=r[1].b3, instead=w[1].b3)


def _b3_after(trace: Trace, found):
    """D.4's B3Factor event right after the PairingFound ``found`` (None: D.4 not applied)."""
    events = list(trace.events)
    for i, e in enumerate(events):
        if e is found:
            nxt = events[i + 1] if i + 1 < len(events) else None
            return nxt if isinstance(nxt, ev.B3Factor) else None
    return None


def player_round(trace: Trace, player: int) -> dict:
    """The facts of ``player``'s round: the bye, the bracket (resident or moved down),
    S1/S2 and the opponent, the colour rule; ``events`` the indices of the bracket.

    C.12/C.13 may pair a bracket more than once: the player's bracket is the last one
    holding him that was closed (a pairing undone is followed by a later one holding him,
    and a pairing tried again in vain is never closed)."""
    n = player
    x: dict[str, Any] = round_facts({})
    current = None
    run: dict[str, Any] | None = None  # the facts of the bracket being paired, if it holds n
    #: why n left the last bracket that held him (C.1: no possible opponent; C.6: unpaired)
    left: dict[str, Any] | None = None
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.BracketOpened):
            current = e
            run = None
            if n in e.residents or n in e.mdps:
                down = dict(case="resident" if n in e.residents else "moved-down", step=i, score=e.score,
                            players=list(e.mdps))
                if n in e.mdps and left is not None:
                    down["left"] = left
                run = dict(bracket_score=e.score, resident=n in e.residents,
                           residents=list(e.residents), upfloaters=list(e.mdps),
                           upfloat=[down],
                           events=[], groups=[], pairing=[], colour_rule="", colour_step=None)
        if run is not None and isinstance(e, ev.IncompatibleMoved) and e.player == n and \
                current is not None and e.score == current.score:
            left = dict(how="incompatible", score=e.score, step=i,
                        others=_why_none(trace, n, [p for p in current.residents + current.mdps if p != n]))
        if run is not None and isinstance(e, ev.MovedDown) and n in e.players:
            left = dict(how="unpaired", score=e.score, step=i)
        if run is not None and current is not None and \
                run["bracket_score"] == getattr(e, "score", None):
            run["events"].append(i)
            if isinstance(e, ev.PairingFound) and (n in e.s1 or n in e.s2):
                side = "S1" if n in e.s1 else "S2"
                pos = (list(e.s1) if side == "S1" else list(e.s2)).index(n) + 1
                run["groups"].append(dict(case="subgroup", step=i, side=side, index=pos,
                                          part=e.part))
                for a, b in e.pairs:
                    if n in (a, b):
                        run["pairing"].append(dict(case="paired", step=i, s1=a, opponent=b,
                                                   index=e.transposition))
            if isinstance(e, ev.B3Factor) and e.first_pairs:
                # D.4 took a later candidate than the first meeting the requirements
                for item in run["pairing"]:
                    if item["case"] == "paired" and (item["s1"], item["opponent"]) in \
                            [tuple(p) for p in e.pairs]:
                        item["d4"] = dict(b3=e.b3, first_b3=e.first_b3, step=i)
            if isinstance(e, ev.MovedDown) and n in e.players:
                run["pairing"].append(dict(case="moved-down", step=i))
            if isinstance(e, ev.IncompatibleMoved) and e.player == n:
                run["pairing"].append(dict(case="incompatible", step=i))
            if isinstance(e, ev.BracketClosed):
                x.update(run)
        if run is not None and isinstance(e, ev.ColourAllocated) and n in (e.white, e.black):
            run.update(colour_rule=e.rule, colour_step=i)
        if isinstance(e, ev.ByeAssigned):
            x["bye"] = dict(case="has" if e.player == n else "other", article="A.5", step=i,
                            bye=e.player)
    if not x["bye"]:
        if isinstance(trace.events[-1], ev.Impossible):
            x["bye"] = dict(case="none", article="B.1")
        else:
            x["bye"] = dict(case="not-needed", article="A.5")
    return x


def _why_none(trace: Trace, n: int, others: list[int]) -> list[list]:
    """Why ``n`` can meet none of ``others`` (C.1): ``[other, "met", rounds]`` (B.1.a), ``[other,
    "B.2", []]`` (the same absolute colour preference), else ``[other, "other", []]``."""
    rows = {r["number"]: r for e in trace.of(StandingsSnapshot) for r in e.rows}
    me = rows.get(n, {})
    out = []
    for o in others:
        met = [r for r, opp, _c, k in me.get("history", ()) if opp == o and k in "1=0WDL" and k]
        them = rows.get(o, {})
        if met:
            out.append([o, "met", met])
        elif me.get("strength") == them.get("strength") == "absolute" and me.get("preference") == them.get("preference"):
            out.append([o, "B.2", []])
        else:
            out.append([o, "other", []])
    return out


def report_events() -> tuple[tuple[type, ...], type, type]:
    """The report's divisions: the bye's events, and the events that open and close a
    score group."""
    return ((ev.ByeAssigned,), ev.BracketOpened, ev.BracketClosed)
