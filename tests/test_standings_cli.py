"""`standings` with tie-breaks (every format) and `explain --standing`, through the CLI."""

from __future__ import annotations

import csv
import io
import json

import pytest

from dubov_explain.cli import main

from test_tiebreaks import DE_FILE, SMALL


def run(capsys, argv):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, text, name="t.trf"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_csv_one_row_per_player_a_column_per_tiebreak(tmp_path, capsys):
    f = write(tmp_path, SMALL)
    code, out, _ = run(capsys, ["standings", f, "--tiebreaks", "BH,BH/C1,SB", "--format", "csv"])
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["Rank", "No", "Name", "Rtg", "Pts", "BH", "BH/C1", "SB"]
    assert len(rows) == 6 and sorted(int(r["No"]) for r in rows) == [1, 2, 3, 4, 5, 6]
    one = next(r for r in rows if r["No"] == "1")
    assert (one["Rank"], one["Pts"], one["BH"], one["BH/C1"], one["SB"]) == \
        ("1", "3.5", "8.0", "7.0", "6.75")


def test_finished_tournament_gives_final_standings_and_crosstable(tmp_path, capsys):
    f = write(tmp_path, SMALL + "212 PTS,BH/C1,SB\n")
    code, out, _ = run(capsys, ["standings", f])
    assert code == 0
    assert out.startswith("Final standings after round 4 of 4")
    assert "Tie-breaks: BH/C1, SB (from the file's 212 record)" in out
    assert "to pair" not in out and "Crosstable" in out
    assert "2w+" in out and "PAB" in out  # 1's forfeit win over 2, 3's PAB


def test_markdown_json_html(tmp_path, capsys):
    f = write(tmp_path, SMALL.replace("Three   ", "<b>x</b>"))
    code, md, _ = run(capsys, ["standings", f, "--format", "md"])
    assert code == 0 and md.startswith("# Final standings") and "| Rank |" in md
    code, js, _ = run(capsys, ["standings", f, "--format", "json", "--tiebreaks", "DE,WIN"])
    doc = json.loads(js)
    assert doc["final"] and doc["tiebreaks"] == ["DE", "WIN"]
    assert doc["players"][0]["number"] == 1 and doc["players"][0]["tiebreaks"]["WIN"] == "3"
    code, html, _ = run(capsys, ["standings", f, "--format", "html"])
    assert code == 0 and html.startswith("<!DOCTYPE html>") and "<style>" in html
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "<script src" not in html and "<link" not in html  # self-contained


def test_in_progress_keeps_the_check_list_unless_asked(capsys):
    code, out, _ = run(capsys, ["standings", "--example"])
    assert code == 0 and "Standings before round 4" in out and "to pair" in out
    code, out, _ = run(capsys, ["standings", "--example", "--current"])
    assert code == 0 and out.startswith("Standings after round 3 of") and "in progress" in out
    code, out, _ = run(capsys, ["standings", "--example", "--tiebreaks", "SB", "--format", "csv"])
    assert code == 0 and out.splitlines()[0] == "Rank,No,Name,Rtg,Pts,SB"


def test_bad_tiebreaks_exit_3_with_what_is_accepted(tmp_path, capsys):
    f = write(tmp_path, SMALL)
    code, out, err = run(capsys, ["standings", f, "--tiebreaks", "BH,XX"])
    assert code == 3 and out == ""
    assert "'XX' is not a tie-break" in err and "BH[/Cn|/Mn]" in err and "Traceback" not in err
    code, _, err = run(capsys, ["standings", f, "--tiebreaks", "WIN/C1"])
    assert code == 3 and "WIN takes no modifier" in err
    g = write(tmp_path, SMALL + "212 PTS,BH,XX\n", "bad212.trf")
    code, _, err = run(capsys, ["standings", g])
    assert code == 3 and "bad212.trf:10:" in err and "212 tie-break list" in err


def test_explain_standing_names_the_deciding_tiebreak_and_its_games(tmp_path, capsys):
    f = write(tmp_path, DE_FILE)
    code, out, _ = run(capsys, ["explain", f, "--player", "2", "--standing",
                                "--tiebreaks", "WIN,BH"])
    assert code == 0
    assert out.startswith("# Why 2 Two is 3")
    assert "**BH** decides: 1 One 7.0, 2 Two 3.5" in out
    assert "the same WIN (2)" in out
    assert "capped at a draw per round" in out and "C.07 16.4.2" in out
    code, js, _ = run(capsys, ["explain", f, "--player", "2", "--standing", "--format", "json",
                               "--tiebreaks", "WIN,BH"])
    doc = json.loads(js)
    assert doc["above"]["tiebreak"] == "BH" and doc["above"]["below_value"]["value"] == "3.5"
    code, html, _ = run(capsys, ["explain", f, "--player", "2", "--standing", "--format", "html"])
    assert code == 0 and html.startswith("<!DOCTYPE html>")


def test_explain_standing_points_and_bad_use(tmp_path, capsys):
    f = write(tmp_path, SMALL)
    code, out, _ = run(capsys, ["explain", f, "--player", "5", "--standing"])
    assert code == 0 and "points decide before any tie-break" in out
    code, _, err = run(capsys, ["explain", f, "--player", "9", "--standing"])
    assert code == 3 and "no player 9" in err
    with pytest.raises(SystemExit) as exc:  # argparse's usage error
        main(["explain", f, "--player", "5", "--standing", "--against", "2"])
    assert exc.value.code == 3
    code, _, err = run(capsys, ["explain", f, "--player", "5", "--standing", "--tiebreaks", "Q"])
    assert code == 3 and "accepted" in err
