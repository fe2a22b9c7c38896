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

KINDS = ("bye", "floaters", "colours", "shifts", "relaxed", "backtracks", "arbiter",
         "readings")


def report_sheet(trace: Trace, kinds: tuple[str, ...] = KINDS) -> Sheet:
    """The sheet of ``trace``.  C.12/C.13 may pair a bracket again after it closed; the
    sheet keeps, per bracket, what its accepted pairing did (who moved down, exchanges,
    lowered requirements, colours): a new attempt of a bracket replaces its earlier one,
    and when a backtrack finds no other pairing (``backtrack-ended``, not found) the
    earlier one stands again.  What an undone attempt did stays in the story."""
    prefs = preferences(trace)
    final = {tuple(b) for b in getattr(trace.result, "boards", ()) or ()}
    seq = iter(range(1 << 30))
    kept: list[tuple[int, SheetItem]] = []   # items that stay facts whatever came after
    live: dict[object, list] = {}            # bracket -> its current attempt's items
    saved: dict[object, list] = {}           # bracket paired again (C.12/C.13) -> before
    failed: list = []

    def bound(score, item) -> None:
        live.setdefault(score, []).append((next(seq), item))

    for score, e in walk(trace, ev.BracketOpened, ev.BracketClosed):
        if isinstance(e, ev.ByeAssigned):
            kept.append((next(seq), SheetItem("bye", (e,), None, (e.player,))))
        elif isinstance(e, ev.BracketClosed):
            if failed:  # lowered without a pairing found: the bracket's close says what
                bound(score, SheetItem("relaxed", tuple(failed) + (e,), score, ()))
            failed = []
        elif isinstance(e, ev.BracketOpened):
            failed = []
            live[e.score] = []  # a (new) attempt of this bracket
        elif isinstance(e, ev.Backtracked):
            if failed:  # lowered in vain: the text goes back a bracket (C.12, C.13)
                kept.append((next(seq), SheetItem("relaxed", tuple(failed) + (e,), score, ())))
            failed = []
            saved[e.to_score] = live.get(e.to_score, [])
            kept.append((next(seq), SheetItem("backtracks", (e,), score, tuple(e.moved))))
        elif isinstance(e, ev.BacktrackEnded):
            before = saved.pop(e.score, [])
            if not e.found:
                live[e.score] = before
            kept.append((next(seq), SheetItem("backtracks", (e,), score, tuple(e.moved))))
        elif isinstance(e, ev.BracketsJoined):
            live[e.score] = []  # its pairing dissolved into the new lowest bracket
            kept.append((next(seq), SheetItem("backtracks", (e,), score, ())))
            # its players (S1 of the joined bracket) go down into the lowest bracket: a
            # move down of C.13 that no later step undoes
            kept.append((next(seq), SheetItem("floaters", (e,), score, tuple(e.s1))))
        elif isinstance(e, ev.IncompatibleMoved):
            bound(score, SheetItem("floaters", (e,), score, (e.player,)))
        elif isinstance(e, (ev.BracketMovedDown, ev.MovedDown)) and e.players:
            bound(score, SheetItem("floaters", (e,), score, tuple(e.players)))
        elif isinstance(e, (ev.RequirementsFailed, ev.Reduced, ev.B3Level)):
            # B3Level: reading d4-level=b3-first compared later levels before the pairing
            failed.append(e)
        elif isinstance(e, ev.PairingFound):
            if e.exchange:
                bound(score, SheetItem("shifts", (e,), score, ()))
            if failed:
                bound(score, SheetItem("relaxed", tuple(failed) + (e,), score, ()))
            failed = []
        elif isinstance(e, ev.SearchLimit):
            kept.append((next(seq), SheetItem("arbiter", (e,), score, ())))
        elif isinstance(e, ev.ColourAllocated):
            lost = not_granted(e, prefs)
            if lost:
                bound(score, SheetItem("colours", (e,), score, lost))
            elif e.rule == "E.1":
                bound(score, SheetItem("routine", (e,), score, ()))
    ordered = sorted(kept + [x for xs in live.values() for x in xs], key=lambda x: x[0])
    items = [i for _, i in ordered]
    # belt and braces: a colour is only told of a pair that was published
    items = [i for i in items if i.kind not in ("colours", "routine")
             or (i.events[-1].white, i.events[-1].black) in final]
    routine = tuple(i.events for i in items if i.kind == "routine")
    return Sheet(kinds, tuple(i for i in items if i.kind != "routine"), routine)
