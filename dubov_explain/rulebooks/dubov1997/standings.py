"""Standings before a round: what the 1997 articles read of every player.

Read from the tournament's rule-free facts (:func:`~dubov_explain.tournament.facts.round_facts`):

* the score: points of the rounds before, plus the acceleration points (XXA / 250) of
  the round to pair (the rule-free ``PlayerFacts.pairing_points``; the 1997 text knows no
  acceleration, C.04.5 builds the score groups on real score + virtual points); the real
  score is kept beside it, and the readings ``acceleration-transfers`` (2.5, 6.4) and
  ``acceleration-bye`` (4) say which of the two those articles read;
* R, the rating (1), and ARO, the average rating of the opponents (1; unrounded, as a
  fraction; readings ``aro-no-games`` and ``aro-unplayed``);
* the colours of the games played, and the due colour (1): White with more Blacks than
  Whites, or as many and Black last; Black the other way; none before any game
  (reading ``no-due-colour`` decides the column of 6.2);
* the transfers to a higher score group (2.5; readings ``transfer-history`` and
  ``transfer-running``) and whether the limit of 2.5 is reached;
* the bar of 2.2 (a point without playing; reading ``bye-bar``);
* who is to be paired (a pre-entered Z/H/F, XXZ or 240 is left out; reading ``absences``).

The standings expose the same names as every rulebook's (``preference``, ``strength``,
``upfloats``, ``bye_bar`` ...) so that the generic tables can lay them out; here
``preference`` is the due colour, ``strength`` says whether there is one, and ``upfloats``
counts the transfers of 2.5.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ...records import dataclass
from ...tournament.facts import round_facts
from ...tournament.model import Colour, Tournament
from ..standings import ByeBar, Indexed, Standing, colours_played, history, remember_last
from .readings import DEFAULT, Readings

__all__ = ["ByeBar", "Due", "PlayerStanding", "Standings", "compute_standings", "due_colour",
           "transfer_limit"]


class Due(str, Enum):
    """Whether Article 1 gives the player a due colour."""

    DUE = "due"
    NONE = "none"  # no game yet: Article 1 defines no due colour

    @property
    def rank(self) -> int:
        return 1 if self is Due.DUE else 0


@dataclass(frozen=True, slots=True)
class PlayerStanding(Standing):
    """``initial_rank``: the position in the list (the pairing number order; 5 "the
    player's list"); ``colour_by_round`` for 3 (reading by-round); ``bye_bar``: 2.2, the
    earlier round with a point without playing, of kind ``pab`` (a bye, U),
    ``forfeit-win`` (+), ``full-point-bye`` (F) or, by the reading ``bye-bar=any-points``,
    ``half-point-bye`` (H)."""

    #: the due colour of 1 (White when none: see ``strength``)
    preference: Colour
    strength: Due
    #: which clause of 1 gave it: "more-black", "more-white", "equal-last-black",
    #: "equal-last-white" or "none"
    preference_rule: str
    #: ARO exactly (1) and rounded to 0.1 for tables
    aro_exact: Fraction
    aro: float
    games_played: int
    games_paired: int
    #: 2.5: rounds in which the player was transferred to a higher score group
    upfloat_rounds: tuple[int, ...]
    upfloats: int
    upfloated_previous: bool
    #: 2.5: no further transfer allowed in this round (limit or two times running)
    max_upfloater: bool
    bye_eligible: bool
    bye_bar: ByeBar | None
    present: bool
    absence: str
    #: 6.4 (reading floater-history=earlier-rounds): rounds in which the player met an
    #: opponent with fewer points
    downfloat_rounds: tuple[int, ...] = ()
    history: tuple[tuple[int, int, str, str], ...] = ()
    #: the points actually scored (``score`` less the acceleration points of the round)
    real_score: Fraction | None = None
    #: the acceleration points of the round to pair (XXA / 250)
    virtual: Fraction = Fraction(0)
    #: acceleration points in any round up to this one
    accelerated: bool = False

    @property
    def has_played(self) -> bool:
        return self.games_played > 0

    @property
    def due(self) -> Colour | None:
        return self.preference if self.strength is Due.DUE else None


@dataclass(frozen=True)
class Standings(Indexed):
    round: int
    total_rounds: int
    last_round: bool
    #: 2.5: the most transfers to a higher score group (3 under 10 rounds, else 4)
    max_t: int
    players: tuple[PlayerStanding, ...]
    met: dict[frozenset[int], tuple[int, ...]]
    forfeited: dict[frozenset[int], tuple[int, ...]]
    forbidden: frozenset[frozenset[int]]


def transfer_limit(total_rounds: int) -> int:
    """2.5: three transfers with fewer than 10 rounds, four with more than 9."""
    return 3 if total_rounds < 10 else 4


def due_colour(colours: tuple[Colour, ...]) -> tuple[Colour | None, str]:
    """1: the due colour and the clause that gives it (None before any game)."""
    w = sum(1 for c in colours if c is Colour.WHITE)
    b = len(colours) - w
    if b > w:
        return Colour.WHITE, "more-black"
    if w > b:
        return Colour.BLACK, "more-white"
    if not colours:
        return None, "none"
    if colours[-1] is Colour.BLACK:
        return Colour.WHITE, "equal-last-black"
    return Colour.BLACK, "equal-last-white"


@remember_last
def compute_standings(t: Tournament, round_no: int | None = None,
                      readings: Readings = DEFAULT) -> Standings:
    f = round_facts(t, round_no)
    r = f.round
    total = t.total_rounds or max(r, 1)
    ratings = {p.number: p.rating for p in f.players}
    ranks = {n: i for i, n in enumerate(sorted(ratings), 1)}
    aro_paired = readings.is_("aro-unplayed", "paired")
    aro_own = readings.is_("aro-no-games", "own-rating")
    transfer_paired = readings.is_("transfer-history", "paired-higher")
    calendar = readings.is_("transfer-running", "calendar")
    bar_any = readings.is_("bye-bar", "any-points")
    limit = transfer_limit(total)
    last = r >= total
    #: 2.5, 6.4 (reading acceleration-transfers): the scores earlier rounds are judged on
    if readings.is_("acceleration-transfers", "real"):
        before = {q.number: q.points_before for q in f.players}
    else:
        before = {q.number: q.pairing_points_before for q in f.players}
    out = []
    for q in f.players:
        colours, by_round, diff = colours_played(q, r)
        opp: list[int] = []
        transfers: list[int] = []
        downs: list[int] = []
        last_paired = 0
        bar: ByeBar | None = None
        for x in q.rounds:
            if x.opponent in ratings and (x.played or (aro_paired and x.paired)):
                opp.append(ratings[x.opponent])
            if x.paired:
                last_paired = x.round
                counts = x.played or (transfer_paired and x.kind in ("forfeit-win", "forfeit-loss"))
                if counts and x.opponent in ratings and \
                        before[x.opponent][x.round - 1] > before[q.number][x.round - 1]:
                    transfers.append(x.round)
                if counts and x.opponent in ratings and \
                        before[x.opponent][x.round - 1] < before[q.number][x.round - 1]:
                    downs.append(x.round)
            if bar is None:
                kind = {"pairing-allocated-bye": "pab", "forfeit-win": "forfeit-win",
                        "full-point-bye": "full-point-bye"}.get(x.kind)
                if kind is None and bar_any and x.kind == "half-point-bye":
                    kind = "half-point-bye"
                if kind is not None:
                    bar = ByeBar(kind, x.round, x.code)
        due, rule = due_colour(colours)
        if opp:
            aro_exact = Fraction(sum(opp), len(opp))
        else:
            aro_exact = Fraction(q.rating if aro_own else 0)
        prev = r - 1 if calendar else last_paired
        running = prev > 0 and prev in transfers
        out.append(PlayerStanding(
            number=q.number, name=q.name, rating=q.rating, initial_rank=ranks[q.number],
            score=q.pairing_points, colours=colours, colour_by_round=by_round,
            colour_difference=diff, preference=due or Colour.WHITE, strength=Due.DUE if due else Due.NONE,
            preference_rule=rule, aro_exact=aro_exact, aro=round(float(aro_exact), 1),
            games_played=q.games_played, games_paired=q.games_paired,
            upfloat_rounds=tuple(transfers), upfloats=len(transfers),
            upfloated_previous=running,
            max_upfloater=not last and (running or len(transfers) >= limit),
            bye_eligible=bar is None, bye_bar=bar, present=not q.absence, absence=q.absence,
            downfloat_rounds=tuple(downs),
            history=history(q), real_score=q.points if q.accelerated else None, virtual=q.virtual_points,
            accelerated=q.accelerated,
        ))
    return Standings(round=r, total_rounds=total, last_round=last, max_t=limit,
                     players=tuple(out), met=f.met, forfeited=f.forfeited,
                     forbidden=f.forbidden)
