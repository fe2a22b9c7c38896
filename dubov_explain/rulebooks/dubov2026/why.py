"""How Dubov 2026 reads its traces back: Dubov 2025's readers (the two texts decide the same
things), given the trace in the 2025 numbers and answering in the 2026 numbers
(``numbering.ARTICLES``); the article text is the 2026 text's."""

from __future__ import annotations

from ..dubov2025 import why as family
from .articles import article_text, articles  # noqa: F401  (base.MODULE_HOOKS)
from .numbering import ARTICLES

back, forward = ARTICLES.back, ARTICLES.forward


def decision_key(event):
    return family.decision_key(back(event))


def verdict_article(verdict, criterion=""):
    return ARTICLES.cite(family.verdict_article(verdict, criterion))


def read_parting(real, what_if, real_event, what_if_event, player, against):
    return forward(family.read_parting(back(real), back(what_if), back(real_event),
                                       back(what_if_event), player, against))


def player_round(trace, player):
    return forward(family.player_round(back(trace), player))


def bracket_of(trace, index):
    return family.bracket_of(trace, index)


def step_states(trace):
    return forward(family.step_states(back(trace)))


def step_changes(trace):
    return forward(family.step_changes(back(trace)))


def decisions(trace):
    return family.decisions(trace)


def report_sheet(trace):
    return forward(family.report_sheet(back(trace)))


def report_events():
    return family.report_events()
