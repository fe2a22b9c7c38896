"""The dutch-2012 golden corpus: ``golden/dutch-2012/cases/*.trf``, each paired under each of
its reading variants; the round report (Markdown) and the decisions (JSON) are compared with
``golden/dutch-2012/snapshots/`` (``--snapshot-update`` writes them; they are reviewed).

The corpus is checked too: one case per article of B, C, D and E at least, every named
reading with a case whose values pair differently, cases re-read identically."""

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

BOOK, HOME, CASES, VARIANTS, _trace = corpus("dutch-2012")


test_dutch_golden, test_dutch_golden_decisions = golden_tests(
    __name__, _trace, VARIANTS, HOME / "snapshots", "test_dutch_golden", "test_dutch_golden_decisions")


@pytest.mark.parametrize("info", CASES, ids=[c.name for c in CASES])
def test_case_rereads_identically(info):
    text = info.path.read_text(encoding="utf-8")
    assert write_trf(read_trf(info.path)) == text
    assert info.articles and info.purpose
    for readings in info.variants:
        BOOK.readings(dict(readings))


def test_corpus_covers_every_article_of_b_c_d_e():
    cited = set()
    for c in CASES:
        cited |= {a.strip() for a in c.articles.split(",")}
    wanted = {"B.1.a", "B.1.b", "B.2", "B.3", "B.4", "B.5", "B.6",
              "C.1", "C.2", "C.4", "C.5", "C.6", "C.7", "C.8.a", "C.8.b", "C.9", "C.10.a",
              "C.10.b", "C.10.c", "C.10.d", "C.10.e", "C.10.f", "C.10.g", "C.12", "C.13",
              "C.14.a", "C.14.b.1", "C.14.b.2", "D.1.1", "D.2", "D.3", "D.4",
              "E.1", "E.2", "E.3", "E.4", "E.5"}
    assert wanted <= cited, sorted(wanted - cited)
    assert len(CASES) >= 30


def test_every_reading_has_a_case_telling_its_values_apart():
    for r in BOOK.catalogue:
        case = [c for c in CASES if any(dict(v).get(r.name) for v in c.variants)]
        assert case, r.name
        results = set()
        for v in (x for x in VARIANTS if x.case == case[0].name):
            res = _trace(v).result
            results.add((tuple(map(tuple, res.boards)), res.bye))
        assert len(results) >= 2, r.name


def test_the_cases_show_what_they_claim():
    """The event each case was chosen for is in its trace (the corpus cannot rot silently)."""
    claims = {
        "C.1-incompatible": ("incompatible-moved", "C.1"),
        "C.7-transposition": ("pairing-found", "C.6"),
        "C.10.a-b6-up": ("requirements-failed", "C.10.a"),
        "C.10.d-b5-down": ("requirements-failed", "C.10.d"),
        "C.10.f-a7d": ("requirements-failed", "C.10.f"),
        "C.10.g-top-scorers": ("requirements-failed", "C.10.g"),
        "C.10-minimum-pairs": ("dropped-fewest", "C.10"),
        "C.14.a-fewer-pairs": ("reduced", "C.14.a"),
        "C.14.b.1-remainder-reached": ("reduced", "C.14.b.1"),
        "E.3-alternation": ("colour-allocated", "E.3"),
        "E.4-higher-ranked": ("colour-allocated", "E.4"),
        "E.2-stronger-preference": ("colour-allocated", "E.2"),
        "C.12-mdp-incompatible": ("backtracked", "C.12"),
        "C.12-backtrack-found": ("backtracked", "C.12"),
        "C.12-backtrack-none": ("backtracked", "C.12"),
        "C.13-lowest-bracket": ("backtracked", "C.13"),
        "C.13-join": ("brackets-joined", "C.13"),
    }
    by_case = {v.case: v for v in VARIANTS}
    for name, (kind, article) in claims.items():
        trace = _trace(by_case[name])
        assert any(e.kind == kind and e.article == article for e in trace.events), name
    # D.4 takes a later candidate than the first meeting the requirements (default readings)
    d4 = [v for v in VARIANTS if v.case == "reading-d4-scope" and dict(v.readings) ==
          {"d4-scope": "joined"}]
    assert any(e.kind == "b3-factor" and e.first_pairs for e in _trace(d4[0]).events)
    # the backtracks end as the cases say (another pairing found above, or none)
    for name, found in (("C.12-backtrack-found", True), ("C.12-backtrack-none", False),
                        ("C.13-lowest-bracket", True)):
        ends = [e.found for e in _trace(by_case[name]).events if e.kind == "backtrack-ended"]
        assert found in ends, name
