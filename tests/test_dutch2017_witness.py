"""dutch-2017 against its witnesses (each skipped when absent): py4swiss's Dutch engine
(PyPI ``py4swiss``, tested by its authors against bbpPairings 5.0.1; the ``py4swiss``
command on the PATH or ``DUBOV_PY4SWISS``) and bbpPairings v5.0.1 (the Dutch rules of
2017, built from the tag ``v5.0.1``; ``DUBOV_BBP5`` names the binary).

* the middle rounds of the bbpPairings corpus (``tests/data/dutch-bbp``, 12 tournaments,
  57 rounds) are paired alike, pairs and colours, by us and by each witness present;
* tournaments bbpPairings v5.0.1 generates itself (every round paired by the 2017 rules)
  are paired alike in every middle round.

``benchmarks/agree_dutch2017.py`` runs a larger generated corpus.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from dutch_witness import (config_for_seed, executable, generate, load, middle_rounds,  # noqa: E402
                           py4swiss_path, request, request_text, rounds_in, run_bbp,
                           run_ours, run_py4swiss)

from dubov_explain.rulebooks import find_rulebook  # noqa: E402

DATA = Path(__file__).parent / "data" / "dutch-bbp"
BBP5 = executable(os.environ.get("DUBOV_BBP5"))
PY4SWISS = py4swiss_path()

WITNESSES = [pytest.param(("py4swiss", PY4SWISS), id="py4swiss",
                          marks=pytest.mark.skipif(PY4SWISS is None,
                                                   reason="py4swiss is not installed")),
             pytest.param(("bbp5", BBP5), id="bbp5",
                          marks=pytest.mark.skipif(BBP5 is None,
                                                   reason="DUBOV_BBP5 names no binary"))]


def _run(witness, path: Path):
    name, program = witness
    return run_py4swiss(program, path) if name == "py4swiss" else run_bbp(program, path)


def _compare(witness, t, tmp_path):
    book = find_rulebook("dutch-2017")
    total = rounds_in(t)
    rows = []
    for r in middle_rounds(total):
        req = request(t, r, total)
        p = tmp_path / f"req-{r}.trf"
        p.write_text(request_text(req), encoding="utf-8")
        rows.append((r, run_ours(book, req, r), _run(witness, p)))
    assert rows
    for r, ours, theirs in rows:
        assert theirs.ok, (r, theirs.status)
        assert ours.ok and ours.with_colours() == theirs.with_colours(), \
            (t.source, r, ours.text(), theirs.text())


@pytest.mark.parametrize("witness", WITNESSES)
@pytest.mark.parametrize("path", sorted(DATA.glob("bbp-s*.trf")), ids=lambda p: p.stem)
def test_middle_rounds_of_the_corpus_pair_as_the_witness(witness, path, tmp_path):
    _compare(witness, load(path), tmp_path)


@pytest.mark.skipif(BBP5 is None, reason="DUBOV_BBP5 names no binary")
@pytest.mark.parametrize("seed", [7001, 7002, 7003])
def test_tournaments_bbppairings_v5_generates_pair_alike(seed, tmp_path):
    out = tmp_path / f"gen-{seed}.trf"
    assert generate(BBP5, config_for_seed(seed), seed, out).returncode == 0
    _compare(("bbp5", BBP5), load(out), tmp_path)
