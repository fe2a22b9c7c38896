"""Robustness of what the program reads and writes (issue 16): terminal-safe text, safe
output files, stdout errors, limits up front.  Each test fails on the program before it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.examples import example_text, examples_dir
from dubov_explain.safetext import escape_controls
from dubov_explain.trf.reader import parse_trf

EXAMPLE = "dubov-example-round4-request.trf"
EVIL = "Ad\x1b]0;pwned\x07\x1b[2Jler\u202e"
ROOT = Path(__file__).resolve().parent.parent
#: what must never reach an output raw: ESC, BEL, the right-to-left override, NUL, C1
RAW = ("\x1b", "\x07", "\u202e", "\x00", "\x85")


def with_name(name: str, line: int = 11) -> str:
    """The worked example with the name of the player on ``line`` (player 1) replaced."""
    lines = example_text(EXAMPLE).split("\n")
    ln = lines[line - 1]
    lines[line - 1] = ln[:14] + name.ljust(33)[:33] + ln[47:]
    return "\n".join(lines)


@pytest.fixture
def evil(tmp_path):
    path = tmp_path / "evil.trf"
    path.write_text(with_name(EVIL), encoding="utf-8")
    return path


def _run(*args: str, **kw) -> subprocess.CompletedProcess:
    """The CLI in a child process; ``close_fds_of=(1,)`` starts it with those descriptors
    closed, as a shell's ``>&-`` does."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    closing = kw.pop("close_fds_of", ())
    if closing:
        kw["preexec_fn"] = lambda: [os.close(fd) for fd in closing]
    return subprocess.run([sys.executable, "-m", "dubov_explain", *args], env=env,
                          capture_output=kw.pop("capture", True), **kw)


# ----------------------------------------------------------------- terminal-safe text


def test_escape_controls_writes_python_escapes_and_json_escapes():
    assert escape_controls(EVIL) == "Ad\\x1b]0;pwned\\x07\\x1b[2Jler\\u202e"
    assert escape_controls("a\x7f\x85\u2066b") == "a\\x7f\\x85\\u2066b"
    assert escape_controls("line\n\tnext\x1b", document=True) == "line\n\tnext\\x1b"
    assert escape_controls("\x85", json=True) == "\\u0085"
    assert escape_controls("Müller, Jörg — 李") == "Müller, Jörg — 李"


@pytest.mark.parametrize("command", [
    ["standings"], ["explain", "--player", "1"], ["explain", "--player", "1", "--against", "4"],
    ["pair", "--format", "md"], ["pair", "--format", "html"], ["pair", "--format", "json"],
    ["explain", "--player", "1", "--format", "html"], ["compare", "--reading",
                                                       "c9-measure=max"],
])
def test_a_name_with_escape_sequences_never_reaches_stdout_raw(evil, capsys, command):
    code = main([command[0], str(evil), *command[1:]])
    out, err = capsys.readouterr()
    assert code in (0, 3), err
    if code == 0 and command[0] != "compare":  # compare shows no names
        assert "pwned" in out
    for ch in RAW:
        assert ch not in out and ch not in err
    if command == ["standings"]:
        assert "Ad\\x1b]0;pwned\\x07\\x1b[2Jler\\u202e" in out
    if command[-1] == "json":
        import json

        json.loads(out)  # the escapes of JSON: still valid, the same text read back


def test_the_name_is_read_with_a_located_warning_and_still_pairs(evil, capsys):
    assert main(["pair", str(evil)]) == 0
    out, err = capsys.readouterr()
    assert out == "4\n4 1\n2 8\n6 9\n5 0\n"
    assert f"{evil}:11:17: control character U+001B (shown as \\x1b) and 3 more in the name" in err


def test_reports_step_through_check_and_replay_carry_no_raw_control(evil, tmp_path, capsys):
    rep, steps, trace = tmp_path / "r.md", tmp_path / "s.html", tmp_path / "t.json"
    assert main(["pair", str(evil), "--report", str(rep), "--step-through", str(steps),
                 "--trace", str(trace)]) == 0
    entered = tmp_path / "r4.trf"
    assert main(["pair", str(evil), "--write-trf", str(entered), "--report",
                 str(tmp_path / "r.html")]) == 0
    for f in (rep, steps, trace, tmp_path / "r.html"):
        text = f.read_text(encoding="utf-8")
        assert "pwned" in text and not any(ch in text for ch in RAW), f
    # the written TRF keeps the name as the file had it (a faithful round trip)
    assert EVIL in entered.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(entered), "--round", "3"]) in (0, 6)
    assert main(["replay", str(evil), "--explain", "-"]) == 0
    out, err = capsys.readouterr()
    assert not any(ch in out + err for ch in RAW)


