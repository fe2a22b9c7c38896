"""Dubov 2025 step by step: the state of the round after each event of a trace.

The step-through page (:mod:`dubov_explain.render.steps`) shows, next to each event, the
bracket as it stands then.  What a bracket is, which events fill which part of it (the
upfloaters of 2.2.2, G1/G2 of 2.2.3-2.2.4, S1 of 2.2.5, T2 of 2.2.6, the colours of 5), what
each decision rejected and which articles and criteria it cites is Dubov's, so it is here;
the page only lays it out.  Facts only: player numbers, codes, indices into the event; the
words are in ``templates/steps.md.j2``.
"""

from __future__ import annotations

from ...records import dataclass, field

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


@dataclass
class StepChange:
    """Event ``index`` (1-based) as a change to the round's state: what the step-through page
    ships per step instead of a copy of the whole round (a page linear in the field).

    ``change`` holds only what the event changed, as facts, applied in this order:

    - ``open``: ``{score, residents, pool}``, a new bracket (every other part empty);
    - ``set``: ``{part: value}``, parts of the bracket replaced (``minimum``, ``upfloaters``,
      ``g1``, ``g2``, ``s1`` as ``[player, ARO]`` pairs, ``g2_order``, ``t2``, ``closed``);
    - ``push``: ``{part: value}``, a value appended to a part (``t2``, ``pairs``);
    - ``colour``: ``[white, black, rule]`` of a pair of the bracket;
    - ``bye``: the player given the bye;
    - ``boards``: the published boards;
    - ``leave``: the pairs of the bracket this event closes; they join the pairs made, and
      the bracket goes, *after* this step.

    ``scope`` says whom the step concerns, for the page's "follow a player": ``"round"``
    (every player: the round opens, the standings, the published boards), ``"bracket"``
    (every player of the bracket as it stands: a decision about the whole bracket), or
    ``None`` (only the players in ``focus``, ``named`` and the rejected alternatives).

    Who is still unpaired is not shipped: it is the round's players to pair less the pairs
    made, the players of a closed bracket and the bye (see :func:`unpaired`)."""

    index: int
    event: ev.Event
    cited: str
    focus: set[int]
    rejected: list[dict]
    change: dict
    scope: str | None = None
    #: players the event names beyond ``focus`` (the bye candidates, the runner-up)
    named: set[int] = field(default_factory=set)


#: whom each kind of step concerns (see :class:`StepChange`); other kinds: their players
SCOPE = {
    "round-opened": "round", "standings": "round", "acceleration-applied": "round",
    "bye-not-needed": "round", "pairing-published": "round",
    "bracket-opened": "bracket", "minimum-upfloaters": "bracket",
    "upfloaters-chosen": "bracket", "groups-formed": "bracket", "shift-needed": "bracket",
    "shift": "bracket", "s1-sorted": "bracket", "transposition-chosen": "bracket",
    "bracket-closed": "bracket",
}


def _named(e: ev.Event) -> set[int]:
    """The players an event names that its focus and rejected alternatives do not."""
    if isinstance(e, ev.ByeCandidates):
        return {row[0] for row in e.keys} | {row[0] for row in e.ineligible}
    if isinstance(e, ev.ByeAssigned):
        return ({e.runner_up} if e.runner_up else set()) | {n for n in e.passed_over if isinstance(n, int)}
    return set()


