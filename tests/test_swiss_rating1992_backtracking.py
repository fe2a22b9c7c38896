"""C.12 and C.13 (backtracking) of the 1992 rating-based text against its literal twin
(``LiteralBacktracking`` in ``tests/swiss_rating1992_literal.py``, written from the text:
it pairs every bracket on its own criteria, backtracks as C.12 and C.13 say, and decides
C.13's "will allow a pairing in the lowest score bracket" by pairing that bracket with the
text's own procedure).

On generated rounds the engine pairs as the twin does and tells the same backtracking
story, step for step (the Backtracked / BacktrackEnded / BracketsJoined events against the
twin's log); over those rounds C.12 (from C.1 and after C.11) and C.13 (finding another
pairing, and joining brackets) all occur.  The same under each value of the readings of
C.12 and C.13 (``another-player``, ``c12-p``, ``joined-bracket``), each of which changes
some of these rounds' pairings.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.swiss_rating1992 import events as ev  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

from tests.swiss_rating1992_literal import LiteralBacktracking  # noqa: E402

CASES = [(6, 7, 1), (7, 7, 2), (8, 7, 3), (9, 7, 4), (10, 7, 5), (8, 7, 6), (9, 7, 7),
         (10, 7, 8)]
NOISY = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)
BOOK = find_rulebook("swiss-rating-1992")
#: the readings of C.12 and C.13, each value but the default
BACKTRACK_READINGS = [(name, value) for name in ("another-player", "c12-p", "joined-bracket")
                      for value in BOOK.readings_type.by_name()[name].choices
                      if value != BOOK.readings_type.by_name()[name].default]


@functools.lru_cache(maxsize=None)
def _rounds(players, rounds, seed, quiet):
    options = GeneratorOptions.quiet() if quiet else NOISY
    return simulate(players, rounds, seed, options=options, system="swiss-rating-1992",
                    keep_rounds=True).rounds


def _story(trace) -> list[tuple]:
    """The engine's backtracks and joins, in the twin's words."""
    out = []
    events = list(trace.events)
    for i, e in enumerate(events):
        if isinstance(e, ev.Backtracked):
            end = next(x for x in events[i + 1:] if isinstance(x, ev.BacktrackEnded))
            assert end.article == e.article
            if e.article == "C.12":
                out.append(("C.12", (e.trigger, e.player if e.trigger == "C.1" else e.p1),
                            end.found))
            else:
                out.append(("C.13", end.found))
        if isinstance(e, ev.BracketsJoined):
            out.append(("C.13-join",))
    return out


@pytest.mark.parametrize("players, rounds, seed", CASES)
@pytest.mark.parametrize("quiet", [False, True])
def test_engine_backtracks_as_the_text(players, rounds, seed, quiet):
    compared = 0
    for rec in _rounds(players, rounds, seed, quiet):
        lit = LiteralBacktracking(rec.request, rec.round)
        got = lit.round()
        trace = rec.trace
        if isinstance(trace.result, Impossible):
            assert got is None
            continue
        assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), \
            (players, seed, quiet, rec.round)
        assert _story(trace) == lit.log, (players, seed, quiet, rec.round)
        compared += 1
    assert compared >= 1


def test_the_cases_backtrack():
    """Over the generated rounds above, C.12 (from C.1 and after C.11) and C.13 occur, both
    finding another pairing and not, and C.13 joins brackets."""
    seen = Counter()
    for players, rounds, seed in CASES:
        for quiet in (False, True):
            for rec in _rounds(players, rounds, seed, quiet):
                for c in _story(rec.trace):
                    if c[0] == "C.12":
                        seen["C.12", c[1][0], c[2]] += 1
                    else:
                        seen[c] += 1
    for key in (("C.12", "C.1", True), ("C.12", "C.1", False), ("C.12", "C.11", False),
                ("C.13", True), ("C.13", False), ("C.13-join",)):
        assert seen[key] >= 1, seen
    print(dict(seen))


@functools.lru_cache(maxsize=None)
def _backtracking_rounds():
    """The generated rounds above whose default pairing backtracks (C.12 or C.13): where
    the readings of C.12 and C.13 can matter."""
    return [rec for players, rounds, seed in CASES for quiet in (False, True)
            for rec in _rounds(players, rounds, seed, quiet)
            if any(isinstance(e, ev.Backtracked) for e in rec.trace.events)]


@pytest.mark.parametrize("name, value", BACKTRACK_READINGS)
def test_engine_backtracks_as_the_text_under_each_reading(name, value):
    """Under each value of another-player, c12-p and joined-bracket the engine pairs as the
    twin does, with the same story, and the value changes at least one round's pairing."""
    readings = BOOK.readings({name: value})
    changed = 0
    for rec in _backtracking_rounds():
        trace = BOOK.pair(rec.request, readings, round_no=rec.round)
        assert trace.events[0].readings[name] == value
        lit = LiteralBacktracking(rec.request, rec.round, readings)
        got = lit.round()
        if isinstance(trace.result, Impossible):
            assert got is None
            continue
        assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), \
            (name, value, rec.round)
        assert _story(trace) == lit.log, (name, value, rec.round)
        changed += (trace.result.boards, trace.result.bye) != \
            (rec.trace.result.boards, rec.trace.result.bye)
    assert changed >= 1, (name, value)
