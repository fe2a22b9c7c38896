"""``check`` for the 1992 rating-based text: the request's needs, the absolute test of a
published round and the departures of a legal one from the procedure.  Facts only.

1. **The absolute test** is what the Dutch 2012 test checks, in the same words of the
   text: everyone paired once, one bye exactly when the number is odd (A.5), not to a
   player barred by B.1.b, no rematch (B.1.a), no two players with the same absolute
   colour preference and every absolute preference granted (B.2), except for players over
   50% in the last round (B's note).  It is shared, with this text's standings (A.2).
2. **The departures**: a what-if run forces every published pair; each bracket that starts
   from the engine's own state and where the what-if's accepted attempt differs from the
   engine's is where the publication leaves the procedure: a criterion it had to lower (C.9, C.10, C.11), fewer pairs (C.14), or
   only the order of D.1 (transpositions) or D.2 (exchanges).
"""

from __future__ import annotations

from ...errors import Problem
from ...trace.events import Trace
from ...tournament.model import Tournament
from ..base import Departure, Violation
from ..requests import lot_needed, rounds_needed
from ..dutch2012.check import analyse_departures as _dutch_departures
from ..dutch2012.check import absolute_test as _dutch_absolute_test
from ..dutch2012.check import _brackets
from ..dutch2012 import events as dev
from ..dutch2012.check import board_order  # noqa: F401  (F.1 sorts as GHR 3.6 does)
from .engine import pair_round
from .readings import DEFAULT, Readings
from .standings import compute_standings
from .why import _STEP, lowered
# the trace read back, which a review of the round shares with the check (base.MODULE_HOOKS)
from .why import (article_text, articles, bracket_of, decision_key, decisions,  # noqa: F401
                  player_round, read_parting, report_events, report_sheet, step_changes,
                  step_states, verdict_article)

__all__ = ["absolute_test", "analyse_departures", "board_order", "request_problems"]


def request_problems(t: Tournament, pairing: bool = True) -> list[Problem]:
    """The number of rounds (B's note: the last round) and, to pair round 1, the colour
    drawn by lot (A.7.c, E.5)."""
    return (rounds_needed(t, "B's note and A.7.a depend on the last round")
            + lot_needed(t, pairing, "the colour drawn by lot (A.7.c, E.5)"))


def absolute_test(request: Tournament, r: int, pub, readings: Readings = DEFAULT
                  ) -> list[Violation]:
    return _dutch_absolute_test(request, r, pub, standings=compute_standings(request, r,
                                                                             readings))


def analyse_departures(request: Tournament, r: int, pub, trace: Trace,
                       readings: Readings = DEFAULT) -> tuple[list[Departure], Trace | None]:
    """The Dutch 2012 walk over the two traces, with this text's engine and articles: a
    lowered criterion is C.9/C.10/C.11's.  A bracket the two pair differently where the
    procedure's own pairing was found only after a criterion the published one meets was
    lowered is no "same requirements": the text lowers it (C.9 in a remainder, before
    C.10 changes a moved-down player's opponent) before it reaches the published attempt
    (case ``lowered-first``)."""
    out, what_if = _dutch_departures(request, r, pub, trace, readings, pair=pair_round,
                                     lowered_by=lowered, lowering_article=_STEP.get)
    if what_if is None:
        return out, what_if
    mine = {b[0].score: b for b in _brackets(trace)}
    theirs = {b[0].score: b for b in _brackets(what_if)}
    return [_lowered_first(d, mine.get(d.score), theirs.get(d.score)) if d.case == "order"
            else d for d in out], what_if


def _lowered_first(d: Departure, es, ws) -> Departure:
    """An "order" departure whose procedure pairing was found at criteria lower than the
    published one's (the engine's requirements below the walk's): case lowered-first."""
    if es is None or ws is None:
        return d
    ef = [e for e in es if isinstance(e, dev.PairingFound)]
    wf = [e for e in ws if isinstance(e, dev.PairingFound)]
    crit = None
    for a, b in zip(ef, wf):
        crit = crit or lowered(dict(b.requirements), dict(a.requirements))
    if crit is None:
        return d
    return Departure("bracket", _STEP[crit], _STEP[crit], False, False, d.score, d.engine,
                     d.published, case="lowered-first",
                     facts={"rule": d.facts.get("rule"), "name": crit, "step": _STEP[crit]})
