"""C.12 and C.13 (backtracking) against the literal twin (``LiteralBacktracking`` in
``tests/dutch2012_literal.py``, written from the text: it pairs every bracket on its own
requirements, backtracks as C.12 and C.13 say, and decides C.13's "will allow a pairing in
the lowest score bracket" by pairing that bracket with the text's own procedure).

On generated rounds the engine pairs as the twin does, including the rounds where the
twin backtracked; on two pinned rounds the engine's trace tells the same backtracking
story (the Backtracked / BracketsJoined events) as the twin's record.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks.dutch2012 import events as ev  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

from tests.dutch2012_literal import LiteralBacktracking  # noqa: E402

CASES = [(6, 7, 1), (7, 7, 2), (8, 7, 3), (9, 7, 4), (10, 7, 5), (8, 7, 6), (9, 7, 7),
         (10, 7, 8), (11, 9, 1), (12, 9, 2)]
NOISY = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)


def _rounds(players, rounds, seed, quiet):
    options = GeneratorOptions.quiet() if quiet else NOISY
    return simulate(players, rounds, seed, options=options, system="dutch-2012",
                    keep_rounds=True).rounds


def _story(trace) -> list[tuple]:
    """The engine's backtracks (what led to each, whether it found a pairing) and joins, in
    the twin's words."""
    out = []
    events = list(trace.events)
    for i, e in enumerate(events):
        if isinstance(e, ev.Backtracked):
            end = next(x for x in events[i + 1:] if isinstance(x, ev.BacktrackEnded))
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
    counts = Counter()
    for rec in _rounds(players, rounds, seed, quiet):
        lit = LiteralBacktracking(rec.request, rec.round)
        got = lit.round()
        trace = rec.trace
        if isinstance(trace.result, Impossible):
            assert got is None
            continue
        ours = ({frozenset(p) for p in trace.result.boards}, trace.result.bye)
        assert got == ours, (players, seed, quiet, rec.round)
        assert _story(trace) == lit.log, (players, seed, quiet, rec.round)
        counts["backtracked" if lit.changed else "straight"] += 1
    assert sum(counts.values()) >= 1


def test_the_cases_backtrack():
    """Over the generated rounds above, the text backtracks often enough to be tested: C.12
    and C.13 both find other pairings (and fail to), and C.13 joins brackets."""
    seen = Counter()
    for players, rounds, seed in CASES:
        for quiet in (False, True):
            for rec in _rounds(players, rounds, seed, quiet):
                for c in _story(rec.trace):
                    seen[c[0], c[-1]] += 1
    for key in (("C.12", True), ("C.12", False), ("C.13", True), ("C.13", False),
                ("C.13-join", "C.13-join")):
        assert seen[key] >= 3, seen


def test_c12_pinned_round():
    """6 players, seed 7, round 4: C.1 finds moved-down player 1 without an opponent and
    C.12 finds no other set of the same size and scores above (twice); for 3 it does, and
    the previous bracket's new pairing replaces its first one."""
    rec = next(r for r in _rounds(6, 7, 7, False) if r.round == 4)
    assert _story(rec.trace) == [("C.12", ("C.1", 1), False), ("C.12", ("C.1", 1), False),
                                 ("C.12", ("C.1", 3), True)]
