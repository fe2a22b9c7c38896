"""Rule-free facts of a tournament before a round: what happened, read from the record.

Every rulebook reads the same facts and draws its own conclusions from them (a score for
pairing, a colour preference, an upfloat, an eligibility).  Nothing here interprets a
rule: points come from the file's scoring system, colours are those of games played over
the board (``shared/reference/trf.md`` section 4), a forfeit is a forfeit and a bye is
named by its kind.

>>> from dubov_explain.examples import load_example
>>> f = round_facts(load_example("dubov-example-round4-request.trf"))
>>> f.round, len(f.players), f[1].points, f[1].colours_played
(4, 9, Fraction(5, 2), ('w', 'b', 'w'))
>>> sorted(f.met[frozenset((1, 2))])
[3]

Acceleration (XXA / 250) is kept apart from the points: the points for pairing of a round
are the points before it plus that round's acceleration points.

>>> from dubov_explain.records import replace
>>> t = load_example("dubov-example-round4-request.trf")
>>> g = round_facts(replace(t, acceleration={1: (Fraction(1), Fraction(1), Fraction(1, 2))}))
>>> g[1].points, g[1].virtual_points, g[1].pairing_points
(Fraction(5, 2), Fraction(0, 1), Fraction(5, 2))
>>> [str(x) for x in g[1].pairing_points_before]
['1', '2', '5/2', '5/2']
"""

from __future__ import annotations

from fractions import Fraction

from .model import PENDING, PLAYED_CODES, Colour, PointsSum, Tournament
from ..records import dataclass

#: what a round was for a player, by result code (trf.md section 4)
KIND = {
    "1": "played", "=": "played", "0": "played", "W": "played", "D": "played", "L": "played",
    "+": "forfeit-win", "-": "forfeit-loss",
    "U": "pairing-allocated-bye", "H": "half-point-bye", "F": "full-point-bye",
    "Z": "zero-point-bye",
}


_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One earlier round of one player."""

    round: int
    opponent: int | None
    #: the colour of a game with an opponent (played or forfeited), else None
    colour: Colour | None
    code: str
    #: ``played``, ``forfeit-win``, ``forfeit-loss``, ``pairing-allocated-bye``,
    #: ``half-point-bye``, ``full-point-bye``, ``zero-point-bye`` or ``pending``
    kind: str
    points: Fraction

    @property
    def played(self) -> bool:
        return self.kind == "played"

    @property
    def paired(self) -> bool:
        return self.opponent is not None


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    number: int
    name: str
    rating: int
    #: the player's rounds before the one to pair (rounds without a block are missing)
    rounds: tuple[RoundRecord, ...]
    #: points of the rounds before the one to pair (the file's scoring system)
    points: Fraction
    #: points before each round 1..r (index k-1: before round k), acceleration excluded
    points_before: tuple[Fraction, ...]
    #: the file's acceleration points (XXA / 250) per round 1..r, 0 where none
    acceleration: tuple[Fraction, ...]
    #: colours of the games played over the board, oldest first, as ``'w'``/``'b'``
    colours_played: tuple[str, ...]
    #: why the player is not to be paired in the round: ``Z``/``H``/``F`` (pre-entered
    #: block), ``XXZ`` or ``240``; empty when to be paired
    absence: str

    @property
    def pairing_points_before(self) -> tuple[Fraction, ...]:
        """Before each round 1..r: the points plus that round's acceleration points (the
        fictitious points of XXA / 250, trf.md 7.1 and 7.3, which count for pairing only).
        Which uses of a score a rulebook feeds with these and which with ``points_before``
        is the rulebook's reading, not a fact."""
        return tuple(a + b if b else a for a, b in zip(self.points_before, self.acceleration))

    @property
    def pairing_points(self) -> Fraction:
        """The points plus the acceleration points of the round to pair."""
        return self.points + self.virtual_points

    @property
    def virtual_points(self) -> Fraction:
        """The acceleration points of the round to pair (0 when none)."""
        return self.acceleration[-1] if self.acceleration else _ZERO

    @property
    def accelerated(self) -> bool:
        """Has the player acceleration points in any round up to the one to pair?"""
        return any(self.acceleration)

    @property
    def games_played(self) -> int:
        return sum(1 for x in self.rounds if x.played)

    @property
    def games_paired(self) -> int:
        return sum(1 for x in self.rounds if x.paired)

    def of_kind(self, kind: str) -> tuple[int, ...]:
        """The rounds of one kind (``forfeit-win``, ``pairing-allocated-bye``, ...)."""
        return tuple(x.round for x in self.rounds if x.kind == kind)


