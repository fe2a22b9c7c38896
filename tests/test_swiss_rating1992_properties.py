"""Swiss 1992 (rating) on generated tournaments (the project's generator, 6-60 players and
one of 300): every round is paired, everyone to pair appears exactly once (one bye exactly
when odd, never to a player barred by B.1.b), no absolute criterion is broken (the
rulebook's absolute test: B.1.a, B.1.b, B.2), and the same request gives the same bytes."""

from __future__ import annotations

import pytest

from dubov_explain.rulebooks import find_rulebook
from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.trace.events import Impossible

from round_checks import check_round, published, same_bytes

BOOK = find_rulebook("swiss-rating-1992")

CASES = [(6, 5, 1), (7, 6, 2), (9, 6, 3), (12, 8, 4), (15, 9, 5), (20, 9, 6), (24, 11, 7),
         (31, 9, 8), (40, 9, 9), (47, 11, 10), (60, 9, 11), (11, 9, 12), (8, 7, 13),
         (13, 7, 14), (33, 7, 15), (52, 9, 16)]


def _check(sim, rounds):
    assert sim.stopped_round is None, sim.impossible
    assert sim.rounds_played == rounds
    for rec in sim.rounds:
        trace = rec.trace
        assert not isinstance(trace.result, Impossible)
        check_round(BOOK, rec)


@pytest.mark.parametrize("players, rounds, seed", CASES)
def test_generated_rounds_keep_the_absolute_criteria(players, rounds, seed):
    _check(simulate(players, rounds, seed, system="swiss-rating-1992", keep_rounds=True),
           rounds)


def test_three_hundred_players():
    _check(simulate(300, 7, 300, system="swiss-rating-1992", keep_rounds=True), 7)


@pytest.mark.parametrize("players, rounds, seed", CASES[:6])
def test_same_request_same_bytes(players, rounds, seed):
    same_bytes(BOOK, simulate(players, rounds, seed, system="swiss-rating-1992", keep_rounds=True).rounds)


def test_quiet_tournaments_and_full_point_byes():
    for seed in range(20, 24):
        for opts in (GeneratorOptions.quiet(), GeneratorOptions(full_point_byes=True,
                                                                 full_bye_rate=0.05)):
            sim = simulate(10 + seed, 9, seed, options=opts, system="swiss-rating-1992",
                           keep_rounds=True)
            assert sim.stopped_round is None
            for rec in sim.rounds:
                assert BOOK.absolute_test(rec.request, rec.round, published(rec.trace)) == []


def test_round_one_is_f4_top_half_against_bottom_half():
    """F.4 / C.4-C.6 and E.5 in round 1: S1 = the top half by A.2, S2 the rest, pairs
    S1[i]-S2[i], colours alternating down S1 from the colour drawn by lot."""
    sim = simulate(10, 3, 3, options=GeneratorOptions.quiet(), system="swiss-rating-1992",
                   keep_rounds=True)
    rec = sim.rounds[0]
    st = BOOK.standings(rec.request, 1)
    order = [p.number for p in sorted(st.players, key=lambda p: p.initial_rank)]
    pairs = {frozenset(p) for p in rec.trace.result.boards}
    assert pairs == {frozenset((order[i], order[i + 5])) for i in range(5)}
    first = rec.request.initial_colour.value
    for i in range(5):
        w = [b for b in rec.trace.result.boards if order[i] in b][0][0]
        assert (w == order[i]) == ((first == "w") == (i % 2 == 0))


@pytest.mark.parametrize("players, rounds, seed", [(9, 7, 31), (27, 9, 33), (60, 9, 35)])
def test_dubov_generated_requests_paired_by_swiss92(players, rounds, seed):
    sim = simulate(players, rounds, seed, keep_rounds=True)
    paired = 0
    for rec in sim.rounds:
        trace = BOOK.pair(rec.request, round_no=rec.round)
        if isinstance(trace.result, Impossible):
            continue
        paired += 1
        assert BOOK.absolute_test(rec.request, rec.round, published(trace)) == []
    assert paired >= rounds - 1
