"""Trace events: every decision of the pairing procedure, naming its article or criterion.

Events are frozen dataclasses made of JSON-friendly values only (ints, strings, bools,
lists/tuples and dicts of those).  Scores are written as decimal strings ("2.5").  A trace
is an ordered tuple of events; the pairing is its last event (:class:`PairingPublished`)
or :class:`Impossible`.  ``Trace.to_json`` / ``Trace.from_json`` round-trip with a schema
version.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

SCHEMA_VERSION = 1

EVENT_TYPES: dict[str, type["Event"]] = {}


def _register(cls):
    EVENT_TYPES[cls.kind] = cls
    return cls


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"
    article: str

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            d[f.name] = _plain(getattr(self, f.name))
        return d


def _plain(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def _tuplify(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    if isinstance(v, dict):
        return {k: _tuplify(x) for k, x in v.items()}
    return v


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
    initial_colour_source: str
    tournament: str = ""
    #: ((name, value, default, article), ...) so renderers need not import the rulebook
    readings_detail: tuple = ()


@_register
@dataclass(frozen=True)
class WhatIf(Event):
    """A what-if run (why-not): each pair may only meet each other; says if that is legal."""

    kind: ClassVar[str] = "what-if"
    pairs: tuple  # ((a, b, criterion or "", fact), ...); criterion "" when the pair is legal


@_register
@dataclass(frozen=True)
class StandingsSnapshot(Event):
    kind: ClassVar[str] = "standings"
    max_t: int
    rows: tuple  # tuple of dicts


@_register
@dataclass(frozen=True)
class ByeNotNeeded(Event):
    kind: ClassVar[str] = "bye-not-needed"
    players: int


@_register
@dataclass(frozen=True)
class ByeCandidates(Event):
    kind: ClassVar[str] = "bye-candidates"
    ineligible: tuple  # ((player, reason), ...) by [C2] / 2.1.1
    order: tuple  # eligible players in the order of 2.1.3-2.1.5
    keys: tuple  # ((player, score, games, initial_rank), ...)
    held: tuple = ()  # players held for a forced partner in a what-if run


@_register
@dataclass(frozen=True)
class ByeRejected(Event):
    kind: ClassVar[str] = "bye-rejected"
    player: int
    reason: str


@_register
@dataclass(frozen=True)
class ByeAssigned(Event):
    kind: ClassVar[str] = "bye-assigned"
    player: int
    decided_by: str  # the step of 2.1 that set this player before the runner-up
    runner_up: int | None
    explanation: str


@_register
@dataclass(frozen=True)
class BracketOpened(Event):
    kind: ClassVar[str] = "bracket-opened"
    score: str
    residents: tuple
    pool: int  # number of possible upfloaters (4.2.1)


@_register
@dataclass(frozen=True)
class MinimumUpfloaters(Event):
    kind: ClassVar[str] = "minimum-upfloaters"
    score: str
    count: int
    explanation: str


@_register
@dataclass(frozen=True)
class UpfloatersChosen(Event):
    kind: ClassVar[str] = "upfloaters-chosen"
    score: str
    players: tuple
    scores: tuple
    sequence: tuple  # 4.2.2 sequence numbers of the chosen set
    criteria: dict  # {"C6": [...], "C7": n, "C8": n, "C9": n, "C10": n}
    containers_skipped: tuple  # ((scores, reason), ...)
    examined: dict  # reason -> count
    first_in_order: dict  # the first set of the container in 4.2 order, if not chosen
    decided_by: str
    #: the next-best legal set: players, sequence, criteria, beaten_on (or a verdict)
    runner_up: dict = field(default_factory=dict)


@_register
@dataclass(frozen=True)
class GroupsFormed(Event):
    kind: ClassVar[str] = "groups-formed"
    score: str
    mode: str  # "colour" or "initial-ranking"
    g1: tuple
    g2: tuple


@_register
@dataclass(frozen=True)
class ShiftNeeded(Event):
    kind: ClassVar[str] = "shift-needed"
    score: str
    step: int
    count: int
    source: str  # "G1" / "G2"
    explanation: str


@_register
@dataclass(frozen=True)
class Shift(Event):
    kind: ClassVar[str] = "shift"
    score: str
    step: int
    source: str
    target: str
    players: tuple
    pool: tuple  # ((player, sequence number), ...) per 4.3
    rejected: tuple  # sets tried before, each ((players...), reason)
    rejected_count: int
    g1: tuple
    g2: tuple


@_register
@dataclass(frozen=True)
class S1Sorted(Event):
    kind: ClassVar[str] = "s1-sorted"
    score: str
    s1: tuple  # ((player, aro, initial_rank), ...)
    g2: tuple  # G2 in initial-ranking order (4.4.2)


@_register
@dataclass(frozen=True)
class OpponentChosen(Event):
    kind: ClassVar[str] = "opponent-chosen"
    score: str
    s1_index: int
    player: int
    opponent: int
    rejected: tuple  # ((g2 player, criterion, detail), ...)


@_register
@dataclass(frozen=True)
class TranspositionChosen(Event):
    kind: ClassVar[str] = "transposition-chosen"
    score: str
    t2: tuple
    index: str  # 1-based position of T2 among the transpositions of 4.4 (decimal string)
    skipped: str  # how many transpositions before it were illegal


@_register
@dataclass(frozen=True)
class ColourAllocated(Event):
    kind: ClassVar[str] = "colour-allocated"
    white: int
    black: int
    rule: str  # "5.2.1" .. "5.2.5"
    explanation: str


@_register
@dataclass(frozen=True)
class BracketClosed(Event):
    kind: ClassVar[str] = "bracket-closed"
    score: str
    pairs: tuple


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
    reason: str
    players: tuple


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
        return json.dumps(doc, indent=indent, ensure_ascii=False, sort_keys=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> "Trace":
        doc = json.loads(text)
        if doc.get("schema") != SCHEMA_VERSION:
            raise ValueError(
                f"trace schema {doc.get('schema')!r} is not supported (expected {SCHEMA_VERSION})"
            )
        events = []
        for d in doc["events"]:
            d = dict(d)
            kind = d.pop("kind")
            etype = EVENT_TYPES[kind]
            events.append(etype(**{k: _tuplify(v) for k, v in d.items()}))
        return cls(tuple(events), doc.get("meta", {}))
