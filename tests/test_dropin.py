"""The bbpPairings / JaVaFo calling convention (``--dubov in.trf -p out``, ``-c``, ``-g``,
``-l``): translated into our subcommands, so it writes exactly what they write."""

from __future__ import annotations

import pytest

from dubov_explain.cli import main
from dubov_explain.dropin import DropInError, system_flags, translate
from dubov_explain.examples import example_text

SUB = ("pair", "standings", "replay", "generate")
#: ``--dubov`` and ``--dutch`` name each family's text in force (the 2026 texts since
#: 01/02/2026)
FLAGS = {"--dubov-2025": "dubov-2025", "--dubov-2026": "dubov-2026", "--dubov": "dubov-2026",
         "--dubov-1997": "dubov-1997", "--dutch-2012": "dutch-2012",
         "--dutch-2026": "dutch-2026", "--dutch": "dutch-2026", "--dutch-2017": "dutch-2017",
         "--swiss-rating-1992": "swiss-rating-1992"}


@pytest.fixture
def trf(tmp_path):
    path = tmp_path / "t.trf"
    path.write_text(example_text("dubov-example-round4-request.trf"), encoding="utf-8")
    return path


def test_system_flags_come_from_the_registry():
    assert system_flags() == FLAGS
    flags = system_flags(["dubov-2025", "dutch-2012", "dutch-2025", "burstein"])
    assert flags["--dutch"] == "dutch-2012" and flags["--dutch-2025"] == "dutch-2025"
    assert flags["--burstein"] == "burstein" and flags["--dubov"] == "dubov-2025"
    # only the text in force gets the family flag
    flags = system_flags(["dubov-2025", "dutch-2012", "dutch-2025"], current=["dubov-2025", "dutch-2025"])
    assert flags["--dutch"] == "dutch-2025"
    flags = system_flags(["dubov-2025", "dubov-1997", "dutch-2012"], current=["dubov-2025"])
    assert "--dutch" not in flags and flags["--dubov"] == "dubov-2025"


def test_the_dutch_family_flag_pairs_by_the_dutch_text_in_force(trf, capsys):
    # bbpPairings' --dutch pairs by the rules in force: the 2026 text since 01/02/2026
    assert main(["--dutch", str(trf), "-p"]) == 0
    by_flag = capsys.readouterr().out
    assert main(["pair", str(trf), "--system", "dutch-2026"]) == 0
    assert capsys.readouterr().out == by_flag
    assert main(["--dutch-2012", str(trf), "-p"]) == 0


@pytest.mark.parametrize("argv, commands", [
    (["--dubov", "d/in.trf", "-p"], [["pair", "d/in.trf", "--system", "dubov-2026"]]),
    (["--dubov", "d/in.trf", "-p", "out.txt"],  # a bare name goes next to the input
     [["pair", "d/in.trf", "-o", "d/out.txt", "--system", "dubov-2026"]]),
    (["--dubov-2025", "d/in.trf", "-p", "e/out.txt", "-l"],
     [["pair", "d/in.trf", "-o", "e/out.txt", "--system", "dubov-2025"],
      ["checklist", "d/in.trf", "-o", "d/in.list", "--current", "--system", "dubov-2025"]]),
    (["d/in.trf", "-p", "-l", "x.list"],  # JaVaFo: no system flag, the file's 192/092
     [["pair", "d/in.trf"], ["checklist", "d/in.trf", "-o", "d/x.list", "--current"]]),
    (["--dubov", "in.trf", "-c"], [["replay", "in.trf", "--system", "dubov-2026"]]),
    (["in.trf", "-c", "3"], [["replay", "in.trf", "--round", "3"]]),
    (["--dubov", "-g", "-o", "o.trf"], [["generate", "-o", "o.trf", "--system", "dubov-2026"]]),
    (["--dubov", "-g", "c.cfg", "-o", "o.trf", "-s", "42"],
     [["generate", "-o", "o.trf", "--config", "c.cfg", "--seed", "42", "--system", "dubov-2026"]]),
    (["-g", "1234", "-o", "o.trf"], [["generate", "-o", "o.trf", "--seed", "1234"]]),  # JaVaFo seed
    (["--dubov", "in.trf", "-l"], [["checklist", "in.trf", "-o", "in.list", "--system", "dubov-2026"]]),
])
def test_translations(argv, commands):
    drop = translate(argv, SUB, FLAGS)
    assert [list(c) for c in drop.commands] == commands and not drop.version


def test_our_own_command_lines_are_not_translated():
    for argv in (["pair", "in.trf", "-o", "x"], ["--version"], ["-h"], [], ["frobnicate"],
                 ["generate", "-o", "o.trf"]):
        assert translate(argv, SUB, FLAGS) is None


