"""Dutch 2012: FIDE C.04.3.1 Dutch System, as agreed in Istanbul 2012 (``text/dutch-2012.txt``).

The rooms follow the text: ``standings`` (A.2 order, A.4 floats, A.7 colour preferences,
B.1.b bye), ``readings`` (the named readings of ambiguous articles), ``search`` (the
enumerations of D.1-D.3), ``engine`` (section C as a traced state machine, B's criteria,
E's colours; its docstring argues why the search returns the literal answer), ``events``,
``decisions``, ``check`` (the absolute test and the departures of a published pairing),
``why`` and ``steps`` (what the explanations and the step-through page ask), ``articles``
(the text by article) and ``templates/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...errors import Problem
from ...tournament.model import Tournament
from ...trace.events import Trace
from .readings import CATALOGUE, DEFAULT, Readings


class Dutch2012:
    name = "dutch-2012"
    title = "FIDE C.04.3.1 Dutch System"
    edition = "as agreed by the 83rd FIDE Congress, Istanbul 2012"
    #: ETT26 names only the current Dutch rules (FIDE_DUTCH_2025); the 2012 text has no
    #: code of its own, so a 192 record never picks this edition: --system does
    trf_codes: tuple[str, ...] = ()
    trf_words: tuple[str, ...] = ()
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
        from .decisions import decisions

        return decisions(trace)

    def absolute_test(self, request: Tournament, round_no: int, published, readings=None):
        """What a published pairing breaks absolutely (completeness, B.1.a, B.1.b, B.2, XXP)."""
        from .check import absolute_test

        return absolute_test(request, round_no, published, readings or DEFAULT)

    def analyse_departures(self, request: Tournament, round_no: int, published, trace: Trace,
                           readings=None):
        from .check import analyse_departures

        return analyse_departures(request, round_no, published, trace, readings or DEFAULT)

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
        from .steps import step_states

        return step_states(trace)

    def step_changes(self, trace: Trace) -> list:
        from .steps import step_changes

        return step_changes(trace)

    def __repr__(self) -> str:
        return f"<rulebook {self.name}: {self.title}, {self.edition}>"


RULEBOOK = Dutch2012()
