"""Dutch 2012 on generated tournaments (the project's generator, 6-60 players): every round
is paired, everyone to pair appears exactly once (one bye exactly when odd, never to a
player barred by B.1.b), no absolute criterion is broken (the rulebook's own absolute
test, B.1.a, B.1.b, B.2, XXP, absolute colours), and the same request gives the same bytes."""

from __future__ import annotations

import pytest

from dubov_explain.rulebooks import find_rulebook
from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.trace.events import Impossible

from round_checks import check_round, published, same_bytes

BOOK = find_rulebook("dutch-2012")

CASES = [(6, 5, 1), (7, 6, 2), (9, 7, 3), (12, 8, 4), (15, 9, 5), (20, 9, 6), (24, 11, 7),
         (31, 9, 8), (40, 9, 9), (47, 11, 10), (60, 9, 11), (11, 9, 12), (8, 7, 13),
         (13, 7, 14), (33, 7, 15), (52, 9, 16)]


@pytest.mark.parametrize("players, rounds, seed", CASES)
def test_generated_rounds_keep_the_absolute_criteria(players, rounds, seed):
    sim = simulate(players, rounds, seed, system="dutch-2012", keep_rounds=True)
    assert sim.stopped_round is None, sim.impossible
    assert sim.rounds_played == rounds
    for rec in sim.rounds:
        trace = rec.trace
        assert not isinstance(trace.result, Impossible)
        check_round(BOOK, rec, (players, seed))


@pytest.mark.parametrize("players, rounds, seed", CASES[:6])
def test_same_request_same_bytes(players, rounds, seed):
    same_bytes(BOOK, simulate(players, rounds, seed, system="dutch-2012", keep_rounds=True).rounds)


def test_quiet_tournaments_and_full_point_byes():
    for seed in range(20, 26):
        for opts in (GeneratorOptions.quiet(), GeneratorOptions(full_point_byes=True,
                                                                 full_bye_rate=0.05)):
            sim = simulate(10 + seed, 9, seed, options=opts, system="dutch-2012",
                           keep_rounds=True)
            assert sim.stopped_round is None
            for rec in sim.rounds:
                assert BOOK.absolute_test(rec.request, rec.round, published(rec.trace)) == []


def test_round_one_is_the_text_s_top_half_against_bottom_half():
    """C.4-C.6 and E.5 in round 1: S1 = the top half, S2 the rest, pairs S1[i]-S2[i] and
    colours alternating down S1 from the colour drawn by lot."""
    sim = simulate(10, 3, 3, options=GeneratorOptions.quiet(), system="dutch-2012",
                   keep_rounds=True)
    rec = sim.rounds[0]
    pairs = {frozenset(p) for p in rec.trace.result.boards}
    assert pairs == {frozenset((i, i + 5)) for i in range(1, 6)}
    first = rec.request.initial_colour.value
    for w, b in rec.trace.result.boards:
        s1 = min(w, b)
        gets = "w" if s1 == w else "b"
        assert (gets == first) == (s1 % 2 == 1)


@pytest.mark.parametrize("players, rounds, seed", [(9, 7, 31), (16, 9, 32), (27, 9, 33),
                                                   (45, 11, 34), (60, 9, 35)])
def test_dubov_generated_requests_paired_by_dutch(players, rounds, seed):
    """The requests of tournaments paired by Dubov 2025, paired by dutch-2012 instead: a
    complete pairing that keeps the Dutch absolute criteria whenever the round has one."""
    sim = simulate(players, rounds, seed, keep_rounds=True)
    paired = 0
    for rec in sim.rounds:
        trace = BOOK.pair(rec.request, round_no=rec.round)
        if isinstance(trace.result, Impossible):
            continue
        paired += 1
        assert BOOK.absolute_test(rec.request, rec.round, published(trace)) == []
        st = BOOK.standings(rec.request, rec.round)
        to_pair = sorted(p.number for p in st.players if p.present)
        seen = sorted([n for pr in trace.result.boards for n in pr] +
                      ([trace.result.bye] if trace.result.bye is not None else []))
        assert seen == to_pair
    assert paired >= rounds - 1
