"""Why and why-not: one player's round, and why two players did not meet.

Everything is read from traces.  :func:`explain_player` reads the round's trace for one
player: standing, bye, bracket, upfloat, subgroup, opponent, colour.  :func:`why_not`
answers "why did N not meet M?":

* not both present, already paired together, or no pairing at all: read from the trace;
* illegal: the engine's own compatibility rule names the criterion and the fact
  ([C1] "met in round 3", [C3] "both have an absolute preference for White", XXP);
* legal: the round is paired again by the same engine with N held for M (a what-if run,
  ``pair_round(..., forced=((N, M),))``) and the two traces are compared decision by
  decision; the first decision where they part is where the procedure chose otherwise,
  and the criterion or order rule that made that choice is named.

There is no second, hand-written rule path: every verdict comes from an engine run.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..rulebooks.dubov2025.engine import pair_round
from ..rulebooks.dubov2025.readings import DEFAULT, Readings
from ..tournament.model import Tournament
from ..rulebooks.dubov2025 import events as ev
from ..trace.events import Trace


def _words(macro: str, *args) -> str:
    """The trace records facts; the rulebook's template words them (render.env.phrase)."""
    from ..render.env import phrase

    return phrase(macro, *args)


def _set(ns) -> str:
    return "{" + ", ".join(str(n) for n in ns) + "}"


def _pts(s: str) -> str:
    return f"{s} point" + ("" if s == "1" else "s")


@dataclass
class WhyNot:
    """The answer to "why did ``player`` not meet ``against``?"."""

    player: int
    against: int
    #: paired | absent | illegal | impossible | passed-over | no-pairing | unknown
    verdict: str
    #: the criterion or order rule that decided: "[C1]", "[C6]", "4.4", "2.1.3", ...
    criterion: str
    #: one line, criterion first: "[C6]: upfloater set {4, 8} keeps ..."
    reason: str
    #: the article of the decision (the real trace's event)
    article: str = ""
    #: further facts, one sentence each
    details: list[str] = field(default_factory=list)
    #: 1-based index of the deciding event in the real trace (None if not a divergence)
    step: int | None = None
    #: the deciding event of the real trace and its counterpart in the what-if trace
    real: dict | None = None
    what_if: dict | None = None
    #: the pairing of the what-if run (boards, bye), when it has one
    what_if_boards: list | None = None
    what_if_bye: int | None = None
    #: where the decision was taken: "the bye", "the 2.5-point bracket"
    where: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# ---------------------------------------------------------------------------- decisions
def _key(e: ev.Event) -> tuple | None:
    """What a decision decided; ``None`` for events that only record a what-if artefact."""
    if isinstance(e, (ev.RoundOpened, ev.WhatIf, ev.StandingsSnapshot, ev.ByeCandidates, ev.ByeRejected)):
        return None
    if isinstance(e, ev.ByeAssigned):
        return ("bye", e.player)
    if isinstance(e, ev.ByeNotNeeded):
        return ("no-bye",)
    if isinstance(e, ev.BracketOpened):
        return ("bracket", e.score, tuple(e.residents))
    if isinstance(e, ev.MinimumUpfloaters):
        return ("minimum", e.score, e.count)
    if isinstance(e, ev.UpfloatersChosen):
        return ("upfloaters", e.score, tuple(e.players))
    if isinstance(e, ev.GroupsFormed):
        return ("groups", e.score, tuple(e.g1), tuple(e.g2))
    if isinstance(e, ev.ShiftNeeded):
        return ("shift-needed", e.score, e.step, e.count, e.source)
    if isinstance(e, ev.Shift):
        return ("shift", e.score, e.step, tuple(e.players))
    if isinstance(e, ev.S1Sorted):
        return ("s1", e.score, tuple(r[0] for r in e.s1))
    if isinstance(e, ev.OpponentChosen):
        return ("opponent", e.score, e.player, e.opponent)
    if isinstance(e, ev.TranspositionChosen):
        return ("t2", e.score, tuple(e.t2))
    if isinstance(e, ev.ColourAllocated):
        return ("colour", e.white, e.black)
    if isinstance(e, ev.BracketClosed):
        return ("closed", e.score, tuple(map(tuple, e.pairs)))
    if isinstance(e, ev.PairingPublished):
        return ("published", tuple(map(tuple, e.boards)), e.bye)
    if isinstance(e, ev.Impossible):
        return ("impossible",)
    return (e.kind, e.article)


