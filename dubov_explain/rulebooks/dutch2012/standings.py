"""Standings before a round as the Dutch 2012 text defines them (``text/dutch-2012.txt``).

* A.2 order: score, then pairing number (the ``001`` starting rank: the initial ranking
  list of A.1 / C.04.2.B).  The score is the points of the rounds before the one to pair,
  under the file's scoring, plus the acceleration points (XXA / 250) of the round to pair:
  the 2012 text knows no acceleration, and C.04.5 builds the brackets on real score +
  virtual points (the rule-free ``PlayerFacts.pairing_points``).  The real score is kept
  beside it; readings ``acceleration-floats`` (A.4), ``acceleration-top-scorers`` (A.10)
  and ``acceleration-board-order`` (GHR 3.6) say which of the two those places read.
* A.7 colours: the colour difference and the colour sequence count **games played** only
  (GHR; a forfeit has no colour).  Absolute (A.7.a), strong (A.7.b), mild (A.7.c) or none
  (A.7.f: no game played yet).  A.7.a's two tests can disagree (difference +2 after two
  blacks): reading ``absolute-conflict``.
* A.4 float history: in each earlier round, a player paired with a lower score got a
  downfloat, with a higher score an upfloat (the scores before that round); a forfeited
  pairing by reading ``forfeit-float``; B.1.b: a point or half point without playing (a
  bye, a forfeit win) is a downfloat by reading ``unplayed-float``.
* B.1.b bye: a player who got a point or half point without playing (bye ``U``/``F``/``H``
  or a forfeit win ``+``; which byes, reading ``bye-bar``) shall not receive the bye.  A
  zero-point absence does not bar it.
* B.1.a: who has met -- games played over the board; a forfeited pairing too by reading
  ``forfeit-meets``.
* A.8: unplayed rounds (for ``w`` and ``b`` of X1 and Z1): rounds before this one in which
  the player did not play a game.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ...records import dataclass
from ...tournament.facts import round_facts
from ...tournament.model import Colour, Tournament
from ..standings import ByeBar, Standing, colours_played, history, remember_last
from .readings import DEFAULT, Readings

__all__ = ["ByeBar", "PlayerStanding", "Pref", "Standings", "Strength", "colour_preference",
           "compute_standings"]


class Pref(str, Enum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def word(self) -> str:
        return {"w": "White", "b": "Black", "-": "none"}[self.value]

    @property
    def opposite(self) -> "Pref":
        return {"w": Pref.BLACK, "b": Pref.WHITE, "-": Pref.NONE}[self.value]


class Strength(str, Enum):
    ABSOLUTE = "absolute"  # A.7.a
    STRONG = "strong"  # A.7.b
    MILD = "mild"  # A.7.c
    NONE = "none"  # A.7.f

    @property
    def rank(self) -> int:
        return {"absolute": 3, "strong": 2, "mild": 1, "none": 0}[self.value]


@dataclass(frozen=True, slots=True)
class PlayerStanding(Standing):
    """``initial_rank``: A.2 (2), the pairing number (the position in the initial ranking
    list); ``colour_by_round`` for E.3 by round; ``bye_bar``: B.1.b, the round in which the
    player scored without playing."""

    preference: Pref
    strength: Strength
    preference_rule: str
    games_played: int
    unplayed: int
    #: per round 1..r-1: "down", "up" or "" (A.4, B.1.b)
    floats: tuple[str, ...]
    bye_eligible: bool
    bye_bar: ByeBar | None
    present: bool
    absence: str
    history: tuple[tuple[int, int, str, str], ...] = ()
    #: the Dubov-shaped columns the shared standings table prints (no meaning here)
    aro: int = 0
    upfloats: int = 0
    max_upfloater: bool = False
    #: the points actually scored (``score`` less the acceleration points of the round)
    real_score: Fraction | None = None
    #: the acceleration points of the round to pair (XXA / 250)
    virtual: Fraction = Fraction(0)
    #: acceleration points in any round up to this one
    accelerated: bool = False

    @property
    def upfloated_previous(self) -> bool:
        return bool(self.floats) and self.floats[-1] == "up"

    def float_before(self, back: int) -> str:
        """The float ``back`` rounds before the one to pair (1: the previous round)."""
        return self.floats[-back] if len(self.floats) >= back else ""


@dataclass(frozen=True)
class Standings:
    round: int
    total_rounds: int
    last_round: bool
    players: tuple[PlayerStanding, ...]
    met: dict
    forbidden: frozenset
    #: A.10: the score over which a player is a top scorer (None before the last round)
    top_over: Fraction | None
    max_t: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "_idx", {p.number: p for p in self.players})
        # A.2's order as one integer per player (``Criteria.key``): the engine sorts by it
        # millions of times in a long tournament, and comparing two Fractions costs far more
        object.__setattr__(self, "a2_position", {p.number: i for i, p in enumerate(sorted(
            self.players, key=lambda p: (-p.score, p.initial_rank)))})

    def __getitem__(self, number: int) -> PlayerStanding:
        return self._idx[number]


def colour_preference(colours: tuple[Colour, ...], readings: Readings = DEFAULT
                      ) -> tuple[Pref, Strength, str]:
    """A.7: the preference, its strength and the clause that gave it."""
    if not colours:
        return Pref.NONE, Strength.NONE, "A.7.f"
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two = len(colours) >= 2 and colours[-1] is colours[-2]
    if diff > 1 or diff < -1 or last_two:
        by_diff = Pref.BLACK if diff > 1 else Pref.WHITE if diff < -1 else None
        by_last = (Pref.BLACK if colours[-1] is Colour.WHITE else Pref.WHITE) if last_two else None
        if by_diff and by_last and by_diff is not by_last:
            pref = by_diff if readings.is_("absolute-conflict", "difference") else by_last
        else:
            pref = by_diff or by_last
        return pref, Strength.ABSOLUTE, "A.7.a"
    if diff in (1, -1):
        return (Pref.WHITE if diff == -1 else Pref.BLACK), Strength.STRONG, "A.7.b"
    return (Pref.BLACK if colours[-1] is Colour.WHITE else Pref.WHITE), Strength.MILD, "A.7.c"


@remember_last
def compute_standings(t: Tournament, round_no: int | None = None,
                      readings: Readings = DEFAULT) -> Standings:
    f = round_facts(t, round_no)
    r = f.round
    total = t.total_rounds or max(r, 1)
    #: A.4 (reading acceleration-floats): the scores earlier floats are judged on
    if readings.is_("acceleration-floats", "real"):
        before = {q.number: q.points_before for q in f.players}
    else:
        before = {q.number: q.pairing_points_before for q in f.players}
    unplayed_down = readings.is_("unplayed-float", "downfloat")
    forfeit_floats = readings.is_("forfeit-float", "paired")
    barring = ("pairing-allocated-bye", "full-point-bye", "half-point-bye", "forfeit-win") \
        if readings.is_("bye-bar", "any-bye") else ("pairing-allocated-bye", "forfeit-win")
    out = []
    for q in f.players:
        colours, by_round, diff = colours_played(q, r)
        floats = [""] * (r - 1)
        bar = None
        for x in q.rounds:
            if x.opponent is not None and x.opponent in before and \
                    (x.played or (forfeit_floats and x.kind in ("forfeit-win", "forfeit-loss"))):
                mine, theirs = before[q.number][x.round - 1], before[x.opponent][x.round - 1]
                if mine > theirs:
                    floats[x.round - 1] = "down"
                elif mine < theirs:
                    floats[x.round - 1] = "up"
            unplayed_point = (not x.played) and x.points > 0 and x.kind in (
                "pairing-allocated-bye", "full-point-bye", "half-point-bye", "forfeit-win")
            if unplayed_point:
                if unplayed_down:
                    floats[x.round - 1] = "down"
                if bar is None and x.kind in barring:
                    bar = ByeBar(x.kind, x.round, x.code)
        pref, strength, rule = colour_preference(colours, readings)
        out.append(PlayerStanding(
            number=q.number, name=q.name, rating=q.rating, initial_rank=q.number,
            score=q.pairing_points, colours=colours, colour_by_round=by_round,
            colour_difference=diff, preference=pref, strength=strength, preference_rule=rule,
            games_played=q.games_played, unplayed=(r - 1) - q.games_played,
            floats=tuple(floats), bye_eligible=bar is None, bye_bar=bar,
            present=not q.absence, absence=q.absence,
            history=history(q), real_score=q.points if q.accelerated else None, virtual=q.virtual_points,
            accelerated=q.accelerated,
        ))
    last = r >= total
    top_over = None
    if last:
        rounds = r - 1 if readings.is_("top-scorers", "rounds-before") else total
        top_over = t.scoring.win * rounds / 2
    met = dict(f.met)
    if readings.is_("forfeit-meets", "paired"):
        for pair, rounds in f.forfeited.items():
            met[pair] = tuple(sorted(set(met.get(pair, ())) | set(rounds)))
    return Standings(round=r, total_rounds=total, last_round=last, players=tuple(out),
                     met=met, forbidden=f.forbidden, top_over=top_over)
