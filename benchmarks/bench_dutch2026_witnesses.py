"""``dutch-2026`` against the witnesses' whole processes: bbpPairings v6.0.0 and Gacrux.

Per field size: the median wall and CPU seconds and the peak resident memory of

* ``python -m dubov_explain pair --system dutch-2026 FILE`` (this project),
* ``bbpPairings.exe --dutch FILE -p OUT`` (v6.0.0, built from its source; ``--bbp``),
* ``python -m gacrux.pairingchecker -p -m dutch -i FILE -f TRF -n ROUND -d T`` (Gacrux),

run in turn (paired runs: each repeat runs the three one after the other, so a load on the
machine weighs on all of them alike), and the ratios of the medians.  The fields are those of
``bench_rulebooks.py`` (round 1 or round 2, N players).  A witness that is absent is skipped.
Whether the three pairings agree is printed too (the boards as sets of pairs and the bye).

    PYTHONPATH=. python benchmarks/bench_dutch2026_witnesses.py --sizes 1000 --round 2
    PYTHONPATH=. python benchmarks/bench_dutch2026_witnesses.py --bbp PATH --no-gacrux
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_rulebooks import field  # noqa: E402

from dubov_explain.trf.writer import write_trf  # noqa: E402

BBP = "/work/witness/src/v6.0.0/build/bbpPairings.exe"


def measure(cmd: list[str], out: str | None = None) -> tuple[float, float, int, int, str]:
    """(wall s, CPU s, peak RSS KiB, exit code, stdout or the file ``out``) of one process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                            text=True)
    text = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.stdout.close()
    if out is not None and os.path.exists(out):
        text = Path(out).read_text()
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss,
            os.waitstatus_to_exitcode(status), text)


def boards(text: str) -> frozenset:
    """The pairing in the JaVaFo format (count, then ``white black`` lines; 0 = the bye),
    as a set of unordered pairs."""
    lines = [ln.split() for ln in text.strip().splitlines()[1:] if ln.strip()]
    return frozenset(frozenset(map(int, ln[:2])) for ln in lines if len(ln) >= 2)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000")
    ap.add_argument("--round", type=int, default=2, choices=(1, 2))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--bbp", default=BBP, help="the bbpPairings v6.0.0 executable")
    ap.add_argument("--no-gacrux", action="store_true")
    args = ap.parse_args(argv)
    gacrux = not args.no_gacrux and importlib.util.find_spec("gacrux") is not None
    bbp = args.bbp if os.path.exists(args.bbp) else None
    print(f"{'size':>6} {'program':12} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} "
          f"{'exit':>4} {'CPU / ours':>10} {'same pairs':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in map(int, args.sizes.split(",")):
            path = os.path.join(tmp, f"r{args.round}-{n}.trf")
            Path(path).write_text(write_trf(field(n, args.round), "trfx"))
            out = os.path.join(tmp, "bbp-out.txt")
            programs = {"dutch-2026": ([sys.executable, "-m", "dubov_explain", "pair",
                                        "--system", "dutch-2026", path], None)}
            if bbp:
                programs["bbpPairings6"] = ([bbp, "--dutch", path, "-p", out], out)
            if gacrux:
                programs["gacrux"] = ([sys.executable, "-m", "gacrux.pairingchecker", "-p",
                                       "-m", "dutch", "-i", path, "-f", "TRF", "-n",
                                       str(args.round), "-d", "T"], None)
            runs: dict[str, list] = {name: [] for name in programs}
            for _ in range(args.repeats):
                for name, (cmd, o) in programs.items():
                    if o and os.path.exists(o):
                        os.remove(o)
                    runs[name].append(measure(cmd, o))
            ours = statistics.median(r[1] for r in runs["dutch-2026"])
            mine = boards(runs["dutch-2026"][-1][4])
            for name, rs in runs.items():
                cpu = statistics.median(r[1] for r in rs)
                wall = statistics.median(r[0] for r in rs)
                peak = max(r[2] for r in rs) / 1024
                same = "yes" if boards(rs[-1][4]) == mine else "no"
                print(f"{n:6} {name:12} {wall:8.2f} {cpu:8.2f} {peak:9.1f} {rs[-1][3]:4} "
                      f"{cpu / ours if ours else 0:10.2f} {same:>10}", flush=True)


if __name__ == "__main__":
    main()
