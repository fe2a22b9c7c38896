"""The dutch-2026 golden corpus: ``golden/dutch-2026/cases/*.trf``, each paired under each of
its reading variants; the round report (Markdown) and the decisions (JSON) are compared with
``golden/dutch-2026/snapshots/`` (``--snapshot-update`` writes them; they are reviewed).

The corpus is checked too: each case shows the article it was chosen for, and every named
reading with a case has values that pair differently there."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden_ext import (  # noqa: E402
    corpus,
    golden_tests,
)
from dubov_explain.trf.reader import read_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:.*Can not relate snapshot")

BOOK, HOME, CASES, VARIANTS, _trace = corpus("dutch-2026")
#: readings no case tells apart yet (said in golden/dutch-2026/README.md)
UNCASED = {"c13-absolute"}


test_dutch2026_golden, test_dutch2026_golden_decisions = golden_tests(
    __name__, _trace, VARIANTS, HOME / "snapshots", "test_dutch2026_golden", "test_dutch2026_golden_decisions")


@pytest.mark.parametrize("info", CASES, ids=[c.name for c in CASES])
def test_case_rereads_identically(info):
    assert write_trf(read_trf(info.path)) == info.path.read_text(encoding="utf-8")
    assert info.articles and info.purpose


def test_every_reading_has_a_case_telling_its_values_apart():
    for r in BOOK.catalogue:
        if r.name in UNCASED:
            continue
        case = [c for c in CASES if any(dict(v).get(r.name) for v in c.variants)]
        assert case, r.name
        results = set()
        for v in (x for x in VARIANTS if x.case == case[0].name):
            res = _trace(v).result
            results.add((tuple(map(tuple, res.boards)), res.bye))
        assert len(results) >= 2, r.name


def test_the_cases_show_what_they_claim():
    by_case = {v.case: _trace(v) for v in VARIANTS}

    def chosen(name):
        return [e for e in by_case[name].events if e.kind == "candidate-chosen"]

    assert any(e.exchange and e.exchange[0] for e in chosen("4.3-exchange"))
    assert any(e.mdp_set > 0 for e in chosen("4.4-mdp-set"))
    assert any(e.limbo for e in chosen("3.2.4-limbo"))
    assert any(e.s1r for e in chosen("3.7.1-remainder"))
    assert any(not e.perfect and e.vector["C12"] > 0 for e in chosen("3.8.1-best-candidate"))
    assert any(e.vector["C14"] > 0 for e in chosen("C14-downfloat-again"))
    for rule in ("5.2.2", "5.2.3", "5.2.4"):
        name = next(c.name for c in CASES if c.name.startswith(rule))
        assert any(e.kind == "colour-allocated" and e.rule == rule for e in by_case[name].events)
    bye = by_case["C2-pab-bar"].result.bye
    assert bye is not None
