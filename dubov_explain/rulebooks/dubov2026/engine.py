"""The Dubov 2026 procedure: Dubov 2025's round machine, citing the 2026 numbers.

States, in the order of the 2026 text (``text/dubov-2026.txt``)::

    open_round (1.9.2) -> assign_bye (3.1) -> next_bracket -> [ choose_upfloaters
      (3.2.1-3.2.2, 4.2) -> form_groups (3.2.3) -> recompose (3.2.4, 4.3) -> sort_s1 (3.2.5)
      -> transpose (3.2.6, 4.4) -> allocate_colours (5) -> close_bracket ] ...
    -> publish (GHR 3.6 board order) | impossible (1.9.3)

The 2026 text prescribes, article by article, what the 2025 text prescribes (the
correspondence and its differences are in this package's docstring), so the engine is
Dubov 2025's with its book, its readings and its numbers: the states (bye, upfloaters,
groups, transpositions, colours) are Dubov 2025's mixins and cite the 2025 numbers, and the
round machine renumbers the finished trace by :data:`~.numbering.ARTICLES` (``articles``,
``rulebooks/machine.py``).  An article the 2026 text changes in substance would be a
state overridden here, named after its 2026 number.

The one change of substance is 4.2.3's: the sets of upfloaters are no longer taken in
"containers" but fixed by [C5]/[C6] and ordered by 4.1.3, which settles Dubov 2025's
``container-order`` reading at ``lowest-first`` (``readings.SETTLED``): the search of
``dubov2025/upfloaters.py`` reads that reading, so it walks the 2026 order unchanged.
"""

from __future__ import annotations

from ...tournament.model import Tournament
from ...trace.events import Trace
from ..dubov2025.engine import DubovEngine
from ..dubov2025.request import request_problems  # noqa: F401  (base.MODULE_HOOKS)
from ..dubov2025.standings import compute_standings as _standings
from . import Dubov2026
from . import events as ev
from .numbering import ARTICLES
from .readings import ACCELERATION, DEFAULT, Readings


class Dubov2026Engine(DubovEngine):
    """Pairs one round by the 2026 text.  Use :func:`pair_round`."""

    book = Dubov2026
    ev = ev
    articles = ARTICLES
    acceleration_readings = ACCELERATION


def compute_standings(t: Tournament, round_no: int | None = None,
                      readings: Readings = DEFAULT):
    """Article 1 (1.5-1.8 of 2026): the standings, as Dubov 2025 computes them."""
    return _standings(t, round_no, readings)


def pair_round(t: Tournament, readings: Readings = DEFAULT, round_no: int | None = None,
               forced: tuple[tuple[int, int], ...] = ()) -> Trace:
    """Pair the next round (or ``round_no``) by Dubov 2026 and return the trace (its events
    cite the 2026 articles).

    >>> from dubov_explain.examples import load_example
    >>> trace = pair_round(load_example("dubov-example-round4-request.trf"))
    >>> trace.result.boards, trace.result.bye, trace.events[0].article
    (((4, 1), (2, 8), (6, 9)), 5, '1.9.2')
    """
    return Dubov2026Engine(t, readings, round_no, forced).run()


def pair_round_in_2025_numbers(t: Tournament, readings: Readings = DEFAULT,
                               round_no: int | None = None,
                               forced: tuple[tuple[int, int], ...] = ()) -> Trace:
    """The same run, its events citing the 2025 numbers: what Dubov 2025's check of a
    published pairing walks beside its own reading of the trace."""
    return Dubov2026Engine(t, readings, round_no, forced).run_in_family_numbers()
