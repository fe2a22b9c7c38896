"""The Dubov 2026 engine against the literal, exponential reading of its text.

The literal twin is Dubov 2025's (``tests/literal.py``) with the 2026 differences
(``pair_literal(..., edition=2026)``: no containers, the sets of upfloaters by [C6] as 2.3.2
words it and then by 4.1.3's "smallest differing sequence number", read word by word); the
2026 readings (``container-order`` settled) are given to it.  For every seed the dubov-2026
engine must give the same boards and bye, or be ``Impossible`` exactly when the literal
pairing raises ``NoPairing``.  The random histories are Dubov 2025's (``tests/gen_small.py``).

Reproduce a failing seed with ``PYTHONPATH=. python -m pytest tests/test_dubov2026_bruteforce.py
-k SEED``.
"""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks.dubov2026.engine import pair_round  # noqa: E402
from dubov_explain.rulebooks.dubov2026.readings import Readings  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402
from tests.gen_small import random_tournament  # noqa: E402
from tests.literal import NoPairing, pair_literal  # noqa: E402

NORMAL_SEEDS = range(300)
HARD_SEEDS = range(150)
#: every non-default reading of the 2026 catalogue, each on its own
NON_DEFAULT = [
    {"c9-measure": "max"},
    {"unavoidable-pairs": "isolated"},
    {"bye-games-played": "paired"},
    {"bye-eligibility": "article-3.1.1"},
    {"upfloat-history": "paired"},
    {"upfloat-previous-round": "last-paired"},
    {"colour-history-5.2.4": "by-round"},
    {"absolute-conflict": "last-two"},
]
READING_SEEDS = range(25)


def engine_result(t, readings):
    r = pair_round(t, readings).result
    if isinstance(r, Impossible):
        return None
    return frozenset(tuple(b) for b in r.boards), r.bye


def literal_result(t, readings):
    try:
        return pair_literal(t, readings, edition=2026)
    except NoPairing:
        return None


def _check(profile, seed, pairs=None):
    t = random_tournament(seed, hard=(profile == "hard"))
    readings = Readings.from_pairs(pairs or {})
    eng, lit = engine_result(t, readings), literal_result(t, readings)
    assert eng == lit, (f"FAILING SEED {seed} ({profile}, {pairs or 'defaults'}): "
                        f"engine {eng} literal {lit}")


@pytest.mark.parametrize("profile, seed", [("normal", s) for s in NORMAL_SEEDS]
                         + [("hard", s) for s in HARD_SEEDS])
def test_dubov2026_engine_equals_literal(profile, seed):
    _check(profile, seed)


@pytest.mark.parametrize("profile, seed, pairs",
                         [(p, s, r) for r in NON_DEFAULT for p in ("normal", "hard")
                          for s in READING_SEEDS],
                         ids=lambda x: x if not isinstance(x, dict) else
                         ",".join(f"{k}={v}" for k, v in x.items()))
def test_dubov2026_engine_equals_literal_under_readings(profile, seed, pairs):
    _check(profile, seed, pairs)


@pytest.mark.parametrize("pool, k", [(p, k) for p in range(1, 9) for k in range(1, p + 1)])
def test_4_1_3_smallest_differing_number_is_the_lexicographic_order(pool, k):
    """2026's 4.1.3 ("sorted according to the smallest differing sequence number") orders
    the k-sets of a pool as 2025's lexicographic order, the order the engine walks (its
    examples: {#1,#2} before {#1,#3}, {#1,#P} before {#2,#3})."""
    from functools import cmp_to_key

    def smallest_differing(a, b):
        differ = set(a) ^ set(b)
        return 0 if not differ else (-1 if min(differ) in a else 1)

    sets = list(combinations(range(1, pool + 1), k))
    assert sorted(sets, key=cmp_to_key(smallest_differing)) == sets
