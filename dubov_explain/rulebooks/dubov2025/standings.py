"""Standings before a round: the per-player facts the Dubov procedure reads.

Derived from the immutable :class:`~dubov_explain.tournament.model.Tournament`, following
``rules/dubov-2025.txt`` Article 1 and ``reference/swiss-general-rules.md`` section 4:

* score for pairing (1.3.1): points of the rounds before the one to pair, plus the
  acceleration points (XXA) of that round;
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

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from .readings import DEFAULT, Readings
from ...tournament.model import Colour, Tournament


class Strength(str, Enum):
    ABSOLUTE = "absolute"  # 1.5.2.1
    STRONG = "strong"  # 1.5.2.2
    MILD = "mild"  # 1.5.2.3, 1.5.2.4

    @property
    def rank(self) -> int:
        return {"absolute": 3, "strong": 2, "mild": 1}[self.value]


@dataclass(frozen=True, slots=True)
class ByeBar:
    """[C2] / 2.1.1: the earlier round that bars a player from the pairing-allocated bye.

    Facts only (the rulebook's template words them): ``kind`` is ``pab`` (a previous
    pairing-allocated bye), ``forfeit-win`` (a win by forfeit) or ``win-points-unplayed``
    (a win's points without playing, reading ``bye-eligibility=basic-rule-4``); ``round``
    is that round and ``code`` its TRF result code.
    """

    kind: str
    round: int
    code: str

    def as_dict(self) -> dict:
        return {"kind": self.kind, "round": self.round, "code": self.code}


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    number: int
    name: str
    rating: int
    #: position in the initial ranking list, 1 = highest (1.2, 4.1 note)
    initial_rank: int
    score: Fraction
    #: colours of played games, oldest first (GHR 3.4)
    colours: tuple[Colour, ...]
    #: per round 1..r-1: the colour of a played game, or None (for reading by-round of 5.2.4)
    colour_by_round: tuple[Colour | None, ...]
    colour_difference: int
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

    @property
    def has_played(self) -> bool:
        return self.games_played > 0


@dataclass(frozen=True)
class Standings:
    round: int
    total_rounds: int
    last_round: bool
    max_t: int
    players: tuple[PlayerStanding, ...]
    #: frozenset({a, b}) -> rounds in which a and b played a game over the board ([C1])
    met: dict[frozenset[int], tuple[int, ...]]
    forbidden: frozenset[frozenset[int]]

    def __getitem__(self, number: int) -> PlayerStanding:
        return self._index[number]

    @property
    def _index(self) -> dict[int, PlayerStanding]:
        idx = self.__dict__.get("_idx")
        if idx is None:
            idx = {p.number: p for p in self.players}
            object.__setattr__(self, "_idx", idx)
        return idx

    def to_pair(self) -> list[PlayerStanding]:
        return [p for p in self.players if p.present]


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
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two_same = len(colours) >= 2 and colours[-1] is colours[-2]
    if diff > 1 or diff < -1 or last_two_same:
        by_diff = Colour.BLACK if diff > 1 else Colour.WHITE if diff < -1 else None
        by_last = colours[-1].opposite if last_two_same else None
        if by_diff and by_last and by_diff is not by_last:
            pref = by_diff if readings.value("absolute-conflict") == "difference" else by_last
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


def _absences(t: Tournament, round_no: int) -> dict[int, str]:
    out: dict[int, str] = {}
    for p in t.players:
        e = p.entry(round_no)
        if e is not None and e.opponent is None and e.code in "ZHF":
            out[p.number] = e.code
    for n in sorted(t.absent):
        out.setdefault(n, "XXZ")
    for n in getattr(t, "round_absences", {}).get(round_no, ()):  # TRF26 240 records
        out.setdefault(n, "240")
    return out


def compute_standings(
    t: Tournament, round_no: int | None = None, readings: Readings = DEFAULT
) -> Standings:
    """The standings before ``round_no`` (default: the round to pair)."""
    r = round_no if round_no is not None else t.round_to_pair
    total = t.total_rounds or max(r, 1)
    players = sorted(t.players, key=lambda p: p.number)
    ranks = initial_ranking(t)
    ratings = {p.number: p.rating for p in players}
    scoring = t.scoring

    # pairing score before each round k (1..r): points of rounds < k plus XXA of round k
    before: dict[int, list[Fraction]] = {}
    for p in players:
        acc = t.acceleration.get(p.number, ())
        run = Fraction(0)
        seq = []
        for k in range(1, r + 1):
            extra = acc[k - 1] if k - 1 < len(acc) else Fraction(0)
            seq.append(run + extra)
            e = p.entry(k)
            if e is not None and k < r:
                run += scoring.points(e)
        before[p.number] = seq

    met: dict[frozenset[int], list[int]] = {}
    for p in players:
        for k in range(1, r):
            e = p.entry(k)
            if e is not None and e.played and e.opponent is not None and p.number < e.opponent:
                met.setdefault(frozenset((p.number, e.opponent)), []).append(k)

    absent = _absences(t, r)
    quick_count = readings.value("aro-quick-games") == "count"
    float_paired = readings.value("upfloat-history") == "paired"
    prev_calendar = readings.value("upfloat-previous-round") == "calendar"
    bar_rule4 = readings.value("bye-eligibility") == "basic-rule-4"
    mt = max_t(total)
    out = []
    for p in players:
        colours: list[Colour] = []
        by_round: list[Colour | None] = []
        opp_ratings: list[int] = []
        games = paired = 0
        floats: list[int] = []
        last_paired_round = 0
        bar: ByeBar | None = None
        history: list[tuple[int, int, str, str]] = []
        for k in range(1, r):
            e = p.entry(k)
            if e is None:
                by_round.append(None)
                continue
            history.append(
                (k, e.opponent or 0, e.colour.value if e.colour is not None else "-", e.code)
            )
            if e.played and e.colour is not None:
                colours.append(e.colour)
                by_round.append(e.colour)
            else:
                by_round.append(None)
            if e.played:
                games += 1
                if quick_count or e.code in "1=0":
                    opp_ratings.append(ratings.get(e.opponent, 0))
            if e.paired:
                paired += 1
                last_paired_round = k
                counts = e.played or (float_paired and e.is_forfeit)
                opp = e.opponent
                if counts and opp in before and before[opp][k - 1] > before[p.number][k - 1]:
                    floats.append(k)
            if bar is None:
                if e.is_pab:
                    bar = ByeBar("pab", k, e.code)
                elif e.code == "+":
                    bar = ByeBar("forfeit-win", k, e.code)
                elif bar_rule4 and not e.played and scoring.points(e) >= scoring.win:
                    bar = ByeBar("win-points-unplayed", k, e.code)
        diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
        pref, strength, rule = colour_preference(tuple(colours), readings)
        aro = round_half_up(sum(opp_ratings), len(opp_ratings)) if opp_ratings else 0
        prev_round = r - 1 if prev_calendar else last_paired_round
        out.append(
            PlayerStanding(
                number=p.number,
                name=p.name,
                rating=p.rating,
                initial_rank=ranks[p.number],
                score=before[p.number][r - 1],
                colours=tuple(colours),
                colour_by_round=tuple(by_round),
                colour_difference=diff,
                preference=pref,
                strength=strength,
                preference_rule=rule,
                aro=aro,
                games_played=games,
                games_paired=paired,
                upfloats=len(floats),
                upfloated_previous=prev_round > 0 and prev_round in floats,
                upfloat_rounds=tuple(floats),
                max_upfloater=len(floats) >= mt,
                bye_eligible=bar is None,
                bye_bar=bar,
                present=p.number not in absent,
                absence=absent.get(p.number, ""),
                history=tuple(history),
            )
        )
    forbidden = frozenset(
        frozenset((a, b)) for group in t.forbidden for a in group for b in group if a != b
    )
    return Standings(
        round=r,
        total_rounds=total,
        last_round=r >= total,
        max_t=mt,
        players=tuple(out),
        met={k: tuple(v) for k, v in met.items()},
        forbidden=forbidden,
    )
