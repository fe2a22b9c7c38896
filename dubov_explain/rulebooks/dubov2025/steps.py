"""Dubov 2025 step by step: the state of the round after each event of a trace.

The step-through page (:mod:`dubov_explain.render.steps`) shows, next to each event, the
bracket as it stands then.  What a bracket is, which events fill which part of it (the
upfloaters of 2.2.2, G1/G2 of 2.2.3-2.2.4, S1 of 2.2.5, T2 of 2.2.6, the colours of 5), what
each decision rejected and which articles and criteria it cites is Dubov's, so it is here;
the page only lays it out.  Facts only: player numbers, codes, indices into the event; the
words are in ``templates/steps.md.j2``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...trace.events import Trace
from . import events as ev


@dataclass
class BracketState:
    score: str
    residents: list[int]
    pool: int = 0
    upfloaters: list[int] = field(default_factory=list)
    g1: list[int] = field(default_factory=list)
    g2: list[int] = field(default_factory=list)
    s1: list[tuple[int, int]] = field(default_factory=list)  # (player, ARO)
    g2_order: list[int] = field(default_factory=list)
    t2: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)  # S1 player, opponent
    colours: dict[frozenset, tuple[int, int, str]] = field(default_factory=dict)
    minimum: int | None = None
    closed: bool = False

    def copy(self) -> "BracketState":
        return BracketState(
            self.score, list(self.residents), self.pool, list(self.upfloaters), list(self.g1),
            list(self.g2), list(self.s1), list(self.g2_order), list(self.t2), list(self.pairs),
            dict(self.colours), self.minimum, self.closed,
        )

    def colour_of(self, a: int, b: int) -> tuple[int, int, str] | None:
        return self.colours.get(frozenset((a, b)))


@dataclass
class StepState:
    """The round after event ``index`` (1-based): the bracket, the players the decision
    concerns (``focus``), what it rejected (``{"who", "case", ...}`` per alternative; the
    template words each case), the pairs of closed brackets, the bye, who is still unpaired."""

    index: int
    event: ev.Event
    cited: str
    bracket: BracketState | None
    focus: set[int]
    rejected: list[dict]
    done_pairs: list[tuple[int, int]]
    bye: int | None
    unpaired: list[int]
    boards: tuple | None = None


def cited(e: ev.Event) -> str:
    """The event's article, plus the criteria or order rules its decision names."""
    extra: list[str] = []
    if isinstance(e, ev.ByeCandidates):
        extra = ["C2"]
    elif isinstance(e, ev.ByeRejected):
        extra = ["C4"]
    elif isinstance(e, ev.UpfloatersChosen):
        extra = [e.decided_by, "4.2"]
    elif isinstance(e, ev.MinimumUpfloaters):
        extra = ["C5"]
    elif isinstance(e, ev.Shift):
        extra = ["4.3", "4.3.3"]
    elif isinstance(e, ev.OpponentChosen):
        extra = ["4.4"] + sorted({str(r[1]) for r in e.rejected})
    elif isinstance(e, ev.TranspositionChosen):
        extra = ["2.2.6"]
    return " ".join([e.article] + extra)


def _rejected(e: ev.Event) -> list[dict]:
    """The alternatives a decision rejected, as facts (indices into the event)."""
    if isinstance(e, ev.ByeCandidates):
        return [dict(who=row[0], case="bye-ineligible", index=k) for k, row in enumerate(e.ineligible)]
    if isinstance(e, ev.ByeRejected):
        return [dict(who=e.player, case="bye-rejected")]
    if isinstance(e, ev.UpfloatersChosen):
        out = [dict(who=list(c), case="container-skipped", index=k)
               for k, (c, _) in enumerate(e.containers_skipped)]
        f = e.first_in_order
        if f:
            out.append(dict(who=list(f["players"]), case="first-in-order"))
        r = e.runner_up
        if r.get("players") and tuple(r["players"]) != tuple(f.get("players", ()) if f else ()):
            out.append(dict(who=list(r["players"]), case="next-best", beaten_on=r["beaten_on"]))
        return out
    if isinstance(e, ev.Shift):
        out = [dict(who=list(s), case="shift-rejected", index=k) for k, (s, _) in enumerate(e.rejected)]
        if e.rejected_count > len(e.rejected):
            out.append(dict(who=None, case="more-sets", count=e.rejected_count - len(e.rejected)))
        return out
    if isinstance(e, ev.OpponentChosen):
        return [dict(who=r[0], case="opponent-rejected", index=k, criterion=r[1])
                for k, r in enumerate(e.rejected)]
    return []


def step_states(trace: Trace) -> list[StepState]:
    """Replay the events (reading only what they record) into one state per event."""
    out: list[StepState] = []
    bracket: BracketState | None = None
    done: list[tuple[int, int]] = []
    bye: int | None = None
    opened = next((e for e in trace.events if isinstance(e, ev.RoundOpened)), None)
    to_pair: list[int] = list(opened.to_pair) if opened else []
    for i, e in enumerate(trace.events, start=1):
        focus: set[int] = set()
        boards = None
        rejected = _rejected(e) if bracket is not None or isinstance(e, (ev.ByeCandidates, ev.ByeRejected)) else []
        if isinstance(e, ev.ByeRejected):
            focus = {e.player}
        elif isinstance(e, ev.ByeAssigned):
            bye = e.player
            focus = {e.player}
        elif isinstance(e, ev.BracketOpened):
            bracket = BracketState(e.score, list(e.residents), e.pool)
            focus = set(e.residents)
        elif bracket is not None and isinstance(e, ev.MinimumUpfloaters):
            bracket.minimum = e.count
        elif bracket is not None and isinstance(e, ev.UpfloatersChosen):
            bracket.upfloaters = list(e.players)
            focus = set(e.players)
        elif bracket is not None and isinstance(e, ev.GroupsFormed):
            bracket.g1, bracket.g2 = list(e.g1), list(e.g2)
        elif bracket is not None and isinstance(e, ev.Shift):
            bracket.g1, bracket.g2 = list(e.g1), list(e.g2)
            focus = set(e.players)
        elif bracket is not None and isinstance(e, ev.S1Sorted):
            bracket.s1 = [(n, aro) for n, aro, _rank in e.s1]
            bracket.g2_order = list(e.g2)
        elif bracket is not None and isinstance(e, ev.OpponentChosen):
            bracket.t2.append(e.opponent)
            bracket.pairs.append((e.player, e.opponent))
            focus = {e.player, e.opponent}
        elif bracket is not None and isinstance(e, ev.TranspositionChosen):
            bracket.t2 = list(e.t2)
        elif bracket is not None and isinstance(e, ev.ColourAllocated):
            bracket.colours[frozenset((e.white, e.black))] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif bracket is not None and isinstance(e, ev.BracketClosed):
            bracket.closed = True
        elif isinstance(e, ev.PairingPublished):
            boards = e.boards
        elif isinstance(e, ev.Impossible):
            focus = set(e.players)
        paired = {n for p in done for n in p}
        if bracket is not None:
            paired |= set(bracket.residents) | set(bracket.upfloaters) if bracket.closed else set()
        unpaired = [n for n in to_pair if n not in paired and n != bye]
        out.append(StepState(
            index=i, event=e, cited=cited(e), bracket=bracket.copy() if bracket is not None else None,
            focus=focus, rejected=rejected, done_pairs=list(done), bye=bye, unpaired=unpaired,
            boards=boards,
        ))
        if isinstance(e, ev.BracketClosed):
            done.extend(tuple(p) for p in e.pairs)
            bracket = None
    return out
