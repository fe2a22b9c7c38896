"""The Rulebook base class: what every rulebook gives the rest of the program.

A rulebook is one rule text (a system and an edition) implemented literally: its standings,
its procedure as a traced state machine, its readings, its events and the templates that
word them, and the tests that only it can make (the absolute legality of a round, the
analysis of a departure).  Nothing outside ``rulebooks/`` restates an article: ``check``,
``why``, ``compare``, ``replay``, ``generate`` and the renderers ask the rulebook.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
import os
import re
import sys
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Sequence

from ..errors import DubovError, Problem
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


#: The template interface: the macros the renderers and the page shells call in each of a
#: rulebook's templates (``render/*.py``, ``templates/*.j2``).  A rulebook's folder (or the
#: folder of the family it is an edition of) must define each of them.
TEMPLATE_MACROS: dict[str, tuple[str, ...]] = {
    # render/env.py (event_markdown, phrase, sentence), render/text.py, the page shells
    "events.md.j2": ("event", "sentence", "bye_bar"),
    # render/explain.py, templates/player.md.j2, templates/whynot.md.j2
    "why.md.j2": ("answer", "reply", "details", "where", "illegal_note", "standing",
                  "absent_line", "unpaired", "bye", "item", "mates_intro", "colour",
                  "bracket_line"),
    # render/steps.py, templates/steps.html.j2
    "steps.md.j2": ("title", "who", "rejected", "script_words"),
    # templates/round.md.j2
    "report.md.j2": ("bars_heading", "standings_legend", "boards_intro", "bye_line",
                     "group_heading", "sheet_intro", "sheet_heading", "sheet_none",
                     "reading_line", "sheet_item", "routine_heading", "routine_line"),
    # render/text.py
    "standings.txt.j2": ("head", "bars_heading", "legend"),
    # render/check.py
    "check.md.j2": ("title", "violation", "tag", "departure"),
}

#: what a rulebook states of itself, once, as class attributes of its own class body
IDENTITY = ("name", "title", "edition", "family", "text")

#: a template's top-level names: its macros, and the names it sets (an edition's template
#: may take a macro of its family's as it is: ``{% set event = base.event %}``)
_DEFINED = re.compile(r"\{%-?\s*(?:macro|set)\s+([A-Za-z_]\w*)")
#: the names each template file defines, read once (editions share their family's files)
_SCANNED: dict[str, frozenset[str]] = {}
#: each rulebook class's package folder
_FOLDERS: dict[type, Path] = {}


def _names_defined(path: str) -> frozenset[str]:
    """The macros and top-level names of one template file (the lines that open with
    ``{%``: what the registration check asks; read once per file)."""
    got = _SCANNED.get(path)
    if got is None:
        with open(path, encoding="utf-8") as f:
            got = frozenset(m.group(1) for line in f if line.startswith("{%")
                            for m in [_DEFINED.match(line)] if m)
        _SCANNED[path] = got
    return got


#: each Readings type's defaults, made once
_DEFAULTS: dict[type, Readings] = {}


class RulebookError(DubovError, TypeError):
    """A rulebook class that breaks the contract of :class:`Rulebook` (a programming error,
    raised when the class is defined, naming the rulebook and what it lacks)."""


class Rulebook(ABC):
    """One rule text (a system and an edition) implemented literally.

    A rulebook is a subclass that states its identity as class attributes (:data:`IDENTITY`,
    plus ``trf_codes``, ``trf_words``, ``in_force`` and ``readings_type``) and implements
    every hook (the abstract methods below).  An *edition* of a text the project already
    has is a subclass of that text's rulebook and overrides only what its text changes
    (its identity, the hooks whose articles differ, the templates whose words differ).

    The class is checked when it is defined (:meth:`__init_subclass__`): a hook left
    abstract, an identity attribute not stated in its own body, a text file that is not in
    its ``text/`` folder or a template macro of :data:`TEMPLATE_MACROS` that no template of
    its folders defines raise :class:`RulebookError` naming the rulebook and what is
    missing.  A family base that is not itself a rulebook says ``abstract=True``.

    Hooks import their modules inside the method, so that a plain ``pair`` imports what
    pairing needs and nothing else.
    """

    #: the name used on the command line and in traces (``dubov-2025``)
    name: ClassVar[str]
    #: the text's own title (``FIDE C.04.4.1 Dubov System``)
    title: ClassVar[str]
    #: which edition of the text (approval and application dates)
    edition: ClassVar[str]
    #: the family of texts this edition belongs to (``dubov``, ``dutch``): the drop-in
    #: family flag (``--dubov``) names the family's first rulebook
    family: ClassVar[str]
    #: the rule text, a file of the rulebook's ``text/`` folder
    text: ClassVar[str]
    #: TRF ``192`` codes (ETT26) that name this system; matched case-insensitively
    trf_codes: ClassVar[tuple[str, ...]] = ()
    #: words that name this system in a free-text ``092`` line (``Swiss Dubov``)
    trf_words: ClassVar[tuple[str, ...]] = ()
    #: words of a free-text ``092`` that name this rulebook's family without an edition
    #: ("Swiss Dutch"): set on the family's edition in force; the edition that pairs such a
    #: file is the one in force on the tournament's first day (``rulebooks.edition_choice``)
    trf_family_words: ClassVar[tuple[str, ...]] = ()
    #: whether this text is the one in force today
    in_force: ClassVar[bool] = False
    #: the FIDE Handbook's dates of the text: applied from (inclusive) and until (inclusive;
    #: None: still in force, or not known), or ``never_applied`` for a text approved but
    #: postponed and replaced before its date; ``None`` both: the project has no dates
    applied_from: ClassVar[date | None] = None
    applied_until: ClassVar[date | None] = None
    never_applied: ClassVar[bool] = False
    #: the rulebook's :class:`Readings` subclass (its catalogue of named readings)
    readings_type: ClassVar[type[Readings]]

    def __init_subclass__(cls, abstract: bool = False, **kw) -> None:
        super().__init_subclass__(**kw)
        if not abstract:
            check_rulebook(cls)

    # ------------------------------------------------------------------ identity
    @classmethod
    def folder(cls) -> Path:
        """The rulebook's own package folder."""
        got = _FOLDERS.get(cls)
        if got is None:
            got = _FOLDERS[cls] = Path(os.path.dirname(os.path.abspath(
                sys.modules[cls.__module__].__file__)))
        return got

    @classmethod
    def template_folders(cls) -> list[Path]:
        """Where its templates are looked up, the edition's own folder first, then each
        rulebook it is an edition of (its classes in method resolution order)."""
        out: list[Path] = []
        for k in cls.__mro__:
            if isinstance(k, type) and issubclass(k, Rulebook) and k is not Rulebook:
                d = k.folder() / "templates"
                if d.is_dir() and d not in out:
                    out.append(d)
        return out

    @property
    def templates(self) -> Path:
        """The folder of the rulebook's own templates (the first of :meth:`template_folders`)."""
        return self.template_folders()[0]

    @classmethod
    def text_path(cls) -> Path:
        return cls.folder() / "text" / cls.text

    @property
    def catalogue(self) -> tuple[Reading, ...]:
        return self.readings_type.catalogue

    @property
    def default_readings(self) -> Readings:
        """The readings in force when none are given."""
        cached = _DEFAULTS.get(self.readings_type)
        if cached is None:
            cached = _DEFAULTS[self.readings_type] = self.readings_type.from_pairs(None)
        return cached

    def readings(self, pairs: dict[str, str] | None = None) -> Readings:
        """The readings in force: the defaults with ``pairs`` set (``ReadingError`` else)."""
        return self.readings_type.from_pairs(pairs) if pairs else self.default_readings

    def parting_watch(self, real):
        """What lets a what-if run of this rulebook stop once it has parted from the real
        trace ``real`` (:class:`~dubov_explain.rulebooks.machine.PartingWatch`), or None:
        every what-if run goes to the end of the round.  A rulebook whose engine never goes
        back to a bracket it has closed, nor takes back an event, returns its reader's
        ``watch(real)``."""
        return None

    def in_force_readings(self, readings: Readings | None) -> Readings:
        return readings if readings is not None else self.default_readings

    @classmethod
    def in_force_on(cls, day: date) -> bool:
        """Whether the Handbook applied this text on ``day`` (False for a text without dates
        or never applied)."""
        if cls.never_applied or cls.applied_from is None:
            return False
        return cls.applied_from <= day and (cls.applied_until is None or day <= cls.applied_until)

    @classmethod
    def status(cls) -> dict:
        """The text's status as facts (``dubov-explain systems`` words them): ``state`` is
        ``in-force``, ``superseded``, ``never-applied`` or ``undated``."""
        if cls.never_applied:
            state = "never-applied"
        elif cls.applied_from is None:
            state = "undated"
        elif cls.applied_until is None:
            state = "in-force"
        else:
            state = "superseded"
        return {"state": state, "from": cls.applied_from, "until": cls.applied_until}

    def cite(self, citation: str) -> str:
        """A citation written in the family's numbers (a template's ``art("2.2.4")``), in
        this text's numbers: the same for a text that numbers its articles as its family
        does; an edition that renumbers them overrides it (``rulebooks/renumber.py``)."""
        return citation

    #: phrases of the family's templates that this text says otherwise (``term()`` in a
    #: template): an edition whose text drops one of its family's notions (Dubov 2026 has no
    #: "containers" of upfloater sets) maps the family's phrase to its own words
    terms: ClassVar[dict[str, str]] = {}

    def term(self, phrase: str) -> str:
        """A phrase of the family's templates, in this text's words (``term()``)."""
        return self.terms.get(phrase, phrase)

    #: the check-list's own columns (``checklist``, bbpPairings' ``-l``), between ``Pref``
    #: and ``Cur``: what the Dubov texts pair by (the bye bar, the ARO, the upfloats of
    #: their upfloat rule); :class:`FloatChecklist` gives the Dutch family's
    checklist_columns: ClassVar[tuple[str, ...]] = ("PAB", "ARO", "Upf")

    @classmethod
    def checklist_cells(cls, row: Any) -> list[str]:
        """The cells of :attr:`checklist_columns` for one standings row."""
        return ["Y" if row.bye_eligible else "N", str(row.aro),
                f"{row.upfloats}{'*' if row.max_upfloater else ''}"]

    def __repr__(self) -> str:
        return f"<rulebook {self.name}: {self.title}, {self.edition}>"

    # ------------------------------------------------------------------ pairing
    @abstractmethod
    def standings(self, t: Tournament, round_no: int | None = None,
                  readings: Readings | None = None) -> Any:
        """What the articles need to know of every player before ``round_no``."""

    @abstractmethod
    def pair(self, t: Tournament, readings: Readings | None = None, round_no: int | None = None,
             forced: Sequence[tuple[int, int]] = ()) -> Trace:
        """Pair the round; the pairing is the trace's last event.  ``forced`` pairs make a
        what-if run (each listed player may meet only the given partner)."""

    @abstractmethod
    def request_problems(self, t: Tournament, pairing: bool = True) -> list[Problem]:
        """What the rulebook needs of a request beyond a sound file (located problems);
        ``pairing=False`` when only the standings before the round are wanted."""

    @abstractmethod
    def board_order(self, pairs: Sequence[tuple[int, int]], trace: Trace
                    ) -> list[tuple[int, int]]:
        """``pairs`` in board order by the standings of ``trace`` (a bye ``(n, 0)`` last)."""

    # ------------------------------------------------------------------ check
    @abstractmethod
    def absolute_test(self, request: Tournament, round_no: int, published: Any,
                      readings: Readings | None = None) -> list[Violation]:
        """What a published pairing (``.pairs``, ``.byes``, ``.problems``) breaks absolutely."""

    @abstractmethod
    def analyse_departures(self, request: Tournament, round_no: int, published: Any,
                           trace: Trace, readings: Readings | None = None
                           ) -> tuple[list[Departure], Trace | None]:
        """Where a legal published pairing leaves the procedure, and the what-if trace."""

    # ------------------------------------------------------------------ the text
    @abstractmethod
    def article_numbers(self) -> frozenset[str]:
        """The numbers of the text's articles (``2.1.3``) and criteria (``C4``)."""

    @abstractmethod
    def article_text(self, cited: str) -> list[tuple[str, str]]:
        """``[(number, text), ...]`` of the articles a citation names."""

    # ------------------------------------------------------------------ the trace read back
    @abstractmethod
    def decisions(self, trace: Trace) -> list[dict]:
        """The trace's decisions without wording: what golden snapshots compare."""

    @abstractmethod
    def report_events(self) -> tuple[tuple[type, ...], type, type]:
        """The event classes of the report's divisions: ``(bye events, the event that opens
        a score group, the event that closes it)``."""

    @abstractmethod
    def report_sheet(self, trace: Trace) -> Any:
        """The round report's exceptions sheet (``rulebooks.sections.Sheet``): the decisions
        the rulebook's articles single out, and the routine pairs the story may fold."""

    def report_sections(self, trace: Trace) -> list:
        """The round report's sections of the trace (``rulebooks.sections.Section``): the
        notes under the standings, the bye, and one per score group in the order paired."""
        from .sections import sections

        return sections(trace, *self.report_events())

    # ---- why, why-not, compare and the step-through page ask these
    @abstractmethod
    def decision_key(self, event: Any) -> tuple | None:
        """What a decision event decided (compared across traces); None for non-decisions."""

    @abstractmethod
    def verdict_article(self, verdict: str, criterion: str = "") -> str:
        """The article a why-not verdict rests on (``absent``, ``no-pairing``, ``illegal``)."""

    @abstractmethod
    def read_parting(self, real: Trace, what_if: Trace, real_event: Any, what_if_event: Any,
                     player: int, against: int) -> dict:
        """Which rule made the real decision where a what-if run parts from it:
        ``{verdict, case, criterion, article, where, score, facts}``."""

    @abstractmethod
    def player_round(self, trace: Trace, player: int) -> dict:
        """The facts of one player's round: fields of ``PlayerExplanation`` (bye, bracket, ...)."""

    @abstractmethod
    def bracket_of(self, trace: Trace, index: int) -> str | None:
        """The score of the bracket in which event ``index`` (0-based) is decided, or None."""

    @abstractmethod
    def step_states(self, trace: Trace) -> list:
        """The state of the round after each event (``.event``, ``.cited``, ``.bracket``, ...)."""

    @abstractmethod
    def step_changes(self, trace: Trace) -> list:
        """Each event as a change to the round's state (``.event``, ``.cited``, ``.focus``,
        ``.rejected``, ``.change``; ``.scope``: ``"round"``, ``"bracket"`` or None, and
        ``.named``, for following a player): what the step-through page ships, linear in
        the field."""


def hooks() -> tuple[str, ...]:
    """The names of the hooks every rulebook implements (the abstract methods of
    :class:`Rulebook`), in the order the class lists them."""
    return tuple(n for n, v in vars(Rulebook).items() if getattr(v, "__isabstractmethod__", False))


def template_macros(cls: type[Rulebook]) -> dict[str, set[str]]:
    """``{template: names it defines}`` for each template of :data:`TEMPLATE_MACROS`, from
    the first of the rulebook's template folders that has it (missing: an empty set)."""
    out: dict[str, set[str]] = {}
    folders = [str(d) for d in cls.template_folders()]
    for name in TEMPLATE_MACROS:
        for d in folders:
            f = os.path.join(d, name)
            if f in _SCANNED or os.path.isfile(f):
                out[name] = set(_names_defined(f))
                break
        else:
            out[name] = set()
    return out


def rulebook_problems(cls: type[Rulebook]) -> list[str]:
    """What the rulebook class lacks of the contract (empty when it is complete)."""
    problems = []
    declared = dict.fromkeys(n for k in reversed(cls.__mro__) for n, v in vars(k).items()
                             if getattr(v, "__isabstractmethod__", False))
    missing = [h for h in declared if getattr(getattr(cls, h), "__isabstractmethod__", False)]
    if missing:
        problems.append(f"lacks the hook{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    unstated = [a for a in IDENTITY if a not in vars(cls)]
    if unstated:
        problems.append(f"does not state its own {', '.join(unstated)} (a class attribute of "
                        "its own body: an edition's identity is never inherited)")
    if not isinstance(getattr(cls, "readings_type", None), type):
        problems.append("has no readings_type (its Readings subclass)")
    if "text" in vars(cls) and not cls.text_path().is_file():
        problems.append(f"has no text file {cls.text_path()}")
    if not cls.template_folders():
        problems.append("has no templates folder")
    else:
        for template, defined in template_macros(cls).items():
            lack = [m for m in TEMPLATE_MACROS[template] if m not in defined]
            if lack:
                problems.append(f"has no macro{'s' if len(lack) > 1 else ''} "
                                f"{', '.join(lack)} in {template}")
    return problems


def check_rulebook(cls: type[Rulebook]) -> None:
    """Raise :class:`RulebookError` naming the rulebook and each thing it lacks."""
    problems = rulebook_problems(cls)
    if problems:
        who = vars(cls).get("name") or cls.__qualname__
        raise RulebookError(f"rulebook {who} ({cls.__module__}.{cls.__qualname__}) "
                            + "; ".join(problems))


class ModuleRulebook(Rulebook, abstract=True):
    """A rulebook whose hooks are functions of two of its own modules, each imported when a
    hook first asks for it (so ``pair`` imports the procedure and nothing else):

    * :meth:`procedure`, the module of the traced procedure (``engine``):
      ``pair_round``, ``compute_standings``, ``request_problems``;
    * :meth:`review`, the module that reviews a round after the procedure (``check``): the
      check of a published pairing (``absolute_test``, ``analyse_departures``,
      ``board_order``) and the trace read back, which the check builds on (``why``'s
      ``decision_key``, ``verdict_article``, ``read_parting``, ``player_round``,
      ``bracket_of``, ``step_states``, ``step_changes``, ``decisions``, ``report_sheet``,
      ``report_events``, ``articles`` and ``article_text``, imported there).

    Each accessor is a real method with a real import (``from . import engine``), so an
    editor or grep follows ``pair`` to the rulebook's ``engine.pair_round``;
    :data:`MODULE_HOOKS` lists what each module must define and
    ``tests/test_rulebook_contract.py`` imports every registered rulebook's modules and
    checks them.  An edition overrides an accessor (its own engine) or a single hook.
    """

    @abstractmethod
    def procedure(self) -> Any:
        """The rulebook's procedure module (``from . import engine``)."""

    @abstractmethod
    def review(self) -> Any:
        """The rulebook's module that reviews a round (``from . import check``)."""

    def standings(self, t, round_no=None, readings=None):
        return self.procedure().compute_standings(t, round_no, self.in_force_readings(readings))

    def pair(self, t, readings=None, round_no=None, forced=()):
        return self.procedure().pair_round(t, self.in_force_readings(readings), round_no,
                                           tuple(forced))

    def request_problems(self, t, pairing=True):
        return self.procedure().request_problems(t, pairing)

    def absolute_test(self, request, round_no, published, readings=None):
        return self.review().absolute_test(request, round_no, published,
                                          self.in_force_readings(readings))

    def analyse_departures(self, request, round_no, published, trace, readings=None):
        return self.review().analyse_departures(request, round_no, published, trace,
                                               self.in_force_readings(readings))

    def board_order(self, pairs, trace):
        return self.review().board_order(pairs, trace)

    def article_numbers(self):
        return frozenset(self.review().articles())

    def article_text(self, cited):
        return self.review().article_text(cited)

    def decisions(self, trace):
        return self.review().decisions(trace)

    def report_events(self):
        return self.review().report_events()

    def report_sheet(self, trace):
        return self.review().report_sheet(trace)

    def decision_key(self, event):
        return self.review().decision_key(event)

    def verdict_article(self, verdict, criterion=""):
        return self.review().verdict_article(verdict, criterion)

    def read_parting(self, real, what_if, real_event, what_if_event, player, against):
        return self.review().read_parting(real, what_if, real_event, what_if_event, player,
                                          against)

    def player_round(self, trace, player):
        return self.review().player_round(trace, player)

    def bracket_of(self, trace, index):
        return self.review().bracket_of(trace, index)

    def step_states(self, trace):
        return self.review().step_states(trace)

    def step_changes(self, trace):
        return self.review().step_changes(trace)


#: what each module of a :class:`ModuleRulebook` defines (its accessor -> function names)
MODULE_HOOKS: dict[str, tuple[str, ...]] = {
    "procedure": ("pair_round", "compute_standings", "request_problems"),
    "review": ("absolute_test", "analyse_departures", "board_order", "decision_key",
               "verdict_article", "read_parting", "player_round", "bracket_of", "step_states",
               "step_changes", "decisions", "report_sheet", "report_events", "articles",
               "article_text"),
}


#: the hook each module function serves, where the names differ
_HOOK_OF = {"pair_round": "pair", "compute_standings": "standings", "articles": "article_numbers"}


def module_problems(book: ModuleRulebook) -> list[str]:
    """What the modules of a registered rulebook lack (imports them: for the tests); a
    function whose hook the rulebook's class overrides is not asked for."""
    out = []
    for accessor, names in MODULE_HOOKS.items():
        module = getattr(book, accessor)()
        wanted = [n for n in names
                  if getattr(type(book), _HOOK_OF.get(n, n)) is getattr(ModuleRulebook, _HOOK_OF.get(n, n))]
        lack = [n for n in wanted if not callable(getattr(module, n, None))]
        if lack:
            out.append(f"rulebook {book.name}: its {accessor} module {module.__name__} lacks "
                       + ", ".join(lack))
    return out


class FloatChecklist:
    """The check-list columns of the Dutch family, as bbpPairings writes them for its Dutch
    system (its README, "Checklist"): whether the player may receive the pairing-allocated
    bye (Y/N), then the float of the previous and of the next-to-previous round (``U`` up,
    ``D`` down, blank), as the text's own float record reads them (A.4 of 2012, 1992 and
    2017, 1.4 of 2026).  bbpPairings heads them with the criteria that read them in the
    text it pairs by ([C2], [C14], [C16] in v6.0.0 for 2026; C.2, C.12, C.14 in v5.0.1 for
    2017); each edition heads them with its own (:attr:`checklist_columns`)."""

    checklist_columns: ClassVar[tuple[str, ...]] = ("C2", "C14", "C16")  # 2026: [C2], [C14], [C16]

    @classmethod
    def checklist_cells(cls, row: Any) -> list[str]:
        way = {"up": "U", "down": "D"}
        return ["Y" if row.bye_eligible else "N",
                way.get(row.float_before(1), ""), way.get(row.float_before(2), "")]
