"""The board order of a published pairing (General Handling Rules 3.6).

Boards by the higher ranked player's score (5.2.1's "higher ranked"), then by the sum of the
two scores, then by the higher ranked player's initial rank; the pairing-allocated bye,
written ``(player, 0)``, last.  The engine publishes in this order and ``check`` lists the
pairs of its bbpPairings table in it.
"""

from __future__ import annotations

from typing import Callable

from .colours import higher_ranked, rank_score


def board_key(standing: Callable[[int], object]) -> Callable[[tuple[int, int]], tuple]:
    """The sort key of a board ``(white, black)``; ``standing(n)`` has ``score`` and
    ``initial_rank``."""

    def key(pair: tuple[int, int]) -> tuple:
        w, b = pair
        if not b:  # the pairing-allocated bye goes last
            return (1, 0, 0, standing(w).initial_rank)
        pw, pb = standing(w), standing(b)
        top = higher_ranked(pw, pb)
        return (0, -rank_score(top), -(rank_score(pw) + rank_score(pb)), top.initial_rank)

    return key
