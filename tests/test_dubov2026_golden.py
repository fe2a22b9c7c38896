"""The golden corpus of Dubov 2026: every case of ``golden/dubov-2026/cases`` paired by
``dubov-2026`` under each reading variant, rendered and compared with
``golden/dubov-2026/snapshots/ID.md``; its decisions (no wording) with ``ID.decisions.json``.

Beside the snapshots: every event of the corpus cites an article of the 2026 text (none a
2025 number left over); each case pairs as Dubov 2025 pairs its source request under the
same readings (the texts prescribe the same, ``container-order`` at the value 2026 fixes),
with the same decisions renumbered; the one case where 2026 differs from a 2025 reading
(``4.2.3-container-order-settled``) pairs as 2025's ``lowest-first`` and not as its
``listed``; and the cases are reproduced by ``golden/dubov-2026/make_cases.py``.
Update with ``--snapshot-update`` restricted to this file, and read the diff.
"""

from __future__ import annotations

import functools
import re

import pytest

from golden_ext import (
    ROOT,
    golden_tests,
    load_cases,
    load_variants,
    render_variant,
    unused_snapshots,
)
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov2026.numbering import ARTICLES
from dubov_explain.rulebooks.dubov2026.readings import CATALOGUE, RENAMED, Readings
from dubov_explain.trf.reader import read_trf

pytestmark = pytest.mark.filterwarnings("ignore:.*Can not relate snapshot")

HOME = ROOT / "golden" / "dubov-2026"
CASES_DIR = HOME / "cases"
SNAPSHOTS = HOME / "snapshots"
BOOK = find_rulebook("dubov-2026")
FAMILY = find_rulebook("dubov-2025")
VARIANTS = load_variants(CASES_DIR)
CASES = load_cases(CASES_DIR)


@functools.lru_cache(maxsize=None)
def _trace(variant):
    return BOOK.pair(read_trf(str(variant.path)), Readings.from_pairs(dict(variant.readings)))


def _source(variant) -> str:
    text = variant.path.read_text(encoding="utf-8")
    return re.search(r"^### from: (\S+)", text, re.M).group(1)


@functools.lru_cache(maxsize=None)
def _family_trace(variant, container_order="lowest-first"):
    back = {v: k[1] for k, v in RENAMED.items()}
    readings = {k: back.get(v, v) for k, v in variant.readings}
    readings["container-order"] = container_order
    return FAMILY.pair(read_trf(str(ROOT / _source(variant))),
                       FAMILY.readings_type.from_pairs(readings))


test_golden_2026, test_golden_2026_decisions = golden_tests(
    __name__, _trace, VARIANTS, SNAPSHOTS, "test_golden_2026", "test_golden_2026_decisions")


def test_no_unused_2026_snapshots():
    assert unused_snapshots(SNAPSHOTS, VARIANTS) == []


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.id for v in VARIANTS])
def test_every_event_cites_a_2026_article(variant):
    numbers = BOOK.article_numbers()
    for e in _trace(variant).events:
        cited = re.sub(r"GHR \d+(?:\.\d+)*", "", e.article)
        for tok in re.findall(r"(?<![\w.\[])\d+(?:\.\d+)*", cited):
            assert tok in numbers, (e.kind, e.article)
    assert _trace(variant).meta["system"] == "dubov-2026"
    assert _trace(variant).events[0].edition == BOOK.edition


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.id for v in VARIANTS])
def test_pairs_as_dubov_2025_with_the_same_decisions_renumbered(variant):
    mine, theirs = _trace(variant), _family_trace(variant)
    assert mine.result.to_dict() == ARTICLES.trace(theirs).result.to_dict()
    assert BOOK.decisions(mine) == FAMILY.decisions(ARTICLES.trace(theirs))


def test_where_2026_differs_from_a_2025_reading():
    """2025's reading-container-order: 2025 pairs it two ways; 2026 as 2025's default."""
    [v] = [v for v in VARIANTS if v.case == "4.2.3-container-order-settled"]
    boards = _trace(v).result.boards
    assert boards == _family_trace(v, "lowest-first").result.boards
    assert boards != _family_trace(v, "listed").result.boards
    chosen = [e for e in _trace(v).events if e.kind == "upfloaters-chosen"]
    assert any(set(e.players) == {7, 3, 6} for e in chosen)


@pytest.mark.parametrize("reading", [r.name for r in CATALOGUE])
def test_every_reading_has_a_case_that_tells_its_values_apart(reading):
    """A case sets every value of the reading and the pairings differ (unavoidable-pairs,
    which by construction never changes a pairing: the traces differ)."""
    values = set(next(r for r in CATALOGUE if r.name == reading).choices)
    found = []
    for info in CASES:
        vs = [v for v in VARIANTS if v.case == info.name and reading in dict(v.readings)]
        if {dict(v.readings)[reading] for v in vs} != values:
            continue
        traces = [_trace(v) for v in vs]
        results = {(getattr(t.result, "boards", None), getattr(t.result, "bye", None))
                   for t in traces}
        bodies = {tuple(repr(e) for e in t.events[1:]) for t in traces}
        if reading == "unavoidable-pairs":
            if len(results) == 1 and len(bodies) == len(traces):
                found.append(info.name)
        elif len(results) == len(traces):
            found.append(info.name)
    assert found, f"no golden case of dubov-2026 shows the values of {reading} apart"


def test_cases_and_index_are_reproduced_by_their_script(capsys):
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("make_cases_2026", HOME / "make_cases.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    assert mod.main(check=True) == 0, capsys.readouterr().out
    index = (HOME / "README.md").read_text(encoding="utf-8")
    assert all(f"cases/{c.name}.trf" in index for c in CASES)


def test_the_pages_speak_of_tpns_not_the_initial_ranking():
    """1.2 of the 2026 text is the Tournament Pairing Number (3.1.5 "the largest TPN", 3.2.3,
    3.2.5, 4.4.2 "ascending TPN"), where 2025 has the initial ranking list: the reports, the
    player pages, the why-not pages and the letters say TPN (``Dubov2026.terms`` through
    ``term()``), and the checker reads them so (was: "initial rank 5", "by initial ranking")."""
    from test_consistency_claims import golden_round

    old = re.compile(r"initial.rank", re.I)
    for v in VARIANTS:
        assert not old.search(render_variant(v, _trace(v))), v.id
    page = render_variant(*[(v, _trace(v)) for v in VARIANTS if v.case == "3.1.5-bye-lowest-ranked-in-round-one"][0])
    assert "has the largest TPN (next candidate" in page and ", TPN " in page
    r = golden_round(CASES_DIR / "3.2.3-round-one-groups-by-ranking.trf", "dubov-2026")
    for n in r.players()[:4]:
        assert r.player_page(n) == [] and r.reply(n) == [] and r.why_not_page(n, r.players()[-1]) == []
    assert r.claims > 0
    x = r.rb  # the player page of a round-one bracket: halves by TPN (3.2.3)
    from dubov_explain.explain.why import explain_player
    from dubov_explain.render.explain import player_md
    page = " ".join(player_md(explain_player(r.t, 1, r.readings, trace=r.trace), r.trace).split())
    assert x.name == "dubov-2026" and "by TPN" in page and "(score, then ascending TPN), TPN 1," in page
