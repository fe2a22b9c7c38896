"""Dutch 2012, D.4 on a large joined lowest bracket: seconds under each value of d4-level.

A joined lowest bracket of many scores is rare in generated tournaments, so this makes one:
a round of a simulated tournament (``--players``, seed 3, its sixth round) whose players are
paired as one lowest bracket joined by C.13, the upper half as the players joined in.  For
each value of d4-level it prints the median wall seconds over ``--repeats``, the pairs, the
B3-factor taken, the b3-level events and the D.4 search limits reached (``D4_LIMIT``: the
search is then not literal, and the trace says so).

    PYTHONPATH=. python benchmarks/bench_dutch_d4.py --players 16,24,30,40 --repeats 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2012 import events as ev  # noqa: E402
from dubov_explain.rulebooks.dutch2012.engine import DutchEngine  # noqa: E402
from dubov_explain.simulate.generator import simulate  # noqa: E402

BOOK = find_rulebook("dutch-2012")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="16,24,30,40")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    print(f"{'players':>7} {'d4-level':>10} {'median s':>9} {'pairs':>5} {'B3':>7} "
          f"{'levels':>6} {'limits':>6}")
    for n in (int(x) for x in args.players.split(",")):
        rec = simulate(n, 7, 3, system="dutch-2012", keep_rounds=True).rounds[5]
        for value in ("accepting", "b3-first"):
            times = []
            for _ in range(args.repeats):
                eng = DutchEngine(rec.request, BOOK.readings({"d4-level": value}), rec.round)
                eng.open_round()
                order = sorted(eng.remaining, key=eng.key)
                t0 = time.perf_counter()
                pairs, _left = eng.pair_bracket(order[:n // 2], order[n // 2:], True,
                                                joined=True)
                times.append(time.perf_counter() - t0)
            d4 = [e for e in eng.events if isinstance(e, ev.B3Factor)]
            levels = sum(isinstance(e, ev.B3Level) for e in eng.events)
            limits = sum(e.kind == "search-limit" for e in eng.events)
            print(f"{n:>7} {value:>10} {statistics.median(times):>9.2f} {len(pairs):>5} "
                  f"{d4[-1].b3 if d4 else '-':>7} {levels:>6} {limits:>6}", flush=True)


if __name__ == "__main__":
    main()
