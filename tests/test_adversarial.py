"""Issue 16: rounds that once took minutes pair with bounded work (small versions).

The work is counted, not timed: upfloater sets evaluated (``UpfloaterSearch.evaluate``),
and calls of the matching oracles.  Full-size figures: ``benchmarks/bench_adversarial.py``.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain import matching  # noqa: E402
from dubov_explain.rulebooks.dubov2025 import upfloaters  # noqa: E402
from dubov_explain.rulebooks.dubov2025.engine import pair_round  # noqa: E402
from tests import adversarial_cases as cases  # noqa: E402


@pytest.fixture
def work(monkeypatch):
    n: Counter = Counter()

    def count(owner, name, key):
        orig = getattr(owner, name)

        def counted(*a, **k):
            n[key] += 1
            return orig(*a, **k)

        monkeypatch.setattr(owner, name, counted)

    count(upfloaters.UpfloaterSearch, "evaluate", "sets")
    count(matching, "has_perfect_matching", "general")
    count(matching, "bipartite_max_matching", "bipartite")
    count(matching, "min_cost_perfect_matching", "min-cost")
    return n


def _pair(t, r):
    trace = pair_round(t, round_no=r)
    assert trace.result.kind == "pairing-published"
    return trace


@pytest.mark.parametrize("players,blocked,before", [(24, 3, 474), (32, 3, 1886), (40, 4, 6124)])
def test_upfloater_sets_failing_on_a_prefix_are_skipped(work, players, blocked, before):
    # every set with one of the first ``blocked`` lower players fails [C1]/[C3]; they
    # were once tested one by one (``before`` evaluations), now one prefix proof each
    t, r = cases.xxp_round2(players, blocked)
    trace = _pair(t, r)
    assert work["sets"] <= 2 * blocked + 2, (work, before)
    chosen = next(e for e in trace.events if e.kind == "upfloaters-chosen")
    assert len(chosen.players) == 4
    assert not set(chosen.players) & set(range(5, 5 + blocked))


@pytest.mark.parametrize("players", [40, 100])
def test_losers_group_needs_no_min_cost_matching(work, players):
    # 2.2.1: the losers cannot pair among themselves, so all of them float; the bound
    # from the lower side proves it without the weighted fallback
    t, r = cases.losers_group(players)
    trace = _pair(t, r)
    assert work["min-cost"] == 0
    k = next(e for e in trace.events if e.kind == "minimum-upfloaters")
    assert (k.count, k.method) == (players // 2, "bound")
    # 2.2.6: one matching for the whole transposition, not one per candidate
    assert work["bipartite"] <= 4


def test_round1_window_transposition_is_incremental(work):
    t, r = cases.round1_window(200, 20)
    _pair(t, r)
    assert work["bipartite"] <= 2 and work["min-cost"] == 0


def test_networkx_is_imported_only_by_the_fallback():
    import subprocess

    code = (
        "import sys; from dubov_explain.rulebooks.dubov2025.engine import pair_round;"
        "from tests import adversarial_cases as c; t, r = c.losers_group(20);"
        "pair_round(t, round_no=r); print('networkx' in sys.modules)"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, env={"PYTHONPATH": str(root)}, check=True)
    assert out.stdout.strip() == "False"
