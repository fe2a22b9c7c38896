"""Dutch 2012 speed on known slow rounds: CPU seconds (``time.process_time``) per pairing.

The rounds are ones found slow on bbpPairings-generated tournaments (``agree_dutch.py``):
each is named by its generator seed and round, and rebuilt from the seed alone (the
generator's configuration comes from the seed, ``tests/dutch_witness.py``
``config_for_seed``).  bbpPairings is needed to generate the tournament (``--bbp`` or
``DUBOV_BBP``).  Printed per round: the number of players, the median and slowest CPU
seconds over ``--repeats``, the peak of ``tracemalloc`` in one separate pairing, and the
pairing's digest (the same digest before and after a speed change: the same pairing).

    PYTHONPATH=. python benchmarks/bench_dutch_slow.py --bbp /tmp/bbp/bbpPairings.exe
    PYTHONPATH=. python benchmarks/bench_dutch_slow.py --rounds 145:8,12:5 --repeats 5
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import dutch_witness as dw  # noqa: E402

#: seed:round pairs found slow (seed 145 round 8: 66 players, 128 C.10 steps)
SLOW = "145:8"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bbp", default=dw.bbp_path() or "/tmp/bbp/bbpPairings.exe")
    ap.add_argument("--rounds", default=SLOW, help="seed:round,seed:round,...")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--system", default=dw.SYSTEM)
    args = ap.parse_args()
    bbp = dw.executable(args.bbp)
    if bbp is None:
        print(f"bbpPairings not found at {args.bbp}", file=sys.stderr)
        return 2
    book = dw.dutch_rulebook(args.system)
    print(f"{'seed':>5} {'round':>5} {'players':>7} {'median cpu s':>12} {'max cpu s':>9} "
          f"{'peak MiB':>8}  digest")
    with tempfile.TemporaryDirectory() as tmp:
        for item in args.rounds.split(","):
            seed, r = (int(x) for x in item.split(":"))
            path = Path(tmp) / f"s{seed}.trf"
            dw.generate(bbp, dw.config_for_seed(seed), seed, path)
            t = dw.load(path)
            req = dw.request(t, r, dw.rounds_in(t))
            times = []
            for _ in range(args.repeats):
                gc.collect()
                t0 = time.process_time()
                trace = book.pair(req, round_no=r)
                times.append(time.process_time() - t0)
            gc.collect()
            tracemalloc.start()
            book.pair(req, round_no=r)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            res = trace.result
            digest = hashlib.sha256(repr((getattr(res, "boards", None),
                                          getattr(res, "bye", None))).encode()).hexdigest()[:12]
            players = sum(1 for p in req.players)
            print(f"{seed:>5} {r:>5} {players:>7} {statistics.median(times):>12.3f} "
                  f"{max(times):>9.3f} {peak / 2**20:>8.1f}  {digest}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
