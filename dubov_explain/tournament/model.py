"""The immutable tournament model: what happened, as a TRF file records it.

Nothing here interprets a rulebook; each rulebook derives its standings before a round from
this model.

Conventions (``shared/reference/trf.md`` sections 3-5):

* players are identified by their ``001`` starting rank (the tournament pairing number, TPN);
* a :class:`RoundEntry` is one 10-column round block of a ``001`` line; ``opponent`` is
  ``None`` for ``0000`` (any bye, or not paired);
* result codes are kept as the file wrote them, upper-cased for the letter codes
  (``1 = 0 + - W D L H F U Z``).
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from math import gcd
from typing import Iterable, Mapping

from ..errors import Problem
from ..records import dataclass, field


class Colour(str, Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> "Colour":
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def word(self) -> str:
        return "White" if self is Colour.WHITE else "Black"


#: result codes of a game between two paired players (trf.md section 4)
PLAYED_CODES = frozenset("1=0WDL")
FORFEIT_CODES = frozenset("+-")
BYE_CODES = frozenset("HFUZ")
ALL_CODES = PLAYED_CODES | FORFEIT_CODES | BYE_CODES

#: the result a player's opponent must have for each code of a paired game
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}

#: result of a game that is paired but not finished yet (written as a blank result column
#: next to an opponent and a colour; see :mod:`dubov_explain.trf.reader`). Worth 0 points
#: until :func:`dubov_explain.trf.writer.enter_results` replaces it. Not in ``ALL_CODES``.
PENDING = ""


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round block of a ``001`` line."""

    opponent: int | None
    colour: Colour | None
    code: str
    #: the block as the file wrote it when the reader mapped it to another code (a
    #: bbpPairings dialect form such as ``0000 - +``, read as ``U``); empty otherwise. Not
    #: part of the content: excluded from ``==``, never written back.
    written: str = field(default="", compare=False)

    @property
    def played(self) -> bool:
        """A game played over the board (counts for colours, ARO and [C1])."""
        return self.opponent is not None and self.code in PLAYED_CODES

    @property
    def paired(self) -> bool:
        """The player was paired with an opponent (played or forfeited)."""
        return self.opponent is not None

    @property
    def is_forfeit(self) -> bool:
        return self.opponent is not None and self.code in FORFEIT_CODES

    @property
    def is_pab(self) -> bool:
        return self.opponent is None and self.code == "U"

    @property
    def pending(self) -> bool:
        """Paired, result not entered yet (code :data:`PENDING`)."""
        return self.opponent is not None and self.code == PENDING


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points per result (JaVaFo ``XXS`` codes; defaults 1 / 0.5 / 0, PAB = win)."""

    values: Mapping[str, Fraction] = field(default_factory=dict)

    DEFAULTS = {
        "WW": Fraction(1), "BW": Fraction(1), "WD": Fraction(1, 2), "BD": Fraction(1, 2),
        "WL": Fraction(0), "BL": Fraction(0), "ZPB": Fraction(0), "HPB": Fraction(1, 2),
        "FPB": Fraction(1), "PAB": Fraction(1), "FW": Fraction(1), "FL": Fraction(0),
    }

    def value(self, key: str) -> Fraction:
        return self.values.get(key, self.DEFAULTS[key])

    def __eq__(self, other: object) -> bool:
        """Equal when every result is worth the same: a value stored that equals its
        default is the same scoring as none stored (``XXS W=1`` = TRF26 ``162  W 1.0``)."""
        if not isinstance(other, Scoring):
            return NotImplemented
        return all(self.value(k) == other.value(k) for k in self.DEFAULTS)

    __hash__ = None  # type: ignore[assignment]  # mutable mapping inside: not hashable

    @property
    def win(self) -> Fraction:
        """The points of a win (used by [C2]: "as many points as rewarded for a win")."""
        return max(self.value("WW"), self.value("BW"))

    def total(self, entries: Iterable[RoundEntry]) -> Fraction:
        """The points of these round blocks, summed exactly (:class:`PointsSum`)."""
        acc = PointsSum()
        for e in entries:
            acc.add(self.points(e))
        return acc.value

    def points(self, entry: RoundEntry) -> Fraction:
        code = entry.code
        if code == PENDING:
            return Fraction(0)
        if code == "U":
            return self.value("PAB")
        if code == "H":
            return self.value("HPB")
        if code == "F":
            return self.value("FPB")
        if code == "Z":
            return self.value("ZPB")
        if code == "+":
            return self.value("FW")
        if code == "-":
            return self.value("FL")
        side = "B" if entry.colour is Colour.BLACK else "W"
        outcome = {"1": "W", "W": "W", "=": "D", "D": "D", "0": "L", "L": "L"}[code]
        return self.value(side + outcome)


class PointsSum:
    """An exact running sum of points, kept as an integer count of ``1/den`` (``den`` grows
    to the least common multiple of the denominators added): the same value as adding the
    Fractions, without a Fraction addition per game (10 ms of a 999-player round)."""

    __slots__ = ("units", "den")

    #: ``(units, den)`` -> its Fraction, built once: running scores take few values
    _made: dict[tuple[int, int], Fraction] = {}

    def __init__(self) -> None:
        self.units, self.den = 0, 1

    def add(self, points: Fraction) -> None:
        if not points:
            return
        d, den = points.denominator, self.den
        if den % d:
            grown = den * d // gcd(den, d)
            self.units, self.den = self.units * (grown // den), grown
        self.units += points.numerator * (self.den // d)

    @property
    def value(self) -> Fraction:
        key = (self.units, self.den)
        made = PointsSum._made
        f = made.get(key)
        if f is None:
            if len(made) > 4096:  # bounded, for a process that pairs many files
                made.clear()
            f = made[key] = Fraction(*key)
        return f


def places(values: Mapping[int, Fraction], highest_first: bool = True) -> dict[int, int]:
    """Each key's place among the distinct values (0 = the highest, or with
    ``highest_first=False`` the lowest): ints that order exactly as the values do, so that
    a sort or a "highest score" step over many players compares no Fractions.  The values
    are told apart by ``as_integer_ratio`` (a Fraction's hash is slow), and only the
    distinct ones are compared."""
    ratio = {n: v.as_integer_ratio() for n, v in values.items()}
    distinct: dict[tuple[int, int], Fraction] = {}
    for n, v in values.items():
        distinct.setdefault(ratio[n], v)
    order = sorted(distinct, key=distinct.__getitem__, reverse=highest_first)
    at = {rt: i for i, rt in enumerate(order)}
    return {n: at[rt] for n, rt in ratio.items()}


@dataclass(frozen=True, slots=True)
class Player:
    number: int
    name: str
    rating: int
    sex: str = " "
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Fraction = Fraction(0)
    rank: int | None = None
    entries: tuple[RoundEntry, ...] = ()
    #: 1-based line number in the source file (0 when built in code)
    line: int = 0

    def entry(self, round_no: int) -> RoundEntry | None:
        """The block for round ``round_no`` (1-based), or None when the line stops earlier."""
        if 1 <= round_no <= len(self.entries):
            return self.entries[round_no - 1]
        return None


def standings_ranks(players: Iterable[Player]) -> dict[int, int]:
    """Each player's rank in the standings: by the points field (columns 81-84: the
    tournament's scoring, acceleration excluded), highest first, equal points by starting
    rank, so ranks are 1..N without ties.

    No tie-break is computed: TRF26 allows equal ranks, TRF16 says nothing about them, and a
    file read with ``XXC rank`` uses the rank as the pairing id, which must be unique
    (``shared/reference/trf.md`` 3.1, 7.1). Rule-free: the same for every rulebook.
    """
    order = sorted(players, key=lambda p: (-p.points, p.number))
    return {p.number: i for i, p in enumerate(order, start=1)}


@dataclass(frozen=True, slots=True)
class Abnormal:
    """A TRF-2026 ``299`` record (abnormal assignment of points), for individuals.

    ``kind`` is a result type (``W D L F H Z + -``): the listed players' result of that type
    in ``round`` (every round when ``round`` is 0) is worth ``points`` instead of what the
    scoring system gives it.  ``kind`` empty is a bonus (or, negative, a penalty): ``points``
    added to each listed player's score in ``round`` (a round is always given).
    """

    kind: str
    points: Fraction
    round: int
    players: tuple[int, ...]
    #: the record's line in the file (0: built in code)
    line: int = field(default=0, compare=False)


#: the result codes each ``299`` type names (``W`` a win over the board or in less than
#: one move, ...)
ABNORMAL_CODES = {"W": ("1", "W"), "D": ("=", "D"), "L": ("0", "L"), "F": ("F",),
                  "H": ("H",), "Z": ("Z",), "+": ("+",), "-": ("-",)}


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament as read from a TRF, immutable.

    ``records`` keeps every non-player line in file order (code, raw text) so that a
    writer can put back what the reader did not interpret.
    """

    players: tuple[Player, ...]
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    scoring: Scoring = field(default_factory=Scoring)
    #: groups of players none of whom may be paired with another (XXP / 260)
    forbidden: tuple[tuple[int, ...], ...] = ()
    #: players listed in XXZ (absent from the round to be paired)
    absent: frozenset[int] = frozenset()
    #: acceleration (XXA / TRF26 250): player -> tuple of points per round (index 0 =
    #: round 1), added to the points for pairing only, never to the points field
    acceleration: Mapping[int, tuple[Fraction, ...]] = field(default_factory=dict)
    #: the players whose acceleration travels in TRF26 ``250`` records (read from them, or
    #: computed for a TRF26 file); the others' in ``XXA`` lines.  The writer writes each
    #: player's acceleration back in the record it came in.
    acceleration_250: frozenset[int] = frozenset()
    #: how the acceleration was made when not read from the file: facts as
    #: ``((name, value), ...)`` strings (e.g. the method and its parameters); empty when
    #: the file's XXA/250 records are all there is.  Not part of the content (``==``):
    #: the file keeps only the points.
    acceleration_method: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    #: other records in file order: (code, full line text)
    records: tuple[tuple[str, str], ...] = ()
    name: str = ""
    source: str = "<memory>"
    #: XXC ``rank``: JaVaFo pairs by position in the file instead of the 001 starting rank
    pair_by_rank: bool = False
    #: TRF26 ``240`` byes: round -> {player: bye type H/F/Z}; iterating a round's mapping
    #: gives the player numbers
    round_absences: Mapping[int, Mapping[int, str]] = field(default_factory=dict)
    #: TRF26 ``260`` prohibited pairings: (first round, last round, players). The groups whose
    #: range covers the round to pair are also in ``forbidden`` (after the XXP groups).
    forbidden_rounds: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    #: for each of ``records``, how many ``001`` lines precede it in the file (missing
    #: entries mean 0: before the players)
    record_positions: tuple[int, ...] = ()
    #: for each of ``records``, its 1-based line in the source file (empty when built in
    #: code; not part of the content: excluded from ``==``)
    record_lines: tuple[int, ...] = field(default=(), compare=False)
    #: warnings found while reading (not part of the content: excluded from ``==``)
    warnings: tuple[Problem, ...] = field(default=(), compare=False)
    #: the file's dialect, a fact about how it was written: ``"trf26"`` when it gives the
    #: rounds, initial colour or scoring as TRF26 ``142``/``152``/``162``, else ``"trfx"``
    #: (TRF16 and JaVaFo's TRF(x)); the writer writes the same dialect back by default
    dialect: str = "trfx"

    #: TRF-2026 ``299`` records: abnormal points (a result worth other points, a bonus, a
    #: penalty); :meth:`round_points` applies them
    abnormal: tuple[Abnormal, ...] = ()

    #: the 1-based line of the ``XXR``/``142`` record (0: not from a file line, e.g. the
    #: ``--rounds`` option or a tournament built in code)
    total_rounds_line: int = field(default=0, compare=False)
    #: where ``initial_colour`` comes from: ``file`` (``XXC``/``152``) or ``option`` (the
    #: user gave it for a file without one)
    initial_colour_source: str = field(default="file", compare=False)

    def round_points(self, number: int, round_no: int, entry: RoundEntry) -> Fraction:
        """The points player ``number`` scored in round ``round_no`` with ``entry``: the
        scoring system's, or a ``299`` record's for that result, plus any ``299`` bonus or
        penalty of that round."""
        if not self.abnormal:
            return self.scoring.points(entry)
        bonus = sum((a.points for a in self.abnormal
                     if not a.kind and a.round == round_no and number in a.players),
                    Fraction(0))
        typed = [a.points for a in self.abnormal  # the last record for the result wins
                 if a.kind and entry.code in ABNORMAL_CODES[a.kind] and number in a.players
                 and (not a.round or a.round == round_no)]
        base = typed[-1] if typed else self.scoring.points(entry)
        return base + bonus

    def total_points(self, p: Player, entries: Iterable[RoundEntry] | None = None) -> Fraction:
        """The points of ``entries`` (default: all of ``p``'s), round 1 first, under the
        scoring system and the ``299`` records."""
        es = p.entries if entries is None else entries
        if not self.abnormal:
            return self.scoring.total(es)
        acc = PointsSum()
        for k, e in enumerate(es, start=1):
            acc.add(self.round_points(p.number, k, e))
        return acc.value

    def player(self, number: int) -> Player:
        return self.by_number[number]

    @property
    def by_number(self) -> dict[int, Player]:
        """A fresh number -> player map (built on each call: take it once outside loops)."""
        return {p.number: p for p in self.players}

    @property
    def rounds_with_games(self) -> int:
        """Highest round in which at least one player was paired or got the PAB."""
        last = 0
        for p in self.players:
            for i, e in enumerate(p.entries, start=1):
                if e.opponent is not None or e.code == "U":
                    last = max(last, i)
        return last

    @property
    def round_to_pair(self) -> int:
        """The first round without games ("pair the next round", trf.md section 9)."""
        return self.rounds_with_games + 1

    def with_ranks(self) -> "Tournament":
        """The same tournament with every player's rank (columns 86-89) set to his place in
        the standings after the rounds recorded (:func:`standings_ranks`)."""
        from ..records import replace

        ranks = standings_ranks(self.players)
        return self.replace_players(replace(p, rank=ranks[p.number]) for p in self.players)

    def replace_players(self, players: Iterable[Player]) -> "Tournament":
        from ..records import replace

        return replace(self, players=tuple(players))
