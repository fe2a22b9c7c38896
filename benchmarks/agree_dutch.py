"""Agreement of the Dutch engines on tournaments bbpPairings' generator makes.

For each of N tournaments (seeds ``--seed``, ``--seed``+1, ...; players, rounds and rates
drawn from the seed alone, see ``tests/dutch_witness.py`` ``config_for_seed``) this

* runs ``bbpPairings --dutch -g CONFIG -o FILE -s SEED`` (12-90 players, 5-9 rounds,
  draws, forfeits, half-point and zero-point byes);
* reads the file with our TRF reader (a refusal is reported, with its location);
* for every middle round r (2 .. last-1) builds the request (the history before r and the
  round's pre-entered byes, ``XXR``, the initial colour as bbpPairings infers it), writes it
  with our TRF writer and pairs it with bbpPairings, py4swiss (when ``--py4swiss`` or
  ``DUBOV_PY4SWISS`` names it), a bbpPairings build of the 2017 rules (``--bbp2017``, tag
  v5.0.1: closer in time to our 2012 text) and our ``dutch-2012`` rulebook (when
  registered);
* checks that bbpPairings pairs the request exactly as it paired round r while generating
  (else our request lost something it needs: reported as "bbp self-consistency");
* runs our absolute test (when the rulebook exists) on every witness's pairing;
* prints, for every pair of engines, the rounds with the same pairs (colours ignored) and
  the same pairs and colours, and saves every disagreeing round (request, answers) under
  ``--out`` for classification.

    PYTHONPATH=. python benchmarks/agree_dutch.py --bbp /tmp/bbp/bbpPairings.exe \\
        --py4swiss /tmp/p4s/bin/py4swiss --bbp2017 /tmp/bbp-2017/bbpPairings.exe \\
        --count 24 --seed 1 --out /tmp/agree-dutch

``--write-corpus DIR --count 12`` instead writes the small committed corpus
(``tests/data/dutch-bbp``: 12-30 players) with its README.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import dutch_witness as dw  # noqa: E402
from dubov_explain.errors import DubovError  # noqa: E402


def pair_round(t, r, total, bbp, p4s, book, work: Path, tag: str, bbp2017=None):
    """Every engine's answer for round ``r`` of ``t``, and the request file."""
    req = dw.request(t, r, total)
    path = work / f"{tag}-r{r}.trf"
    path.write_text(dw.request_text(req), encoding="utf-8")
    answers = {"generated": dw.from_round(t, r)}
    trace = None
    for name, run in (("bbp", bbp and (lambda: dw.run_bbp(bbp, path))),
                      ("bbp2017", bbp2017 and (lambda: dw.run_bbp(bbp2017, path))),
                      ("py4swiss", p4s and (lambda: dw.run_py4swiss(p4s, path))),
                      ("ours", book is not None and (lambda: dw.pair_ours(book, req, r)))):
        if not run:
            continue
        t0 = time.perf_counter()
        got = run()
        SECONDS.setdefault(name, []).append(time.perf_counter() - t0)
        SLOWEST[name] = max(SLOWEST.get(name, (0.0, "")), (SECONDS[name][-1], f"{tag}-r{r}"))
        if name == "ours":
            got, trace = got
        answers[name] = got
    return req, path, answers, trace


#: engine -> seconds per round (a witness's time includes starting its process)
SECONDS: dict[str, list[float]] = {}
#: engine -> (seconds, round) of its slowest round
SLOWEST: dict[str, tuple[float, str]] = {}


