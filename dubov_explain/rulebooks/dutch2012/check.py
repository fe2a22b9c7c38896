"""``check`` for Dutch 2012: the request's needs, the absolute test of a published round and
the departures of a legal one from the procedure.  Facts only (``templates/check.md.j2``).

1. **The absolute test**: everyone to be paired appears once and nobody absent is paired;
   one bye exactly when the number to pair is odd (A.5), never to a player who already had
   a point or half point without playing (B.1.b); no rematch (B.1.a), no forbidden pair
   (XXP), no two players with the same absolute colour preference (B.2), and every
   absolute colour preference granted (B.2's parenthesis) -- except, as B.2's note allows,
   between top scorers in the last round (A.10).
2. **The departures**: a what-if run forces every published pair; bracket by bracket the
   what-if's accepted attempt is compared with the engine's, wherever the two start from
   the same state (the same players moved down into the bracket).  Each bracket where they
   differ is where the publication leaves the procedure: the requirement the what-if had to
   lower (C.10's order) prefers the engine's choice; with the same requirements, only the
   order of D.1 (transpositions), D.2 (exchanges) or D.3 (MDP sets) separates them.  A
   bracket into which an earlier departure moved other players is not judged (the engine
   never paired from there); its boards are among the board changes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ...errors import Problem
from ...trace.events import Trace
from ...tournament.model import Tournament
from ..base import Departure, Violation
from ..checking import absolute_denied, known_pairs, met_or_forbidden, roster, walk_published
from ..colourcheck import colour_departures
from ..requests import lot_needed, rounds_needed
from . import events as ev
from .engine import pair_round
from .readings import DEFAULT, Readings
from .standings import Strength, compute_standings
from .why import lowered
# the trace read back, which a review of the round shares with the check (base.MODULE_HOOKS)
from .why import (article_text, articles, bracket_of, decision_key, decisions,  # noqa: F401
                  player_round, read_parting, report_events, report_sheet, step_changes,
                  step_states, verdict_article)

__all__ = ["absolute_test", "analyse_departures", "board_order", "request_problems"]


def request_problems(t: Tournament, pairing: bool = True) -> list[Problem]:
    """The number of rounds (A.10 top scorers, the last round) and, to pair round 1, the
    colour drawn by lot (A.7.c)."""
    return (rounds_needed(t, "A.10 and B.2's note depend on the last round")
            + lot_needed(t, pairing, "the colour drawn by lot (A.7.c, E.5)"))


def absolute_test(request: Tournament, r: int, pub, readings: Readings = DEFAULT,
                  standings=None) -> list[Violation]:
    """``standings``: another text's standings with these facts (the 1992 rating-based
    text says the same in B.1 and B.2, and orders by A.2 its own way)."""
    st = standings if standings is not None else compute_standings(request, r, readings)
    by, out = roster(pub, r, st, {"unknown": "A.2", "absent": "A.2", "repeated": "A.2",
                                  "missing": "A.5", "self": "A.2", "bye": "A.5"},
                     "B.1.b", "B.1.b")
    over = st.top_over
    real_top = readings.is_("acceleration-top-scorers", "real")

    def top_score(p):
        return p.points if real_top else p.score

    for pr, a, b in known_pairs(pub, by):
        out += met_or_forbidden(pr, st, "B.1.a")
        # A.10 (reading acceleration-top-scorers): the real score or the pairing score
        top = over is not None and (top_score(a) > over or top_score(b) > over)
        if top:
            continue
        if a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE and \
                a.preference is b.preference:
            out.append(Violation("B.2", (pr.white, pr.black), "same-absolute", "B.2",
                                 {"preference": a.preference.word}))
            continue
        if pr.colours_known:
            out += absolute_denied(a, b, "B.2")
    return out


def board_order(pairs: Iterable[tuple[int, int]], trace: Trace) -> list[tuple[int, int]]:
    """``pairs`` in the board order of GHR 3.6 by the standings of ``trace``."""
    snap = trace.of(ev.StandingsSnapshot)
    rows = {row["number"]: row for row in snap[0].rows} if snap else {}
    opened = trace.of(ev.RoundOpened)
    # the score of the board order: reading acceleration-board-order (in force only when
    # the round is accelerated, and then the rows hold the real score)
    field = "real_score" if opened and \
        opened[0].readings.get("acceleration-board-order") == "real" else "score"

    def sc(n):
        row = rows.get(n)
        return (Fraction(row.get(field, row["score"])), row["initial_rank"]) if row \
            else (Fraction(0), n)

    def key(pair):
        a, b = pair
        hi = min(a, b, key=lambda n: (-sc(n)[0], sc(n)[1]))
        return (-sc(hi)[0], -(sc(a)[0] + sc(b)[0]), sc(hi)[1])

    return sorted(pairs, key=key)


def _brackets(trace: Trace) -> list[list]:
    """The events of each bracket's accepted attempt, highest score first.  C.12/C.13 may
    pair a bracket again: a new attempt closes only when it found the pairing the backtrack
    wanted, so a bracket's last closed attempt is the one that stands; a bracket C.13 joins
    to the lowest one after its close has no attempt of its own left."""
    last: dict[str, list] = {}
    cur = None
    for e in trace.events:
        if isinstance(e, ev.BracketOpened):
            cur = [e]
        elif isinstance(e, ev.BracketsJoined):
            last.pop(e.score, None)
            cur = None
        elif cur is not None:
            cur.append(e)
            if isinstance(e, ev.BracketClosed):
                last[cur[0].score] = cur
                cur = None
    return [last[k] for k in sorted(last, key=Fraction, reverse=True)]


def analyse_departures(request: Tournament, r: int, pub, trace: Trace,
                       readings: Readings = DEFAULT, *, pair=None, lowered_by=None,
                       lowering_article=None) -> tuple[list[Departure], Trace | None]:
    """``pair``, ``lowered_by`` and ``lowering_article`` (criterion -> article) let a text with the same skeleton (the 1992 rating-based one) walk its own
    trace with its own articles; the defaults are this text's."""
    pair = pair or pair_round
    lowered_by = lowered_by or lowered
    what_if, ended = walk_published(request, r, pub, trace, readings, pair, "B.1", "C")
    if ended is not None:
        return ended, what_if
    result = trace.result
    out: list[Departure] = []
    if result.bye != pub.bye and result.bye is not None and pub.bye is not None:
        out.append(Departure("bye", "A.5", "A.5", False, False, case="bye",
                             engine=(result.bye,), published=(pub.bye,)))
    # the brackets come in the same order of scores in both traces; a bracket of the walk is
    # judged only when it starts from the engine's own state (the same players moved down
    # into the same residents): after a departure that moved other players down, nothing
    # in the engine's trace says what the procedure does from there
    theirs = {ws[0].score: ws for ws in _brackets(what_if)}
    for es in _brackets(trace):
        ws = theirs.get(es[0].score)
        if ws is None or set(es[0].mdps) != set(ws[0].mdps) or set(es[0].residents) != set(ws[0].residents):
            continue
        if {frozenset(p) for p in es[-1].pairs} == {frozenset(p) for p in ws[-1].pairs}:
            continue
        out.append(_bracket_departure(es, ws, lowered_by, lowering_article))
    out.extend(colour_departures(pub, (trace, what_if)))
    return out, what_if