def test_nul_in_a_name_is_invalid_input_located(tmp_path, capsys):
    path = tmp_path / "nul.trf"
    path.write_text(with_name("Adl\x00r, Anton"), encoding="utf-8")
    assert main(["standings", str(path)]) == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert f"{path}:11:18: NUL character (byte 0) in the name (columns 15-47)" in err
    assert "\x00" not in err


def test_nul_in_a_header_record_is_refused_and_never_written(tmp_path):
    text = example_text(EXAMPLE).replace("012 Worked Example Open", "012 Worked\x00Open")
    with pytest.raises(Exception) as info:
        parse_trf(text, "t.trf")
    assert "t.trf:1:11: NUL character" in str(info.value)
    from dubov_explain.records import replace

    from dubov_explain.trf.writer import write_trf

    t = parse_trf(example_text(EXAMPLE), "t.trf")
    with pytest.raises(ValueError, match="NUL"):
        write_trf(replace(t, name="bad\x00name"))


# ----------------------------------------------------------------- safe outputs


def test_a_full_disk_on_stdout_is_a_file_error_in_one_line():
    with open("/dev/full", "w") as full:
        done = _run("pair", "--example", "--format", "md", stdout=full, capture=False,
                    stderr=subprocess.PIPE)
    assert done.returncode == 5
    err = done.stderr.decode()
    assert err == "<stdout>: cannot write: No space left on device\n"


def test_a_closed_pipe_ends_quietly_with_exit_5():
    r, w = os.pipe()
    os.close(r)  # the reader is gone before anything is written: `| head -0`
    try:
        done = _run("standings", "--example", stdout=w, capture=False, stderr=subprocess.PIPE)
    finally:
        os.close(w)
    assert done.returncode == 5
    assert done.stderr == b""


def test_started_with_stdout_closed_is_a_file_error_not_an_internal_one(tmp_path):
    # ``>&-``: Python starts with sys.stdout None; writing the pairing there is exit 5 with
    # one line, and a command that writes only to -o succeeds
    closed = _run("pair", "--example", stdout=subprocess.DEVNULL, capture=False,
                  stderr=subprocess.PIPE, close_fds_of=(1,))
    assert closed.returncode == 5
    assert closed.stderr.decode() == ("<stdout>: cannot write: standard output is closed; "
                                      "give -o FILE or open it\n")
    out = tmp_path / "p.txt"
    done = _run("pair", "--example", "-o", str(out), stdout=subprocess.DEVNULL, capture=False,
                stderr=subprocess.PIPE, close_fds_of=(1,))
    assert (done.returncode, done.stderr) == (0, b"")
    assert out.read_text() == "4\n4 1\n2 8\n6 9\n5 0\n"


def test_started_with_stderr_closed_keeps_messages_out_of_stdout():
    # ``2>&-``: print(file=None) would write the error into stdout, where a pairing goes
    done = _run("pair", "/nonexistent/t.trf", stdout=subprocess.PIPE, capture=False,
                stderr=subprocess.DEVNULL, close_fds_of=(2,))
    assert (done.returncode, done.stdout) == (5, b"")
    done = _run("pair", "--example", stdout=subprocess.PIPE, capture=False,
                stderr=subprocess.DEVNULL, close_fds_of=(2,))
    assert (done.returncode, done.stdout) == (0, b"4\n4 1\n2 8\n6 9\n5 0\n")


def test_a_full_disk_on_an_output_file_is_exit_5_and_leaves_nothing(tmp_path, capsys):
    report = tmp_path / "r.md"
    assert main(["pair", "--example", "--report", str(report), "--trace", "/dev/full"]) == 5
    assert "/dev/full: cannot write" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # the report was not written either


def test_a_failing_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch, capsys):
    out = tmp_path / "p.txt"
    out.write_text("old\n")
    real_fsync = os.fsync

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    assert main(["pair", "--example", "-o", str(out)]) == 5
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt"]


def test_outputs_are_all_or_nothing(tmp_path, capsys):
    """A later output that cannot be written takes the earlier ones with it."""
    trace, entered = tmp_path / "t.json", tmp_path / "no-such-dir" / "r4.trf"
    assert main(["pair", "--example", "--trace", str(trace), "--write-trf", str(entered)]) == 5
    assert not trace.exists() and list(tmp_path.iterdir()) == []
    assert "no-such-dir" in capsys.readouterr().err


def test_outputs_go_through_a_rename(tmp_path, monkeypatch):
    seen = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (seen.append((a, b)), real(a, b))[1])
    files = {"-o": "p.txt", "--trace": "t.json", "--report": "r.md", "--step-through": "s.html"}
    argv = ["pair", "--example"]
    for flag, name in files.items():
        argv += [flag, str(tmp_path / name)]
    assert main(argv) == 0
    assert sorted(os.path.basename(b) for _, b in seen) == sorted(files.values())
    assert all(os.path.dirname(a) == os.path.dirname(b) for a, b in seen)
    for cmd in (["standings", "--example"], ["explain", "--example", "--player", "1"],
                ["compare", "--example", "--reading", "c9-measure=max"]):
        seen.clear()
        assert main(cmd + ["-o", str(tmp_path / "x.txt")]) == 0
        assert [os.path.basename(b) for _, b in seen] == ["x.txt"]


