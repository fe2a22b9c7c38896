"""Third-party-style files (tests/data/third-party): each pairs correctly or is refused at
its line, never silently (issue 26, "every record accounted for").

The files were written for this project from the worked example (nothing copied):

* ``swiss-manager-ruler.trf``: a Swiss-Manager-style export with the TRF16 legend line
  (``DDD SSSS sTTT ...``), the tens ruler and the ``1234567890...`` ruler above the
  players, CRLF: the worked example's round 4, no warning;
* ``trf26-299-bonus.trf``: TRF-2026 ``299`` bonus of 1.0 to player 5 in round 2 (his points
  field 1.5): 5 is no longer the lowest, the bye goes to 6;
* ``trf26-299-penalty.trf``: a penalty of 1.0 to player 4 in round 3, and player 8's round-1
  forfeit win worth 0.0 (a typed ``299 +``);
* ``trf26-299-all-rounds.trf``: a bonus for "all rounds" (round 000): refused at its line;
* ``cppdubov-tnr-for-bye.trf``: CPPDubovSystem's dialect (its README): ``TNR 5``,
  ``BYE 3``, ``BYE 7`` instead of the pre-entered round-4 blocks, ``FOR 1 4``, ``ACC 0``;
* ``rematch-round3.trf``: 4 and 7 meet again in round 3: refused naming
  ``--accept-history``; with it the round pairs and the trace records it; ``check --round
  3`` still reports the rematch (exit 7);
* ``unknown-record.trf``: a ``ZZZ`` record: a located warning, the pairing unchanged.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.tournament.facts import round_facts
from dubov_explain.trf.reader import read_trf
from dubov_explain.trf.writer import write_trf

HERE = Path(__file__).parent / "data" / "third-party"
EXAMPLE = "4\n4 1\n2 8\n6 9\n5 0\n"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_file_pairs_or_is_refused_at_its_line_never_silently(capsys):
    expected = {
        "swiss-manager-ruler.trf": (0, EXAMPLE, []),
        "trf26-299-bonus.trf": (0, "4\n4 1\n2 8\n9 5\n6 0\n", []),
        "trf26-299-penalty.trf": (0, "4\n9 1\n2 4\n6 8\n5 0\n", []),
        "trf26-299-all-rounds.trf": (3, "", [":22:20: 299 bonus or penalty"]),
        "cppdubov-tnr-for-bye.trf": (0, "4\n2 4\n9 1\n8 6\n5 0\n", []),
        "rematch-round3.trf": (3, "", [":14:112: round 3: 4 and 7 already played each other "
                                       "in round 2", "--accept-history"]),
        "unknown-record.trf": (0, EXAMPLE, ["warning: ", ":22:1: record 'ZZZ' is not read"]),
    }
    assert sorted(expected) == sorted(p.name for p in HERE.glob("*.trf"))
    for name, (code, out, words) in expected.items():
        got = run(capsys, "pair", HERE / name)
        assert got[:2] == (code, out), (name, got)
        for w in words:
            assert w in got[2], (name, got[2])
        if not words:
            assert got[2] == "", (name, got[2])
        if code:
            assert f"{HERE / name}:" in got[2]  # file:line:column


def test_ruler_and_legend_lines_are_kept_as_written():
    t = read_trf(HERE / "swiss-manager-ruler.trf")
    assert not t.warnings and len(t.players) == 9
    text = write_trf(t)
    assert "DDD SSSS sTTT" in text and "1234567890123456789" in text


def test_299_counts_in_the_score_and_in_the_points_field():
    bonus = round_facts(read_trf(HERE / "trf26-299-bonus.trf"))
    assert bonus[5].points == Fraction(3, 2) and bonus[5].points_before == (0, 0, Fraction(3, 2), Fraction(3, 2))
    pen = round_facts(read_trf(HERE / "trf26-299-penalty.trf"))
    assert pen[4].points == 1 and pen[8].points == 1
    assert [r.points for r in pen[8].rounds] == [0, 0, 1]  # the forfeit win worth 0.0
    # written back unchanged, and read back to the same scores
    t = read_trf(HERE / "trf26-299-penalty.trf")
    assert "299          -1.0  003    4" in write_trf(t)


def test_a_typed_299_for_a_result_the_player_does_not_have_is_refused(tmp_path, capsys):
    text = (HERE / "trf26-299-penalty.trf").read_text().replace(
        "299 +         0.0  001    8", "299 W         0.0  001    8")
    bad = tmp_path / "typed.trf"
    bad.write_text(text)
    code, out, err = run(capsys, "pair", bad)
    assert code == 3 and out == ""
    assert f"{bad}:23:24: 299 gives player 8 the points of a 'W' result in round 1, but his " \
           "round 1 is '+'" in err


def test_cppdubovsystem_records_are_read(capsys):
    t = read_trf(HERE / "cppdubov-tnr-for-bye.trf")
    assert t.total_rounds == 5 and t.absent == {3, 7} and (1, 4) in t.forbidden
    code, out, _ = run(capsys, "pair", HERE / "cppdubov-tnr-for-bye.trf")
    boards = [tuple(sorted(map(int, line.split()))) for line in out.splitlines()[1:]]
    assert (1, 4) not in boards and not any(3 in b or 7 in b for b in boards)


@pytest.mark.parametrize("line, words", [
    ("ACC 1", ":27:5: ACC asks for the Baku acceleration"),
    ("ACC maybe", ":27:5: ACC (CPPDubovSystem's Baku switch) must be true, 1, false or 0"),
    ("FOR 1 2 3", ":27:5: FOR (CPPDubovSystem's forbidden pair) takes two starting ranks"),
    ("BYE 12", ":27:5: BYE names player 12, who has no 001 line"),
    ("TNR 4", ":27:5: total number of rounds given again as 4"),
])
def test_cppdubovsystem_records_are_checked_at_their_line(tmp_path, capsys, line, words):
    text = (HERE / "cppdubov-tnr-for-bye.trf").read_text()
    f = tmp_path / "c.trf"
    f.write_text(text + line + "\n")
    code, out, err = run(capsys, "pair", f)
    assert words in err, err
    assert code == (0 if line == "ACC 1" else 3)


def test_a_past_rematch_pairs_with_the_override_and_check_keeps_reporting_it(tmp_path, capsys):
    path = HERE / "rematch-round3.trf"
    trace_file = tmp_path / "trace.json"
    code, out, err = run(capsys, "pair", path, "--accept-history", "--trace", trace_file)
    assert code == 0 and out.startswith("4\n")
    assert f"warning: {path}:14:112: round 3: 4 and 7 already played each other in round 2; " \
           "accepted as played (--accept-history)" in err
    meta = json.loads(trace_file.read_text())["meta"]
    assert meta["history_accepted"][0]["rule"] == "rematch"
    code, out, _ = run(capsys, "pair", path, "--accept-history", "--format", "md")
    assert "## History accepted as played" in out and "played each other again" in out
    code, out, _ = run(capsys, "check", path, "--round", "3")
    assert code == 7 and "4 and 7 already played each other in round 2" in out
    for cmd in (["standings", path], ["explain", path, "--player", "1"]):
        assert run(capsys, *cmd)[0] == 3
        assert run(capsys, *cmd, "--accept-history")[0] == 0
