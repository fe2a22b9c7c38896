"""Dubov 2025 step by step: what each event of a trace changes in the round.

The step-through page (:mod:`dubov_explain.render.steps`) shows, next to each event, the
bracket as it stands then.  Which events fill which part of it (the upfloaters of 2.2.2,
G1/G2 of 2.2.3-2.2.4, S1 of 2.2.5, T2 of 2.2.6, the colours of 5), what each decision
rejected and which articles and criteria it cites is Dubov's, so it is here; the records,
the walk and the replay are the rulebooks' (:mod:`dubov_explain.rulebooks.steps`).  Facts
only; the words are in ``templates/steps.md.j2``.
"""

from __future__ import annotations

from ..steps import BracketState, RoundSteps, StepChange, StepState  # noqa: F401
from . import events as ev


class Dubov2025Steps(RoundSteps):
    opens = ev.BracketOpened
    closes = ev.BracketClosed
    bye_assigned = ev.ByeAssigned
    bye_candidates = ev.ByeCandidates
    bye_rejected = ev.ByeRejected
    scope = {
        "round-opened": "round", "standings": "round", "acceleration-applied": "round",
        "bye-not-needed": "round", "pairing-published": "round",
        "bracket-opened": "bracket", "minimum-upfloaters": "bracket",
        "upfloaters-chosen": "bracket", "groups-formed": "bracket", "shift-needed": "bracket",
        "shift": "bracket", "s1-sorted": "bracket", "transposition-chosen": "bracket",
        "bracket-closed": "bracket",
    }

    def cited(self, e: ev.Event) -> str:
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

    def rejected(self, e: ev.Event, inside: bool) -> list[dict]:
        if not inside:
            return super().rejected(e, inside)
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
            out = [dict(who=list(s), case="shift-rejected", index=k)
                   for k, (s, _) in enumerate(e.rejected)]
            if e.rejected_count > len(e.rejected):
                out.append(dict(who=None, case="more-sets", count=e.rejected_count - len(e.rejected)))
            return out
        if isinstance(e, ev.OpponentChosen):
            return [dict(who=r[0], case="opponent-rejected", index=k, criterion=r[1])
                    for k, r in enumerate(e.rejected)]
        return super().rejected(e, inside)

    def change(self, e: ev.Event, inside: bool) -> tuple[set[int], dict]:
        ch: dict = {}
        focus: set[int] = set()
        if isinstance(e, ev.BracketOpened):
            ch["open"] = dict(score=e.score, residents=list(e.residents), pool=e.pool)
            focus = set(e.residents)
        elif inside and isinstance(e, ev.MinimumUpfloaters):
            ch["set"] = dict(minimum=e.count)
        elif inside and isinstance(e, ev.UpfloatersChosen):
            ch["set"] = dict(upfloaters=list(e.players))
            focus = set(e.players)
        elif inside and isinstance(e, ev.GroupsFormed):
            ch["set"] = dict(g1=list(e.g1), g2=list(e.g2))
        elif inside and isinstance(e, ev.Shift):
            ch["set"] = dict(g1=list(e.g1), g2=list(e.g2))
            focus = set(e.players)
        elif inside and isinstance(e, ev.S1Sorted):
            ch["set"] = dict(s1=[(n, aro) for n, aro, _rank in e.s1], g2_order=list(e.g2))
        elif inside and isinstance(e, ev.OpponentChosen):
            ch["push"] = dict(t2=e.opponent, pairs=(e.player, e.opponent))
            focus = {e.player, e.opponent}
        elif inside and isinstance(e, ev.TranspositionChosen):
            ch["set"] = dict(t2=list(e.t2))
        elif inside and isinstance(e, ev.ColourAllocated):
            ch["colour"] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif inside and isinstance(e, ev.BracketClosed):
            ch["set"] = dict(closed=True)
        if isinstance(e, ev.BracketClosed):
            ch["leave"] = [tuple(p) for p in e.pairs]
        return focus, ch

    def closed_players(self, bracket: BracketState) -> set[int]:
        """A closed bracket pairs its residents and its upfloaters (2.2)."""
        return set(bracket.residents) | set(bracket.upfloaters)


step_changes = Dubov2025Steps.step_changes
step_states = Dubov2025Steps.step_states
