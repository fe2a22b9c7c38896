"""Dubov 1997 step by step: the state of the round after each event of a trace.

The step-through page shows, beside each event, the score group as it stands: its
residents and the floaters it received (6.4), the transferred players (7.1, 7.2), the two
columns of 6.2, the pairs made (6.3, 8.2) and their colours (3).  The state is carried in
the parts the page knows (``residents``, ``upfloaters``, ``g1``/``g2`` for the White and
Black columns, ``pairs``); ``templates/steps.md.j2`` names them.
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
    g1: list[int] = field(default_factory=list)  # the White column (6.2)
    g2: list[int] = field(default_factory=list)  # the Black column (6.2)
    s1: list[tuple[int, int]] = field(default_factory=list)
    g2_order: list[int] = field(default_factory=list)
    t2: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)
    colours: dict[frozenset, tuple[int, int, str]] = field(default_factory=dict)
    minimum: int | None = None
    closed: bool = False

    def copy(self) -> "BracketState":
        return BracketState(self.score, list(self.residents), self.pool, list(self.upfloaters),
                            list(self.g1), list(self.g2), list(self.s1), list(self.g2_order),
                            list(self.t2), list(self.pairs), dict(self.colours), self.minimum,
                            self.closed)

    def colour_of(self, a: int, b: int) -> tuple[int, int, str] | None:
        return self.colours.get(frozenset((a, b)))


@dataclass
class StepState:
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


@dataclass
class StepChange:
    index: int
    event: ev.Event
    cited: str
    focus: set[int]
    rejected: list[dict]
    change: dict
    #: whom the step concerns, for the page's "follow a player": "round" (every player),
    #: "bracket" (every player of the score group as it stands), None (its own players)
    scope: str | None = None
    #: players the event names beyond ``focus`` and the rejected alternatives
    named: set[int] = field(default_factory=set)


#: whom each kind of step concerns (see :class:`StepChange`); other kinds: their players
SCOPE = {
    "round-opened": "round", "standings": "round", "acceleration-applied": "round",
    "first-round": "round", "bye-not-needed": "round", "pairing-published": "round",
    "group-opened": "bracket", "floater-order": "bracket", "requirement-checked": "bracket",
    "transfer-made": "bracket", "no-transfer": "bracket", "colour-balance": "bracket",
    "columns-written": "bracket", "floaters-chosen": "bracket", "group-closed": "bracket",
}


def _named(e: ev.Event) -> set[int]:
    """The players an event names that its focus and rejected alternatives do not."""
    if isinstance(e, ev.ByeCandidates):
        return {row[0] for row in e.keys} | {row[0] for row in e.ineligible}
    if isinstance(e, ev.ByeAssigned):
        return ({e.runner_up} if e.runner_up else set()) | {n for n in e.passed_over if isinstance(n, int)}
    if isinstance(e, ev.FloaterPasses):
        return {e.floater}
    if isinstance(e, ev.FirstRoundGroup):
        return {n for part in (e.upper, e.lower, e.came_down) for n in part if isinstance(n, int)}
    return set()


def cited(e: ev.Event) -> str:
    extra: list[str] = []
    if isinstance(e, ev.ByeCandidates):
        extra = ["2.2"]
    elif isinstance(e, (ev.FloaterPaired, ev.PairMade)):
        extra = sorted({str(r[1]) for r in e.rejected if str(r[1])[:1].isdigit()})
    elif isinstance(e, ev.TransferMade):
        extra = ["2.5"]
    elif isinstance(e, ev.ColourBalance):
        extra = ["2.6"]
    elif isinstance(e, ev.ColourAllocated) and e.forced:
        extra = [e.forced]
    return " ".join([e.article] + extra)


def _rejected(e: ev.Event) -> list[dict]:
    if isinstance(e, ev.ByeCandidates):
        return [dict(who=row[0], case="bye-ineligible", index=k) for k, row in enumerate(e.ineligible)]
    if isinstance(e, ev.ByeRejected):
        return [dict(who=e.player, case="bye-rejected")]
    if isinstance(e, (ev.FloaterPaired, ev.PairMade, ev.TransferMade)):
        return [dict(who=r[0], case="passed-over", code=r[1], index=k)
                for k, r in enumerate(e.rejected)]
    if isinstance(e, ev.ColourBalance):
        return [dict(who=n, case="kept", code=why) for n, why in e.kept]
    return []


def step_changes(trace: Trace) -> list[StepChange]:
    out: list[StepChange] = []
    in_group = False
    for i, e in enumerate(trace.events, start=1):
        focus: set[int] = set()
        ch: dict = {}
        rejected = _rejected(e)
        if isinstance(e, ev.ByeRejected):
            focus = {e.player}
        elif isinstance(e, ev.ByeAssigned):
            ch["bye"] = e.player
            focus = {e.player}
        elif isinstance(e, ev.GroupOpened):
            ch["open"] = dict(score=e.score, residents=list(e.residents), pool=e.lower)
            if e.floaters:
                ch["set"] = dict(upfloaters=list(e.floaters))
            in_group = True
            focus = set(e.residents)
        elif in_group and isinstance(e, ev.TransferMade):
            ch["push"] = dict(upfloaters=e.player)
            focus = {e.player}
        elif in_group and isinstance(e, ev.ColumnsWritten):
            ch["set"] = dict(g1=[r[0] for r in e.whites], g2=[r[0] for r in e.blacks],
                             g2_order=[r[0] for r in e.blacks])
        elif in_group and isinstance(e, ev.FloaterPaired):
            ch["push"] = dict(pairs=(e.floater, e.partner), s1=(e.floater, "8.2"), t2=e.partner)
            focus = {e.floater, e.partner}
        elif in_group and isinstance(e, ev.PairMade):
            ch["push"] = dict(pairs=(e.player, e.opponent), s1=(e.player, e.article), t2=e.opponent)
            focus = {e.player, e.opponent}
        elif in_group and isinstance(e, ev.FloatersChosen):
            focus = {p for p, _ in e.players}
        elif isinstance(e, ev.ColourAllocated):
            if in_group:
                ch["colour"] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif in_group and isinstance(e, ev.GroupClosed):
            ch["set"] = dict(closed=True)
        elif isinstance(e, ev.PairingPublished):
            ch["boards"] = e.boards
        elif isinstance(e, (ev.Impossible, ev.ArbiterDecides)):
            focus = set(e.players)
        if isinstance(e, ev.GroupClosed):
            ch["leave"] = [tuple(p) for p in e.pairs]
            in_group = False
        scope = SCOPE.get(e.kind)
        if scope == "bracket" and not (in_group or isinstance(e, ev.GroupClosed)):
            scope = None
        out.append(StepChange(index=i, event=e, cited=cited(e), focus=focus, rejected=rejected,
                              change=ch, scope=scope, named=_named(e)))
    return out


def to_pair(trace: Trace) -> list[int]:
    opened = next((e for e in trace.events if isinstance(e, ev.RoundOpened)), None)
    return list(opened.to_pair) if opened else []


def step_states(trace: Trace) -> list[StepState]:
    out: list[StepState] = []
    bracket: BracketState | None = None
    done: list[tuple[int, int]] = []
    bye: int | None = None
    players = to_pair(trace)
    first = [e for e in trace.events if isinstance(e, ev.FirstRound)]
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
        if first and isinstance(c.event, ev.ColourAllocated):
            done.append((c.event.white, c.event.black))
        paired = {n for p in done for n in p}
        if bracket is not None and bracket.closed:
            paired |= {n for p in bracket.pairs for n in p}
        out.append(StepState(
            index=c.index, event=c.event, cited=c.cited,
            bracket=bracket.copy() if bracket is not None else None, focus=c.focus,
            rejected=c.rejected, done_pairs=list(done), bye=bye,
            unpaired=[n for n in players if n not in paired and n != bye],
            boards=ch.get("boards"),
        ))
        if "leave" in ch:
            done.extend(ch["leave"])
            bracket = None
    return out