def classify(book, req, r, ans, trace, name: str) -> list[str]:
    """Why ``name``'s pairing differs from ours, as facts: whether only colours differ,
    whether the PAB differs, whether
    the witness's PAB recipient had a half-point bye before (2012 B.1.b bars him, the 2025
    rules do not), and where our rulebook says the witness's pairing leaves its procedure
    (``analyse_departures``: kind, article, criterion)."""
    theirs, ours = ans[name], ans["ours"]
    tags = [] if not dw.same_pairs(theirs, ours) else ["same pairs, colours differ"]
    mine = set(ours.boards)
    for w, b in set(theirs.boards) - mine:
        if (b, w) not in mine:
            continue
        played = [sum(1 for e in req.player(n).entries if e.played) for n in (w, b)]
        gaps = [any(not e.played for e in req.player(n).entries) for n in (w, b)]
        if played == [0, 0]:
            tags.append("colours of two players without a game (2012 E.5 is for round 1 "
                        "only; 2017/2025 E.5 by pairing number)")
        elif any(gaps):
            tags.append("colours, a player with an unplayed round (2012 E.3 by rounds; "
                        "2017/2025 by games played)")
        else:
            tags.append("colours, other")
    if theirs.bye != ours.bye:
        tags.append("bye differs")
        if theirs.bye is not None and any(e.code == "H" for e in req.player(theirs.bye).entries):
            tags.append("witness PAB after an H (2012 B.1.b)")
        if theirs.bye is not None and ours.bye is not None:
            def unplayed(n):
                return sum(1 for e in req.player(n).entries if not e.played)
            if unplayed(theirs.bye) < unplayed(ours.bye):
                tags.append("witness PAB to fewer unplayed rounds (2017: unplayed = downfloat; "
                            "2025: C9)")
    if name == "bbp" and "bbp2017" in ans and ans["bbp2017"].ok:
        if dw.same_pairs(ans["bbp2017"], ours) and not dw.same_pairs(theirs, ours):
            tags.append("ours = the 2017 build's pairs (a 2017->2025 change)")
        elif dw.same_colours(ans["bbp2017"], ours):
            tags.append("ours = the 2017 build's pairs and colours (a 2017->2025 change)")
    try:
        for d in dw.departures(book, req, r, theirs, trace):
            tags.append(f"departure {d.kind} {d.article} {d.criterion}".rstrip())
    except Exception as exc:  # the rulebook is being written
        tags.append(f"departures unavailable ({type(exc).__name__})")
    return tags


