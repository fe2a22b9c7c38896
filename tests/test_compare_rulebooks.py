"""`compare --system A --system dubov-2025` with the real rulebooks (dubov-1997, dutch-2012).

Skipped for a rulebook that is not registered.  What must hold whatever the engines pair:
every player whose round differs is traced, on both sides, to a decision of that side's
own trace, and the article that decision cites is one of that side's own rulebook.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.examples import load_example
from dubov_explain.explain.compare import compare_mapping, outcome
from dubov_explain.render.compare import render
from dubov_explain.rulebooks import RULEBOOKS, find_rulebook
from dubov_explain.trf.reader import read_trf

CASES = Path(__file__).resolve().parent.parent / "golden" / "cases"
OTHERS = [pytest.param(name, marks=pytest.mark.skipif(name not in RULEBOOKS,
                                                       reason=f"{name} is not registered"))
          for name in ("dubov-1997", "dutch-2012")]


def _own_article(system: str, article: str) -> bool:
    book = find_rulebook(system)
    return article in book.article_numbers() or bool(book.article_text(article))


def _round60():
    from dubov_explain.simulate.generator import generate
    from dubov_explain.tournament.request import request_for_round

    return request_for_round(generate(60, 7, 1), 7)


def _check(c) -> int:
    """Every differing player has a deciding decision on both sides citing its own
    rulebook's article; the players listed are exactly those whose round differs."""
    everyone = set(c.left.trace.events[0].to_pair) | set(c.right.trace.events[0].to_pair)
    listed = {d.player for d in c.players}
    for n in everyone:
        a, b = outcome(c.left, n), outcome(c.right, n)
        assert (n in listed) == ((a["status"], a["opponent"], a["colour"])
                                 != (b["status"], b["opponent"], b["colour"]))
    for d in c.players:
        for side, step, fact in ((c.left, d.left_step, d.left_fact),
                                 (c.right, d.right_step, d.right_fact)):
            assert step is not None and fact in d.differs, d
            e = side.trace.events[step]
            assert _own_article(side.system, e.article), (side.system, e.kind, e.article)
    return len(c.players)


@pytest.mark.parametrize("other", OTHERS)
def test_the_bundled_example(other, capsys):
    c = compare_mapping(load_example(), {}, {}, system=other, right_system="dubov-2025")
    assert (c.left.system, c.right.system) == (other, "dubov-2025") and c.index is None
    _check(c)
    assert main(["compare", "--example", "--system", other, "--system", "dubov-2025"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rulebooks compared") and f"left:  {other}" in out


@pytest.mark.parametrize("other", OTHERS)
def test_a_generated_60_player_round_and_the_golden_simulations(other):
    seen = 0
    rounds = [_round60()] + [read_trf(CASES / f"sim-{n}.trf")
                             for n in ("012p-round6", "030p-round5", "060p-round8")]
    for t in rounds:
        c = compare_mapping(t, {}, {}, system=other, right_system="dubov-2025")
        seen += _check(c)
        doc = json.loads(render(c, "json"))
        assert doc["left"]["system"] == other and len(doc["players"]) == len(c.players)
        assert render(c, "md") == render(c, "md")
    assert seen  # the procedures do part somewhere on these rounds


@pytest.mark.parametrize("other", OTHERS)
def test_a_reading_of_one_rulebook_goes_to_that_side_only(other, capsys):
    book = find_rulebook(other)
    mine = next(r for r in book.catalogue if r.name not in find_rulebook("dubov-2025")
                .readings_type.by_name())
    value = next(v for v in mine.choices if v != mine.default)
    code = main(["compare", "--example", "--system", other, "--system", "dubov-2025",
                 "--reading", f"{mine.name}={value}", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["left"]["readings"][mine.name] == value
    assert mine.name not in doc["right"]["readings"]


@pytest.mark.skipif("dubov-1997" not in RULEBOOKS, reason="dubov-1997 is not registered")
def test_the_readme_example_block_is_the_commands_output(capsys):
    """The README's pasted example: its header and board table are what the command prints
    (the summary's event counts move with the engines, so they are not pinned here)."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    command = "$ dubov-explain compare --example --system dubov-1997 --system dubov-2025\n"
    shown = readme.split(command, 1)[1].split("```\n", 1)[0].splitlines()
    assert main(["compare", "--example", "--system", "dubov-1997", "--system", "dubov-2025"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert shown[:4] == out[:4]
    table = out.index("Pairings side by side (White first; * = on one side only):")
    assert shown[table:] == out[table:]


def test_compare_round_says_which_side_is_the_files_own_pairing(tmp_path, capsys):
    """`compare --round R` on a round the file already has (issue 10, item 4): each side is
    paired from the rounds before R and said to be, or not to be, the file's own pairing,
    with the games that differ; the file here was generated by dubov-2025, so that side is
    the file's pairing and the Dutch side is not (checked against the file itself)."""
    from dubov_explain.app import round_games
    from dubov_explain.simulate import simulate
    from dubov_explain.trf.writer import write_trf

    sim = simulate(24, 5, 11)
    trf = tmp_path / "g24.trf"
    trf.write_text(write_trf(sim.tournament))
    assert main(["compare", str(trf), "--round", "4", "--system", "dubov-2025",
                 "--system", "dutch-2012"]) == 0
    out = capsys.readouterr().out
    assert "The file already has round 4; each side paired it from the rounds before it:" in out
    assert "left (dubov-2025): the file's pairing (every game and colour)." in out
    line = next(x for x in out.splitlines() if x.strip().startswith("right (dutch-2012)"))
    file_games = {f"{w}-{b}" for w, b in round_games(read_trf(str(trf)), 4)}
    assert "not the file's pairing: in the file only " in line
    only_file = line.split("in the file only ")[1].split(";")[0].rstrip(".").split(", ")
    assert only_file and all(g in file_games for g in only_file)
    assert main(["compare", str(trf), "--round", "4", "--system", "dubov-2025",
                 "--system", "dutch-2012", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["file_round"]["left"]["same"] is True and doc["file_round"]["right"]["same"] is False
    from dubov_explain.simulate import history_before

    request = tmp_path / "r5.trf"  # the round to pair: nothing to hold it against
    request.write_text(write_trf(history_before(sim.tournament, 5)))
    assert main(["compare", str(request), "--system", "dubov-2025", "--system", "dutch-2012",
                 "--round", "5"]) == 0
    assert "The file already has" not in capsys.readouterr().out
