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
    "explain_player": "dubov_explain.explain.why",
    "why_not": "dubov_explain.explain.why",
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

__all__ = sorted([*_EXPORTS, "pair", "__version__"])


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'dubov_explain' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def pair(tournament, *, system: str | None = None,
         readings: Mapping[str, str] | None = None, round_no: int | None = None,
         forced: Sequence[tuple[int, int]] = ()):
    """Pair the tournament's next round (or ``round_no``) and return the trace.

    ``system`` names the rulebook (default: the one the file's 192/092 names, else
    ``dubov-2025``); ``readings`` sets named readings of that rulebook (``ReadingError``
    for an unknown one).  The pairing is ``trace.result``: ``boards`` and ``bye``, or an
    ``impossible`` event.
    """
    from .rulebooks import system_for

    book, _ = system_for(tournament, system)
    chosen = book.readings_type.from_pairs(dict(readings or {}))
    return book.pair(tournament, chosen, round_no, tuple(forced))


if TYPE_CHECKING:  # pragma: no cover
    from .app import Request, open_request, prepare
    from .explain.audit import check_round, published_from_pairs, published_from_round
    from .explain.compare import compare_mapping
    from .explain.why import explain_player, why_not
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
