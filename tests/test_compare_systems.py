"""`dubov-explain compare --system A --system B`: two rulebooks on one round.

Until a second real rulebook is merged, the second side is ``toy-2025`` (tests/toy_rulebook.py):
Dubov 2025's procedure under its own name, readings, article numbers (``T-``...) and
events template ("Toy rule T-...: kind"), registered for these tests only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import toy_rulebook
from dubov_explain import rulebooks
from dubov_explain.cli import main
from dubov_explain.examples import load_example
from dubov_explain.explain.compare import (FACTS, as_dict, compare_mapping, compare_sides,
                                           outcome, parse_sides)
from dubov_explain.render import env as render_env
from dubov_explain.render.compare import render
from dubov_explain.rulebooks.dubov2025 import events as ev
from dubov_explain.rulebooks.readings import ReadingError
from dubov_explain.trf.reader import read_trf

CASES = Path(__file__).resolve().parent.parent / "golden" / "cases"
TOY = toy_rulebook.NAME
D25 = "dubov-2025"


def case(name):
    return read_trf(CASES / f"{name}.trf")


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    """The toy rulebook registered, and the template environment rebuilt to see it (and
    rebuilt again afterwards, without it)."""
    monkeypatch.setitem(rulebooks._KNOWN, TOY, toy_rulebook.RULEBOOK)
    render_env.environment.cache_clear()
    yield toy_rulebook.RULEBOOK
    monkeypatch.undo()
    render_env.environment.cache_clear()


def systems(t, left=None, right=None, ls=D25, rs=TOY):
    return compare_mapping(t, left or {}, right or {}, system=ls, right_system=rs)


# --------------------------------------------------------------------------- sides
def test_a_reading_applies_to_each_side_that_has_it():
    a, b = parse_sides(["c9-measure=sum", "container-order=listed", "toy-colours=swap"],
                       system=D25, right_system=TOY)
    assert a.value("c9-measure") == "sum" and a.value("container-order") == "listed"
    assert b.as_dict() == {"c9-measure": "sum", "bye-eligibility": "article-2.1.1",
                           "toy-colours": "swap"}


def test_a_reading_given_twice_sets_left_and_right_across_rulebooks():
    a, b = parse_sides(["c9-measure=max", "c9-measure=sum"], system=D25, right_system=TOY)
    assert (a.value("c9-measure"), b.value("c9-measure")) == ("max", "sum")


def test_left_and_right_name_their_own_rulebook():
    a, b = parse_sides([], ["container-order=listed"], ["toy-colours=swap"], system=D25,
                       right_system=TOY)
    assert a.non_default() == {"container-order": "listed"}
    assert b.non_default() == {"toy-colours": "swap"}


@pytest.mark.parametrize("both, left, right, message", [
    (["no-such=x"], [], [], "neither dubov-2025 nor toy-2025 has it"),
    ([], ["toy-colours=swap"], [], "unknown reading 'toy-colours' of dubov-2025"),
    ([], [], ["container-order=listed"], "unknown reading 'container-order' of toy-2025"),
    (["toy-colours=swap", "toy-colours=keep"], [], [], "of dubov-2025"),
    (["toy-colours=purple"], [], [], "toy-2025: reading 'toy-colours' has no value 'purple'"),
    # a name both have, with a value only one of them knows: the refusal names whose
    (["c9-measure=median"], [], [], "dubov-2025: reading 'c9-measure' has no value 'median'"),
])
def test_bad_sides_across_rulebooks_are_refused(both, left, right, message):
    with pytest.raises(ReadingError, match=message):
        parse_sides(both, left, right, system=D25, right_system=TOY)


def test_two_rulebooks_under_their_defaults_are_two_sides():
    a, b = parse_sides([], system=D25, right_system=TOY)
    assert type(a).__name__ == "Readings" and type(b) is toy_rulebook.ToyReadings


# --------------------------------------------------------------------------- comparing
def test_two_rulebooks_are_not_compared_event_by_event():
    c = systems(case("reading-c9-measure"))
    assert not c.same_system and c.index is None and not c.identical
    assert (c.left.system, c.right.system) == (D25, TOY)
    assert (c.left.label, c.right.label) == (D25, TOY)
    assert c.bracket() is None and c.event(c.left) is None


def test_each_differing_player_is_traced_to_each_sides_own_decision():
    c = systems(case("reading-c9-measure"))  # dubov-2025 sums [C9], the toy takes the max
    assert not c.same_games and c.boards_differ == 3
    moved = {d.player: d for d in c.players}
    assert sorted(moved) == [1, 2, 3, 4, 5, 6]
    for n in (3, 4, 5, 6):  # upfloated on one side, left in the 0-point bracket on the other
        d = moved[n]
        assert "bracket" in d.differs and "opponent" in d.differs
        assert d.left_fact == d.right_fact == "bracket"
        le, re_ = c.left.trace.events[d.left_step], c.right.trace.events[d.right_step]
        assert isinstance(le, ev.UpfloatersChosen) and isinstance(re_, ev.UpfloatersChosen)
        assert le.article == "2.2.2" and re_.article == "T-2.2.2"  # each its own article
        assert (n in le.players) != (n in re_.players)
    for n in (1, 2):  # same bracket, another opponent: the opponent decision
        d = moved[n]
        assert d.differs == ("opponent",) and d.left_fact == d.right_fact == "opponent"
        le, re_ = c.left.trace.events[d.left_step], c.right.trace.events[d.right_step]
        assert isinstance(le, ev.OpponentChosen) and le.article == "2.2.6"
        assert re_.article == "T-2.2.6"
        assert {le.player, le.opponent} == {n, outcome(c.left, n)["opponent"]}
        assert {re_.player, re_.opponent} == {n, outcome(c.right, n)["opponent"]}


def test_the_deciding_decision_is_the_first_of_the_players_decisions_that_differ():
    c = systems(case("reading-c9-measure"))
    for d in c.players:
        for side, step, fact in ((c.left, d.left_step, d.left_fact),
                                 (c.right, d.right_step, d.right_fact)):
            assert fact in d.differs and step is not None
            facts = toy_rulebook.BASE.player_round(side.trace, d.player)
            later = [facts["colour_step"] - 1] if "colour" in d.differs else []
            later += [p["step"] - 1 for p in facts["pairing"]][-1:] if "opponent" in d.differs else []
            assert all(step <= i for i in later)


def test_a_shared_reading_set_alike_gives_the_same_pairing_by_two_rulebooks():
    t = case("reading-c9-measure")
    c = compare_sides(t, (D25, parse_sides(["c9-measure=sum"], system=D25, right_system=TOY)[0]),
                      (TOY, toy_rulebook.ToyReadings.from_pairs({"c9-measure": "sum"})))
    assert c.same_pairing and c.players == () and not c.identical
    assert "The pairings are the same." in render(c, "text")


def test_colours_only_trace_to_the_colour_decisions():
    c = systems(case("reading-c9-measure"), {"c9-measure": "max"}, {"toy-colours": "swap"})
    assert c.same_games and not c.same_pairing
    assert c.players and all(d.differs == ("colour",) for d in c.players)
    for d in c.players:
        le, re_ = c.left.trace.events[d.left_step], c.right.trace.events[d.right_step]
        assert isinstance(le, ev.ColourAllocated) and isinstance(re_, ev.ColourAllocated)
        assert d.player in (le.white, le.black) and re_.article == "T-" + le.article
    assert "with different colours" in render(c, "text")


def test_a_bye_on_one_side_only_traces_to_each_sides_bye_decision():
    c = systems(case("reading-bye-eligibility"))  # the toy reads 2.1.1 as worded
    byes = [d for d in c.players if "bye" in d.differs]
    assert {d.player for d in byes} == {c.left.bye, c.right.bye} and c.left.bye != c.right.bye
    for d in byes:
        assert d.left_fact == d.right_fact == "bye"
        assert c.right.trace.events[d.right_step].article.startswith("T-2.1")
        assert not c.left.trace.events[d.left_step].article.startswith("T-")


def test_the_same_rulebook_twice_is_a_readings_comparison():
    c = compare_mapping(case("reading-c9-measure"), {"toy-colours": "swap"}, {},
                        system=TOY, right_system=TOY)
    assert c.same_system and c.index is not None
    assert isinstance(c.event(c.left), ev.ColourAllocated)


# --------------------------------------------------------------------------- rendering
def test_each_side_is_worded_by_its_own_templates():
    md = render(systems(case("reading-c9-measure")), "md")
    assert md.startswith("# Rulebooks compared")
    assert "**Left:** dubov-2025: FIDE C.04.4.1 Dubov System" in md
    assert "**Right:** toy-2025: Toy rules (tests only), no edition" in md
    # no event-by-event parting across rulebooks: each side's own first deciding decision
    # (issue 24: "one sentence saying where and why the two procedures part")
    assert "## Where they part" in md and "The two procedures part first, on the left, at event" in md
    assert "the first decision of each side's own trace that fixed a fact" in md
    assert "## Players whose round differs" in md and "## The deciding decisions" in md
    left, right = md.split("### Right: toy-2025")
    left = left.split("### Left: dubov-2025")[1]
    assert "Toy rule" not in left and "Upfloaters {3, 4} (2.2.2, 4.2)" in left
    assert "**Toy rule T-2.2.2:** upfloaters-chosen." in right
    assert "(2.2.2, 4.2)" not in right
    assert "bracket: event 6, upfloaters-chosen (T-2.2.2)" in md


def test_text_names_both_rulebooks_and_lists_each_decision_once():
    text = render(systems(case("reading-c9-measure")), "text")
    assert text.startswith("Rulebooks compared")
    assert "left:  dubov-2025: FIDE C.04.4.1" in text and "right: toy-2025: Toy rules" in text
    right = text.split("Deciding decisions, right: toy-2025:")[1]
    assert right.count("event 6 (players 3, 4, 5, 6): Toy rule T-2.2.2: upfloaters-chosen.") == 1


def test_json_is_the_comparison_as_data():
    c = systems(case("reading-c9-measure"))
    doc = json.loads(render(c, "json", "T"))
    assert doc["title"] == "T" and doc["same_system"] is False and doc["parting"] is None
    assert (doc["left"]["system"], doc["right"]["system"]) == (D25, TOY)
    assert doc["right"]["readings"]["c9-measure"] == "max"
    p3 = next(p for p in doc["players"] if p["player"] == 3)
    assert p3["left_decision"]["event"]["article"] == "2.2.2"
    assert p3["right_decision"]["event"]["article"] == "T-2.2.2"
    assert p3["right_decision"]["decision"][0] == "upfloaters"
    assert p3["left"]["status"] == "paired" and p3["left"]["opponent"] == 1
    assert {k: v for k, v in doc.items() if k != "title"} == json.loads(json.dumps(as_dict(c)))


def test_one_rulebook_page_keeps_its_title_and_parting_point():
    c = compare_mapping(case("reading-c9-measure"), {"c9-measure": "sum"}, {"c9-measure": "max"})
    md = render(c, "md")
    assert md.startswith("# Readings compared") and "## Where they part" in md
    assert "**Left:** c9-measure=sum\n" in md  # no rulebook title on a one-rulebook page
    doc = as_dict(c)
    assert doc["parting"]["index"] == c.index and doc["parting"]["bracket"] == "1"


# --------------------------------------------------------------------------- the command
def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:  # a bad command line: argparse's usage and exit 3
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("fmt, marker", [("text", "Players whose round differs"),
                                          ("md", "## The deciding decisions"),
                                          ("html", "<html"), ("json", '"same_system": false')])
def test_cli_two_systems_in_every_format(fmt, marker, capsys):
    code, out, err = run(capsys, "compare", str(CASES / "reading-c9-measure.trf"),
                         "--system", "dubov-2025", "--system", TOY, "--format", fmt)
    assert code == 0, err
    assert marker in out and "T-2.2.2" in out and "toy-2025" in out
    again = run(capsys, "compare", str(CASES / "reading-c9-measure.trf"), "--system",
                "dubov-2025", "--system", TOY, "--format", fmt)[1]
    assert again == out  # deterministic: same bytes


def test_cli_the_order_of_systems_is_left_then_right(capsys):
    _, out, _ = run(capsys, "compare", "--example", "--system", TOY, "--system", "dubov-2025")
    assert "left:  toy-2025" in out and "right: dubov-2025" in out


def test_cli_reading_to_the_side_that_has_it(capsys):
    code, out, err = run(capsys, "compare", str(CASES / "reading-c9-measure.trf"), "--system",
                         "dubov-2025", "--system", TOY, "--reading", "c9-measure=max",
                         "--reading", "toy-colours=swap", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["left"]["readings"]["c9-measure"] == "max"
    assert doc["right"]["readings"]["toy-colours"] == "swap"
    assert "toy-colours" not in doc["left"]["readings"]
    assert doc["same_games"] and not doc["same_pairing"]
    assert doc["right"]["label"] == "toy-2025 (toy-colours=swap)"


def test_cli_left_and_right_per_side(capsys):
    code, out, err = run(capsys, "compare", "--example", "--system", "dubov-2025", "--system",
                         TOY, "--left", "c9-measure=max", "--right", "toy-colours=swap")
    assert code == 0, err
    assert "left:  dubov-2025 (c9-measure=max)" in out
    assert "right: toy-2025 (toy-colours=swap)" in out


@pytest.mark.parametrize("argv, message", [
    (["--system", "dubov-2025", "--system", "dutch-1066"], "unknown system 'dutch-1066'"),
    (["--system", TOY, "--system", TOY], "both toy-2025 with the same readings"),
    (["--system", "dubov-2025", "--system", "dubov-2025"], "both dubov-2025 with the same"),
    (["--system", "dubov-2025", "--system", TOY, "--reading", "no-such=1"],
     "unknown reading 'no-such': neither dubov-2025 nor toy-2025 has it"),
    (["--system", "dubov-2025", "--system", TOY, "--left", "toy-colours=swap"],
     "unknown reading 'toy-colours' of dubov-2025"),
    (["--system", "dubov-2025", "--system", TOY, "--system", "dubov-2025"],
     "--system given 3 times"),
    (["--system", "dubov-2025", "--system", TOY, "--reading", "toy-colours"], "NAME=VALUE"),
])
def test_cli_errors_exit_3_with_a_clear_message(argv, message, capsys):
    code, out, err = run(capsys, "compare", "--example", *argv)
    assert code == 3 and out == ""
    assert message in err and "Traceback" not in err


def test_cli_same_rulebook_twice_with_readings_is_allowed(capsys):
    code, out, err = run(capsys, "compare", str(CASES / "reading-c9-measure.trf"), "--system",
                         TOY, "--system", TOY, "--right", "toy-colours=swap")
    assert code == 0, err
    assert out.startswith("Readings compared") and "Where they part:" in out


def test_cli_help_documents_two_systems(capsys):
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--system A --system B" in out and "first decision of that side's own trace" in out
    assert "applies to each side whose rulebook has it" in out


def test_every_fact_is_named_by_the_template():
    from dubov_explain.render.compare import _words

    W = _words()
    assert [str(W.fact(f)) for f in FACTS] == ["bye", "bracket", "opponent", "colour"]


def test_the_toy_is_registered_for_these_tests_only(toy):
    assert TOY in rulebooks.RULEBOOKS
    c = systems(load_example())
    assert c.right.system == TOY


# --------------------------------------------------------------------------- many rounds
def _rounds():
    """Requests cut from three generated tournaments (byes, absences, forfeits included)."""
    from dubov_explain.simulate.generator import generate
    from dubov_explain.tournament.request import request_for_round

    out = []
    for seed, players, rounds in ((3, 24, 6), (4, 31, 7), (5, 60, 7)):
        full = generate(players, rounds, seed)
        out += [(seed, r, request_for_round(full, r)) for r in (2, rounds // 2 + 1, rounds)]
    return out


KIND_OF_FACT = {
    "bye": (ev.ByeAssigned, ev.ByeCandidates, ev.ByeNotNeeded, ev.ByeRejected),
    "bracket": (ev.UpfloatersChosen, ev.BracketOpened),
    "opponent": (ev.OpponentChosen,),
    "colour": (ev.ColourAllocated,),
}


@pytest.mark.parametrize("right", [{}, {"toy-colours": "swap"}, {"c9-measure": "sum",
                                                                  "bye-eligibility": "basic-rule-4"}])
def test_on_generated_rounds_every_difference_has_a_deciding_decision_of_its_kind(right):
    seen = 0
    for seed, r, t in _rounds():
        c = systems(t, {"bye-games-played": "paired"}, right)
        listed = {d.player for d in c.players}
        for n in set(c.left.trace.events[0].to_pair):  # every player whose game differs is listed
            a, b = outcome(c.left, n), outcome(c.right, n)
            assert (n in listed) == ((a["opponent"], a["colour"], a["status"])
                                     != (b["opponent"], b["colour"], b["status"])), (seed, r, n)
        for d in c.players:
            for side, step, fact in ((c.left, d.left_step, d.left_fact),
                                     (c.right, d.right_step, d.right_fact)):
                assert step is not None and fact in d.differs, (seed, r, d)
                e = side.trace.events[step]
                assert isinstance(e, KIND_OF_FACT[fact]), (seed, r, d, e.kind)
                o = outcome(side, d.player)
                if fact == "colour":
                    assert d.player in (e.white, e.black)
                    assert (e.white == d.player) == (o["colour"] == "white")
                if fact == "opponent":
                    assert {e.player, e.opponent} == {d.player, o["opponent"]}
                if fact == "bracket" and isinstance(e, ev.UpfloatersChosen):
                    other = d.right if side is c.left else d.left
                    assert e.score in (o["bracket"], other["bracket"])
                assert e.article.startswith("T-") == (side is c.right)
            seen += 1
        assert render(c, "json") == render(c, "json")
    assert seen or right == {}


def test_a_side_without_a_pairing_is_shown_and_no_player_is_blamed():
    c = systems(case("1.8.3-no-pairing-exists"))
    assert not c.left.published and not c.right.published and c.players == ()
    text = render(c, "text")
    assert "no pairing (1.8.3)" in text and "no pairing (T-1.8.3)" in text
    assert "Players whose round differs" not in text


def test_a_rulebook_that_names_no_decision_is_said_so(monkeypatch, toy):
    monkeypatch.setattr(toy, "player_round", lambda trace, player: {})
    c = systems(case("reading-c9-measure"))
    assert c.players and all(d.right_step is None and d.left_step is not None for d in c.players)
    md = render(c, "md")
    assert md.count("| none named") == len(c.players)
    assert c.decisions(c.right) == []
    assert "### Right: toy-2025\n\nIts rulebook names no decision for these players." in md
