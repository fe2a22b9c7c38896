"""``generate --regular`` of a whole tournament in every rulebook: the whole process.

Issue 29 asks that ``generate --regular --players 30 --rounds 25 --seed 1`` (30 players, 25
rounds, no forfeits, byes or absences: every round paired by the engine, the late rounds
full of players who have met) complete within 60 s in every rulebook.  Per rulebook: the
median wall and CPU seconds over ``--repeats`` fresh processes, the peak resident memory
of the child (``ru_maxrss``) and its exit code.

    PYTHONPATH=. python benchmarks/bench_generate.py
    PYTHONPATH=. python benchmarks/bench_generate.py --systems dutch-2012 --repeats 3
    PYTHONPATH=. python benchmarks/bench_generate.py --players 60 --rounds 30
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = ("dubov-2026", "dubov-2025", "dubov-1997", "dutch-2026", "dutch-2017", "dutch-2012",
           "swiss-rating-1992")


def run_once(system: str, players: int, rounds: int, seed: int, out: str):
    """(wall s, CPU s, peak RSS KiB, exit code) of one ``generate``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "dubov_explain", "generate", "--regular", "--players",
           str(players), "--rounds", str(rounds), "--seed", str(seed), "--system", system,
           "-o", out]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss,
            os.waitstatus_to_exitcode(status))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    ap.add_argument("--players", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=25)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"generate --regular --players {args.players} --rounds {args.rounds} "
          f"--seed {args.seed}: whole process, median of {args.repeats}")
    print(f"{'system':<18} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'exit':>5}")
    with tempfile.TemporaryDirectory() as d:
        for system in args.systems.split(","):
            runs = [run_once(system, args.players, args.rounds, args.seed,
                             str(Path(d) / f"{system}.trf")) for _ in range(args.repeats)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs) / 1024
            codes = sorted({r[3] for r in runs})
            print(f"{system:<18} {wall:8.2f} {cpu:8.2f} {peak:9.0f} "
                  f"{','.join(map(str, codes)):>5}", flush=True)


if __name__ == "__main__":
    main()