def _bracket_departure(es: list, ws: list, lowered_by, lowering_article) -> Departure:
    """The engine's bracket ``es`` and the walk's ``ws``, from the same state, pair
    differently: the requirement the walk had to lower (C.10's order), fewer pairs (C.14),
    or only the order of D.1, D.2 or D.3."""
    score = es[0].score
    base = dict(engine=tuple(map(tuple, es[-1].pairs)),
                published=tuple(map(tuple, ws[-1].pairs)))
    ef = [e for e in es if isinstance(e, ev.PairingFound)]
    wf = [e for e in ws if isinstance(e, ev.PairingFound)]
    if not ef or not wf:
        return Departure("bracket", "C.14", "C.14", False, False, score, case="fewer-pairs",
                         **base)
    crit = lowered_by(dict(ef[0].requirements), dict(wf[0].requirements))
    if crit is None and len(wf) > 1 and len(ef) > 1:
        crit = lowered_by(dict(ef[-1].requirements), dict(wf[-1].requirements))
    if crit is not None:
        art = lowering_article(crit) if lowering_article else "C.10"
        return Departure("bracket", art, crit, False, False, score, case="requirement",
                         facts={"name": crit}, **base)
    if sum(len(e.pairs) for e in wf) < sum(len(e.pairs) for e in ef):
        return Departure("bracket", "C.14", "C.14", False, False, score, case="fewer-pairs",
                         **base)
    rule = "D.1"
    for a, b in zip(ef, wf):
        if tuple(a.exchange) != tuple(b.exchange):
            rule = "D.3" if a.part == "heterogeneous" else "D.2"
            break
    return Departure("bracket", "C.7" if rule == "D.1" else "C.8", rule, True, True, score,
                     case="order", facts={"rule": rule}, **base)
