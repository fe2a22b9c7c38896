"""``check`` for Dutch 2026 and the trace read back (``base.MODULE_HOOKS``' review module).

1. **The absolute test** of a published pairing: everyone to pair once, nobody absent
   (1.9.1); one PAB exactly when the number is odd, never to a player [C2] bars; no pair
   breaking [C1] (rematch), XXP, or [C3] (non-topscorers with the same absolute
   preference), and no absolute preference denied between non-topscorers.
2. **The departures**: a what-if run forces the published pairs; bracket by bracket where
   both runs start from the same players, the first criterion of [C5]-[C21] on which the
   engine's candidate is better names the departure; with equal values only 3.8.1's order
   of generation separates them.
3. **The trace read back** (why, why-not, the step page, decisions, the report's sheet):
   codes, numbers and event indices; the words are in ``templates/``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable

from ...trace.events import Trace
from ...tournament.model import Tournament
from ..base import Departure, Violation
from ..claims import PLAYED
from ..truth import perfectly_pairable
from ..checking import absolute_denied, known_pairs, met_or_forbidden, roster, walk_published
from ..colourcheck import colour_departures
from ..decisions import COMMON, Projection, fields
from ..sections import Sheet, SheetItem, not_granted, preferences, walk
from ..steps import RoundSteps
from ..texts import citation_lookup, rule_text
from ..why import TraceReader, answer as _answer, differs, round_facts
from . import events as ev
from .criteria import VECTOR

#: the criteria of a candidate as the trace records them, in the text's order
ORDER = ("C5", "C6", "C7") + VECTOR[1:]
from .engine import pair_round, request_problems  # noqa: F401
from .readings import DEFAULT, Readings
from .standings import Strength, compute_standings

__all__ = ["absolute_test", "analyse_departures", "board_order", "request_problems"]


def absolute_test(request: Tournament, r: int, pub, readings: Readings = DEFAULT,
                  standings=None) -> list[Violation]:
    st = standings if standings is not None else compute_standings(request, r, readings)
    by, out = roster(pub, r, st, {"unknown": "1.9.1", "absent": "1.9.1", "repeated": "1.9.1",
                                  "missing": "1.9.1", "self": "1.9.1", "bye": "1.5"},
                     "C2", "2.1.2")
    for pr, a, b in known_pairs(pub, by):
        out += met_or_forbidden(pr, st, "C1")
        if a.topscorer or b.topscorer:
            continue
        if a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE and \
                a.preference is b.preference:
            out.append(Violation("C3", (pr.white, pr.black), "same-absolute", "2.1.3",
                                 {"preference": a.preference.word}))
            continue
        if pr.colours_known:
            out += absolute_denied(a, b, "2.1.3")
    return out


def board_order(pairs: Iterable[tuple[int, int]], trace: Trace) -> list[tuple[int, int]]:
    """``pairs`` in GHR 3.6's order by the standings of ``trace``."""
    snap = trace.of(ev.StandingsSnapshot)
    rows = {row["number"]: row for row in snap[0].rows} if snap else {}

    def sc(n):
        row = rows.get(n)
        return (Fraction(row["score"]), row["initial_rank"]) if row else (Fraction(0), n)

    def key(pair):
        a, b = pair
        hi = min(a, b, key=lambda n: (-sc(n)[0], sc(n)[1]))
        return (-sc(hi)[0], -(sc(a)[0] + sc(b)[0]), sc(hi)[1])

    return sorted(pairs, key=key)


def _chosen(trace: Trace) -> dict[str, tuple]:
    """score -> (BracketOpened, CandidateChosen) of each bracket paired."""
    out: dict[str, tuple] = {}
    opened = None
    for e in trace.events:
        if isinstance(e, ev.BracketOpened):
            opened = e
        elif isinstance(e, ev.CandidateChosen) and opened is not None:
            out[e.score] = (opened, e)
    return out


