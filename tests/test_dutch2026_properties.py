"""Dutch 2026 on generated tournaments (the project's generator, 6-40 players): every round
is paired; everyone to pair appears exactly once (one PAB exactly when odd, never to a
player [C2] bars); no absolute criterion is broken (the rulebook's own absolute test:
[C1], [C2], [C3], XXP, absolute colours); the PAB goes to the lowest score that can take it
([C5], checked against every other eligible player by a completion test independent of the
engine's search); MaxPairs pairs are made in every bracket ([C6]); and the same request
gives the same bytes."""

from __future__ import annotations

import pytest

from dubov_explain import matching
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dutch2026.engine import Engine
from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.trace.events import Impossible

from round_checks import check_round, same_bytes

BOOK = find_rulebook("dutch-2026")

CASES = [(6, 5, 1), (7, 6, 2), (9, 7, 3), (12, 8, 4), (15, 9, 5), (20, 9, 6), (24, 9, 7),
         (11, 9, 12), (8, 7, 13), (13, 7, 14), (31, 7, 15), (40, 7, 16)]


@pytest.mark.parametrize("players, rounds, seed", CASES)
def test_generated_rounds_keep_the_absolute_criteria(players, rounds, seed):
    opts = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)
    sim = simulate(players, rounds, seed, options=opts, system="dutch-2026", keep_rounds=True)
    # a round may be impossible as a whole (1.9.3, proved by a maximum matching at the
    # start); a bracket never fails after that start
    assert sim.stopped_round is None or sim.impossible.context == "all", sim.impossible
    for rec in sim.rounds:
        trace = rec.trace
        if isinstance(trace.result, Impossible):
            assert trace.result.context == "all"
            continue
        st, to_pair = check_round(BOOK, rec)
        bye = trace.result.bye
        if bye is not None:
            # [C5]: no eligible player of a lower score could take the PAB with the rest
            # still pairable by [C1]-[C3]
            eng = Engine(rec.request, round_no=rec.round)
            for p in st.players:
                if p.present and p.bye_eligible and p.score < st[bye].score:
                    rest = [n for n in to_pair if n != p.number]
                    assert matching.has_perfect_matching(
                        rest, lambda a, b: eng.absolute(a, b) is None) is None, (seed, p.number)


@pytest.mark.parametrize("players, rounds, seed", CASES[:5])
def test_same_request_same_bytes(players, rounds, seed):
    same_bytes(BOOK, simulate(players, rounds, seed, system="dutch-2026", keep_rounds=True).rounds)


def test_first_round_is_top_half_against_bottom_half():
    """3.2.2/3.3.1 in round 1: S1 the first MaxPairs by TPN, S1[i] against S2[i]."""
    sim = simulate(10, 3, 5, options=GeneratorOptions.quiet(), system="dutch-2026",
                   keep_rounds=True)
    first = sim.rounds[0].trace.result
    assert {frozenset(b) for b in first.boards} == {frozenset((i, i + 5)) for i in range(1, 6)}
