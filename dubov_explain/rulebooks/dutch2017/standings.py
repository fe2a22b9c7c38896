"""Standings before a round as the Dutch 2017 text defines them (``text/dutch-2017.txt``):
the 2026 computation (``dutch2026/standings.py``) with the two articles 2017 words
otherwise.

* A.4.b: "A player who, for whatever reason, does not play in a round, also receives a
  downfloat" -- every round without a game played (2026's 1.4.3 gives it only for a PAB or
  an unplayed round scoring more than a loss, and 1.4.4 to nobody else).
* C.2 (C.04.1.d of 2017): "a player who has already received a pairing-allocated bye, or
  has already scored a (forfeit) win due to an opponent not appearing in time, shall not
  receive the pairing-allocated bye" -- a full-point bye (F) does not bar it (2026's [C2]
  bars any win's points scored without playing).

* A.2.b: the pairing numbers are "assigned ... accordingly to the initial ranking list and
  subsequent modifications depending on possible late entries" (and E.5's note: "always
  consider sections C.04.2.B/C ... for the proper management of the pairing numbers"):
  a late entry "is given an appropriate pairing number ... only when he actually arrives"
  (C.04.2.C.2).  The same words as the 2026 General Handling Rules' 2.4, so the same
  reading, with one home: ``tpn-arrival`` and ``Rules.tpns`` of 2026 (``arrived``, the
  default: the players in the file's order leaving out who has not arrived yet -- no round
  so far in a pairing and not to be paired in this one; ``file``: the file's numbers as
  they stand).  Only E.5's parity can tell them apart (A.2's order and the board order are
  the same either way).

The rest is the same text: A.2 order (score, then the pairing number), A.6 colour
preferences (2026's 1.6-1.7), A.7 topscorers (2026's 1.8).
"""

from __future__ import annotations

from fractions import Fraction

from ...tournament.model import Tournament
from ..dutch2026.standings import (ByeBar, PlayerStanding, Pref, Rules as _Rules,  # noqa: F401
                                   Standings, Strength)
from .readings import DEFAULT, Readings

__all__ = ["ByeBar", "PlayerStanding", "Pref", "Rules", "Standings", "Strength",
           "compute_standings"]


class Rules(_Rules):
    """A.4.b's floats and C.2's bye bar."""

    def bars_bye(self, kind: str, points: Fraction, win: Fraction) -> bool:
        """C.2: a PAB received, or a forfeit win (an opponent not appearing in time)."""
        return kind == "pairing-allocated-bye" or (kind == "forfeit-win" and points >= win)

    def unplayed_float(self, kind: str, points: Fraction, loss: Fraction) -> bool:
        """A.4.b: whoever does not play in a round receives a downfloat."""
        return kind != "played"


RULES = Rules()


def compute_standings(t: Tournament, round_no: int | None = None,
                      readings: Readings = DEFAULT) -> Standings:
    return RULES.compute(t, round_no, readings)
