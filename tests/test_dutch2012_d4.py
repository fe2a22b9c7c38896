"""D.4 (the B.3-factor in the lowest score bracket) on the text's own example and Warning.

The example's lowest bracket (A 3.0; B, C 2.5; D 2.0; E 1.5; F 1.0; F can only play A), with
A, B, C the players C.13 joined in above D, E, F (three of six: treated as homogeneous, A.3),
is paired by the engine and by the literal twin: the first candidate in the order of D.1/D.2
is the text's Png1, A-F, B-D, C-E (B3-factor 5.25), and D.4 takes Png2, A-F, B-C, D-E (4.25).
With the Warning's seventh player G (the only one who may get the bye) the bracket is
heterogeneous and no exchange in S1 is allowed: A-F, B-D, C-E, G the bye.  The players are
those of the golden cases ``D.4-example`` and ``D.4-warning`` (built by
``golden/dutch-2012/make_d4_cases.py``).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "golden" / "dutch-2012"))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2012 import events as ev  # noqa: E402
from dubov_explain.rulebooks.dutch2012.engine import DutchEngine  # noqa: E402
from dubov_explain.rulebooks.dutch2012.search import assignment_bound  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402

from tests.dutch2012_literal import LiteralBacktracking  # noqa: E402

BOOK = find_rulebook("dutch-2012")
CASES = ROOT / "golden" / "dutch-2012" / "cases"
A, B, C, D, E, F, G = range(1, 8)
PNG1 = {frozenset(p) for p in ((A, F), (B, D), (C, E))}
PNG2 = {frozenset(p) for p in ((A, F), (B, C), (D, E))}


def _lowest(name: str, readings: dict):
    """The example's lowest bracket paired by the engine: (pairs, left over, D.4's events)."""
    t = read_trf(CASES / f"{name}.trf")
    eng = DutchEngine(t, BOOK.readings(readings))
    eng.open_round()
    residents = [D, E, F] + ([G] if name == "D.4-warning" else [])
    pairs, left = eng.pair_bracket([A, B, C], residents, True, joined=True)
    return {frozenset(p) for p in pairs}, left, [e for e in eng.events if isinstance(e, ev.B3Factor)]


def _twin(name: str, readings: dict):
    t = read_trf(CASES / f"{name}.trf")
    lit = LiteralBacktracking(t, None, BOOK.readings(readings))
    residents = [D, E, F] + ([G] if name == "D.4-warning" else [])
    pairs, left = lit.bracket([A, B, C], residents, True, joined=True)
    return {frozenset(p) for p in pairs}, left


def test_the_example_scores():
    st = read_trf(CASES / "D.4-example.trf")
    scores = {n: BOOK.standings(st, None, BOOK.readings())[n].score for n in (A, B, C, D, E, F)}
    assert scores == {A: 3, B: Fraction(5, 2), C: Fraction(5, 2), D: 2, E: Fraction(3, 2), F: 1}


def test_d4_takes_png2_where_the_procedure_reaches_png1_first():
    pairs, left, d4 = _lowest("D.4-example", {})
    assert pairs == PNG2 and left == []
    assert len(d4) == 1
    got = d4[0]
    assert (got.b3, got.first_b3, got.least) == ("4.25", "5.25", "4.25")
    assert {frozenset(p) for p in got.first_pairs} == PNG1
    assert _twin("D.4-example", {}) == (PNG2, [])


def test_without_d4_the_first_candidate_is_png1():
    pairs, left, d4 = _lowest("D.4-example", {"d4-scope": "never"})
    assert pairs == PNG1 and d4 == []
    assert _twin("D.4-example", {"d4-scope": "never"}) == (PNG1, [])


@pytest.mark.parametrize("scope", ["joined", "several-scores", "never"])
def test_the_warning_heterogeneous_bracket_has_no_exchange_in_s1(scope):
    pairs, left, _ = _lowest("D.4-warning", {"d4-scope": scope})
    assert pairs == PNG1 and left == [G]
    assert _twin("D.4-warning", {"d4-scope": scope}) == (PNG1, [G])


def test_the_rounds_pair_as_the_text_answers_by_c13():
    """As whole rounds, C.13's backtrack (B-C in the 2.5-point bracket, A moved down) pairs
    the example before any join: the text's Png2.  D.4 pairs the last lowest bracket (joined:
    A, D moved down with E, F) but only confirms its first candidate."""
    for name, bye in (("D.4-example", None), ("D.4-warning", G)):
        tr = BOOK.pair(read_trf(CASES / f"{name}.trf"), BOOK.readings())
        assert {frozenset(p) for p in tr.result.boards} == PNG2 and tr.result.bye == bye
        assert any(e.kind == "backtracked" and e.article == "C.13" for e in tr.events)
        assert not any(e.kind == "b3-factor" and e.first_pairs for e in tr.events)


def test_assignment_bound_is_the_least_assignment():
    cost = {(1, 3): 4, (1, 4): 1, (2, 3): 2, (2, 4): 9}
    assert assignment_bound([1, 2], [3, 4], lambda a, b: cost[a, b], None) == 3
    assert assignment_bound([1, 2], [3, 4], lambda a, b: None if (a, b) == (2, 3) else cost[a, b],
                            None) == 13
    # one column left over, at its own cost
    spare = lambda q: 10 if q == 4 else 0  # noqa: E731
    assert assignment_bound([1], [3, 4], lambda a, b: cost[a, b], spare) == 1
    assert assignment_bound([1], [3, 4], lambda a, b: None if b == 4 else cost[a, b], spare) == 14
