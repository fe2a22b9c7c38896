"""Issue 28: every rulebook bounded like Dubov 2025, each finding a test.

* Dutch 2012's D.1 walk (``search.first_transposition``) and D.4's
  (``least_b3_transposition``) were recursive, one frame per S1 player: round 1 of 1,960
  players (a 980-player S1) ended in ``RecursionError``.  They now keep their own stack.
* The Dutch family's search (C.12/C.13's backtracking over D.1-D.3's enumerations) has a
  budget of steps (``DutchEngine.search_limit``, the round machine's ``tick``): past it the
  round is paired by the stated fallback and the trace (a ``search-limit`` event of article
  ``budget``), the report and the command line say so.  Here the limit is lowered so that a
  small adversarial round reaches it.
* Dubov 1997's 6.4 (choosing the floaters, reading wise=round) started from the fewest
  floaters and added two at a time, each time testing every candidate with a matching: it
  now starts from the first number the players below allow (exact), and the result is the
  same as from the smallest.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from dubov_explain import cli
from dubov_explain.explain.audit import Pair, Published
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dutch2012 import engine as dutch_engine
from dubov_explain.rulebooks.dutch2012.search import (
    B3Walk, Budget, first_transposition, least_b3_transposition)
from dubov_explain.rulebooks.swiss_rating1992 import engine as rating_engine
from dubov_explain.trace.events import PairingPublished
from dubov_explain.trf.writer import write_trf

from adversarial_cases import losers_group, winners_group
from builders import build


def _published(trace) -> Published:
    res = trace.result
    return Published(trace.meta["round"], tuple(Pair(w, b) for w, b in res.boards),
                     (res.bye,) if res.bye is not None else ())


def test_the_d1_walk_has_no_recursion_limit():
    """A 1,500-player S1 (deeper than Python's default recursion limit of 1,000): the first
    transposition is the unchanged order, every pair allowed."""
    s1, s2 = list(range(1, 1501)), list(range(1501, 3001))
    ticks = []
    found = first_transposition(s1, s2, lambda a, b: None, lambda a, b: False,
                                lambda a, b: False, Budget(0, None), lambda r, x, z: None,
                                lambda n: ("-", False), tick=lambda n=1: ticks.append(n))
    assert found is not None and found.index == 0
    assert found.pairs == list(zip(s1, s2))
    # one step for the attempt, 1,500 for its matching question, one per pair tried (the
    # rest are proved by the warm matching)
    assert sum(ticks) == 3001


def test_the_d1_walk_backtracks_without_recursion():
    """A deep walk that must backtrack: the last S1 player may meet only the first S2
    player, so every S1 player before him moves one place on (the literal D.1 order)."""
    n = 1200
    s1, s2 = list(range(1, n + 1)), list(range(n + 1, 2 * n + 1))

    def allowed(a, b):
        return None if a != n or b == n + 1 else "B.1"

    found = first_transposition(s1, s2, allowed, lambda a, b: False, lambda a, b: False,
                                Budget(0, None), lambda r, x, z: None, lambda q: ("-", False))
    assert found.pairs[-1] == (n, n + 1)
    assert found.pairs[0] == (1, n + 2)
    assert [b for _, b in found.pairs] == list(range(n + 2, 2 * n + 1)) + [n + 1]


def test_the_d4_walk_has_no_recursion_limit():
    s1, s2 = list(range(1, 1201)), list(range(1201, 2401))
    walk = B3Walk(cost=lambda a, b: 0 if b == a + 1200 else 1, spare=lambda q: 0, floor=0)
    least_b3_transposition(s1, s2, lambda a, b: None, lambda a, b: False, lambda a, b: False,
                           Budget(0, None), lambda r, x, z: None, lambda n: ("-", False),
                           None, walk, "attempt")
    assert walk.done and walk.best == 0
    assert walk.found.pairs == list(zip(s1, s2))


def test_round_one_of_1960_players_in_dutch_2012():
    """The issue's finding: round 1 of 1,960 players exited 2 with RecursionError."""
    n = 1960
    t = build([2700 - (i * 1500) // n for i in range(n)], [], total_rounds=9)
    trace = find_rulebook("dutch-2012").pair(t)
    res = trace.result
    assert isinstance(res, PairingPublished) and len(res.boards) == n // 2
    assert sorted(x for b in res.boards for x in b) == list(range(1, n + 1))
    # D.1 in one bracket: 1 meets 981, 980 meets 1960 (colours aside)
    assert {frozenset(b) for b in res.boards} >= {frozenset((1, 981)), frozenset((980, 1960))}


ENGINES = [("dutch-2012", dutch_engine.DutchEngine), ("swiss-rating-1992",
                                                      rating_engine.RatingEngine)]


@pytest.mark.parametrize("system, engine", ENGINES)
def test_a_round_past_its_budget_is_paired_by_the_stated_fallback(system, engine, monkeypatch):
    """The round reaches a (lowered) budget: one ``search-limit`` event of article budget
    with the steps and the limit, then a complete pairing that keeps the text's absolute
    criteria, and the words say it is not the text's."""
    t, r = winners_group(40, 6, 22)
    monkeypatch.setattr(engine, "search_limit", 30)
    monkeypatch.setattr(engine, "search_per_player", 0)
    book = find_rulebook(system)
    trace = book.pair(t)
    cut = [e for e in trace.events if e.kind == "search-limit" and e.article == "budget"]
    assert len(cut) == 1 and cut[0].count == 30 and cut[0].n > 30
    res = trace.result
    assert isinstance(res, PairingPublished)
    assert sorted(x for b in res.boards for x in b) == list(range(1, 41))
    assert book.absolute_test(t, r, _published(trace)) == []
    # the fallback's aim: the least largest score difference (here a pairing within the
    # score groups is impossible only for the six winners, who must meet drawers)
    st = trace.events
    assert trace.events.index(cut[0]) < trace.events.index(res)


@pytest.mark.parametrize("system, engine", ENGINES)
def test_the_command_line_says_when_the_budget_was_reached(system, engine, monkeypatch,
                                                           tmp_path):
    t, _ = winners_group(40, 6, 22)
    path = tmp_path / "w.trf"
    path.write_text(write_trf(t, "trfx"))
    monkeypatch.setattr(engine, "search_limit", 30)
    monkeypatch.setattr(engine, "search_per_player", 0)
    out, err = io.StringIO(), io.StringIO()
    md = tmp_path / "r.md"
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["pair", "--system", system, str(path), "--report", str(md)])
    assert code == 0
    assert "the search stopped at its limit of 30 steps" in err.getvalue()
    assert "Not the text's pairing: the search stopped after" in md.read_text()
    assert "steps (its limit is 30)" in md.read_text()


@pytest.mark.parametrize("system", ["dutch-2012", "swiss-rating-1992"])
def test_ordinary_rounds_stay_far_below_the_budget(system):
    """The budget is no cut of ordinary rounds: a generated tournament's rounds take a
    small share of it."""
    from dubov_explain.simulate.generator import GeneratorOptions, simulate

    engine = dict(ENGINES)[system]
    seen = []
    orig = engine.run

    def run(self):
        got = orig(self)
        seen.append(self.steps)
        return got

    engine.run = run
    try:
        simulate(24, 7, 5, system=system, options=GeneratorOptions.quiet())
    finally:
        engine.run = orig
    assert len(seen) == 7
    assert max(seen) * 10 < engine.search_limit


def test_dubov_1997_floaters_start_where_the_players_below_allow():
    """Round 2 of 60 players, the losers one XXP group: every winner must float to them;
    the 6.4 search starts at 30 floaters, and pairs each winner with a loser."""
    t, r = losers_group(60)
    trace = find_rulebook("dubov-1997").pair(t)
    res = trace.result
    assert isinstance(res, PairingPublished)
    assert all(min(b) <= 30 < max(b) for b in res.boards)
    chosen = [e for e in trace.events if e.kind == "floaters-chosen"]
    assert chosen and len(chosen[0].players) == 30


@pytest.mark.parametrize("system", ["dubov-2025", "dubov-1997", "dutch-2012",
                                    "swiss-rating-1992"])
def test_an_explanation_past_its_budget_says_so(system, tmp_path):
    """``explain --budget``: every rulebook's why-not is bounded; when the budget runs out
    the command says so, writes nothing and exits 4 (a limit, bbpPairings' convention)."""
    t, _ = losers_group(300)
    path = tmp_path / "l.trf"
    path.write_text(write_trf(t, "trfx"))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["explain", str(path), "--system", system, "--player", "1",
                         "--against", "2", "--budget", "0.01"])
    assert code == 4, err.getvalue()
    assert "the explanation was cut short: its budget of 0.01 s of CPU ran out" in err.getvalue()
    assert out.getvalue() == ""


def test_the_transposition_index_is_the_lexicographic_rank():
    """D.1's transposition number (``_lex_index``, built from the last place up so that a
    980-place prefix costs no quadratic product) against the enumeration itself."""
    import itertools

    from dubov_explain.rulebooks.dutch2012.search import _lex_index

    for n in range(1, 7):
        pool = list(range(10, 10 + n))
        for k in range(n + 1):
            for idx, arr in enumerate(itertools.permutations(pool, k)):
                assert _lex_index(arr, pool) == idx, (n, k, arr)


@pytest.mark.parametrize("system, engine", ENGINES)
def test_the_fallback_colours_by_article_e(system, engine, monkeypatch):
    """A round of the JaVaFo corpus with absolute colour preferences, cut by a lowered budget:
    the fallback only chooses who meets whom, the colours are Article E's, so no absolute
    preference is denied (the fallback once wrote the higher-ranked player as White)."""
    from dubov_explain.trf.reader import read_trf

    path = Path(__file__).parent / "data" / "dutch-javafo" / "javafo-006.trf"
    t = read_trf(str(path))
    monkeypatch.setattr(engine, "search_limit", 30)
    monkeypatch.setattr(engine, "search_per_player", 0)
    book = find_rulebook(system)
    trace = book.pair(t, None, 4)
    assert any(e.kind == "search-limit" for e in trace.events)
    assert book.absolute_test(t, 4, _published(trace)) == []
    coloured = [e for e in trace.events if e.kind == "colour-allocated"]
    assert {(e.white, e.black) for e in coloured} == set(trace.result.boards)
