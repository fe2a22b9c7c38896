"""dubov_explain: pairs Swiss tournaments by FIDE's rules and explains every step.

The public API (everything in ``__all__``; the rest of the package may change)::

    >>> import dubov_explain as d
    >>> d.find_rulebook("dubov-2025").title
    'FIDE C.04.4.1 Dubov System'
    >>> t = d.load_example("dubov-example-round4-request.trf")
    >>> trace = d.pair(t)
    >>> trace.result.boards, trace.result.bye
    (((4, 1), (2, 8), (6, 9)), 5)
    >>> d.pair(t, readings={"container-order": "listed"}).result.bye
    5
    >>> w = d.why_not(t, 1, 6)
    >>> w.verdict, w.criterion
    ('passed-over', '[C6]')

The flow runs one way: a TRF file is read into a :class:`Tournament` (facts only), a
:class:`Rulebook` pairs it into a :class:`Trace` (every decision an event), and answers
and pages are made from traces.  Names are imported on first use, so ``import
dubov_explain`` stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Mapping, Sequence

__version__ = "0.1.0"

#: public name -> the module that defines it
_EXPORTS = {
    # files
    "read_trf": "dubov_explain.trf.reader",
    "parse_trf": "dubov_explain.trf.reader",
    "write_trf": "dubov_explain.trf.writer",
    "load_example": "dubov_explain.examples",
    "example_names": "dubov_explain.examples",
    # the tournament: facts, no rules
    "Tournament": "dubov_explain.tournament.model",
    "Player": "dubov_explain.tournament.model",
    "RoundEntry": "dubov_explain.tournament.model",
    "Colour": "dubov_explain.tournament.model",
    # rulebooks and readings
    "Rulebook": "dubov_explain.rulebooks",
    "RULEBOOKS": "dubov_explain.rulebooks",
    "find_rulebook": "dubov_explain.rulebooks",
    "system_for": "dubov_explain.rulebooks",
    "Reading": "dubov_explain.rulebooks.readings",
    "Readings": "dubov_explain.rulebooks.readings",
    # the trace
    "Trace": "dubov_explain.trace.events",
    "Event": "dubov_explain.trace.events",
    # answers: check a published round, explain a player, why two did not meet, compare
    "check_round": "dubov_explain.explain.audit",
    "published_from_round": "dubov_explain.explain.audit",
    "published_from_pairs": "dubov_explain.explain.audit",
    "request_for_round": "dubov_explain.tournament.request",
    "compare_mapping": "dubov_explain.explain.compare",
    "generate": "dubov_explain.simulate.generator",
    # the application layer
    "Request": "dubov_explain.app",
    "prepare": "dubov_explain.app",
    "open_request": "dubov_explain.app",
    # errors
    "DubovError": "dubov_explain.errors",
    "InputError": "dubov_explain.errors",
    "FileAccessError": "dubov_explain.errors",
    "Problem": "dubov_explain.errors",
    "ReadingError": "dubov_explain.rulebooks.readings",
    "UnknownSystem": "dubov_explain.rulebooks",
}

#: the checked entry points and the renderers, defined below
_CHECKED = ["pair", "standings", "why_not", "explain_player", "check", "player_letter",
            "round_report", "render_standings", "DubovWarning"]

__all__ = sorted([*_EXPORTS, *_CHECKED, "__version__"])


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'dubov_explain' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


#: what the checked entry points take: a TRF file name, a tournament read or built in
#: code, or a request already checked (:func:`open_request`, :func:`prepare`)
Source = Any


class DubovWarning(UserWarning):
    """A problem that does not stop the pairing (``file:line:column: message``), issued by
    the checked entry points with :func:`warnings.warn`; the command line prints the same
    lines as ``warning: ...``."""


def _request(source, *, system=None, readings=None, round_no=None, lenient=False,
             rounds=None, initial_colour=None, accept_history=False, pairing=True):
    """The checked request for ``source``: the command line's checks, its errors raised
    (:class:`InputError` ...), its warnings issued as :class:`DubovWarning`."""
    import os
    import warnings as _warnings

    from . import app
    from .errors import InputError, Problem
    from .tournament.model import Tournament

    pairs = dict(readings or {})
    if isinstance(source, app.Request):
        req = source
        if system is not None and _rulebook_name(system) != req.rulebook.name:
            raise ValueError(f"system={system!r}: this request was prepared for "
                             f"{req.rulebook.name}; prepare it again to change the rulebook")
        if pairs:
            from .records import replace

            merged = {**req.readings.as_dict(), **pairs}
            req = replace(req, readings=req.rulebook.readings_type.from_pairs(merged))
        t = req.tournament
    else:
        if isinstance(source, Tournament):
            t = source
        elif isinstance(source, (str, os.PathLike)):
            t = app.read_tournament(os.fspath(source))
        else:
            raise TypeError(f"give a TRF file name, a Tournament or a Request, not "
                            f"{type(source).__name__}")
        req = None
    in_file = app.rounds_in_file(t)
    if round_no is not None and not 1 <= round_no <= in_file + 1:
        raise InputError([Problem(t.source, 1, 1, f"round {round_no} is neither in the file "
                                  f"(rounds 1-{in_file}) nor the next round to pair")])
    if req is None:
        if round_no is not None and round_no <= in_file:
            pairing = False  # a round of the file, paired again from the rounds before it
        title = t.name or (os.path.basename(os.fspath(source))
                           if not isinstance(source, Tournament) else "")
        req = app.prepare(t, system=system, readings=[f"{k}={v}" for k, v in pairs.items()],
                          lenient=lenient, rounds=rounds, initial_colour=initial_colour,
                          pairing=pairing, accept_history=accept_history, title=title)
    for w in req.warnings:
        _warnings.warn(w, DubovWarning, stacklevel=3)
    return req


def _rulebook_name(system: str) -> str:
    from .rulebooks import find_rulebook as _find

    return _find(system).name


def pair(source: Source, *, system: str | None = None,
         readings: Mapping[str, str] | None = None, round_no: int | None = None,
         forced: Sequence[tuple[int, int]] = (), checked: bool = True, lenient: bool = False,
         rounds: int | None = None, initial_colour: str | None = None,
         accept_history: bool = False):
    """Pair the tournament's next round (or ``round_no``) and return the trace.

    ``source`` is a TRF file name, a :class:`Tournament` (``read_trf``) or a
    :class:`Request` (``open_request``, ``prepare``).  The request is checked as the command
    line checks it, and refused with the same located :class:`InputError` (exit code 3):
    a round beyond the last, points that do not add up (``lenient=True``: a warning), no
    total number of rounds (``rounds=N`` gives it), no initial colour for round 1
    (``initial_colour="white"``), a past round that breaks an absolute rule
    (``accept_history=True`` lets it stand, and the trace records it), the file's other
    defects; warnings are issued as :class:`DubovWarning`.  ``checked=False`` pairs a
    tournament built in code as it is, without those checks (tests, internal callers).

    ``system`` names the rulebook (default: the one the file's 192/092 names, else
    ``dubov-2025``); ``readings`` sets named readings of that rulebook (``ReadingError``
    for an unknown one).  The pairing is ``trace.result``: ``boards`` and ``bye``, or an
    ``impossible`` event.
    """
    if not checked:
        from .rulebooks import system_for

        book, _ = system_for(source, system)
        chosen = book.readings_type.from_pairs(dict(readings or {}))
        return book.pair(source, chosen, round_no, tuple(forced))
    from . import app

    req = _request(source, system=system, readings=readings, round_no=round_no,
                   lenient=lenient, rounds=rounds, initial_colour=initial_colour,
                   accept_history=accept_history)
    return app.pair(req, round_no, forced)


def standings(source: Source, *, system: str | None = None,
              readings: Mapping[str, str] | None = None, lenient: bool = False,
              rounds: int | None = None, accept_history: bool = False):
    """The rulebook's standings before the round to pair (``dubov-explain standings``),
    checked as :func:`pair` checks (a tournament whose rounds are all paired is allowed).
    :func:`render_standings` writes them as text, Markdown, HTML or JSON."""
    from . import app

    req = _request(source, system=system, readings=readings, lenient=lenient, rounds=rounds,
                   accept_history=accept_history, pairing=False)
    return app.standings(req)


def why_not(source: Source, player: int, against: int,
            readings: Mapping[str, str] | None = None, round_no: int | None = None, *,
            system: str | None = None, lenient: bool = False, rounds: int | None = None,
            accept_history: bool = False):
    """Why ``player`` does not meet ``against`` in the round (``explain --against``),
    checked as :func:`pair` checks; :class:`InputError` for a player the file does not
    have."""
    from . import app
    from .explain.why import why_not as _why_not

    req = _request(source, system=system, readings=readings, round_no=round_no,
                   lenient=lenient, rounds=rounds, accept_history=accept_history)
    _players_exist(req.tournament, player, against)
    trace = app.pair(req, round_no)
    return _why_not(req.tournament, player, against, req.readings, round_no, trace=trace)


def explain_player(source: Source, player: int,
                   readings: Mapping[str, str] | None = None, round_no: int | None = None,
                   *, system: str | None = None, lenient: bool = False,
                   rounds: int | None = None, accept_history: bool = False):
    """One player's round, as facts (``explain --player``), checked as :func:`pair`
    checks."""
    from . import app
    from .explain.why import explain_player as _explain

    req = _request(source, system=system, readings=readings, round_no=round_no,
                   lenient=lenient, rounds=rounds, accept_history=accept_history)
    _players_exist(req.tournament, player)
    trace = app.pair(req, round_no)
    return _explain(req.tournament, player, req.readings, round_no, trace=trace)


def check(source: Source, pairing: str | None = None, round_no: int | None = None, *,
          system: str | None = None, readings: Mapping[str, str] | None = None,
          rounds: int | None = None, budget: float | None = None,
          accept_history: bool = False):
    """Check a published round (``dubov-explain check``): the round entered in the file
    (default: the last with games), or with ``pairing`` (a JaVaFo/bbpPairings pairing file)
    that pairing of the round to pair.  The same checks as the command line; the result's
    ``exit_code`` is 0 identical, 6 legal but different, 7 illegal."""
    import os
    import warnings as _warnings

    from . import app

    if isinstance(source, app.Request):
        source = source.tournament
    done = app.check(source if not isinstance(source, os.PathLike) else os.fspath(source),
                     pairing, round_no, system=system,
                     readings=[f"{k}={v}" for k, v in dict(readings or {}).items()],
                     rounds=rounds, budget=budget, accept_history=accept_history)
    for w in done.warnings:
        _warnings.warn(w, DubovWarning, stacklevel=2)
    return done.result


def player_letter(source: Source, player: int, *, against: int | None = None,
                  colour: bool = False, technical: bool = False, format: str = "text",
                  round_no: int | None = None, system: str | None = None,
                  readings: Mapping[str, str] | None = None, lenient: bool = False,
                  rounds: int | None = None, accept_history: bool = False) -> str:
    """The letter an arbiter hands to a player (``explain --player N --reply``): the
    decision, the facts of the player's round, the alternative the player most likely
    expected (``against``: a particular opponent; ``colour``: the colour) and why it was
    worse.  ``format``: ``text``, ``html`` or ``json``.  Checked as :func:`pair` checks."""
    from . import app
    from .explain.why import READINGS_SECONDS, reply
    from .render import explain as R

    req = _request(source, system=system, readings=readings, round_no=round_no,
                   lenient=lenient, rounds=rounds, accept_history=accept_history)
    _players_exist(req.tournament, player, *(() if against is None else (against,)))
    trace = app.pair(req, round_no)
    if not R.has_reply(trace):
        raise ValueError(f"a letter is not written for the {req.rulebook.name} rulebook yet; "
                         "explain_player gives the facts")
    answer = reply(req.tournament, player, req.readings, round_no, trace=trace,
                   against=against, technical=technical, topic="colour" if colour else None,
                   readings_seconds=READINGS_SECONDS)
    if format == "json":
        return R.to_json(answer)
    if format == "html":
        return R.reply_html(answer, trace)
    if format == "text":
        return R.reply_text(answer, trace)
    raise ValueError(f"format {format!r}: text, html or json")


def round_report(trace, format: str = "md", title: str | None = None) -> str:
    """The round report of a trace (``pair --report``): ``md`` (Markdown, which reads as
    plain text; ``text`` is the same), ``html`` (one page, no network) or ``json`` (the
    trace itself)."""
    from .render.report import round_output

    if format not in ("md", "text", "html", "json"):
        raise ValueError(f"format {format!r}: md, text, html or json")
    return round_output(trace, format, title)


def render_standings(st, tournament, format: str = "text", system: str | None = None) -> str:
    """The standings before a round (:func:`standings`) as ``text`` (the arbiter's check
    list of ``dubov-explain standings``), ``md`` (a Markdown table), ``html`` (one page) or
    ``json`` (one object per player).  ``system``: the rulebook whose words head the text
    (default: the tournament's)."""
    from .render.tables import render_standings as _render
    from .rulebooks import system_for

    name = system or system_for(tournament, None)[0].name
    return _render(st, tournament, format, name)


def _players_exist(t, *numbers: int) -> None:
    from .errors import InputError, Problem

    known = {p.number for p in t.players}
    bad = [n for n in numbers if n not in known]
    if bad:
        raise InputError([Problem(t.source, 1, 1, f"there is no player {bad[0]} in this "
                                  "tournament")])


if TYPE_CHECKING:  # pragma: no cover
    from .app import Request, open_request, prepare
    from .explain.audit import check_round, published_from_pairs, published_from_round
    from .explain.compare import compare_mapping
    from .simulate.generator import generate
    from .tournament.request import request_for_round
    from .errors import DubovError, FileAccessError, InputError, Problem
    from .examples import example_names, load_example
    from .rulebooks import RULEBOOKS, Rulebook, UnknownSystem, find_rulebook, system_for
    from .rulebooks.readings import Reading, ReadingError, Readings
    from .tournament.model import Colour, Player, RoundEntry, Tournament
    from .trace.events import Event, Trace
    from .trf.reader import parse_trf, read_trf
    from .trf.writer import write_trf
