"""The Dutch 2017 walk's exits in the collapsed last bracket of A.9 (``search.Generation``:
``lower_bound``'s CLB bound, ``clb_least_psd``) change no trace: each round below is paired
with them and without them (the walk of before, whose every candidate is cut only by its
last bound), and the two traces are equal event for event -- the same candidates
evaluated (``checked``), the same choice.  Both walks run without the cap
(``Generation.CAPPED``), as the bound was written for; under the cap the bound also leaves
parts before a best is found, so fewer candidates are met (``test_capped_walk.py``).  The rounds are CLBs: round 2 where the round-1
losers form one XXP group (A.9 collapses every bracket below the winners), and generated
tournaments whose rounds collapse."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import adversarial_cases as cases  # noqa: E402

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2017 import search  # noqa: E402
from dubov_explain.rulebooks.dutch2026 import search as family  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402


def both(monkeypatch, pair):
    """The trace (JSON) with the CLB bound, and without it (its PSD the empty list: never
    better than a best, so the walk goes on as before), each by the walk without a cap."""
    monkeypatch.setattr(family.Generation, "CAPPED", False)
    with_bound = pair()
    with monkeypatch.context() as m:
        m.setattr(search.Generation, "clb_least_psd", lambda self, *a: ())
        without = pair()
    return with_bound, without


@pytest.mark.parametrize("players", [8, 10, 12, 14])
def test_losers_group_same_trace(monkeypatch, players):
    book = find_rulebook("dutch-2017")
    t, _ = cases.losers_group(players)
    got, want = both(monkeypatch, lambda: book.pair(t).to_json())
    assert '"collapsed"' in want  # the round has a CLB: the bound was in play
    assert got == want


@pytest.mark.parametrize("seed", [3, 7])
def test_generated_rounds_same_trace(monkeypatch, seed):
    def run():
        sim = simulate(14, 7, seed, keep_rounds=True, pair_rounds=6,
                       options=GeneratorOptions(system="dutch-2017"))
        return [r.trace.to_json() for r in sim.rounds]

    got, want = both(monkeypatch, run)
    assert got == want


def test_a_part_is_left_once_the_best_reaches_its_bound(monkeypatch):
    """A part's CLB bound (the per-player least PSD) is kept even when it was better than
    the best found at the time, so the walk leaves the part as soon as a later best reaches
    it.  Round 2 of 60 players whose 30 losers form one XXP group: 468 nodes of the walk;
    keeping only the pairs' own PSD (a shorter list, which no best reaches) the walk proved
    the best candidate optimal node by node: 2,575 nodes (and 74 s at 300 players)."""
    nodes = [0]
    walk = family.Generation.transpositions

    def counted(self, *a, **k):
        nodes[0] += 1
        return walk(self, *a, **k)

    monkeypatch.setattr(family.Generation, "transpositions", counted)
    t, _ = cases.losers_group(60)
    trace = find_rulebook("dutch-2017").pair(t)
    assert '"collapsed"' in trace.to_json()
    assert nodes[0] < 10 * 60
