"""Every rulebook at 100, 1,000, 5,000 and 9,999 players: the whole process of ``pair``.

Per rulebook and size: the median wall and CPU seconds of ``python -m dubov_explain pair
--system S FILE`` over ``--repeats`` runs (a fresh process each: reading, standings,
pairing, output), the peak resident memory of the process (``ru_maxrss`` of the child),
and the growth exponent of the CPU time between two sizes (the slope of log time against
log players).  The rounds are built here, reproducibly:

* ``round 1``: N players rated 2700 down to 1200, no history;
* ``round 2``: round 1 paired 1-(h+1), 2-(h+2), ... (White alternating), boards won by the
  higher-ranked player, the lower-ranked one or drawn in turn (three score groups, colour
  preferences on both sides).

    PYTHONPATH=. python benchmarks/bench_rulebooks.py
    PYTHONPATH=. python benchmarks/bench_rulebooks.py --sizes 100,1000 --round 2 --repeats 3
    PYTHONPATH=. python benchmarks/bench_rulebooks.py --systems dutch-2012 --files DIR/*.trf
    PYTHONPATH=. python benchmarks/bench_rulebooks.py --adversarial --repeats 1
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dubov_explain.tournament.model import COMPLEMENT, Colour, Player, RoundEntry, Scoring, Tournament  # noqa: E402,E501
from dubov_explain.trf.writer import write_trf  # noqa: E402

from dubov_explain.rulebooks import RULEBOOKS  # noqa: E402

SYSTEMS = tuple(RULEBOOKS)  # every registered rulebook (the default: all of them)
SIZES = (100, 1000, 5000, 9999)


def field(n: int, round_no: int) -> Tournament:
    """The request of ``round_no`` (1 or 2) for ``n`` players (module docstring)."""
    ratings = [2700 - (i * 1500) // n for i in range(n)]
    entries: dict[int, list] = {i: [] for i in range(1, n + 1)}
    if round_no == 2:
        h = n // 2
        for i in range(1, h + 1):
            w, b = (i, h + i) if i % 2 else (h + i, i)
            res = ("1" if w == i else "0", "0" if w == i else "1", "=")[i % 3]
            entries[w].append(RoundEntry(b, Colour.WHITE, res))
            entries[b].append(RoundEntry(w, Colour.BLACK, COMPLEMENT[res]))
        if n % 2:
            entries[n].append(RoundEntry(None, None, "U"))
    scoring = Scoring()
    players = tuple(
        Player(number=i, name=f"P{i}", rating=ratings[i - 1],
               points=sum((scoring.points(e) for e in entries[i]), Fraction(0)),
               entries=tuple(entries[i]))
        for i in range(1, n + 1))
    return Tournament(players=players, total_rounds=9, initial_colour=Colour.WHITE)


def run_once(system: str, path: str) -> tuple[float, float, int, int]:
    """(wall s, CPU s, peak RSS KiB, exit code) of one whole ``pair`` process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "dubov_explain", "pair", "--system", system,
                             path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, proc.returncode


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--round", type=int, default=1, choices=(1, 2))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--files", nargs="*", default=(), help="time these TRF files instead")
    ap.add_argument("--adversarial", action="store_true",
                    help="time issue 28's adversarial rounds instead (tests/adversarial_cases.py)")
    args = ap.parse_args(argv)
    systems = args.systems.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        if args.files:
            cases = [(Path(f).stem, f, None) for f in args.files]
        elif args.adversarial:
            sys.path.insert(0, str(ROOT / "tests"))
            from tests import adversarial_cases

            cases = []
            for name, build in adversarial_cases.ISSUE28.items():
                t, _ = build()  # the request: its next round is the round to pair
                path = os.path.join(tmp, f"{name}.trf")
                Path(path).write_text(write_trf(t, "trfx"))
                cases.append((name, path, None))
        else:
            cases = []
            for n in map(int, args.sizes.split(",")):
                path = os.path.join(tmp, f"r{args.round}-{n}.trf")
                Path(path).write_text(write_trf(field(n, args.round), "trfx"))
                cases.append((f"{n} players, round {args.round}", path, n))
        print(f"{'rulebook':18} {'case':26} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} "
              f"{'exit':>4} {'exponent':>8}")
        for system in systems:
            prev = None
            for label, path, n in cases:
                runs = [run_once(system, path) for _ in range(args.repeats)]
                wall = statistics.median(r[0] for r in runs)
                cpu = statistics.median(r[1] for r in runs)
                peak = max(r[2] for r in runs) / 1024
                code = runs[-1][3]
                exp = ""
                if prev is not None and n is not None and cpu > 0 and prev[1] > 0:
                    exp = f"{math.log(cpu / prev[1]) / math.log(n / prev[0]):.2f}"
                print(f"{system:18} {label:26} {wall:8.2f} {cpu:8.2f} {peak:9.1f} {code:4} "
                      f"{exp:>8}", flush=True)
                if n is not None:
                    prev = (n, cpu)


if __name__ == "__main__":
    main()
