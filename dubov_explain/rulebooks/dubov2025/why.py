"""How Dubov 2025 reads its own traces for ``why`` and ``why-not``.

The generic side (:mod:`dubov_explain.explain.why`) runs the what-if pairing and compares
two traces; it asks this module what only the rulebook knows:

* which events are decisions, and what each decided (:func:`decision_key`);
* which article a verdict rests on (:func:`verdict_article`: absence 1.8.2, no pairing
  1.8.3, the absolute criteria of 3.1);
* at the first decision where the real and the what-if trace part, which criterion or
  order rule made the real choice (:func:`read_parting`: the bye of 2.1, [C5] by 2.2.1,
  [C6]-[C10] and 4.2.3.3 by 2.2.2, the shifts of 2.2.4 and 4.3, the transpositions of 2.2.6
  and 4.4);
* the facts of one player's round (:func:`player_round`: the bye, the bracket, the upfloat,
  G1/G2, S1, the opponent, the colour).

Everything returned is codes, numbers, player numbers and event indices; the sentences are
in ``templates/why.md.j2`` beside this module.
"""

from __future__ import annotations

from typing import Any

from ...trace.events import Trace
from ..why import TraceReader, answer as _answer, differs, round_facts
from . import events as ev
from .articles import article_text, articles  # noqa: F401  (the rulebook's reader: base.MODULE_HOOKS)
from .decisions import decisions  # noqa: F401
from .sheet import report_sheet  # noqa: F401
from .steps import step_changes, step_states  # noqa: F401

#: the upfloater criteria after [C6], in the order of 3.3; the last round drops [C8]-[C10]
UPFLOATER_CRITERIA = ("C7", "C8", "C9", "C10")
LAST_ROUND_CRITERIA = ("C7",)


# ---------------------------------------------------------------------------- decisions
class Dubov2025Reader(TraceReader):
    opens = ev.BracketOpened
    #: the bye list and the players 2.1.2 passes over: a what-if run changes them by
    #: holding its players
    silent = (ev.ByeCandidates, ev.ByeRejected)
    keys = {
        ev.ByeAssigned: lambda e: ("bye", e.player),
        ev.ByeNotNeeded: lambda e: ("no-bye",),
        ev.BracketOpened: lambda e: ("bracket", e.score, tuple(e.residents)),
        ev.MinimumUpfloaters: lambda e: ("minimum", e.score, e.count),
        ev.UpfloatersChosen: lambda e: ("upfloaters", e.score, tuple(e.players)),
        ev.GroupsFormed: lambda e: ("groups", e.score, tuple(e.g1), tuple(e.g2)),
        ev.ShiftNeeded: lambda e: ("shift-needed", e.score, e.step, e.count, e.source),
        ev.Shift: lambda e: ("shift", e.score, e.step, tuple(e.players)),
        ev.S1Sorted: lambda e: ("s1", e.score, tuple(r[0] for r in e.s1)),
        ev.OpponentChosen: lambda e: ("opponent", e.score, e.player, e.opponent),
        ev.TranspositionChosen: lambda e: ("t2", e.score, tuple(e.t2)),
        ev.ColourAllocated: lambda e: ("colour", e.white, e.black),
        ev.BracketClosed: lambda e: ("closed", e.score, tuple(map(tuple, e.pairs))),
    }
    #: an absence (1.8.2), no pairing (1.8.3)
    verdicts = {"absent": "1.8.2", "no-pairing": "1.8.3"}
    #: the articles of the criteria a pair can break on its own (3.1, and [C4] of 3.2)
    criteria = {"[C1]": "3.1.1", "[C2]": "3.1.2", "[C3]": "3.1.3", "[C4]": "3.2.1"}


READER = Dubov2025Reader()
decision_key = READER.decision_key
verdict_article = READER.verdict_article
bracket_of = READER.bracket_of


