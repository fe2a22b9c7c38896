"""The rulebooks, found by name: ``find_rulebook("dubov-2025")``.

Each rulebook is a subclass of :class:`~.base.Rulebook` in its own folder (an edition of a
text we have: a subclass of that text's rulebook).  A new rulebook adds its folder and a
loader to :data:`_LOADERS` below; the class is checked when it is defined (every hook, its
identity, its text, the template macros the renderers call).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Mapping

from ..errors import EXIT_INVALID_INPUT, DubovError, InputError, Problem
from ..records import dataclass
from ..tournament.model import Tournament
from ..trace.events import Trace
from .base import Rulebook


def _dubov2026() -> type[Rulebook]:
    from .dubov2026 import Dubov2026
    return Dubov2026


def _dubov2025() -> type[Rulebook]:
    from .dubov2025 import Dubov2025
    return Dubov2025


def _dubov1997() -> type[Rulebook]:
    from .dubov1997 import Dubov1997
    return Dubov1997


def _dutch2012() -> type[Rulebook]:
    from .dutch2012 import Dutch2012
    return Dutch2012


def _dutch2026() -> type[Rulebook]:
    from .dutch2026 import Dutch2026
    return Dutch2026


def _dutch2017() -> type[Rulebook]:
    from .dutch2017 import Dutch2017
    return Dutch2017


def _swiss_rating1992() -> type[Rulebook]:
    from .swiss_rating1992 import SwissRating1992
    return SwissRating1992


#: name -> the loader of its class, each family's edition in force first, the default family's
#: first of all (so that finding the edition in force today, or on a day since 1 February
#: 2026, loads it and its base alone).  A run imports a rulebook's package only when it asks for that rulebook
#: (a plain ``pair`` of a file that names no system imports the default's alone); the names
#: are the classes' own ``name``, which ``tests/test_rulebook_contract.py`` checks.
_LOADERS = {"dubov-2026": _dubov2026, "dubov-2025": _dubov2025, "dubov-1997": _dubov1997,
            "dutch-2026": _dutch2026, "dutch-2017": _dutch2017, "dutch-2012": _dutch2012,
            "swiss-rating-1992": _swiss_rating1992}
#: name -> its family (the class's own ``family``, which ``tests/test_rulebook_contract.py``
#: checks): a file whose 092 names a family is matched against that family's editions
#: alone, so that reading it loads no other family's package
_FAMILY_OF = {"dubov-2026": "dubov", "dubov-2025": "dubov", "dubov-1997": "dubov",
              "dutch-2026": "dutch", "dutch-2017": "dutch", "dutch-2012": "dutch",
              "swiss-rating-1992": "swiss-rating"}
#: the rulebooks loaded so far (tests may register one of their own here)
_KNOWN: dict[str, Rulebook] = {}


def _loaded():
    """The registered rulebooks in the registry's order, each loaded only when reached (a
    search that stops at the first loads no more)."""
    return (RULEBOOKS[name] for name in RULEBOOKS)


def registered() -> list[Rulebook]:
    """Every registered rulebook, loaded, in the registry's order."""
    return [RULEBOOKS[name] for name in RULEBOOKS]


#: the rulebook of a trace that names none (traces written before there were editions),
#: and the programmatic default of the lower-level functions that take a system name; a
#: file is paired by :func:`system_for` (the file's system, else the edition in force on
#: its first day, else today's: :data:`DEFAULT_FAMILY`)
DEFAULT_SYSTEM = "dubov-2025"
#: the family a file that names no system is paired by: this program is a Dubov engine
DEFAULT_FAMILY = "dubov"

#: editions the FIDE Handbook applied and this program does not have (name, family, applied
#: from, applied until): a file dated then is paired by its family's edition in force today,
#: with a warning that says so
MISSING_EDITIONS: tuple[tuple[str, str, date | None, date], ...] = (
    ("dubov-2018", "dubov", None, date(2026, 1, 31)),
)


class UnknownSystem(DubovError, ValueError):
    """A system name we do not have (on the command line or in a file): exit code 3."""

    exit_code = EXIT_INVALID_INPUT


class _Registry(Mapping[str, Rulebook]):
    """``RULEBOOKS``: name -> rulebook, in the order of :data:`_KNOWN`."""

    def __getitem__(self, name: str) -> Rulebook:
        book = _KNOWN.get(name)
        if book is None:
            book = _KNOWN[name] = _LOADERS[name]()()
        return book

    def __iter__(self):
        return iter({**dict.fromkeys(_LOADERS), **dict.fromkeys(_KNOWN)})

    def __len__(self) -> int:
        return len({**dict.fromkeys(_LOADERS), **dict.fromkeys(_KNOWN)})

    def __repr__(self) -> str:
        return f"RULEBOOKS({', '.join(self)})"


RULEBOOKS: Mapping[str, Rulebook] = _Registry()


