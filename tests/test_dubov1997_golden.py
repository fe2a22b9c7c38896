"""The golden corpus of Dubov 1997: every case of ``golden/dubov-1997/cases`` paired by
``dubov-1997`` under each reading variant, rendered and compared with
``golden/dubov-1997/snapshots/ID.md``; its decisions (no wording) with ``ID.decisions.json``.

The Markdown snapshot is the project's round report (``golden_ext.render_variant``): the
1997 rulebook divides its trace into the bye and its score groups (``report_sections``) and
words every event.  Update with ``--snapshot-update`` and read the diff.

The corpus itself is checked: every article of the 1997 text has a case, and every
reading has a case whose values pair differently.
"""

from __future__ import annotations

import functools

import pytest

from golden_ext import (
    ROOT,
    golden_tests,
    load_cases,
    load_variants,
    unused_snapshots,
)
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov1997.readings import CATALOGUE, Readings
from dubov_explain.trf.reader import read_trf

pytestmark = pytest.mark.filterwarnings("ignore:.*Can not relate snapshot")

HOME = ROOT / "golden" / "dubov-1997"
CASES_DIR = HOME / "cases"
SNAPSHOTS = HOME / "snapshots"
BOOK = find_rulebook("dubov-1997")
VARIANTS = load_variants(CASES_DIR)
CASES = load_cases(CASES_DIR)


@functools.lru_cache(maxsize=None)
def _trace(variant):
    t = read_trf(str(variant.path))
    return BOOK.pair(t, Readings.from_pairs(dict(variant.readings)))


test_golden_1997, test_golden_1997_decisions = golden_tests(
    __name__, _trace, VARIANTS, SNAPSHOTS, "test_golden_1997", "test_golden_1997_decisions")


def test_no_unused_1997_snapshots():
    if SNAPSHOTS.is_dir():
        assert unused_snapshots(SNAPSHOTS, VARIANTS) == []


def test_every_article_has_a_case():
    covered = set()
    for c in CASES:
        for a in c.articles.replace(";", ",").split(","):
            covered.add(a.strip())
    articles = {"1", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "3", "4", "5", "6.1", "6.2", "6.3", "6.4",
                "7.1", "7.2", "7.3", "7.4", "8.1", "8.2", "9"}
    assert articles <= covered, sorted(articles - covered)
    # and the decisions cite them: each article is the article of some event of the corpus
    cited = {d["article"] for v in VARIANTS for d in BOOK.decisions(_trace(v))}
    assert {"4", "5", "6.1", "6.2", "6.3", "6.4", "7.1", "7.2", "7.3", "7.4", "8.1", "8.2", "9", "3"} <= cited


def test_every_reading_has_a_case_that_tells_its_values_apart():
    for r in CATALOGUE:
        told = False
        for v in VARIANTS:
            if dict(v.readings).get(r.name) not in (None, r.default):
                base = type(v)(v.case, v.path, ((r.name, r.default),))
                a, b = _trace(v).result, _trace(base).result
                told = told or a.to_dict() != b.to_dict()
        assert told, r.name


def test_cases_and_index_are_reproduced_by_their_script(capsys):
    """``golden/dubov-1997/make_cases.py --check`` rewrites nothing: every case is the
    request its recipe gives, and the index lists every case."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("make_cases_1997", HOME / "make_cases.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    assert mod.main(["--check"]) == 0, capsys.readouterr().out
    index = (HOME / "README.md").read_text(encoding="utf-8")
    assert all(f"cases/{c.name}.trf" in index for c in CASES)
