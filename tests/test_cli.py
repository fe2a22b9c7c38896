"""The `pair`, `standings` and `readings` commands: outputs, exit codes, never a traceback."""

from __future__ import annotations

import json

import pytest

from dubov_explain.cli import main
from dubov_explain.examples import example_text

EXAMPLE = "dubov-example-round4-request.trf"


@pytest.fixture
def trf(tmp_path):
    path = tmp_path / "t.trf"
    path.write_text(example_text(EXAMPLE), encoding="utf-8")
    return path


def test_pair_prints_the_javafo_format(capsys):
    assert main(["pair", "--example"]) == 0
    assert capsys.readouterr().out == "4\n4 1\n2 8\n6 9\n5 0\n"


def test_pair_writes_output_and_trace_files(trf, tmp_path, capsys):
    out, tr = tmp_path / "p.txt", tmp_path / "t.json"
    assert main(["pair", str(trf), "-o", str(out), "--trace", str(tr)]) == 0
    assert capsys.readouterr().out == ""
    assert out.read_text().splitlines()[1:] == ["4 1", "2 8", "6 9", "5 0"]
    doc = json.loads(tr.read_text())
    assert doc["schema"] == 2 and doc["meta"]["system"] == "dubov-2026" and doc["events"][-1]["kind"] == "pairing-published"


def test_pair_never_overwrites_its_input(trf, capsys):
    before = trf.read_bytes()
    assert main(["pair", str(trf), "-o", str(trf)]) == 5
    assert "refusing to overwrite the input file" in capsys.readouterr().err
    assert trf.read_bytes() == before


def test_write_trf_enters_the_round_and_refuses_to_pair_over_pending_results(trf, tmp_path, capsys):
    entered = tmp_path / "r4.trf"
    assert main(["pair", str(trf), "--write-trf", str(entered)]) == 0
    text = entered.read_text()
    assert "     4 b" in text.splitlines()[10]  # player 1 meets 4 with Black, result pending
    assert "0000 - U" in text.splitlines()[14]  # player 5 has the bye
    capsys.readouterr()
    assert main(["pair", str(entered)]) == 3
    err = capsys.readouterr().err
    assert f"{entered}:11:129: round 4 of player 1 has no result yet" in err


def test_unknown_reading_is_invalid_input(capsys):
    assert main(["pair", "--example", "--reading", "c9-measure=median"]) == 3
    assert "reading 'c9-measure' has no value 'median'" in capsys.readouterr().err


def test_missing_file_is_a_file_error(tmp_path, capsys):
    assert main(["pair", str(tmp_path / "nope.trf")]) == 5
    assert "nope.trf" in capsys.readouterr().err


def test_no_valid_pairing_exits_1(tmp_path, capsys):
    # 1 met 2 and 3, 4 met 2 and 3: round 3 has no complete pairing (1.8.3)
    import sys

    sys.path.insert(0, "tests")
    from builders import build
    from dubov_explain.trf.writer import write_trf

    t = build([2450, 2400, 2100, 1650], [[(4, 2, "0"), (1, 3, "1")], [(1, 2, "0"), (4, 3, "1")]], total_rounds=3)
    path = tmp_path / "imp.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    assert main(["pair", str(path)]) == 1
    assert "no valid pairing" in capsys.readouterr().err


def test_standings_is_the_arbiters_check_list(capsys):
    assert main(["standings", "--example"]) == 0
    out = capsys.readouterr().out
    assert "Standings before round 4 of 5; MaxT = 3 (1.8.2)" in out  # dubov-2026's 1.8.2
    row = next(line for line in out.splitlines() if line.startswith("5 "))
    assert "0.5" in row and "2357" in row and "mild Black" in row
    assert "8: won by forfeit in round 1" in out


def test_readings_lists_every_reading_with_its_default(capsys):
    from dubov_explain.rulebooks.dubov2025.readings import CATALOGUE

    assert main(["readings"]) == 0
    out = capsys.readouterr().out
    for r in CATALOGUE:
        assert f"{r.name}  (article {r.article})" in out
        assert f"* {r.default}:" in out


def test_total_rounds_are_required(trf, capsys):
    trf.write_text("".join(l for l in trf.read_text().splitlines(True) if not l.startswith("XXR")))
    assert main(["pair", str(trf)]) == 3
    assert f"{trf}:1:1: the total number of rounds must be given (XXR n" in capsys.readouterr().err


# --------------------------------------------------------------------------- exit codes


