"""The Baku Acceleration Method: FIDE Handbook C.04.5.1 (C.04.7 from 2026).

Source read: https://spp.fide.com/c-04-5-1-baku-acceleration/ (FIDE Systems of Pairings
and Programs commission; the text is not in ``shared/rules``).  The passages this module
relies on, quoted:

* Premise: "The Baku Acceleration Method is applicable in any tournament where the
  standard scoring point system (one point for a win, half point for a draw) is used."
  -> reading ``baku-scoring``.
* Initial Groups Division: "Before the first round, the list of players to be paired
  (properly sorted) shall be split in two groups, GA and GB. The first group (GA) shall
  contain the first half of the players, rounded up to the nearest even number. The second
  group (GB) shall contain all the remaining players."  Its note: "if there are 161 players
  in the tournament, the nearest even number that comprises the first half of the players
  (i.e. 80.5) is 82. The formula 2 * Q (2 times Q), where Q is the number of players
  divided by 4 and rounded upwards, may be helpful in computing such number - that, besides
  being the number of GA players, is also the pairing number of the last GA player."
  -> :func:`ga_size`, reading ``baku-ga-size``.
* Late entries: "If there are entries after the first round, those players shall be
  accommodated in the pairing list according to C.04.2.B/C (Initial Order/Late Entries).
  The last GA-player shall be the same as in the previous round."  Note 1: "the pairing
  number of the last GA-player may be different by the one set accordingly to Rule 2."
  Note 2: "After the first round, GA may contain an odd number of players."
  -> reading ``baku-late-entries``.
* Virtual points: "The "accelerated rounds" are the ones in the first half (rounded up)
  of the tournament. Before pairing the first half (rounded up) of the accelerated rounds,
  all the players in GA are assigned a number of points (called virtual points) equal to
  1. Such virtual points are reduced to 0.5 before pairing the remaining accelerated
  rounds. Consequently, no virtual points are ever given to players in GB, or to any
  player after the last accelerated round has been played."  Its example: "In a
  nine-round tournament, the accelerated rounds are five. The players in GA are assigned
  one virtual point in the first three rounds, and half virtual point in the [remaining
  two]" (the excerpt read stops at "in the"; the rest follows from the rule).
  -> :func:`round_points`.
* Pairing score: the page has a section with this heading whose text could not be read
  (**UNCONFIRMED**).  FIDE's introduction to accelerated systems (C.04.5, read at
  https://www.fide.com/fide/handbook.html?id=204&view=article) says: "add so-called
  "virtual points" to the score of some higher rated players ... and henceforth build the
  score brackets based on the total score (real score + virtual points)".  So the pairing
  score is points + virtual points; which other articles of a pairing system read it is
  each rulebook's reading (Dubov 2025: ``ACCELERATION`` in its readings).

Also unclear: who counts in "the list of players to be paired" before round 1, when some
players are absent from round 1 (a pre-entered bye, XXZ, 240): the rule says "players to be
paired", its note "players in the tournament" -> reading ``baku-field``.

Witnesses: bbpPairings (``applyBakuAcceleration``, trf.md 7.4b) sizes group A as the first
ceil(N/2) players -- the reading ``baku-ga-size=half-up`` -- and uses the file's scoring
(a win's and a draw's points) -- ``baku-scoring=scaled``.  JaVaFo's ``-b`` accelerates the
current round only.

>>> from fractions import Fraction as F
>>> ga_size(161), ga_size(161, "half-up"), ga_size(20), ga_size(22), ga_size(22, "half-up")
(82, 81, 10, 12, 11)
>>> [round_points(k, 9) for k in range(1, 10)] == [1, 1, 1, F(1, 2), F(1, 2), 0, 0, 0, 0]
True
>>> accelerated_rounds(9), full_rounds(9), accelerated_rounds(6), full_rounds(6)
(5, 3, 3, 2)
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import InputError, Problem
from ...records import dataclass, replace
from ...tournament.facts import absences
from ...tournament.model import Tournament
from ..readings import Reading, Readings as _Readings

SOURCE = "https://spp.fide.com/c-04-5-1-baku-acceleration/"
#: the Handbook number of the text read (C.04.7 from 2026)
TEXT = "C.04.5.1"

_ONE, _HALF, _ZERO = Fraction(1), Fraction(1, 2), Fraction(0)

CATALOGUE: tuple[Reading, ...] = (
    Reading(
        name="baku-ga-size",
        article="Baku, Initial Groups Division",
        question="How many players does group GA hold before round 1?",
        default="even-half",
        choices={
            "even-half": "the first half of the players rounded up to the nearest even number, "
            "2 * Q with Q = N / 4 rounded up (the text and its note: 161 players, 82 in GA)",
            "half-up": "the first half rounded up, N / 2 rounded up (bbpPairings' code: 161 "
            "players, 81 in GA)",
        },
    ),
    Reading(
        name="baku-late-entries",
        article="Baku, Late entries",
        question="Who is in GA after players entered late?",
        default="last-ga-player",
        choices={
            "last-ga-player": "every player down to the same last GA player as before (the "
            "highest-numbered player with virtual points in round 1 in the file's XXA / 250), "
            "so a late entrant placed above him joins GA and GA may be odd (Notes 1 and 2)",
            "recount": "GA is counted afresh each round, as before round 1 (by baku-ga-size "
            "and baku-field), from the players in the file now",
        },
    ),
    Reading(
        name="baku-field",
        article="Baku, Initial Groups Division",
        question="Who is counted when GA is sized, if some players are absent from round 1?",
        default="registered",
        choices={
            "registered": "every player in the file (the note's 'players in the tournament'; "
            "bbpPairings counts every player too)",
            "to-pair": "only the players to be paired in round 1 (the rule's 'list of players "
            "to be paired'): GA runs down to the last of the first 2 * Q of them, and a "
            "player absent from round 1 ranked above him is in GA as a late entrant would be",
        },
    ),
    Reading(
        name="baku-scoring",
        article="Baku, Premise",
        question="What if the tournament does not score a win 1, a draw 1/2, a loss 0?",
        default="standard-only",
        choices={
            "standard-only": "refused: the method is applicable where the standard scoring "
            "is used",
            "scaled": "a virtual point is worth a win's points and half a virtual point a "
            "draw's, when a win is worth two draws and a loss nothing (bbpPairings)",
        },
    ),
)


class BakuReadings(_Readings):
    """The readings of the Baku Acceleration Method's text."""

    catalogue = CATALOGUE