def first_worse(real: dict, what_if: dict) -> str | None:
    """The first criterion, in the text's order, on which two candidates differ (from the
    same bracket, the what-if's is the worse there: its candidates are some of the
    engine's)."""
    # an edition that names its criteria otherwise (Dutch 2017's C.5-C.19) records them in
    # its text's order: its vector's own keys
    for name in ORDER if set(real) <= set(ORDER) else real:
        a, b = real.get(name), what_if.get(name)
        if a != b:
            return name
    return None


def analyse_departures(request: Tournament, r: int, pub, trace: Trace,
                       readings: Readings = DEFAULT, pair=None
                       ) -> tuple[list[Departure], Trace | None]:
    """``pair``: the procedure the what-if run walks (an edition's ``pair_round``)."""
    what_if, ended = walk_published(request, r, pub, trace, readings, pair or pair_round,
                                    "1.9.3", "3.8.1")
    if ended is not None:
        return ended, what_if
    out: list[Departure] = []
    result = trace.result
    if result.bye != pub.bye and result.bye is not None and pub.bye is not None:
        out.append(Departure("bye", "1.5", "C5", False, False, case="bye",
                             engine=(result.bye,), published=(pub.bye,)))
    theirs = _chosen(what_if)
    for score, (eo, ec) in _chosen(trace).items():
        w = theirs.get(score)
        if w is None or set(eo.mdps) != set(w[0].mdps) or \
                set(eo.residents) != set(w[0].residents):
            continue
        wc = w[1]
        if {frozenset(p) for p in ec.pairs} == {frozenset(p) for p in wc.pairs}:
            continue
        base = dict(engine=tuple(map(tuple, ec.pairs)), published=tuple(map(tuple, wc.pairs)))
        crit = first_worse(ec.vector, wc.vector)
        if crit is not None:
            out.append(Departure("bracket", "3.8.1", crit, False, False, score,
                                 case="criterion", facts={"name": crit}, **base))
        else:
            out.append(Departure("bracket", "3.8.1", "3.8.1", True, True, score,
                                 case="order", facts={"rule": "3.8.1"}, **base))
    out.extend(colour_departures(pub, (trace, what_if)))
    return out, what_if


# ---------------------------------------------------------------------------- the text
_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\s+(.*)$")
_BOLD = re.compile(r"^\*\*(\d+(?:\.\d+)*)\.?\s*\**\s*(.*?)\**$")


@lru_cache(maxsize=4)
def _articles(name: str = "dutch-2026.txt") -> dict[str, str]:
    """number -> text: the numbered lines and bold headings of the text; [Cn] criteria too."""
    out: dict[str, str] = {}
    for line in rule_text(__package__, name).splitlines():
        line = line.strip()
        m = _BOLD.match(line) or _NUMBER.match(line)
        if m:
            out[m.group(1)] = m.group(2).strip("* ")
            c = re.search(r"\[(C\d+)\]", line)
            if c:
                out[c.group(1)] = m.group(2).strip("* ")
    return out


def articles() -> dict[str, str]:
    return _articles()


_refs, article_text = citation_lookup(articles, r"GHR \d+(?:\.\d+)*|C\d+|\d+(?:\.\d+)+")


