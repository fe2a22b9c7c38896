"""Dubov 2026 engine properties over generated tournaments (seeded, reproducible).

For every round of every tournament generated with ``system="dubov-2026"`` (2-120 players,
up to 11 rounds, with requested byes, forfeits, withdrawals, late entries, quick games,
sometimes full-point byes or non-default 2026 readings), the request is paired again and:

* no absolute criterion is broken and everybody is paired once (``independent_checks``:
  [C1]-[C3], the bye, completeness), or ``Impossible`` (1.9.3) only when no complete
  pairing exists;
* determinism and the JSON round trip (the 2026 kinds are registered under its name);
* every event cites an article of the 2026 text (no 2025 number is left in the trace);
* the 2026 text prescribes what the 2025 text does: the round is paired as Dubov 2025
  pairs it under the same readings (``container-order`` at the value 2026 fixes), and the
  decisions are 2025's renumbered.
"""

from __future__ import annotations

import random
import re

import pytest

from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov2026.engine import pair_round
from dubov_explain.rulebooks.dubov2026.numbering import ARTICLES
from dubov_explain.rulebooks.dubov2026.readings import CATALOGUE, RENAMED, Readings
from dubov_explain.simulate import GeneratorOptions, history_before, simulate
from dubov_explain.trace.events import Impossible, Trace
from independent_checks import complete_pairing_exists, pairing_problems, tournament_problems

BOOK = find_rulebook("dubov-2026")
FAMILY = find_rulebook("dubov-2025")
NUMBERS = BOOK.article_numbers()


def _options(rng: random.Random, busy: bool) -> GeneratorOptions:
    readings = Readings.from_pairs()
    if rng.random() < 0.3:
        readings = Readings.from_pairs({r.name: rng.choice(sorted(r.choices)) for r in CATALOGUE})
    scale = 2.0 if busy else 1.0
    full = rng.random() < 0.25
    return GeneratorOptions(
        system="dubov-2026",
        forfeit_rate=scale * rng.choice((0.0, 0.02, 0.05)),
        double_forfeit_rate=scale * rng.choice((0.0, 0.005)),
        quick_game_rate=rng.choice((0.0, 0.02)),
        half_bye_rate=scale * rng.choice((0.0, 0.02, 0.04)),
        zero_bye_rate=scale * rng.choice((0.0, 0.02)),
        full_point_byes=full,
        full_bye_rate=0.03 if full else 0.0,
        withdrawal_rate=scale * rng.choice((0.0, 0.01, 0.03)),
        late_entry_rate=rng.choice((0.0, 0.05, 0.15)),
        readings=readings,
    )


def _cases():
    rng = random.Random(20260201)
    out = []
    for i in range(60):
        n = rng.randint(2, 30) if i % 5 else rng.randint(2, 9)
        out.append((n, rng.randint(1, 11), rng.randrange(2**32), _options(rng, i % 2 == 0)))
    for i in range(6):
        out.append((rng.randint(40, 120), rng.randint(5, 11), rng.randrange(2**32),
                    _options(rng, False)))
    return out


CASES = _cases()


def _family_readings(readings: Readings):
    back = {v: k[1] for k, v in RENAMED.items()}
    pairs = {k: back.get(v, v) for k, v in readings.as_dict().items()}
    return FAMILY.readings_type.from_pairs({**pairs, "container-order": "lowest-first"})


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}p-{c[1]}r-{c[2]}" for c in CASES])
def test_every_round_of_a_generated_dubov2026_tournament(case):
    players, rounds, seed, options = case
    readings = options.readings
    sim = simulate(players, rounds, seed, options=options, keep_rounds=True)
    t = sim.tournament
    where = f"case {(players, rounds, seed)}"
    assert tournament_problems(t) == [], where
    for rec in sim.rounds:
        r = rec.round
        request = history_before(t, r)
        trace = pair_round(request, readings, round_no=r)
        text = trace.to_json()
        assert text == rec.trace.to_json(), f"{where}: round {r} not deterministic"
        assert Trace.from_json(text).to_json() == text, f"{where}: round {r} JSON"
        for e in trace.events:
            cited = re.sub(r"GHR \d+(?:\.\d+)*", "", e.article)
            for tok in re.findall(r"(?<![\w.\[])\d+(?:\.\d+)*", cited):
                assert tok in NUMBERS, f"{where}: round {r}: {e.kind} cites {e.article}"
        theirs = ARTICLES.trace(FAMILY.pair(request, _family_readings(readings), round_no=r))
        assert trace.result.to_dict() == theirs.result.to_dict(), f"{where}: round {r}"
        assert BOOK.decisions(trace) == FAMILY.decisions(theirs), f"{where}: round {r}"
        if isinstance(trace.result, Impossible):
            assert not complete_pairing_exists(request, r, readings), where
            continue
        assert pairing_problems(request, r, trace, readings) == [], f"{where}: round {r}"
