"""The trace: events, their registry, and the JSON codec (no rule of any rulebook here).

Events are frozen dataclasses made of JSON-friendly values only (ints, strings, bools,
lists/tuples and dicts of those).  Scores are written as decimal strings ("2.5").  A trace
is an ordered tuple of events; the pairing is its last event (:class:`PairingPublished`)
or :class:`Impossible`.  ``Trace.to_json`` / ``Trace.from_json`` round-trip with a schema
version.

This module holds the events every rulebook shares (the round opened, the standings, a
what-if header, the published pairing, no pairing).  A rulebook declares its own events in
its own ``events`` module with ``@register("its-name")``; kinds are looked up per rulebook,
so two rulebooks may both have, say, a ``bye-assigned`` event of different shapes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ..records import dataclass, field, fields

SCHEMA_VERSION = 2

#: kinds shared by every rulebook
EVENT_TYPES: dict[str, type["Event"]] = {}
#: rulebook name -> its own kinds
_SYSTEM_TYPES: dict[str, dict[str, type["Event"]]] = {}



def fmt(score: Fraction) -> str:
    """A score as events hold it: a decimal string (2, 2.5, 1.25)."""
    if score.denominator == 1:
        return str(score.numerator)
    return str(float(score)).rstrip("0").rstrip(".")

def register(system: str = ""):
    """Class decorator: make an event kind known to :meth:`Trace.from_json`.

    ``system`` is the rulebook's name (``dubov-2025``); empty for the shared kinds.
    """

    def deco(cls):
        table = EVENT_TYPES if not system else _SYSTEM_TYPES.setdefault(system, {})
        table[cls.kind] = cls
        return cls

    return deco


_register = register()


def event_types(system: str = "") -> dict[str, type["Event"]]:
    """The kinds a trace of ``system`` may hold: the shared ones and the rulebook's own."""
    return {**EVENT_TYPES, **_SYSTEM_TYPES.get(system, {})}


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"
    article: str

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            d[f.name] = _plain(getattr(self, f.name))
        return d


def plain(v: Any) -> Any:
    """An event value as JSON has it: tuples as lists, dict keys as strings."""
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    return v


_plain = plain


def _tuplify(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    if isinstance(v, dict):
        return {k: _tuplify(x) for k, x in v.items()}
    return v


def event_from_dict(d: dict, system: str = "") -> Event:
    """One event from its ``to_dict`` form (``kind`` names the class)."""
    d = dict(d)
    etype = event_types(system)[d.pop("kind")]
    return etype(**{k: _tuplify(v) for k, v in d.items()})


@_register
@dataclass(frozen=True)
class RoundOpened(Event):
    kind: ClassVar[str] = "round-opened"
    round: int
    total_rounds: int
    last_round: bool
    rulebook: str
    edition: str
    readings: dict
    to_pair: tuple
    absent: tuple  # ((player, code), ...)
    initial_colour: str
    #: "file" (XXC / 152), "option" (given by the user for a file without it), "inferred"
    #: (read back from the file's round 1) or "assumed" (nothing says it: a round 1 built
    #: in code; requests for round 1 without it are refused)
    initial_colour_source: str
    tournament: str = ""
    #: ((name, value, default, article), ...); the article is the reading's leading code
    #: (its full citation is in the rulebook's catalogue)
    readings_detail: tuple = ()


@_register
@dataclass(frozen=True)
class WhatIf(Event):
    """A what-if run (why-not): each pair may only meet each other; says if that is legal."""

    kind: ClassVar[str] = "what-if"
    #: ((a, b, criterion or "", facts), ...); criterion "" when the pair is legal, else as
    #: in a rejected opponent ("[C1]" with the rounds, "[C3]" with the colour, "XXP")
    pairs: tuple


@_register
@dataclass(frozen=True)
class StandingsSnapshot(Event):
    kind: ClassVar[str] = "standings"
    max_t: int
    rows: tuple  # tuple of dicts


@_register
@dataclass(frozen=True)
class PairingPublished(Event):
    kind: ClassVar[str] = "pairing-published"
    boards: tuple  # ((white, black), ...) in board order
    bye: int | None


@_register
@dataclass(frozen=True)
class Impossible(Event):
    kind: ClassVar[str] = "impossible"
    players: tuple  # the players a maximum pairing leaves unpaired
    #: where the procedure stopped: "all" (the whole round) or "bye" (2.1: no bye works)
    context: str = "all"
    #: per unpaired player: (player, how many others it may meet, how many others,
    #: ((criterion, how many it excludes), ...))
    details: tuple = ()


@dataclass(frozen=True)
class Trace:
    events: tuple[Event, ...]
    meta: dict = field(default_factory=dict)

    @property
    def result(self) -> PairingPublished | Impossible:
        last = self.events[-1]
        assert isinstance(last, (PairingPublished, Impossible))
        return last

    def of(self, cls: type) -> list:
        return [e for e in self.events if isinstance(e, cls)]

    def to_json(self, indent: int | None = 1) -> str:
        doc = {
            "schema": SCHEMA_VERSION,
            "meta": self.meta,
            "events": [e.to_dict() for e in self.events],
        }
        import json  # only when a trace is written: a plain `pair` never needs it

        return json.dumps(doc, indent=indent, ensure_ascii=False, sort_keys=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> "Trace":
        """The trace of ``to_json``; its rulebook's events must be registered (importing
        :mod:`dubov_explain` registers every rulebook's)."""
        import json

        doc = json.loads(text)
        if doc.get("schema") != SCHEMA_VERSION:
            raise ValueError(
                f"trace schema {doc.get('schema')!r} is not supported (expected {SCHEMA_VERSION})"
            )
        meta = doc.get("meta", {})
        system = meta.get("system", "")
        return cls(tuple(event_from_dict(d, system) for d in doc["events"]), meta)