# ---------------------------------------------------------------------------- read back
class Reader(TraceReader):
    opens = ev.BracketOpened
    silent = (ev.AccelerationApplied, ev.ParametersSet)
    keys = {
        ev.BracketOpened: lambda e: ("bracket", e.score, tuple(e.mdps), tuple(e.residents)),
        ev.CandidateChosen: lambda e: ("chosen", e.score, tuple(map(tuple, e.pairs))),
        ev.MovedDown: lambda e: ("moved-down", e.score, tuple(e.players)),
        ev.ColourAllocated: lambda e: ("colour", e.white, e.black),
        ev.BracketClosed: lambda e: ("closed", e.score, tuple(map(tuple, e.pairs))),
        ev.ByeAssigned: lambda e: ("bye", e.player),
    }
    verdicts = {"absent": "1.9.1", "no-pairing": "1.9.3"}
    criteria = {"C1": "2.1.1", "C3": "2.1.3", "XXP": "XXP", "forced": "what-if"}

    def read_parting(self, real: Trace, what_if: Trace, r, w, player: int,
                     against: int) -> dict:
        if isinstance(w, ev.Impossible):
            return _answer("impossible", "1.9.3", "1.9.3", "round", verdict="impossible",
                           players=list(w.players))
        if isinstance(r, ev.ByeAssigned) and isinstance(w, ev.ByeAssigned):
            return _answer("bye", "C5", "2.3.1", "bye", bye=r.player, instead=w.player)
        score = getattr(r, "score", None) or getattr(w, "score", None)
        if isinstance(r, ev.CandidateChosen) and isinstance(w, ev.CandidateChosen):
            crit = first_worse(r.vector, w.vector)
            if crit is not None:
                return _answer("criterion", crit, "3.8.1", "bracket", score, name=crit,
                               real=r.vector.get(crit), instead=w.vector.get(crit))
            return _answer("order", "3.8.1", "3.8.1", "bracket", score)
        if isinstance(r, ev.MovedDown) or isinstance(w, ev.MovedDown):
            return _answer("moved-down", "1.4.1", "1.4.1", "bracket", score,
                           real_kind=r.kind if r is not None else None, what_if_kind=w.kind)
        return differs(r, w)


READER = Reader()
decision_key = READER.decision_key
verdict_article = READER.verdict_article
bracket_of = READER.bracket_of
read_parting = READER.read_parting


def player_round(trace: Trace, player: int) -> dict:
    """The facts of ``player``'s round: the bye, the bracket, S1/S2 and the opponent."""
    n = player
    x: dict[str, Any] = round_facts({})
    run = None
    last: dict = {}
    left = None
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.BracketOpened):
            run = None
            if e.last:
                last = dict(score=e.score, players=list(e.mdps) + list(e.residents))
            if n in e.residents or n in e.mdps:
                run = dict(bracket_score=e.score, resident=n in e.residents,
                           residents=list(e.residents), upfloaters=list(e.mdps),
                           upfloat=[dict(case="resident" if n in e.residents else "moved-down",
                                         step=i, score=e.score, players=list(e.mdps))],
                           events=[], groups=[], pairing=[], colour_rule="", colour_step=None)
        if isinstance(e, ev.MovedDown) and n in e.players:
            left = _left(trace, e.score, n)
        if run is not None:
            run["events"].append(i)
            if isinstance(e, ev.CandidateChosen):
                whole = "heterogeneous" if e.mdp_set >= 0 else "homogeneous"
                for side, group, part in (("S1", e.s1, whole), ("S2", e.s2, whole),
                                          ("S1R", e.s1r, "remainder"),
                                          ("S2R", e.s2r, "remainder")):
                    if n in group:
                        run["groups"].append(dict(case="subgroup", step=i, side=side,
                                                  index=list(group).index(n) + 1, part=part))
                for a, b in e.pairs:
                    if n in (a, b):
                        run["pairing"].append(dict(case="paired", step=i, s1=a, opponent=b,
                                                   index=0, perfect=e.perfect))
                if n in e.downfloaters:
                    run["pairing"].append(dict(case="downfloater", step=i))
            if isinstance(e, ev.ColourAllocated) and n in (e.white, e.black):
                run.update(colour_rule=e.rule, colour_step=i)
            if isinstance(e, ev.BracketClosed):
                x.update(run)
                run = None
        if isinstance(e, ev.ByeAssigned):
            x["bye"] = dict(case="has" if e.player == n else "other", article="1.5", step=i,
                            bye=e.player, **_last_bracket(trace, last, e.player))
    for item in x.get("upfloat") or ():
        if item["case"] == "moved-down" and left is not None:
            item["left"] = left
    if x["bye"] and x["bye"]["case"] == "other":
        x["bye"]["c9_above"] = _c9_above(trace, x, n, x["bye"]["bye"])
    if not x["bye"]:
        if isinstance(trace.events[-1], ev.Impossible):
            x["bye"] = dict(case="none", article="1.9.3")
        else:
            x["bye"] = dict(case="not-needed", article="1.5")
    return x


