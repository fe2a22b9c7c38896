"""``check`` for Dubov 1997: the absolute test and the departures of a published round.

Facts only; ``templates/check.md.j2`` words them.

1. **The absolute test** (:func:`absolute_test`): everyone to be paired appears exactly
   once and nobody absent is paired (6.4: "the aim ... is to pair all players"); one bye
   exactly when the number is odd (4), never to a player barred by 2.2; no rematch (2.1)
   or forbidden pair (XXP); colours within 2.3 and 2.4 (when the colours are published:
   each player's own colours; otherwise: some colour assignment of the pair respects them).
2. **The departures** (:func:`analyse_departures`) of a legal pairing that is not the
   engine's: a what-if run forces every published pair, so the engine walks the procedure
   along the published pairing.  Before the score groups, and in every score group the
   walk opens in a state the engine's own trace reached (the same bye, residents and
   floaters), the first decision where the walk parts from the engine's trace is where the
   published pairing leaves the procedure, cited by the engine's article there.  A group
   whose floaters an earlier parting changed is not judged (the engine never paired it).  A pair with other colours is named by the priority of 3.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ...tournament.model import Colour, Tournament
from ...trace.events import Trace
from ..base import Departure, Violation
from ..checking import known_pairs, met_or_forbidden, roster, walk_published
from ..colourcheck import colour_departures
from ..dubov2025.boards import board_key
from . import events as ev
from .engine import pair_round
from .limits import Limits, colour_allowed
from .readings import DEFAULT, Readings
from .standings import compute_standings
# the trace read back, which a review of the round shares with the check (base.MODULE_HOOKS)
from .why import (article_text, articles, bracket_of, decision_key, decisions,  # noqa: F401
                  player_round, read_parting, report_events, report_sheet, step_changes,
                  step_states, verdict_article)

__all__ = ["absolute_test", "analyse_departures", "board_order"]


def absolute_test(request: Tournament, r: int, pub, readings: Readings = DEFAULT
                  ) -> list[Violation]:
    st = compute_standings(request, r, readings)
    lim = Limits(st)
    by, out = roster(pub, r, st, _WHO, "2.2", "2.2")
    for pr, a, b in known_pairs(pub, by):
        out += met_or_forbidden(pr, st, "2.1")
        if pr.colours_known:
            for p, got in ((a, Colour.WHITE), (b, Colour.BLACK)):
                why = colour_allowed(p, got)
                if why:
                    out.append(Violation(why, (p.number,), "colour", why, {
                        "colours": "".join(c.value.upper() for c in p.colours),
                        "difference": p.colour_difference, "gets": got.word}))
        elif not lim.colours_possible(pr.white, pr.black):
            out.append(Violation("2.3/2.4", (pr.white, pr.black), "no-colours", "2.3"))
    return out


#: 6.4 ("the aim ... is to pair all players") and 4 (one bye when the number is odd)
_WHO = {"unknown": "6.4", "absent": "6.4", "repeated": "6.4", "missing": "6.4", "self": "6.4",
        "bye": "4"}


class _Row:
    __slots__ = ("score", "initial_rank")

    def __init__(self, score: Fraction, initial_rank: int):
        self.score, self.initial_rank = score, initial_rank


def board_order(pairs: Iterable[tuple[int, int]], trace: Trace) -> list[tuple[int, int]]:
    """``pairs`` in the board order of the General Handling Rules (3.6) by the standings of
    ``trace``: the 1997 text gives no board order."""
    snap = trace.of(ev.StandingsSnapshot)
    rows = {row["number"]: row for row in snap[0].rows} if snap else {}

    def standing(n: int) -> _Row:
        row = rows.get(n)
        return _Row(Fraction(row["score"]), row["initial_rank"]) if row else _Row(Fraction(0), n)

    return sorted(pairs, key=board_key(standing))


def analyse_departures(request: Tournament, r: int, pub, trace: Trace,
                       readings: Readings = DEFAULT) -> tuple[list[Departure], Trace | None]:
    what_if, ended = walk_published(request, r, pub, trace, readings, pair_round, "9", "6")
    if ended is not None:
        return ended, what_if
    result, wres = trace.result, what_if.result
    out: list[Departure] = []
    # the decisions before the score groups (the bye, the first round), then each score
    # group that the walk opens in a state the engine's own trace reached (the same bye,
    # the same score, residents and floaters): after a parting that changed who is left,
    # the engine never paired from there, and nothing is judged
    real = dict(_parts(trace))
    for state, walk in _parts(what_if):
        mine = real.get(state)
        if mine is None or not _differ(state, mine, walk, result, wres):
            continue
        for a, b in zip(mine, walk):
            if decision_key(a) != decision_key(b):
                kind = "bye" if isinstance(a, (ev.ByeAssigned, ev.ByeRejected)) else "bracket"
                if state[0] == "group":
                    engine, published = _closed(mine), _closed(walk)
                else:
                    engine, published = tuple(result.boards), tuple(wres.boards)
                out.append(Departure(kind, a.article, a.article, False, False,
                                     state[2] if state[0] == "group" else None,
                                     engine, published, "parting",
                                     {"event": a, "published_event": b}))
                break
    out.extend(_colours(pub, trace, what_if))
    return out, what_if


def _parts(trace: Trace) -> list[tuple[tuple, list]]:
    """The trace's decisions in parts, each with its state: ``("start",)`` before the first
    score group, then ``("group", bye, score, residents, floaters)`` per score group."""
    bye = next((e.player for e in trace.of(ev.ByeAssigned)), None)
    parts: list[tuple[tuple, list]] = [(("start",), [])]
    for e in trace.events:
        if isinstance(e, ev.GroupOpened):
            parts.append((("group", bye, e.score, frozenset(e.residents),
                           frozenset(e.floaters)), []))
        if decision_key(e) is not None and not isinstance(e, (ev.PairingPublished,
                                                              ev.Impossible)):
            parts[-1][1].append(e)
    return parts


def _differ(state: tuple, mine: list, walk: list, result, wres) -> bool:
    """Whether the published pairing differs from the engine's in this part: a pair the
    score group makes in one and not in the other pairing, or (before the groups) the bye
    or the boards.  Where all those pairs are in both pairings, the walk's other decisions
    (forced pairs narrow its choices, so it may transfer or float otherwise on the way to
    the same pairs) are not a departure of the published pairing."""
    if state[0] != "group":
        return (result.bye != wres.bye
                or {frozenset(b) for b in result.boards} != {frozenset(b) for b in wres.boards})
    a, b = _closing(mine), _closing(walk)
    if a is None or b is None:
        return a is not b
    common = ({frozenset(p) for p in result.boards} & {frozenset(p) for p in wres.boards})
    return bool({frozenset(p) for p in (*a.pairs, *b.pairs)} - common)


def _closing(events: list):
    return next((e for e in events if isinstance(e, ev.GroupClosed)), None)


def _closed(events: list) -> tuple:
    """The pairs a score group closed with."""
    return next((tuple(map(tuple, e.pairs)) for e in events if isinstance(e, ev.GroupClosed)),
                ())


def _colours(pub, trace: Trace, what_if: Trace | None) -> list[Departure]:
    """The published pairs whose colours the priority of 3 gives the other way round."""
    return colour_departures(pub, (trace, what_if))
