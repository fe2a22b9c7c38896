"""The round report's exceptions sheet from a Dubov 1997 trace (``sections.Sheet``).

Facts only, each item made of the events that prove it (``templates/report.md.j2``
words them): the bye of 4 (who was barred by 2.2, passed over by 9, and what set the
player), the players who change score group (transfers up of 7.1/7.2, floaters down of
6.4 and their pairing by 8.2), the colours not granted (a due colour of 1 the player did
not get, by the priorities of 3), the colour subgroups balanced by 7.3/7.4 and the pairs
not of the same row of 6.2 (the improvements of 6.3), the decisions taken by the list
order alone (a transfer chosen by "number", the bye of round 1 to the last of the list),
what 9 leaves to the arbiter, and the readings the trace records a decision resting on.
Routine pairs (the opponent of the same row of 6.2, both due colours granted by 3's first
priority) are folded in the story.
"""

from __future__ import annotations

from ...trace.events import Trace
from ..sections import Sheet, SheetItem, not_granted, preferences, walk
from . import events as ev

KINDS = ("bye", "floaters", "colours", "shifts", "order", "arbiter", "readings")


def report_sheet(trace: Trace) -> Sheet:
    prefs = preferences(trace)
    items: list[SheetItem] = []
    made: dict[frozenset, ev.PairMade] = {}
    routine = []
    for score, e in walk(trace, ev.GroupOpened, ev.GroupClosed):
        if isinstance(e, (ev.ByeCandidates, ev.ByeRejected, ev.ByeAssigned, ev.ByeNotNeeded)):
            players = (e.player,) if hasattr(e, "player") else ()
            items.append(SheetItem("bye", (e,), None, players))
            if isinstance(e, ev.ByeRejected):
                items.append(SheetItem("readings", (e,), None, players, "wise"))
            if isinstance(e, ev.ByeAssigned):
                if e.decided_by in ("first", "last"):
                    items.append(SheetItem("order", (e,), None, players, "bye"))
                elif e.decided_by == "bye-tie":
                    items.append(SheetItem("readings", (e,), None, players, "bye-tie"))
        elif isinstance(e, ev.FirstRoundGroup) and e.goes_down:
            items.append(SheetItem("floaters", (e,), e.score, tuple(e.goes_down)))
        elif isinstance(e, ev.TransferMade):
            items.append(SheetItem("floaters", (e,), score, (e.player,)))
            if e.decided_by == "number":
                items.append(SheetItem("order", (e,), score, (e.player,), "transfer"))
        elif isinstance(e, ev.NoTransfer):
            items.append(SheetItem("floaters", (e,), score,
                                   (e.for_player,) if e.for_player else ()))
            items.append(SheetItem("readings", (e,), score, (), "transfer-no-supply"))
        elif isinstance(e, ev.FloatersChosen):
            items.append(SheetItem("floaters", (e,), score, tuple(n for n, _ in e.players)))
        elif isinstance(e, (ev.FloaterPaired, ev.FloaterPasses)):
            items.append(SheetItem("floaters", (e,), score, (e.floater,)))
        elif isinstance(e, ev.ColourBalance):
            items.append(SheetItem("shifts", (e,), score, tuple(e.moved)))
        elif isinstance(e, ev.ColumnsWritten) and e.placed:
            items.append(SheetItem("readings", (e,), score, tuple(n for n, _ in e.placed),
                                   "no-due-colour"))
        elif isinstance(e, ev.PairMade):
            made[frozenset((e.player, e.opponent))] = e
            if e.how != "row" or e.rejected:
                items.append(SheetItem("shifts", (e,), score, (e.player, e.opponent)))
        elif isinstance(e, ev.ColourAllocated):
            lost = not_granted(e, prefs)
            if lost:
                items.append(SheetItem("colours", (e,), score, lost))
            if e.rule == "last-tie":
                items.append(SheetItem("readings", (e,), score, (e.white, e.black),
                                       "colour-last-tie"))
            pm = made.get(frozenset((e.white, e.black)))
            if (pm is not None and pm.how == "row" and not pm.rejected and e.rule == "1"
                    and not e.forced and not lost):
                routine.append((pm, e))
        elif isinstance(e, ev.ArbiterDecides):
            items.append(SheetItem("arbiter", (e,), e.score or score, tuple(e.players)))
    return Sheet(KINDS, tuple(items), tuple(routine))
