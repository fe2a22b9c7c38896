"""The engine against the literal twin (``tests/swiss_rating1992_literal.py``, written from
the 1992 text): on every round of small generated tournaments, the same pairs and the same
bye; and the order of D.2 against the text's own matrices."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2012.search import exchanges  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

from tests.swiss_rating1992_literal import d2_exchanges, literal_round  # noqa: E402

BOOK = find_rulebook("swiss-rating-1992")


def test_d2_is_the_text_s_matrices():
    # S1 = 1 2 3 4, S2 = 5 6 7 (8): one player a..i, two players j..r
    one = d2_exchanges(4, 4, 1)
    letters = [((4,), (5,)), ((4,), (6,)), ((3,), (5,)), ((4,), (7,)), ((3,), (6,)),
               ((2,), (5,)), ((3,), (7,)), ((2,), (6,)), ((2,), (7,))]
    assert [e for e in one if 8 not in e[1] and 1 not in e[0]] == letters
    two = d2_exchanges(4, 4, 2)
    letters2 = [((4, 3), (5, 6)), ((4, 3), (5, 7)), ((4, 2), (5, 6)), ((4, 3), (6, 7)),
                ((4, 2), (5, 7)), ((3, 2), (5, 6)), ((4, 2), (6, 7)), ((3, 2), (5, 7)),
                ((3, 2), (6, 7))]
    assert [e for e in two if 8 not in e[1] and 1 not in e[0]] == letters2


@pytest.mark.parametrize("n1, n2, size", [(4, 4, 1), (4, 4, 2), (3, 4, 1), (3, 4, 2),
                                          (5, 6, 2), (5, 6, 3), (4, 4, 4)])
def test_engine_d2_order_is_the_literal_one(n1, n2, size):
    assert exchanges(n1, n2, size, 10 ** 6) == d2_exchanges(n1, n2, size)


CASES = [(6, 5, 1), (7, 5, 2), (8, 6, 3), (9, 6, 4), (10, 7, 5), (8, 7, 6), (9, 7, 7),
         (10, 6, 8), (7, 6, 9), (10, 7, 10), (6, 5, 11), (9, 5, 12), (11, 7, 1), (12, 7, 2)]


@pytest.mark.parametrize("players, rounds, seed", CASES)
@pytest.mark.parametrize("quiet", [False, True])
def test_engine_matches_the_literal_enumeration(players, rounds, seed, quiet):
    options = GeneratorOptions.quiet() if quiet else GeneratorOptions(forfeit_rate=0.05,
                                                                      half_bye_rate=0.05)
    sim = simulate(players, rounds, seed, options=options, system="swiss-rating-1992",
                   keep_rounds=True)
    compared = 0
    for rec in sim.rounds:
        trace = rec.trace
        lit = literal_round(rec.request, rec.round)
        if isinstance(trace.result, Impossible):
            assert lit is None
            continue
        assert lit == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), \
            (players, seed, rec.round)
        compared += 1
    assert compared >= 1


@pytest.mark.parametrize("reading", ["restore-criteria=each-restart",
                                     "absolute-conflict=last-two", "bye-bar=pairing-bye",
                                     "forfeit-float=played", "unrated-estimate=start-list",
                                     "top-scorer-pairs=either", "top-scorers=all-rounds",
                                     "paired-downfloat=move-only"])
def test_engine_matches_the_literal_enumeration_under_other_readings(reading):
    name, value = reading.split("=")
    readings = BOOK.readings({name: value})
    opts = GeneratorOptions(forfeit_rate=0.08, half_bye_rate=0.05, readings=readings)
    for seed in (21, 22, 23):
        sim = simulate(9, 6, seed, options=opts, system="swiss-rating-1992", keep_rounds=True)
        for rec in sim.rounds:
            trace = rec.trace
            if isinstance(trace.result, Impossible):
                continue
            lit = literal_round(rec.request, rec.round, readings)
            assert lit == ({frozenset(p) for p in trace.result.boards}, trace.result.bye)


def test_levels_skipped_by_their_least_x_pair_as_the_text(monkeypatch):
    """The pruning of ``Generation.x_pairs`` by the least X of P allowed pairs
    (``least_x``): on the generated rounds where it skips a level whose P allowed pairs all
    spend more X than allowed, the engine pairs as the literal twin, which walks every
    exchange and transposition."""
    from dubov_explain.rulebooks.swiss_rating1992.engine import RatingEngine

    original = RatingEngine.x_pairs
    skipped = [0]

    def spied(self, b, tests, players, p):
        got = original(self, b, tests, players, p)
        skipped[0] += not got
        return got

    monkeypatch.setattr(RatingEngine, "x_pairs", spied)
    rounds = 0
    for seed in range(1, 8):
        for options in (GeneratorOptions.quiet(),
                        GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)):
            sim = simulate(10, 7, seed, options=options, system="swiss-rating-1992",
                           keep_rounds=True)
            for rec in sim.rounds:
                skipped[0] = 0
                trace = BOOK.pair(rec.request, round_no=rec.round)
                if not skipped[0] or isinstance(trace.result, Impossible):
                    continue
                lit = literal_round(rec.request, rec.round)
                assert lit == ({frozenset(p) for p in trace.result.boards},
                               trace.result.bye), (seed, rec.round)
                rounds += 1
    assert rounds >= 10