def decisions(trace: Trace) -> list[tuple[int, ev.Event]]:
    """The trace's decisions with their 1-based event index."""
    return [(i, e) for i, e in enumerate(trace.events, start=1) if _key(e) is not None]


def first_divergence(real: Trace, what_if: Trace):
    """``(index in real, real event, what-if event)`` of the first differing decision."""
    a, b = decisions(real), decisions(what_if)
    for (i, x), (_, y) in zip(a, b):
        if _key(x) != _key(y):
            return i, x, y
    if len(a) != len(b):
        k = min(len(a), len(b))
        x = a[k] if k < len(a) else (a[-1] if a else (0, None))
        y = b[k] if k < len(b) else (b[-1] if b else (0, None))
        return x[0], x[1], y[1]
    return None


# ---------------------------------------------------------------------------- why not
def why_not(
    t: Tournament,
    player: int,
    against: int,
    readings: Readings = DEFAULT,
    round_no: int | None = None,
    trace: Trace | None = None,
) -> WhyNot:
    """Why ``player`` does not meet ``against`` in the round to pair (see module doc)."""
    n, m = player, against
    trace = trace or pair_round(t, readings, round_no)
    opened = trace.events[0]
    assert isinstance(opened, ev.RoundOpened)
    rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
    for p in (n, m):
        if p not in rows:
            return WhyNot(n, m, "unknown", "", f"there is no player {p} in this tournament")
    if n == m:
        return WhyNot(n, m, "unknown", "", f"{n} and {m} are the same player")
    absent = dict(opened.absent)
    for p in (n, m):
        if p in absent:
            return WhyNot(
                n, m, "absent", "1.8.2",
                f"1.8.2: {p} is not paired this round (absent: {absent[p]})",
                article="1.8.2", where="the players to pair",
            )
    result = trace.result
    if isinstance(result, ev.PairingPublished):
        for b, (w, bl) in enumerate(result.boards, start=1):
            if {w, bl} == {n, m}:
                return WhyNot(
                    n, m, "paired", "", f"{n} and {m} are paired: board {b}, {w} White, {bl} Black",
                    where=f"board {b}",
                )
    # the what-if run first: its WhatIf event says whether the pair is legal at all
    wi = pair_round(t, readings, round_no, forced=((n, m),))
    verdict = next(e for e in wi.events if isinstance(e, ev.WhatIf)).pairs[0]
    crit, fact = verdict[2], _words("compat_fact", *verdict)
    if crit:
        return WhyNot(
            n, m, "illegal", crit, f"{crit}: {fact}", article=_criterion_article(crit),
            where="the absolute criteria (3.1)",
        )
    if isinstance(result, ev.Impossible):
        return WhyNot(
            n, m, "no-pairing", "1.8.3",
            "1.8.3: no complete round-pairing exists this round, so nobody is paired",
            article="1.8.3", details=[_words("sentence", result)],
        )
    out = _compare(n, m, trace, wi, rows)
    if isinstance(wi.result, ev.PairingPublished):
        out.what_if_boards = [list(b) for b in wi.result.boards]
        out.what_if_bye = wi.result.bye
    return out


def _criterion_article(crit: str) -> str:
    return {"[C1]": "3.1.1", "[C2]": "3.1.2", "[C3]": "3.1.3", "[C4]": "3.2.1"}.get(crit, crit)


