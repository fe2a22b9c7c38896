"""The events of the Dubov 2025 procedure: one per decision, each naming its article.

Facts only: player numbers, scores as decimal strings, counts, and codes (an article such
as ``2.1.3``, a criterion such as ``C4``).  The sentences a person reads are written by
the rulebook's templates (``templates/events.md.j2`` beside this file).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...trace.events import (  # noqa: F401  (re-exported: the engine's whole vocabulary)
    Event,
    Impossible,
    PairingPublished,
    RoundOpened,
    StandingsSnapshot,
    Trace,
    WhatIf,
    register,
)

NAME = "dubov-2025"
_register = register(NAME)


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
