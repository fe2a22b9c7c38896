"""Swiss 1992: FIDE C.04.1 Swiss System Based on Rating, as approved by the 1992, 1997 and
1998 General Assemblies (``text/swiss-rating-1992.txt``), the rating-based ancestor of the
Dutch system.

The rooms follow the text: ``standings`` (A.2 order by score, rating, title and name; A.1's
estimate; the A.4/A.7/B.1 facts, which the Dutch 2012 text states alike and whose reader is
shared), ``readings``, ``engine`` (section C as a traced state machine, B's criteria, E's
colours, F.1's order; its docstring says what is literal and what is not), ``events``,
``check``, ``why``, ``articles`` and ``templates/``.  The D.1/D.2 enumerations are those of
``dutch2012.search`` (the two texts prescribe the same orders: see the engine's docstring).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...errors import Problem
from ...tournament.model import Tournament
from ...trace.events import Trace
from .readings import CATALOGUE, DEFAULT, Readings


class SwissRating1992:
    name = "swiss-rating-1992"
    title = "FIDE C.04.1 Swiss System Based on Rating"
    edition = "as approved by the 1992, 1997 and 1998 General Assemblies"
    #: no TRF code names this text; --system picks it
    trf_codes: tuple[str, ...] = ()
    trf_words: tuple[str, ...] = ()
    #: superseded: a later text is in force, so no family flag names this one
    in_force = False
    readings_type = Readings
    templates = Path(__file__).resolve().parent / "templates"

    @property
    def catalogue(self):
        return CATALOGUE

    def readings(self, pairs=None) -> Readings:
        return Readings.from_pairs(pairs) if pairs else DEFAULT

    def standings(self, t: Tournament, round_no: int | None = None, readings=None):
        from .standings import compute_standings

        return compute_standings(t, round_no, readings or DEFAULT)

    def pair(self, t: Tournament, readings=None, round_no: int | None = None,
             forced: Sequence[tuple[int, int]] = ()) -> Trace:
        from .engine import pair_round

        return pair_round(t, readings or DEFAULT, round_no, tuple(forced))

    def request_problems(self, t: Tournament, pairing: bool = True) -> list[Problem]:
        from .check import request_problems

        return request_problems(t, pairing)

    def decisions(self, trace: Trace) -> list[dict]:
        # the projection reads the event shapes, which are the Dutch 2012 ones
        from ..dutch2012.decisions import decisions

        return decisions(trace)

    def absolute_test(self, request: Tournament, round_no: int, published, readings=None):
        """What a published pairing breaks absolutely (completeness, A.5, B.1, B.2, XXP)."""
        from .check import absolute_test

        return absolute_test(request, round_no, published, readings or DEFAULT)

    def analyse_departures(self, request: Tournament, round_no: int, published, trace: Trace,
                           readings=None):
        from .check import analyse_departures

        return analyse_departures(request, round_no, published, trace, readings or DEFAULT)

    def report_sections(self, trace: Trace) -> list:
        """The report's sections: the notes under the standings, the bye (A.5), and each
        score bracket (A.3) from ``BracketOpened`` to ``BracketClosed``."""
        from ..sections import sections
        from . import events as ev

        return sections(trace, (ev.ByeAssigned,), ev.BracketOpened, ev.BracketClosed)

    def board_order(self, pairs, trace: Trace):
        from .check import board_order

        return board_order(pairs, trace)

    def article_numbers(self) -> frozenset[str]:
        from .articles import articles

        return frozenset(articles())

    def article_text(self, cited: str) -> list[tuple[str, str]]:
        from .articles import article_text

        return article_text(cited)

    def decision_key(self, event) -> tuple | None:
        from .why import decision_key

        return decision_key(event)

    def verdict_article(self, verdict: str, criterion: str = "") -> str:
        from .why import verdict_article

        return verdict_article(verdict, criterion)

    def read_parting(self, real: Trace, what_if: Trace, real_event, what_if_event,
                     player: int, against: int) -> dict:
        from .why import read_parting

        return read_parting(real, what_if, real_event, what_if_event, player, against)

    def player_round(self, trace: Trace, player: int) -> dict:
        from .why import player_round

        return player_round(trace, player)

    def bracket_of(self, trace: Trace, index: int) -> str | None:
        from .why import bracket_of

        return bracket_of(trace, index)

    def step_states(self, trace: Trace) -> list:
        # the step page reads the event shapes, which are the Dutch 2012 ones (their cited
        # articles are this text's: D.3 is never cited, exchanges here are D.2's)
        from ..dutch2012.steps import step_states

        return step_states(trace)

    def step_changes(self, trace: Trace) -> list:
        from ..dutch2012.steps import step_changes

        return step_changes(trace)

    def __repr__(self) -> str:
        return f"<rulebook {self.name}: {self.title}, {self.edition}>"


RULEBOOK = SwissRating1992()
