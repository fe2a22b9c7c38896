"""``--dask``: replay, generate and the corpus benchmark on Dask distributed give the same
bytes in the same order as ``-j N``; Dask is imported only when asked; a missing install
or an unreachable scheduler is one line and a defined exit code, never a traceback.

The LocalCluster tests need the ``dask`` extra (``pip install -e ".[test]"`` brings it:
the test extra lists distributed, ~9 s and ~40 MB more).  Without it they skip, except
under CI (the ``CI`` environment variable), where a skip would hide a missing install.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from dubov_explain import batch, cli
from dubov_explain.errors import EXIT_FILE, EXIT_INVALID_INPUT
from dubov_explain.simulate import simulate
from dubov_explain.trf.writer import write_trf

ROOT = Path(__file__).resolve().parents[1]

try:
    import distributed  # noqa: F401
    HAVE_DASK = True
except ImportError:
    HAVE_DASK = False


def needs_dask():
    if HAVE_DASK:
        return
    if os.environ.get("CI"):
        pytest.fail("CI is set but Dask distributed is missing (the test extra lists it)")
    pytest.skip("Dask distributed is not installed (pip install -e '.[test]')")


def _run(args, cwd):
    """The command line in a fresh process: what a user sees, stdout and stderr."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "dubov_explain", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_local_cluster_of_two_workers_is_byte_identical_to_two_processes(tmp_path):
    """generate --count then replay (with --explain and a differing file, so that the
    child-process path of the time budget runs too): files, stdout and stderr the same."""
    needs_dask()
    from test_replay import _tampered

    runs = {}
    for name, extra in (("pool", []), ("dask", ["--dask", "local"])):
        out = tmp_path / name
        out.mkdir()
        gen = _run(["generate", "--players", "7-30", "--rounds", "4-7", "--seed", "11",
                    "--count", "5", "-o", str(out / "t-{i}.trf"), "-j", "2", *extra], tmp_path)
        assert gen.returncode == 0, gen.stderr
        (out / "t-9-tampered.trf").write_text(write_trf(_tampered()), encoding="utf-8")
        files = _files(out)
        rep = _run(["replay", *sorted(str(p) for p in out.iterdir()), "-j", "2",
                    "--explain", "-", *extra], tmp_path)
        assert rep.returncode == 0, rep.stderr
        runs[name] = (files, gen.stdout, gen.stderr, rep.stdout.replace(name, "X"),
                      rep.stderr.replace(name, "X"))
    pool, dask = runs["pool"], runs["dask"]
    assert len(pool[0]) == 6 and all(len(b) > 200 for b in pool[0].values())
    assert dask[0] == pool[0]  # every generated file, byte for byte
    assert dask[1:] == pool[1:]  # stdout and stderr of both commands
    assert "Checker pairings" in pool[3]  # the tampered file differs: an explained round
    assert "legal but different" in pool[4] and "replay: 6 file(s)" in pool[4]


def test_results_come_back_in_item_order_whatever_finishes_first():
    needs_dask()
    import time

    # the first item is the slowest: a map in completion order would put it last
    slow_first = lambda x: (time.sleep(1.0 if x == 0 else 0.0), x * x)[1]  # noqa: E731
    assert list(batch.parallel_map(slow_first, range(12), 2, dask="local")) == \
        [x * x for x in range(12)]


def test_a_budgeted_task_runs_in_a_main_thread_on_dask():
    """The explanation budget is a SIGALRM timer: it needs a main thread, which a Dask
    worker does not give its tasks; main_thread=True runs them in a child process."""
    needs_dask()
    import threading

    where = lambda x: (x, threading.current_thread() is threading.main_thread())  # noqa: E731
    assert list(batch.parallel_map(where, range(3), 2, dask="local", main_thread=True)) == \
        [(0, True), (1, True), (2, True)]
    assert list(batch.parallel_map(where, range(3), 2, dask="local")) == \
        [(0, False), (1, False), (2, False)]


def test_a_task_error_is_raised_as_with_the_process_pool():
    needs_dask()

    def boom(x):
        if x == 2:
            raise ValueError("item two")
        return x

    for main_thread in (False, True):
        with pytest.raises(ValueError, match="item two"):
            list(batch.parallel_map(boom, range(4), 2, dask="local", main_thread=main_thread))


