"""Search small generated rounds for deep C.12/C.13 cascades, and write the kept ones (a
tool, run by hand; the files it wrote are the reviewed corpus, this script only says where
they came from).

The rounds: every round from the third of tournaments of 6-14 players (4-7 rounds, seeds
given on the command line, default 40-399; forfeits, half-point and zero-point byes,
withdrawals, late entries), each as generated and with 2, 4 and 6 forbidden pairs (``XXP``)
drawn among the lower two thirds of the players (pairs that have not met), which is what
drives the lowest brackets into repeated C.12 backtracks and C.13 joins.  A round is *deep*
when the engine's trace has at least two C.13 joins, or at least two C.12 backtracks, or
at least three C.12/C.13 steps (backtracks and joins) together.

It prints how many rounds it tried and how many were deep, and compares the engine with the
literal twin (``tests/swiss_rating1992_literal.py``: pairs, bye and the backtracking story)
on the deep ones under the defaults, under ``lowest-c12=c12-first`` and under
``c12-nested=recursive`` (``OTHER``).  With ``--write`` it writes to
``tests/data/swiss-rating-1992/cascades/`` the rounds named in ``KEEP``, and the golden cases
``reading-lowest-c12`` and ``reading-c12-nested`` (``GOLDEN``: the first deep round where the
values of each reading pair differently).

    PYTHONPATH=. python golden/swiss-rating-1992/make_cascade_cases.py [FIRST LAST] [--write]
"""

from __future__ import annotations

import random
import signal
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from make_cases import BOOK, write_case  # noqa: E402

from dubov_explain.records import replace  # noqa: E402
from dubov_explain.rulebooks.swiss_rating1992 import events as ev  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

OPTIONS = GeneratorOptions(forfeit_rate=0.08, half_bye_rate=0.06, zero_bye_rate=0.05,
                           withdrawal_rate=0.01, late_entry_rate=0.05)
CASCADES = Path(__file__).resolve().parents[2] / "tests" / "data" / "swiss-rating-1992" / \
    "cascades"
#: (seed, round, forbidden pairs added) of the deep rounds kept for the test: the deepest
#: on which the twin takes well under a second, C.12 from C.1 and after C.11 (finding
#: another pairing and not, from a joined bracket too), C.13 finding one and joining up to
#: four times, three rounds that reading lowest-c12 pairs otherwise, and two that reading
#: c12-nested pairs otherwise (C.12 within C.12 four times; with C.13 joins)
KEEP = ((75, 7, 2), (291, 6, 2), (119, 6, 6), (219, 6, 2), (267, 6, 0), (327, 6, 4),
        (238, 6, 4), (83, 7, 0), (153, 5, 0), (273, 5, 0), (325, 5, 2), (319, 6, 2),
        (114, 6, 2), (122, 6, 6))
#: seconds the twin may take on a round before it is counted slow and not compared
SLOW = 10
#: the readings compared beside the defaults (their other value), the articles of each and
#: where its golden case was found: the first deep round of seeds 40-399 that the values pair
#: differently (seed, round, forbidden pairs added)
OTHER = {"lowest-c12": "c12-first", "c12-nested": "recursive"}
DEFAULTS = {"lowest-c12": "after-c11", "c12-nested": "flat"}
ARTICLES = {"lowest-c12": "C.1, C.12", "c12-nested": "C.12"}
GOLDEN = {"lowest-c12": (79, 6, 6), "c12-nested": (48, 4, 4)}


def depth(trace) -> tuple[int, int, int]:
    """(C.12 backtracks, C.13 backtracks, C.13 joins) of a trace."""
    back = [e.article for e in trace.events if isinstance(e, ev.Backtracked)]
    joins = sum(1 for e in trace.events if isinstance(e, ev.BracketsJoined))
    return back.count("C.12"), back.count("C.13"), joins


def nested(trace) -> str | None:
    """Where C.12 within C.12 (the bracket paired again sending its own previous bracket
    back, a reading the engine does not implement) could apply: a C.12 that found no
    pairing of a previous bracket which had moved-down players itself ("heterogeneous" when
    fewer than half, A.3; else "as-homogeneous"), or None."""
    events = list(trace.events)
    found = None
    for i, e in enumerate(events):
        if isinstance(e, ev.Backtracked) and e.article == "C.12":
            end = next(x for x in events[i + 1:] if isinstance(x, ev.BacktrackEnded))
            opened = next(x for x in events[i + 1:] if isinstance(x, ev.BracketOpened))
            if not end.found and opened.mdps:
                found = "heterogeneous" if opened.nature == "heterogeneous" else \
                    found or "as-homogeneous"
    return found


def deep(d: tuple[int, int, int]) -> bool:
    c12, c13, joins = d
    return joins >= 2 or c12 >= 2 or c12 + c13 + joins >= 3