def _left(trace: Trace, score: str, n: int) -> dict:
    """Why ``n`` left the ``score``-point bracket (1.4.1): ``alone`` in it, every other
    player of it already ``met`` ([C1]; ``others``: ``(player, rounds)``), else the
    candidate chosen left ``n`` ``unpaired``."""
    rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
    opened = [e for e in trace.of(ev.BracketOpened) if e.score == score
              and (n in e.residents or n in e.mdps)]
    others = [p for p in (list(opened[-1].mdps) + list(opened[-1].residents) if opened else ())
              if p != n]
    if not others:
        return dict(score=score, how="alone", others=[])
    met = [(p, [r for r, o, _c, k in rows.get(n, {}).get("history", ())
                if o == p and k in PLAYED]) for p in others]
    if all(rs for _p, rs in met):
        return dict(score=score, how="met", others=met)
    return dict(score=score, how="unpaired", others=[])


def _c9_above(trace: Trace, x: dict, n: int, holder: int) -> str | None:
    """The score of the player's bracket when [C9] applied there above the last bracket
    (reading c9-bracket ``pab-bracket``, 2.4.4's note): the bye's holder is its one
    downfloater, and the player, paired in it, has the holder's score; else None."""
    if trace.events[0].readings.get("c9-bracket") != "pab-bracket" or x.get("bracket_score") is None:
        return None
    score = x["bracket_score"]
    last = [e for e in trace.of(ev.BracketOpened) if e.last]
    down = [e for e in trace.of(ev.MovedDown) if e.score == score]
    rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
    mine, theirs = rows.get(n, {}), rows.get(holder, {})
    if last and last[-1].score != score and down and tuple(down[-1].players) == (holder,) \
            and mine.get("score") == theirs.get("score") and mine.get("bye_eligible"):
        return score
    return None


def _last_bracket(trace: Trace, last: dict, holder: int) -> dict:
    """The PAB's bracket (1.9.1: the assignee downfloats from the last bracket): its score
    and players, those [C2] bars, the others allowed it, and what sets the assignee apart
    from them: ``C5`` (each has a higher score), ``C9`` (those of the same score each have
    more unplayed games), ``only`` (nobody else is allowed it), else ``3.8.1`` (the
    candidate chosen)."""
    if not last:
        return {}
    rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
    members = [p for p in last["players"] if p in rows]
    barred = [p for p in members if p != holder and not rows[p]["bye_eligible"]]
    rivals = [p for p in members if p not in barred and p != holder]
    mine = Fraction(rows[holder]["score"])
    same = [p for p in rivals if Fraction(rows[p]["score"]) == mine]
    met = {p: {o for _r, o, _c, k in rows[p].get("history", ()) if k in PLAYED} for p in members}
    # [C4]: with the bye given to p, the rest of the bracket cannot be paired without a
    # rematch ([C1] alone: an XXP or [C3] only bars more pairs)
    blocked = [p for p in members if p not in barred and not perfectly_pairable(
        [q for q in members if q != p], lambda a, b: b not in met[a])]
    if not rivals:
        decided = "only"
    elif all(p in blocked for p in rivals):
        decided = "C4"
    elif all(Fraction(rows[p]["score"]) > mine for p in rivals):
        decided = "C5"
    elif all(Fraction(rows[p]["score"]) >= mine for p in rivals) and \
            all(rows[p]["unplayed"] > rows[holder]["unplayed"] for p in same):
        decided = "C9"
    else:
        decided = "3.8.1"
    return dict(last=last["score"], members=members, barred=barred, rivals=rivals, same=same,
                decided=decided, blocked=blocked)


def report_events() -> tuple[tuple[type, ...], type, type]:
    return ((ev.ByeAssigned, ev.ByeNotNeeded), ev.BracketOpened, ev.BracketClosed)


KINDS = ("bye", "floaters", "colours", "shifts", "relaxed", "arbiter", "readings")


