"""The events of the 1992 rating-based procedure: facts only, each naming its article.

The shapes are those of the Dutch 2012 events (the procedures have the same skeleton:
score brackets, S1 and S2, transpositions and exchanges, colours), so the kinds subclass
them and the step-through and decision projections read both alike; each is registered
under this rulebook's name and every instance cites an article of the 1992 text.  The
engine, a subclass of the Dutch one, emits them through its ``ev`` where the Dutch engine
emits its own.  Fields
with no 1992 meaning are set to their neutral value: ``m1`` is the number of moved-down
players, ``z1``/``z_used`` are None/0 (the 1992 text has no Z), ``counts`` holds A.8's
``w``, ``b``, ``q`` and the raw ``x`` before it is floored at zero.
"""

from __future__ import annotations

from typing import ClassVar

from ...records import dataclass
from ...trace.events import (  # noqa: F401  (re-exported)
    Event,
    Impossible,
    PairingPublished,
    RoundOpened,
    StandingsSnapshot,
    Trace,
    WhatIf,
    register,
)
from ..dutch2012 import events as d
from ..dutch2012.events import fmt  # noqa: F401

NAME = "swiss-rating-1992"
_register = register(NAME)


def _kind(base):
    @_register
    @dataclass(frozen=True)
    class K(base):
        kind: ClassVar[str] = base.kind

    K.__name__ = K.__qualname__ = base.__name__
    K.__doc__ = base.__doc__
    return K


BracketOpened = _kind(d.BracketOpened)
IncompatibleMoved = _kind(d.IncompatibleMoved)
ParametersSet = _kind(d.ParametersSet)
RequirementsFailed = _kind(d.RequirementsFailed)
LevelsFailed = _kind(d.LevelsFailed)
Reduced = _kind(d.Reduced)
BracketMovedDown = _kind(d.BracketMovedDown)
PairingFound = _kind(d.PairingFound)
MovedDown = _kind(d.MovedDown)
ColourAllocated = _kind(d.ColourAllocated)
BracketClosed = _kind(d.BracketClosed)
ByeAssigned = _kind(d.ByeAssigned)
SearchLimit = _kind(d.SearchLimit)
AccelerationApplied = _kind(d.AccelerationApplied)
# C.12 / C.13 (backtracking): ``trigger`` "C.1" or "C.11" (C.12 reached after C.11 in a
# heterogeneous group) or "C.13" (C.13 reached by the lowest bracket unpaired; "C.1" with
# article C.13: a player of the lowest bracket without an opponent, reading lowest-c1); ``wanted`` "lowest-pairable" (C.13) or, for C.12, the
# reading another-player's value ("another-set" for any-set, "new-player", "same-size"),
# with "+a6-p" when reading c12-p is recomputed (p1 is then the p C.12 was reached at); "lowest-pairable+p0"
# when reading c13-p-zero counts pairings with p zero
Backtracked = _kind(d.Backtracked)
BacktrackEnded = _kind(d.BacktrackEnded)
BracketsJoined = _kind(d.BracketsJoined)
