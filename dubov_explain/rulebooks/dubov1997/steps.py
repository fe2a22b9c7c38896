"""Dubov 1997 step by step: what each event of a trace changes in the round.

The step-through page shows, beside each event, the score group as it stands: its
residents and the floaters it received (6.4), the transferred players (7.1, 7.2), the two
columns of 6.2, the pairs made (6.3, 8.2) and their colours (3).  The state is carried in
the parts the page knows (``residents``, ``upfloaters``, ``g1``/``g2`` for the White and
Black columns, ``pairs``); ``templates/steps.md.j2`` names them.  The records, the walk
and the replay are the rulebooks' (:mod:`dubov_explain.rulebooks.steps`).
"""

from __future__ import annotations

from ..steps import BracketState, RoundSteps, StepChange, StepState  # noqa: F401
from . import events as ev


class Dubov1997Steps(RoundSteps):
    opens = ev.GroupOpened
    closes = ev.GroupClosed
    bye_assigned = ev.ByeAssigned
    bye_candidates = ev.ByeCandidates
    bye_rejected = ev.ByeRejected
    scope = {
        "round-opened": "round", "standings": "round", "acceleration-applied": "round",
        "first-round": "round", "bye-not-needed": "round", "pairing-published": "round",
        "group-opened": "bracket", "floater-order": "bracket", "requirement-checked": "bracket",
        "transfer-made": "bracket", "no-transfer": "bracket", "colour-balance": "bracket",
        "columns-written": "bracket", "floaters-chosen": "bracket", "group-closed": "bracket",
    }

    def __init__(self, trace):
        super().__init__(trace)
        #: a first round (5) pairs without score groups: each colour allocated is a pair made
        self.first = any(isinstance(e, ev.FirstRound) for e in trace.events)

    def cited(self, e: ev.Event) -> str:
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

    def rejected(self, e: ev.Event, inside: bool) -> list[dict]:
        if isinstance(e, (ev.FloaterPaired, ev.PairMade, ev.TransferMade)):
            return [dict(who=r[0], case="passed-over", code=r[1], index=k)
                    for k, r in enumerate(e.rejected)]
        if isinstance(e, ev.ColourBalance):
            return [dict(who=n, case="kept", code=why) for n, why in e.kept]
        return super().rejected(e, inside)

    def named(self, e: ev.Event) -> set[int]:
        if isinstance(e, ev.FloaterPasses):
            return {e.floater}
        if isinstance(e, ev.FirstRoundGroup):
            return {n for part in (e.upper, e.lower, e.came_down) for n in part if isinstance(n, int)}
        return super().named(e)

    def change(self, e: ev.Event, inside: bool) -> tuple[set[int], dict]:
        ch: dict = {}
        focus: set[int] = set()
        if isinstance(e, ev.GroupOpened):
            ch["open"] = dict(score=e.score, residents=list(e.residents), pool=e.lower)
            if e.floaters:
                ch["set"] = dict(upfloaters=list(e.floaters))
            focus = set(e.residents)
        elif inside and isinstance(e, ev.TransferMade):
            ch["push"] = dict(upfloaters=e.player)
            focus = {e.player}
        elif inside and isinstance(e, ev.ColumnsWritten):
            ch["set"] = dict(g1=[r[0] for r in e.whites], g2=[r[0] for r in e.blacks],
                             g2_order=[r[0] for r in e.blacks])
        elif inside and isinstance(e, ev.FloaterPaired):
            ch["push"] = dict(pairs=(e.floater, e.partner), s1=(e.floater, "8.2"), t2=e.partner)
            focus = {e.floater, e.partner}
        elif inside and isinstance(e, ev.PairMade):
            ch["push"] = dict(pairs=(e.player, e.opponent), s1=(e.player, e.article), t2=e.opponent)
            focus = {e.player, e.opponent}
        elif inside and isinstance(e, ev.FloatersChosen):
            focus = {p for p, _ in e.players}
        elif isinstance(e, ev.ColourAllocated):
            if inside:
                ch["colour"] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif inside and isinstance(e, ev.GroupClosed):
            ch["set"] = dict(closed=True)
        elif isinstance(e, ev.ArbiterDecides):
            focus = set(e.players)
        if isinstance(e, ev.GroupClosed):
            ch["leave"] = [tuple(p) for p in e.pairs]
        return focus, ch

    def closed_players(self, bracket: BracketState) -> set[int]:
        """A closed score group pairs the players of its pairs (its floaters go down)."""
        return {n for p in bracket.pairs for n in p}

    def made(self, c: StepChange) -> list[tuple[int, int]]:
        if self.first and isinstance(c.event, ev.ColourAllocated):
            return [(c.event.white, c.event.black)]
        return []


step_changes = Dubov1997Steps.step_changes
step_states = Dubov1997Steps.step_states