def _compare(n: int, m: int, real: Trace, wi: Trace, rows: dict) -> WhyNot:
    d = first_divergence(real, wi)
    if d is None:  # pragma: no cover - the forced pair would then be in the real pairing
        return WhyNot(n, m, "unknown", "", "the what-if run made the same decisions")
    i, r, w = d
    base = dict(step=i, real=r.to_dict() if r else None, what_if=w.to_dict() if w else None)
    last = bool(real.events[0].last_round) if isinstance(real.events[0], ev.RoundOpened) else False

    def out(crit: str, reason: str, article: str, where: str, details=()) -> WhyNot:
        return WhyNot(n, m, "passed-over", crit, reason, article=article, where=where,
                      details=list(details), **base)

    if isinstance(w, ev.Impossible):
        lonely = ", ".join(map(str, w.players))
        return WhyNot(
            n, m, "impossible", "[C4]",
            f"[C4]: no complete round-pairing contains {n}–{m}: with them paired, "
            f"{lonely} could not all be paired",
            article="3.2.1", where="the round as a whole", details=[_words("sentence", w)], **base,
        )
    # ---- the bye
    if isinstance(r, ev.ByeAssigned) and isinstance(w, ev.ByeAssigned):
        if r.player in (n, m):
            return out(
                r.decided_by,
                f"{r.decided_by}: {r.player} receives the pairing-allocated bye and plays "
                f"nobody: {_words('sentence', r)}",
                r.decided_by, "the bye",
            )
        rejected = [e for e in wi.of(ev.ByeRejected) if e.player == r.player]
        if rejected:
            return out(
                "[C4]",
                f"[C4]: the bye goes to {r.player} ({r.decided_by}), and once {r.player} has "
                f"it no complete pairing of the others pairs {n} with {m}",
                "2.1.2", "the bye",
                [f"1.8.2: the bye is assigned before any bracket is paired; {_words('sentence', r)}.",
                 f"With {n}–{m} forced, {r.player}'s bye is passed over by 2.1.2 and the bye "
                 f"goes to {w.player} instead."],
            )
    # ---- 2.2.1 how many upfloaters
    if isinstance(r, ev.MinimumUpfloaters) and isinstance(w, ev.MinimumUpfloaters):
        return out(
            "[C5]",
            f"[C5]: the {r.score}-point bracket needs {r.count} upfloater(s) (2.2.1); "
            f"pairing {n} with {m} would need {w.count}",
            "2.2.1", f"the {r.score}-point bracket",
            [f"2.2.1: {_words('sentence', r)}."],
        )
    # ---- 2.2.2 which upfloaters
    if isinstance(r, ev.UpfloatersChosen) and isinstance(w, ev.UpfloatersChosen):
        crit, reason = _upfloater_reason(r, w, last)
        return out(
            crit, reason, "2.2.2", f"the {r.score}-point bracket",
            [f"The set chosen, {_set(r.players)}, gives a better bracket than the best set "
             f"that lets {n} meet {m}, {_set(w.players)}; 2.2.2 takes the best, first in the "
             f"order of 4.2."],
        )
    # ---- 2.2.4 shifts
    if isinstance(r, ev.ShiftNeeded) or isinstance(w, ev.ShiftNeeded):
        rc = r.count if isinstance(r, ev.ShiftNeeded) and r.step == 1 else 0
        if isinstance(w, ev.ShiftNeeded) and w.step == 1 and w.count != rc:
            score = w.score
            groups = [e for e in real.of(ev.GroupsFormed) if e.score == score]
            side = ""
            if groups:
                g = groups[0]
                side = "G1" if n in g.g1 and m in g.g1 else ("G2" if n in g.g2 and m in g.g2 else "")
            where_side = f"both in {side}" if side else "in the same subgroup"
            return out(
                "2.2.4.1",
                f"2.2.4.1: {n} and {m} are {where_side}, and players of one subgroup meet "
                f"each other only when that is unavoidable; in the {score}-point bracket "
                f"{rc} such pair{' is' if rc == 1 else 's are'} unavoidable, {n}–{m} would "
                f"make it {w.count}",
                "2.2.4.1", f"the {score}-point bracket",
                ([f"2.2.4.1: {_words('sentence', r)}."] if isinstance(r, ev.ShiftNeeded) else [])
                + [f"In the what-if run: {_words('sentence', w)}."],
            )
    if isinstance(r, ev.Shift) and isinstance(w, ev.Shift) and r.step == w.step:
        seq = dict((p, s) for p, s in r.pool)
        def nums(ps):
            return ", ".join(f"#{seq[p]}" if p in seq else "?" for p in ps)
        return out(
            "4.3",
            f"4.3: the shift of {r.article} moves {_set(r.players)} ({nums(r.players)} in "
            f"the order of 4.3) from {r.source} to {r.target}, the first set that leaves a "
            f"legal pairing; {n}–{m} would need {_set(w.players)} ({nums(w.players)})",
            r.article, f"the {r.score}-point bracket",
        )
    # ---- 2.2.6 transposition
    if isinstance(r, ev.OpponentChosen) and isinstance(w, ev.OpponentChosen) and r.player == w.player:
        s = r.player
        if s in (n, m):
            other = m if s == n else n
            return out(
                "4.4",
                f"4.4: {s} (S1 #{r.s1_index}) is given {r.opponent}, who comes before {other} "
                f"in the initial-ranking order of G2 and still lets the rest of S1 be paired "
                f"(2.2.6: the first transposition that yields a legal pairing)",
                "2.2.6", f"the {r.score}-point bracket",
            )
        taken = r.opponent
        other = m if taken == n else n
        return out(
            "4.4",
            f"4.4: {s}, earlier in S1 (#{r.s1_index}), is given {taken} first: {taken} is the "
            f"first G2 player in initial-ranking order with whom the rest of S1 can still be "
            f"paired, so {taken} is no longer free for {other}",
            "2.2.6", f"the {r.score}-point bracket",
        )
    if isinstance(r, ev.TranspositionChosen) and isinstance(w, ev.TranspositionChosen):
        return out(
            "4.4",
            f"4.4: T2 #{r.index} comes before #{w.index} in the order of transpositions and "
            f"yields a legal pairing",
            "2.2.6", f"the {r.score}-point bracket",
        )
    # ---- anything else: say where the traces part
    rk = r.kind if r is not None else "the end"
    wk = w.kind if w is not None else "the end"
    art = r.article if r is not None else ""
    return out(
        art,
        f"{art}: the procedure's decision at this step ({rk}) differs when {n}–{m} is forced "
        f"({wk})",
        art, "",
    )


