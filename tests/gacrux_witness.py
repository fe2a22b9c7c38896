"""Gacrux (PyPI ``gacrux``, the FIDE Technical Commission's tie-break server, by Otto Milvang)
as an independent witness of our C.07 tie-breaks: its ``tiebreakchecker`` computes the
same list on the same TRF file, and :func:`compare` lists every value (and rank) where the
two differ.  Used by ``tests/test_tiebreaks_gacrux.py`` (skipped when gacrux is absent) and
``benchmarks/agree_tiebreaks.py``.

Gacrux is called as its README says: ``python -m gacrux.tiebreakchecker -i FILE -s -dT -t
PTS BH/C1 ...`` (``-s``: Swiss rules, ``-dT``: tab-separated, one row per player: start
number, rank, then the values in the order asked).

Where we read C.07 otherwise, :data:`KNOWN_DEPARTURES` says so; none is known on the
generated corpus.  Two differences of presentation are not departures: AOB is an exact
average here and rounded by Gacrux (to 0.01 below 9 rounds, 0.001 below 27), and an unset
value is ``None`` here and ``-0`` there.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

#: the tie-breaks compared (every one the issue names)
ALL = ("BH", "BH/C1", "BH/M1", "SB", "SB/C1", "DE", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1",
       "ARO", "ARO/C1", "TPR", "PTP", "AOB", "FB", "FB/C1", "STD", "REP", "TPN", "RTNG")

#: tie-break -> why we differ from Gacrux, with C.07's article
KNOWN_DEPARTURES: dict[str, str] = {
    "STD": "a double forfeit (both players 0, '- -'): C.07 7.7 counts half a point for a "
           "round in which the participant scores the same as the scheduled opponent; "
           "Gacrux compares the points with a draw's instead, and counts 0",
}


def _double_forfeits(field, number: int) -> int:
    """Rounds in which the player and the scheduled opponent both forfeited (7.7's
    'same number of points as their scheduled opponent', no game)."""
    n = 0
    for x in field.by[number]:
        if x.kind == "forfeit-loss" and x.opponent in field.by:
            other = field.by[x.opponent][x.round - 1]
            n += other.kind == "forfeit-loss" and other.points == x.points
    return n


def available() -> bool:
    return importlib.util.find_spec("gacrux") is not None


def gacrux_values(path: str, tiebreaks: tuple[str, ...] = ALL,
                  rounds: int | None = None) -> dict[int, tuple[int, list[str]]]:
    """start number -> (rank, [values as Gacrux prints them]); ``rounds``: the standings
    after that round (``-n``; a tournament the generator could not finish)."""
    cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", path, "-s", "-dT",
           *(["-n", str(rounds)] if rounds else []), "-t", "PTS", *tiebreaks]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=True).stdout
    lines = [ln for ln in out.splitlines() if ln.strip()]
    rows = {}
    for ln in lines[1:]:
        cells = ln.split("\t")
        if not cells[0].isdigit():
            continue
        rows[int(cells[0])] = (int(cells[1]), cells[3:])  # cells[2] is PTS
    return rows


def _aob_places(rounds: int) -> Decimal:
    return Decimal("0.01") if rounds < 9 else Decimal("0.001") if rounds < 27 \
        else Decimal("0.0001")


def same(ours, theirs: str, code: str, rounds: int) -> bool:
    if ours is None:
        return theirs in ("-0", "None", "")
    try:
        d = Decimal(theirs)
    except ArithmeticError:
        return False
    if code == "AOB":
        f = Fraction(ours)
        mine = (Decimal(f.numerator) / Decimal(f.denominator)).quantize(
            _aob_places(rounds), rounding=ROUND_HALF_UP)
        return mine == d
    return Fraction(ours) == Fraction(d)


def compare(path: str, tiebreaks: tuple[str, ...] = ALL,
            explained: list[str] | None = None) -> tuple[int, list[str]]:
    """(players compared, differences as ``file: player N: TB ours X, Gacrux Y``); the
    differences :data:`KNOWN_DEPARTURES` explains go to ``explained`` instead."""
    from dubov_explain.tiebreaks import final_standings, parse_list
    from dubov_explain.tiebreaks.compute import format_value
    from dubov_explain.trf.reader import read_trf

    t = read_trf(path)
    tbs = parse_list(",".join(tiebreaks))
    s = final_standings(t, tbs)
    theirs = gacrux_values(path, tiebreaks, s.rounds)
    diffs = []
    for row in s.rows:
        rank, values = theirs[row.number]
        if rank != row.rank:
            diffs.append(f"{path}: player {row.number}: rank ours {row.rank}, Gacrux {rank}")
        for tb, v, g in zip(tbs, row.values, values):
            if not same(v.value, g, tb.code, s.rounds):
                line = (f"{path}: player {row.number}: {tb.text} ours "
                        f"{format_value(v.value)}, Gacrux {g}")
                k = _double_forfeits(s.field, row.number) if tb.code == "STD" else 0
                if k and explained is not None and same(v.value - Fraction(k, 2), g, "STD",
                                                        s.rounds):
                    explained.append(line + f" ({k} double forfeit(s), C.07 7.7)")
                else:
                    diffs.append(line)
    return len(s.rows), diffs


def generate(path: str, players: int, rounds: int, seed: int) -> None:
    from dubov_explain.cli import main

    code = main(["generate", "--players", str(players), "--rounds", str(rounds),
                 "--seed", str(seed), "-o", path])
    assert code == 0, (players, rounds, seed)
