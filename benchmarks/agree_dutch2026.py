"""Agreement of dutch-2026 with Gacrux (PyPI ``gacrux``, FIDE's Technical Commission's
reference engine) on TRF files: each round's request paired by Gacrux once and by us under
the default readings and under each reading set given; prints the counts per set, every
disagreement of the defaults (and whether a reading set pairs it as Gacrux), and the median
seconds per round of each engine.

    PYTHONPATH=. python benchmarks/agree_dutch2026.py FILE.trf ... [--all-rounds]
        [--also NAME=VALUE[,NAME=VALUE]] ...

Files: the bbpPairings corpus (``tests/data/dutch-bbp``) or tournaments of ``dubov-explain
generate --system dutch-2026`` (or of another engine: any history is a request).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from dutch_witness import Answer, load, request, request_text, rounds_in  # noqa: E402
from gacrux_dutch import available, gacrux_pairing  # noqa: E402

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.trace.events import PairingPublished  # noqa: E402


def ours(book, req, readings, r) -> Answer:
    res = book.pair(req, readings, round_no=r).result
    return Answer("ok", tuple(res.boards), res.bye) if isinstance(res, PairingPublished) \
        else Answer("no pairing")


def agree(a: Answer, g: Answer) -> tuple[bool, bool]:
    """(same pairs, same pairs and colours); both without a pairing count as agreeing."""
    if not a.ok:
        none = not g.ok or (not g.boards and g.bye is None)
        return none, none
    return g.ok and a.pairs() == g.pairs(), g.ok and a.with_colours() == g.with_colours()


def main(argv: list[str]) -> int:
    if not available():
        print("gacrux is not installed: pip install gacrux")
        return 0
    every = "--all-rounds" in argv
    sets: list[dict] = [{}]
    files = []
    it = iter(argv)
    for a in it:
        if a == "--also":
            sets.append(dict(x.split("=", 1) for x in next(it).split(",")))
        elif not a.startswith("--"):
            files.append(Path(a))
    book = find_rulebook("dutch-2026")
    readings = [book.readings(s or None) for s in sets]
    counts = [[0, 0] for _ in sets]
    rounds = 0
    t_ours, t_gacrux = [], []
    with tempfile.TemporaryDirectory() as d:
        for f in files:
            t = load(f)
            total = rounds_in(t)
            for r in (range(2, total + 1) if every else range(2, total)):
                req = request(t, r, total)
                p = Path(d) / "req.trf"
                p.write_text(request_text(req), encoding="utf-8")
                t0 = time.perf_counter()
                g = gacrux_pairing(p, r)
                t_gacrux.append(time.perf_counter() - t0)
                rounds += 1
                answers = []
                for k, rd in enumerate(readings):
                    t0 = time.perf_counter()
                    a = ours(book, req, rd, r)
                    if k == 0:
                        t_ours.append(time.perf_counter() - t0)
                    answers.append(a)
                    same, colours = agree(a, g)
                    counts[k][0] += same
                    counts[k][1] += colours
                if not agree(answers[0], g)[1]:
                    also = [sets[k] for k in range(1, len(sets)) if agree(answers[k], g)[1]]
                    print(f"{f.name} round {r} of {total}:\n  ours   {answers[0].text()}\n"
                          f"  Gacrux {g.text()}" + (f"\n  as Gacrux under {also}" if also else ""),
                          flush=True)
    for s, (same, colours) in zip(sets, counts):
        print(f"readings {s or 'default'}: rounds {rounds}: same pairs {same}, "
              f"same pairs and colours {colours}")
    if t_ours:
        print(f"median seconds per round: ours {statistics.median(t_ours):.3f} (in process, "
              f"max {max(t_ours):.3f}); Gacrux {statistics.median(t_gacrux):.3f} (a process)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
