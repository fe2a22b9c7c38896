"""Agreement of our C.07 tie-breaks with Gacrux's tie-break checker (the FIDE Technical
Commission's reference, PyPI ``gacrux``) on generated tournaments with unplayed rounds
(the generator makes pairing-allocated byes, half- and zero-point byes, forfeits and
withdrawals).

    python benchmarks/agree_tiebreaks.py [--count 40] [--seed 1] [--dir DIR]

Prints, per tournament, the players compared and the differences, then the totals:
tournaments, players, values compared, values that differ (each listed with the player,
the tie-break and both values).  Needs ``pip install gacrux``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gacrux_witness import ALL, KNOWN_DEPARTURES, available, compare, generate  # noqa: E402


#: a second list, where DE meets the groups tied on points (6.2, 6.3)
DE_FIRST = ("DE", "WIN", "BH")


def corpus(directory: str, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    paths = []
    for i in range(count):
        players, rounds = rng.randint(6, 40), rng.randint(3, 11)
        path = os.path.join(directory, f"t{i:03d}-p{players}-r{rounds}.trf")
        generate(path, players, rounds, seed * 1000 + i)
        paths.append(path)
    return paths


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", help="keep the generated files here (default: a temporary folder)")
    args = ap.parse_args()
    if not available():
        print("gacrux is not installed: pip install gacrux")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        directory = args.dir or tmp
        os.makedirs(directory, exist_ok=True)
        players = values = 0
        diffs: list[str] = []
        explained: list[str] = []
        paths = corpus(directory, args.count, args.seed)
        for path in paths:
            n, d = compare(path, explained=explained)
            # Direct Encounter first, where it meets the groups tied on points
            _, d2 = compare(path, DE_FIRST, explained=explained)
            d += d2
            players += n
            values += n * (len(ALL) + 1 + len(DE_FIRST) + 1)
            diffs += d
            print(f"{Path(path).name}: {n} players, {len(d)} difference(s)")
        print(f"\n{len(paths)} tournaments, {players} players, {values} values compared "
              f"({len(ALL)} tie-breaks and the rank, then {', '.join(DE_FIRST)} and the rank), {len(diffs) + len(explained)} "
              f"different: {len(explained)} where we read C.07 otherwise (below), "
              f"{len(diffs)} unexplained")
        for code, why in KNOWN_DEPARTURES.items():
            print(f"{code}: {why}")
        for d in explained + diffs:
            print("  " + d)
    return 0 if not diffs else 1


if __name__ == "__main__":
    sys.exit(main())
