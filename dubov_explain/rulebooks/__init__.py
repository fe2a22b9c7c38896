"""The rulebooks, found by name: ``find_rulebook("dubov-2025")``.

Each rulebook is a subclass of :class:`~.base.Rulebook` in its own folder (an edition of a
text we have: a subclass of that text's rulebook).  A new rulebook adds its folder and a
loader to :data:`_LOADERS` below; the class is checked when it is defined (every hook, its
identity, its text, the template macros the renderers call).
"""

from __future__ import annotations

import re
from typing import Mapping

from ..errors import EXIT_INVALID_INPUT, DubovError, InputError, Problem
from ..records import dataclass
from ..tournament.model import Tournament
from ..trace.events import Trace
from .base import Rulebook


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


def _swiss_rating1992() -> type[Rulebook]:
    from .swiss_rating1992 import SwissRating1992
    return SwissRating1992


#: name -> the loader of its class, the default system first.  A run imports a rulebook's
#: package only when it asks for that rulebook (a plain ``pair`` of a file that names no
#: system imports the default's alone); the names are the classes' own ``name``, which
#: ``tests/test_rulebook_contract.py`` checks.
_LOADERS = {"dubov-2025": _dubov2025, "dubov-1997": _dubov1997, "dutch-2012": _dutch2012,
            "swiss-rating-1992": _swiss_rating1992, "dutch-2026": _dutch2026}
#: the rulebooks loaded so far (tests may register one of their own here)
_KNOWN: dict[str, Rulebook] = {}


def registered() -> list[Rulebook]:
    """Every registered rulebook, loaded, in the registry's order."""
    return [RULEBOOKS[name] for name in RULEBOOKS]

DEFAULT_SYSTEM = "dubov-2025"


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


def system_named_by(t: Tournament) -> SystemNamed | None:
    """The system the file's ``192`` (ETT26 code) or, failing that, ``092`` (free text)
    names; None when neither names one.  ``192`` is matched exactly against each rulebook's
    ``trf_codes``; ``092`` by the words of each rulebook's ``trf_words``."""
    lines = list(t.record_lines) + [0] * (len(t.records) - len(t.record_lines))
    found: dict[str, SystemNamed] = {}
    for (code, text), line in zip(t.records, lines):
        if code not in ("192", "092") or code in found:
            continue
        value = text[4:].strip()
        if not value:
            continue
        mine = ""
        for name in RULEBOOKS:
            book = RULEBOOKS[name]
            if code == "192" and value.upper() in book.trf_codes:
                mine = name
                break
            if code == "092" and any(re.search(rf"\b{w}\b", value, re.IGNORECASE)
                                     for w in book.trf_words):
                mine = name
                break
        if mine or code == "192" or _FOREIGN.search(value):
            found[code] = SystemNamed(mine, value, code, line)
    return found.get("192") or found.get("092")


def system_for(t: Tournament, requested: str | None = None) -> tuple[Rulebook, str | None]:
    """The rulebook to pair ``t`` by, and a warning when the choice overrides the file.

    ``requested`` (``--system``) wins.  Otherwise the file's ``192``/``092`` decides; a file
    that names a system we do not have is refused (:class:`InputError`, located), since
    pairing it by another system would silently give a different pairing; with neither
    record the default system is used.
    """
    named = system_named_by(t)
    if requested:
        book = find_rulebook(requested)
        if named is not None and named.system != book.name:
            return book, (f"{t.source}:{named.line}:5: the file's {named.code} names "
                          f"{named.text!r}; pairing by {book.name} as --system asks")
        return book, None
    if named is None:
        return find_rulebook(DEFAULT_SYSTEM), None
    if named.system:
        return find_rulebook(named.system), None
    raise InputError([Problem(
        t.source, named.line or 1, 5,
        f"record {named.code} names the pairing system {named.text!r}, which this program "
        f"does not have (it has {', '.join(RULEBOOKS)}); give --system NAME to pair the "
        "file by one of those anyway",
    )])


__all__ = ["DEFAULT_SYSTEM", "RULEBOOKS", "Rulebook", "SystemNamed", "UnknownSystem",
           "find_rulebook", "system_for", "system_named_by", "system_of"]
