"""2.1.3-2.1.5: the order in which eligible players are offered the pairing-allocated bye.

One home for the order: the engine sorts its candidates by :func:`bye_key` and names the
step that set one candidate before the next with :func:`deciding_step`; ``check`` names the
step that prefers the engine's bye over a published one with the same function.
"""

from __future__ import annotations

from fractions import Fraction

from .readings import DEFAULT, Readings

#: the three ordering steps of 2.1, in the order they are applied
STEPS = ("2.1.3", "2.1.4", "2.1.5")


def games_counted(p, readings: Readings = DEFAULT) -> int:
    """2.1.4: the games that count (reading ``bye-games-played``: played, or paired)."""
    if readings.value("bye-games-played") == "played":
        return p.games_played
    return p.games_paired


def bye_key(score: Fraction, games: int, initial_rank: int) -> tuple:
    """2.1.3 lowest score, 2.1.4 most games, 2.1.5 lowest ranked: the smallest key first."""
    return (Fraction(score), -games, -initial_rank)


def bye_order_key(p, readings: Readings = DEFAULT) -> tuple:
    """:func:`bye_key` of a player's standing."""
    return bye_key(p.score, games_counted(p, readings), p.initial_rank)


def deciding_step(first: tuple, second: tuple) -> str | None:
    """The step of 2.1.3-2.1.5 at which two :func:`bye_key` s part (None when equal)."""
    for step, a, b in zip(STEPS, first, second):
        if a != b:
            return step
    return None
