"""Deep C.12/C.13 cascades of the 1992 rating-based text: the engine against its literal
twin (``LiteralBacktracking`` in ``tests/swiss_rating1992_literal.py``) on rounds where the
lowest brackets cannot be paired without repeated C.12 backtracks and C.13 joins.

The rounds (``tests/data/swiss-rating-1992/cascades/``) were kept from a search of small
generated rounds (6-14 players, forfeits, byes, absences, forbidden pairs added) by
``golden/swiss-rating-1992/make_cascade_cases.py``; each still cascades deeply (at least two
C.13 joins, or two C.12 backtracks, or three C.12/C.13 steps in all).  On each, under the
defaults and under every other value of the readings of C.1, C.12 and C.13, the engine and
the twin give the same pairs, the same bye and the same backtracking story, step for step.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.swiss_rating1992 import events as ev  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402

from tests.swiss_rating1992_literal import LiteralBacktracking  # noqa: E402
from tests.test_swiss_rating1992_backtracking import _story  # noqa: E402

BOOK = find_rulebook("swiss-rating-1992")
HOME = Path(__file__).resolve().parent / "data" / "swiss-rating-1992" / "cascades"
CASES = sorted(HOME.glob("*.trf"))
#: every value but the default of the readings of C.1, C.12 and C.13, three runs in all
#: (each value alone is compared on generated rounds in test_swiss_rating1992_backtracking)
COMBINED = [
    (("another-player", "new-player"), ("c12-p", "recomputed"), ("lowest-c12", "c12-first")),
    (("another-player", "same-size"), ("joined-bracket", "heterogeneous"),
     ("lowest-c1", "at-once")),
    (("c13-p-zero", "counts"), ("rejoined", "residents")),
    # C.12 within C.12 alone: it pairs two kept rounds otherwise (s114, s122)
    (("c12-nested", "recursive"),),
]


@functools.lru_cache(maxsize=None)
def _default(path: Path):
    """The round's request and its trace under the defaults."""
    t = read_trf(path)
    return t, BOOK.pair(t)


def _compare(t, readings, trace=None):
    trace = trace or BOOK.pair(t, readings)
    lit = LiteralBacktracking(t, None, readings)
    got = lit.round()
    if isinstance(trace.result, Impossible):
        assert got is None
        return trace
    assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye)
    assert _story(trace) == lit.log
    return trace


def _depth(trace) -> tuple[int, int]:
    back = [e.article for e in trace.events if isinstance(e, ev.Backtracked)]
    joins = sum(1 for e in trace.events if isinstance(e, ev.BracketsJoined))
    return back.count("C.12"), back.count("C.13") + joins


def test_the_corpus_is_there():
    assert len(CASES) >= 10


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_deep_cascade_engine_as_twin(path):
    t, trace = _default(path)
    _compare(t, BOOK.readings(), trace)
    c12, c13 = _depth(trace)
    joins = sum(1 for e in trace.events if isinstance(e, ev.BracketsJoined))
    assert joins >= 2 or c12 >= 2 or c12 + c13 >= 3, (c12, c13)


def test_the_runs_cover_every_other_value():
    wanted = {(r.name, v) for r in BOOK.catalogue
              if r.name in ("another-player", "c12-p", "joined-bracket", "c13-p-zero",
                            "lowest-c1", "lowest-c12", "rejoined", "c12-nested")
              for v in r.choices if v != r.default}
    assert {nv for run in COMBINED for nv in run} == wanted


@pytest.mark.parametrize("chosen", COMBINED,
                         ids=["+".join(f"{n}={v}" for n, v in c) for c in COMBINED])
def test_deep_cascades_engine_as_twin_under_the_other_readings(chosen):
    readings = BOOK.readings(dict(chosen))
    changed = 0
    for path in CASES:
        t, before = _default(path)
        trace = _compare(t, readings)
        assert all(trace.events[0].readings[n] == v for n, v in chosen)
        default = before.result
        changed += isinstance(trace.result, Impossible) or \
            (trace.result.boards, trace.result.bye) != (default.boards, default.bye)
    # each run pairs some of the rounds otherwise than the defaults
    assert changed >= 1, chosen
