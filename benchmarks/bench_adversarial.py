"""The adversarial rounds of issue 16, at full size: wall time, memory and work per case.

Per case: players, wall seconds of ``pair_round`` (median over ``--repeats``), the peak of
``tracemalloc`` in one separate (untimed) pairing, the upfloater-set evaluations
(``UpfloaterSearch.evaluate`` calls, runner-up search included) and the matching-oracle
calls by kind (general, bipartite, min-cost).  The cases are built by
``tests/adversarial_cases.py``; the ``regular`` ones are simulated first (not timed).

    PYTHONPATH=. python benchmarks/bench_adversarial.py
    PYTHONPATH=. python benchmarks/bench_adversarial.py --only losers-300 --repeats 1
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain import matching  # noqa: E402
from dubov_explain.rulebooks.dubov2025 import upfloaters  # noqa: E402
from dubov_explain.rulebooks.dubov2025.engine import pair_round  # noqa: E402
from tests import adversarial_cases as cases  # noqa: E402

CASES = {
    "xxp-40": lambda: cases.xxp_round2(40, 4),
    "xxp-56": lambda: cases.xxp_round2(56, 6),
    "regular-60-r27": lambda: cases.regular(60, 30, 1, 27),
    "regular-60-r29": lambda: cases.regular(60, 30, 1, 29),
    "losers-300": lambda: cases.losers_group(300),
    "losers-600": lambda: cases.losers_group(600),
    "window-1000": lambda: cases.round1_window(1000, 20),
}

COUNTED = {
    "general": "has_perfect_matching",
    "max": "max_matching",
    "bipartite": "bipartite_max_matching",
    "min-cost": "min_cost_perfect_matching",
}


class Counting:
    """Counts UpfloaterSearch.evaluate and the matching oracles while active."""

    def __init__(self):
        self.n: Counter = Counter()
        self.saved: list = []

    def __enter__(self):
        def wrap(owner, name, key):
            orig = getattr(owner, name)

            def counted(*a, **k):
                self.n[key] += 1
                return orig(*a, **k)

            self.saved.append((owner, name, orig))
            setattr(owner, name, counted)

        wrap(upfloaters.UpfloaterSearch, "evaluate", "sets")
        for key, name in COUNTED.items():
            wrap(matching, name, key)
        return self

    def __exit__(self, *exc):
        for owner, name, orig in reversed(self.saved):
            setattr(owner, name, orig)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated case names")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(CASES)
    print(f"{'case':<16} {'players':>7} {'wall s':>8} {'peak MB':>8} {'sets':>7} "
          f"{'general':>8} {'bipart':>7} {'mincost':>7}  boards")
    for name in names:
        t, r = CASES[name]()
        n = sum(1 for _ in t.players)
        with Counting() as c:
            trace = pair_round(t, round_no=r)
        walls = []
        for _ in range(args.repeats):
            gc.collect()
            t0 = time.perf_counter()
            again = pair_round(t, round_no=r)
            walls.append(time.perf_counter() - t0)
            assert again.result == trace.result
        gc.collect()
        tracemalloc.start()
        pair_round(t, round_no=r)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        boards = len(getattr(trace.result, "boards", ()) or ())
        print(f"{name:<16} {n:>7} {statistics.median(walls):>8.2f} {peak / 2**20:>8.1f} "
              f"{c.n['sets']:>7} {c.n['general']:>8} {c.n['bipartite']:>7} "
              f"{c.n['min-cost']:>7}  {boards}", flush=True)


if __name__ == "__main__":
    main()