def report_sheet(trace: Trace, kinds: tuple[str, ...] = KINDS) -> Sheet:
    """The report's exceptions: the PAB, the downfloaters (1.4.1), colours not granted
    (Article 5), exchanges (4.3), brackets whose candidate is not perfect (3.8.1), search
    limits.  Routine colours (5.2.1) are folded in the story."""
    prefs = preferences(trace)
    items = []
    for score, e in walk(trace, ev.BracketOpened, ev.BracketClosed):
        if isinstance(e, ev.ByeAssigned):
            items.append(SheetItem("bye", (e,), None, (e.player,)))
        elif isinstance(e, ev.MovedDown) and e.players:
            items.append(SheetItem("floaters", (e,), score, tuple(e.players)))
        elif isinstance(e, ev.CandidateChosen):
            if any(e.exchange) or any(e.exchange_r) or e.mdp_set > 0:
                items.append(SheetItem("shifts", (e,), score, ()))
            if not e.perfect:
                items.append(SheetItem("relaxed", (e,), score, ()))
        elif isinstance(e, ev.SearchLimit):
            items.append(SheetItem("arbiter", (e,), score, ()))
        elif isinstance(e, ev.ColourAllocated):
            lost = not_granted(e, prefs)
            if lost:
                items.append(SheetItem("colours", (e,), score, lost))
            elif e.rule == "5.2.1":
                items.append(SheetItem("routine", (e,), score, ()))
    routine = tuple(i.events for i in items if i.kind == "routine")
    return Sheet(kinds, tuple(i for i in items if i.kind != "routine"), routine)


PROJECTION = Projection("dubov_explain/rulebooks/dutch2026/check.py", {
    **COMMON,
    "bracket-opened": fields("score", "mdps", "residents", "nature", "last"),
    "parameters": fields("score", "m0", "max_pairs", "m1", "c5", "c8"),
    "candidate-chosen": fields("score", "s1", "s2", "limbo", "pairs", "downfloaters",
                               "mdp_set", "exchange", "s1r", "s2r", "exchange_r", "vector",
                               "perfect"),
    "search-limit": fields("score", "count"),
    "moved-down": fields("score", "players"),
    "bracket-closed": fields("score", "pairs"),
    "colour-allocated": fields("white", "black", "rule"),
    "bye-assigned": fields("player"),
    "no-candidate": fields("score", "players"),
    "bye-not-needed": fields("players"),
})
decisions = PROJECTION.decisions


class Steps(RoundSteps):
    opens = ev.BracketOpened
    closes = ev.BracketClosed
    bye_assigned = ev.ByeAssigned
    scope = {"round-opened": "round", "standings": "round", "acceleration-applied": "round",
             "pairing-published": "round", "bracket-opened": "bracket",
             "parameters": "bracket", "candidate-chosen": "bracket",
             "bracket-closed": "bracket", "search-limit": "bracket"}

    def cited(self, e) -> str:
        if isinstance(e, ev.CandidateChosen):
            extra = ["4.2"] + (["4.3"] if any(e.exchange) or any(e.exchange_r) else []) + \
                (["4.4"] if e.mdp_set > 0 else [])
            return " ".join([e.article] + extra)
        return e.article

    def change(self, e, inside: bool):
        ch: dict = {}
        focus: set[int] = set()
        if isinstance(e, ev.BracketOpened):
            ch["open"] = dict(score=e.score, residents=list(e.residents), pool=0)
            ch["set"] = dict(upfloaters=list(e.mdps))
            focus = set(e.residents) | set(e.mdps)
        elif isinstance(e, ev.CandidateChosen):
            ch["set"] = dict(g1=list(e.s1) + list(e.s1r), g2=list(e.s2),
                             pairs=[list(p) for p in e.pairs])
            focus = {n for p in e.pairs for n in p}
        elif isinstance(e, ev.MovedDown):
            focus = set(e.players)
        elif isinstance(e, ev.ColourAllocated):
            ch["colour"] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif isinstance(e, ev.BracketClosed):
            ch["set"] = dict(closed=True)
            ch["leave"] = [tuple(p) for p in e.pairs]
        return focus, ch


step_changes = Steps.step_changes
step_states = Steps.step_states
