"""The engine against the literal twin (``tests/dutch2012_literal.py``, written from the text):
on every round of small generated tournaments, the same pairs and the same bye; and the
orders of D.2 and D.3 against the text's own examples."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2012.search import exchanges, mdp_sets  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

from tests.dutch2012_literal import d2_exchanges, literal_round  # noqa: E402

BOOK = find_rulebook("dutch-2012")


def test_d2_order_is_the_text_s_examples():
    one = d2_exchanges(5, 6, 1)
    assert one[:3] == [((5,), (6,)), ((5,), (7,)), ((4,), (6,))]
    two = d2_exchanges(5, 6, 2)
    assert two[:6] == [((5, 4), (6, 7)), ((5, 4), (6, 8)), ((5, 3), (6, 7)),
                       ((5, 4), (6, 9)), ((5, 4), (7, 8)), ((5, 3), (6, 8))]
    three = d2_exchanges(5, 6, 3)
    assert three[:6] == [((5, 4, 3), (6, 7, 8)), ((5, 4, 3), (6, 7, 9)), ((5, 4, 2), (6, 7, 8)),
                         ((5, 4, 3), (6, 7, 10)), ((5, 4, 3), (6, 8, 9)), ((5, 4, 2), (6, 7, 9))]
    # the table of the text numbers the two-player exchanges 1..150: (5,1) with (6,7) is #14
    assert two.index(((5, 1), (6, 7))) == 13 and two.index(((2, 1), (10, 11))) == 149


@pytest.mark.parametrize("n1, n2, size", [(5, 6, 1), (5, 6, 2), (5, 6, 3), (3, 4, 2), (4, 4, 4)])
def test_engine_d2_order_is_the_literal_one(n1, n2, size):
    assert exchanges(n1, n2, size, 10 ** 6) == d2_exchanges(n1, n2, size)


def test_d3_order_is_the_text_s_table():
    assert [list(s) for s in mdp_sets([1, 2, 3, 4, 5], 4)] == [
        [1, 2, 3, 4], [1, 2, 3, 5], [1, 2, 4, 5], [1, 3, 4, 5], [2, 3, 4, 5]]
    assert [list(s) for s in mdp_sets([1, 2, 3, 4, 5], 2)][:6] == [
        [1, 2], [1, 3], [1, 4], [1, 5], [2, 3], [2, 4]]


def _rounds(players, rounds, seed, options):
    sim = simulate(players, rounds, seed, options=options, system="dutch-2012", keep_rounds=True)
    return sim.rounds


CASES = [(n, r, s) for n, r, s in [(6, 5, 1), (7, 5, 2), (8, 6, 3), (9, 6, 4), (10, 7, 5),
                                     (8, 7, 6), (9, 7, 7), (10, 6, 8), (7, 6, 9), (10, 7, 10),
                                     (6, 5, 11), (9, 5, 12), (10, 5, 13), (8, 5, 14),
                                     (11, 9, 1), (12, 9, 2), (13, 9, 3), (14, 9, 1), (14, 9, 8)]]


@pytest.mark.parametrize("players, rounds, seed", CASES)
@pytest.mark.parametrize("quiet", [False, True])
def test_engine_matches_the_literal_enumeration(players, rounds, seed, quiet):
    options = GeneratorOptions.quiet() if quiet else GeneratorOptions(forfeit_rate=0.05,
                                                                      half_bye_rate=0.05)
    compared = 0
    for rec in _rounds(players, rounds, seed, options):
        trace = rec.trace
        lit = literal_round(rec.request, rec.round)
        if isinstance(trace.result, Impossible):
            assert lit is None
            continue
        pairs = {frozenset(p) for p in trace.result.boards}
        assert lit == (pairs, trace.result.bye), (players, seed, rec.round)
        compared += 1
    assert compared >= 1


@pytest.mark.parametrize("reading", ["absolute-conflict=last-two", "strong-as-absolute=ignore",
                                     "bye-bar=pairing-bye", "bye-downfloat=none",
                                     "forfeit-meets=paired", "remainder-budget=each-part",
                                     "unplayed-float=none", "forfeit-float=paired",
                                     "backtrack-after-c10=c1-only",
                                     "joined-bracket=heterogeneous",
                                     "d4-scope=several-scores", "d4-scope=never",
                                     "d4-bye-score=bye-player", "d4-level=accepting",
                                     "c13-p-zero=counts", "lowest-c1=at-once",
                                     "lowest-c12=c12-first", "a7d-proviso=kept",
                                     "c10-fewest-order=dropping"])
def test_engine_matches_the_literal_enumeration_under_other_readings(reading):
    name, value = reading.split("=")
    readings = BOOK.readings({name: value})
    opts = GeneratorOptions(forfeit_rate=0.08, half_bye_rate=0.05, readings=readings)
    for seed in (21, 22, 23):
        sim = simulate(9, 6, seed, options=opts, system="dutch-2012", keep_rounds=True)
        for rec in sim.rounds:
            trace = rec.trace
            if isinstance(trace.result, Impossible):
                continue
            lit = literal_round(rec.request, rec.round, readings)
            assert lit == ({frozenset(p) for p in trace.result.boards}, trace.result.bye)


@pytest.mark.parametrize("value, pairs, bye", [
    ("importance", {(1, 6), (3, 4), (2, 7)}, 5),
    ("dropping", {(1, 7), (3, 5), (4, 6)}, 2)])
def test_the_c10_fewest_order_case_by_the_twin(value, pairs, bye):
    """C.10's last sentence with B.5 and B.6 for downfloaters both dropped (golden case
    reading-c10-fewest-order, the 3-point bracket paired again by C.13): the twin, reading
    the criteria in the order of c10-fewest-order, pairs as the engine, and the two values
    pair differently (importance: B.5 least first, 1-6; dropping: B.6 least first, 3-5)."""
    from dubov_explain.trf.reader import read_trf
    t = read_trf(Path(__file__).resolve().parent.parent / "golden" / "dutch-2012" / "cases"
                 / "reading-c10-fewest-order.trf")
    readings = BOOK.readings({"c10-fewest-order": value})
    want = ({frozenset(p) for p in pairs}, bye)
    assert literal_round(t, None, readings) == want
    trace = BOOK.pair(t, readings)
    assert ({frozenset(p) for p in trace.result.boards}, trace.result.bye) == want
