"""Random tournament generator (RTG): seeded Dubov tournaments paired by our own engine.

``shared/reference/fide-endorsement.md`` 4.2 and ``shared/reference/trf.md`` 11.3 describe
what a generator offers; this one produces, reproducibly from one seed:

* ratings between ``min_rating`` and ``max_rating`` with some exact ties; a few "unrated"
  players get a provisional rating (Dubov 1.1.2: it is simply their rating in the file,
  chosen from round hundreds, so it ties often) while their playing strength is drawn
  independently;
* the initial ranking: starting numbers in order of rating descending, ties by name
  (GHR initial order; :func:`~dubov_explain.rulebooks.dubov2025.standings.initial_ranking` reads the
  ranking from the starting numbers);
* results from the Elo expectation (with a small White advantage) and a draw rate that is
  highest between equal ratings; one-sided forfeits ``+/-``, occasional double forfeits
  ``-/-`` (both written with the scheduled colours, trf.md 3.2); games of less than one move
  ``W/D/L``;
* requested byes ``H`` and ``Z`` decided before a round, full-point byes ``F`` behind a
  switch (off by default): the player's block is pre-entered as ``0000 - H/Z/F`` and the
  engine does not pair him;
* withdrawals (absent ``0000 - Z`` from some round on) and late entries (absent
  ``0000 - Z`` for the first rounds, but ranked with a starting number from the start);
* the initial colour (``XXC white1/black1``, Dubov 5.1 "drawn by lot") drawn from the seed;
* with ``baku``, the Baku Acceleration Method (C.04.7 1, 2026): the first ``ga_size``
  starting numbers (GA, "the first half ... rounded up to the nearest even number") get a
  win's points of virtual points in the first half (rounded up) of the accelerated rounds
  and half of it in the rest (``XXA`` records, :mod:`~dubov_explain.rulebooks.acceleration.baku`).

Each round is paired by the rulebook named ``system`` (``find_rulebook(system).pair``;
Dubov 2025 by default) on exactly the request a TRF would carry: every player's blocks of the earlier rounds plus the
pre-entered absence blocks of the round (see :func:`history_before`).  When the engine
answers :class:`~dubov_explain.trace.events.Impossible` (1.8.3; possible with tiny fields
late in a tournament) generation stops: the tournament returned is then the request that
could not be paired (earlier rounds plus that round's absence blocks) and a ``###`` record
says so.

Only ``random.Random(seed)`` is used: same seed, same options, same code -> same tournament.
"""

from __future__ import annotations

import random
from typing import Mapping

from ..records import dataclass, field, replace
from ..rulebooks import DEFAULT_SYSTEM, find_rulebook
from ..rulebooks.readings import Readings
from ..trace.events import Impossible, PairingPublished, Trace
from ..tournament.model import COMPLEMENT, Colour, Player, RoundEntry, Scoring, Tournament
from ..tournament.request import request_for_round

__all__ = [
    "GeneratorOptions",
    "RoundRecord",
    "Simulation",
    "generate",
    "history_before",
    "simulate",
]

#: codes of a block that is entered before the round is paired (the player is not paired)

_SURNAMES = (
    "Adams", "Bauer", "Carlsen", "Dubov", "Euwe", "Fischer", "Gelfand", "Horvath", "Ivanov",
    "Jones", "Kasparov", "Larsen", "Muller", "Nakamura", "Olsen", "Petrov", "Quinteros",
    "Rossi", "Smirnov", "Tal", "Urban", "Vidit", "Wagner", "Xu", "Yusupov", "Zhou",
)
_GIVEN = "ABCDEFGHIJKLMNOPRSTVWY"