# ---------------------------------------------------------------------------- why not
def read_parting(real: Trace, what_if: Trace, r: ev.Event | None, w: ev.Event | None,
                 player: int, against: int) -> dict:
    """Which rule made the real decision ``r`` where the what-if run (``player`` held for
    ``against``) decided ``w``: ``{verdict, case, criterion, article, where, score, facts}``."""
    n, m = player, against
    last = bool(real.events[0].last_round) if isinstance(real.events[0], ev.RoundOpened) else False

    if isinstance(w, ev.Impossible):
        return _answer("impossible", "[C4]", "3.2.1", "round", verdict="impossible",
                       players=list(w.players))
    # ---- the bye (2.1)
    if isinstance(r, ev.ByeAssigned) and isinstance(w, ev.ByeAssigned):
        if r.player in (n, m):
            return _answer("bye-to-player", r.decided_by, r.decided_by, "bye", bye=r.player)
        if any(e.player == r.player for e in what_if.of(ev.ByeRejected)):
            return _answer("bye-blocks", "[C4]", "2.1.2", "bye", bye=r.player,
                           decided_by=r.decided_by, instead=w.player)
    # ---- 2.2.1 how many upfloaters
    if isinstance(r, ev.MinimumUpfloaters) and isinstance(w, ev.MinimumUpfloaters):
        return _answer("minimum-upfloaters", "[C5]", "2.2.1", "bracket", r.score,
                       count=r.count, instead=w.count)
    # ---- 2.2.2 which upfloaters
    if isinstance(r, ev.UpfloatersChosen) and isinstance(w, ev.UpfloatersChosen):
        return _upfloaters(r, w, last)
    # ---- 2.2.4 shifts
    if isinstance(r, ev.ShiftNeeded) or isinstance(w, ev.ShiftNeeded):
        rc = r.count if isinstance(r, ev.ShiftNeeded) and r.step == 1 else 0
        if isinstance(w, ev.ShiftNeeded) and w.step == 1 and w.count != rc:
            # the subgroup 2.2.4.1 looks at is the smaller one of 2.2.3 (``w.source``), in
            # the what-if run; n and m themselves may be in either subgroup
            g = next((e for e in what_if.of(ev.GroupsFormed) if e.score == w.score), None)
            members = list(g.g1 if w.source == "G1" else g.g2) if g is not None else []
            side = {p: ("G1" if g is not None and p in g.g1 else "G2") for p in (n, m)}
            shifted = next((list(e.players) for e in what_if.of(ev.Shift)
                            if e.score == w.score and e.step == 1), [])
            return _answer("shift-needed", "2.2.4.1", "2.2.4.1", "bracket", w.score,
                           source=w.source, members=members, player_side=side[n],
                           against_side=side[m], count=rc, instead=w.count, shifted=shifted,
                           mode=g.mode if g is not None else "",
                           equal=g is not None and len(g.g1) == len(g.g2))
    if isinstance(r, ev.Shift) and isinstance(w, ev.Shift) and r.step == w.step:
        seq = dict((p, s) for p, s in r.pool)
        return _answer("shift-order", "4.3", r.article, "bracket", r.score,
                       shift=r.article, players=list(r.players), sequence=[seq.get(p) for p in r.players],
                       source=r.source, target=r.target, instead=list(w.players),
                       instead_sequence=[seq.get(p) for p in w.players])
    # ---- 2.2.6 transposition (4.4)
    if isinstance(r, ev.OpponentChosen) and isinstance(w, ev.OpponentChosen) and r.player == w.player:
        s = r.player
        if s in (n, m):
            return _answer("opponent-given", "4.4", "2.2.6", "bracket", r.score,
                           s1=s, index=r.s1_index, given=r.opponent, other=m if s == n else n)
        taken = r.opponent
        return _answer("opponent-taken", "4.4", "2.2.6", "bracket", r.score,
                       s1=s, index=r.s1_index, taken=taken, other=m if taken == n else n)
    if isinstance(r, ev.TranspositionChosen) and isinstance(w, ev.TranspositionChosen):
        return _answer("transposition-order", "4.4", "2.2.6", "bracket", r.score,
                       index=r.index, instead=w.index)
    # ---- anything else: only where the traces part
    return differs(r, w)


