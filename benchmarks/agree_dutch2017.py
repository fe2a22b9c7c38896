"""Agreement of dutch-2017 with bbpPairings v5.0.1 (the Dutch rules of 2017; build it from
the tag ``v5.0.1``) on generated tournaments: each middle round's request paired by
bbpPairings v5.0.1 and by us; prints every disagreement (both pairings, and where the
witness's pairing leaves our procedure: the first criterion of section C on which ours is
better, by our analysis), the counts, and the median seconds per round.

    PYTHONPATH=. python benchmarks/agree_dutch2017.py --bbp PATH [--count N] [--seed S]
        [--ours] [FILE.trf ...]

Without files, ``--count`` tournaments (default 20) are generated from seeds S, S+1, ... by
bbpPairings v5.0.1's own generator (``--dutch -g``, the configuration of
``tests/dutch_witness.config_for_seed``: 12-90 players, 5-9 rounds, draws, forfeits,
half-point and zero-point byes), so every round was paired by the 2017 rules; with
``--ours``, by the project's generator (``dubov_explain.simulate``, paired by dutch-2017:
6-60 players, 5-11 rounds, its default forfeits, byes of every kind, withdrawals and late
entries).  The binary is ``--bbp`` or the environment's ``DUBOV_BBP5``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from dutch_witness import (config_for_seed, departures, executable, generate, load,  # noqa: E402
                           middle_rounds, pair_ours, request, request_text, rounds_in,
                           run_bbp, violations)

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402


def main(argv: list[str]) -> int:
    bbp = None
    count, seed = 20, 5000
    mine = False
    files: list[Path] = []
    it = iter(argv)
    for a in it:
        if a == "--bbp":
            bbp = next(it)
        elif a == "--count":
            count = int(next(it))
        elif a == "--seed":
            seed = int(next(it))
        elif a == "--ours":
            mine = True
        else:
            files.append(Path(a))
    bbp = executable(bbp or os.environ.get("DUBOV_BBP5"))
    if bbp is None:
        print("no bbpPairings v5.0.1 binary: give --bbp PATH or set DUBOV_BBP5")
        return 0
    book = find_rulebook("dutch-2017")
    rounds = same = colours = 0
    t_ours, t_bbp = [], []
    with tempfile.TemporaryDirectory() as d:
        if not files and mine:
            for s in range(seed, seed + count):
                rng = random.Random(s)
                t = simulate(rng.randint(6, 60), rng.randint(5, 11), s, system="dutch-2017",
                             options=GeneratorOptions(full_bye_rate=0.02)).tournament
                out = Path(d) / f"ours-{s}.trf"
                out.write_text(write_trf(t, "trfx"), encoding="utf-8")
                files.append(out)
        if not files:
            for s in range(seed, seed + count):
                out = Path(d) / f"gen-{s}.trf"
                r = generate(bbp, config_for_seed(s), s, out)
                if r.returncode == 0 and out.exists():
                    files.append(out)
                else:
                    print(f"seed {s}: the generator failed (exit {r.returncode})")
        for f in files:
            t = load(f)
            total = rounds_in(t)
            for r in middle_rounds(total):
                req = request(t, r, total)
                p = Path(d) / "req.trf"
                p.write_text(request_text(req), encoding="utf-8")
                t0 = time.perf_counter()
                theirs = run_bbp(bbp, p)
                t_bbp.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                ours, trace = pair_ours(book, req, r)
                t_ours.append(time.perf_counter() - t0)
                rounds += 1
                same += ours.ok and theirs.ok and ours.pairs() == theirs.pairs()
                ok = ours.ok and theirs.ok and ours.with_colours() == theirs.with_colours()
                colours += ok
                if not ok:
                    why = ""
                    if theirs.ok and trace is not None:
                        bad = violations(book, req, r, theirs)
                        why = ("illegal for us: " + ", ".join(v.rule for v in bad)) if bad else \
                            "; ".join(f"{x.kind} {x.score or ''} {x.criterion}".strip()
                                      for x in departures(book, req, r, theirs, trace))
                    print(f"{f.name} round {r} of {total}:\n  ours {ours.text()}\n"
                          f"  bbp5 {theirs.text()}\n  {why}", flush=True)
    print(f"rounds {rounds}: same pairs {same}, same pairs and colours {colours}"
          + (f" ({100 * colours / rounds:.2f} %)" if rounds else ""))
    if t_ours:
        print(f"median seconds per round: ours {statistics.median(t_ours):.3f} (in process, "
              f"max {max(t_ours):.3f}); bbpPairings v5.0.1 {statistics.median(t_bbp):.3f} "
              "(a process)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
