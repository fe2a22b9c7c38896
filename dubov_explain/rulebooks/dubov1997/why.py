"""How Dubov 1997 reads its own traces for ``why`` and ``why-not``.

* which events are decisions, and what each decided (:func:`decision_key`);
* the article a verdict rests on (:func:`verdict_article`: 2.1-2.4 for an illegal pair,
  9 when no pairing exists);
* where a what-if run parts from the real one, which article made the real choice
  (:func:`read_parting`);
* the facts of one player's round (:func:`player_round`).

Codes, numbers and event indices only; ``templates/why.md.j2`` words them.
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


class Dubov1997Reader(TraceReader):
    opens = ev.GroupOpened
    #: the bye list and the players passed over, the arbiter's cases, the acceleration's
    #: virtual points, the facts of a group (7's transfers are the decisions)
    silent = (ev.ByeCandidates, ev.ByeRejected, ev.ArbiterDecides, ev.AccelerationApplied,
              ev.RequirementChecked)
    keys = {
        ev.FirstRound: lambda e: ("first-round", tuple(e.upper), tuple(e.lower), e.bye),
        ev.FirstRoundGroup: lambda e: ("first-round-group", e.score, tuple(e.upper),
                                       tuple(e.lower), e.bye),
        ev.ByeAssigned: lambda e: ("bye", e.player),
        ev.ByeNotNeeded: lambda e: ("no-bye",),
        ev.GroupOpened: lambda e: ("group", e.score, tuple(e.residents), tuple(e.floaters)),
        ev.FloaterOrder: lambda e: ("floater-order", e.score, tuple(e.order)),
        ev.FloaterPaired: lambda e: ("floater", e.score, e.floater, e.partner),
        ev.FloaterPasses: lambda e: ("floater-passes", e.score, e.floater),
        ev.TransferMade: lambda e: ("transfer", e.article, e.score, e.player, e.for_player),
        ev.NoTransfer: lambda e: ("no-transfer", e.article, e.score, e.for_player),
        ev.ColourBalance: lambda e: ("balance", e.article, e.score, tuple(e.moved)),
        ev.ColumnsWritten: lambda e: ("columns", e.score, tuple(r[0] for r in e.whites),
                                      tuple(r[0] for r in e.blacks)),
        ev.FloatersChosen: lambda e: ("floaters", e.score, tuple(r[0] for r in e.players)),
        ev.PairMade: lambda e: ("pair", e.score, e.player, e.opponent),
        ev.ColourAllocated: lambda e: ("colour", e.white, e.black),
        ev.GroupClosed: lambda e: ("closed", e.score, tuple(map(tuple, e.pairs)),
                                   tuple(e.floaters)),
    }
    #: no pairing, and an absence, rest on 9 (the arbiter)
    verdicts = {"absent": "9", "no-pairing": "9"}
    #: the limitations of 2.1-2.4 a pair can break on its own
    criteria = {"2.1": "2.1", "2.3/2.4": "2.3", "XXP": "XXP"}


READER = Dubov1997Reader()
decision_key = READER.decision_key
verdict_article = READER.verdict_article
bracket_of = READER.bracket_of


def read_parting(real: Trace, what_if: Trace, r: ev.Event | None, w: ev.Event | None,
                 player: int, against: int) -> dict:
    """Which article made the real decision ``r`` where the what-if run decided ``w``."""
    n, m = player, against
    if isinstance(w, ev.Impossible):
        return _answer("impossible", "9", "9", "round", verdict="impossible",
                       players=list(w.players))
    if isinstance(r, ev.ByeAssigned) and isinstance(w, ev.ByeAssigned):
        return _answer("bye", r.decided_by, "4", "bye", bye=r.player, instead=w.player)
    if isinstance(r, ev.FloaterPaired) and isinstance(w, ev.FloaterPaired):
        return _answer("floater", "8.2", "8.2", "group", r.score, floater=r.floater,
                       partner=r.partner, instead=w.partner)
    if isinstance(r, ev.TransferMade) and isinstance(w, ev.TransferMade):
        return _answer("transfer", r.article, r.article, "group", r.score, player=r.player,
                       instead=w.player, decided_by=r.decided_by)
    if isinstance(w, (ev.TransferMade, ev.NoTransfer)) and not isinstance(r, (ev.TransferMade, ev.NoTransfer)):
        # the what-if run needed a transfer the real one did not: n and m are in different
        # score groups, and neither 7.1 nor 7.2 applies to the real group
        rows = {row["number"]: row for e in real.of(ev.StandingsSnapshot) for row in e.rows}
        return _answer("no-transfer-needed", w.article, w.article, "group", w.score,
                       own_score=rows.get(n, {}).get("score"), other_score=rows.get(m, {}).get("score"))
    if isinstance(r, ev.TransferMade) and isinstance(w, ev.NoTransfer):
        return _answer("transfer", r.article, r.article, "group", r.score, player=r.player,
                       instead=None, decided_by=r.decided_by)
    if isinstance(r, ev.ColourBalance) and isinstance(w, ev.ColourBalance):
        return _answer("balance", r.article, r.article, "group", r.score, moved=list(r.moved),
                       instead=list(w.moved))
    if isinstance(r, ev.FloatersChosen) and isinstance(w, ev.FloatersChosen):
        return _answer("floaters", "6.4", "6.4", "group", r.score,
                       chosen=[p for p, _ in r.players], instead=[p for p, _ in w.players])
    if isinstance(r, ev.PairMade) and isinstance(w, ev.PairMade) and r.player == w.player:
        return _answer("row", "6.3", r.article, "group", r.score, chooser=r.player, row=r.row,
                       column=r.column, opponent=r.opponent, instead=w.opponent, how=r.how,
                       involved=r.player in (n, m))
    return differs(r, w)


def player_round(trace: Trace, player: int) -> dict:
    """The facts of ``player``'s round: ``bye``, the score group (``bracket_score``,
    ``resident``, ``residents``, ``upfloaters``: the floaters and transferred players),
    lists ``upfloat`` (how the player came into the group), ``groups`` (the column),
    ``pairing`` (how the opponent was chosen), ``colour_rule``/``colour_step``, ``events``."""
    n = player
    x: dict[str, Any] = round_facts(bye_facts(trace, n))
    current: ev.GroupOpened | None = None
    incoming: list[int] = []
    mine = False
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.GroupOpened):
            current, incoming = e, list(e.floaters)
            mine = n in e.residents or n in e.floaters
            if mine:
                x.update(bracket_score=e.score, resident=n in e.residents,
                         residents=list(e.residents), upfloaters=list(e.floaters))
                if n in e.floaters:
                    x["upfloat"].append(dict(case="floated-in", step=i, score=e.score))
        elif isinstance(e, ev.TransferMade) and e.player == n:
            mine = True
            x.update(bracket_score=e.score, resident=False, residents=list(current.residents),
                     upfloaters=incoming + [n])
            x["upfloat"].append(dict(case="transferred", step=i, article=e.article,
                                     score=e.score, for_player=e.for_player,
                                     decided_by=e.decided_by))
        elif isinstance(e, ev.TransferMade) and mine:
            incoming.append(e.player)
            x["upfloaters"] = list(incoming)
        if mine and isinstance(e, ev.ColumnsWritten):
            ws = [r[0] for r in e.whites]
            bs = [r[0] for r in e.blacks]
            if n in ws:
                x["groups"].append(dict(case="column", step=i, column="White", row=ws.index(n) + 1))
            elif n in bs:
                x["groups"].append(dict(case="column", step=i, column="Black", row=bs.index(n) + 1))
        if mine and isinstance(e, ev.ColourBalance) and n in e.moved:
            x["groups"].append(dict(case="moved", step=i, article=e.article))
        if mine and isinstance(e, ev.FloatersChosen) and n in [p for p, _ in e.players]:
            x["pairing"].append(dict(case="floats", step=i, score=e.score))
        if isinstance(e, ev.FloaterPaired) and n in (e.floater, e.partner):
            x["pairing"].append(dict(case="floater-paired", step=i, floater=e.floater,
                                     partner=e.partner))
        if isinstance(e, ev.TransferMade) and e.article == "7.1" and n in (e.player, e.for_player):
            x["pairing"].append(dict(case="transfer-pair", step=i, player=e.for_player,
                                     partner=e.player))
        if isinstance(e, ev.PairMade) and n in (e.player, e.opponent):
            x["pairing"].append(dict(case="row", step=i, chooser=e.player, opponent=e.opponent,
                                     row=e.row, column=e.column, how=e.how,
                                     rejected=len(e.rejected)))
        if isinstance(e, ev.ColourAllocated) and n in (e.white, e.black):
            x.update(colour_rule=e.rule, colour_step=i)
        if mine:
            x["events"].append(i)
        if isinstance(e, ev.GroupClosed):
            if mine and n in e.floaters:
                x["upfloat"].append(dict(case="floated-out", step=i, score=e.score))
            mine = False
    return x


def bye_facts(trace: Trace, n: int) -> dict:
    """Why ``n`` has, or has not, the bye: ``{case, article, step, ...}``."""
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.ByeNotNeeded):
            return dict(case="not-needed", article="4", step=i, players=e.players)
        if isinstance(e, ev.FirstRound):
            if e.bye == n:
                return dict(case="first-round", article="5", step=i)
            return dict(case="first-round-other", article="5", step=i, bye=e.bye)
    # an accelerated round 1 by score groups: the last of the lowest group's list
    groups = [(i, e) for i, e in enumerate(trace.events, start=1)
              if isinstance(e, ev.FirstRoundGroup)]
    if groups:
        i, e = groups[-1]
        if e.bye == n:
            return dict(case="first-round", article="5", step=i)
        return dict(case="first-round-other", article="5", step=i, bye=e.bye)
    cand = next(((i, e) for i, e in enumerate(trace.events, start=1)
                 if isinstance(e, ev.ByeCandidates)), None)
    got = next(((i, e) for i, e in enumerate(trace.events, start=1)
                if isinstance(e, ev.ByeAssigned)), None)
    if cand is None:
        return dict(case="", article="")
    ci, c = cand
    if got is not None and got[1].player == n:
        return dict(case="has", article="4", step=got[0], decided_by=got[1].decided_by)
    if any(row[0] == n for row in c.ineligible):
        return dict(case="ineligible", article="2.2", step=ci)
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.ByeRejected) and e.player == n:
            return dict(case="rejected", article="9", step=i)
    if got is None:
        return dict(case="none", article="9")
    keys = {k[0]: k for k in c.keys}
    b = got[1].player
    if n in keys and b in keys:
        return dict(case="order", article="4", step=got[0], bye=b, mine=list(keys[n][1:]),
                    theirs=list(keys[b][1:]))
    return dict(case="other", article="4", step=got[0], bye=b)


def report_events() -> tuple[tuple[type, ...], type, type]:
    """The report's divisions: the bye's events, and the events that open and close a
    score group."""
    return ((ev.ByeNotNeeded, ev.ByeCandidates, ev.ByeRejected, ev.ByeAssigned),
            ev.GroupOpened, ev.GroupClosed)
