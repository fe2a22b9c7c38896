"""Standings before a round: the per-player facts the Dubov procedure reads.

Derived from the immutable :class:`~dubov_explain.tournament.model.Tournament`, following
``rules/dubov-2025.txt`` Article 1 and ``reference/swiss-general-rules.md`` section 4:

* score for pairing (1.3.1): points of the rounds before the one to pair, plus the
  acceleration points (XXA / 250) of that round (the rule-free fact
  ``PlayerFacts.pairing_points``); the real score (points only) is kept beside it, and the
  readings ``acceleration-bye`` (2.1.3), ``acceleration-upfloats`` (1.7) and
  ``acceleration-ranking`` (5.2.1, board order) say which of the two those articles read;
* colour sequence of **played games only** (GHR 2026 3.4); colour difference (1.5.1);
  colour preference and its strength (1.5.2.1-1.5.2.4);
* ARO (1.6): over-the-board opponents only, rounded half up, 0 with no games;
* upfloat history and MaxT (1.7) -- how an upfloat is read from history is the named
  reading ``upfloat-history``;
* eligibility for the pairing-allocated bye ([C2], reading ``bye-eligibility``);
* who is to be paired: everybody except players with a pre-entered block for the round
  (``0000 - Z/H/F``) or listed in XXZ / 240.  Withdrawn players are only those the file
  marks absent; a missing result is never read as a withdrawal.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ..standings import ByeBar, Indexed, Standing, colours_played, history, remember_last
from .readings import DEFAULT, Readings
from ...records import dataclass
from ...tournament.facts import round_facts
from ...tournament.model import Colour, Tournament

__all__ = ["ByeBar", "PlayerStanding", "Standings", "Strength", "colour_preference",
           "compute_standings", "initial_ranking", "max_t", "round_half_up"]


class Strength(str, Enum):
    ABSOLUTE = "absolute"  # 1.5.2.1
    STRONG = "strong"  # 1.5.2.2
    MILD = "mild"  # 1.5.2.3, 1.5.2.4

    @property
    def rank(self) -> int:
        return {"absolute": 3, "strong": 2, "mild": 1}[self.value]


@dataclass(frozen=True, slots=True)
class PlayerStanding(Standing):
    """``initial_rank``: the position in the initial ranking list, 1 = highest (1.2, 4.1
    note); ``colour_by_round`` for reading by-round of 5.2.4; ``bye_bar``: [C2] / 2.1.1, the
    earlier round that bars the pairing-allocated bye, of kind ``pab`` (a previous
    pairing-allocated bye), ``forfeit-win`` (a win by forfeit) or ``win-points-unplayed``
    (a win's points without playing, reading ``bye-eligibility=basic-rule-4``)."""

    preference: Colour
    strength: Strength
    #: which clause of 1.5.2 gave the preference
    preference_rule: str
    aro: int
    games_played: int
    games_paired: int
    #: played (or, by reading, paired) opponents: number -> list of rounds (for [C1])
    upfloats: int
    upfloated_previous: bool
    upfloat_rounds: tuple[int, ...]
    max_upfloater: bool
    bye_eligible: bool
    bye_bar: ByeBar | None  # None when eligible, else the round that bars ([C2])
    present: bool
    absence: str  # empty when present, else 'Z', 'H', 'F', 'XXZ' or '240'
    #: per round before this one: (round, opponent or 0, colour 'w'/'b'/'-', result code)
    history: tuple[tuple[int, int, str, str], ...] = ()
    #: the points actually scored (``score`` less the acceleration points of the round)
    real_score: Fraction | None = None
    #: the acceleration points of the round to pair (XXA / 250)
    virtual: Fraction = Fraction(0)
    #: acceleration points in any round up to this one
    accelerated: bool = False
    #: the score 2.1.3 reads (reading ``acceleration-bye``); None: ``score``
    bye_score: Fraction | None = None
    #: the score 5.2.1's "higher ranked" and the board order read (reading
    #: ``acceleration-ranking``); None: ``score``
    rank_score: Fraction | None = None

    @property
    def has_played(self) -> bool:
        return self.games_played > 0


@dataclass(frozen=True)
class Standings(Indexed):
    round: int
    total_rounds: int
    last_round: bool
    max_t: int
    players: tuple[PlayerStanding, ...]
    #: frozenset({a, b}) -> rounds in which a and b played a game over the board ([C1])
    met: dict[frozenset[int], tuple[int, ...]]
    forbidden: frozenset[frozenset[int]]


def max_t(total_rounds: int) -> int:
    """1.7.2: MaxT = 2 + [Rnds/5]."""
    return 2 + total_rounds // 5


def round_half_up(numerator: int, denominator: int) -> int:
    """1.6.1: rounded to the nearest integer, the higher if the division ends in .5."""
    return (2 * numerator + denominator) // (2 * denominator)


def colour_preference(
    colours: tuple[Colour, ...], readings: Readings = DEFAULT
) -> tuple[Colour, Strength, str]:
    """1.5.2: the colour preference, its strength and the clause that gave it."""
    if not colours:
        return Colour.BLACK, Strength.MILD, "1.5.2.4"
    diff = 2 * colours.count(Colour.WHITE) - len(colours)
    last_two_same = len(colours) >= 2 and colours[-1] is colours[-2]
    if diff > 1 or diff < -1 or last_two_same:
        by_diff = Colour.BLACK if diff > 1 else Colour.WHITE if diff < -1 else None
        by_last = colours[-1].opposite if last_two_same else None
        if by_diff and by_last and by_diff is not by_last:
            pref = by_diff if readings.is_("absolute-conflict", "difference") else by_last
        else:
            pref = by_diff or by_last
        return pref, Strength.ABSOLUTE, "1.5.2.1"
    if diff == 1:
        return Colour.BLACK, Strength.STRONG, "1.5.2.2"
    if diff == -1:
        return Colour.WHITE, Strength.STRONG, "1.5.2.2"
    return colours[-1].opposite, Strength.MILD, "1.5.2.3"


def initial_ranking(t: Tournament) -> dict[int, int]:
    """1.2 / 4.1 note: the initial ranking list.

    The ``001`` starting rank is the tournament pairing number, which GHR 2.3 defines as the
    position in the initial order; so the list is the players sorted by starting rank.
    """
    return {p.number: i for i, p in enumerate(sorted(t.players, key=lambda p: p.number), 1)}


@remember_last
def compute_standings(
    t: Tournament, round_no: int | None = None, readings: Readings = DEFAULT
) -> Standings:
    """The standings before ``round_no`` (default: the round to pair), read from the
    tournament's rule-free facts (:func:`~dubov_explain.tournament.facts.round_facts`).
    Asked again for the same tournament object, round and readings, the same (immutable)
    standings are returned (checking a round asks for them twice: the engine's pairing,
    then the absolute test)."""
    return _compute_standings(t, round_no, readings)


def _compute_standings(t: Tournament, round_no: int | None, readings: Readings) -> Standings:
    f = round_facts(t, round_no)
    r = f.round
    total = t.total_rounds or max(r, 1)
    ranks = initial_ranking(t)
    ratings = {p.number: p.rating for p in f.players}
    win = t.scoring.win

    #: 1.3.1: the score for pairing before each round 1..r, acceleration points included
    scores = {q.number: q.pairing_points_before for q in f.players}
    #: 1.7 (reading acceleration-upfloats): the scores an earlier upfloat is judged on
    upfloat_scores = scores if readings.is_("acceleration-upfloats", "pairing") else {
        q.number: q.points_before for q in f.players}
    real_bye = readings.is_("acceleration-bye", "real")
    real_rank = readings.is_("acceleration-ranking", "real")

    def pairing_score(n: int, k: int) -> Fraction:
        return scores[n][k - 1]

    def upfloat_score(n: int, k: int) -> Fraction:
        return upfloat_scores[n][k - 1]

    quick_count = readings.is_("aro-quick-games", "count")
    float_paired = readings.is_("upfloat-history", "paired")
    prev_calendar = readings.is_("upfloat-previous-round", "calendar")
    bar_rule4 = readings.is_("bye-eligibility", "basic-rule-4")
    mt = max_t(total)
    out = []
    for q in f.players:
        colours, by_round, diff = colours_played(q, r)
        opp_ratings: list[int] = []
        floats: list[int] = []
        last_paired_round = 0
        bar: ByeBar | None = None
        own = upfloat_scores[q.number]
        for x in q.rounds:
            played = x.kind == "played"
            if played and (quick_count or x.code in ("1", "=", "0")):
                opp_ratings.append(ratings.get(x.opponent, 0))
            if x.opponent is not None:
                last_paired_round = x.round
                counts = played or (float_paired and x.kind in ("forfeit-win", "forfeit-loss"))
                if counts and x.opponent in ratings and \
                        upfloat_scores[x.opponent][x.round - 1] > own[x.round - 1]:
                    floats.append(x.round)
            if bar is None:
                if x.kind == "pairing-allocated-bye":
                    bar = ByeBar("pab", x.round, x.code)
                elif x.kind == "forfeit-win":
                    bar = ByeBar("forfeit-win", x.round, x.code)
                elif bar_rule4 and not x.played and x.points >= win:
                    bar = ByeBar("win-points-unplayed", x.round, x.code)
        pref, strength, rule = colour_preference(colours, readings)
        aro = round_half_up(sum(opp_ratings), len(opp_ratings)) if opp_ratings else 0
        prev_round = r - 1 if prev_calendar else last_paired_round
        out.append(
            PlayerStanding(
                number=q.number,
                name=q.name,
                rating=q.rating,
                initial_rank=ranks[q.number],
                score=pairing_score(q.number, r),
                colours=colours,
                colour_by_round=by_round,
                colour_difference=diff,
                preference=pref,
                strength=strength,
                preference_rule=rule,
                aro=aro,
                games_played=q.games_played,
                games_paired=q.games_paired,
                upfloats=len(floats),
                upfloated_previous=prev_round > 0 and prev_round in floats,
                upfloat_rounds=tuple(floats),
                max_upfloater=len(floats) >= mt,
                bye_eligible=bar is None,
                bye_bar=bar,
                present=not q.absence,
                absence=q.absence,
                history=history(q),
                real_score=q.points,
                virtual=q.virtual_points,
                accelerated=q.accelerated,
                bye_score=q.points if real_bye else None,
                rank_score=q.points if real_rank else None,
            )
        )
    return Standings(
        round=r,
        total_rounds=total,
        last_round=r >= total,
        max_t=mt,
        players=tuple(out),
        met=f.met,
        forbidden=f.forbidden,
    )
