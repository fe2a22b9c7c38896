"""Dutch 2012 speed: seconds per round and peak memory, 100 to 2,000 players.

For each size a tournament is simulated with the Dutch 2012 engine itself (the generator's
default rates: draws, forfeits, requested byes, late entries), not timed; then the requests
of rounds 1, the middle round and the last round are paired again, each ``--repeats``
times.  Printed per size and round: the median wall seconds, the slowest repeat, and the
peak of ``tracemalloc`` during one separate (untimed) pairing.

    PYTHONPATH=. python benchmarks/bench_dutch.py
    PYTHONPATH=. python benchmarks/bench_dutch.py --sizes 1000 --rounds 9 --repeats 5
    PYTHONPATH=. python benchmarks/bench_dutch.py --against d4-level=accepting

``--against NAME=VALUE`` also pairs each request under that reading, its repeats
interleaved with the default's (the same load for both), and prints its median beside.
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

BOOK = find_rulebook("dutch-2012")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,250,500,1000,1500,2000")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--against", metavar="NAME=VALUE", help="a reading to time beside the "
                    "defaults on the same requests")
    args = ap.parse_args()
    other = BOOK.readings(dict([args.against.split("=", 1)])) if args.against else None
    print(f"{'players':>7} {'round':>5} {'median s':>9} {'max s':>7} {'peak MiB':>9}"
          + (f"  {args.against} median s" if other is not None else ""))
    for n in (int(x) for x in args.sizes.split(",")):
        sim = simulate(n, args.rounds, args.seed, system="dutch-2012", keep_rounds=True)
        recs = sim.rounds
        picks = sorted({recs[0].round, recs[len(recs) // 2].round, recs[-1].round})
        for rec in recs:
            if rec.round not in picks:
                continue
            times, theirs = [], []
            for _ in range(args.repeats):
                gc.collect()
                t0 = time.perf_counter()
                BOOK.pair(rec.request, round_no=rec.round)
                times.append(time.perf_counter() - t0)
                if other is not None:
                    gc.collect()
                    t0 = time.perf_counter()
                    BOOK.pair(rec.request, other, round_no=rec.round)
                    theirs.append(time.perf_counter() - t0)
            gc.collect()
            tracemalloc.start()
            BOOK.pair(rec.request, round_no=rec.round)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            print(f"{n:>7} {rec.round:>5} {statistics.median(times):>9.3f} {max(times):>7.3f} "
                  f"{peak / 2**20:>9.1f}"
                  + (f"  {statistics.median(theirs):>9.3f}" if theirs else ""), flush=True)


if __name__ == "__main__":
    main()
