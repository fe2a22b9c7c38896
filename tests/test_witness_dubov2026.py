"""py4swiss (optional witness, PyPI ``py4swiss``) against ``dubov-2026`` on generated
tournaments: ``benchmarks/py4swiss_dubov2026.py`` on a small sample.  Skipped without
py4swiss (the ``py4swiss`` command on the PATH or ``DUBOV_PY4SWISS``).

py4swiss's Dubov engine targets the 2026 text; where it pairs otherwise, the disagreement
must be one the benchmark attributes to an article (a reading of ours it follows, an
absolute criterion it breaks, or the article where its pairing leaves our procedure), never
an unexplained difference.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("py4swiss_dubov2026",
                                              ROOT / "benchmarks" / "py4swiss_dubov2026.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

pytestmark = pytest.mark.skipif(not bench.PY4SWISS, reason="py4swiss is not installed "
                                "(optional witness)")


@pytest.mark.parametrize("k", range(4))
def test_every_disagreement_with_py4swiss_is_attributed(k, tmp_path):
    from dubov_explain.simulate import history_before, simulate

    rng = random.Random(1000 + k)
    sim = simulate(rng.randint(6, 24), rng.randint(5, 9), rng.randrange(2**32),
                   options=bench.options(rng))
    for r in range(2, sim.rounds_played + 1):
        request = history_before(sim.tournament, r)
        mine, theirs = bench.ours(bench.BOOK, request, r), bench.witness(request, tmp_path)
        if bench.unordered(mine) == bench.unordered(theirs):
            continue
        reason = bench.attribute(request, r, theirs)
        assert not reason.startswith(("different", "error")), (r, reason, mine, theirs)
