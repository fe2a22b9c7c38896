"""dutch-2026 against Gacrux (skipped when gacrux is not installed): the middle rounds of the
bbpPairings corpus (``tests/data/dutch-bbp``, 12 tournaments, 57 rounds) are paired alike,
pairs and colours; where Gacrux reads [C14] otherwise than the text's words (reading
c14-downfloaters) or leaves a player not yet arrived out of the TPNs (reading tpn-arrival)
a golden case shows it.  ``benchmarks/agree_dutch2026.py`` runs a larger
generated corpus."""

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


@pytest.mark.parametrize("name,value,other", [
    ("c14-downfloaters", "all", "residents"),
    ("tpn-arrival", "arrived", "file"),
])
def test_the_readings_gacrux_takes_on_their_cases(name, value, other):
    """golden/dutch-2026/cases/reading-NAME: Gacrux pairs as ``value`` (pairs and colours),
    ``other`` pairs otherwise.  c14-downfloaters: Gacrux counts the Limbo's MDP in [C14]
    (``all``), where the text's words count resident downfloaters only (the default
    ``residents``); tpn-arrival: Gacrux leaves a player who has not yet taken part out of
    5.2.5's TPN parity (``arrived``, the default: GHR 2.4-2.5)
    (tests/data/dutch-gacrux/DIFFERENCES.md)."""
    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.trf.reader import read_trf
    from gacrux_dutch import gacrux_pairing

    case = Path(__file__).parent.parent / "golden" / "dutch-2026" / "cases" / \
        f"reading-{name}.trf"
    book = find_rulebook("dutch-2026")
    t = read_trf(case)
    r = book.standings(t).round
    theirs = gacrux_pairing(case, r)
    assert theirs.ok
    got = {}
    for v in (value, other):
        res = book.pair(t, book.readings({name: v})).result
        got[v] = (frozenset(map(tuple, res.boards)), res.bye)
    assert got[value] == (frozenset(theirs.boards), theirs.bye)
    assert got[other] != got[value]
