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

from ..errors import Problem
from ..records import dataclass, field
from ..tournament.model import Tournament
from ..trace.events import Trace
from .readings import Reading, Readings


@dataclass(frozen=True)
class Violation:
    """One failure of a rulebook's absolute test (or of the published record), as facts.

    ``rule`` is the code of what is broken (a criterion such as ``[C1]``, or ``completeness``,
    ``bye``, ``colours``, ``XXP``, ``record``), ``case`` which way it is broken, ``article``
    the article that says so, ``players`` who is concerned and ``facts`` the numbers the
    rulebook's ``check.md.j2`` words it with (rounds, counts, colours...).
    """

    rule: str
    players: tuple[int, ...]
    case: str = ""
    article: str = ""
    facts: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Departure:
    """One difference between a published pairing and the rulebook's, as facts.

    ``kind`` is ``bye``, ``bracket``, ``colour`` or ``engine`` (the engine disagrees with
    itself: a bug to report); ``article`` is where the published pairing leaves the
    procedure and ``criterion`` what prefers the engine's choice there.  ``as_good``: the
    published pairing is as good on the quality criteria at that point; ``order_only``: only
    an order rule separates them.  ``score`` names the bracket, ``engine``/``published`` the
    two choices, ``case`` the template macro and ``facts`` the numbers it reads (the two
    sets, sequences, criteria values...; an engine event to quote under ``event``).
    """

    kind: str
    article: str
    criterion: str
    as_good: bool
    order_only: bool
    score: str | None = None
    engine: tuple = ()
    published: tuple = ()
    case: str = ""
    facts: dict = field(default_factory=dict, compare=False, hash=False)


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
    #: words that name this system in a free-text ``092`` line (``Swiss Dubov``)
    trf_words: tuple[str, ...]
    #: whether this text is the one in force today (the drop-in family flag, ``--dubov``,
    #: names only such a text)
    in_force: bool
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

    def request_problems(self, t: Tournament, pairing: bool = True) -> list[Problem]:
        """What the rulebook needs of a request beyond a sound file (located problems);
        ``pairing=False`` when only the standings before the round are wanted."""

    def decisions(self, trace: Trace) -> list[dict]:
        """The trace's decisions without wording: what golden snapshots compare."""

    def article_numbers(self) -> frozenset[str]:
        """The numbers of the text's articles (``2.1.3``) and criteria (``C4``)."""

    def article_text(self, cited: str) -> list[tuple[str, str]]:
        """``[(number, text), ...]`` of the articles a citation names."""

    # ---- why, why-not, compare and the step-through page ask these
    def decision_key(self, event: Any) -> tuple | None:
        """What a decision event decided (compared across traces); None for non-decisions."""

    def verdict_article(self, verdict: str, criterion: str = "") -> str:
        """The article a why-not verdict rests on (``absent``, ``no-pairing``, ``illegal``)."""

    def read_parting(self, real: Trace, what_if: Trace, real_event: Any, what_if_event: Any,
                     player: int, against: int) -> dict:
        """Which rule made the real decision where a what-if run parts from it:
        ``{verdict, case, criterion, article, where, score, facts}``."""

    def player_round(self, trace: Trace, player: int) -> dict:
        """The facts of one player's round: fields of ``PlayerExplanation`` (bye, bracket, ...)."""

    def bracket_of(self, trace: Trace, index: int) -> str | None:
        """The score of the bracket in which event ``index`` (0-based) is decided, or None."""

    def step_states(self, trace: Trace) -> list:
        """The state of the round after each event (``.event``, ``.cited``, ``.bracket``, ...)."""

    def step_changes(self, trace: Trace) -> list:
        """Each event as a change to the round's state (``.event``, ``.cited``, ``.focus``,
        ``.rejected``, ``.change``; ``.scope``: ``"round"``, ``"bracket"`` or None, and
        ``.named``, for following a player): what the step-through page ships, linear in
        the field."""

    def absolute_test(self, request: Tournament, round_no: int, published: Any,
                      readings: Readings | None = None) -> list[Violation]:
        """What a published pairing (``.pairs``, ``.byes``, ``.problems``) breaks absolutely."""

    def analyse_departures(self, request: Tournament, round_no: int, published: Any,
                           trace: Trace, readings: Readings | None = None
                           ) -> tuple[list[Departure], Trace | None]:
        """Where a legal published pairing leaves the procedure, and the what-if trace."""

    def report_sections(self, trace: Trace) -> list:
        """The round report's sections of the trace (``rulebooks.sections.Section``): the
        notes under the standings, the bye, and one per score group in the order paired."""

    def board_order(self, pairs: Sequence[tuple[int, int]], trace: Trace
                    ) -> list[tuple[int, int]]:
        """``pairs`` in board order by the standings of ``trace`` (a bye ``(n, 0)`` last)."""