@dataclass(frozen=True)
class GeneratorOptions:
    """Rates are probabilities (0..1): per player, per player-round or per game as noted."""

    min_rating: int = 1400
    max_rating: int = 2700
    #: per player: copy the rating of an earlier drawn player (exact ties)
    rating_tie_rate: float = 0.05
    #: per player: no rating; a provisional rating is assigned (Dubov 1.1.2)
    unrated_rate: float = 0.05
    #: per game: the draw probability between equal ratings (less as the gap grows)
    draw_rate: float = 0.3
    #: Elo points added to White's rating in the expectation
    white_advantage: int = 30
    #: per game: one player does not show (``+/-``)
    forfeit_rate: float = 0.02
    #: per game: neither player shows (``-/-``)
    double_forfeit_rate: float = 0.003
    #: per game: the result is recorded as a game of less than one move (``W/D/L``)
    quick_game_rate: float = 0.01
    #: per player-round: a requested half-point bye ``H``
    half_bye_rate: float = 0.02
    #: per player-round: a requested zero-point bye ``Z`` (known absence)
    zero_bye_rate: float = 0.02
    #: per player-round: a requested full-point bye ``F``; only with ``full_point_byes``
    full_bye_rate: float = 0.01
    full_point_byes: bool = False
    #: per player-round from round 2 on: the player withdraws (absent to the end)
    withdrawal_rate: float = 0.005
    #: per player: joins late, absent for rounds 1 .. k-1 with 2 <= k <= late_entry_last_round
    late_entry_rate: float = 0.03
    late_entry_last_round: int = 3
    #: the Baku Acceleration Method's virtual points (C.04.7 1) for GA, the top starting numbers
    baku: bool = False
    #: ``None``: drawn from the seed (XXC white1 / black1)
    initial_colour: Colour | None = None
    scoring: Scoring = field(default_factory=Scoring)
    #: the rulebook that pairs every round (``dubov-explain systems``)
    system: str = DEFAULT_SYSTEM
    #: its readings; None: the rulebook's defaults
    readings: Readings | None = None

    def __post_init__(self) -> None:
        if not 0 < self.min_rating <= self.max_rating:
            raise ValueError("need 0 < min_rating <= max_rating")
        for name in (
            "rating_tie_rate", "unrated_rate", "draw_rate", "forfeit_rate",
            "double_forfeit_rate", "quick_game_rate", "half_bye_rate", "zero_bye_rate",
            "full_bye_rate", "withdrawal_rate", "late_entry_rate",
        ):
            v = getattr(self, name)
            if not 0 <= v <= 1:
                raise ValueError(f"{name} must be between 0 and 1, not {v}")
        if self.forfeit_rate + self.double_forfeit_rate > 1:
            raise ValueError("forfeit_rate + double_forfeit_rate must not exceed 1")
        if self.half_bye_rate + self.zero_bye_rate + self.full_bye_rate > 1:
            raise ValueError("the requested-bye rates must not add up to more than 1")

    @classmethod
    def quiet(cls, **changes) -> "GeneratorOptions":
        """No forfeits, byes, absences or quick games: every present player plays."""
        base = dict(
            forfeit_rate=0.0, double_forfeit_rate=0.0, quick_game_rate=0.0,
            half_bye_rate=0.0, zero_bye_rate=0.0, full_bye_rate=0.0,
            withdrawal_rate=0.0, late_entry_rate=0.0,
        )
        base.update(changes)
        return cls(**base)


@dataclass(frozen=True)
class RoundRecord:
    """One round as generated: the request given to the engine and its trace."""

    round: int
    request: Tournament
    trace: Trace


@dataclass(frozen=True)
class Simulation:
    tournament: Tournament
    seed: int
    #: rounds paired and played
    rounds_played: int
    #: the round the engine could not pair (1.8.3), or None when all rounds were paired
    stopped_round: int | None = None
    impossible: Impossible | None = None
    #: per round (only with ``keep_rounds=True``)
    rounds: tuple[RoundRecord, ...] = ()
    #: starting numbers of the players whose rating is a provisional one (1.1.2)
    unrated: frozenset[int] = frozenset()
    #: player -> first round of absence after withdrawing (absent from then on)
    withdrawals: Mapping[int, int] = field(default_factory=dict)
    #: player -> first round played by a late entrant (absent in the rounds before)
    late_entries: Mapping[int, int] = field(default_factory=dict)


def generate(
    players: int, rounds: int, seed: int, *, options: GeneratorOptions = GeneratorOptions(),
    system: str | None = None,
) -> Tournament:
    """A tournament of ``players`` players over ``rounds`` rounds, reproducible from ``seed``."""
    return simulate(players, rounds, seed, options=options, system=system).tournament


