"""Dutch 2017 on generated tournaments (the project's generator, 6-40 players, paired by
dutch-2017 round after round): every round is paired; everyone to pair appears exactly once
(one PAB exactly when odd); no absolute criterion is broken (the rulebook's absolute test:
C.1, C.2, C.3, XXP, absolute colours); the PAB goes to a player of the last bracket (A.9's
note: of the collapsed last bracket when there is a PPB); A.4.b gives every round not
played a downfloat; C.2 bars a PAB or a forfeit win and nothing else; and the same request
gives the same bytes."""

from __future__ import annotations

import pytest

from dubov_explain.rulebooks import find_rulebook
from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.tournament.facts import round_facts
from dubov_explain.trace.events import Impossible

from round_checks import check_round, same_bytes

BOOK = find_rulebook("dutch-2017")

CASES = [(6, 5, 1), (7, 6, 2), (9, 7, 3), (12, 8, 4), (15, 9, 5), (20, 9, 6), (11, 9, 12),
         (13, 7, 14), (31, 7, 15), (40, 7, 16)]


@pytest.mark.parametrize("players, rounds, seed", CASES)
def test_generated_rounds_keep_the_absolute_criteria_and_a9(players, rounds, seed):
    opts = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05, full_bye_rate=0.03)
    sim = simulate(players, rounds, seed, options=opts, system="dutch-2017", keep_rounds=True)
    assert sim.rounds
    for rec in sim.rounds:
        trace = rec.trace
        if isinstance(trace.result, Impossible):
            assert trace.result.context == "all"
            continue
        st, to_pair = check_round(BOOK, rec)
        last = [e for e in trace.events if e.kind == "bracket-opened"][-1]
        assert last.last
        if trace.result.bye is not None:  # A.9's note: the last bracket's downfloater
            assert trace.result.bye in set(last.mdps) | set(last.residents)
        ppb = [e for e in trace.events if e.kind == "penultimate-bracket"]
        if ppb:
            assert last.nature == "collapsed" and set(last.residents) == set(ppb[0].collapsed)
        # A.4.b and C.2, from the facts of the file
        f = round_facts(rec.request, rec.round)
        for q in f.players:
            p = st[q.number]
            for x in q.rounds:
                if x.kind not in ("played", "pending"):
                    assert p.floats[x.round - 1] == "down", (seed, rec.round, q.number)
            bars = any(x.kind == "pairing-allocated-bye" or
                       (x.kind == "forfeit-win" and x.points >= rec.request.scoring.win)
                       for x in q.rounds)
            assert p.bye_eligible is not bars


@pytest.mark.parametrize("players, rounds, seed", CASES[:4])
def test_the_same_request_gives_the_same_bytes(players, rounds, seed):
    same_bytes(BOOK, simulate(players, rounds, seed, system="dutch-2017", keep_rounds=True).rounds[-1:])
