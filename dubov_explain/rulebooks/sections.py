"""The round report's sections, as each rulebook divides its own trace.

The page shell (``templates/round.md.j2``) shows the events under the standings ("notes":
what happens before the bye or the first group), the bye, and one section per score group
or bracket, in the order paired.  Which events are which is a rulebook's knowledge, so each
rulebook's ``report_sections`` calls :func:`sections` with its own event classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

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