# --------------------------------------------------------------------------- pieces


@dataclass
class _Entrant:
    name: str
    rating: int
    strength: int
    unrated: bool
    draw_index: int


def _draw_players(rng: random.Random, n: int, o: GeneratorOptions) -> list[_Entrant]:
    out: list[_Entrant] = []
    provisional = list(range(_round_up(o.min_rating), (o.min_rating + o.max_rating) // 2 + 1, 100))
    if not provisional:
        provisional = [o.min_rating]
    for i in range(n):
        name = f"{rng.choice(_SURNAMES)}, {rng.choice(_GIVEN)}."
        if out and rng.random() < o.rating_tie_rate:
            rating = rng.choice(out).rating
            out.append(_Entrant(name, rating, rating, False, i))
        elif rng.random() < o.unrated_rate:
            rating = rng.choice(provisional)
            strength = rng.randint(o.min_rating, o.max_rating)
            out.append(_Entrant(name, rating, strength, True, i))
        else:
            # two uniforms averaged: more players in the middle of the range
            lo, hi = o.min_rating, o.max_rating
            rating = (rng.randint(lo, hi) + rng.randint(lo, hi)) // 2
            out.append(_Entrant(name, rating, rating, False, i))
    # initial ranking: rating descending, ties by name (draw order only for equal names)
    out.sort(key=lambda e: (-e.rating, e.name, e.draw_index))
    return out


def _round_up(x: int) -> int:
    return -(-x // 100) * 100


def _game(rng: random.Random, white: int, black: int, o: GeneratorOptions) -> tuple[str, str]:
    """(white's code, black's code) from strengths ``white`` / ``black``."""
    u = rng.random()
    if u < o.double_forfeit_rate:
        return "-", "-"
    if u < o.double_forfeit_rate + o.forfeit_rate:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    expected = 1.0 / (1.0 + 10.0 ** ((black - white - o.white_advantage) / 400.0))
    draw = o.draw_rate * (1.0 - abs(2.0 * expected - 1.0))
    v = rng.random()
    if v < expected - draw / 2:
        code = "1"
    elif v < expected + draw / 2:
        code = "="
    else:
        code = "0"
    if rng.random() < o.quick_game_rate:
        code = {"1": "W", "=": "D", "0": "L"}[code]
    return code, COMPLEMENT[code]


def _tournament(
    template: Tournament, entries: Mapping[int, list[RoundEntry]] | dict
) -> Tournament:
    scoring = template.scoring
    players = []
    for p in template.players:
        es = tuple(entries[p.number])
        players.append(replace(p, entries=es, points=scoring.total(es)))
    return replace(template, players=tuple(players))


def _baku_points(players: int, rounds: int, scoring: Scoring) -> dict:
    """Baku (C.04.7 1.2, 1.4): GA's virtual points per round, a win's points in the first
    half of the accelerated rounds, half of it in the rest, none after."""
    from ..rulebooks.acceleration.baku import ga_size, round_points

    points = [round_points(k, rounds) * scoring.win for k in range(1, rounds + 1)]
    while points and not points[-1]:
        points.pop()
    return {n: tuple(points) for n in range(1, ga_size(players) + 1)} if points else {}


#: the request to pair round r of a generated tournament (kept under its old name)
history_before = request_for_round


# --------------------------------------------------------------------------- simulation


def simulate(
    players: int,
    rounds: int,
    seed: int,
    *,
    options: GeneratorOptions = GeneratorOptions(),
    keep_rounds: bool = False,
    system: str | None = None,
    pair_rounds: int | None = None,
) -> Simulation:
    """Generate a tournament round by round, paired by the rulebook ``system`` (default:
    ``options.system``); see the module docstring.

    With ``keep_rounds`` the result also holds each round's request and trace.
    ``pair_rounds``: pair and play only rounds 1 .. ``pair_rounds`` of the ``rounds``-round
    tournament (a witness run that compares the middle rounds needs no final round).
    """
    if players < 0:
        raise ValueError("players must be >= 0")
    if rounds < 1:
        raise ValueError("rounds must be >= 1")
    o = options
    book = find_rulebook(system or o.system)
    readings = o.readings if o.readings is not None else book.readings_type.from_pairs()
    rng = random.Random(seed)
    entrants = _draw_players(rng, players, o)
    numbers = range(1, players + 1)
    drawn_colour = rng.choice((Colour.WHITE, Colour.BLACK))  # drawn always: same stream
    initial_colour = o.initial_colour or drawn_colour

    # late entries: first round the player takes part in (1 = from the start)
    joins: dict[int, int] = {}
    last_join = min(o.late_entry_last_round, rounds)
    for n in numbers:
        is_late = rng.random() < o.late_entry_rate
        joins[n] = rng.randint(2, last_join) if is_late and last_join >= 2 else 1

    header = (
        ("###", f"### dubov_explain.simulate seed={seed} players={players} rounds={rounds}"),
    )
    template = Tournament(
        players=tuple(
            Player(number=n, name=e.name, rating=e.rating)
            for n, e in zip(numbers, entrants)
        ),
        total_rounds=rounds,
        initial_colour=initial_colour,
        scoring=o.scoring,
        name=f"AutoTest Tournament {seed}",
        records=header,
        record_positions=(0,),
        acceleration=_baku_points(players, rounds, o.scoring) if o.baku else {},
    )
    strength = {n: e.strength for n, e in zip(numbers, entrants)}
    unrated = frozenset(n for n, e in zip(numbers, entrants) if e.unrated)
    late = {n: k for n, k in joins.items() if k > 1}
    entries: dict[int, list[RoundEntry]] = {n: [] for n in numbers}
    withdrawn: dict[int, int] = {}
    kept: list[RoundRecord] = []
    bye_codes = [("H", o.half_bye_rate), ("Z", o.zero_bye_rate)]
    if o.full_point_byes:
        bye_codes.append(("F", o.full_bye_rate))

    for r in range(1, min(rounds, pair_rounds or rounds) + 1):
        # decided before the round: withdrawals, late entries, requested byes
        absent: dict[int, str] = {}
        for n in numbers:
            if r >= 2 and n not in withdrawn and joins[n] < r and rng.random() < o.withdrawal_rate:
                withdrawn[n] = r
            if n in withdrawn or joins[n] > r:
                absent[n] = "Z"
                continue
            u = rng.random()
            for code, rate in bye_codes:
                if u < rate:
                    absent[n] = code
                    break
                u -= rate
        for n, code in absent.items():
            entries[n].append(RoundEntry(None, None, code))
        request = _tournament(template, entries)
        trace = book.pair(request, readings, round_no=r)
        if keep_rounds:
            kept.append(RoundRecord(r, request, trace))
        result = trace.result
        if isinstance(result, Impossible):
            stop = (
                "###",
                f"### round {r} not paired: the engine found no complete pairing; "
                f"this file is the request for round {r}",
            )
            t = replace(
                request, records=request.records + (stop,),
                record_positions=request.record_positions + (players,),
            )
            return Simulation(
                t, seed, r - 1, r, result, tuple(kept), unrated, dict(withdrawn), late,
            )
        assert isinstance(result, PairingPublished)
        seen: set[int] = set()
        for w, b in result.boards:
            cw, cb = _game(rng, strength[w], strength[b], o)
            entries[w].append(RoundEntry(b, Colour.WHITE, cw))
            entries[b].append(RoundEntry(w, Colour.BLACK, cb))
            seen |= {w, b}
        if result.bye is not None:
            entries[result.bye].append(RoundEntry(None, None, "U"))
            seen.add(result.bye)
        missing = [n for n in numbers if n not in absent and n not in seen]
        if missing or len(seen) != 2 * len(result.boards) + (result.bye is not None):
            raise RuntimeError(
                f"engine bug: round {r} of seed {seed} left players {missing} unpaired "
                f"or paired some twice"
            )
    t = _tournament(template, entries)
    played = min(rounds, pair_rounds or rounds)
    return Simulation(t, seed, played, None, None, tuple(kept), unrated, dict(withdrawn), late)