_CRIT_WORDS = {
    "C7": "player(s) without their colour preference",
    "C8": "maximum upfloater(s)",
    "C9": "upfloat(s) of maximum upfloaters",
    "C10": "upfloater(s) who upfloated in the previous round",
}


def _upfloater_reason(r: ev.UpfloatersChosen, w: ev.UpfloatersChosen, last: bool) -> tuple[str, str]:
    R, W = _set(r.players), _set(w.players)
    rc6, wc6 = tuple(r.criteria["C6"]), tuple(w.criteria["C6"])
    if rc6 != wc6:
        for a, b in zip(rc6, wc6):
            if a != b:
                return "[C6]", (
                    f"[C6]: upfloater set {R} keeps a {a}-point player where {W} has only "
                    f"a {b}-point one (scores {', '.join(rc6)} against {', '.join(wc6)}; 4.2.3.2 "
                    f"takes the container with the higher lowest score first)"
                )
        return "[C6]", f"[C6]: upfloater set {R} comes from a better container than {W}"
    names = ("C7",) if last else ("C7", "C8", "C9", "C10")
    for c in names:
        a, b = r.criteria[c], w.criteria[c]
        if a != b:
            return f"[{c}]", (
                f"[{c}]: with upfloater set {R} the bracket has {a} {_CRIT_WORDS[c]}, with "
                f"{W} {b}"
            )
    rs = ", ".join(f"#{s}" for s in r.sequence)
    ws = ", ".join(f"#{s}" for s in w.sequence)
    return "4.2.3.3", (
        f"4.2.3.3: upfloater sets {R} ({rs}) and {W} ({ws}) are equally good on [C6]-[C10]; "
        f"{R} comes first in the lexicographic order of sequence numbers"
    )


# ---------------------------------------------------------------------------- one player
@dataclass
class PlayerExplanation:
    player: int
    row: dict
    position: int | None
    round: int
    #: absent | bye | paired | unpaired
    status: str
    absence: str = ""
    board: int | None = None
    colour: str = ""
    opponent: int | None = None
    opponent_row: dict | None = None
    #: the bye, in words: (article, sentence)
    bye: tuple[str, str] = ("", "")
    bracket_score: str | None = None
    resident: bool = True
    residents: list[int] = field(default_factory=list)
    upfloaters: list[int] = field(default_factory=list)
    #: how the player came to be in this bracket or not upfloated: sentences with articles
    upfloat: list[str] = field(default_factory=list)
    #: G1/G2, shifts, S1 position: sentences with articles
    groups: list[str] = field(default_factory=list)
    #: how the opponent was chosen
    pairing: list[str] = field(default_factory=list)
    colour_rule: str = ""
    colour_explanation: str = ""
    #: other players of the bracket, each with the why-not answer
    mates: list[WhyNot] = field(default_factory=list)
    events: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        return d


