"""The Rulebook protocol: what every rulebook gives the rest of the program.

A rulebook is one rule text (a system and an edition) implemented literally: its standings,
its procedure as a traced state machine, its readings, its events and the templates that
word them, and the tests that only it can make (the absolute legality of a round, the
analysis of a departure).  Nothing outside ``rulebooks/`` restates an article: ``check``,
``why``, ``compare``, ``replay``, ``generate`` and the renderers ask the rulebook.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, Sequence, runtime_checkable

from ..tournament.model import Tournament
from ..trace.events import Trace
from .readings import Reading, Readings


@runtime_checkable
class Rulebook(Protocol):
    #: the name used on the command line and in traces (``dubov-2025``)
    name: str
    #: the text's own title (``FIDE C.04.4.1 Dubov System``)
    title: str
    #: which edition of the text (approval and application dates)
    edition: str
    #: TRF ``192`` codes (ETT26) that name this system; matched case-insensitively
    trf_codes: tuple[str, ...]
    #: the rulebook's :class:`Readings` subclass (its catalogue of named readings)
    readings_type: type[Readings]
    #: the folder of the rulebook's own templates (``events.md.j2``: one sentence per event)
    templates: Path

    @property
    def catalogue(self) -> tuple[Reading, ...]: ...

    def readings(self, pairs: dict[str, str] | None = None) -> Readings:
        """The readings in force: the defaults with ``pairs`` set (``ReadingError`` else)."""

    def standings(self, t: Tournament, round_no: int | None = None,
                  readings: Readings | None = None) -> Any:
        """What the articles need to know of every player before ``round_no``."""

    def pair(self, t: Tournament, readings: Readings | None = None, round_no: int | None = None,
             forced: Sequence[tuple[int, int]] = ()) -> Trace:
        """Pair the round; the pairing is the trace's last event.  ``forced`` pairs make a
        what-if run (each listed player may meet only the given partner)."""

    def decisions(self, trace: Trace) -> list[dict]:
        """The trace's decisions without wording: what golden snapshots compare."""

    def article_text(self, cited: str) -> list[tuple[str, str]]:
        """``[(number, text), ...]`` of the articles a citation names."""
