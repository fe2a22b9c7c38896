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


def traces(system: str, seed: int, players: int) -> list[str]:
    """Every round's trace of a generated tournament of 9 rounds (8 paired)."""
    sim = simulate(players, 9, seed, keep_rounds=True, pair_rounds=8,
                   options=GeneratorOptions(system=system))
    return [r.trace.to_json() for r in sim.rounds]


@pytest.mark.parametrize("system,seed,players", [
    ("dutch-2017", 2, 16), ("dutch-2017", 31, 16), ("dutch-2017", 5, 20),
    ("dutch-2026", 26, 20), ("dutch-2026", 15, 12),
])
def test_same_traces_with_and_without_the_remainder_test(monkeypatch, system, seed, players):
    def run():
        return traces(system, seed, players)

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
                self._rows = (None,) * (search.FITS + 1)  # no rows: ``fits`` pair by pair

            def fits(self, a, b):
                return frozenset((a, b)) in fit

        return Walk().rest_pairable([1, 2], [3, 4, 5, 6, 7, 8])

    s1 = [(1, 3), (1, 4), (2, 3), (2, 4)]
    assert walk(2, s1 + [(5, 6), (7, 8)])
    assert not walk(2, s1 + [(5, 6), (3, 7), (4, 8)])
    assert walk(1, s1 + [(5, 6), (3, 7), (4, 8)])
    assert walk(0, s1)


@pytest.mark.parametrize("system,seed,players", [
    ("dutch-2026", 1, 16), ("dutch-2026", 3, 20), ("dutch-2017", 3, 16),
])
def test_the_remainders_pairs_in_the_bound_change_no_trace(monkeypatch, system, seed, players):
    """An MDP-Pairing's bound counts the remainder's pairs with the S1 players'
    (``fresh_bound``'s ``rest``).  Every candidate is still cut by its last bound alone, so
    the traces are those of the bound without them; in these tournaments the bound with
    them is higher at some part (counted), so the comparison is not empty."""
    def run():
        return traces(system, seed, players)

    real = search.Generation.fresh_bound
    higher = [0]

    def counted(self, s1, s2, floaters, rest=0):
        got = real(self, s1, s2, floaters, rest)
        higher[0] += bool(rest) and got > real(self, s1, s2, floaters, 0)
        return got

    monkeypatch.setattr(search.Generation, "fresh_bound", counted)
    got = run()
    assert higher[0] > 0
    monkeypatch.setattr(search.Generation, "fresh_bound",
                        lambda self, s1, s2, floaters, rest=0: real(self, s1, s2, floaters))
    assert run() == got


def test_the_remainders_pairs_bound_the_colour_criteria():
    """``fresh_bound`` with ``rest``: S1 {1, 2}, S2 {3, 4, 5, 6}; 1-3, 2-4 and 5-6 are the
    only clean pairs of criterion k (the bounds read [C12] and [C13], k = 2, 3) among the
    pairs that fit.  Alone, S1 can be paired clean (bound 0); with one remainder pair the
    clean matching 1-3, 2-4, 5-6 still covers it (0); with S1 {1, 2} meeting only 3 and
    5 clean, one of the three pairs is not (1)."""
    def bound(clean_pairs, rest):
        clean_set = {frozenset(p) for p in clean_pairs}

        class Walk(search.Generation):
            def __init__(self):
                self._warm, self._rows = {}, (None,) * 4
                self._classes = self  # the bounds ask ``clean`` of the bracket's classes
                self.st = type("St", (), {"last_round": False})()

            def clean(self, a, b):
                ok = frozenset((a, b)) in clean_set
                return (ok,) * 4

        return Walk().fresh_bound((1, 2), (3, 4, 5, 6), False, rest)

    assert bound([(1, 3), (2, 4), (5, 6)], 0)[2] == 0
    assert bound([(1, 3), (2, 4), (5, 6)], 1)[2] == 0
    assert bound([(1, 3), (2, 5), (4, 6)], 1)[2] == 0
    assert bound([(1, 3), (2, 3), (5, 6)], 0)[2] == 1
    assert bound([(1, 3), (1, 5), (2, 3), (2, 5), (5, 6)], 1)[2] == 1
