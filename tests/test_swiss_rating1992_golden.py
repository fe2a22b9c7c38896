"""The swiss-rating-1992 golden corpus: ``golden/swiss-rating-1992/cases/*.trf``, each
paired under each of its reading variants; the round report (Markdown) and the decisions
(JSON) are compared with ``golden/swiss-rating-1992/snapshots/`` (``--snapshot-update``
writes them; they are reviewed).

The corpus is checked too: one case per article of B, C, D and E at least, every named
reading that pairs with a case whose values pair differently (A.1's Ingo and BCF
conversions are refused with a clear error instead), cases re-read identically."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden_ext import (  # noqa: E402
    corpus,
    golden_tests,
)
from dubov_explain.errors import InputError  # noqa: E402
from dubov_explain.rulebooks.readings import ReadingError  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:.*Can not relate snapshot")

BOOK, HOME, CASES, VARIANTS, _trace = corpus("swiss-rating-1992")


test_swiss92_golden, test_swiss92_golden_decisions = golden_tests(
    __name__, _trace, VARIANTS, HOME / "snapshots", "test_swiss92_golden", "test_swiss92_golden_decisions")


@pytest.mark.parametrize("info", CASES, ids=[c.name for c in CASES])
def test_case_rereads_identically(info):
    text = info.path.read_text(encoding="utf-8")
    assert write_trf(read_trf(info.path)) == text
    assert info.articles and info.purpose
    for readings in info.variants:
        BOOK.readings(dict(readings))


#: articles of the text that no pairing of one round can show, and why
NOT_A_PAIRING = {
    "F.6": "a pairing made public is not changed: the arbiter's act after the pairing",
    "F.7": "corrections of results, colours or ratings affect later pairings: a new request",
    "F.8": "absence without notification: the arbiter decides the withdrawal (then F.5)",
    "F.9": "adjourned games: TRF records no adjournment (the result the file holds is paired)",
    "F.10": "the final standings: not a pairing",
}


def test_corpus_covers_every_article():
    """Every article and item of the 1992 text (its ``articles`` table) is cited by a case's
    ``articles`` line (an article with items by all of its items), but those no pairing of
    one round can show (listed with the reason); at least 15 cases."""
    cited = set()
    for c in CASES:
        cited |= {a.strip() for a in c.articles.split(",")}
    numbers = set(BOOK.article_numbers())
    wanted = numbers - set(NOT_A_PAIRING)
    # an article with items (A.7: a-c) is covered when each of its items is
    covered = cited | {a for a in numbers
                       if (items := [i for i in numbers if i.startswith(a + ".")])
                       and set(items) <= cited}
    assert wanted <= covered, sorted(wanted - covered)
    assert set(NOT_A_PAIRING) <= set(BOOK.article_numbers())
    assert len(CASES) >= 15


def test_every_reading_has_a_case_telling_its_values_apart():
    for r in BOOK.catalogue:
        case = [c for c in CASES if any(dict(v).get(r.name) for v in c.variants)]
        assert case, r.name
        results = set()
        for v in (x for x in VARIANTS if x.case == case[0].name):
            res = _trace(v).result
            results.add((tuple(map(tuple, res.boards)), res.bye))
        assert len(results) >= 2, r.name


@pytest.mark.parametrize("value, formula", [("ingo", "2840 - 8 x INGO"),
                                            ("bcf", "600 + 8 x BCF")])
def test_a1_conversions_asked_of_the_wrong_reading_name_the_right_one(value, formula):
    with pytest.raises(ReadingError) as err:
        BOOK.readings({"unrated-estimate": value})
    assert formula in str(err.value) and f"national-rating={value}" in str(err.value)
    assert value not in BOOK.readings_type.by_name()["unrated-estimate"].choices
    assert value in BOOK.readings_type.by_name()["national-rating"].choices


@pytest.mark.parametrize("value, ratings", [("not-read", {}),
                                             ("ingo", {4: (60, 2360), 7: (180, 1400)}),
                                             ("bcf", {4: (60, 1080), 7: (180, 2040)})])
def test_a1_conversion_values_and_the_order_they_give(value, ratings):
    """A.1's formulas on the national numbers 60 and 180 of reading-national-rating, the
    A.2 order they give (the standings row records each conversion), and the round 1
    pairing of the top half against the bottom half (F.4) it makes."""
    t = read_trf(HOME / "cases" / "reading-national-rating.trf")
    trace = BOOK.pair(t, BOOK.readings({"national-rating": value}))
    rows = trace.events[1].rows
    assert {r["number"]: (r["national"], r["a1_rating"]) for r in rows if "a1_rating" in r} == ratings
    order = [r["number"] for r in sorted(rows, key=lambda r: r["initial_rank"])]
    assert order == {"not-read": [1, 2, 3, 5, 6, 8, 9, 10, 7, 4],
                     "ingo": [1, 4, 2, 3, 5, 6, 8, 9, 10, 7],
                     "bcf": [1, 2, 7, 3, 5, 6, 8, 9, 10, 4]}[value]
    assert sorted(map(sorted, trace.result.boards)) == sorted(
        sorted(p) for p in zip(order[:5], order[5:]))


def test_a_bad_national_rating_record_is_a_located_error(tmp_path):
    text = (HOME / "cases" / "reading-national-rating.trf").read_text(encoding="utf-8")
    bad = text.replace("GER    7      Muller, K.                         180",
                       "GER   17      Muller, K.                         1x0")
    f = tmp_path / "bad.trf"
    f.write_text(bad, encoding="utf-8")
    t = read_trf(f)
    BOOK.pair(t)  # not read by default: the record does not matter
    with pytest.raises(InputError) as err:
        BOOK.pair(t, BOOK.readings({"national-rating": "ingo"}))
    line = bad.splitlines().index(next(x for x in bad.splitlines() if x.startswith("GER   17"))) + 1
    assert f"bad.trf:{line}:5: national rating record GER names no player of the file ('17')" \
        in str(err.value)


def test_the_cases_show_what_they_claim():
    """The event each case was chosen for is in its trace (the corpus cannot rot silently)."""
    claims = {
        "C.1-incompatible": ("incompatible-moved", "C.1"),
        "C.7-transposition": ("pairing-found", "C.6"),
        "B.6-downfloat": ("requirements-failed", "C.9"),
        "C.10-upfloats-dropped": ("requirements-failed", "C.10"),
        "B.4-colour-x": ("requirements-failed", "C.11"),
        "C.14-fewer-pairs": ("reduced", "C.14"),
        "E.2-stronger-preference": ("colour-allocated", "E.2"),
        "E.3-alternation": ("colour-allocated", "E.3"),
        "E.4-higher-ranked": ("colour-allocated", "E.4"),
        "C.4-C.6-first-round": ("colour-allocated", "E.5"),
        "C.2-x-above-zero": ("parameters", "C.2"),
    }
    by_case = {v.case: v for v in VARIANTS}
    for name, (kind, article) in claims.items():
        trace = _trace(by_case[name])
        assert any(e.kind == kind and e.article == article for e in trace.events), name


def _rows(name):
    trace = _trace(next(v for v in VARIANTS if v.case == name))
    return trace, {r["number"]: r for r in trace.events[1].rows}


def test_the_article_cases_show_what_their_notes_say():
    # A.2.b-d: one rating, then IM, FM (by name), no title: the pairing numbers and F.4
    trace, rows = _rows("A.2-rating-title-name")
    assert sorted(rows, key=lambda n: rows[n]["initial_rank"]) == [1, 3, 5, 2, 4, 6]
    assert sorted(map(sorted, trace.result.boards)) == [[1, 2], [3, 4], [5, 6]]
    # F.2: the forfeited pairing 1-6 is made again; the forfeit gave neither a colour
    trace, rows = _rows("F.2-forfeit-may-repeat")
    assert [1, 6] in [sorted(b) for b in trace.result.boards]
    assert [h[3] for h in rows[1]["history"] if h[1] == 6] == ["-"]
    assert (rows[1]["colours"], rows[6]["colours"]) == ("B", "W")
    # F.5: 9 is known not to play and is not paired
    trace, rows = _rows("simulated-20-middle")
    assert (9, "Z") in [tuple(a) for a in trace.events[0].absent]
    assert all(9 not in b for b in trace.result.boards) and trace.result.bye != 9
    # B.2.a/b: 3 and 4 both absolute for White, 4 at -2: the pair is refused by B.2
    trace, rows = _rows("B.2-same-absolute")
    assert (rows[3]["colours"][-2:], rows[4]["colours"], rows[4]["colour_difference"]) == ("BB", "BB", -2)
    assert any(o == 4 and c == "B.2" for e in trace.events if e.kind == "pairing-found"
               for p, rej in e.rejected if p == 3 for o, c in rej)
    # A.7.a-c: the preferences the colour cases' notes name
    _, rows = _rows("E.2-stronger-preference")
    assert (rows[1]["preference_rule"], rows[6]["preference_rule"]) == ("A.7.b", "A.7.a")
    trace, rows = _rows("E.4-higher-ranked")
    assert (rows[5]["preference_rule"], rows[6]["preference_rule"]) == ("A.7.c", "A.7.c")
    assert any(e.kind == "colour-allocated" and (e.white, e.black, e.rule) == (6, 5, "E.1")
               for e in trace.events)
