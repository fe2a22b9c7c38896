"""Batches of generated tournaments for ``dubov-explain generate`` (and the benchmarks).

* **Seeds.**  File ``i`` (1-based) of a batch with seed ``S`` uses seed ``S + i - 1``; a
  batch of one is exactly ``generate --seed S``.  When the number of players or rounds is
  a range, file ``i`` draws its size from its own seed, so every file is reproducible on
  its own and a batch does not depend on how many workers produced it.  The seed is in
  the file's ``012`` line (``AutoTest Tournament <seed>``, as bbpPairings writes it) and
  in a ``###`` comment with the size.
* **File names.**  ``-o`` is a pattern: ``{i}`` (index) and ``{seed}`` are replaced, with
  at most a width (``{i:04d}``, ``{seed:12}``; any other format spec is refused); a batch pattern without a placeholder gets ``-{i:0Nd}``
  before its extension.
* **Configuration files** (``--config``): ``key = value`` lines, ``#`` comments.  Known
  keys: the JaVaFo/bbpPairings ones that fit (:data:`CONFIG_KEYS`) and every field of
  :class:`~dubov_explain.simulate.generator.GeneratorOptions` by name.  Unknown keys are
  an error, as in bbpPairings.
"""

from __future__ import annotations

import random
import re
import string
from fractions import Fraction
from pathlib import Path

from ..records import dataclass, fields, replace
from ..tournament.model import Colour, Scoring
from .generator import GeneratorOptions, simulate

__all__ = [
    "GenerateJob",
    "Generated",
    "CONFIG_KEYS",
    "parse_range",
    "file_name",
    "make_jobs",
    "run_job",
    "read_config",
    "sizes_for",
]


