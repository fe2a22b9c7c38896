"""What the commands do, as functions that return result objects.

The command line (``cli.py``) parses arguments, calls these, renders what they return and
sets the exit code; the public API (``dubov_explain/__init__.py``) exposes them to Python.
Nothing here knows a rule: every rule question goes to the rulebook chosen for the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from .errors import MAX_PLAYERS, FileAccessError, InputError, Problem, SizeLimitError, too_many_players
from .rulebooks import Rulebook, find_rulebook, system_for
from .rulebooks.readings import Readings
from .tournament.consistency import check_consistency
from .tournament.model import PENDING, Tournament
from .trace.events import Trace


@dataclass(frozen=True)
class Request:
    """A tournament ready to be paired: the file, the rulebook and the readings in force."""

    tournament: Tournament
    rulebook: Rulebook
    readings: Readings
    #: what a report calls the tournament: its ``012`` name, else the file or example name
    title: str = ""
    #: problems that do not stop the pairing, as ``file:line:column: message``
    warnings: tuple[str, ...] = field(default=())


def read_tournament(trf: str | None = None, example: str | None = None) -> Tournament:
    """A TRF file, or an example shipped with the package (``dubov-explain examples``)."""
    from .examples import example_names, load_example
    from .trf.reader import read_trf

    if example:
        if example not in example_names():
            raise FileAccessError(example, "no such example; see `dubov-explain examples`")
        return load_example(example)
    if not trf:
        raise ValueError("give a TRF file or an example")
    return read_trf(trf)


def choose_rulebook(t: Tournament, system: str | None = None) -> tuple[Rulebook, str | None]:
    """``system`` if given, else the one the file's 192/092 names, else the default; with a
    warning when ``system`` overrides what the file says."""
    return system_for(t, system)


def pending_problems(t: Tournament) -> list[Problem]:
    """A round cannot be paired while an earlier round still has pending results."""
    out = []
    for p in t.players:
        for r, e in enumerate(p.entries, start=1):
            if e.code == PENDING:
                out.append(Problem(t.source, p.line, 99 + 10 * (r - 1),
                                   f"round {r} of player {p.number} has no result yet; enter "
                                   "the results before pairing the next round"))
    return out


def prepare(t: Tournament, *, system: str | None = None, readings: Sequence[str] = (),
            lenient: bool = False, title: str = "") -> Request:
    """Check ``t`` for pairing its next round and choose its rulebook and readings.

    Raises :class:`InputError` with every problem located (the file's own, pending results,
    what the rulebook needs of a request); warnings are returned in the request.
    """
    if len(t.players) > MAX_PLAYERS:  # a tournament built in code; files are refused on reading
        raise SizeLimitError(t.source or "<tournament>", too_many_players(f"{len(t.players):,}"))
    book, override = choose_rulebook(t, system)
    chosen = book.readings_type.parse(list(readings))
    problems = list(getattr(t, "warnings", ())) + check_consistency(t, lenient=lenient)
    problems += pending_problems(t)
    problems += book.request_problems(t)
    errors = [p for p in problems if p.is_error]
    if errors:
        raise InputError(errors)
    warnings = tuple(str(p) for p in problems if not p.is_error)
    if override:
        warnings += (override,)
    return Request(t, book, chosen, title or t.name, warnings)


def open_request(trf: str | None = None, example: str | None = None, **kw) -> Request:
    """:func:`read_tournament` then :func:`prepare`."""
    t = read_tournament(trf, example)
    title = t.name or example or (Path(trf).name if trf else "")
    return prepare(t, title=title, **kw)


def pair(req: Request, round_no: int | None = None,
         forced: Sequence[tuple[int, int]] = ()) -> Trace:
    """Pair the request's round by its rulebook: the trace, whose last event is the pairing."""
    return req.rulebook.pair(req.tournament, req.readings, round_no, tuple(forced))


def standings(req: Request):
    """The rulebook's standings before the round to pair."""
    return req.rulebook.standings(req.tournament, None, req.readings)


def systems() -> list[Rulebook]:
    """The rulebooks this program has, the default first."""
    from .rulebooks import RULEBOOKS

    return [RULEBOOKS[name] for name in RULEBOOKS]


def readings_catalogue(system: str | None = None):
    """The named readings of one rulebook (default: every rulebook), as (rulebook, readings)."""
    books = [find_rulebook(system)] if system else systems()
    return [(b, b.catalogue) for b in books]


@dataclass(frozen=True)
class Checked:
    """A checked round: the result and the warnings met on the way."""

    result: object  # explain.audit.CheckResult
    warnings: tuple[str, ...] = ()


def check(trf: str, pairing: str | None = None, round_no: int | None = None, *,
          system: str | None = None, readings: Sequence[str] = ()) -> Checked:
    """Check one round of ``trf``: the round entered in the file (default: the last with
    games), or, with ``pairing`` (a JaVaFo/bbpPairings pairing file), that pairing of the
    round to pair (or of ``round_no``).  The absolute test, then the comparison with the
    rulebook's own pairing."""
    from dataclasses import replace

    from .explain.audit import (check_round, input_problems, parse_pairing_file,
                                published_from_pairs, published_from_round)
    from .tournament.request import request_for_round
    from .trf.reader import read_trf

    t = read_trf(trf)
    book, override = choose_rulebook(t, system)
    chosen = book.readings_type.parse(list(readings))
    warnings = [override] if override else []
    last = t.rounds_with_games
    if pairing:
        r = round_no or t.round_to_pair
        if r < 1 or r > t.round_to_pair:
            raise InputError([Problem(t.source, 1, 1, f"--round {r}: the file can be paired "
                                      f"up to round {t.round_to_pair}")])
        pairs, byes = parse_pairing_file(read_text(pairing), pairing)
        pub = published_from_pairs(r, pairs, byes, source=pairing)
    else:
        if last == 0:
            raise InputError([Problem(t.source, 1, 1, "the file has no round with games; "
                                      "give the pairing to check with --pairing")])
        r = round_no or last
        if r < 1 or r > last:
            raise InputError([Problem(t.source, 1, 1, f"--round {r}: the file has pairings "
                                      f"for rounds 1-{last}; give --pairing to check another")])
        pub = published_from_round(t, r)
    errors, found = input_problems(t, [r])
    warnings += [str(w) for w in found]
    if errors:
        raise InputError(errors)
    if t.total_rounds is None:
        t = replace(t, total_rounds=max(last, r))
        warnings.append(f"no total number of rounds (XXR/142); {t.total_rounds} assumed")
    res = check_round(request_for_round(t, r), r, pub, chosen, system=book.name)
    return Checked(res, tuple(warnings))


def read_text(path: str) -> str:
    """A text file the user named (a pairing file, a configuration); exit 5 if unreadable."""
    try:
        with open(path, "r", encoding="utf-8", errors="replace", newline="") as f:
            return f.read()
    except OSError as exc:
        raise FileAccessError(path, f"cannot read: {exc.strerror or exc}") from None
