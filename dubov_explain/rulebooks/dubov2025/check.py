"""``check`` for Dubov 2025: the absolute test and the departure analysis of a published round.

Facts only; ``templates/check.md.j2`` beside this file words them.

1. **The absolute test** (:func:`absolute_test`): everyone to be paired appears exactly once
   and nobody absent is paired (1.8.1); at most one pairing-allocated bye (PAB), and one
   exactly when the number of players to pair is odd (1.4.1); no rematch ([C1]), no
   forbidden pair (XXP) and no two absolute preferences for one colour ([C3]) -- the
   engine's own :meth:`~.criteria.Compatibility.excluded_by`; the PAB only to an eligible
   player ([C2], read from the standings); every absolute colour preference granted (the
   colour limits of Basic Rules 6-7 that 1.5.2.1 protects).
2. **The departure analysis** (:func:`analyse_departures`) of a legal pairing that is not
   the engine's:

   * a *what-if* run forces every published pair (``forced=``), so the engine walks the
     procedure along the published pairing: its brackets say which upfloaters, shifts and
     transposition the published pairing amounts to;
   * every bracket of that walk that starts from a state the engine's own trace really
     reached (the same PAB and the same players paired before it) is compared event by
     event with the engine's bracket from that state.  The first decision where they part
     is where the published pairing leaves the procedure there, and the criterion that
     prefers the engine's choice is named: [C5] (2.2.1), [C6]-[C10] (2.2.2), [C7] (2.2.4) -- or the
     published bracket is as good on [C5]-[C10] and departs only from an order rule of
     Article 4 (4.2.3.3 upfloater sets, 4.3 shifters, 4.4 transpositions);
   * a bracket of the walk whose state the engine never reached (an earlier departure
     changed who is left) is not judged: nothing in the engine's trace says what the
     procedure does from there, so its boards are only listed among the board changes;
   * a different PAB is explained by the step of 2.1.3-2.1.5 (:mod:`.bye`) that orders the
     two, and every pair with other colours by the rule of 5.2 the engine applied to it
     (:mod:`..colourcheck`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ...trace.events import Trace
from ...tournament.model import Tournament
from ..base import Departure, Violation
from ..checking import absolute_denied, roster, walk_published
from ..colourcheck import colour_departures
from . import events as ev
from .boards import board_key
from .bye import deciding_step, bye_key
from .colours import same_preference
from .criteria import Compatibility
from .engine import pair_round
from .order import container_key
from .readings import DEFAULT, Readings
from .standings import compute_standings
# the trace read back, which a review of the round shares with the check (base.MODULE_HOOKS)
from .why import (article_text, articles, bracket_of, decision_key, decisions,  # noqa: F401
                  player_round, read_parting, report_events, report_sheet, step_changes,
                  step_states, verdict_article)

__all__ = ["absolute_test", "analyse_departures", "board_order"]


# --------------------------------------------------------------------------- absolute test


def absolute_test(request: Tournament, r: int, pub, readings: Readings = DEFAULT
                  ) -> list[Violation]:
    """Everything the published pairing ``pub`` of round ``r`` does against the absolute
    rules, read from the same standings and compatibility as the procedure."""
    st = compute_standings(request, r, readings)
    compat = Compatibility(st)
    by, out = roster(pub, r, st, {"unknown": "1.8.1", "absent": "1.8.1", "repeated": "1.8.1",
                                  "missing": "1.8.1", "self": "1.8.1", "bye": "1.4.1"},
                     "[C2]", "3.1.2")
    barred = {pr: compat.excluded_by(pr.white, pr.black) for pr in pub.pairs}
    for pr in pub.pairs:
        if "[C1]" in barred[pr]:
            out.append(Violation("[C1]", (pr.white, pr.black), "rematch", "3.1.1",
                                 {"rounds": compat.met_round[pr.players]}))
        if "XXP" in barred[pr]:
            out.append(Violation("XXP", (pr.white, pr.black), "forbidden", "XXP"))
    for pr in pub.pairs:
        a, b = by.get(pr.white), by.get(pr.black)
        if a is None or b is None:
            continue
        if "[C3]" in barred[pr]:
            out.append(Violation("[C3]", (pr.white, pr.black), "same-absolute", "3.1.3",
                                 {"preference": a.preference.word,
                                  "colours": (_colours(a), _colours(b))}))
            continue
        if pr.colours_known:
            out += absolute_denied(a, b, "1.5.2.1")
    return out


def _colours(p) -> str:
    return "".join(c.value.upper() for c in p.colours)


# --------------------------------------------------------------------------- board order


class _Row:
    """What the board order reads of a player, from a trace's standings row."""

    __slots__ = ("score", "initial_rank")

    def __init__(self, score: Fraction, initial_rank: int):
        self.score, self.initial_rank = score, initial_rank


