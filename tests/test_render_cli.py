"""The CLI around the renderers: ``pair --format/--report/--step-through`` and ``explain``."""

from __future__ import annotations

import json
import re

import pytest

from dubov_explain.cli import main
from dubov_explain.examples import example_text
from dubov_explain.trf.writer import write_trf

from builders import build


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_pair_format_md_html_json(capsys):
    code, md, _ = run(capsys, "pair", "--example", "--format", "md")
    assert code == 0 and md.startswith("# Round 4 pairing: ") and "## Bracket of 2.5 points" in md
    code, html, _ = run(capsys, "pair", "--example", "--format", "html")
    assert code == 0 and html.startswith("<!DOCTYPE html>") and 'id="bracket-of-2-5-points"' in html
    code, js, _ = run(capsys, "pair", "--example", "--format", "json")
    assert code == 0 and json.loads(js)["events"][-1]["kind"] == "pairing-published"
    code, text, _ = run(capsys, "pair", "--example")
    assert code == 0 and text == "4\n4 1\n2 8\n6 9\n5 0\n"


def test_pair_writes_report_and_step_through(capsys, tmp_path):
    md, html, steps = tmp_path / "round.md", tmp_path / "round.html", tmp_path / "steps.html"
    code, out, _ = run(capsys, "pair", "--example", "--report", str(md), "--step-through", str(steps))
    assert code == 0 and out.startswith("4\n")  # the pairing still goes to stdout
    assert md.read_text().startswith("# Round 4 pairing")
    assert steps.read_text().count('<section class="step"') == 28
    code, _, _ = run(capsys, "pair", "--example", "--report", str(html))
    assert code == 0 and "<nav class=\"toc\"" in html.read_text()


def test_pair_report_needs_a_known_suffix(capsys, tmp_path):
    with pytest.raises(SystemExit) as exc:
        main(["pair", "--example", "--report", str(tmp_path / "round.pdf")])
    assert exc.value.code == 3  # a bad command line is an invalid request (bbpPairings)
    assert "must end in .md or .html" in capsys.readouterr().err
    assert not (tmp_path / "round.pdf").exists()


def test_pair_report_of_an_impossible_round_exits_1(capsys, tmp_path):
    t = build([2450, 2400, 2100, 1650], [[(4, 2, "0"), (1, 3, "1")], [(1, 2, "0"), (4, 3, "1")]], total_rounds=3)
    trf = tmp_path / "t.trf"
    trf.write_text(write_trf(t))
    report = tmp_path / "r.md"
    code, out, err = run(capsys, "pair", str(trf), "--report", str(report), "--format", "md", "--lenient")
    assert code == 1 and "no valid pairing" in err
    assert "## No pairing" in out and "## No pairing" in report.read_text()


def test_explain_player_and_why_not(capsys):
    code, out, _ = run(capsys, "explain", "--example", "--player", "8")
    assert code == 0 and out.startswith("# 8 Horvat, Hana: round 4")
    assert "8 (2 points) is upfloated into the 2.5-point bracket (3.2.2)" in out  # dubov-2026
    code, out, _ = run(capsys, "explain", "--example", "--player", "1", "--against", "6")
    assert code == 0 and "**Answer:** [C6]: upfloater set {4, 8}" in out
    code, out, _ = run(capsys, "explain", "--example", "--player", "1", "--against", "2", "--format", "json")
    d = json.loads(out)
    # the structured answer: codes and the evidence, no sentence (the words are in templates)
    assert (d["verdict"], d["criterion"], d["article"], d["case"]) == ("illegal", "[C1]", "2.1.1", "illegal")  # dubov-2026: [C1] is 2.1.1
    assert d["evidence"]["pairs"][0][:3] == [1, 2, "[C1]"] and "reason" not in d
    code, out, _ = run(capsys, "explain", "--example", "--player", "5", "--format", "html")
    assert code == 0 and "<h2 id=\"the-bye\">The bye</h2>" in out
    code, out, _ = run(capsys, "explain", "--example", "--player", "5", "--format", "md")
    assert out == run(capsys, "explain", "--example", "--player", "5")[1]  # text is the Markdown


def test_explain_unknown_player_is_invalid_input(capsys):
    code, out, err = run(capsys, "explain", "--example", "--player", "99")
    assert code == 3 and out == "" and "no player 99" in err
    code, out, err = run(capsys, "explain", "--example", "--player", "1", "--against", "42")
    assert code == 3 and "no player 42" in err


def test_explain_from_a_file_writes_output(capsys, tmp_path):
    trf = tmp_path / "ex.trf"
    trf.write_text(example_text())
    dest = tmp_path / "why.html"
    code, out, _ = run(capsys, "explain", str(trf), "--player", "2", "--against", "5", "--format", "html",
                       "-o", str(dest))
    assert code == 0 and out == ""
    html = dest.read_text()
    assert re.search(r"<strong>Answer:</strong> 3\.1\.3: 5 receives the pairing-allocated bye", html)