def system_of(trace: Trace | None) -> str:
    """The name of the rulebook that made ``trace`` (its ``meta.system``); the default system
    for a trace without one."""
    return (trace.meta.get("system") if trace is not None else None) or DEFAULT_SYSTEM


def find_rulebook(name: str) -> Rulebook:
    """The rulebook called ``name`` (see ``dubov-explain systems``)."""
    try:
        return RULEBOOKS[name]
    except KeyError:
        raise UnknownSystem(
            f"unknown system {name!r}; known: {', '.join(RULEBOOKS)} "
            "(dubov-explain systems lists them)"
        ) from None


#: words of a free-text ``092`` line, and ETT26 ``192`` code stems, that name a system this
#: program does not have (trf.md 7.3); a file that names one is refused unless the user
#: chooses a system
_FOREIGN = re.compile(r"\b(dutch|burstein|lim|double[ _-]?swiss|monrad|round[ _-]?robin)\b|^fide_|^custom_",
                      re.IGNORECASE)


@dataclass(frozen=True)
class SystemNamed:
    """What a file's ``192`` / ``092`` record says about its pairing system."""

    #: our rulebook's name, or "" when the record names none of ours
    system: str
    #: the record's text after the code, and where it stands
    text: str
    code: str
    line: int
    #: the family the record names without an edition (``092 Swiss Dutch``): the edition is
    #: then the family's in force on the tournament's first day; "" when ``system`` is set
    family: str = ""


def system_named_by(t: Tournament) -> SystemNamed | None:
    """The system the file's ``192`` (ETT26 code) or, failing that, ``092`` (free text)
    names; None when neither names one.  ``192`` is matched exactly against each rulebook's
    ``trf_codes``; ``092`` by the words of each rulebook's ``trf_words`` (an edition), else
    by its ``trf_family_words`` (a family named without an edition: ``family`` is set)."""
    lines = list(t.record_lines) + [0] * (len(t.records) - len(t.record_lines))
    found: dict[str, SystemNamed] = {}
    for (code, text), line in zip(t.records, lines):
        if code not in ("192", "092") or code in found:
            continue
        value = text[4:].strip()
        if not value:
            continue
        mine = family = ""
        if code == "192":
            mine = next((n for n in RULEBOOKS if value.upper() in RULEBOOKS[n].trf_codes), "")
        else:
            # a family named (its edition in force carries the words), then an edition of
            # that family (of every family when none is named)
            family = next((f for f, head in _family_heads()
                           if _says(value, RULEBOOKS[head].trf_family_words)), "")
            mine = next((n for n in RULEBOOKS if (not family or _family(n) == family)
                         and _says(value, RULEBOOKS[n].trf_words)), "")
            family = "" if mine else family
        if mine or family or code == "192" or _FOREIGN.search(value):
            found[code] = SystemNamed(mine, value, code, line, family)
    return found.get("192") or found.get("092")


def _family(name: str) -> str:
    """A registered rulebook's family, without loading it when the registry says it."""
    return _FAMILY_OF.get(name) or RULEBOOKS[name].family


def _family_heads() -> list[tuple[str, str]]:
    """Each family, in the registry's order, with its first rulebook (its edition in force)."""
    heads: dict[str, str] = {}
    for name in RULEBOOKS:
        heads.setdefault(_family(name), name)
    return list(heads.items())


def _says(value: str, words) -> bool:
    return any(re.search(rf"\b{w}\b", value, re.IGNORECASE) for w in words)


@dataclass(frozen=True)
class EditionChoice:
    """Which rulebook pairs a file, and why, as facts (the trace's ``meta["chosen"]``; the
    page shells word them).  ``by`` is ``option`` (``--system``), ``192`` / ``092`` (the
    file names the system), ``042`` / ``132`` (the edition in force on the tournament's
    first day, read from that record) or ``today`` (the file says neither: the edition in
    force today); ``day`` the date that chose (ISO), ``line`` the record's line,
    ``missing`` the edition in force that day that this program does not have; ``named``
    the record (``092``) that named the family without an edition, ``text`` its words."""

    system: str
    by: str
    day: str = ""
    line: int = 0
    text: str = ""
    missing: str = ""
    named: str = ""

    def as_dict(self) -> dict:
        return {k: v for k, v in (("system", self.system), ("by", self.by), ("day", self.day),
                                  ("line", self.line), ("text", self.text),
                                  ("missing", self.missing), ("named", self.named)) if v}


_DATE = re.compile(r"(?<!\d)(\d{4}|\d{2})[/.-](\d{1,2})[/.-](\d{1,4})(?!\d)")


