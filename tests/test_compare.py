"""`dubov-explain compare`: where two readings part, and what each pairs."""

from __future__ import annotations

from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.rulebooks.dubov2025.readings import BY_NAME, ReadingError, Readings
from dubov_explain.examples import load_example
from dubov_explain.explain.compare import (
    compare_mapping,
    compare_readings,
    first_difference,
    parse_sides,
)
from dubov_explain.render.compare import render
from dubov_explain.rulebooks.dubov2025 import events as ev
from dubov_explain.trf.reader import read_trf

CASES = Path(__file__).resolve().parent.parent / "golden" / "cases"


def case(name):
    return read_trf(CASES / f"{name}.trf")


# --------------------------------------------------------------------------- sides
def test_a_reading_given_twice_sets_left_and_right():
    a, b = parse_sides(["c9-measure=sum", "c9-measure=max", "container-order=listed"])
    assert a.value("c9-measure") == "sum" and b.value("c9-measure") == "max"
    assert a.value("container-order") == b.value("container-order") == "listed"


def test_a_reading_given_once_is_compared_with_the_default():
    a, b = parse_sides(["container-order=listed"])
    assert a.as_dict() == Readings.from_pairs().as_dict()
    assert b.value("container-order") == "listed"


def test_left_and_right_sets():
    a, b = parse_sides([], ["c9-measure=max", "container-order=listed"], ["aro-quick-games=exclude"])
    assert a.non_default() == {"c9-measure": "max", "container-order": "listed"}
    assert b.non_default() == {"aro-quick-games": "exclude"}


@pytest.mark.parametrize("items, message", [
    (["c9-measure=sum", "c9-measure=sum"], "same readings"),
    (["c9-measure=sum", "c9-measure=max", "c9-measure=sum"], "at most twice"),
    (["no-such=thing"], "unknown reading"),
    (["c9-measure"], "NAME=VALUE"),
    (["c9-measure=median"], "no value"),
])
def test_bad_sides_are_refused(items, message):
    with pytest.raises(ReadingError, match=message):
        parse_sides(items)


# --------------------------------------------------------------------------- parting
def test_same_trace_when_the_reading_does_not_matter():
    c = compare_mapping(load_example(), {}, {"c9-measure": "max"})
    assert c.identical and c.same_pairing and c.bracket() is None
    assert "same trace" in render(c, "text")


def test_c9_readings_part_at_the_upfloater_choice():
    c = compare_mapping(case("reading-c9-measure"), {"c9-measure": "sum"}, {"c9-measure": "max"})
    assert not c.identical and not c.same_pairing
    e_left, e_right = c.event(c.left), c.event(c.right)
    assert isinstance(e_left, ev.UpfloatersChosen) and isinstance(e_right, ev.UpfloatersChosen)
    assert (e_left.players, e_right.players) == ((3, 4), (5, 6))
    assert e_right.decided_by == "[C9]" and c.bracket() == "1"
    # every event before the parting point is the same in both traces
    for a, b in zip(c.left.trace.events[1:c.index], c.right.trace.events[1:c.index]):
        assert a == b


def test_unavoidable_pairs_part_in_the_trace_only():
    c = compare_mapping(case("reading-unavoidable-pairs"), {}, {"unavoidable-pairs": "isolated"})
    assert not c.identical and c.same_pairing
    assert isinstance(c.event(c.left), ev.ShiftNeeded)
    assert "only the explanation differs" in render(c, "text")


def test_absolute_conflict_same_games_other_colours():
    c = compare_mapping(case("reading-absolute-conflict"), {"absolute-conflict": "difference"},
                        {"absolute-conflict": "last-two"})
    assert not c.same_pairing and c.same_games
    assert "different colours" in render(c, "md")


@pytest.mark.parametrize("reading", sorted(BY_NAME))
def test_every_reading_case_shows_a_parting_point(reading):
    values = list(BY_NAME[reading].choices)
    c = compare_readings(case(f"reading-{reading}"), Readings.from_pairs({reading: values[0]}),
                         Readings.from_pairs({reading: values[1]}))
    assert c.index is not None and c.index >= 1  # never the header


def test_first_difference_skips_only_the_header():
    t = load_example()
    from dubov_explain.rulebooks.dubov2025.engine import pair_round

    a = pair_round(t)
    b = pair_round(t, Readings.from_pairs({"c9-measure": "max"}))
    assert a.events[0] != b.events[0]  # the header lists the readings
    assert first_difference(a, b) is None
    assert first_difference(a, b, skip_header=False) == 0


# --------------------------------------------------------------------------- the command
@pytest.mark.parametrize("fmt, marker", [("text", "Where they part:"), ("md", "## Where they part"),
                                          ("html", "<html"), ("json", '"same_system": true')])
def test_cli_formats(fmt, marker, capsys):
    path = str(CASES / "reading-container-order.trf")
    code = main(["compare", path, "--system", "dubov-2025",  # a reading of the 2025 text
                 "--reading", "container-order=lowest-first",
                 "--reading", "container-order=listed", "--format", fmt])
    out = capsys.readouterr().out
    assert code == 0 and marker in out
    assert "container-order=listed" in out and "upfloater" in out.lower()


def test_cli_writes_a_file(tmp_path, capsys):
    out = tmp_path / "cmp.html"
    code = main(["compare", str(CASES / "reading-bye-eligibility.trf"), "--system", "dubov-2025",
                 "--reading",
                 "bye-eligibility=article-2.1.1", "--format", "html", "-o", str(out)])
    assert code == 0 and capsys.readouterr().out == ""
    html = out.read_text()
    assert "<script" not in html.lower() and "bye-eligibility=article-2.1.1" in html


def test_cli_refuses_two_equal_sides(capsys):
    code = main(["compare", str(CASES / "reading-c9-measure.trf"), "--reading", "c9-measure=sum",
                 "--reading", "c9-measure=sum"])
    assert code == 3 and "same readings" in capsys.readouterr().err


def test_players_whose_round_differs_under_two_readings():
    c = compare_mapping(case("reading-c9-measure"), {"c9-measure": "sum"}, {"c9-measure": "max"})
    assert [d.player for d in c.players] == [1, 2, 3, 4, 5, 6]
    for d in c.players:  # nothing before the parting point can have decided a difference
        assert d.left_step >= c.index and d.right_step >= c.index
    text = render(c, "text")
    assert "Players whose round differs" in text and "upfloaters-chosen (2.2.2)" in text
