"""The round report's exceptions sheet from a Dubov 2025 trace (``sections.Sheet``).

Facts only, each item made of the events that prove it (``templates/report.md.j2``
words them): the bye chain (2.1: who was barred by [C2], passed over by 2.1.2, and the
step of 2.1.3-2.1.5 that chose), the upfloaters of each bracket (2.2.1, 2.2.2 with 4.2),
the colours not granted (5.2.3-5.2.5: a preference of 1.5.2 the player did not get), the
shifts of 2.2.4, the decisions taken by an order rule only (2.1.5's initial ranking, an
upfloater set chosen over an equal one by 4.2.3.3's sequence order, an ARO tie of 2.2.5
broken by initial ranking, colours by pairing number 5.2.1 or by ranking 5.2.5), and the
readings the trace records a decision resting on (2.2.4.1's count of unavoidable pairs)
or not at their default.  Routine pairs (the first free G2 player of 2.2.6 with both
preferences granted, 5.2.2, or by 5.2.1) are folded in the story.
"""

from __future__ import annotations

from ...trace.events import Trace
from ..sections import Sheet, SheetItem, not_granted, preferences, walk
from . import events as ev

KINDS = ("bye", "floaters", "colours", "shifts", "order", "readings")
#: the colour rules of a routine pair: both preferences granted, or nobody has played
ROUTINE_COLOURS = ("5.2.1", "5.2.2")


def report_sheet(trace: Trace) -> Sheet:
    prefs = preferences(trace)
    items: list[SheetItem] = []
    minimum: dict[str, ev.MinimumUpfloaters] = {}
    need: ev.ShiftNeeded | None = None
    opponents: dict[frozenset, ev.OpponentChosen] = {}
    routine = []
    by_number: list[ev.ColourAllocated] = []
    for score, e in walk(trace, ev.BracketOpened, ev.BracketClosed):
        if isinstance(e, ev.BracketClosed) and by_number:
            items.append(SheetItem("order", tuple(by_number), score,
                                   tuple(n for c in by_number for n in (c.white, c.black)),
                                   "colour-5.2.1"))
            by_number = []
        if isinstance(e, (ev.ByeCandidates, ev.ByeRejected, ev.ByeAssigned, ev.ByeNotNeeded)):
            players = (e.player,) if hasattr(e, "player") else ()
            items.append(SheetItem("bye", (e,), None, players))
            if isinstance(e, ev.ByeAssigned) and e.decided_by == "2.1.5":
                items.append(SheetItem("order", (e,), None, (e.player,), "bye"))
        elif isinstance(e, ev.MinimumUpfloaters):
            minimum[e.score] = e
        elif isinstance(e, ev.UpfloatersChosen) and e.players:
            m = minimum.get(e.score)
            items.append(SheetItem("floaters", ((m,) if m else ()) + (e,), score, e.players))
            if e.runner_up.get("beaten_on") == "4.2.3.3":
                items.append(SheetItem("order", (e,), score, e.players, "upfloaters"))
        elif isinstance(e, ev.ShiftNeeded):
            need = e
            if e.reading:
                items.append(SheetItem("readings", (e,), score, e.isolated, "unavoidable-pairs"))
        elif isinstance(e, ev.Shift):
            items.append(SheetItem("shifts", ((need,) if need else ()) + (e,), score, e.players))
        elif isinstance(e, ev.S1Sorted):
            aros: dict[object, list[int]] = {}
            for n, aro, _rank in e.s1:
                aros.setdefault(aro, []).append(n)
            for aro, tied in aros.items():
                if len(tied) > 1:
                    items.append(SheetItem("order", (e,), score, tuple(tied), f"aro-tie:{aro}"))
        elif isinstance(e, ev.OpponentChosen):
            opponents[frozenset((e.player, e.opponent))] = e
        elif isinstance(e, ev.ColourAllocated):
            lost = not_granted(e, prefs)
            if lost:
                items.append(SheetItem("colours", (e,), score, lost))
            if e.rule == "5.2.5":
                items.append(SheetItem("order", (e,), score, (e.white, e.black), "colour"))
            elif e.rule == "5.2.1":  # one line per bracket: every pair by pairing number
                by_number.append(e)
            chosen = opponents.get(frozenset((e.white, e.black)))
            if chosen is not None and not chosen.rejected and e.rule in ROUTINE_COLOURS \
                    and not lost:
                routine.append((chosen, e))
    return Sheet(KINDS, tuple(items), tuple(routine))
