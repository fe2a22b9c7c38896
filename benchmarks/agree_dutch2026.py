"""Agreement of dutch-2026 with Gacrux (PyPI ``gacrux``, FIDE's Technical Commission's
reference engine) on TRF files: each round's request paired by both, pairs and colours
compared; prints the counts, every disagreement, and the median time per round of each.

    PYTHONPATH=. python benchmarks/agree_dutch2026.py FILE.trf ... [--all-rounds]
        [NAME=VALUE ...]   (readings of dutch-2026, e.g. c14-downfloaters=all)

Files: the bbpPairings corpus (``tests/data/dutch-bbp``) or tournaments of ``dubov-explain
generate --system dutch-2026`` (or of another engine: any history is a request).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from dutch_witness import load, rounds_in  # noqa: E402
from gacrux_dutch import available, compare_file  # noqa: E402


def main(argv: list[str]) -> int:
    if not available():
        print("gacrux is not installed: pip install gacrux")
        return 0
    every = "--all-rounds" in argv
    readings = dict(a.split("=", 1) for a in argv if "=" in a and not a.startswith("--"))
    files = [Path(a) for a in argv if not a.startswith("--") and "=" not in a]
    rounds = same = colours = 0
    times = []
    with tempfile.TemporaryDirectory() as d:
        for f in files:
            total = rounds_in(load(f))
            span = range(2, total + 1) if every else range(2, total)
            t0 = time.perf_counter()
            rows = compare_file(f, Path(d), span, readings=readings or None)
            times.append((time.perf_counter() - t0) / max(len(rows), 1))
            for name, r, ours, theirs in rows:
                rounds += 1
                same += ours.ok and theirs.ok and ours.pairs() == theirs.pairs()
                colours += ours.ok and theirs.ok and ours.with_colours() == theirs.with_colours()
                if not (ours.ok and theirs.ok and ours.with_colours() == theirs.with_colours()):
                    print(f"{name} round {r}:\n  ours   {ours.text()}\n  Gacrux {theirs.text()}")
    print(f"rounds {rounds}: same pairs {same}, same pairs and colours {colours}"
          f"{' (readings ' + str(readings) + ')' if readings else ''}")
    if times:
        print(f"median seconds per round (both engines and the file I/O): "
              f"{statistics.median(times):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
