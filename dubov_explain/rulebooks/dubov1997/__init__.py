"""Dubov 1997: the original Dubov rules, approved by the 1997 General Assembly
(``text/dubov-1997.txt``).

A different procedure from the 2025 text, not a set of its readings: the due colour of 1,
the limitations of 2 (with the transfer limits 2.5 and 2.6), the colour allocation of 3,
the bye of 4, the first round by halves of 5, the two columns of 6.2 with the improvements
of 6.3 and the floaters of 6.4, the transfers of 7, the floaters' treatment of 8, and the
arbiter's judgement of 9 where the text runs out.  The rooms: ``standings`` (1, 2.2,
2.5), ``limits`` (2.1-2.4), ``colours`` (3), ``engine`` (4-9 as a traced state machine),
``events``, ``readings``, ``request``, ``decisions``, ``why``, ``steps``, ``check``,
``articles`` and ``templates/``.

What it shares with ``dubov2025`` is only what is no rule of either text: the score
formatting of the events and the board order of the General Handling Rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...errors import Problem
from ...tournament.model import Tournament
from ...trace.events import Trace
from .readings import CATALOGUE, DEFAULT, Readings


class Dubov1997:
    name = "dubov-1997"
    title = "Dubov Swiss Pairing System"
    edition = "approved by the 1997 General Assembly"
    #: ETT26 has no code for the 1997 text; only an explicit 092 naming it picks it
    trf_codes: tuple[str, ...] = ()
    #: none either: a 092 "Dubov" line means the current text (dubov-2025); choose this
    #: rulebook with --system dubov-1997
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
        from .request import request_problems

        return request_problems(t, pairing)

    def decisions(self, trace: Trace) -> list[dict]:
        from .decisions import decisions

        return decisions(trace)

    def absolute_test(self, request: Tournament, round_no: int, published, readings=None):
        """What a published pairing breaks absolutely (everyone once, 2.1-2.4, 4)."""
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


RULEBOOK = Dubov1997()
