"""The events of the Dutch 2017 procedure: the 2026 kinds (``dutch2026/events.py``),
registered under the 2017 name as well, and the one decision 2017 has that 2026 has not:
A.9's penultimate pairing bracket and the collapse of the scoregroups below it."""

from __future__ import annotations

from ..dutch2026 import events as family
from ..dutch2026.events import *  # noqa: F401,F403  (the kinds, by their 2026 names)
from ..dutch2026.events import ClassVar, Event, event_kinds

NAME = "dutch-2017"

family.register_edition(NAME)
_event = event_kinds(NAME)


@_event
class PenultimateBracket(Event):
    """A.9: the downfloaters of the bracket's best candidate (``downfloaters``), with all the
    players below, cannot complete the round-pairing: the bracket is the PPB, re-paired by
    C.4, and the players below its score (``collapsed``) form the collapsed scoregroup."""

    kind: ClassVar[str] = "penultimate-bracket"
    score: str
    downfloaters: tuple
    collapsed: tuple


OWN = family.OWN + (PenultimateBracket,)