def board_order(pairs: Iterable[tuple[int, int]], trace: Trace) -> list[tuple[int, int]]:
    """``pairs`` in the board order of GHR 3.6 (:mod:`.boards`) by the standings of ``trace``;
    a player without a row counts with score 0 at his own number."""
    rows = _rows(trace)

    def standing(n: int) -> _Row:
        row = rows.get(n)
        if not row:
            return _Row(Fraction(0), n)
        # the score the board order reads (reading acceleration-ranking), else the score
        return _Row(Fraction(row.get("rank_score", row["score"])), row["initial_rank"])

    return sorted(pairs, key=board_key(standing))


def _rows(trace: Trace) -> dict[int, dict]:
    snap = trace.of(ev.StandingsSnapshot)
    return {row["number"]: row for row in snap[0].rows} if snap else {}


# --------------------------------------------------------------------------- departures


def _segments(trace: Trace) -> list[list[ev.Event]]:
    """The trace's brackets: each from ``bracket-opened`` to ``bracket-closed``."""
    out: list[list[ev.Event]] = []
    cur: list[ev.Event] | None = None
    for e in trace.events:
        if isinstance(e, ev.BracketOpened):
            cur = [e]
        elif cur is not None:
            cur.append(e)
            if isinstance(e, ev.BracketClosed):
                out.append(cur)
                cur = None
    return out


def _one(seg: list[ev.Event], cls):
    return next((e for e in seg if isinstance(e, cls)), None)


def _all(seg: list[ev.Event], cls) -> list:
    return [e for e in seg if isinstance(e, cls)]


