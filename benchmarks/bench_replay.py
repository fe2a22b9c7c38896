"""Wall time of ``dubov-explain replay`` on a tournament paired by another system.

The issue behind it (11): a 180-player, 11-round tournament paired by another engine kept
``replay`` busy for minutes without output, because every difference was explained with no
budget.  Replay now re-pairs every round at engine speed and explains differences only when
asked (``--explain FILE``), each round's explanation bounded by ``--budget`` seconds.

The tournament "paired by another system" is made here, not copied: our generator pairs a
180-player, 11-round tournament (``--regular``: no forfeits or byes), then several rounds are
perturbed legally.  In each chosen round, two boards with the same result (both won by
White, both won by Black, or both drawn) exchange their Black players when the two new pairs
never meet anywhere in the tournament.  Every player keeps their colour and their result, so
scores, colour histories and the absolute test are untouched; only who met whom changes,
which makes those rounds (and usually later ones) differ from our engine.

Each run is the command line a user types (``python -m dubov_explain replay FILE ...``) in a
fresh process, timed from outside; the median of ``--repeats`` runs is printed.

    PYTHONPATH=. python benchmarks/bench_replay.py
    PYTHONPATH=. python benchmarks/bench_replay.py --repeats 5 --budget 2 --keep /tmp/b
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dubov_explain.records import replace
from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.tournament.model import Tournament
from dubov_explain.trf.writer import write_trf


def perturb(t: Tournament, rounds: list[int], swaps: int, seed: int) -> tuple[Tournament, int]:
    """Exchange Black players between boards of equal result in ``rounds`` (see above).

    Returns the new tournament and the number of exchanges made."""
    rng = random.Random(seed)
    entries = {p.number: list(p.entries) for p in t.players}
    met = {frozenset((n, e.opponent)) for n, es in entries.items() for e in es
           if e.opponent is not None}
    done = 0
    for r in rounds:
        boards = sorted({(n, e.opponent) for n, es in entries.items()
                         for e in es[r - 1:r]
                         if e.opponent is not None and e.colour is not None
                         and e.colour.name == "WHITE"})
        rng.shuffle(boards)
        made = 0
        moved: set[int] = set()  # each board is exchanged at most once
        for i, (w1, b1) in enumerate(boards):
            if made >= swaps:
                break
            for w2, b2 in boards[i + 1:]:
                if {w1, b1, w2, b2} & moved:
                    continue
                if entries[w1][r - 1].code != entries[w2][r - 1].code:
                    continue
                new1, new2 = frozenset((w1, b2)), frozenset((w2, b1))
                if new1 in met or new2 in met:
                    continue
                met -= {frozenset((w1, b1)), frozenset((w2, b2))}
                met |= {new1, new2}
                entries[w1][r - 1] = replace(entries[w1][r - 1], opponent=b2)
                entries[b2][r - 1] = replace(entries[b2][r - 1], opponent=w1)
                entries[w2][r - 1] = replace(entries[w2][r - 1], opponent=b1)
                entries[b1][r - 1] = replace(entries[b1][r - 1], opponent=w2)
                moved |= {w1, b1, w2, b2}
                made += 1
                break
        done += made
    new_players = tuple(replace(p, entries=tuple(entries[p.number])) for p in t.players)
    return replace(t, players=new_players), done


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    return time.perf_counter() - t0, done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=180)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--perturb", default="2,4,6,8,10", metavar="R,R,...",
                    help="rounds whose pairings are changed (default 2,4,6,8,10)")
    ap.add_argument("--swaps", type=int, default=3, help="exchanges per perturbed round")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--budget", type=float, default=None,
                    help="--budget of the explained runs (default: replay's default)")
    ap.add_argument("--keep", metavar="DIR", help="keep the tournament and outputs here")
    a = ap.parse_args(argv)

    sim = simulate(a.players, a.rounds, a.seed, options=GeneratorOptions.quiet())
    rounds = [int(x) for x in a.perturb.split(",") if x.strip()]
    t, swaps = perturb(sim.tournament, rounds, a.swaps, a.seed)
    out = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="bench-replay-"))
    out.mkdir(parents=True, exist_ok=True)
    trf = out / f"other-{a.players}x{a.rounds}.trf"
    trf.write_text(write_trf(t), encoding="utf-8")
    print(f"{trf}: {a.players} players, {sim.rounds_played} rounds, {swaps} exchange(s) in "
          f"rounds {', '.join(map(str, rounds))}")

    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    base = [sys.executable, "-m", "dubov_explain", "replay", str(trf), "-j", "1"]
    explained = base + ["--explain", str(out / "explanation.txt")]
    if a.budget is not None:
        explained += ["--budget", str(a.budget)]
    for label, cmd in (("without --explain", base), ("with --explain", explained)):
        times = []
        for _ in range(a.repeats):
            secs, done = run(cmd, env)
            if done.returncode != 0:
                print(f"{label}: exit {done.returncode}\n{done.stderr}", file=sys.stderr)
                return 1
            times.append(secs)
        differ = done.stdout.count("Checker pairings")
        print(f"{label:>18}: median {statistics.median(times):6.2f} s over {a.repeats} run(s) "
              f"(min {min(times):.2f}, max {max(times):.2f}); {differ} round(s) differ")
    cut = (out / "explanation.txt").read_text(encoding="utf-8").count("cut short")
    print(f"explanations cut short by the budget: {cut} round(s)")
    if not a.keep:
        print(f"(files in {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
