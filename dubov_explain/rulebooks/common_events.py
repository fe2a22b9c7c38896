"""The event vocabulary every rulebook starts from: import it whole into a rulebook's
``events`` module (``from ..common_events import *``) and register there what it uses.

* The kinds every trace holds (the round opened, the standings, a what-if header, the
  published pairing, no pairing) come from :mod:`dubov_explain.trace.events`, registered
  for every rulebook at once.
* Kinds whose facts are the same in every text, written here once and registered by each
  rulebook under its own name (:func:`event_kinds`), so a trace of each rulebook reads and
  writes them exactly as if the rulebook had its own: :class:`AccelerationApplied`,
  :class:`ByeNotNeeded`.
* :func:`event_kinds`: the one decorator of a rulebook's own kinds (a frozen record,
  registered under the rulebook's name).
"""

from __future__ import annotations

from typing import ClassVar

from .. import records
from ..records import dataclass
from ..trace.events import (Event, Impossible, PairingPublished, RoundOpened,
                            StandingsSnapshot, Trace, WhatIf, fmt, register)

__all__ = ["AccelerationApplied", "ByeNotNeeded", "ClassVar", "Event", "Impossible",
           "PairingPublished", "RoundOpened", "StandingsSnapshot", "Trace", "WhatIf",
           "dataclass", "event_kinds", "fmt", "register"]


def event_kinds(system: str, *shared: type[Event]):
    """The class decorator of a rulebook's own kinds: it makes the class a frozen record
    and registers it under the rulebook's name ``system`` (as ``@register(system)`` over
    ``@dataclass(frozen=True)``); the kinds of this module the rulebook's traces hold
    (``shared``) are registered there first."""
    deco = register(system)
    for cls in shared:
        deco(cls)

    def event(cls):
        return deco(records.dataclass(frozen=True)(cls))

    return event


@dataclass(frozen=True)
class AccelerationApplied(Event):
    """The round's score groups (brackets, scoregroups) are built on scores that include
    acceleration points (C.04.5: XXA / 250, or computed for this run by an acceleration
    method); ``article`` is the rulebook's article that builds them (Dubov 2025 1.3.1,
    Dubov 1997 6, Dutch 2012 A.3)."""

    kind: ClassVar[str] = "acceleration-applied"
    #: the records the points were read from: ("XXA",), ("250",), both, or () (computed)
    records: tuple
    #: how they were computed, ((name, value), ...) facts (empty: read from the file);
    #: for the Baku method: method, source, field, ga_size, last_ga, accelerated_rounds,
    #: full_rounds, round_points, ga_from and the Baku readings in force
    method: tuple
    #: (player, real score, acceleration points of this round, pairing score) of every
    #: player with acceleration points in this round or an earlier one
    players: tuple
    #: the acceleration readings in force: ((name, value), ...)
    readings: tuple = ()
    #: (player, points of the previous round, points of this round) of every player whose
    #: acceleration points are lower than in the previous round (they drop or end)
    dropped: tuple = ()


@dataclass(frozen=True)
class ByeNotNeeded(Event):
    """No bye this round: ``players``, the number to pair, is even."""

    kind: ClassVar[str] = "bye-not-needed"
    players: int
