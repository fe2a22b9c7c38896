"""Engine properties over generated tournaments (seeded loops: deterministic, reproducible).

For every round of every generated tournament (2-200 players, up to 11 rounds, with
requested byes, forfeits, withdrawals, late entries, quick games and sometimes full-point
byes or non-default readings), the request is rebuilt from the finished tournament with
:func:`~dubov_explain.simulate.history_before` and paired again, and:

* no absolute criterion is violated: [C1] no rematch of a played game, [C2] the bye only
  to an eligible player, [C3] no two players with the same absolute colour preference
  (and every absolute preference granted);
* everybody to be paired appears exactly once (bye included); at most one bye, and only
  when the number of players to pair is odd;
* determinism: pairing the same request twice gives byte-identical ``trace.to_json()``
  (the generator's own pairing of the round is the first, the replay the second);
* JSON round trip: ``Trace.from_json(j).to_json() == j``;
* the trace alone reproduces the pairing: the ``colour-allocated`` events (white, black)
  plus the ``bye-assigned`` event give the published pairing, as a set;
* an ``Impossible`` (1.8.3) is only answered when no complete pairing exists (checked
  with networkx, independently of the engine's matching code); the generator then stops.

A failure names the case as ``(players, rounds, seed)`` with its options; regenerate it
with ``simulate(players, rounds, seed, options=...)``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.rulebooks.dubov2025.readings import CATALOGUE, Readings
from dubov_explain.simulate import GeneratorOptions, history_before, simulate
from independent_checks import (
    complete_pairing_exists,
    pairing_problems,
    tournament_problems,
)
from dubov_explain.trace.events import Impossible, PairingPublished, Trace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.literal import NoPairing, pair_literal  # noqa: E402


def _options(rng: random.Random, busy: bool) -> GeneratorOptions:
    readings = Readings.from_pairs()
    if rng.random() < 0.25:
        readings = Readings.from_pairs(
            {r.name: rng.choice(sorted(r.choices)) for r in CATALOGUE}
        )
    scale = 2.0 if busy else 1.0
    full = rng.random() < 0.25
    return GeneratorOptions(
        forfeit_rate=scale * rng.choice((0.0, 0.02, 0.05)),
        double_forfeit_rate=scale * rng.choice((0.0, 0.005, 0.01)),
        quick_game_rate=rng.choice((0.0, 0.02)),
        half_bye_rate=scale * rng.choice((0.0, 0.02, 0.04)),
        zero_bye_rate=scale * rng.choice((0.0, 0.02, 0.04)),
        full_point_byes=full,
        full_bye_rate=0.03 if full else 0.0,
        withdrawal_rate=scale * rng.choice((0.0, 0.01, 0.03)),
        late_entry_rate=rng.choice((0.0, 0.05, 0.15)),
        rating_tie_rate=rng.choice((0.0, 0.05, 0.3)),
        readings=readings,
    )


def _cases() -> list[tuple[int, int, int, GeneratorOptions]]:
    rng = random.Random(20250701)
    cases = []
    for i in range(300):  # small fields: where 1.8.3, [C4] and colour trouble live
        n = rng.randint(2, 40) if i % 6 else rng.randint(2, 9)
        cases.append((n, rng.randint(1, 11), rng.randrange(2**32), _options(rng, i % 2 == 0)))
    for i in range(40):  # medium
        cases.append((rng.randint(41, 120), rng.randint(5, 11), rng.randrange(2**32),
                      _options(rng, i % 2 == 0)))
    for n in (150, 160, 175, 190, 200, 200):  # a few large ones
        cases.append((n, rng.randint(9, 11), rng.randrange(2**32), _options(rng, False)))
    return cases


CASES = _cases()


def _id(case) -> str:
    n, r, seed, o = case
    return f"{n}p-{r}r-{seed}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_every_round_of_a_generated_tournament(case):
    players, rounds, seed, options = case
    readings = options.readings
    sim = simulate(players, rounds, seed, options=options, keep_rounds=True)
    t = sim.tournament
    where = f"case {(players, rounds, seed)} options {options}"
    assert tournament_problems(t) == [], where
    assert len(sim.rounds) == sim.rounds_played + (sim.stopped_round is not None)
    for rec in sim.rounds:
        r = rec.round
        request = history_before(t, r)
        assert request.players == rec.request.players, f"{where}: round {r} request"
        first = rec.trace.to_json()
        trace = pair_round(request, readings, round_no=r)
        text = trace.to_json()
        assert text == first, f"{where}: round {r} not deterministic"
        assert Trace.from_json(text).to_json() == text, f"{where}: round {r} JSON round trip"
        assert isinstance(trace.result, (PairingPublished, Impossible))
        if isinstance(trace.result, Impossible):
            assert r == sim.stopped_round
            # who cannot be paired, and per criterion how many partners it excludes
            assert trace.result.players and len(trace.result.details) == len(trace.result.players)
            assert not complete_pairing_exists(request, r, readings), (
                f"{where}: round {r}: Impossible, but a complete pairing exists (1.8.1)")
            continue
        problems = pairing_problems(request, r, trace, readings)
        assert problems == [], f"{where}: round {r}: {problems}"


def test_the_cases_cover_what_they_claim():
    """The case list itself: sizes, rounds and events (guards against a silent shrink)."""
    sizes = [c[0] for c in CASES]
    assert min(sizes) == 2 and max(sizes) == 200
    assert max(c[1] for c in CASES) == 11
    opts = [c[3] for c in CASES]
    assert any(o.full_point_byes for o in opts)
    assert any(o.readings.non_default() for o in opts)
    for rate in ("late_entry_rate", "withdrawal_rate", "half_bye_rate", "forfeit_rate"):
        assert sum(getattr(o, rate) > 0 for o in opts) > 100, rate


#: small fields over long histories (up to 11 rounds, withdrawals, late entries), which
#: ``tests/gen_small.py`` (0-6 rounds) does not draw; only rounds with <= 12 to pair
LITERAL_CASES = [
    (n, r, seed, o)
    for rng in [random.Random(1997)]
    for n, r, seed, o in (
        (rng.randint(3, 14), rng.randint(4, 11), rng.randrange(2**32), _options(rng, i % 2 == 0))
        for i in range(60)
    )
]


@pytest.mark.parametrize("case", LITERAL_CASES, ids=[_id(c) for c in LITERAL_CASES])
def test_engine_equals_the_literal_oracle_on_generated_rounds(case):
    """Each generated round with at most 12 players to pair is paired exactly as the literal,
    exponential reading of the text (``tests/literal.py``) pairs it."""
    players, rounds, seed, options = case
    sim = simulate(players, rounds, seed, options=options, keep_rounds=True)
    compared = 0
    for rec in sim.rounds:
        if rec.request.round_to_pair != rec.round or len(rec.trace.events[0].to_pair) > 12:
            continue  # the oracle pairs "the next round" of the file, at most 12 players
        try:
            boards, bye = pair_literal(rec.request, options.readings)
            literal = (frozenset(boards), bye)
        except NoPairing:
            literal = None
        res = rec.trace.result
        engine = (
            None if isinstance(res, Impossible)
            else (frozenset(tuple(b) for b in res.boards), res.bye)
        )
        assert engine == literal, (
            f"case {(players, rounds, seed)} options {options}: round {rec.round}: "
            f"engine {engine}, literal {literal}"
        )
        compared += 1
    assert compared or players > 12
