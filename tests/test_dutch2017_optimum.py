"""Dutch 2017's ``optimum`` (the best C.5-C.7 of a bracket, and C.4's completion) finds its
minimum-cost perfect matching by 2026's zero-slack shortcut before the weighted algorithm
(``search.Generation._least_matching``).  Every matching it returns must cost exactly what
networkx's exact weighted matching (Galil's blossom algorithm, ``min_cost_perfect_matching``)
finds for the same graph and cost: the cost encodes the facts the search reads (the
downfloaters' count and scores of the bracket and of the following one), so equal costs
give the same facts.  Checked on every call of generated Dutch 2017 rounds (brackets,
PPBs, collapsed and last brackets, the C.7 graph with its spares), and the rounds include
calls the shortcut settles and calls it leaves to the weighted algorithm."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import adversarial_cases as cases  # noqa: E402

from dubov_explain import matching  # noqa: E402
from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2017 import search  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402


def _checked(monkeypatch):
    """Wrap ``_least_matching``: each mate is compared with the weighted algorithm's
    minimum; returns the counters (calls, calls the shortcut settled)."""
    seen = {"calls": 0, "shortcut": 0}
    real = search.Generation._least_matching
    real_weighted = matching.min_cost_perfect_matching
    used = []

    def weighted(*a, **kw):
        used.append(1)
        return real_weighted(*a, **kw)

    def least(self, vertices, compatible, cost, *rest):
        used.clear()
        with monkeypatch.context() as m:
            m.setattr(search.matching, "min_cost_perfect_matching", weighted)
            mate = real(self, vertices, compatible, cost, *rest)
        seen["calls"] += 1
        seen["shortcut"] += not used
        assert sorted(mate) == sorted(vertices)
        assert all(mate[mate[v]] == v and mate[v] != v and compatible(v, mate[v])
                   for v in vertices)
        order = {v: i for i, v in enumerate(vertices)}
        total = sum(cost(u, v) if order[u] < order[v] else cost(v, u)
                    for u, v in mate.items() if order[u] < order[v])
        best, _ = real_weighted(vertices, compatible, cost)
        assert total == best
        return mate

    monkeypatch.setattr(search.Generation, "_least_matching", least)
    real_ascended = matching.ascended_matching
    seen["ascended"] = 0

    def ascended(*a):
        got = real_ascended(*a)
        seen["ascended"] += got is not None
        return got

    monkeypatch.setattr(matching, "ascended_matching", ascended)
    return seen


@pytest.mark.parametrize("seed", [1, 2, 5, 9])
def test_generated_rounds(monkeypatch, seed):
    seen = _checked(monkeypatch)
    simulate(24 + 2 * seed, 7, seed, keep_rounds=True, pair_rounds=6,
             options=GeneratorOptions(system="dutch-2017"))
    assert seen["calls"] > 20


@pytest.mark.parametrize("players", [10, 14])
def test_collapsed_brackets(monkeypatch, players):
    seen = _checked(monkeypatch)
    t, _ = cases.losers_group(players)
    find_rulebook("dutch-2017").pair(t)
    assert seen["calls"] > 0


def test_the_shortcut_and_the_weighted_algorithm_both_ran(monkeypatch):
    """The corpus above is not all one kind: over these rounds the shortcuts settle most
    calls (the raised terms some of them: the losers of round 1 in one XXP group), and
    some go to the weighted algorithm (so every path is compared)."""
    seen = _checked(monkeypatch)
    for seed in (1, 2, 5, 9):
        simulate(24 + 2 * seed, 7, seed, keep_rounds=True, pair_rounds=6,
                 options=GeneratorOptions(system="dutch-2017"))
    t, _ = cases.losers_group(14)
    find_rulebook("dutch-2017").pair(t)
    assert 0 < seen["shortcut"] < seen["calls"], seen
    assert seen["ascended"] > 0, seen
