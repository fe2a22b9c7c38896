"""dutch-2026 against Gacrux (skipped when gacrux is not installed): the middle rounds of the
bbpPairings corpus (``tests/data/dutch-bbp``, 12 tournaments, 57 rounds) are paired alike,
pairs and colours.  ``benchmarks/agree_dutch2026.py`` runs a larger generated corpus."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from gacrux_dutch import available, compare_file  # noqa: E402

pytestmark = pytest.mark.skipif(not available(), reason="gacrux is not installed (pip install gacrux)")

DATA = Path(__file__).parent / "data" / "dutch-bbp"


@pytest.mark.parametrize("path", sorted(DATA.glob("bbp-s*.trf")), ids=lambda p: p.stem)
def test_middle_rounds_pair_as_gacrux(path, tmp_path):
    rows = compare_file(path, tmp_path)
    assert rows
    for name, r, ours, theirs in rows:
        assert theirs.ok, (name, r, theirs.status)
        assert ours.ok and ours.with_colours() == theirs.with_colours(), \
            (name, r, ours.text(), theirs.text())
