"""The Dutch walk's remainder test (``dutch2026/search.py``: ``Generation.rest_pairable``)
changes no trace.  It leaves a part of the MDP-Pairings walk (3.7, 4.2; 2017's B.3) where
the free residents could not hold the remainder's pairs (MaxPairs less M1) beside the S1
players still to pair -- a part whose every MDP-Pairing the walk's ``remainder`` would
reject -- so the same candidates are evaluated in the same order; only nodes are spared.

Each tournament below is one whose rounds the test does prune (counted), paired with it
and with it disabled (every part passes): the traces are equal, round by round."""

from __future__ import annotations

import pytest

from dubov_explain.rulebooks.dutch2026 import search
from dubov_explain.simulate.generator import GeneratorOptions, simulate


@pytest.mark.parametrize("system,seed,players", [
    ("dutch-2017", 2, 16), ("dutch-2017", 31, 16), ("dutch-2017", 5, 20),
    ("dutch-2026", 11, 20), ("dutch-2026", 15, 12),
])
def test_same_traces_with_and_without_the_remainder_test(monkeypatch, system, seed, players):
    def run():
        sim = simulate(players, 9, seed, keep_rounds=True, pair_rounds=8,
                       options=GeneratorOptions(system=system))
        return [r.trace.to_json() for r in sim.rounds]

    real = search.Generation.rest_pairable
    left = [0]

    def counted(self, *a):
        ok = real(self, *a)
        left[0] += not ok
        return ok

    monkeypatch.setattr(search.Generation, "rest_pairable", counted)
    got = run()
    assert left[0] > 0  # the test left parts of the walk in these rounds
    monkeypatch.setattr(search.Generation, "rest_pairable", lambda self, *a: True)
    assert run() == got


def test_the_test_is_exact():
    """``rest_pairable`` on a hand-made bracket: S1 {1, 2} may meet only 3 and 4.  With
    5-6 and 7-8 fitting among the free players, two remainder pairs are left beside 1-3,
    2-4.  With 3-7 and 4-8 fitting instead of 7-8, the free players alone still hold two
    pairs (3-7, 4-8, even 5-6 too), but not once 3 and 4 are taken by S1: it fails."""
    def walk(need, pairs):
        fit = {frozenset(p) for p in pairs}

        class Walk(search.Generation):
            def __init__(self):
                self._ctx = {"rest_pairs": need}
                self._rest_warm = {}

            def fits(self, a, b):
                return frozenset((a, b)) in fit

        return Walk().rest_pairable([1, 2], [3, 4, 5, 6, 7, 8])

    s1 = [(1, 3), (1, 4), (2, 3), (2, 4)]
    assert walk(2, s1 + [(5, 6), (7, 8)])
    assert not walk(2, s1 + [(5, 6), (3, 7), (4, 8)])
    assert walk(1, s1 + [(5, 6), (3, 7), (4, 8)])
    assert walk(0, s1)
