"""Swiss 1992 (rating) speed: seconds per round and peak memory, by field size.

A tournament of each size is generated with the swiss-rating-1992 engine (the generator's
default rates), untimed; every round's request is then paired again ``--repeats`` times.
Printed per size and round: median wall seconds over the repeats, the slowest repeat, and
the peak of ``tracemalloc`` over one more (untimed) pairing; last, per size, the median
and the worst of the per-round medians.  The issue's target: 1,000 players under 2 s per
round.

    PYTHONPATH=. python benchmarks/bench_swiss_rating1992.py
    PYTHONPATH=. python benchmarks/bench_swiss_rating1992.py --sizes 1000 --rounds 9 --repeats 5
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

SYSTEM = "swiss-rating-1992"
BOOK = find_rulebook(SYSTEM)

def adversarial(repeats: int) -> None:
    """The adversarial rounds: CPU seconds (median, max), peak MiB, budget reached."""
    from tests import adversarial_cases as cases

    print(f"{'case':>16} {'median cpu s':>12} {'max s':>7} {'peak MiB':>9} budget")
    for name, build in cases.ISSUE28.items():
        t, r = build()
        times = []
        for _ in range(repeats):
            gc.collect()
            start = time.process_time()
            trace = BOOK.pair(t, round_no=r)
            times.append(time.process_time() - start)
        cut = any(e.kind == "search-limit" and e.article == "budget" for e in trace.events)
        gc.collect()
        tracemalloc.start()
        BOOK.pair(t, round_no=r)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{name:>16} {statistics.median(times):>12.2f} {max(times):>7.2f} "
              f"{peak / 2**20:>9.1f} {'reached' if cut else 'no'}", flush=True)


def timed(rec, repeats: int) -> tuple[list[float], int]:
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        BOOK.pair(rec.request, round_no=rec.round)
        times.append(time.perf_counter() - start)
    gc.collect()
    tracemalloc.start()
    BOOK.pair(rec.request, round_no=rec.round)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return times, peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,300,1000")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--adversarial", action="store_true",
                    help="issue 28's adversarial rounds instead of generated tournaments")
    args = ap.parse_args()
    if args.adversarial:
        adversarial(args.repeats)
        return
    print(f"{'players':>7} {'round':>5} {'median s':>9} {'max s':>7} {'peak MiB':>9}")
    for n in (int(x) for x in args.sizes.split(",")):
        sim = simulate(n, args.rounds, args.seed, system=SYSTEM, keep_rounds=True)
        medians = []
        for rec in sim.rounds:
            times, peak = timed(rec, args.repeats)
            medians.append(statistics.median(times))
            print(f"{n:>7} {rec.round:>5} {medians[-1]:>9.3f} {max(times):>7.3f} "
                  f"{peak / 2**20:>9.1f}", flush=True)
        print(f"{n:>7} {'all':>5} {statistics.median(medians):>9.3f} {max(medians):>7.3f}",
              flush=True)


if __name__ == "__main__":
    main()