def _upfloaters(r: ev.UpfloatersChosen, w: ev.UpfloatersChosen, last: bool) -> dict:
    """2.2.2 takes the best set, first in the order of 4.2: [C6] (the container), then
    [C7]-[C10] (only [C7] in the last round), then 4.2.3.3 (the sequence numbers)."""
    common = dict(chosen=list(r.players), instead=list(w.players))
    rc6, wc6 = list(r.criteria["C6"]), list(w.criteria["C6"])
    if rc6 != wc6:
        for a, b in zip(rc6, wc6):
            if a != b:
                return _answer("upfloaters-c6", "[C6]", "2.2.2", "bracket", r.score,
                               kept=a, only=b, scores=rc6, instead_scores=wc6, **common)
        return _answer("upfloaters-container", "[C6]", "2.2.2", "bracket", r.score, **common)
    for c in (LAST_ROUND_CRITERIA if last else UPFLOATER_CRITERIA):
        a, b = r.criteria[c], w.criteria[c]
        if a != b:
            return _answer("upfloaters-criterion", f"[{c}]", "2.2.2", "bracket", r.score,
                           name=c, count=a, instead_count=b, **common)
    return _answer("upfloaters-order", "4.2.3.3", "2.2.2", "bracket", r.score,
                   sequence=list(r.sequence), instead_sequence=list(w.sequence), **common)


# ---------------------------------------------------------------------------- one player
def player_round(trace: Trace, player: int) -> dict:
    """The facts of ``player``'s round, read from the trace: ``bye`` (which step of 2.1
    gave or withheld it), ``bracket_score``/``resident``/``residents``/``upfloaters``, and
    lists ``upfloat``, ``groups``, ``pairing`` of ``{"case": ..., "step": event index, ...}``,
    ``colour_rule``/``colour_step``, ``events`` (indices of the player's bracket)."""
    n = player
    rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
    x: dict[str, Any] = round_facts(bye_facts(trace, n), history=history(trace, n))
    minimum: int | None = None
    current_res: list[int] = []
    met = {o for _r, o, _c, k in rows.get(n, {}).get("history", ()) if o}
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.BracketOpened):
            current_res = list(e.residents)
        if isinstance(e, ev.MinimumUpfloaters):
            minimum = i
        if isinstance(e, ev.UpfloatersChosen) and n in e.players:
            x["upfloat"].append(dict(case="upfloated", step=i, score=e.score, players=list(e.players)))
            x["upfloat"].append(dict(case="minimum", step=minimum))
        elif (isinstance(e, ev.UpfloatersChosen) and float(e.score) > float(rows[n]["score"])
              and x["bracket_score"] is None):
            # the player's own reason: held for a resident of that bracket, the player
            # must float into it; the why-not answer says why no such set was taken
            x["upfloat"].append(dict(case="not-taken", step=i, score=e.score, players=list(e.players),
                                     ask=[[n, r] for r in current_res if r not in met]))
        if isinstance(e, ev.BracketOpened) and n in e.residents:
            x.update(bracket_score=e.score, resident=True, residents=list(e.residents))
        if isinstance(e, ev.UpfloatersChosen) and n in e.players:
            x.update(bracket_score=e.score, resident=False, residents=current_res)
        if x["bracket_score"] is not None and getattr(e, "score", None) == x["bracket_score"]:
            if isinstance(e, ev.UpfloatersChosen):
                x["upfloaters"] = list(e.players)
            _group_facts(x, e, i, n)
            x["events"].append(i)
        if isinstance(e, ev.ColourAllocated) and n in (e.white, e.black):
            x.update(colour_rule=e.rule, colour_step=i)
            x["events"].append(i)
    # of the brackets above that took others, only the nearest is the player's business
    taken = [i for i in x["upfloat"] if i["case"] == "not-taken"]
    x["upfloat"] = [i for i in x["upfloat"] if i["case"] != "not-taken" or i is taken[-1]]
    if x["bracket_score"] is not None and not x["upfloat"]:
        x["upfloat"].append(dict(case="resident", score=x["bracket_score"], players=x["upfloaters"]))
    return x