class _WithReadings:
    """Our rulebook pairing every round under the readings of ``--reading``."""

    def __init__(self, book, values: dict):
        self._book, self._readings = book, book.readings(values)

    def __getattr__(self, name):
        return getattr(self._book, name)

    def pair(self, t, readings=None, round_no=None, forced=()):
        return self._book.pair(t, self._readings, round_no, forced)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bbp", default=os.environ.get("DUBOV_BBP") or "/tmp/bbp/bbpPairings.exe")
    ap.add_argument("--py4swiss", default=os.environ.get("DUBOV_PY4SWISS"))
    ap.add_argument("--bbp2017", help="a bbpPairings build of the 2017 rules (tag v5.0.1), "
                    "as a further witness")
    ap.add_argument("--count", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-players", type=int, default=12)
    ap.add_argument("--max-players", type=int, default=90)
    ap.add_argument("--out", default="/tmp/agree-dutch")
    ap.add_argument("--corpus", help="use the TRF files of this directory (bbp-generated) "
                    "instead of generating")
    ap.add_argument("--write-corpus", metavar="DIR")
    ap.add_argument("--system", default=dw.SYSTEM, help="our rulebook to compare (default "
                    "%(default)s; another one only exercises the harness)")
    ap.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                    help="pair ours under this reading (repeatable; the others at default)")
    args = ap.parse_args(argv)

    bbp = dw.executable(args.bbp)
    p4s = dw.executable(args.py4swiss)
    bbp2017 = dw.executable(args.bbp2017)
    if args.write_corpus:
        if not bbp:
            print(f"bbpPairings not found at {args.bbp}", file=sys.stderr)
            return 2
        return write_corpus(bbp, Path(args.write_corpus), args)
    book = dw.dutch_rulebook(args.system)
    if book is not None and args.reading:
        book = _WithReadings(book, dict(r.split("=", 1) for r in args.reading))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "disagreements").mkdir(exist_ok=True)
    work = out / "requests"
    work.mkdir(exist_ok=True)
    print(f"bbpPairings: {bbp or 'not available'}; py4swiss: {p4s or 'not available'}; "
          f"bbpPairings 2017: {bbp2017 or 'not available'}; "
          f"ours ({args.system}): {'registered' if book is not None else 'not available'}"
          + (f"; readings {', '.join(args.reading)}" if args.reading else ""))

    if args.corpus:
        files = [(p.stem, p) for p in sorted(Path(args.corpus).glob("*.trf"))]
    else:
        if not bbp:
            print("bbpPairings is needed to generate tournaments (--bbp)", file=sys.stderr)
            return 2
        files = []
        gen = out / "tournaments"
        gen.mkdir(exist_ok=True)
        for seed in range(args.seed, args.seed + args.count):
            cfg = dw.config_for_seed(seed, args.min_players, args.max_players)
            path = gen / f"s{seed:04d}.trf"
            r = dw.generate(bbp, cfg, seed, path)
            if r.returncode != 0:
                print(f"seed {seed}: generator exit {r.returncode}: {dw._last_line(r)}")
                continue
            files.append((f"s{seed:04d}", path))

    engines = ["generated", "bbp", "bbp2017", "py4swiss", "ours"]
    same = Counter()
    same_col = Counter()
    compared = Counter()
    status = Counter()
    illegal = Counter()
    illegal_rules = Counter()
    rounds = 0
    unreadable = []
    disagreements = []
    times = Counter()
    test_broken = ""
    reasons = Counter()
    for tag, path in files:
        try:
            t = dw.load(path)
        except DubovError as exc:
            unreadable.append((tag, str(exc)))
            continue
        total = dw.rounds_in(t)
        for r in dw.middle_rounds(total):
            rounds += 1
            t0 = time.perf_counter()
            req, req_path, ans, trace = pair_round(t, r, total, bbp, p4s, book, work, tag,
                                             bbp2017)
            times["all"] += time.perf_counter() - t0
            for name, a in ans.items():
                status[(name, a.status if not a.status.startswith("error") else "error")] += 1
            for a_name, b_name in combinations([e for e in engines if e in ans], 2):
                a, b = ans[a_name], ans[b_name]
                if a.ok and b.ok:
                    compared[(a_name, b_name)] += 1
                    same[(a_name, b_name)] += dw.same_pairs(a, b)
                    same_col[(a_name, b_name)] += dw.same_colours(a, b)
            found = {}
            if book is not None and not test_broken:
                for name in ("bbp", "bbp2017", "py4swiss", "generated"):
                    if name in ans and ans[name].ok:
                        try:
                            v = dw.violations(book, req, r, ans[name])
                        except Exception as exc:  # the rulebook is being written
                            test_broken = f"{type(exc).__name__}: {exc}"
                            break
                        if v:
                            illegal[name] += 1
                            for x in v:
                                illegal_rules[(name, x.rule, x.case, x.article)] += 1
                            found[name] = [f"{x.rule} {x.case} {x.article} {x.players}" for x in v]
            why = {}
            if "ours" in ans and ans["ours"].ok and trace is not None:
                for name in ("bbp", "bbp2017"):
                    if name in ans and ans[name].ok and not dw.same_colours(ans[name], ans["ours"]):
                        why[name] = classify(book, req, r, ans, trace, name)
                        for reason in sorted(set(why[name])):
                            reasons[(name, reason)] += 1
            oks = [a for a in ans.values() if a.ok]
            agree_all = (all(a.ok for a in ans.values())
                         and len({a.with_colours() for a in oks}) == 1)
            if not agree_all or found:
                disagreements.append(f"{tag}-r{r}")
                d = out / "disagreements" / f"{tag}-r{r}"
                d.mkdir(exist_ok=True)
                (d / "request.trf").write_text(req_path.read_text())
                (d / "answers.json").write_text(json.dumps({
                    "source": str(path), "round": r,
                    "answers": {k: v.text() for k, v in ans.items()},
                    "absolute_test": found,
                    "classification": why,
                    "differs": _differences(ans),
                }, indent=1, sort_keys=True) + "\n")
            else:
                req_path.unlink()
            for extra in (req_path.with_suffix(".bbp.txt"), req_path.with_suffix(".p4s.txt")):
                if extra.exists():
                    extra.unlink()

    print(f"tournaments: {len(files)} ({len(unreadable)} unreadable by our reader); "
          f"middle rounds: {rounds}")
    for tag, msg in unreadable:
        print(f"  unreadable {tag}: {msg}")
    print("answers:", ", ".join(f"{k[0]} {k[1]}: {v}" for k, v in sorted(status.items())))
    print("agreement (rounds where both answered):")
    for key in sorted(compared):
        n = compared[key]
        print(f"  {key[0]:>9} vs {key[1]:<9} {n:4d} rounds; same pairs {same[key]:4d} "
              f"({100 * same[key] / n:5.1f}%); same pairs and colours {same_col[key]:4d} "
              f"({100 * same_col[key] / n:5.1f}%)")
    if test_broken:
        print(f"our absolute test could not be run: {test_broken}")
    elif book is not None:
        print("our absolute test on the witnesses' pairings (rounds failing):",
              dict(illegal) or "none")
        for (name, rule, case, article), n in sorted(illegal_rules.items()):
            print(f"  {name}: {rule} {case} {article}: {n}")
    if reasons:
        print("disagreements with ours, classified (a round may count under several tags):")
        for (name, tag), n in sorted(reasons.items()):
            print(f"  {name}: {tag}: {n}")
    print(f"rounds with any disagreement or violation: {len(disagreements)} "
          f"(saved under {out / 'disagreements'})")
    print(f"time: {times['all']:.1f} s for all engines; per round, median (max): " + ", ".join(
        f"{k} {statistics.median(v):.3f} s ({max(v):.3f} s, {SLOWEST[k][1]})"
        for k, v in SECONDS.items()))
    print(f"peak memory of this process (ours, the harness): "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    (out / "summary.json").write_text(json.dumps({
        "tournaments": len(files), "middle_rounds": rounds,
        "compared": {f"{a} vs {b}": n for (a, b), n in compared.items()},
        "same_pairs": {f"{a} vs {b}": n for (a, b), n in same.items()},
        "same_pairs_and_colours": {f"{a} vs {b}": n for (a, b), n in same_col.items()},
        "illegal": dict(illegal), "disagreements": disagreements,
    }, indent=1, sort_keys=True) + "\n")
    return 0


def _differences(ans) -> dict:
    """For each engine, the boards (colours ignored) that not every engine has."""
    oks = {k: v for k, v in ans.items() if v.ok}
    if not oks:
        return {}
    common = frozenset.intersection(*(v.pairs() for v in oks.values()))
    return {k: sorted(str(sorted(x, key=str)) for x in v.pairs() - common) for k, v in oks.items()}


def write_corpus(bbp: str, out: Path, args) -> int:
    """The committed corpus: small tournaments, byte for byte as bbpPairings writes them."""
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    seed = args.seed
    made = 0
    while made < args.count:
        cfg = dw.config_for_seed(seed, 12, 30)
        path = out / f"bbp-s{seed:04d}.trf"
        r = dw.generate(bbp, cfg, seed, path)
        if r.returncode == 0:
            made += 1
            rows.append(f"| `{path.name}` | {seed} | {cfg.players} | {cfg.rounds} | "
                        f"{cfg.draw_percentage} | {cfg.forfeit_rate} | "
                        f"{cfg.half_point_bye_rate} | {cfg.retired_rate} |")
        else:
            print(f"seed {seed}: generator exit {r.returncode}: {dw._last_line(r)}")
            path.unlink(missing_ok=True)
        seed += 1
    readme = out / "README.md"
    readme.write_text(CORPUS_README.format(commit=dw.BBP_COMMIT, rows="\n".join(rows),
                                           seed=args.seed, count=args.count))
    print(f"{made} files written to {out}")
    return 0


CORPUS_README = """\
# Dutch tournaments generated by bbpPairings

Provenance: every file here was written, byte for byte, by bbpPairings' random tournament
generator (`BieremaBoyzProgramming/bbpPairings` at commit `{commit}`, built with `make`,
which implements the Dutch rules of 2025), with

    bbpPairings.exe --dutch -g CONFIG -o bbp-sSEED.trf -s SEED

where CONFIG holds `PlayersNumber`, `RoundsNumber`, `DrawPercentage`, `ForfeitRate`,
`HalfPointByeRate`, `RetiredRate` (zero-point byes), `HighestRating=2700`,
`LowestRating=1400`, drawn from the seed by `tests/dutch_witness.py` `config_for_seed(seed,
12, 30)`.  Regenerate with

    PYTHONPATH=. python benchmarks/agree_dutch.py --bbp /tmp/bbp/bbpPairings.exe \\
        --write-corpus tests/data/dutch-bbp --seed {seed} --count {count}

Every round of a file is bbpPairings' own pairing (2025 rules) of the history before it;
the files have CR line ends, no `XXR`/`142` and no initial colour, and say
`092 FIDE_DUTCH_2025`.  `tests/test_witness_dutch.py` reads them, and pairs their middle
rounds with our `dutch-2012` rulebook (no bbpPairings needed).

| file | seed | players | rounds | draw % | forfeit: 1 game in | H: 1 player in | Z: 1 player in |
|---|---|---|---|---|---|---|---|
{rows}
"""


if __name__ == "__main__":
    sys.exit(main())
