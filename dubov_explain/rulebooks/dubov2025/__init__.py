"""Dubov 2025: FIDE C.04.4.1 Dubov System, applied from 1 July 2025 (``text/dubov-2025.txt``).

The rooms follow the text: ``standings`` (Article 1: scores, colour preferences 1.5, ARO
1.6, upfloats 1.7, bye eligibility [C2]), ``readings`` (the named readings of ambiguous
articles), ``order`` (Article 4's sequences), ``colours`` (Article 5), ``bye`` (the order of
2.1.3-2.1.5), ``boards`` (the board order), ``engine`` (Article 2 as a traced state
machine, Article 3's criteria), ``events`` (what the trace records), ``check`` (the absolute
test and the departure analysis of a published pairing) and ``templates/`` (how each event
and each finding of ``check`` is worded).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...errors import Problem
from ...tournament.model import Tournament
from ...trace.events import Trace
from .readings import CATALOGUE, DEFAULT, Readings


class Dubov2025:
    name = "dubov-2025"
    title = "FIDE C.04.4.1 Dubov System"
    edition = "approved by the Council 13/04/2024, applied from 1 July 2025"
    #: ETT26 has no Dubov edition suffix; the Baku form is the same system accelerated
    trf_codes = ("FIDE_DUBOV", "FIDE_DUBOV_BAKU")
    trf_words = ("dubov",)
    #: the text in force today: bbpPairings' family flag ``--dubov`` names it
    in_force = True
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
        """What this rulebook needs of a request beyond a sound file (``request.py``): the
        number of rounds, no pre-entered PAB, and, to pair round 1, the initial colour."""
        from .request import request_problems

        return request_problems(t, pairing)

    def decisions(self, trace: Trace) -> list[dict]:
        from .decisions import decisions

        return decisions(trace)

    def absolute_test(self, request: Tournament, round_no: int, published, readings=None):
        """What a published pairing breaks absolutely (1.4.1, 1.8.1, [C1]-[C3], XXP, 1.5.2.1)."""
        from .check import absolute_test

        return absolute_test(request, round_no, published, readings or DEFAULT)

    def analyse_departures(self, request: Tournament, round_no: int, published, trace: Trace,
                           readings=None):
        """Where a legal published pairing leaves the procedure, and the what-if trace."""
        from .check import analyse_departures

        return analyse_departures(request, round_no, published, trace, readings or DEFAULT)

    def report_sections(self, trace: Trace) -> list:
        """The report's sections: the notes under the standings, the bye, and each
        bracket from ``BracketOpened`` to ``BracketClosed``."""
        from ..sections import sections
        from . import events as ev

        return sections(trace, (ev.ByeNotNeeded, ev.ByeCandidates, ev.ByeRejected,
                                ev.ByeAssigned), ev.BracketOpened, ev.BracketClosed)

    def board_order(self, pairs, trace: Trace):
        """``pairs`` in board order (GHR 3.6) by the standings of ``trace``; a bye last."""
        from .check import board_order

        return board_order(pairs, trace)

    def article_numbers(self) -> frozenset[str]:
        from .articles import articles

        return frozenset(articles())

    def article_text(self, cited: str) -> list[tuple[str, str]]:
        from .articles import article_text

        return article_text(cited)

    # ------------------------------------------------------------ why, why-not, steps
    def decision_key(self, event) -> tuple | None:
        """What a decision event decided (compared across traces); None for non-decisions."""
        from .why import decision_key

        return decision_key(event)

    def verdict_article(self, verdict: str, criterion: str = "") -> str:
        """The article a why-not verdict rests on (absent, no-pairing, illegal by a criterion)."""
        from .why import verdict_article

        return verdict_article(verdict, criterion)

    def read_parting(self, real: Trace, what_if: Trace, real_event, what_if_event,
                     player: int, against: int) -> dict:
        """Which criterion or order rule made the real decision where the traces part."""
        from .why import read_parting

        return read_parting(real, what_if, real_event, what_if_event, player, against)

    def player_round(self, trace: Trace, player: int) -> dict:
        """The facts of one player's round (bye, bracket, upfloat, groups, opponent, colour)."""
        from .why import player_round

        return player_round(trace, player)

    def bracket_of(self, trace: Trace, index: int) -> str | None:
        """The score of the bracket in which event ``index`` (0-based) is decided."""
        from .why import bracket_of

        return bracket_of(trace, index)

    def step_states(self, trace: Trace) -> list:
        """The state of the round after each event, for the step-through page."""
        from .steps import step_states

        return step_states(trace)

    def step_changes(self, trace: Trace) -> list:
        """Each event as a change to the round's state, for the step-through page."""
        from .steps import step_changes

        return step_changes(trace)

    def __repr__(self) -> str:
        return f"<rulebook {self.name}: {self.title}, {self.edition}>"


RULEBOOK = Dubov2025()
