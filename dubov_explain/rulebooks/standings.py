"""What every rulebook's standings read of a player alike, written once: each rulebook's
``standings`` module subclasses :class:`Standing` with the facts its own articles define
(the preference and its strength, floats or transfers, ARO ...) and calls the helpers.

* :class:`Standing`: the first fields of every player's standing (number, name, rating,
  the rank its text orders by, the score for pairing, the colours of the games played,
  by round, and their difference), and ``points``, the real score;
* :class:`ByeBar`: the earlier round that bars the bye (its kind is the rulebook's word);
* :func:`colours_played`, :func:`history`: read from the rule-free facts
  (:class:`~dubov_explain.tournament.facts.PlayerFacts`), games played over the board only
  (GHR 3.4: a forfeit has no colour);
* :class:`Indexed`: the standings by player number, and the players to pair;
* :func:`remember_last`: a rulebook's standings asked again for the same tournament,
  round and readings (a what-if run, the check after the pairing) are not computed again.
"""

from __future__ import annotations

from fractions import Fraction
from functools import wraps
from typing import Callable, TypeVar

from ..records import dataclass
from ..tournament.model import Colour

__all__ = ["ByeBar", "Indexed", "Standing", "colours_played", "history", "remember_last"]

S = TypeVar("S")


def remember_last(compute: Callable[..., S]) -> Callable[..., S]:
    """``compute_standings(t, round_no, readings)`` that remembers its last answer: asked
    again for the same tournament object, round and (equal) readings, it returns the same
    standings (immutable, as the tournament is) without computing them.  One call of the
    command line asks for them once per run: the pairing, each what-if run of a why-not,
    the absolute test of a check."""
    last: list = []

    @wraps(compute)
    def standings(t, round_no=None, readings=None):
        args = (t, round_no) if readings is None else (t, round_no, readings)
        if last and last[0] is t and last[1] == args[1:]:
            return last[2]
        st = compute(*args)
        last[:] = [t, args[1:], st]
        return st

    return standings


@dataclass(frozen=True, slots=True)
class ByeBar:
    """The earlier round in which the player received what bars the bye: ``kind`` (the
    rulebook's word: ``pab``, ``forfeit-win`` ...), ``round`` and its TRF result ``code``.
    Facts only: the rulebook's template words them."""

    kind: str
    round: int
    code: str

    def as_dict(self) -> dict:
        return {"kind": self.kind, "round": self.round, "code": self.code}


@dataclass(frozen=True, slots=True)
class Standing:
    """The fields every rulebook's ``PlayerStanding`` starts with, in this order.  A
    subclass also has ``real_score`` (None without acceleration), read by ``points``."""

    number: int
    name: str
    rating: int
    #: the player's place in the order the text ranks by (1 = highest)
    initial_rank: int
    #: the score for pairing: points of the rounds before plus this round's acceleration
    score: Fraction
    #: colours of the games played over the board, oldest first (GHR 3.4)
    colours: tuple[Colour, ...]
    #: per round 1..r-1: the colour of a game played, or None
    colour_by_round: tuple[Colour | None, ...]
    #: Whites minus Blacks
    colour_difference: int

    @property
    def points(self) -> Fraction:
        """The real score (``score`` when there is no acceleration)."""
        return self.score if self.real_score is None else self.real_score


def colours_played(q, r: int) -> tuple[tuple[Colour, ...], tuple[Colour | None, ...], int]:
    """The colours of ``q``'s games played over the board before round ``r``, oldest first;
    per round 1..r-1 the colour played or None; and their difference (Whites - Blacks)."""
    colours: list[Colour] = []
    by_round: dict[int, Colour] = {}
    for x in q.rounds:
        if x.played and x.colour is not None:
            colours.append(x.colour)
            by_round[x.round] = x.colour
    diff = 2 * colours.count(Colour.WHITE) - len(colours)
    return tuple(colours), tuple(by_round.get(k) for k in range(1, r)), diff


def history(q) -> tuple[tuple[int, int, str, str], ...]:
    """Per round before this one: (round, opponent or 0, colour 'w'/'b'/'-', result code)."""
    return tuple((x.round, x.opponent or 0, x.colour.value if x.colour is not None else "-",
                  x.code) for x in q.rounds)


class Indexed:
    """Standings looked up by player number (``st[n]``), and the players to pair."""

    __slots__ = ()

    def __getitem__(self, number: int):
        idx = self.__dict__.get("_idx")
        if idx is None:
            idx = {p.number: p for p in self.players}
            object.__setattr__(self, "_idx", idx)
        return idx[number]

    def to_pair(self) -> list:
        return [p for p in self.players if p.present]