@pytest.mark.parametrize("argv, words", [
    (["--burstein", "in.trf", "-p"], "--burstein: no such system here"),
    (["--dubov", "in.trf", "-p", "-c"], "give one of -p, -c and -g"),
    (["--dubov", "-p", "out"], "-p: give the tournament file"),
    (["--dubov", "in.trf", "-b", "-p"], "Baku acceleration"),
    (["--dubov", "model.trf", "-g", "-o", "o.trf"], "model tournament is not supported"),
    (["--dubov", "-g", "cfg"], "-g needs -o output.trf"),
    (["--dubov", "in.trf", "-c", "x"], "-c x: a round number"),
    (["--dubov", "in.trf", "-p", "out", "extra"], "extra: the tournament file comes before -p"),
    (["--dubov", "in.trf", "-p", "-s", "1"], "-o and -s belong to -g"),
    (["--dubov", "in.trf"], "give -p, -c, -g or -l"),
    (["--dubov"], "give the tournament file and one of -p, -c, -g or -l"),
])
def test_untranslatable_calls_are_refused_saying_why(argv, words):
    with pytest.raises(DropInError, match=words) as exc:
        translate(argv, SUB, FLAGS)
    assert "drop-in syntax" in str(exc.value)


def test_p_writes_byte_identical_output_to_pair(trf, tmp_path, capsys):
    ours, theirs = tmp_path / "ours.txt", tmp_path / "theirs.txt"
    assert main(["pair", str(trf), "-o", str(ours)]) == 0
    assert main(["--dubov", str(trf), "-p", str(theirs)]) == 0
    assert theirs.read_bytes() == ours.read_bytes() == b"4\n4 1\n2 8\n6 9\n5 0\n"
    capsys.readouterr()
    assert main(["--dubov", str(trf), "-p"]) == 0  # without a file: stdout, as bbpPairings
    assert capsys.readouterr().out == ours.read_text()
    assert main(["--dubov", str(trf), "-p", "bare.txt"]) == 0
    assert (trf.parent / "bare.txt").read_bytes() == ours.read_bytes()


#: bbpPairings' check-list layout (its README "Checklist"; ``printChecklist`` in
#: ``src/swisssystems/common.cpp``): a blank line, a header row, a blank line before the
#: first player and between score groups, every cell right-aligned to its column's width
#: and followed by a tab, three line ends at the end
def parse_checklist(text: str):
    assert text.startswith("\n") and text.endswith("\n\n\n")
    lines = text[1:-3].split("\n")
    header, body = lines[0], lines[1:]
    assert header.endswith("\t")
    cols = header[:-1].split("\t")
    widths = [len(c) for c in cols]
    groups, rows = [], []
    for line in body:
        if line == "":
            groups.append([])
            continue
        assert line.endswith("\t")
        cells = line[:-1].split("\t")
        assert [len(c) for c in cells] == widths, line  # padded to the header's widths
        row = dict(zip([c.strip() for c in cols], [c.strip() for c in cells]))
        groups[-1].append(row)
        rows.append(row)
    return [c.strip() for c in cols], groups, rows


def test_l_writes_the_check_list_in_bbppairings_layout(trf, tmp_path, capsys):
    assert main(["--dubov", str(trf), "-p", str(tmp_path / "p.txt"), "-l"]) == 0
    text = (tmp_path / "t.list").read_text()
    cols, groups, rows = parse_checklist(text)
    # ID, Pts, the colour history headed by rounds-played + 1 dashes, Pref; ours; R1..Rn
    assert cols[:4] == ["ID", "Pts", "----", "Pref"] and cols[-3:] == ["R1", "R2", "R3"]
    assert cols[4:-3] == ["PAB", "ARO", "Upf", "Cur", ""]
    assert sorted(int(r["ID"]) for r in rows) == list(range(1, 10))
    # one group per score, highest first, every player of a group with that score
    scores = [{r["Pts"] for r in g} for g in groups]
    assert all(len(s) == 1 for s in scores)
    assert [float(next(iter(s))) for s in scores] == sorted(
        (float(next(iter(s))) for s in scores), reverse=True)
    one = next(r for r in rows if r["ID"] == "1")
    assert one["Pts"] == "2.5" and one["----"] == "WBW" and one["Pref"] in ("(B)", "B", "b")
    assert [one["R1"], one["R2"], one["R3"]] == ["5", "8", "2"]
    eight = next(r for r in rows if r["ID"] == "8")
    assert eight["R1"] == "" and eight["PAB"] == "N"  # a forfeit win: no game, no bye
    # -p ... -l: Cur is the pairing made (4 1, 2 8, 6 9, 5 0)
    assert one["Cur"] == "(4B)" and eight["Cur"] == "(2B)"
    assert next(r for r in rows if r["ID"] == "5")["Cur"] == "(bye)"
    assert next(r for r in rows if r["ID"] == "3")["Cur"] == ""  # absent (H)
    # -l alone: the same list without the pairing
    assert main(["--dubov", str(trf), "-l", "alone.list"]) == 0
    _, _, alone = parse_checklist((trf.parent / "alone.list").read_text())
    assert all(r["Cur"] == "" for r in alone)
    assert main(["checklist", str(trf)]) == 0
    assert capsys.readouterr().out == (trf.parent / "alone.list").read_text()


