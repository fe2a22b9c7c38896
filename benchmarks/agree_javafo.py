"""Agreement of ``dutch-2012`` with JaVaFo 1.4, the engine FIDE endorsed for the 2012 rules.

Every file of the corpus (``tests/data/dutch-javafo/`` by default, grown by
``tests/javafo_witness.py``: every round JaVaFo's pairing of the history before it) is read
with our TRF reader; every middle round r (2 .. last-1) is paired by ``dutch-2012`` from the
history before r (with the round's byes entered before it) and compared with the pairing the
file holds.  Printed: rounds, same pairing (pairs and colours), same pairs (colours
ignored), differing rounds, absolute violations (our absolute test, on our pairing and on
JaVaFo's), our median time a round; with ``--show`` every differing round.

    PYTHONPATH=. python benchmarks/agree_javafo.py [--corpus DIR] [--reading NAME=VALUE]
        [--show] [--out FILE.json]
    DUBOV_JAVAFO=/path/javafo.jar PYTHONPATH=. python benchmarks/agree_javafo.py \\
        --grow 1-40 --corpus DIR        # grows the corpus first (JaVaFo pairs every round)

No Java is needed to compare: the files hold JaVaFo's pairings.  ``--probe`` (with
``DUBOV_JAVAFO``) also pairs small rounds of our own generator with JaVaFo: denser histories,
where the requirements are lowered (C.10-C.14) far more often than in the corpus.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import dutch_witness as dw  # noqa: E402
import javafo_witness as jw  # noqa: E402
from dubov_explain.rulebooks import find_rulebook  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "dutch-javafo"


def compare(files, readings=None, show=False):
    """The agreement figures over ``files`` and the differing rounds."""
    book = find_rulebook(dw.SYSTEM)
    chosen = book.readings_type.from_pairs(dict(readings or ()))
    rows, times = [], []
    counts = {"files": 0, "rounds": 0, "same pairing": 0, "same pairs": 0, "differ": 0,
              "ours violates": 0, "javafo violates": 0, "ours failed": 0, "players": []}
    for path in files:
        t = dw.load(path)
        total = dw.rounds_in(t)
        counts["files"] += 1
        counts["players"].append(len(t.players))
        for r in dw.middle_rounds(total):
            req = dw.request(t, r, total)
            theirs = dw.from_round(t, r)
            start = time.perf_counter()
            try:
                trace = book.pair(req, chosen, round_no=r)
                res = trace.result
                ours = dw.Answer("ok", tuple(tuple(b) for b in res.boards), res.bye) \
                    if hasattr(res, "boards") else dw.Answer("no pairing")
            except Exception as exc:  # reported, not raised: a harness
                ours = dw.Answer(f"error: {type(exc).__name__}: {exc}")
            times.append(time.perf_counter() - start)
            counts["rounds"] += 1
            if not ours.ok:
                counts["ours failed"] += 1
            if dw.same_colours(ours, theirs):
                counts["same pairing"] += 1
            if dw.same_pairs(ours, theirs):
                counts["same pairs"] += 1
            else:
                counts["differ"] += 1
            vo = dw.violations(book, req, r, ours) if ours.ok else []
            vt = dw.violations(book, req, r, theirs)
            counts["ours violates"] += bool(vo)
            counts["javafo violates"] += bool(vt)
            if not dw.same_colours(ours, theirs):
                mine = {frozenset(b) for b in ours.boards}
                only_ours = sorted(sorted(q) for q in mine - {frozenset(b) for b in theirs.boards})
                rows.append({"file": path.name, "round": r, "players": len(t.players),
                             "colours only": dw.same_pairs(ours, theirs),
                             "ours": ours.text(), "javafo": theirs.text(),
                             "ours only": [list(p) for p in only_ours],
                             "violations": [str(v) for v in vo + vt]})
                if show:
                    print(f"{path.name} r{r}: {'colours' if rows[-1]['colours only'] else 'pairs'}"
                          f" ours-only {rows[-1]['ours only']}")
    counts["median ms"] = round(1000 * statistics.median(times), 1) if times else None
    return counts, rows


def probe(jar: str, sizes=range(7, 13), seeds=range(1, 40)):
    """Small rounds of tournaments our own generator makes (7-12 players, up to 7 rounds:
    dense histories, so requirements are lowered often), each paired by us and by JaVaFo
    (the request in its dialect): (rounds, same pairs, [(round, the steps C.10-C.14 our
    trace went through)] where the pairs differ)."""
    import tempfile

    from dubov_explain.simulate.generator import GeneratorOptions, simulate
    from dubov_explain.trace.events import Impossible
    from dubov_explain.trf.writer import write_trf

    n = same = 0
    differ = []
    with tempfile.TemporaryDirectory() as d:
        for players in sizes:
            for seed in seeds:
                opts = GeneratorOptions(forfeit_rate=0.04, half_bye_rate=0.04) if seed % 2 \
                    else GeneratorOptions.quiet()
                sim = simulate(players, min(7, players - 1), seed, options=opts,
                               system=dw.SYSTEM, keep_rounds=True)
                for rec in sim.rounds:
                    tr = rec.trace
                    if rec.round < 2 or isinstance(tr.result, Impossible):
                        continue
                    f = Path(d) / f"p{players}-s{seed}-r{rec.round}.trf"
                    f.write_text(jw.dialect(write_trf(rec.request, "trfx")))
                    theirs = jw.run_javafo(jar, f)
                    if not theirs.ok:
                        continue
                    n += 1
                    ours = dw.Answer("ok", tuple(tuple(b) for b in tr.result.boards),
                                     tr.result.bye)
                    if dw.same_pairs(ours, theirs):
                        same += 1
                    else:
                        steps = sorted({e.next_step for e in tr.events
                                        if e.kind == "requirements-failed"})
                        differ.append((f.stem, steps))
    return n, same, differ


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--grow", metavar="A-B", help="grow seeds A..B with JaVaFo first")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--probe", action="store_true", help="also pair small rounds of our "
                    "generator with JaVaFo (DUBOV_JAVAFO) and list where the pairs differ")
    ap.add_argument("--out", type=Path)
    a = ap.parse_args(argv)
    if a.grow:
        jar = jw.javafo_jar()
        if jar is None:
            print("--grow needs DUBOV_JAVAFO (the jar) and java on the PATH", file=sys.stderr)
            return 2
        lo, hi = (int(x) for x in a.grow.split("-"))
        jw.grow_corpus(jar, range(lo, hi + 1), a.corpus)
    files = sorted(a.corpus.glob("*.trf"))
    readings = [tuple(x.split("=", 1)) for x in a.reading]
    counts, rows = compare(files, readings, a.show)
    players = counts.pop("players")
    n = counts["rounds"] or 1
    print(f"JaVaFo 1.4 agreement, {counts['files']} files ({min(players, default=0)}-"
          f"{max(players, default=0)} players), {counts['rounds']} middle rounds"
          + (f", readings {' '.join(a.reading)}" if a.reading else ""))
    for k in ("same pairing", "same pairs", "differ", "ours failed", "ours violates",
              "javafo violates"):
        print(f"  {k:16s} {counts[k]:5d}  ({100 * counts[k] / n:.1f} %)")
    print(f"  ours: median {counts['median ms']} ms a round")
    if a.out:
        a.out.write_text(json.dumps({"counts": counts, "differences": rows}, indent=1))
    if a.probe:
        jar = jw.javafo_jar()
        if jar is None:
            print("--probe needs DUBOV_JAVAFO (the jar) and java on the PATH", file=sys.stderr)
            return 2
        rounds, same, differ = probe(jar)
        print(f"small generated rounds: {rounds}, same pairs as JaVaFo {same}, differ "
              f"{len(differ)}")
        for name, steps in differ:
            print(f"  {name}: our trace lowered requirements by {', '.join(steps) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
