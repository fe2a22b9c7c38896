"""Standings before a round as the Dutch 2026 text defines them (``text/dutch-2026.txt``).

* 1.2 order: score, then TPN (1.1: the ``001`` starting number, GHR 2.3).  The score is the
  points before the round under the file's scoring plus the round's acceleration points
  (C.04.7, the rule-free ``PlayerFacts.pairing_points``).
* 1.6/1.7 colours: games played over the board only (GHR 3.4); 1.7.1 absolute (reading
  ``absolute-conflict`` when the difference and the last two games disagree), 1.7.2
  strong, 1.7.3 mild, 1.7.4 none.
* 1.4 floats, per earlier round: 1.4.2 a game played against a player of another score
  (the scores before that round; reading ``acceleration-floats``): the higher ranked a
  downfloat, the lower an upfloat; 1.4.3 a downfloat for a pairing-allocated bye and for
  any round not played that scored more than a loss; 1.4.4 nobody else.
* [C2] (Basic Rules 4): a PAB already received, or a win's points scored without playing
  in one round, bars the PAB.
* [C1] (Basic Rules 2, GHR 3.5): who has met -- games played over the board only.
* [C9]: unplayed games -- rounds before this one without a game played.
* 1.8 topscorers (final round only): score over half the maximum (reading
  ``topscorer-max``).

An edition changes the articles it words otherwise by overriding :class:`Rules` (the 2017
text: every unplayed round a downfloat, and its C.2's bye bar).
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ...records import dataclass
from ...tournament.facts import round_facts
from ...tournament.model import Colour, Tournament
from ..standings import ByeBar, Indexed, Standing, colours_played, history
from .readings import DEFAULT, Readings

__all__ = ["ByeBar", "PlayerStanding", "Pref", "Rules", "Standings", "Strength",
           "compute_standings"]


class Pref(str, Enum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def word(self) -> str:
        return {"w": "White", "b": "Black", "-": "none"}[self.value]


class Strength(str, Enum):
    ABSOLUTE = "absolute"  # 1.7.1
    STRONG = "strong"  # 1.7.2
    MILD = "mild"  # 1.7.3
    NONE = "none"  # 1.7.4

    @property
    def rank(self) -> int:
        return {"absolute": 3, "strong": 2, "mild": 1, "none": 0}[self.value]


@dataclass(frozen=True, slots=True)
class PlayerStanding(Standing):
    preference: Pref
    strength: Strength
    preference_rule: str
    games_played: int
    unplayed: int
    #: per round 1..r-1: "down", "up" or "" (1.4)
    floats: tuple[str, ...]
    bye_eligible: bool
    bye_bar: ByeBar | None
    present: bool
    absence: str
    history: tuple = ()
    topscorer: bool = False
    real_score: Fraction | None = None
    virtual: Fraction = Fraction(0)
    accelerated: bool = False
    # the columns of the shared standings table that have no meaning in this system
    aro: int = 0
    upfloats: int = 0
    max_upfloater: bool = False

    @property
    def upfloated_previous(self) -> bool:
        return bool(self.floats) and self.floats[-1] == "up"

    def float_before(self, back: int) -> str:
        """The float ``back`` rounds before the one to pair (1: the previous round)."""
        return self.floats[-back] if len(self.floats) >= back else ""


@dataclass(frozen=True)
class Standings(Indexed):
    round: int
    total_rounds: int
    last_round: bool
    players: tuple[PlayerStanding, ...]
    met: dict
    forbidden: frozenset
    max_t: int = 0
    #: 1.8 in the last round: the score a topscorer has more than (None before it)
    top_over: Fraction | None = None


def colour_preference(colours: tuple[Colour, ...], readings: Readings = DEFAULT
                      ) -> tuple[Pref, Strength, str]:
    """1.7: the preference, its strength and the article that gave it."""
    if not colours:
        return Pref.NONE, Strength.NONE, "1.7.4"
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two = len(colours) >= 2 and colours[-1] is colours[-2]
    if diff > 1 or diff < -1 or last_two:
        by_diff = Pref.BLACK if diff > 1 else Pref.WHITE if diff < -1 else None
        by_last = (Pref.BLACK if colours[-1] is Colour.WHITE else Pref.WHITE) if last_two else None
        if by_diff and by_last and by_diff is not by_last:
            pref = by_diff if readings.is_("absolute-conflict", "difference") else by_last
        else:
            pref = by_diff or by_last
        return pref, Strength.ABSOLUTE, "1.7.1"
    if diff in (1, -1):
        return (Pref.WHITE if diff == -1 else Pref.BLACK), Strength.STRONG, "1.7.2"
    return (Pref.BLACK if colours[-1] is Colour.WHITE else Pref.WHITE), Strength.MILD, "1.7.3"


class Rules:
    """The articles of the standings an edition may word otherwise."""

    #: kinds of an earlier round that bar the PAB ([C2], Basic Rules 4), given its points
    def bars_bye(self, kind: str, points: Fraction, win: Fraction) -> bool:
        """[C2]: a PAB received, or a win's points scored without playing in one round."""
        if kind == "pairing-allocated-bye":
            return True
        return kind in ("forfeit-win", "full-point-bye", "half-point-bye") and points >= win

    def unplayed_float(self, kind: str, points: Fraction, loss: Fraction) -> bool:
        """1.4.3: a downfloat for a PAB and for a round not played that scored more than
        a loss (1.4.4: nobody else)."""
        return kind == "pairing-allocated-bye" or (kind != "played" and points > loss)

    def tpns(self, players, readings: Readings) -> dict[int, int]:
        """1.1: each player's TPN.  Reading ``tpn-arrival``: the file's starting numbers
        (``file``), or the rank in the initial order among the players who took part in a
        pairing (a game, a forfeit, a PAB) or are to be paired now (``arrived``; a player
        not arrived keeps his number, he is not paired)."""
        if not readings.is_("tpn-arrival", "arrived"):
            return {q.number: q.number for q in players}
        out, k = {}, 0
        for q in sorted(players, key=lambda x: x.number):
            if not q.absence or any(x.opponent is not None or x.kind == "pairing-allocated-bye"
                                    for x in q.rounds):
                k += 1
                out[q.number] = k
            else:
                out[q.number] = q.number
        return out

    def compute(self, t: Tournament, round_no: int | None = None,
                readings: Readings = DEFAULT) -> Standings:
        f = round_facts(t, round_no)
        r = f.round
        total = t.total_rounds or max(r, 1)
        if readings.is_("acceleration-floats", "real"):
            before = {q.number: q.points_before for q in f.players}
        else:
            before = {q.number: q.pairing_points_before for q in f.players}
        loss = min(t.scoring.value("WL"), t.scoring.value("BL"))
        last = r >= total
        top_over = None
        if last:  # 1.8: over 50% of the maximum possible score
            rounds = r - 1 if readings.is_("topscorer-max", "rounds-before") else total
            top_over = t.scoring.win * rounds / 2
        tpn = self.tpns(f.players, readings)
        out = []
        for q in f.players:
            colours, by_round, diff = colours_played(q, r)
            floats = [""] * (r - 1)
            bar = None
            for x in q.rounds:
                if x.played and x.opponent in before:  # 1.4.2
                    mine, theirs = before[q.number][x.round - 1], before[x.opponent][x.round - 1]
                    if mine != theirs:
                        floats[x.round - 1] = "down" if mine > theirs else "up"
                elif x.kind != "pending" and self.unplayed_float(x.kind, x.points, loss):
                    floats[x.round - 1] = "down"  # 1.4.3
                if bar is None and self.bars_bye(x.kind, x.points, t.scoring.win):
                    bar = ByeBar(x.kind, x.round, x.code)
            pref, strength, rule = colour_preference(colours, readings)
            out.append(PlayerStanding(
                number=q.number, name=q.name, rating=q.rating, initial_rank=tpn[q.number],
                score=q.pairing_points, colours=colours, colour_by_round=by_round,
                colour_difference=diff, preference=pref, strength=strength,
                preference_rule=rule, games_played=q.games_played,
                unplayed=(r - 1) - q.games_played, floats=tuple(floats),
                bye_eligible=bar is None, bye_bar=bar, present=not q.absence,
                absence=q.absence, history=history(q),
                topscorer=top_over is not None and q.pairing_points > top_over,
                real_score=q.points if q.accelerated else None, virtual=q.virtual_points,
                accelerated=q.accelerated,
                upfloats=floats.count("up"),
            ))
        return Standings(round=r, total_rounds=total, last_round=last, players=tuple(out),
                         met=dict(f.met), forbidden=f.forbidden, top_over=top_over)


RULES = Rules()


def compute_standings(t: Tournament, round_no: int | None = None,
                      readings: Readings = DEFAULT) -> Standings:
    return RULES.compute(t, round_no, readings)