def test_the_packaged_examples_are_never_overwritten(capsys):
    target = os.path.join(examples_dir(), EXAMPLE)
    before = Path(target).read_bytes()
    assert main(["pair", "--example", "-o", target]) == 5
    assert main(["pair", "--example", "--write-trf", target]) == 5
    assert main(["standings", "--example", "-o", os.path.join(examples_dir(), "new.trf")]) == 5
    assert "refusing to write into the examples" in capsys.readouterr().err
    assert Path(target).read_bytes() == before
    assert not os.path.exists(os.path.join(examples_dir(), "new.trf"))


def test_generate_never_overwrites_its_config(tmp_path, capsys):
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PlayersNumber = 6\n")
    assert main(["generate", "--config", str(cfg), "--rounds", "2", "--seed", "1", "-o",
                 str(cfg)]) == 5
    assert "refusing to overwrite the --config file" in capsys.readouterr().err
    assert cfg.read_text() == "PlayersNumber = 6\n"


def test_check_and_replay_never_overwrite_their_inputs(tmp_path, capsys):
    trf = tmp_path / "t.trf"
    trf.write_text(example_text("dubov-example-after-round3.trf"))
    before = trf.read_bytes()
    assert main(["check", str(trf), "--trace", str(trf)]) == 5
    assert main(["replay", str(trf), "--explain", str(trf)]) == 5
    assert trf.read_bytes() == before


def test_two_outputs_to_one_file_are_an_invalid_request(tmp_path):
    out = tmp_path / "x.md"
    with pytest.raises(SystemExit) as info:
        main(["pair", "--example", "--report", str(out), "--trace", str(out)])
    assert info.value.code == 3 and not out.exists()


def test_devices_are_written_directly(capsys):
    assert main(["pair", "--example", "-o", os.devnull]) == 0


# ----------------------------------------------------------------- limits up front


def _pab_file(tmp_path) -> Path:
    path = tmp_path / "pab.trf"
    text = example_text(EXAMPLE).replace("XXR 5", "XXR 5\nXXS PAB=0.125")
    path.write_text(text)
    return path


def test_points_the_trf_cannot_hold_are_a_size_limit_before_any_work(tmp_path, capsys):
    path = _pab_file(tmp_path)
    trace, entered = tmp_path / "t.json", tmp_path / "r4.trf"
    code = main(["pair", str(path), "--lenient", "--write-trf", str(entered), "--trace",
                 str(trace)])
    err = capsys.readouterr().err
    assert code == 4, err
    assert "PAB = 0.125) would make" in err and "cannot hold" in err
    assert f"{path}:11:81:" in err
    assert not entered.exists() and not trace.exists()
    # pairing without writing a TRF needs no points field: it still pairs
    assert main(["pair", str(path), "--lenient"]) == 0


def test_generate_refuses_a_scoring_the_trf_cannot_hold(tmp_path, capsys):
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PABPoints = 0.125\n")
    out = tmp_path / "g.trf"
    assert main(["generate", "--config", str(cfg), "--players", "6", "--rounds", "2",
                 "--seed", "1", "-o", str(out)]) == 4
    assert "holds one decimal" in capsys.readouterr().err and not out.exists()


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path, monkeypatch, capsys):
    import dubov_explain.trf.reader as reader

    monkeypatch.setattr(reader, "MAX_INPUT_BYTES", 1000)
    path = tmp_path / "t.trf"
    path.write_text(example_text(EXAMPLE))
    assert main(["pair", str(path)]) == 4
    assert "bytes is over the size limit" in capsys.readouterr().err


def test_dev_zero_is_refused_with_exit_4():
    done = _run("pair", "/dev/zero", timeout=60)
    assert done.returncode == 4
    assert b"over the size limit" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize("pattern", ["x-{seed:c}.trf", "x-{i:>1000000000}.trf", "x-{i!r}.trf",
                                     "x-{i:{seed}}.trf", "x-{i:,}.trf", "x-{i:999d}.trf"])
def test_generate_patterns_take_only_a_width(tmp_path, capsys, pattern):
    assert main(["generate", "--players", "6", "--rounds", "2", "--seed", "1", "-o",
                 str(tmp_path / pattern)]) == 3
    assert "is not allowed" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_generate_patterns_with_a_width_work(tmp_path, capsys):
    assert main(["generate", "--players", "6", "--rounds", "2", "--seed", "7", "--count", "2",
                 "-j", "1", "-o", str(tmp_path / "g-{i:03d}-{seed:4}.trf")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g-001-   7.trf", "g-002-   8.trf"]