def _dates(text: str) -> list[date]:
    """The dates of a ``042``/``132`` record: YYYY/MM/DD, YY/MM/DD (TRF16's round dates) or
    DD.MM.YYYY (and with / or -); what is no date is left out."""
    out = []
    for a, b, c in _DATE.findall(text):
        try:
            if len(a) == 4:
                out.append(date(int(a), int(b), int(c)))
            elif len(c) == 4:
                out.append(date(int(c), int(b), int(a)))
            elif len(c) <= 2:
                out.append(date(2000 + int(a), int(b), int(c)))
        except ValueError:
            continue
    return out


def first_day(t: Tournament) -> tuple[date, str, int] | None:
    """The tournament's first day, the record that says it and its line: the ``042`` start
    date, else the earliest ``132`` round date; None when the file has neither."""
    lines = list(t.record_lines) + [0] * (len(t.records) - len(t.record_lines))
    found: dict[str, tuple[date, str, int]] = {}
    for (code, text), line in zip(t.records, lines):
        if code in ("042", "132"):
            days = _dates(text[3:])
            if days and (code not in found or min(days) < found[code][0]):
                found[code] = (min(days), code, line)
    return found.get("042") or found.get("132")


def edition_in_force(day: date, family: str = DEFAULT_FAMILY) -> tuple[Rulebook | None, str]:
    """The family's rulebook in force on ``day``, or ``(None, name)`` of the Handbook's
    edition then in force that this program lacks (``(None, "")``: none known)."""
    for book in _loaded():
        if book.family == family and book.in_force_on(day):
            return book, ""
    for name, of, start, until in MISSING_EDITIONS:
        if of == family and (start is None or start <= day) and day <= until:
            return None, name
    return None, ""


def today_edition(family: str = DEFAULT_FAMILY) -> Rulebook:
    """The family's rulebook whose text is in force today."""
    return next(b for b in _loaded() if b.family == family and b.in_force)


def edition_choice(t: Tournament, requested: str | None = None) -> tuple[EditionChoice, str | None]:
    """Which rulebook pairs ``t`` and why, and a warning when the choice overrides the file or
    the edition in force on its first day is one this program lacks.

    ``requested`` (``--system``) wins.  Otherwise the file's ``192``/``092`` decides; a file
    that names a system we do not have is refused (:class:`InputError`, located), since
    pairing it by another system would silently give a different pairing.  A file that
    names a family without an edition (``092 Swiss Dutch``) is paired by that family's
    edition in force on its first day (``042``, else ``132``), else by the one in force
    today; a file that names no system, by the Dubov edition chosen so.
    """
    named = system_named_by(t)
    if requested:
        book = find_rulebook(requested)
        if named is not None and named.system != book.name:
            return EditionChoice(book.name, "option"), (
                f"{t.source}:{named.line}:5: the file's {named.code} names "
                f"{named.text!r}; pairing by {book.name} as --system asks")
        return EditionChoice(book.name, "option"), None
    if named is not None and named.system:
        return EditionChoice(named.system, named.code, line=named.line, text=named.text), None
    if named is not None and not named.family:
        raise InputError([Problem(
            t.source, named.line or 1, 5,
            f"record {named.code} names the pairing system {named.text!r}, which this "
            f"program does not have (it has {', '.join(RULEBOOKS)}); give --system NAME to "
            "pair the file by one of those anyway",
        )])
    family = named.family if named is not None else DEFAULT_FAMILY
    said = dict(named=named.code, text=named.text) if named is not None else {}
    now = today_edition(family)
    first = first_day(t)
    if first is None:
        return EditionChoice(now.name, "today", **said), None
    day, code, line = first
    book, missing = edition_in_force(day, family)
    if book is not None:
        return EditionChoice(book.name, code, day.isoformat(), line, **said), None
    choice = EditionChoice(now.name, code, day.isoformat(), line, missing=missing, **said)
    title = family.capitalize()
    if missing:
        return choice, (f"{t.source}:{line}:5: on the tournament's first day, {day.isoformat()}, "
                        f"the {title} text in force was {missing}, which this program does not "
                        f"have; pairing by {now.name}, the text in force today (give --system "
                        "to choose another)")
    return choice, (f"{t.source}:{line}:5: no {title} text this program has was in force on the "
                    f"tournament's first day, {day.isoformat()}; pairing by {now.name}, the "
                    "text in force today (give --system to choose another)")


def system_for(t: Tournament, requested: str | None = None) -> tuple[Rulebook, str | None]:
    """The rulebook to pair ``t`` by, and a warning (see :func:`edition_choice`)."""
    choice, warning = edition_choice(t, requested)
    return find_rulebook(choice.system), warning


__all__ = ["DEFAULT_FAMILY", "DEFAULT_SYSTEM", "EditionChoice", "RULEBOOKS", "Rulebook",
           "SystemNamed", "UnknownSystem", "edition_choice", "edition_in_force", "find_rulebook",
           "first_day", "system_for", "system_named_by", "system_of", "today_edition"]
