"""D.4's least B3-factor (``dutch2012/d4.py``: ``least_b3_matching``) found by the dual
ascent of ``matching.ascended_matching`` is the weighted algorithm's minimum: on random
brackets (scores in half points, some pairs forbidden, an odd bracket's bye one point
below the lowest or below the player), the two give the same least B3-factor, or both
none; and on the bracket where the ascent settles it, the matching it gives has that
cost."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from dubov_explain import matching
from dubov_explain.rulebooks.dutch2012.d4 import least_b3_matching

sys.path.insert(0, str(Path(__file__).parent))
import adversarial_cases as cases  # noqa: E402


def bracket(seed: int):
    rng = random.Random(seed)
    n = rng.randint(2, 13)
    players = list(range(1, n + 1))
    at = {q: rng.choice((0, 1, 2, 3, 4, 6, 8)) for q in players}  # scores times 2
    forbidden = {frozenset(p) for p in ((a, b) for a in players for b in players if a < b)
                 if rng.random() < rng.choice((0.1, 0.3, 0.6))}
    no_bye = {q for q in players if rng.random() < 0.3}
    lowest = min(at.values())
    bye_int = lowest - 2 if rng.random() < 0.5 else None

    def spare(q):
        return (at[q] - bye_int) ** 2 if bye_int is not None else 4

    def ok(a, b):
        if a == 0 or b == 0:
            return (b or a) not in no_bye
        return frozenset((a, b)) not in forbidden

    def weight(a, b):
        return spare(b or a) if a == 0 or b == 0 else (at[a] - at[b]) ** 2

    vs = players + ([0] if n % 2 else [])
    return vs, ok, weight, at, spare


@pytest.mark.parametrize("seed", range(300))
def test_the_same_least_as_the_weighted_algorithm(seed):
    vs, ok, weight, at, spare = bracket(seed)
    got = least_b3_matching(vs, ok, at, spare)
    want = matching.min_cost_perfect_matching(vs, ok, weight)
    if want is None:
        assert got is None
        return
    assert got is not None and got[0] == want[0]
    mate = got[1]
    assert sorted(mate) == sorted(vs) and all(mate[mate[u]] == u and ok(u, mate[u])
                                              for u in vs)


def test_the_ascent_settles_a_joined_lowest_bracket(monkeypatch):
    """Round 2 of 40 players whose 20 losers may not meet: D.4 pairs the lowest bracket
    by the least B3-factor, and the dual ascent settles it (the weighted algorithm, 80 %
    of the CPU of the 300-player round before, is not asked)."""
    from dubov_explain.rulebooks import find_rulebook

    asked = []
    monkeypatch.setattr(matching, "min_cost_perfect_matching",
                        lambda *a: asked.append(1) or pytest.fail("weighted algorithm"))
    t, _ = cases.losers_group(40)
    trace = find_rulebook("dutch-2012").pair(t)
    assert '"b3-factor"' in trace.to_json()
    assert not asked
