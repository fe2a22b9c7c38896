"""The round report's sections, as each rulebook divides its own trace.

The page shell (``templates/round.md.j2``) shows the events under the standings ("notes":
what happens before the bye or the first group), the bye, and one section per score group
or bracket, in the order paired.  Which events are which is a rulebook's knowledge, so each
rulebook's ``report_sections`` calls :func:`sections` with its own event classes.  Before
them the report gives the exceptions sheet (:class:`Sheet`, from the rulebook's optional
``sheet.py``), and the story folds the routine pairs the sheet names (:func:`fold`).
"""

from __future__ import annotations

from typing import Sequence

from ..records import dataclass
from ..trace.events import Event, Impossible, PairingPublished, StandingsSnapshot, Trace


@dataclass(frozen=True)
class Section:
    #: "notes" (under the standings), "bye", "group" (one score group or bracket), or
    #: "after" (what the rulebook records outside those, e.g. the arbiter's call when the
    #: text runs out)
    kind: str
    #: the group's score (``group`` only)
    score: str | None
    events: tuple[Event, ...]


def sections(trace: Trace, bye: Sequence[type], opens: type, closes: type) -> list[Section]:
    """``notes``: the events after the standings until the first bye, group or result event;
    ``bye``: every event of a ``bye`` class; a ``group`` from each ``opens`` event to its
    ``closes`` event; ``after``: the other events after the standings, but the result."""
    bye_kinds = tuple(bye)
    stop = bye_kinds + (opens, PairingPublished, Impossible)
    notes: list[Event] = []
    seen = stopped = False
    for e in trace.events:
        if isinstance(e, StandingsSnapshot):
            seen = True
        elif seen and not stopped:
            if isinstance(e, stop):
                stopped = True
            else:
                notes.append(e)
    out = [Section("notes", None, tuple(notes)),
           Section("bye", None, tuple(e for e in trace.events if isinstance(e, bye_kinds)))]
    current: list[Event] | None = None
    for e in trace.events:
        if isinstance(e, opens):
            current = [e]
            out.append(Section("group", e.score, current))  # type: ignore[arg-type]
        elif current is not None:
            current.append(e)
            if isinstance(e, closes):
                current = None
    placed = {id(e) for s in out for e in s.events}
    after: list[Event] = []
    seen = False
    for e in trace.events:
        if isinstance(e, StandingsSnapshot):
            seen = True
        elif seen and id(e) not in placed and not isinstance(e, (PairingPublished, Impossible)):
            after.append(e)
    out.append(Section("after", None, tuple(after)))
    return [Section(s.kind, s.score, tuple(s.events)) for s in out]


# --------------------------------------------------------------------------- the sheet
# The report's exceptions sheet: each rulebook's ``sheet.report_sheet`` sorts its trace's
# events into kinds, in the order the page shows them; the kinds in use are "bye" (the bye
# chain), "floaters" (players who change score group: upfloaters, transfers, moved down),
# "colours" (preferences not granted), "shifts" (shifts, balanced subgroups, exchanges),
# "order" (ties broken by an order rule only), "relaxed" (requirements lowered), "arbiter"
# (what the text leaves to the arbiter, a search cut short) and "readings"; the rulebook's
# ``report.md.j2`` words each kind and item.


@dataclass(frozen=True)
class SheetItem:
    """One line of the exceptions sheet: the trace's events that prove it (worded by the
    rulebook's ``report.md.j2``), the group's score, and the players it concerns."""

    kind: str
    events: tuple[Event, ...]
    score: str | None = None
    players: tuple[int, ...] = ()
    #: a code the rulebook's words read (e.g. which kind of float); facts only
    code: str = ""


@dataclass(frozen=True)
class Sheet:
    #: the kinds this rulebook's events can prove, each shown even when empty ("none"
    #: is then a fact); kinds not listed are not shown at all
    kinds: tuple[str, ...]
    items: tuple[SheetItem, ...]
    #: the routine pairs of the story: per pair the events that decided it, folded in
    #: the report into one line each (``fold``)
    routine: tuple[tuple[Event, ...], ...] = ()

    def of(self, kind: str) -> list[SheetItem]:
        return [i for i in self.items if i.kind == kind]


def walk(trace: Trace, opens: type, closes: type):
    """``(score of the current group or None, event)`` for every event of the trace."""
    score = None
    for e in trace.events:
        if isinstance(e, opens):
            score = e.score  # type: ignore[attr-defined]
        yield score, e
        if isinstance(e, closes):
            score = None


def preferences(trace: Trace) -> dict[int, str]:
    """Each player's colour preference as the rulebook's standings recorded it
    ("White"/"Black"; players without one are left out)."""
    snap = next((e for e in trace.events if isinstance(e, StandingsSnapshot)), None)
    rows = snap.rows if snap is not None else ()
    return {r["number"]: r["preference"] for r in rows
            if r.get("preference") in ("White", "Black")}


def not_granted(e: Event, prefs: dict[int, str]) -> tuple[int, ...]:
    """The players of a colour event (``white``/``black`` facts) who did not get the
    colour their recorded preference asked for."""
    got = {e.white: "White", e.black: "Black"}  # type: ignore[attr-defined]
    return tuple(n for n, c in got.items() if n in prefs and prefs[n] != c)


def fold(events: Sequence[Event], routine: Sequence[Sequence[Event]]) -> list[tuple]:
    """A group's events for the story: ``("event", e)`` for each event shown in full, and
    one ``("fold", groups)`` with the routine pairs among them, placed before the group's
    last event (its close) or at the end."""
    folded = {id(e) for g in routine for e in g}
    here = {id(e) for e in events}
    mine = [g for g in routine if g and id(g[0]) in here]
    out: list[tuple] = [("event", e) for e in events if id(e) not in folded]
    if mine:
        at = len(out) - 1 if out and len(out) > 1 else len(out)
        out.insert(at, ("fold", mine))
    return out


def sheet(trace: Trace, book) -> Sheet:
    """The rulebook's exceptions sheet of ``trace`` (its ``report_sheet`` hook)."""
    return book.report_sheet(trace)