DEFAULT = BakuReadings.from_pairs()


def ga_size(players: int, reading: str = "even-half") -> int:
    """Initial Groups Division: 2 * Q, Q = players / 4 rounded up (``even-half``), or
    players / 2 rounded up (``half-up``)."""
    if reading == "half-up":
        return (players + 1) // 2
    return 2 * ((players + 3) // 4)


def accelerated_rounds(total_rounds: int) -> int:
    """Virtual points: the accelerated rounds are the first half (rounded up)."""
    return (total_rounds + 1) // 2


def full_rounds(total_rounds: int) -> int:
    """Virtual points: 1 point in the first half (rounded up) of the accelerated rounds."""
    return (accelerated_rounds(total_rounds) + 1) // 2


def round_points(round_no: int, total_rounds: int) -> Fraction:
    """The virtual points of a GA player before ``round_no``: 1, 0.5 or 0 (in virtual
    points; :func:`accelerate` converts them to the file's scoring)."""
    if round_no <= full_rounds(total_rounds):
        return _ONE
    if round_no <= accelerated_rounds(total_rounds):
        return _HALF
    return _ZERO


@dataclass(frozen=True)
class BakuPlan:
    """What the method gives before one round: facts only."""

    round: int
    total_rounds: int
    #: players counted when GA was sized (reading baku-field), or the file's players
    field: int
    #: GA, by player number (the players down to ``last_ga``)
    ga: tuple[int, ...]
    last_ga: int
    #: "count" (counted by baku-ga-size) or "file" (the last GA player of the file's
    #: round-1 acceleration, baku-late-entries=last-ga-player)
    ga_from: str
    accelerated_rounds: int
    full_rounds: int
    #: per round 1..round: the virtual points of a GA player, in the file's points
    points: tuple[Fraction, ...]
    readings: tuple[tuple[str, str], ...]

    def facts(self) -> tuple[tuple[str, str], ...]:
        """``Tournament.acceleration_method``: the plan as (name, value) strings."""
        def show(x: Fraction) -> str:
            return str(x.numerator) if x.denominator == 1 else str(float(x))

        return (
            ("method", "baku"), ("text", TEXT), ("source", SOURCE),
            ("field", str(self.field)), ("ga_size", str(len(self.ga))),
            ("ga_first", str(self.ga[0]) if self.ga else "0"), ("last_ga", str(self.last_ga)),
            ("ga_from", self.ga_from), ("accelerated_rounds", str(self.accelerated_rounds)),
            ("full_rounds", str(self.full_rounds)),
            ("round_points", show(self.points[-1]) if self.points else "0"),
        ) + self.readings


def _scale(t: Tournament, readings: BakuReadings) -> tuple[Fraction, Fraction]:
    """The file's points for 1 and 0.5 virtual points (Premise; reading baku-scoring)."""
    s = t.scoring
    win, draw, loss = s.win, s.value("WD"), s.value("WL")
    standard = (win, draw, loss, s.value("BD"), s.value("BL")) == (_ONE, _HALF, _ZERO, _HALF, _ZERO)
    if standard:
        return _ONE, _HALF
    scaled = readings.is_("baku-scoring", "scaled")
    if scaled and win == 2 * draw and loss == 0 and s.value("BD") == draw and s.value("BL") == 0:
        return win, draw
    why = ("its wins are not worth two draws with losses worth nothing" if scaled else
           "the method applies only where a win scores 1 and a draw 1/2 (Premise); the "
           "reading baku-scoring=scaled uses a win's and a draw's points instead")
    raise InputError([Problem(
        t.source, 1, 1,
        f"--baku: the tournament scores a win {win}, a draw {draw}, a loss {loss}; {why}")])


def round_one_field(t: Tournament) -> list[int]:
    """The players to be paired in round 1 (reading ``baku-field=to-pair``): before round 1
    every player not absent from it (pre-entered bye, XXZ, 240); afterwards every player
    whose round 1 was a game (played or forfeited) or the pairing-allocated bye."""
    if t.round_to_pair == 1:
        away = absences(t, 1)
        return sorted(p.number for p in t.players if p.number not in away)
    out = []
    for p in t.players:
        e = p.entry(1)
        if e is not None and (e.opponent is not None or e.code == "U"):
            out.append(p.number)
    return sorted(out)


def plan(t: Tournament, round_no: int | None = None,
         readings: BakuReadings = DEFAULT) -> BakuPlan:
    """The Baku plan before ``round_no`` (default: the round to pair)."""
    r = round_no if round_no is not None else t.round_to_pair
    total = t.total_rounds or r
    one, half = _scale(t, readings)
    numbers = sorted(p.number for p in t.players)
    # Late entries: the last GA player stays the one of round 1 (the file's acceleration)
    present = set(numbers)
    round1 = [n for n, v in t.acceleration.items() if v and v[0] > 0 and n in present]
    if r > 1 and round1 and readings.is_("baku-late-entries", "last-ga-player"):
        last, ga_from = max(round1), "file"
        ga = tuple(n for n in numbers if n <= last)
        counted = len(numbers)
    else:
        listed = round_one_field(t) if readings.is_("baku-field", "to-pair") else numbers
        counted = len(listed)
        first = listed[:ga_size(counted, readings.value("baku-ga-size"))]
        last, ga_from = (first[-1] if first else 0), "count"
        ga = tuple(n for n in numbers if n <= last)
    value = {_ONE: one, _HALF: half, _ZERO: _ZERO}
    points = tuple(value[round_points(k, total)] for k in range(1, r + 1))
    return BakuPlan(
        round=r, total_rounds=total, field=counted, ga=ga, last_ga=last,
        ga_from=ga_from, accelerated_rounds=accelerated_rounds(total),
        full_rounds=full_rounds(total), points=points,
        readings=tuple(readings.as_dict().items()),
    )


def accelerate(t: Tournament, readings: BakuReadings = DEFAULT,
               fmt: str | None = None) -> Tournament:
    """``t`` with the Baku virtual points of every round up to the one to pair in
    ``acceleration`` and the plan's facts in ``acceleration_method``.

    The file's own acceleration of earlier rounds is history and is kept as it is (floats
    of earlier rounds were judged on it; a late entrant has none for the rounds before he
    entered); only a file without any acceleration gets the plan's points for its earlier
    rounds too (``--baku`` used from a later round on).  The round to pair gets the plan's
    points.  Players
    given points for the first time travel as ``250`` records when the file written is
    TRF26 (``fmt``, default: the file's dialect), else as ``XXA``.
    """
    p = plan(t, None, readings)
    r = p.round
    ga = set(p.ga)
    acc: dict[int, tuple[Fraction, ...]] = {}
    history = bool(t.acceleration)
    for n in sorted(x.number for x in t.players):
        old = tuple(t.acceleration.get(n, ()))

        def value(k: int) -> Fraction:
            if k < r and history:
                return old[k - 1] if k - 1 < len(old) else _ZERO
            return p.points[k - 1] if n in ga else _ZERO

        values = [value(k) for k in range(1, r + 1)]
        values += list(old[r:]) if len(old) > r else []
        while values and values[-1] == 0:
            values.pop()
        if values:
            acc[n] = tuple(values)
    as250 = set(t.acceleration_250)
    if (fmt or t.dialect) == "trf26":
        as250 |= {n for n in acc if n not in t.acceleration or n in t.acceleration_250}
    return replace(t, acceleration=acc, acceleration_250=frozenset(as250 & set(acc)),
                   acceleration_method=p.facts())
