"""What a pairing request must say before Dubov 2025 can pair it, and what it implies.

* **Total number of rounds**: MaxT (1.7.2) and the last round (where [C8]-[C10] are off)
  depend on it; the file's ``XXR``/``142``, else the user's ``--rounds``.
* **Initial colour** (5.1: drawn by lot before round 1; used by 5.2.1 whenever both
  players have yet to play a game).  Round 1 cannot be paired without it: the file's
  ``XXC white1|black1`` / ``152 W|B``, else the user's ``--initial-colour`` (bbpPairings
  refuses too, trf.md 8).  For a later round of a file without it, it is read back from
  round 1 as 5.2.1 gave it there: the highest ranked player paired in round 1 (all had 0
  points, so the initial ranking decides) got the initial colour with an odd pairing
  number, the opposite with an even one -- the way bbpPairings infers it (trf.md 8).
* **A pre-entered pairing-allocated bye** (``0000 - U``, or bbpPairings' ``0000 - +``
  which the reader maps to ``U``) in the round to pair is refused.  The PAB is the
  procedure's own first step (1.8.2, 2.1: chosen among the eligible players, [C2], so
  that the rest can be paired, [C4]); the manual of JaVaFo documents only ``Z``/``H``/``F``
  as pre-entered blocks (trf.md 9.2) and its behaviour with a pre-entered ``U`` is not
  documented in ``shared/reference/trf.md`` (14.6: not tested).  Taking the block as "the
  round's bye is given" would pair the round with a bye this rulebook did not choose and
  might not allow (an ineligible player, or an even number left over), so the safest
  answer is a clear refusal naming what to write instead.

What the bbpPairings forms mean here (the reader maps them, trf.md 4; this rulebook draws
the conclusions from the model's codes):

* ``0000 - -`` = ``Z``: no game (no colour, not a game played, not an opponent met, no
  ARO), no points; does not bar the PAB ([C2] names only a PAB and a (forfeit) win).
* ``0000 - =`` = ``H``: the same, with a draw's points; does not bar the PAB.
* ``0000 - +`` = ``U``: a pairing-allocated bye received: no game, no colour, and it bars
  a further PAB ([C2], 2.1.1); a round with one counts as a round with a pairing.
"""

from __future__ import annotations

from ...errors import Problem
from ...tournament.model import Tournament
from ..requests import initial_colour, lot_needed, pre_entered_byes, rounds_needed

__all__ = ["initial_colour", "pre_entered_pab", "request_problems"]


def request_problems(t: Tournament, pairing: bool = True) -> list[Problem]:
    """Located problems that stop Dubov 2025 from pairing (``pairing``) or from reading the
    standings before the round to pair (``pairing=False``: the initial colour is not
    needed)."""
    return (rounds_needed(t, "it sets MaxT (1.7.2) and whether this is the last round "
                          "([C8]-[C10] are off in the last round)")
            + pre_entered_pab(t)
            + lot_needed(t, pairing, "the initial colour (5.1: drawn by lot before round 1)"))


def pre_entered_pab(t: Tournament) -> list[Problem]:
    """A ``U`` block in a round in which nobody has an opponent: a PAB entered before the
    round was paired (see the module doc)."""
    return pre_entered_byes(t, _pab_entered)


def _pab_entered(last: int, p, e) -> str:
    written = f", written {e.written}" if e.written else ""
    return (f"round {last}: player {p.number} has a pairing-allocated bye (U{written}) "
            f"entered before round {last} is paired; the pairing chooses that bye itself "
            "(1.8.2, 2.1), so it cannot be entered in advance: remove the block to let "
            "the pairing choose, or enter the bye the arbiter granted as 0000 - H, "
            "0000 - F or 0000 - Z")