def explain_player(
    t: Tournament,
    player: int,
    readings: Readings = DEFAULT,
    round_no: int | None = None,
    trace: Trace | None = None,
    mates: bool = True,
) -> PlayerExplanation:
    """One player's round in plain words (see module doc)."""
    n = player
    trace = trace or pair_round(t, readings, round_no)
    opened = trace.events[0]
    assert isinstance(opened, ev.RoundOpened)
    snap = trace.of(ev.StandingsSnapshot)[0]
    rows = {r["number"]: r for r in snap.rows}
    if n not in rows:
        raise KeyError(f"there is no player {n} in this tournament")
    order = sorted(rows.values(), key=lambda r: (-float(r["score"]), r["initial_rank"], r["number"]))
    pos = next(i for i, r in enumerate(order, start=1) if r["number"] == n)
    x = PlayerExplanation(player=n, row=rows[n], position=pos, round=opened.round, status="unpaired")
    absent = dict(opened.absent)
    if n in absent:
        x.status, x.absence = "absent", absent[n]
        return x
    x.bye = _bye_words(trace, n)
    result = trace.result
    if isinstance(result, ev.PairingPublished):
        if result.bye == n:
            x.status = "bye"
        for b, (w, bl) in enumerate(result.boards, start=1):
            if n in (w, bl):
                x.status, x.board = "paired", b
                x.colour = "White" if n == w else "Black"
                x.opponent = bl if n == w else w
                x.opponent_row = rows.get(x.opponent)
    # the bracket the player was paired in, and the brackets above
    minimum = ""
    current_res: list[int] = []
    for i, e in enumerate(trace.events, start=1):
        if isinstance(e, ev.BracketOpened):
            current_res = list(e.residents)
        if isinstance(e, ev.MinimumUpfloaters):
            minimum = f"2.2.1: {_words('sentence', e)}."
        if isinstance(e, ev.UpfloatersChosen) and n in e.players:
            x.upfloat.append(
                f"{n} ({_pts(rows[n]['score'])}) is upfloated into the {e.score}-point bracket "
                f"(2.2.2): the set {_set(e.players)} was chosen "
                + _decided_words(e) + "."
            )
            x.upfloat.append(minimum)
        elif isinstance(e, ev.UpfloatersChosen) and float(e.score) > float(rows[n]["score"]) and x.bracket_score is None:
            x.upfloat.append(
                f"The {e.score}-point bracket took {_set(e.players)} as upfloaters, not {n} "
                f"(2.2.2: {_decided_words(e)})."
            )
        if isinstance(e, ev.BracketOpened) and n in e.residents:
            x.bracket_score, x.resident, x.residents = e.score, True, list(e.residents)
        if isinstance(e, ev.UpfloatersChosen) and n in e.players:
            x.bracket_score, x.resident, x.residents = e.score, False, current_res
        if x.bracket_score is not None and getattr(e, "score", None) == x.bracket_score:
            if isinstance(e, ev.UpfloatersChosen):
                x.upfloaters = list(e.players)
            _group_words(x, e, n)
            x.events.append(i)
        if isinstance(e, ev.ColourAllocated) and n in (e.white, e.black):
            x.colour_rule, x.colour_explanation = e.rule, _words("sentence", e)
            x.events.append(i)
    if x.bracket_score is not None and not x.upfloat:
        x.upfloat.append(
            f"{n} is a resident of the {x.bracket_score}-point bracket"
            + (f", which took {_set(x.upfloaters)} as upfloaters" if x.upfloaters else
               ", which needed no upfloaters")
            + "; no bracket above needed to upfloat " + str(n) + "."
        )
    if mates and x.bracket_score is not None:
        for m in x.residents + x.upfloaters:
            if m != n:
                x.mates.append(why_not(t, n, m, readings, round_no, trace))
    return x


def _decided_words(e: ev.UpfloatersChosen) -> str:
    d = e.decided_by
    f = e.first_in_order
    if d == "4.2.3.3":
        return "as the first set in the order of 4.2 that gives a legal pairing (4.2.3.3)"
    if d == "[C6]":
        return "because no set with higher scores ([C6]) gives a legal pairing"
    if f and "criteria" in f:
        return f"because the first set of its container, {_set(f['players'])}, is worse on {d}"
    if f:
        return f"because the first set of its container, {_set(f['players'])}, is illegal ({_words('verdict_words', f['verdict'])})"
    return f"by {d}"