@pytest.mark.parametrize("argv", [
    ["pair", "--no-such-option"],
    ["frobnicate"],
    [],
    ["generate", "--players", "10"],  # -o is required
])
def test_a_bad_command_line_exits_3_with_argparse_message(argv, capsys):
    """bbpPairings: 3 is an invalid request, a bad command line included; 2 is reserved for
    an unexpected (internal) error."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 3
    err = capsys.readouterr().err
    assert "usage: dubov-explain" in err and "error:" in err


def test_help_and_version_still_exit_0(capsys):
    for argv in (["--help"], ["--version"], ["pair", "--help"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 0


def _players_block(n: int) -> str:
    lines = ["012 Too big", "XXR 5", "XXC white1"]
    lines += [f"001 {i % 10000:4d}      Player {i:<27d}  2000" for i in range(1, n + 1)]
    return "\n".join(lines) + "\n"


def test_more_than_9999_players_is_refused_with_exit_4_and_located(tmp_path, capsys):
    big = tmp_path / "big.trf"
    big.write_text(_players_block(10000))
    for argv in (["pair", str(big)], ["standings", str(big)], ["replay", str(big)]):
        assert main(argv) == 4
        err = capsys.readouterr().err
        # the 10,000th player record is line 10,003 (after three header lines)
        assert f"{big}:10003:1: 10,000 players is over the size limit of 9,999" in err, err


def test_generate_over_9999_players_is_refused_up_front(tmp_path, capsys):
    import time

    out = tmp_path / "g.trf"
    start = time.monotonic()
    assert main(["generate", "--players", "10000", "--rounds", "3", "--seed", "1",
                 "-o", str(out)]) == 4
    assert time.monotonic() - start < 2  # refused before generating anything
    assert "--players: 10,000 players is over the size limit" in capsys.readouterr().err
    assert not out.exists()
    cfg = tmp_path / "c.cfg"
    cfg.write_text("PlayersNumber = 9000-12000\n")
    assert main(["generate", "--config", str(cfg), "--seed", "1", "-o", str(out)]) == 4


def test_prepare_refuses_a_tournament_built_in_code_over_the_limit():
    from dubov_explain.records import replace

    from dubov_explain import app
    from dubov_explain.errors import EXIT_SIZE_LIMIT, SizeLimitError
    from dubov_explain.examples import load_example

    t = load_example(EXAMPLE)
    big = replace(t, players=tuple(replace(t.players[0], number=i) for i in range(1, 10001)))
    with pytest.raises(SizeLimitError) as exc:
        app.prepare(big)
    assert exc.value.exit_code == EXIT_SIZE_LIMIT == 4


def test_a_plain_pair_imports_no_renderer_graph_library_or_pool(tmp_path):
    """Every `pair` pays for what it imports: the renderers (jinja2, markdown-it), the
    matching fallback (networkx, needed by few rounds), the process pool
    (multiprocessing), Dask (replay/generate --dask), the JSON trace writer (json) and
    the packaged-data reader (importlib.resources, which brings zipfile and tempfile)
    load only when used; and the standard dataclasses (with inspect) not at all: the
    package's record classes are made by ``dubov_explain.records``."""
    import subprocess
    import sys
    from pathlib import Path

    from dubov_explain.simulate import history_before, simulate
    from dubov_explain.simulate.generator import GeneratorOptions
    from dubov_explain.trf.writer import write_trf

    trf = tmp_path / "r3.trf"
    trf.write_text(write_trf(history_before(simulate(30, 3, 1, options=GeneratorOptions.quiet()).tournament, 3)))
    root = Path(__file__).resolve().parents[1]
    code = ("import sys; from dubov_explain.cli import main; code = main(['pair', sys.argv[1]]); "
            "print(code, sorted(m for m in ('jinja2', 'markdown_it', 'networkx', 'multiprocessing', "
            "'dask', 'distributed', 'json', 'importlib.resources', 'zipfile', 'tempfile', "
            "'dataclasses', 'inspect') "
            "if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(trf)], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
                          check=True)
    assert done.stdout.startswith("15\n") and len(done.stdout.splitlines()) == 16  # 15 boards
    assert done.stderr.strip().splitlines()[-1] == "0 []"


def test_a_command_collects_garbage_less_often_and_gives_the_setting_back(trf, tmp_path,
                                                                          monkeypatch, capsys):
    """``main`` raises the collector's young threshold for the command (the searches' many
    small containers) and restores the caller's setting after it, even when it fails."""
    import gc

    from dubov_explain import cli

    before = gc.get_threshold()
    seen = []
    real = cli._main
    monkeypatch.setattr(cli, "_main", lambda argv: seen.append(gc.get_threshold()) or real(argv))
    assert main(["pair", str(trf), "-o", str(tmp_path / "out.txt")]) == 0
    assert seen == [(cli.GC_YOUNG, *before[1:])]
    assert gc.get_threshold() == before
    assert main(["pair", "/nonexistent/file.trf"]) != 0
    assert gc.get_threshold() == before


def test_pair_of_a_round_in_the_file_reads_the_file_once(trf, monkeypatch, capsys):
    """``--round R`` checks R against the file and then pairs it from the same reading (a
    file of thousands of players takes a second to read), with the output of a plain
    ``pair`` of the next round."""
    from dubov_explain.trf import reader

    assert main(["pair", str(trf)]) == 0
    plain = capsys.readouterr().out
    calls = []
    real = reader.read_trf

    def counted(*a, **k):
        calls.append(a)
        return real(*a, **k)

    monkeypatch.setattr(reader, "read_trf", counted)
    assert main(["pair", str(trf), "--round", "4"]) == 0
    assert capsys.readouterr().out == plain
    assert len(calls) == 1
