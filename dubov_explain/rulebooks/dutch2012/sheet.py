"""The round report's exceptions sheet from a Dutch 2012 trace (``sections.Sheet``); the
1992 rating text records the same event shapes and reads it too (its ``sheet``).

Facts only, each item made of the events that prove it (each rulebook's
``templates/report.md.j2`` words them): the bye of A.5 (who is barred by B.1.b comes from
the standings), the players who move down (C.1, C.14.a, the players a bracket leaves
unpaired, A.3/C.6), the colours not granted (a preference of A.7 the player did not get,
by E), the exchanges of D.2/D.3, the brackets paired only after requirements were lowered
(C.10, C.14), and the search limits of D.2.  Routine colours (E.1: both preferences
granted) are folded in the story.  The text's order rules are not listed: the trace does
not record when a tie alone decided.
"""

from __future__ import annotations

from ...trace.events import Trace
from ..sections import Sheet, SheetItem, not_granted, preferences, walk
from . import events as ev

KINDS = ("bye", "floaters", "colours", "shifts", "relaxed", "arbiter", "readings")


def report_sheet(trace: Trace) -> Sheet:
    prefs = preferences(trace)
    items: list[SheetItem] = []
    routine = []
    failed: list = []
    for score, e in walk(trace, ev.BracketOpened, ev.BracketClosed):
        if isinstance(e, ev.ByeAssigned):
            items.append(SheetItem("bye", (e,), None, (e.player,)))
        elif isinstance(e, (ev.BracketOpened, ev.BracketClosed)):
            if failed:  # lowered without a pairing found: the bracket's close says what
                items.append(SheetItem("relaxed", tuple(failed) + (e,), score, ()))
            failed = []
        elif isinstance(e, ev.IncompatibleMoved):
            items.append(SheetItem("floaters", (e,), score, (e.player,)))
        elif isinstance(e, (ev.BracketMovedDown, ev.MovedDown)) and e.players:
            items.append(SheetItem("floaters", (e,), score, tuple(e.players)))
        elif isinstance(e, ev.RequirementsFailed):
            failed.append(e)
        elif isinstance(e, ev.Reduced):
            failed.append(e)
        elif isinstance(e, ev.PairingFound):
            if e.exchange:
                items.append(SheetItem("shifts", (e,), score, ()))
            if failed:
                items.append(SheetItem("relaxed", tuple(failed) + (e,), score, ()))
            failed = []
        elif isinstance(e, ev.SearchLimit):
            items.append(SheetItem("arbiter", (e,), score, ()))
        elif isinstance(e, ev.ColourAllocated):
            lost = not_granted(e, prefs)
            if lost:
                items.append(SheetItem("colours", (e,), score, lost))
            elif e.rule == "E.1":
                routine.append((e,))
    return Sheet(KINDS, tuple(items), tuple(routine))