def parse_range(text: str, what: str) -> tuple[int, int]:
    """``"12"`` -> (12, 12); ``"6-300"`` -> (6, 300)."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", str(text))
    if not m:
        raise ValueError(f"{what}: expected N or MIN-MAX, found {text!r}")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) is not None else lo
    if lo > hi:
        raise ValueError(f"{what}: {lo}-{hi} is an empty range")
    return lo, hi


def sizes_for(seed: int, players: tuple[int, int], rounds: tuple[int, int]) -> tuple[int, int]:
    """The (players, rounds) of the tournament with this seed (drawn when a range is given)."""
    rng = random.Random(f"dubov-explain generate sizes {seed}")
    n = rng.randint(*players)
    r = rng.randint(*rounds)
    return n, r


#: the format spec a placeholder may carry: a width, zero-padded or not, as an integer
#: (``{i:04d}``, ``{seed:12}``); anything more (``{seed:c}``, ``{i:>1000000000}``, ``!r``)
#: is refused: a file name needs no more, and Python's full format language can fail or
#: ask for gigabytes
_SPEC = re.compile(r"0?(?:[1-9][0-9]?)?d?")


def file_name(pattern: str, index: int, seed: int, count: int) -> str:
    """The file name of batch member ``index`` (1-based); see the module docstring.
    Raises ValueError (exit 3) for a placeholder other than ``{i}`` and ``{seed}``, or a
    format spec other than a width of at most two digits (:data:`_SPEC`)."""
    try:
        parsed = list(string.Formatter().parse(pattern))
    except ValueError as exc:
        raise ValueError(f"-o pattern {pattern!r}: {exc}") from None
    fields_used = {f for _, f, _, _ in parsed if f is not None}
    unknown = fields_used - {"i", "seed"}
    if unknown:
        raise ValueError(f"-o pattern: unknown placeholder(s) {sorted(unknown)}; use {{i}} "
                         "and {seed}")
    for _, f, spec, conversion in parsed:
        if f is None:
            continue
        if conversion or not _SPEC.fullmatch(spec or ""):
            shown = "!" + conversion if conversion else ":" + (spec or "")
            raise ValueError(f"-o pattern {pattern!r}: {{{f}{shown}}} is not allowed; a "
                             f"placeholder takes at most a width, e.g. {{{f}:04d}}")
    if count > 1 and not fields_used:
        p = Path(pattern)
        width = len(str(count))
        pattern = str(p.with_name(f"{p.stem}-{{i:0{width}d}}{p.suffix}"))
    try:
        return pattern.format(i=index, seed=seed)
    except (ValueError, IndexError) as exc:
        raise ValueError(f"-o pattern {pattern!r}: {exc}") from None


@dataclass(frozen=True)
class GenerateJob:
    index: int
    seed: int
    players: tuple[int, int]
    rounds: tuple[int, int]
    path: str
    options: GeneratorOptions
    #: the TRF dialect written (trf/writer.py TRF_FORMATS)
    trf_format: str = "trfx"


@dataclass(frozen=True)
class Generated:
    path: str
    seed: int
    players: int
    rounds: int
    rounds_played: int
    stopped_round: int | None
    error: str = ""


def make_jobs(pattern: str, seed: int, count: int, players: tuple[int, int],
              rounds: tuple[int, int], options: GeneratorOptions) -> list[GenerateJob]:
    """The jobs of a batch; a size over the player limit is refused here, before any
    generation (:class:`~dubov_explain.errors.SizeLimitError`, exit 4)."""
    from ..errors import MAX_PLAYERS, SizeLimitError, too_many_players

    if players[1] > MAX_PLAYERS:
        raise SizeLimitError("--players", too_many_players(f"{players[1]:,}"))
    jobs = []
    names: set[str] = set()
    for i in range(1, count + 1):
        s = seed + i - 1
        name = file_name(pattern, i, s, count)
        if name in names:
            raise ValueError(f"-o pattern gives the same file name {name!r} twice")
        names.add(name)
        jobs.append(GenerateJob(i, s, players, rounds, name, options))
    return jobs


def run_job(job: GenerateJob) -> Generated:
    """Generate one tournament and write it (worker function: picklable in, out)."""
    from ..trf.writer import save_trf
    from ..errors import DubovError

    n, r = sizes_for(job.seed, job.players, job.rounds)
    try:
        sim = simulate(n, r, job.seed, options=job.options)
        t = sim.tournament
        if str(job.seed) not in t.name:
            t = replace(t, name=f"{t.name} seed {job.seed}".strip())
        save_trf(t.with_ranks(), job.path, job.trf_format)  # ranks: py4swiss needs them
    except DubovError as exc:
        return Generated(job.path, job.seed, n, r, 0, None, str(exc))
    return Generated(job.path, job.seed, n, r, sim.rounds_played, sim.stopped_round)


# --------------------------------------------------------------------------- configuration

#: JaVaFo / bbpPairings keys understood, with what they set (rates: JaVaFo's are per
#: thousand; bbpPairings' DrawPercentage is a percentage)
CONFIG_KEYS: dict[str, str] = {
    "PlayersNumber": "number of players (N or MIN-MAX)",
    "RoundsNumber": "number of rounds (N or MIN-MAX)",
    "HighestRating": "max_rating",
    "LowestRating": "min_rating",
    "DrawPercentage": "draw_rate, in percent (bbpPairings)",
    "ForfeitRate": "forfeit_rate, per thousand games (JaVaFo); in a bbpPairings file "
                   "(bbpPairings keys only) one game in N",
    "RetiredRate": "withdrawal_rate: one player in N withdraws per round (bbpPairings, N >= 2)",
    "HalfPointByeRate": "half_bye_rate: one player in N asks for a half-point bye per round "
                        "(bbpPairings, N >= 1; also spelt HalfPointByteRate)",
    "QuickgameRate": "quick_game_rate, per thousand games (JaVaFo)",
    "ZPBRate": "zero_bye_rate, per thousand player-rounds (JaVaFo)",
    "HPBRate": "half_bye_rate, per thousand player-rounds (JaVaFo)",
    "FPBRate": "full_bye_rate, per thousand player-rounds (JaVaFo); > 0 turns full-point "
               "byes on",
    "WWPoints": "scoring WW", "BWPoints": "scoring BW", "WDPoints": "scoring WD",
    "BDPoints": "scoring BD", "WLPoints": "scoring WL", "BLPoints": "scoring BL",
    "ZPBPoints": "scoring ZPB", "HPBPoints": "scoring HPB", "FPBPoints": "scoring FPB",
    "PABPoints": "scoring PAB", "FWPoints": "scoring FW", "FLPoints": "scoring FL",
    "PointsForWin": "scoring WW, BW, FW (and PAB unless PointsForPAB)",
    "PointsForDraw": "scoring WD, BD", "PointsForLoss": "scoring WL, BL",
    "PointsForZPB": "scoring ZPB", "PointsForForfeitLoss": "scoring FL",
    "PointsForPAB": "scoring PAB",
}

_PER_MILLE = {"ForfeitRate": "forfeit_rate", "QuickgameRate": "quick_game_rate",
              "ZPBRate": "zero_bye_rate", "HPBRate": "half_bye_rate",
              "FPBRate": "full_bye_rate"}
_POINTS = {"WWPoints": ("WW",), "BWPoints": ("BW",), "WDPoints": ("WD",),
           "BDPoints": ("BD",), "WLPoints": ("WL",), "BLPoints": ("BL",),
           "ZPBPoints": ("ZPB",), "HPBPoints": ("HPB",), "FPBPoints": ("FPB",),
           "PABPoints": ("PAB",), "FWPoints": ("FW",), "FLPoints": ("FL",),
           "PointsForWin": ("WW", "BW", "FW"), "PointsForDraw": ("WD", "BD"),
           "PointsForLoss": ("WL", "BL"), "PointsForZPB": ("ZPB",),
           "PointsForForfeitLoss": ("FL",), "PointsForPAB": ("PAB",)}


#: keys only bbpPairings knows, and keys only JaVaFo knows: ``ForfeitRate`` is "one in N"
#: in a file that has keys of the first set and none of the second (bbpPairings' meaning),
#: "per thousand" otherwise (JaVaFo's meaning, and the reading of a mixed file)
_BBP_ONLY = frozenset({"DrawPercentage", "RetiredRate", "HalfPointByeRate", "HalfPointByteRate",
                       "PointsForWin", "PointsForDraw", "PointsForLoss", "PointsForZPB",
                       "PointsForForfeitLoss", "PointsForPAB"})
_JAVAFO_ONLY = frozenset({"QuickgameRate", "ZPBRate", "HPBRate", "FPBRate", "Groups",
                          "Separator"} | {k for k in _POINTS if k.endswith("Points")})
#: bbpPairings' "one in N" rates and their smallest N (its generatorconfiguration.cpp)
_ONE_IN = {"RetiredRate": ("withdrawal_rate", 2), "HalfPointByeRate": ("half_bye_rate", 1),
           "HalfPointByteRate": ("half_bye_rate", 1)}


def _one_in(value: str, smallest: int) -> float:
    n = float(value)
    if not n >= smallest:
        raise ValueError(f"expected a number N >= {smallest} (one in N), found {value!r}")
    return 1 / n


@dataclass(frozen=True)
class Config:
    players: tuple[int, int] | None
    rounds: tuple[int, int] | None
    options: GeneratorOptions


def read_config(text: str, source: str = "<config>",
                base: GeneratorOptions = GeneratorOptions()) -> Config:
    """Parse a configuration file; raises ValueError naming the line of the first problem."""
    changes: dict[str, object] = {}
    scoring: dict[str, Fraction] = dict(base.scoring.values)
    pab_given = False
    players = rounds = None
    option_fields = {f.name: f for f in fields(GeneratorOptions)}
    keys = {line.split("=", 1)[0].strip() for line in text.splitlines() if "=" in line}
    bbp = bool(keys & _BBP_ONLY) and not keys & _JAVAFO_ONLY
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            raise ValueError(f"{source}:{no}: expected key = value, found {line!r}")
        key, value = (x.strip() for x in line.split("=", 1))
        where = f"{source}:{no}: {key}"
        try:
            if key == "PlayersNumber":
                players = parse_range(value, where)
            elif key == "RoundsNumber":
                rounds = parse_range(value, where)
            elif key == "HighestRating":
                changes["max_rating"] = int(value)
            elif key == "LowestRating":
                changes["min_rating"] = int(value)
            elif key == "DrawPercentage":
                changes["draw_rate"] = float(value) / 100
            elif key == "ForfeitRate" and bbp:
                changes["forfeit_rate"] = _one_in(value, 1)
            elif key in _ONE_IN:
                name, smallest = _ONE_IN[key]
                changes[name] = _one_in(value, smallest)
            elif key in _PER_MILLE:
                changes[_PER_MILLE[key]] = float(value) / 1000
                if key == "FPBRate" and float(value) > 0:
                    changes["full_point_byes"] = True
            elif key in _POINTS:
                v = Fraction(value)
                for k in _POINTS[key]:
                    scoring[k] = v
                if key == "PointsForPAB" or key == "PABPoints":
                    pab_given = True
                elif key == "PointsForWin" and not pab_given:
                    scoring["PAB"] = v
            elif key in option_fields and key not in ("scoring", "readings"):
                changes[key] = _option_value(key, value)
            else:
                raise ValueError(f"{where}: unknown key (known: the JaVaFo/bbpPairings keys "
                                 f"{', '.join(CONFIG_KEYS)} and the generator options "
                                 f"{', '.join(n for n in option_fields if n not in ('scoring', 'readings'))})")
        except ValueError as exc:
            msg = str(exc)
            raise ValueError(msg if msg.startswith(source) else f"{where}: {msg}") from None
    if scoring != dict(base.scoring.values):
        changes["scoring"] = Scoring(scoring)
    try:
        options = replace(base, **changes)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{source}: {exc}") from None
    return Config(players, rounds, options)


def _option_value(key: str, value: str) -> object:
    default = getattr(GeneratorOptions(), key)
    if key == "initial_colour":
        v = value.lower()
        if v in ("", "none", "random"):
            return None
        if v in ("w", "white", "white1"):
            return Colour.WHITE
        if v in ("b", "black", "black1"):
            return Colour.BLACK
        raise ValueError(f"initial_colour must be white, black or random, not {value!r}")
    if isinstance(default, bool):
        if value.lower() in ("1", "true", "yes", "on"):
            return True
        if value.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"expected true or false, found {value!r}")
    if isinstance(default, int):
        return int(value)
    return float(value)