def step_changes(trace: Trace) -> list[StepChange]:
    """One :class:`StepChange` per event, reading only what the events record."""
    out: list[StepChange] = []
    in_bracket = False
    for i, e in enumerate(trace.events, start=1):
        focus: set[int] = set()
        ch: dict = {}
        rejected = _rejected(e) if in_bracket or isinstance(e, (ev.ByeCandidates, ev.ByeRejected)) else []
        if isinstance(e, ev.ByeRejected):
            focus = {e.player}
        elif isinstance(e, ev.ByeAssigned):
            ch["bye"] = e.player
            focus = {e.player}
        elif isinstance(e, ev.BracketOpened):
            ch["open"] = dict(score=e.score, residents=list(e.residents), pool=e.pool)
            in_bracket = True
            focus = set(e.residents)
        elif in_bracket and isinstance(e, ev.MinimumUpfloaters):
            ch["set"] = dict(minimum=e.count)
        elif in_bracket and isinstance(e, ev.UpfloatersChosen):
            ch["set"] = dict(upfloaters=list(e.players))
            focus = set(e.players)
        elif in_bracket and isinstance(e, ev.GroupsFormed):
            ch["set"] = dict(g1=list(e.g1), g2=list(e.g2))
        elif in_bracket and isinstance(e, ev.Shift):
            ch["set"] = dict(g1=list(e.g1), g2=list(e.g2))
            focus = set(e.players)
        elif in_bracket and isinstance(e, ev.S1Sorted):
            ch["set"] = dict(s1=[(n, aro) for n, aro, _rank in e.s1], g2_order=list(e.g2))
        elif in_bracket and isinstance(e, ev.OpponentChosen):
            ch["push"] = dict(t2=e.opponent, pairs=(e.player, e.opponent))
            focus = {e.player, e.opponent}
        elif in_bracket and isinstance(e, ev.TranspositionChosen):
            ch["set"] = dict(t2=list(e.t2))
        elif in_bracket and isinstance(e, ev.ColourAllocated):
            ch["colour"] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif in_bracket and isinstance(e, ev.BracketClosed):
            ch["set"] = dict(closed=True)
        elif isinstance(e, ev.PairingPublished):
            ch["boards"] = e.boards
        elif isinstance(e, ev.Impossible):
            focus = set(e.players)
        if isinstance(e, ev.BracketClosed):
            ch["leave"] = [tuple(p) for p in e.pairs]
            in_bracket = False
        scope = SCOPE.get(e.kind)
        if scope == "bracket" and not (in_bracket or isinstance(e, ev.BracketClosed)):
            scope = None  # a bracket-kind event of a what-if run outside a bracket
        out.append(StepChange(index=i, event=e, cited=cited(e), focus=focus, rejected=rejected,
                              change=ch, scope=scope, named=_named(e)))
    return out


def to_pair(trace: Trace) -> list[int]:
    """The players the round pairs, in the order of its opening event."""
    opened = next((e for e in trace.events if isinstance(e, ev.RoundOpened)), None)
    return list(opened.to_pair) if opened else []


def unpaired(players: list[int], done: list[tuple[int, int]], bracket: BracketState | None,
             bye: int | None) -> list[int]:
    """Who is still unpaired: not in a pair made, not in a closed bracket, not the bye."""
    paired = {n for p in done for n in p}
    if bracket is not None and bracket.closed:
        paired |= set(bracket.residents) | set(bracket.upfloaters)
    return [n for n in players if n not in paired and n != bye]


def step_states(trace: Trace) -> list[StepState]:
    """The full state after each event: :func:`step_changes` replayed, a copy per step
    (quadratic in the field; for tests and small rounds, the page ships the changes)."""
    out: list[StepState] = []
    bracket: BracketState | None = None
    done: list[tuple[int, int]] = []
    bye: int | None = None
    players = to_pair(trace)
    for c in step_changes(trace):
        ch = c.change
        if "bye" in ch:
            bye = ch["bye"]
        if "open" in ch:
            o = ch["open"]
            bracket = BracketState(o["score"], list(o["residents"]), o["pool"])
        if bracket is not None:
            for part, value in ch.get("set", {}).items():
                setattr(bracket, part, list(value) if isinstance(value, list) else value)
            for part, value in ch.get("push", {}).items():
                getattr(bracket, part).append(value)
            if "colour" in ch:
                w, b, rule = ch["colour"]
                bracket.colours[frozenset((w, b))] = (w, b, rule)
        out.append(StepState(
            index=c.index, event=c.event, cited=c.cited,
            bracket=bracket.copy() if bracket is not None else None, focus=c.focus,
            rejected=c.rejected, done_pairs=list(done), bye=bye,
            unpaired=unpaired(players, done, bracket, bye), boards=ch.get("boards"),
        ))
        if "leave" in ch:
            done.extend(ch["leave"])
            bracket = None
    return out
