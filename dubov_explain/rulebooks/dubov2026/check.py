"""The review of a round by Dubov 2026: the check of a published pairing (Dubov 2025's
absolute test and departure analysis: the 2026 text tests the same things), on the 2026
engine, its findings citing the 2026 numbers (``numbering.ARTICLES``); and, from ``why``,
the trace read back that it builds on."""

from __future__ import annotations

from ..dubov2025 import check as family
from .engine import pair_round_in_2025_numbers
from .numbering import ARTICLES
from .readings import DEFAULT
from .why import (article_text, articles, bracket_of, decision_key, decisions,  # noqa: F401
                  player_round, read_parting, report_events, report_sheet, step_changes,
                  step_states, verdict_article)

__all__ = ["absolute_test", "analyse_departures", "board_order"]


def absolute_test(request, r, pub, readings=DEFAULT):
    """[C1]-[C3] (2.1), the completeness of 1.9.1 and the bye of 1.4, as facts."""
    return ARTICLES.forward(family.absolute_test(request, r, pub, readings))


def analyse_departures(request, r, pub, trace, readings=DEFAULT):
    """Where a legal published pairing leaves the 2026 procedure, and the what-if trace."""
    found, what_if = family.analyse_departures(request, r, pub, ARTICLES.back(trace), readings,
                                               pair=pair_round_in_2025_numbers)
    return (ARTICLES.forward(found),
            ARTICLES.trace(what_if) if what_if is not None else None)


def board_order(pairs, trace):
    """GHR 3.6, as Dubov 2025 orders the boards."""
    return family.board_order(pairs, trace)
