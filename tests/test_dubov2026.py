"""Dubov 2026 as an edition of Dubov 2025: its numbers, its readings, its identity and the
choice of the edition a file is paired by."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.examples import load_example
from dubov_explain.records import replace
from dubov_explain.rulebooks import (RULEBOOKS, edition_choice, edition_in_force, find_rulebook,
                                     first_day, system_for)
from dubov_explain.rulebooks.dubov2025.articles import articles as articles_2025
from dubov_explain.rulebooks.dubov2026.numbering import ARTICLES
from dubov_explain.rulebooks.dubov2026.readings import Readings
from dubov_explain.rulebooks.readings import ReadingError

BOOK = find_rulebook("dubov-2026")
EXAMPLE = "dubov-example-round4-request.trf"


def _with_records(t, records):
    """``t`` with its 042/052/092/132/192 records replaced by ``records``."""
    kept = [(c, x) for c, x in t.records if c not in ("042", "052", "092", "132", "192")]
    return replace(t, records=tuple(kept) + tuple(records), record_lines=())


# ---------------------------------------------------------------------------- numbering
def test_every_2025_article_has_its_2026_number_and_every_2026_number_is_an_article():
    numbers = BOOK.article_numbers()
    for n in articles_2025():
        if not n.startswith("C"):
            assert n in ARTICLES.to_edition, n
    for _, new in ARTICLES.pairs:
        assert new in numbers, new


@pytest.mark.parametrize("old, new", [
    ("2.1.3-2.1.5", "3.1.3-3.1.5"), ("3.3.2 [C6]", "2.3.2 [C6]"), ("1.5.2.1", "1.6.1"),
    ("4.2.3.3", "4.1.3"), ("GHR 3.6", "GHR 3.6"), ("[C4]", "[C4]"), ("2", "3"),
    ("2.1.1 with 3.1.2 [C2]", "3.1.1 with 2.1.2 [C2]"), ("1.8.3", "1.9.3")])
def test_citations_are_renumbered(old, new):
    assert BOOK.cite(old) == new
    assert find_rulebook("dubov-2025").cite(old) == old


def test_the_criteria_are_where_the_2026_text_puts_them():
    text = dict(BOOK.article_text("2.2.1"))
    assert "shall always exist for all players not yet paired" in text["2.2.1"]
    assert "largest TPN" in dict(BOOK.article_text("3.1.5"))["3.1.5"]


def test_the_templates_cite_the_2026_numbers():
    from dubov_explain.render.env import rulebook_words

    t = load_example(EXAMPLE)
    for system, opens in (("dubov-2026", "(1.9.2)"), ("dubov-2025", "(1.8.2)")):
        trace = find_rulebook(system).pair(t)
        from dubov_explain.render import view as V

        words = str(rulebook_words(system, "events.md.j2").event(trace.events[0], V.View(trace)))
        assert opens in words


# ---------------------------------------------------------------------------- readings
def test_container_order_is_settled_not_a_reading():
    assert "container-order" not in {r.name for r in BOOK.catalogue}
    assert Readings.from_pairs().value("container-order") == "lowest-first"
    assert Readings.from_pairs().is_("container-order", "lowest-first")
    with pytest.raises(ReadingError):
        Readings.from_pairs({"container-order": "listed"})
    assert "article-3.1.1" in BOOK.readings_type.reading("bye-eligibility").choices


# ---------------------------------------------------------------------------- identity
def test_identity_and_status():
    assert BOOK.in_force and not find_rulebook("dubov-2025").in_force
    assert "FIDE_DUBOV" in BOOK.trf_codes and not find_rulebook("dubov-2025").trf_codes
    assert find_rulebook("dubov-2025").status()["state"] == "never-applied"
    assert BOOK.status() == {"state": "in-force", "from": date(2026, 2, 1), "until": None}
    assert BOOK.in_force_on(date(2026, 2, 1)) and not BOOK.in_force_on(date(2026, 1, 31))


def test_the_family_flag_names_dubov_2026():
    from dubov_explain.dropin import system_flags

    assert system_flags()["--dubov"] == "dubov-2026"
    assert system_flags()["--dubov-2025"] == "dubov-2025"


def test_systems_shows_each_status(capsys):
    assert main(["systems"]) == 0
    out = capsys.readouterr().out
    assert "status: approved but never applied" in out
    assert "status: in force from 01/02/2026" in out


# ---------------------------------------------------------------------------- the choice
def test_a_file_naming_dubov_is_paired_by_2026():
    t = load_example(EXAMPLE)  # 092 Individual: Swiss Dubov (no edition), 042 2026/03/01
    choice, warning = edition_choice(t)
    assert (choice.system, choice.by, choice.named, warning) == ("dubov-2026", "042", "092", None)
    t192 = _with_records(t, [("192", "192 FIDE_DUBOV")])
    assert edition_choice(t192)[0].system == "dubov-2026"


def test_no_system_named_the_date_decides():
    t = load_example(EXAMPLE)
    t26 = _with_records(t, [("042", "042 2026/03/01")])
    choice, warning = edition_choice(t26)
    assert (choice.system, choice.by, choice.day, warning) == ("dubov-2026", "042", "2026-03-01", None)
    t25 = _with_records(t, [("042", "042 2025/09/14")])
    choice, warning = edition_choice(t25)
    assert choice.system == "dubov-2026" and choice.missing == "dubov-2018"
    assert "dubov-2018, which this program does not have" in warning
    round_dates = _with_records(t, [("132", "132" + " " * 88 + "26/02/03  26/02/04  26/02/05")])
    assert first_day(round_dates)[:2] == (date(2026, 2, 3), "132")
    assert edition_choice(round_dates)[0].by == "132"
    nothing = _with_records(t, [])
    assert edition_choice(nothing)[0] .by == "today"
    assert system_for(nothing)[0].name == "dubov-2026"


def test_system_option_keeps_2025_selectable():
    t = _with_records(load_example(EXAMPLE), [])
    assert system_for(t, "dubov-2025")[0].name == "dubov-2025"
    assert edition_in_force(date(2025, 7, 1)) == (None, "dubov-2018")


def test_the_report_says_which_edition_and_why(capsys):
    assert main(["pair", "--example", EXAMPLE, "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "approved by the Council 28/10/2025" in out
    assert "Paired by dubov-2026: the file's record 092" in out
    assert "(1.9.2)" in out and "(3.1.3)" in out


def test_the_family_templates_write_every_article_number_through_art():
    """Dubov 2026 renders Dubov 2025's templates: an article number written there as plain
    text would reach a 2026 page in the 2025 numbering (``art("2.2.2")`` gives 3.2.2)."""
    import re

    folder = Path(__file__).resolve().parent.parent / "dubov_explain" / "rulebooks" / "dubov2025" / "templates"
    found = []
    for path in sorted(folder.glob("*.j2")):
        text = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.S)
        for no, line in enumerate(text.splitlines(), 1):
            line = re.sub(r'(?:art|quote)\("[0-9.]+"\)', "", line)
            # colour-rule codes ("colour-5.2.1") and scores are not citations
            line = re.sub(r'"colour-[0-9.]+"', "", line)
            for m in re.finditer(r'(?<![\w.\[#"-])[1-5]\.\d+(?:\.\d+)*(?![\w-])', line):
                found.append(f"{path.name}: {line.strip()[:120]}")
    assert found == [], "\n".join(found)
