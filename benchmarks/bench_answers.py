"""CPU time and peak memory of every question one asks of a round, per field size and
rulebook (printed, not asserted): the whole process of each command, as an arbiter runs it.

For each size a tournament is generated once (``generate --players N --rounds R --seed S``,
paired by Dubov 2025, as the open a complaint came from) into ``--dir``; the questions are
asked of round ``--round`` (a round already in the file: ``check`` then checks the file's
own pairing, which another rulebook pairs otherwise), each in a process of its own:

    page      explain F --round r --player P
    reply     explain F --round r --player P --reply
    against   explain F --round r --player Q --against 7
    colour    explain F --round r --player P --colour
    bye       explain F --round r --player P --bye
    float     explain F --round r --player P --float
    check     check F --round r
    report    pair F --round r --format md
    steps     pair F --round r --step-through FILE.html
    compare   compare F --round r --reading NAME=OTHER (the rulebook's first reading)

P is the player at 30 % of the field, Q at 50 % (player 300 and 500 of 999).  The table
shows the median CPU seconds (user + system, of the process and its children) over
``--repeats`` runs and the peak resident set of the runs; a run killed at ``--limit``
seconds of CPU is shown as ``>limit``.

    PYTHONPATH=. python benchmarks/bench_answers.py
    PYTHONPATH=. python benchmarks/bench_answers.py --sizes 100,999 --systems dubov-2025
    PYTHONPATH=. python benchmarks/bench_answers.py --sizes 9999 --repeats 1 --limit 120
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

SYSTEMS = ("dubov-2026", "dubov-2025", "dubov-1997", "dutch-2026", "dutch-2017", "dutch-2012",
           "swiss-rating-1992")
KINDS = ("page", "reply", "against", "colour", "bye", "float", "check", "report", "steps",
         "compare")


def command(kind: str, f: Path, r: int, n: int, system: str, out: Path) -> list[str]:
    p, q = max(1, round(0.3 * n)), max(1, round(0.5 * n))
    base = ["--round", str(r), "--system", system]
    return {
        "page": ["explain", str(f), "--player", str(p)] + base,
        "reply": ["explain", str(f), "--player", str(p), "--reply"] + base,
        "against": ["explain", str(f), "--player", str(q), "--against", "7"] + base,
        "colour": ["explain", str(f), "--player", str(p), "--colour"] + base,
        "bye": ["explain", str(f), "--player", str(p), "--bye"] + base,
        "float": ["explain", str(f), "--player", str(p), "--float"] + base,
        "check": ["check", str(f)] + base,
        "report": ["pair", str(f), "--format", "md"] + base,
        "steps": ["pair", str(f), "-o", os.devnull, "--step-through", str(out)] + base,
        "compare": ["compare", str(f), "--reading", other_reading(system)] + base,
    }[kind]


def other_reading(system: str) -> str:
    from dubov_explain.rulebooks import find_rulebook

    r = find_rulebook(system).catalogue[0]
    return f"{r.name}={next(c for c in r.choices if c != r.default)}"


def run(args: list[str], limit: float) -> tuple[float, float, int]:
    """``(cpu seconds, peak RSS in MB, exit code)`` of one command in its own process."""
    env = dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", "."))

    def cap():
        resource.setrlimit(resource.RLIMIT_CPU, (int(limit), int(limit) + 1))

    proc = subprocess.Popen([sys.executable, "-m", "dubov_explain", *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=cap)
    _, status, usage = os.wait4(proc.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,999")
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--round", type=int, default=7, help="the round asked about")
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--limit", type=float, default=60.0, help="CPU seconds before a run is killed")
    ap.add_argument("--dir", default="/tmp/bench_answers", help="where the tournaments are written")
    args = ap.parse_args(argv)
    d = Path(args.dir)
    d.mkdir(parents=True, exist_ok=True)
    print(f"Python {sys.version.split()[0]}; round {args.round} of generate --rounds {args.rounds} "
          f"--seed {args.seed}; median CPU s (user+sys, whole process) of {args.repeats} run(s), "
          f"peak RSS; exit: the command's code (check: 0 same, 6 legal but different)")
    header = f"{'players':>7} {'system':<18} {'question':<8} {'CPU s':>8} {'peak MB':>8} {'exit':>4}"
    print(header)
    print("-" * len(header))
    for n in (int(x) for x in args.sizes.split(",")):
        f = d / f"open{n}-r{args.rounds}-s{args.seed}.trf"
        if not f.exists():
            subprocess.run([sys.executable, "-m", "dubov_explain", "generate", "--players", str(n),
                            "--rounds", str(args.rounds), "--seed", str(args.seed), "-o", str(f)],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for system in args.systems.split(","):
            for kind in args.kinds.split(","):
                cmd = command(kind, f, args.round, n, system, d / "steps.html")
                runs = [run(cmd, args.limit) for _ in range(args.repeats)]
                cpu = statistics.median(c for c, _, _ in runs)
                peak = max(m for _, m, _ in runs)
                killed = any(code < 0 for _, _, code in runs)
                shown = f">{args.limit:g}" if killed else f"{cpu:.2f}"
                code = runs[-1][2]
                print(f"{n:>7} {system:<18} {kind:<8} {shown:>8} {peak:>8.0f} {code:>4}", flush=True)


if __name__ == "__main__":
    main()
