"""Dutch 2012 step by step: what each event of a trace changes in the round.

The parts are those the page knows: a bracket opens (``residents``), its moved-down players
(``upfloaters``), S1 and S2 of the accepted attempt (``g1``/``g2``), its pairs, colours, the
bye, the boards; C.12/C.13 may take back the pairs of a bracket paired again (``unleave``).
The records, the walk and the replay are the rulebooks'
(:mod:`dubov_explain.rulebooks.steps`).  Facts only; the words are in
``templates/steps.md.j2``.
"""

from __future__ import annotations

from ..steps import BracketState, RoundSteps, StepChange, StepState  # noqa: F401
from . import events as ev


class Dutch2012Steps(RoundSteps):
    opens = ev.BracketOpened
    closes = ev.BracketClosed
    bye_assigned = ev.ByeAssigned
    scope = {
        "round-opened": "round", "standings": "round", "acceleration-applied": "round",
        "pairing-published": "round",
        "bracket-opened": "bracket", "parameters": "bracket", "requirements-failed": "bracket",
        "levels-failed": "bracket",
        "reduced": "bracket", "bracket-moved-down": "bracket", "pairing-found": "bracket",
        "bracket-closed": "bracket", "search-limit": "bracket", "b3-factor": "bracket",
        "b3-level": "bracket", "dropped-fewest": "bracket",
    }

    def __init__(self, trace):
        super().__init__(trace)
        #: each bracket's pairs as it last closed: C.12/C.13 may pair it again (its close
        #: then takes the earlier pairs back, ``unleave``) or join it to the lowest bracket
        self.left: dict[str, list] = {}

    def cited(self, e) -> str:
        extra: list[str] = []
        if isinstance(e, ev.PairingFound):
            extra = ["D.1"] + (["D.2" if e.part != "heterogeneous" else "D.3"] if e.exchange else [])
            extra += sorted({str(c) for _, rej in e.rejected for _, c in rej
                             if str(c)[:1] in "ABCD"})
        elif isinstance(e, ev.RequirementsFailed):
            extra = [e.next_step]
        return " ".join([e.article] + [x for x in extra if x != e.article])

    def rejected(self, e, inside: bool) -> list[dict]:
        if isinstance(e, ev.PairingFound):
            return [dict(who=s1, case="candidate", opponent=b, criterion=c)
                    for s1, rej in e.rejected for b, c in rej][:40]
        return []

    def change(self, e, inside: bool) -> tuple[set[int], dict]:
        ch: dict = {}
        focus: set[int] = set()
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
            if self.left.get(e.score):
                ch["unleave"] = self.left[e.score]
            self.left[e.score] = ch["leave"]
        elif isinstance(e, ev.BracketsJoined):
            if self.left.get(e.score):
                ch["unleave"] = self.left.pop(e.score)
            focus = set(e.players)
        elif isinstance(e, ev.Backtracked):
            focus = set(e.moved) | ({e.player} if e.player is not None else set())
        return focus, ch


step_changes = Dutch2012Steps.step_changes
step_states = Dutch2012Steps.step_states
