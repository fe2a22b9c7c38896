"""The pieces that let D.4's walks (``dutch2012/search.py``) ask less and decide the same:
the bound read as a table is the bound asked of the function; the potentials of a
bound bound every smaller square under it (``dual_bound``: the walk prunes a child by them
only where the Hungarian method would prune it too); a Hall certificate kept from one
matching question refutes only S1/S2 splits that have no allowed pairing (checked against
a brute-force matching); A.2's order read as one integer per player is the order of
(score, pairing number)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from dubov_explain import matching
from dubov_explain.matching.hall import HallCertificates
from dubov_explain.rulebooks.dutch2012.search import (INF, PairTables, assignment_bound,
                                                      dual_bound)


def square(seed: int):
    """Rows, columns (one more when there is a spare), a cost with some cells not allowed,
    and the spare's cost."""
    rng = random.Random(seed)
    k = rng.randint(1, 6)
    extra = rng.random() < 0.5
    rows = list(range(1, k + 1))
    cols = list(range(101, 101 + k + extra))
    table = {r: {c: rng.choice((0, 1, 4, 9, 16, 25)) for c in cols
                 if rng.random() > rng.choice((0.0, 0.2, 0.5))} for r in rows}
    spare_cost = {c: rng.choice((1, 4, 9)) for c in cols}
    return rows, cols, table, (spare_cost.get if extra else None)


def brute(rows, cols, table, spare):
    best = INF
    for perm in permutations(cols, len(rows)):
        if all(c in table[r] for r, c in zip(rows, perm)):
            left = [c for c in cols if c not in perm]
            best = min(best, sum(table[r][c] for r, c in zip(rows, perm)) +
                       sum(spare(c) for c in left))
    return best


@pytest.mark.parametrize("seed", range(200))
def test_the_bound_as_a_table_and_the_potentials_bound_every_smaller_square(seed):
    rows, cols, table, spare = square(seed)
    cost = lambda r, c: table[r].get(c)  # noqa: E731
    duals: list = []
    want = brute(rows, cols, table, spare)
    assert assignment_bound(rows, cols, cost, spare) == want
    assert assignment_bound(rows, cols, cost, spare, table=table, duals=duals) == want
    if want >= INF:
        assert duals == []
        return
    assert len(duals) == 1 and duals[0][0] == want
    for r in rows:
        for c in cols:
            smaller = brute([x for x in rows if x != r], [y for y in cols if y != c],
                            table, spare)
            # the walk prunes the child (r, c) when cost + bound >= best: the potentials
            # never say more than the exact bound, so they prune only what it prunes
            assert dual_bound(duals[0], r, c) <= smaller


def split(seed: int):
    rng = random.Random(seed)
    n = rng.randint(2, 12)
    players = list(range(1, n + 1))
    ok = {a: set() for a in players}
    for a in players:
        for b in players:
            if a < b and rng.random() < rng.choice((0.2, 0.5, 0.8)):
                ok[a].add(b)
                ok[b].add(a)
    return rng, players, ok


def perfect(rest1, rest2, ok) -> bool:
    return len(matching.bipartite_max_matching(rest1, rest2, lambda a, b: b in ok[a])) == \
        len(rest1)


def splits_asked(seed: int) -> int:
    """40 S1/S2 splits of one random graph asked as the walk asks them (a kept certificate
    first, else the matching, learning from a failure), each refutation checked against
    the matching: the number of splits the certificates refuted."""
    rng, players, ok = split(seed)
    tables = PairTables(ok, ok, None, None, HallCertificates())
    refuted = 0
    for _ in range(40):
        p = rng.randint(1, len(players) // 2)
        s1 = rng.sample(players, p)
        s2 = [q for q in players if q not in s1]
        if tables.hall.refuted(s1, s2):
            refuted += 1
            assert not perfect(s1, s2, ok)
            continue
        m = matching.bipartite_max_matching(s1, s2, lambda a, b: b in ok[a])
        if len(m) < len(s1):
            tables.hall.learn(s1, s2, m, tables.ok)
            a, n = tables.hall.kept[0]
            # the certificate: a set of S1 with fewer allowed partners in S2 than players
            assert a <= set(s1) and len(n & set(s2)) < len(a)
            assert tables.hall.refuted(s1, s2)
    assert len(tables.hall) <= 16
    return refuted


@pytest.mark.parametrize("seed", range(200))
def test_a_kept_hall_certificate_refutes_only_splits_without_a_pairing(seed):
    splits_asked(seed)


def test_the_certificates_are_used_on_the_seeds_above():
    # the test above would pass with certificates never kept: some splits must be refuted
    assert sum(splits_asked(seed) for seed in range(200)) > 100


def test_a2_order_as_one_integer_is_score_then_pairing_number():
    from dubov_explain.rulebooks.dutch2012.standings import PlayerStanding, Standings

    rng = random.Random(5)
    base = dict(name="", rating=0, colours=(), colour_by_round=(), colour_difference=0,
                preference=None, strength=None, preference_rule="", games_played=0,
                unplayed=0, floats=(), bye_eligible=True, bye_bar=None, present=True,
                absence=None, history=())
    players = []
    for n in rng.sample(range(1, 41), 40):
        players.append(PlayerStanding(number=n, initial_rank=n,
                                      score=Fraction(rng.randint(0, 10), 2), **base))
    st = Standings(round=3, total_rounds=9, last_round=False, players=tuple(players),
                   met={}, forbidden=frozenset(), top_over=None)
    by_pair = sorted(players, key=lambda p: (-p.score, p.initial_rank))
    assert sorted(st.a2_position, key=st.a2_position.get) == [p.number for p in by_pair]


@pytest.mark.parametrize("n", [30, 400])
def test_a_large_walk_asks_its_pairs_as_its_matchings_probe_them(monkeypatch, n):
    # the tables list every S1 x S2 pair of the players they serve: right for the small
    # walks of a long tournament, wrong for a round of thousands (round 1 of 9,999
    # players took 72 s and 2.6 GB with them, 7 s without); over TABLES_UP_TO pairs the
    # walk asks the pair function as its matching questions probe, and finds the same
    from dubov_explain.rulebooks.dutch2012 import search
    from dubov_explain.rulebooks.dutch2012.search import Budget, first_transposition

    s1, s2 = list(range(1, n + 1)), list(range(n + 1, 2 * n + 1))

    def run():
        asked = []

        def allowed(a, b):
            asked.append((a, b))
            return None if (b - a) % 3 else "B.1.a"

        found = first_transposition(s1, s2, allowed, lambda a, b: False, lambda a, b: False,
                                    Budget(0, None), lambda r, x, z: None,
                                    lambda q: ("-", False))
        return found.pairs, len(set(asked))

    listed = n * n <= search.TABLES_UP_TO
    pairs, asked = run()
    monkeypatch.setattr(search, "TABLES_UP_TO", 0)
    pairs_without, asked_without = run()
    assert pairs == pairs_without
    if listed:
        assert asked == n * n > asked_without  # every pair listed once
    else:
        assert asked == asked_without < n * n // 4
