"""Dutch 2012 step by step: each event as a change to the round's state.

The step-through page replays the changes; the parts are those the page knows: a bracket
opens (``residents``), its moved-down players (``upfloaters``), S1 and S2 of the accepted
attempt (``g1``/``g2``), its pairs, colours, the bye, the boards.  Facts only; the words
are in ``templates/steps.md.j2``.
"""

from __future__ import annotations

from ...records import dataclass, field

from ...trace.events import Trace
from . import events as ev


def cited(e) -> str:
    extra: list[str] = []
    if isinstance(e, ev.PairingFound):
        extra = ["D.1"] + (["D.2" if e.part != "heterogeneous" else "D.3"] if e.exchange else [])
        extra += sorted({str(c) for _, rej in e.rejected for _, c in rej
                         if str(c)[:1] in "ABCD"})
    elif isinstance(e, ev.RequirementsFailed):
        extra = [e.next_step]
    return " ".join([e.article] + [x for x in extra if x != e.article])


def _rejected(e) -> list[dict]:
    if isinstance(e, ev.PairingFound):
        return [dict(who=s1, case="candidate", opponent=b, criterion=c)
                for s1, rej in e.rejected for b, c in rej][:40]
    return []


@dataclass
class StepChange:
    index: int
    event: object
    cited: str
    focus: set
    rejected: list
    change: dict
    #: whom the step concerns, for the page's "follow a player": "round" (every player),
    #: "bracket" (every player of the score bracket as it stands), None (its own players)
    scope: str | None = None
    #: players the event names beyond ``focus`` and the rejected alternatives
    named: set = field(default_factory=set)


#: whom each kind of step concerns (see :class:`StepChange`); other kinds: their players
SCOPE = {
    "round-opened": "round", "standings": "round", "acceleration-applied": "round",
    "pairing-published": "round",
    "bracket-opened": "bracket", "parameters": "bracket", "requirements-failed": "bracket",
    "reduced": "bracket", "bracket-moved-down": "bracket", "pairing-found": "bracket",
    "bracket-closed": "bracket", "search-limit": "bracket", "b3-factor": "bracket",
    "b3-level": "bracket",
}


@dataclass
class BracketState:
    score: str
    residents: list
    pool: int = 0
    upfloaters: list = field(default_factory=list)
    g1: list = field(default_factory=list)
    g2: list = field(default_factory=list)
    s1: list = field(default_factory=list)
    g2_order: list = field(default_factory=list)
    t2: list = field(default_factory=list)
    pairs: list = field(default_factory=list)
    colours: dict = field(default_factory=dict)
    minimum: int | None = None
    closed: bool = False

    def copy(self) -> "BracketState":
        return BracketState(self.score, list(self.residents), self.pool, list(self.upfloaters),
                            list(self.g1), list(self.g2), list(self.s1), list(self.g2_order),
                            list(self.t2), list(self.pairs), dict(self.colours), self.minimum,
                            self.closed)

    def colour_of(self, a: int, b: int):
        return self.colours.get(frozenset((a, b)))


@dataclass
class StepState:
    index: int
    event: object
    cited: str
    bracket: BracketState | None
    focus: set
    rejected: list
    done_pairs: list
    bye: int | None
    unpaired: list
    boards: tuple | None = None


def step_changes(trace: Trace) -> list[StepChange]:
    out = []
    in_bracket = False
    #: each bracket's pairs as it last closed: C.12/C.13 may pair it again (its close then
    #: takes the earlier pairs back, ``unleave``) or join it to the lowest bracket
    left: dict[str, list] = {}
    for i, e in enumerate(trace.events, start=1):
        ch: dict = {}
        focus: set = set()
        if isinstance(e, ev.BracketOpened):
            ch["open"] = dict(score=e.score, residents=list(e.residents), pool=0)
            ch["set"] = dict(upfloaters=list(e.mdps))
            focus = set(e.residents) | set(e.mdps)
        elif isinstance(e, ev.PairingFound):
            ch["set"] = dict(g1=list(e.s1), g2=list(e.s2), pairs=[list(p) for p in e.pairs])
            focus = {n for p in e.pairs for n in p}
        elif isinstance(e, (ev.MovedDown, ev.BracketMovedDown)):
            focus = set(e.players)
        elif isinstance(e, ev.IncompatibleMoved):
            focus = {e.player}
        elif isinstance(e, ev.ColourAllocated):
            ch["colour"] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif isinstance(e, ev.BracketClosed):
            ch["set"] = dict(closed=True)
            ch["leave"] = [tuple(p) for p in e.pairs]
            if left.get(e.score):
                ch["unleave"] = left[e.score]
            left[e.score] = ch["leave"]
        elif isinstance(e, ev.BracketsJoined):
            if left.get(e.score):
                ch["unleave"] = left.pop(e.score)
            focus = set(e.players)
        elif isinstance(e, ev.Backtracked):
            focus = set(e.moved) | ({e.player} if e.player is not None else set())
        elif isinstance(e, ev.ByeAssigned):
            ch["bye"] = e.player
            focus = {e.player}
        elif isinstance(e, ev.PairingPublished):
            ch["boards"] = e.boards
        elif isinstance(e, ev.Impossible):
            focus = set(e.players)
        if isinstance(e, ev.BracketOpened):
            in_bracket = True
        scope = SCOPE.get(e.kind)
        if scope == "bracket" and not in_bracket:
            scope = None
        out.append(StepChange(i, e, cited(e), focus, _rejected(e), ch, scope))
        if isinstance(e, ev.BracketClosed):
            in_bracket = False
    return out


def step_states(trace: Trace) -> list[StepState]:
    out = []
    bracket = None
    done: list = []
    bye = None
    opened = next((e for e in trace.events if isinstance(e, ev.RoundOpened)), None)
    players = list(opened.to_pair) if opened else []
    for c in step_changes(trace):
        ch = c.change
        bye = ch.get("bye", bye)
        if "open" in ch:
            o = ch["open"]
            bracket = BracketState(o["score"], list(o["residents"]))
        if bracket is not None:
            for part, value in ch.get("set", {}).items():
                setattr(bracket, part, value)
            if "colour" in ch:
                w, b, rule = ch["colour"]
                bracket.colours[frozenset((w, b))] = (w, b, rule)
        if "unleave" in ch:
            undone = {tuple(p) for p in ch["unleave"]}
            done = [p for p in done if tuple(p) not in undone]
        paired = {n for p in done for n in p}
        unpaired = [n for n in players if n not in paired and n != bye]
        out.append(StepState(c.index, c.event, c.cited,
                             bracket.copy() if bracket is not None else None, c.focus,
                             c.rejected, list(done), bye, unpaired, ch.get("boards")))
        if "leave" in ch:
            done.extend(ch["leave"])
            bracket = None
    return out