@dataclass(frozen=True)
class RoundFacts:
    """Everything that happened before ``round``, per player and per pair."""

    round: int
    total_rounds: int | None
    players: tuple[PlayerFacts, ...]
    #: frozenset({a, b}) -> the rounds in which a and b played a game over the board
    met: dict[frozenset[int], tuple[int, ...]]
    #: frozenset({a, b}) -> the rounds in which a and b were paired but did not play
    forfeited: dict[frozenset[int], tuple[int, ...]]
    #: pairs that may not be paired (XXP, and the 260 groups covering the round)
    forbidden: frozenset[frozenset[int]]

    def __getitem__(self, number: int) -> PlayerFacts:
        idx = self.__dict__.get("_idx")
        if idx is None:
            idx = {p.number: p for p in self.players}
            object.__setattr__(self, "_idx", idx)
        return idx[number]


def absences(t: Tournament, round_no: int) -> dict[int, str]:
    """Who is not to be paired in ``round_no``, and why: a pre-entered ``0000 - Z/H/F``
    block, ``XXZ`` (the round to pair only), or a TRF26 ``240`` record."""
    out: dict[int, str] = {}
    for p in t.players:
        e = p.entry(round_no)
        if e is not None and e.opponent is None and e.code in ("Z", "H", "F"):
            out[p.number] = e.code
    for n in sorted(t.absent):
        out.setdefault(n, "XXZ")
    for n in t.round_absences.get(round_no, ()):
        out.setdefault(n, "240")
    return out


#: the last facts read, with the tournament object and round they were read from: each
#: pairing under another reading (``explain``'s readings that matter) reads the same facts
_LAST: list = []


def round_facts(t: Tournament, round_no: int | None = None) -> RoundFacts:
    """The facts before ``round_no`` (default: the round to pair).  Asked again for the
    same tournament object and round, the same (immutable) facts are returned."""
    r = round_no if round_no is not None else t.round_to_pair
    if _LAST and _LAST[0] is t and _LAST[1] == r:
        return _LAST[2]
    facts = _round_facts(t, r)
    _LAST[:] = [t, r, facts]
    return facts


def _round_facts(t: Tournament, r: int) -> RoundFacts:
    scoring = t.scoring
    absent = absences(t, r)
    met: dict[frozenset[int], list[int]] = {}
    forfeited: dict[frozenset[int], list[int]] = {}
    players = []
    #: scoring.points(entry) depends only on the code and whether the colour is Black: each
    #: value is asked for once (a 999-player round reads 3,000 blocks)
    points_of: dict[tuple[str, bool], Fraction] = {}
    black = Colour.BLACK
    abnormal = bool(t.abnormal)
    for p in sorted(t.players, key=lambda p: p.number):
        acc = tuple(t.acceleration.get(p.number, ()))
        acceleration = acc[:r] + (_ZERO,) * max(0, r - len(acc))
        rounds: list[RoundRecord] = []
        before: list[Fraction] = []
        colours: list[str] = []
        total = PointsSum()
        run = _ZERO
        entries = p.entries
        for k in range(1, r + 1):
            before.append(run)
            if k == r or k > len(entries):
                continue
            e = entries[k - 1]
            code, opponent, colour = e.code, e.opponent, e.colour
            if abnormal:  # TRF-2026 299 records: points per player and round
                pts = t.round_points(p.number, k, e)
            else:
                key = (code, colour is black)
                pts = points_of.get(key)
                if pts is None:
                    pts = points_of[key] = scoring.points(e)
            if pts:
                total.add(pts)
                run = total.value
            kind = "pending" if opponent is not None and code == PENDING \
                else KIND.get(code, "unknown")
            rounds.append(RoundRecord(k, opponent, colour, code, kind, pts))
            if kind == "played" and colour is not None:
                colours.append(colour._value_)
            if opponent is not None and p.number < opponent:
                pair = frozenset((p.number, opponent))
                (met if code in PLAYED_CODES else forfeited).setdefault(pair, []).append(k)
        players.append(PlayerFacts(
            number=p.number, name=p.name, rating=p.rating, rounds=tuple(rounds),
            points=run, points_before=tuple(before), acceleration=acceleration,
            colours_played=tuple(colours), absence=absent.get(p.number, ""),
        ))
    forbidden = frozenset(
        frozenset((a, b)) for group in t.forbidden for a in group for b in group if a != b
    )
    return RoundFacts(
        round=r, total_rounds=t.total_rounds, players=tuple(players),
        met={k: tuple(v) for k, v in met.items()},
        forfeited={k: tuple(v) for k, v in forfeited.items()}, forbidden=forbidden,
    )
