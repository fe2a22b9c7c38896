"""What a pairing request must say before Dubov 1997 can pair it.

* **Total number of rounds**: 2.5 allows three transfers to a higher score group with
  fewer than 10 rounds, four with more than 9, and none of its limits in the last round;
  the file's ``XXR``/``142``, else ``--rounds``.
* **The lot of round 1** (5: "the colour of the pieces is determined by drawing lots for
  one of the pairs, for example, for the first pair"): the file's ``XXC white1|black1`` /
  ``152 W|B``, else ``--initial-colour``.  Only round 1 needs it; for a later round it is
  read back from round 1 (the first pair's upper player, pairing number 1 when present,
  had the drawn colour; an odd pairing number of the upper half the same colour, an even
  one the other), and only shown.
* **A pre-entered bye** (``0000 - U``) in the round to pair is refused: the bye is the
  procedure's own choice (4).
"""

from __future__ import annotations

from ...errors import Problem
from ...tournament.model import Tournament
from ..requests import initial_colour, lot_needed, pre_entered_byes, rounds_needed

#: 5: the colour drawn for the first pair (the lot) and where it comes from
lot = initial_colour


def request_problems(t: Tournament, pairing: bool = True) -> list[Problem]:
    return (rounds_needed(t, "2.5 limits transfers by it and lifts its limits in the last "
                          "round")
            + pre_entered_byes(t, _bye_entered)
            + lot_needed(t, pairing, "the colour drawn by lot for the first pair (5)"))


def _bye_entered(last: int, p, e) -> str:
    return (f"round {last}: player {p.number} has a bye (U) entered before round {last} is "
            "paired; 4 chooses the bye itself: remove the block, or enter an absence as "
            "0000 - H, 0000 - F or 0000 - Z")
