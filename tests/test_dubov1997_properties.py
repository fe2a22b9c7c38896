"""Dubov 1997 over generated tournaments (seeded: deterministic, reproducible).

For every round of every tournament generated with ``--system dubov-1997`` (6-300
players, up to 11 rounds, with forfeits, requested byes, withdrawals and late entries, and
sometimes non-default readings):

* no limitation of 2.1-2.4 is broken, the bye goes by 2.2, everybody to be paired appears
  exactly once (independent checks, ``tests/dubov1997_checks.py``), and the rulebook's own
  absolute test agrees;
* determinism: pairing the same request again gives byte-identical ``trace.to_json()``,
  and the JSON round-trips;
* with the default reading ``wise=round`` the engine stops (9) only when no complete
  pairing exists (networkx, apart from the engine).

A failure names the case ``(players, rounds, seed)``; regenerate it with
``simulate(players, rounds, seed, options=..., system="dubov-1997")``.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov1997.readings import CATALOGUE, Readings
from dubov_explain.simulate import GeneratorOptions, simulate
from dubov_explain.trace.events import Impossible, Trace
from dubov1997_checks import complete_pairing_exists, round_problems

BOOK = find_rulebook("dubov-1997")

CASES = [(n, rounds, seed) for seed, (n, rounds) in enumerate(
    [(6, 3), (7, 4), (8, 5), (9, 5), (10, 6), (11, 7), (12, 9), (13, 5), (15, 6), (16, 7),
     (20, 9), (21, 5), (25, 7), (30, 11), (33, 6), (40, 9), (47, 7), (60, 9), (61, 5),
     (80, 7), (99, 9), (120, 6), (151, 7), (200, 5), (300, 4)])]


def _options(seed: int) -> GeneratorOptions:
    rng = random.Random(seed)
    readings = Readings.from_pairs()
    if rng.random() < 0.3:
        readings = Readings.from_pairs({r.name: rng.choice(sorted(r.choices)) for r in CATALOGUE
                                        if r.name not in ("wise", "absences",
                                                          "improvement-exhausted",
                                                          "transfer-no-supply")})
    return GeneratorOptions(
        forfeit_rate=rng.choice((0.0, 0.03)), half_bye_rate=rng.choice((0.0, 0.03)),
        zero_bye_rate=rng.choice((0.0, 0.03)), full_point_byes=rng.random() < 0.3,
        withdrawal_rate=rng.choice((0.0, 0.01)), late_entry_rate=rng.choice((0.0, 0.05)),
        system="dubov-1997", readings=readings,
    )


@pytest.mark.parametrize("players,rounds,seed", CASES)
def test_generated_rounds_respect_the_limitations(players, rounds, seed):
    o = _options(seed)
    sim = simulate(players, rounds, seed, options=o, keep_rounds=True)
    assert sim.rounds, (players, rounds, seed)
    for rec in sim.rounds:
        req, r, trace = rec.request, rec.round, rec.trace
        probs = round_problems(req, r, trace)
        assert not probs, (players, rounds, seed, probs)
        again = BOOK.pair(req, o.readings, round_no=r)
        j = trace.to_json()
        assert again.to_json() == j, (players, rounds, seed, r)
        assert Trace.from_json(j).to_json() == j
        res = trace.result
        if isinstance(res, Impossible):
            assert not complete_pairing_exists(req, r), (players, rounds, seed, r)
            assert res.article == "9"
            continue
        pub = SimpleNamespace(
            pairs=[SimpleNamespace(white=w, black=b, players=frozenset((w, b)), colours_known=True)
                   for w, b in res.boards],
            byes=[res.bye] if res.bye is not None else [], bye=res.bye, problems=[])
        assert BOOK.absolute_test(req, r, pub, o.readings) == [], (players, rounds, seed, r)


def test_the_case_list_spans_6_to_300_players():
    sizes = [n for n, _, _ in CASES]
    assert min(sizes) == 6 and max(sizes) == 300