def _unordered(pairs: Iterable[tuple[int, int]]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def analyse_departures(request: Tournament, r: int, pub, trace: Trace,
                       readings: Readings = DEFAULT, pair=pair_round
                       ) -> tuple[list[Departure], Trace | None]:
    """The departures of a legal published pairing from the engine's (see module docstring);
    ``pair`` is the procedure walked (an edition's engine, its trace in these numbers)."""
    what_if, ended = walk_published(request, r, pub, trace, readings, pair, "1.8.3", "2")
    if ended is not None:
        return ended, what_if
    result = trace.result
    st = compute_standings(request, r, readings)
    out: list[Departure] = []
    if result.bye != pub.bye and result.bye is not None and pub.bye is not None:
        out.append(_bye_departure(result.bye, pub.bye, trace))
    # a bracket of the walk is judged only against the engine's own bracket from the same
    # state: the same players already paired (and the same PAB) before it; after a
    # departure that changed who is left, the engine never paired from that state
    e_segs = _segments(trace)
    e_state = {state: k for k, state in enumerate(_states(e_segs, result.bye))}
    for wseg, before in zip(_segments(what_if), _states(_segments(what_if), pub.bye)):
        k = e_state.get(before)
        if k is None:
            continue
        if _unordered(_one(e_segs[k], ev.BracketClosed).pairs) != \
                _unordered(_one(wseg, ev.BracketClosed).pairs):
            out.append(_bracket_departure(wseg, e_segs[k], st, readings))
    out.extend(colour_departures(pub, (trace, what_if)))
    return out, what_if


def _states(segs: list[list[ev.Event]], bye: int | None) -> list[tuple[frozenset[int], str]]:
    """Before each bracket: the players already paired (and the PAB), and its score."""
    decided: frozenset[int] = frozenset({bye} if bye is not None else ())
    out = []
    for seg in segs:
        out.append((decided, seg[0].score))
        for pr in _one(seg, ev.BracketClosed).pairs:
            decided |= frozenset(pr)
    return out


def _bye_departure(e_bye: int, p_bye: int, trace: Trace) -> Departure:
    cand = trace.of(ev.ByeCandidates)
    keys = {k[0]: tuple(k[1:]) for k in cand[0].keys} if cand else {}
    ke, kp = keys.get(e_bye), keys.get(p_bye)
    who = {"engine": (e_bye,), "published": (p_bye,)}
    if ke is None or kp is None:
        return Departure("engine", "2.1", "2.1", False, False, case="bye-not-candidate", **who)
    key_e, key_p = bye_key(*ke), bye_key(*kp)
    step = deciding_step(key_e, key_p) or "2.1.5"
    facts = {"step": step, "engine_key": ke, "published_key": kp,
             "passed": tuple(x.player for x in trace.of(ev.ByeRejected))}
    if not key_e < key_p:
        return Departure("engine", "2.1", step, False, False, case="bye-order", facts=facts,
                         **who)
    return Departure("bye", "2.1", step, False, False, case="bye", facts=facts, **who)


def _bracket_departure(w: list[ev.Event], s: list[ev.Event], st, readings: Readings
                       ) -> Departure:
    """Compare the published path's bracket ``w`` with the engine's bracket ``s`` (same state)."""
    opened = w[0]
    score = opened.score
    s_pairs = tuple(_one(s, ev.BracketClosed).pairs)
    w_pairs = tuple(_one(w, ev.BracketClosed).pairs)
    base = {"residents": tuple(opened.residents)}

    def dep(kind, article, crit, as_good, order_only, case, **facts):
        return Departure(kind, article, crit, as_good, order_only, score, s_pairs, w_pairs,
                         case, {**base, **facts})

    def disagree(what):
        return dep("engine", "2.2", what, False, False, "better")

    if tuple(opened.residents) != tuple(s[0].residents):
        return dep("engine", "2.2", "2.2", False, False, "residents",
                   engine_residents=tuple(s[0].residents))
    ms, mw = _one(s, ev.MinimumUpfloaters), _one(w, ev.MinimumUpfloaters)
    us, uw = _one(s, ev.UpfloatersChosen), _one(w, ev.UpfloatersChosen)
    if mw.count > ms.count:
        return dep("bracket", "2.2.1", "[C5]", False, False, "C5",
                   engine_count=ms.count, published_count=mw.count,
                   engine_upfloaters=tuple(us.players) if us else (),
                   published_upfloaters=tuple(uw.players) if uw else ())
    if mw.count < ms.count:
        return disagree("[C5]")
    if us is not None and uw is not None and set(us.players) != set(uw.players):
        cs, cw = us.criteria, uw.criteria
        sets = {"engine_upfloaters": tuple(us.players), "engine_scores": tuple(us.scores),
                "published_upfloaters": tuple(uw.players), "published_scores": tuple(uw.scores),
                "engine_criteria": dict(cs), "published_criteria": dict(cw)}
        reading = readings.value("container-order")
        if tuple(cs["C6"]) != tuple(cw["C6"]):
            # containers come in descending order of this key (4.2.3.2)
            if container_key(cs["C6"], reading) > container_key(cw["C6"], reading):
                return dep("bracket", "2.2.2", "[C6]", False, False, "C6", reading=reading,
                           **sets)
            return disagree("[C6]")
        for name in ("C7", "C8", "C9", "C10"):
            if cs[name] != cw[name]:
                if cs[name] < cw[name]:
                    return dep("bracket", "2.2.2", f"[{name}]", False, False, "C7-C10",
                               name=name, **sets)
                return disagree(f"[{name}]")
        return dep("bracket", "2.2.2", "4.2.3.3", True, True, "4.2.3.3",
                   engine_sequence=tuple(us.sequence), published_sequence=tuple(uw.sequence),
                   **sets)
    if (us is None) != (uw is None):
        return disagree("2.2.2")
    # same bracket members: colours ([C7]) through the shifts of 2.2.4, then 2.2.6
    miss_s = [(a, b) for a, b in s_pairs if same_preference(st[a], st[b])]
    miss_w = [(a, b) for a, b in w_pairs if same_preference(st[a], st[b])]
    if len(miss_w) > len(miss_s):
        return dep("bracket", "2.2.4", "[C7]", False, False, "C7-shift",
                   engine_missed=tuple(miss_s), published_missed=tuple(miss_w))
    if len(miss_w) < len(miss_s):
        return disagree("[C7]")
    groups = _one(s, ev.GroupsFormed)
    g1, g2 = set(groups.g1), set(groups.g2)

    def inside(pairs):
        return tuple((a, b) for a, b in pairs if {a, b} <= g1 or {a, b} <= g2)

    in_s, in_w = inside(s_pairs), inside(w_pairs)
    same = {"mode": groups.mode, "missed": len(miss_s)}
    if len(in_w) > len(in_s):
        return dep("bracket", "2.2.4.1", "2.2.4.1", True, False, "2.2.4.1",
                   g1=tuple(groups.g1), g2=tuple(groups.g2), engine_inside=in_s,
                   published_inside=in_w, **same)
    if len(in_w) < len(in_s):
        return disagree("2.2.4.1")
    for a, b in zip(_all(s, ev.Shift), _all(w, ev.Shift)):
        if tuple(a.players) != tuple(b.players):
            seq, seq_w = dict(a.pool), dict(b.pool)
            return dep("bracket", a.article, "4.3", True, True, "4.3",
                       source=a.source, target=a.target,
                       engine_shift=tuple((n, seq.get(n)) for n in a.players),
                       published_shift=tuple((n, seq_w.get(n, seq.get(n))) for n in b.players),
                       **same)
    for a, b in zip(_all(s, ev.OpponentChosen), _all(w, ev.OpponentChosen)):
        if a.player != b.player:
            break
        if a.opponent != b.opponent:
            ts, tw = _one(s, ev.TranspositionChosen), _one(w, ev.TranspositionChosen)
            return dep("bracket", "2.2.6", "4.4", True, True, "4.4",
                       s1_index=a.s1_index, player=a.player, engine_opponent=a.opponent,
                       published_opponent=b.opponent, g2=tuple(_one(s, ev.S1Sorted).g2),
                       engine_index=ts.index, published_index=tw.index, **same)
    return dep("engine", "2.2", "2.2", False, False, "no-parting")
