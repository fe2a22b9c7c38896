"""Dubov 1997 (``dubov-1997``): seconds per round and peak memory at 1,000 players.

A tournament of ``--players`` is simulated by :mod:`dubov_explain.simulate` with the
``dubov-1997`` rulebook (the default generator options: forfeits, requested byes, late
entries and withdrawals included), keeping each round's request.  Each round named in
``--rounds`` is then paired again ``--repeats`` times by the rulebook (``pair``, the whole
traced procedure, standings included): the median wall time is printed, and the peak of
``tracemalloc`` in one separate, untimed pairing.  Target of issue 12: under 2 s per round
at 1,000 players.  Printed, never asserted.

    PYTHONPATH=. python benchmarks/bench_dubov1997.py
    PYTHONPATH=. python benchmarks/bench_dubov1997.py --players 300 --rounds 2,5 --repeats 3
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.simulate.generator import simulate  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--total", type=int, default=9, help="rounds of the simulated tournament")
    ap.add_argument("--rounds", default="1,2,3,5,7,9", help="comma-separated rounds to time")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    book = find_rulebook("dubov-1997")
    t0 = time.perf_counter()
    sim = simulate(a.players, a.total, a.seed, system="dubov-1997", keep_rounds=True)
    print(f"dubov-1997, {a.players} players, {a.total} rounds, seed {a.seed}: simulated in "
          f"{time.perf_counter() - t0:.1f} s ({sim.rounds_played} rounds paired)")
    print(f"{'round':>5}  {'median s':>9}  {'min s':>7}  {'max s':>7}  {'peak MB':>8}  {'events':>6}")
    for r in (int(x) for x in a.rounds.split(",")):
        if r > len(sim.rounds):
            continue
        request = sim.rounds[r - 1].request
        times = []
        for _ in range(a.repeats):
            gc.collect()
            s = time.perf_counter()
            trace = book.pair(request, round_no=r)
            times.append(time.perf_counter() - s)
        gc.collect()
        tracemalloc.start()
        book.pair(request, round_no=r)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{r:>5}  {statistics.median(times):>9.3f}  {min(times):>7.3f}  {max(times):>7.3f}  "
              f"{peak / 2**20:>8.1f}  {len(trace.events):>6}")


if __name__ == "__main__":
    main()