def _group_facts(x: dict, e: ev.Event, i: int, n: int) -> None:
    if isinstance(e, ev.GroupsFormed):
        x["groups"].append(dict(case="groups", step=i, mode=e.mode, side="G1" if n in e.g1 else "G2"))
    elif isinstance(e, ev.ShiftNeeded) and e.step == 1:
        x["groups"].append(dict(case="shift-needed", step=i))
    elif isinstance(e, ev.Shift) and n in e.players:
        x["groups"].append(dict(case="shifted", step=i, shift=e.article, source=e.source, target=e.target))
    elif isinstance(e, ev.Shift):
        x["groups"].append(dict(case="others-shifted", step=i, shift=e.article, players=list(e.players),
                                source=e.source, target=e.target, side="G1" if n in e.g1 else "G2"))
    elif isinstance(e, ev.S1Sorted):
        s1 = [r[0] for r in e.s1]
        if n in s1:
            x["groups"].append(dict(case="s1", step=i, index=s1.index(n) + 1, aro=e.s1[s1.index(n)][1]))
        else:
            x["groups"].append(dict(case="g2", step=i, index=list(e.g2).index(n) + 1, g2=list(e.g2)))
    elif isinstance(e, ev.OpponentChosen) and n == e.player:
        x["pairing"].append(dict(case="given", step=i, index=e.s1_index, opponent=e.opponent,
                                 rejected=len(e.rejected)))
    elif isinstance(e, ev.OpponentChosen):
        mine = [k for k, r in enumerate(e.rejected) if r[0] == n]
        if e.opponent == n:
            x["pairing"].append(dict(case="given-to", step=i, index=e.s1_index, s1=e.player))
        elif mine:
            x["pairing"].append(dict(case="passed-over", step=i, index=e.s1_index, s1=e.player,
                                     rejected=mine[0], criterion=e.rejected[mine[0]][1]))


def bye_facts(trace: Trace, n: int) -> dict:
    """Why ``n`` has, or has not, the pairing-allocated bye: ``{case, article, step, ...}``
    with the step of 2.1 that decided (1.4.1 no bye; [C2] not eligible; 2.1.2 passed over;
    2.1.3 score, 2.1.4 games, 2.1.5 initial ranking against the player who has it)."""
    def at(cls) -> tuple[int | None, Any]:
        return next(((i, e) for i, e in enumerate(trace.events, start=1) if isinstance(e, cls)), (None, None))

    i, nb = at(ev.ByeNotNeeded)
    if nb is not None:
        return dict(case="not-needed", article="1.4.1", step=i, players=nb.players)
    ci, c = at(ev.ByeCandidates)
    gi, g = at(ev.ByeAssigned)
    if c is None:
        return dict(case="", article="")
    if g is not None and g.player == n:
        # who stood before n and why they could not have it: the [C2] bars (index into
        # the candidates' ``ineligible``) and the players passed over by 2.1.2
        rejected = [e.player for e in trace.of(ev.ByeRejected)]
        return dict(case="has", article=g.decided_by, step=gi, barred=list(range(len(c.ineligible))),
                    candidates=ci, rejected=rejected)
    inel = [k for k, row in enumerate(c.ineligible) if row[0] == n]
    if inel:
        return dict(case="ineligible", article="[C2]", step=ci, index=inel[0])
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.ByeRejected) and e.player == n:
            return dict(case="rejected", article="2.1.2", step=i)
    if g is None:
        return dict(case="none", article="1.8.3")
    b = g.player
    keys = {k[0]: k for k in c.keys}
    if n in keys and b in keys:
        _, sb, gb, rb = keys[b]
        _, sn, gn, rn = keys[n]
        facts = dict(step=gi, bye=b, score=sn, bye_score=sb, games=gn, bye_games=gb, rank=rn, bye_rank=rb)
        if sb != sn:
            return dict(case="lower-score", article="2.1.3", **facts)
        if gb != gn:
            return dict(case="more-games", article="2.1.4", **facts)
        return dict(case="lower-rank", article="2.1.5", **facts)
    return dict(case="other", article="2.1", step=gi, bye=b, decided_by=g.decided_by)


def history(trace: Trace, n: int) -> list[dict]:
    """``n``'s rounds before this one, as the standings of the trace read them: ``round``,
    ``opponent`` (0 for none), ``colour`` ("w", "b", "-") and the TRF result ``code``."""
    rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
    return [dict(round=r, opponent=o, colour=c, code=k) for r, o, c, k in rows.get(n, {}).get("history", ())]


def report_events() -> tuple[tuple[type, ...], type, type]:
    """The report's divisions: the bye's events, and the events that open and close a
    score group."""
    return ((ev.ByeNotNeeded, ev.ByeCandidates, ev.ByeRejected, ev.ByeAssigned),
            ev.BracketOpened, ev.BracketClosed)
