"""Every command runs for dutch-2012 (a smoke test each, asserting what a broken command
would not give): pair in every format with report and step-through, standings, explain
(player and why-not), check, replay, compare under two readings, generate, readings,
systems; and the API's check of a round and why-not answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.trace.events import Trace
from dubov_explain.trf.reader import read_trf

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "golden" / "dutch-2012" / "cases" / "simulated-20-middle.trf"
BOOK = find_rulebook("dutch-2012")
SYS = ["--system", "dutch-2012"]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("dutch") / "g.trf"
    assert main(["generate", "--players", "14", "--rounds", "5", "--seed", "4", "-o", str(path)]
                + SYS) == 0
    return path


def test_pair_text_report_step_through_and_trace(tmp_path, capsys):
    report, steps, trace = tmp_path / "r.html", tmp_path / "s.html", tmp_path / "t.json"
    assert main(["pair", str(CASE), "--report", str(report), "--step-through", str(steps),
                 "--trace", str(trace)] + SYS) == 0
    out = capsys.readouterr().out.split()
    expected = BOOK.pair(read_trf(CASE)).result
    assert int(out[0]) == len(expected.boards) + (expected.bye is not None)
    t = Trace.from_json(trace.read_text(encoding="utf-8"))
    assert t.meta["system"] == "dutch-2012" and t.result == expected
    # the shared report lays out Dubov's brackets only (render/view.py matches Dubov's event
    # classes); the Dutch events are on the step-through page and in the trace
    html = report.read_text(encoding="utf-8")
    assert "strong-as-absolute" in html and '(<a href="#art-A.5" class="art">A.5</a>)' in html
    assert '<dt id="art-A.5">A.5</dt>' in html  # the article quoted in the page (report links)
    assert "A score bracket opens" in steps.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt, needle", [("md", "Dutch System"), ("html", "<html"),
                                         ("json", '"dutch-2012"')])
def test_pair_formats(fmt, needle, capsys):
    assert main(["pair", str(CASE), "--format", fmt] + SYS) == 0
    assert needle in capsys.readouterr().out


def test_standings(capsys):
    assert main(["standings", str(CASE)] + SYS) == 0
    out = capsys.readouterr().out
    assert "A.2 order" in out and "mild" in out


def test_explain_player_and_why_not(capsys):
    trace = BOOK.pair(read_trf(CASE))
    w, b = trace.result.boards[0]
    assert main(["explain", str(CASE), "--player", str(w)] + SYS) == 0
    out = capsys.readouterr().out
    assert f"Board 1: {w} has White against" in out
    other = trace.result.boards[1][0]
    assert main(["explain", str(CASE), "--player", str(w), "--against", str(other)] + SYS) == 0
    out = capsys.readouterr().out
    assert "**Answer:**" in out and "do not meet this round" in out
    assert main(["explain", str(CASE), "--player", str(w), "--against", str(b),
                 "--format", "json"] + SYS) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "paired"


def test_check_and_replay_of_its_own_tournament(played, capsys):
    assert main(["check", str(played), "--round", "3"] + SYS) == 0
    out = capsys.readouterr().out
    assert "identical" in out and "B.1.a no rematch" in out
    assert main(["replay", str(played)] + SYS) == 0
    assert "5 identical" in capsys.readouterr().err


def test_check_of_a_dubov_tournament_names_the_article(tmp_path, capsys):
    path = tmp_path / "d.trf"
    assert main(["generate", "--players", "30", "--rounds", "7", "--seed", "5", "-o",
                 str(path)]) == 0
    capsys.readouterr()
    code = main(["check", str(path), "--round", "4"] + SYS)
    out = capsys.readouterr().out
    assert code in (0, 6, 7)
    if code == 6:
        assert "Where the published pairing leaves the procedure" in out


def test_compare_two_readings(capsys):
    assert main(["compare", str(CASE), "--reading", "strong-as-absolute=forbid",
                 "--reading", "strong-as-absolute=ignore"] + SYS) == 0
    assert capsys.readouterr().out.strip()


def test_readings_and_systems(capsys):
    assert main(["readings", "--system", "dutch-2012"]) == 0
    out = capsys.readouterr().out
    for r in BOOK.catalogue:
        assert f"\n{r.name}  (article {r.article})\n" in out
    assert main(["systems"]) == 0
    assert "dutch-2012" in capsys.readouterr().out


def test_bad_reading_is_a_clear_error(capsys):
    assert main(["pair", str(CASE), "--reading", "strong-as-absolute=maybe"] + SYS) == 3
    assert "strong-as-absolute" in capsys.readouterr().err


def test_step_states_and_article_text():
    trace = BOOK.pair(read_trf(CASE))
    states = BOOK.step_states(trace)
    assert len(states) == len(trace.events)
    assert states[-1].boards == trace.result.boards
    assert any(s.bracket is not None and s.bracket.pairs for s in states)
    assert BOOK.article_text("C.10.e")[0][0] == "C.10.e"
    assert "colour difference" in BOOK.article_text("A.7")[0][1]
    assert BOOK.bracket_of(trace, len(trace.events) - 3) is not None


def test_a_round_without_a_complete_pairing_says_so(tmp_path, capsys):
    """B.1: a late round of a small field can have no complete pairing: exit 1, the engine's
    words, and a player's page that says no bye was assigned."""
    from dubov_explain.simulate.generator import simulate
    from dubov_explain.trf.writer import save_trf

    sim = simulate(13, 11, 2, system="dutch-2012")
    assert sim.stopped_round == 11
    path = tmp_path / "imp.trf"
    save_trf(sim.tournament, path)
    assert main(["pair", str(path)] + SYS) == 1
    assert "No complete pairing exists under B.1 and B.2" in capsys.readouterr().err
    assert main(["explain", str(path), "--player", "6"] + SYS) == 0
    out = capsys.readouterr().out
    assert "no complete pairing exists (B.1)" in out and "No bye was assigned" in out