def _group_words(x: PlayerExplanation, e: ev.Event, n: int) -> None:
    if isinstance(e, ev.GroupsFormed):
        side = "G1" if n in e.g1 else "G2"
        if e.mode == "colour":
            why = "a colour preference for White" if side == "G1" else "no colour preference for White"
            x.groups.append(f"2.2.3: {n} starts in {side} ({why}).")
        else:
            x.groups.append(f"2.2.3: nobody in the bracket has played yet; {n} starts in {side} "
                            f"by initial ranking.")
    elif isinstance(e, ev.ShiftNeeded) and (e.step == 1):
        x.groups.append(f"2.2.4.1: {_words('sentence', e)}.")
    elif isinstance(e, ev.Shift) and n in e.players:
        x.groups.append(
            f"{e.article}: {n} is shifted from {e.source} to {e.target} — the first set in the "
            f"order of 4.3 that leaves a legal pairing."
        )
    elif isinstance(e, ev.Shift):
        x.groups.append(f"{e.article}: {_set(e.players)} shifted from {e.source} to {e.target}; "
                        f"{n} stays in {'G1' if n in e.g1 else 'G2'}.")
    elif isinstance(e, ev.S1Sorted):
        s1 = [r[0] for r in e.s1]
        if n in s1:
            row = e.s1[s1.index(n)]
            x.groups.append(f"2.2.5: {n} is S1 #{s1.index(n) + 1} (ARO {row[1]}; S1 is sorted by "
                            f"ascending ARO, then initial ranking).")
        else:
            x.groups.append(f"4.4.2: {n} is in G2, position {list(e.g2).index(n) + 1} in "
                            f"initial-ranking order: {', '.join(map(str, e.g2))}.")
    elif isinstance(e, ev.OpponentChosen) and n == e.player:
        rej = "; ".join(f"{c} ({crit}: {_words('compat_fact', n, c, crit, d)})"
                        for c, crit, d in e.rejected[:6])
        more = f" and {len(e.rejected) - 6} more" if len(e.rejected) > 6 else ""
        x.pairing.append(
            f"2.2.6: {n}, S1 #{e.s1_index}, is given {e.opponent}, the first G2 player still "
            f"free in initial-ranking order who can meet {n} and lets the rest of S1 be paired"
            + (f"; passed over first: {rej}{more}" if rej else "") + "."
        )
    elif isinstance(e, ev.OpponentChosen):
        mine = [r for r in e.rejected if r[0] == n]
        if e.opponent == n:
            x.pairing.append(f"2.2.6: S1 #{e.s1_index}, {e.player}, is given {n}: the first G2 "
                             f"player still free in initial-ranking order who can meet "
                             f"{e.player} and lets the rest of S1 be paired.")
        elif mine:
            x.pairing.append(f"2.2.6: S1 #{e.s1_index}, {e.player}, passes over {n}: "
                             f"{mine[0][1]}: {_words('compat_fact', e.player, n, mine[0][1], mine[0][2])}.")


def _bye_words(trace: Trace, n: int) -> tuple[str, str]:
    """(article, sentence): why ``n`` has, or has not, the pairing-allocated bye."""
    nb = trace.of(ev.ByeNotNeeded)
    if nb:
        return "1.4.1", f"Nobody has the bye: {nb[0].players} players to pair, an even number (1.4.1)."
    cands = trace.of(ev.ByeCandidates)
    given = trace.of(ev.ByeAssigned)
    if not cands:
        return "", ""
    c = cands[0]
    if given and given[0].player == n:
        g = given[0]
        return g.decided_by, f"{n} has the pairing-allocated bye ({g.decided_by}): {_words('sentence', g)}."
    inel = {p: _words("bye_bar", kind, rnd, code) for p, kind, rnd, code in c.ineligible}
    if n in inel:
        return "[C2]", f"{n} may not have the bye: {inel[n]} ([C2], 2.1.1)."
    for r in trace.of(ev.ByeRejected):
        if r.player == n:
            return "2.1.2", f"{n} is passed over for the bye (2.1.2): {_words('sentence', r)}."
    if not given:
        return "1.8.3", "No bye was assigned: no complete pairing exists (1.8.3)."
    b = given[0].player
    keys = {k[0]: k for k in c.keys}
    if n in keys and b in keys:
        _, sb, gb, rb = keys[b]
        _, sn, gn, rn = keys[n]
        if sb != sn:
            return "2.1.3", (f"{n} does not have the bye: {b} has a lower score ({_pts(sb)} "
                             f"against {_pts(sn)}; 2.1.3).")
        if gb != gn:
            return "2.1.4", (f"{n} does not have the bye: with equal scores, {b} has played more "
                             f"games ({gb} against {gn}; 2.1.4).")
        return "2.1.5", (f"{n} does not have the bye: with equal scores and games, {b} is lower "
                         f"in the initial ranking (rank {rb} against {rn}; 2.1.5).")
    return "2.1", f"{n} does not have the bye; it goes to {b} ({given[0].decided_by})."
