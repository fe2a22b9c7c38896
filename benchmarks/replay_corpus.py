"""Generate K tournaments and replay each one: differences, absolute violations, timing.

The FIDE procedure for a pairing program (``shared/reference/fide-endorsement.md`` 2.5,
4.3) starts with this self-consistency run: the program's own random tournament generator
makes a large batch, and its own free pairings checker must replay every file with zero
discrepancies.  Here each tournament

* gets its size from its seed (players and rounds drawn from the given ranges, default
  6-300 players and 5-11 rounds) and every irregularity the generator offers: forfeits
  (one-sided and double), games of less than one move, requested half- and zero-point
  byes, full-point byes (switched on), withdrawals, late entries, provisional ratings,
  rating ties, a drawn initial colour; every fourth tournament (by seed) uses three times
  the default rates of forfeits, byes, withdrawals and late entries;
* is written as TRF text and read back (the checker sees what a file holds);
* is replayed round by round (:func:`dubov_explain.explain.replay.replay_tournament`:
  absolute test, engine re-pairing, explanation of every difference).

A difference or violation here is an inconsistency between the generator and the
engine/checker; the first few are printed with their seed, round and explanation.  When
the generator stops because a round has no valid pairing (1.8.3: tiny fields late in a
long tournament), the request is searched exhaustively (up to 16 players to pair) for a
complete pairing that respects [C1]-[C3], XXP and [C2]; finding one would be an engine
bug.

    PYTHONPATH=. python benchmarks/replay_corpus.py --count 1000          # both cores
    PYTHONPATH=. python benchmarks/replay_corpus.py --count 50 --jobs 1 --seed 7
    PYTHONPATH=. python benchmarks/replay_corpus.py --count 50000 --dask tcp://scheduler:8786

``--dask`` runs the tournaments on Dask distributed (``pip install "dubov-explain[dask]"``;
``local`` for a LocalCluster of ``--jobs`` workers), with the same figures in the same
order as ``--jobs``.  The throughput line counts the CPU seconds of the work itself (each
tournament's ``time.process_time``), so that its "per core" figure holds on a shared or
loaded machine and tells how long a run takes on a cluster of C cores: tournaments divided
by (per core-hour figure times C).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from dubov_explain.records import replace

from dubov_explain.batch import ClusterError, Progress, default_jobs, parallel_map
from dubov_explain.explain.replay import replay_tournament
from dubov_explain.render.replay import explanation_text, report_text
from dubov_explain.simulate.batch import parse_range, sizes_for
from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.trf.reader import parse_trf
from dubov_explain.trf.writer import write_trf

BASE = GeneratorOptions(full_point_byes=True)
BUSY = replace(
    BASE,
    forfeit_rate=0.06, double_forfeit_rate=0.01, quick_game_rate=0.03, half_bye_rate=0.06,
    zero_bye_rate=0.06, full_bye_rate=0.03, withdrawal_rate=0.015, late_entry_rate=0.09,
    unrated_rate=0.15, rating_tie_rate=0.15,
)


@dataclass(frozen=True)
class Job:
    seed: int
    players: tuple[int, int]
    rounds: tuple[int, int]


@dataclass(frozen=True)
class Outcome:
    seed: int
    players: int
    rounds: int
    busy: bool
    rounds_checked: int
    stopped_round: int | None
    identical: int
    different: int
    illegal: int
    violations: int
    unexplained: int
    gen_seconds: float
    replay_seconds: float
    detail: str = ""
    #: CPU seconds of the whole job (generate, replay, stop check) in its worker
    cpu_seconds: float = 0.0
    error: str = ""
    #: for a generator stop (1.8.3): "confirmed" (exhaustive search found no pairing),
    #: "too large" to search, or the pairing found (an engine bug)
    stop_check: str = ""


def run(job: Job) -> Outcome:
    n, r = sizes_for(job.seed, job.players, job.rounds)
    busy = job.seed % 4 == 3
    options = BUSY if busy else BASE
    t0 = time.perf_counter()
    c0 = time.process_time()
    try:
        sim = simulate(n, r, job.seed, options=options)
        text = write_trf(sim.tournament)
        t1 = time.perf_counter()
        t = parse_trf(text, f"seed-{job.seed}.trf")
        res = replay_tournament(t, name=f"seed-{job.seed}")
    except Exception as exc:  # a crash is a finding too: report it with its seed
        import traceback

        return Outcome(job.seed, n, r, busy, 0, None, 0, 0, 0, 0, 0,
                       time.perf_counter() - t0, 0.0, cpu_seconds=time.process_time() - c0,
                       error=f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
    t2 = time.perf_counter()
    stop_check = ""
    if sim.stopped_round is not None:
        stop_check = confirm_impossible(sim.tournament, sim.stopped_round)
    detail = ""
    if res.different or res.illegal:
        detail = report_text(res) + explanation_text(res)
    return Outcome(job.seed, n, r, busy, len(res.rounds), sim.stopped_round, res.identical,
                   res.different, res.illegal, res.violations, res.unexplained, t1 - t0,
                   t2 - t1, detail, stop_check=stop_check,
                   cpu_seconds=time.process_time() - c0)


def confirm_impossible(request, r: int, limit: int = 16) -> str:
    """Search every pairing of round ``r`` of ``request`` (players <= ``limit``)."""
    from dubov_explain.rulebooks.dubov2025.criteria import Compatibility
    from dubov_explain.rulebooks.dubov2025.standings import compute_standings

    st = compute_standings(request, r)
    compat = Compatibility(st)
    present = sorted(p.number for p in st.players if p.present)
    if len(present) > limit:
        return "too large"
    byes = [None] if len(present) % 2 == 0 else [n for n in present if st[n].bye_eligible]

    def perfect(ps):
        if not ps:
            return []
        a = ps[0]
        for i in range(1, len(ps)):
            if compat(a, ps[i]):
                rest = perfect(ps[1:i] + ps[i + 1:])
                if rest is not None:
                    return [(a, ps[i])] + rest
        return None

    for b in byes:
        m = perfect([n for n in present if n != b])
        if m is not None:
            return f"ENGINE BUG: pairing {m} bye {b} exists"
    return "confirmed"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1, help="first seed (seeds S..S+K-1)")
    ap.add_argument("--players", default="6-300")
    ap.add_argument("--rounds", default="5-11")
    ap.add_argument("--jobs", type=int, default=default_jobs(),
                    help="worker processes (with --dask local: LocalCluster workers)")
    ap.add_argument("--dask", metavar="ADDRESS",
                    help="run on Dask distributed: a scheduler's address "
                    "(tcp://scheduler:8786) or 'local'")
    ap.add_argument("--show", type=int, default=3, help="print the first N findings in full")
    args = ap.parse_args(argv)
    players = parse_range(args.players, "--players")
    rounds = parse_range(args.rounds, "--rounds")
    jobs = [Job(args.seed + i, players, rounds) for i in range(args.count)]
    start = time.perf_counter()
    outs: list[Outcome] = []
    shown = 0
    try:
        with Progress(len(jobs), "replay corpus", sys.stderr) as progress:
            for o in parallel_map(run, jobs, max(1, args.jobs), dask=args.dask):
                outs.append(o)
                progress.update()
                if (o.error or o.detail) and shown < args.show:
                    shown += 1
                    progress.write(f"--- seed {o.seed} ({o.players} players, {o.rounds} "
                                   f"rounds, {'busy' if o.busy else 'default'} rates)\n"
                                   + (o.error or o.detail))
    except ClusterError as exc:
        print(f"replay_corpus: {exc}", file=sys.stderr)
        return exc.exit_code
    wall = time.perf_counter() - start
    rounds_checked = sum(o.rounds_checked for o in outs)
    diff_files = [o for o in outs if o.different or o.illegal]
    errors = [o for o in outs if o.error]
    gen = [o.gen_seconds for o in outs]
    rep = [o.replay_seconds for o in outs]
    sizes = [o.players for o in outs]
    print(f"tournaments         {len(outs)} (seeds {args.seed}-{args.seed + args.count - 1}; "
          f"{sum(o.busy for o in outs)} with busy rates)")
    print(f"players             {min(sizes)}-{max(sizes)} (mean {statistics.mean(sizes):.0f}); "
          f"rounds {min(o.rounds for o in outs)}-{max(o.rounds for o in outs)}")
    stops = [o for o in outs if o.stopped_round is not None]
    checks = {}
    for o in stops:
        checks[o.stop_check] = checks.get(o.stop_check, 0) + 1
    print(f"stopped early       {len(stops)} (a round with no valid pairing, 1.8.3; exhaustive "
          f"search: {', '.join(f'{v} {k}' for k, v in sorted(checks.items())) or 'none'})")
    wrong_stops = [o for o in stops if o.stop_check.startswith("ENGINE BUG")]
    for o in wrong_stops[:5]:
        print(f"  seed {o.seed}: {o.stop_check}")
    print(f"rounds replayed     {rounds_checked}")
    print(f"identical rounds    {sum(o.identical for o in outs)}")
    print(f"different rounds    {sum(o.different for o in outs)} "
          f"(in {len(diff_files)} tournaments)")
    print(f"illegal rounds      {sum(o.illegal for o in outs)}")
    print(f"absolute violations {sum(o.violations for o in outs)}")
    print(f"engine disagreements {sum(o.unexplained for o in outs)}")
    print(f"crashes             {len(errors)}"
          + (f" (seeds {', '.join(str(o.seed) for o in errors[:10])})" if errors else ""))
    if diff_files:
        print(f"seeds with findings {', '.join(str(o.seed) for o in diff_files[:20])}")
    engine = (f"Dask {args.dask}" + (f" ({args.jobs} workers)" if args.dask == "local" else "")
              if args.dask else f"{args.jobs} worker(s)")
    print(f"time                wall {wall:.1f} s on {engine}; per tournament: "
          f"generate mean {statistics.mean(gen):.2f} s (max {max(gen):.2f}), replay mean "
          f"{statistics.mean(rep):.2f} s (max {max(rep):.2f}); "
          f"{rounds_checked / max(sum(rep), 1e-9):.1f} rounds replayed per CPU second")
    cpu = sum(o.cpu_seconds for o in outs)
    print(f"throughput          {len(outs) / wall:.2f} tournaments/s wall; {cpu:.1f} CPU s of "
          f"work: {len(outs) / max(cpu, 1e-9) * 3600:.0f} tournaments and "
          f"{rounds_checked / max(cpu, 1e-9) * 3600:.0f} rounds per core-hour")
    return 1 if (diff_files or errors or wrong_stops) else 0


if __name__ == "__main__":
    sys.exit(main())