def with_forbidden(t, round_no: int, rng: random.Random, k: int):
    """``t`` with up to ``k`` forbidden pairs (XXP) among the lower two thirds of the
    players present (A.2 order on the scores before the round), pairs that have not met."""
    st = BOOK.standings(t, round_no, BOOK.readings())
    present = sorted((p.number for p in st.players if p.present),
                     key=lambda n: (-st[n].score, st[n].initial_rank))
    low = present[len(present) // 3:]
    pairs: set = set()
    for _ in range(50):
        if len(pairs) >= k:
            break
        a, b = rng.sample(low, 2)
        if frozenset((a, b)) not in st.met:
            pairs.add(tuple(sorted((a, b))))
    return replace(t, forbidden=tuple(t.forbidden) + tuple(sorted(pairs)))


def rounds(first: int, last: int):
    """(seed, players, round, k, request) of every round searched."""
    for seed in range(first, last):
        rng = random.Random(seed)
        players, total = 6 + seed % 9, 4 + seed % 4
        sim = simulate(players, total, seed, options=OPTIONS, system="swiss-rating-1992",
                       keep_rounds=True)
        for rec in sim.rounds:
            if rec.round < 3:
                continue
            for k in (0, 2, 4, 6):
                t = rec.request if k == 0 else with_forbidden(rec.request, rec.round, rng, k)
                yield seed, players, rec.round, k, t


def result(trace):
    return None if isinstance(trace.result, Impossible) else \
        ({frozenset(p) for p in trace.result.boards}, trace.result.bye)


def main(argv) -> None:
    from tests.swiss_rating1992_literal import LiteralBacktracking
    from tests.test_swiss_rating1992_backtracking import _story

    def slow(*_):
        raise TimeoutError

    signal.signal(signal.SIGALRM, slow)
    write = "--write" in argv
    args = [a for a in argv if a != "--write"]
    first, last = (int(args[0]), int(args[1])) if args else (40, 400)
    keep = set(KEEP)
    tried, found, inner = 0, [], []
    for seed, players, round_no, k, t in rounds(first, last):
        tried += 1
        trace = BOOK.pair(t, round_no=round_no)
        d = depth(trace)
        if deep(d):
            found.append((seed, players, round_no, k, t, d))
            inner.append(nested(trace))
    print(f"rounds tried {tried}, deep {len(found)}; where C.12 within C.12 could apply: "
          f"{sum(1 for x in inner if x)} ({inner.count('heterogeneous')} with a "
          "heterogeneous previous bracket)", flush=True)
    others = {name: BOOK.readings({name: value}) for name, value in OTHER.items()}
    counts = {"agree": 0, "differ": 0, "slow": 0}
    counts.update({f"{name} pairs otherwise": 0 for name in OTHER})
    for seed, players, round_no, k, t, d in found:
        for readings in (BOOK.readings(), *others.values()):
            trace = BOOK.pair(t, readings, round_no=round_no)
            lit = LiteralBacktracking(t, round_no, readings)
            signal.alarm(SLOW)
            try:
                got = lit.round()
            except TimeoutError:
                counts["slow"] += 1
                continue
            finally:
                signal.alarm(0)
            same = got == result(trace) and (got is None or _story(trace) == lit.log)
            counts["agree" if same else "differ"] += 1
            if not same:
                print("differ", seed, players, round_no, k,
                      {name: readings.value(name) for name in OTHER})
        a = result(BOOK.pair(t, round_no=round_no))
        for name, readings in others.items():
            b = result(BOOK.pair(t, readings, round_no=round_no))
            if a != b and None not in (a, b):
                counts[f"{name} pairs otherwise"] += 1
                print(f"{name} pairs otherwise:", seed, players, round_no, k, flush=True)
                if write and GOLDEN[name] == (seed, round_no, k):
                    write_case(f"reading-{name}", ARTICLES[name],
                               f"reading {name}: {DEFAULTS[name]} and {OTHER[name]} pair "
                               "differently", SimpleNamespace(request=t, round=round_no),
                               readings=(f"{name}={DEFAULTS[name]}", f"{name}={OTHER[name]}"),
                               notes=(f"found among the deep cascades of make_cascade_cases.py "
                                      f"({players} players, seed {seed}, round {round_no}, {k} "
                                      "forbidden pairs added)",))
        if write and (seed, round_no, k) in keep:
            rec = SimpleNamespace(request=t, round=round_no)
            write_case(f"cascade-s{seed}-r{round_no}-x{k}", "C.1, C.12, C.13, C.14",
                       f"a deep C.12/C.13 cascade: {d[0]} C.12 and {d[1]} C.13 backtracks, "
                       f"{d[2]} joins", rec, notes=(
                           f"generated ({players} players, seed {seed}, round {round_no}, "
                           f"{k} forbidden pairs added) by make_cascade_cases.py",),
                       out=CASCADES)
    print("twin against engine on the deep rounds, under the defaults and each of "
          f"{OTHER}:", counts)


if __name__ == "__main__":
    main(sys.argv[1:])