def test_r_alone_prints_the_version_and_help_after_a_system_flag(capsys):
    assert main(["-r"]) == 0
    assert capsys.readouterr().out.startswith("dubov-explain ")
    assert main(["--dubov", "--help"]) == 0
    out = capsys.readouterr().out
    assert "drop-in syntax" in out and "usage: dubov-explain" in out
    with pytest.raises(SystemExit) as exc:
        main(["--dubov"])
    assert exc.value.code == 3
    assert "give the tournament file and one of -p, -c, -g or -l" in capsys.readouterr().err


def test_c_checks_the_whole_tournament_as_replay(trf, capsys):
    assert main(["replay", str(trf)]) == 0
    expected = capsys.readouterr().out
    assert main(["--dubov", str(trf), "-c"]) == 0
    assert capsys.readouterr().out == expected and "t: Round #3" in expected


def test_g_generates_as_generate(tmp_path, capsys):
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    cfg = tmp_path / "bbp.cfg"
    cfg.write_text("PlayersNumber=12\nRoundsNumber=4\nRetiredRate=40\nHalfPointByeRate=20\n")
    assert main(["generate", "--config", str(cfg), "--seed", "9", "-o", str(a)]) == 0
    assert main(["--dubov", "-g", str(cfg), "-o", str(b), "-s", "9"]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_exit_codes_pass_through_and_r_prints_the_version(trf, tmp_path, capsys):
    assert main(["--dubov", str(tmp_path / "missing.trf"), "-p"]) == 5
    with pytest.raises(SystemExit) as exc:
        main(["--dubov", str(trf), "-p", "-c"])
    assert exc.value.code == 3 and "give one of -p, -c and -g" in capsys.readouterr().err
    assert main(["-r", "--dubov", str(trf), "-p"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("dubov-explain ") and out.endswith("4\n4 1\n2 8\n6 9\n5 0\n")


@pytest.mark.parametrize("system,heads", [
    ("dutch-2012", ["B1b", "B5", "B6"]), ("swiss-rating-1992", ["B1b", "B5", "B6"]),
    ("dutch-2017", ["C2", "C12", "C14"]), ("dutch-2026", ["C2", "C14", "C16"])])
def test_the_dutch_family_check_list_has_bbppairings_dutch_columns(system, heads, capsys):
    """The Dutch family's check-list carries bbpPairings' Dutch columns (the PAB bar, the
    floats of the last two rounds), each headed by the rule of the edition's own text that
    reads it (as bbpPairings heads them by the criteria of its text), in place of the Dubov
    ones; and the last round's float is each player's float as the scores before that round
    make it (A.4 of 2012, 1992 and 2017, 1.4.2 of 2026), recomputed from the file without
    the engine (``rulebooks/truth.py``)."""
    from pathlib import Path

    from dubov_explain.rulebooks.truth import Truth
    from dubov_explain.trf.reader import read_trf

    path = Path(__file__).parent / "data" / "dutch-javafo" / "javafo-001.trf"
    assert main(["checklist", str(path), "--system", system]) == 0
    cols, _, rows = parse_checklist(capsys.readouterr().out)
    assert cols[4:8] == [*heads, "Cur"] and "ARO" not in cols
    t = read_trf(path)
    last = t.round_to_pair - 1
    before = Truth(t, last)  # the scores before the last round played
    seen = {"U": 0, "D": 0, "": 0}
    for row in rows:
        e = t.by_number[int(row["ID"])].entry(last)
        if e is None or e.opponent is None or not e.played:
            continue  # an unplayed round's float is each text's own rule
        want = {"up": "U", "down": "D", "": ""}[before.float_of(int(row["ID"]), e.opponent)]
        assert row[heads[1]] == want, (system, row["ID"])
        seen[want] += 1
    assert seen["U"] and seen["D"] and seen[""]  # the file tells the three apart
