"""Standings before a round as the 1992 rating-based text defines them.

The facts A.4 (floats), A.5 (the bye a downfloat), A.7 (colour difference and preference:
absolute, strong, mild) and B.1 (who met, who may not have the bye) are what the Dutch 2012
text says in the same words: they are read by ``dutch2012.standings`` with the values this
text fixes (``readings.dutch_readings``; F.2: only games played count for colours and an
unplayed pairing may be repeated).  What differs is the order, A.2: score, then rating
(A.1: estimated for the unrated, reading ``unrated-estimate``), then FIDE title
(IGM-WGM-IM-WIM-FM-WFM-no title), then name; the order before round one gives the pairing
numbers, so ``initial_rank`` here is that rank, not the file's starting number.
"""

from __future__ import annotations

from dataclasses import replace

from ...tournament.model import Tournament
from ..dutch2012.standings import Pref, PlayerStanding, Standings, Strength  # noqa: F401
from ..dutch2012.standings import compute_standings as _dutch_standings
from .readings import DEFAULT, Readings, dutch_readings

#: A.2.c: IGM-WGM-IM-WIM-FM-WFM-no title (the TRF's title codes)
TITLE_ORDER = {"GM": 0, "WGM": 1, "IM": 2, "WIM": 3, "FM": 4, "WFM": 5}


def a2_ranks(t: Tournament, readings: Readings = DEFAULT) -> dict[int, int]:
    """A.2 b-d (and A.1): the pairing number of every player, 1 = highest."""
    how = readings.value("unrated-estimate")
    if how == "start-list":
        order = sorted(t.players, key=lambda q: q.number)
    else:
        order = sorted(t.players, key=lambda q: (-(q.rating or 0),
                                                 TITLE_ORDER.get(q.title.strip().upper(), 6),
                                                 q.name, q.number))
    return {q.number: i for i, q in enumerate(order, start=1)}


def compute_standings(t: Tournament, round_no: int | None = None,
                      readings: Readings = DEFAULT) -> Standings:
    st = _dutch_standings(t, round_no, dutch_readings(readings))
    ranks = a2_ranks(t, readings)
    players = tuple(replace(p, initial_rank=ranks[p.number]) for p in st.players)
    return replace(st, players=players)