def test_an_unreachable_scheduler_is_one_line_and_exit_5(tmp_path, capsys, monkeypatch):
    needs_dask()
    monkeypatch.setattr(batch, "CONNECT_TIMEOUT", 1.0)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = cli.main(["generate", "--players", "8", "--rounds", "3", "--seed", "1",
                     "--count", "2", "-o", str(tmp_path / "g.trf"),
                     "--dask", f"tcp://127.0.0.1:{port}"])
    err = capsys.readouterr().err
    assert code == EXIT_FILE == 5
    assert err.splitlines()[-1].startswith(f"--dask tcp://127.0.0.1:{port}: cannot reach "
                                           "the scheduler (")
    assert "Traceback" not in err and list(tmp_path.iterdir()) == []


def test_without_dask_installed_the_error_says_what_to_install(tmp_path, capsys, monkeypatch):
    """Runs everywhere: distributed is made unimportable."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    path = tmp_path / "t.trf"
    path.write_text(write_trf(simulate(8, 3, 1).tournament), encoding="utf-8")
    for argv in (["replay", str(path), "--dask", "local"],
                 ["generate", "--players", "8", "--rounds", "3", "--seed", "1", "--count",
                  "2", "-o", str(tmp_path / "g.trf"), "--dask", "tcp://scheduler:8786"]):
        assert cli.main(argv) == EXIT_INVALID_INPUT == 3
        out, err = capsys.readouterr()
        assert out == ""
        last = err.splitlines()[-1]
        assert last.startswith(f"--dask {argv[-1]}: Dask distributed is not installed")
        assert "install dubov-explain[dask]" in last and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.trf"]  # nothing generated


def test_a_bad_scheduler_address_is_an_invalid_request(tmp_path, capsys):
    path = tmp_path / "t.trf"
    path.write_text(write_trf(simulate(8, 3, 1).tournament), encoding="utf-8")
    assert cli.main(["replay", str(path), "--dask", "scheduler"]) == EXIT_INVALID_INPUT
    err = capsys.readouterr().err
    assert err.splitlines() == ["--dask scheduler: not a scheduler address: give "
                                "tcp://HOST:PORT (e.g. tcp://scheduler:8786) or 'local'"]


def test_batches_without_dask_do_not_import_it(tmp_path):
    """The process pool stays the default: a generate and a replay batch on two processes
    load neither dask nor distributed (a plain `pair`: tests/test_cli.py)."""
    code = ("import sys; from dubov_explain.cli import main; "
            "a = main(['generate', '--players', '8', '--rounds', '3', '--seed', '1', "
            "'--count', '2', '-o', 'g.trf', '-j', '2']); "
            "b = main(['replay', 'g-1.trf', 'g-2.trf', '-j', '2']); "
            "print(a, b, sorted(m for m in ('dask', 'distributed') if m in sys.modules), "
            "file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          check=True)
    assert done.stderr.strip().splitlines()[-1] == "0 0 []"
    assert done.stdout.splitlines() == ["g-1: Round #1", "g-1: Round #2", "g-1: Round #3",
                                        "g-2: Round #1", "g-2: Round #2", "g-2: Round #3"]


def test_the_corpus_benchmark_gives_the_same_figures_on_dask(tmp_path):
    """benchmarks/replay_corpus.py --dask local: its function lives in the script's
    __main__, which reaches the workers by value; every count the same as --jobs 2."""
    needs_dask()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    outs = []
    for extra in ([], ["--dask", "local"]):
        done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "replay_corpus.py"),
                               "--count", "4", "--players", "6-24", "--rounds", "4-6",
                               "--jobs", "2", *extra], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout.splitlines())
    counts = [[line for line in out if not line.startswith(("time ", "throughput "))]
              for out in outs]
    assert counts[0] == counts[1] and counts[0][0].startswith("tournaments         4 ")
    assert "on Dask local (2 workers)" in outs[1][-2]
    assert "rounds replayed     0" not in counts[0]
