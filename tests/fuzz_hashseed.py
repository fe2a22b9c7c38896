"""The same bytes under two hash seeds (issue 28): run every command on a sample of fuzzed
files in two processes with different ``PYTHONHASHSEED`` values and compare, command by
command, the exit code, stdout, stderr and every file written.

The fuzzer runs each command twice in one process, which cannot see an order that depends
on the hash seed (a set of strings iterated, ``hash()`` in a key): this script can.  The
sample comes from the long run (``DUBOV_FUZZ_SAVE=DIR``, see ``tests/test_fuzz.py``), or any
directory of TRF files::

    DUBOV_FUZZ_SAVE=/tmp/sample DUBOV_FUZZ_SYSTEM=dutch-2017 DUBOV_FUZZ_EXAMPLES=4000 \\
        python -m pytest -s tests/test_fuzz.py -k every_rulebook
    python tests/fuzz_hashseed.py /tmp/sample --seeds 1 2

A file named ``SYSTEM-N.trf`` is run with ``--system SYSTEM``; other files with the rulebook
they name.  Prints the counts and each difference; exit 1 when one differs.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the most one command may take (seconds of CPU) before it is recorded as a hang
LIMIT = 20.0


def _commands(system: list[str]) -> list[list[str]]:
    """The commands of issue 28 on ``in.trf`` (relative names: the child runs in its own
    directory, the same name in both processes)."""
    return [
        ["pair", "in.trf", *system, "--write-trf", "next.trf", "--report", "round.md",
         "--step-through", "steps.html", "--trace", "trace.json"],
        ["pair", "in.trf", *system, "--report", "round.html", "--lenient"],
        ["check", "in.trf", *system],
        ["check", "next.trf", *system],
        ["explain", "in.trf", *system, "--player", "1", "--against", "2"],
        ["explain", "in.trf", *system, "--player", "3", "--format", "html"],
        ["standings", "in.trf", *system],
        ["replay", "in.trf", *system, "-j", "1", "--explain", "-"],
        ["result", "next.trf", "--results", "results.txt", "-o", "after.trf"],
        ["standings", "after.trf", *system],
    ]


class _Hang(BaseException):
    pass


def _run_one(argv: list[str]) -> tuple[int | str, str, str]:
    from dubov_explain import cli

    out, err = io.StringIO(), io.StringIO()

    def expired(signum, frame):
        raise _Hang()

    signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, LIMIT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: int | str = cli.main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 3
            except _Hang:
                code = "hang"
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return code, out.getvalue(), err.getvalue()


def child(files: list[str]) -> None:
    """Run the commands on every file; one JSON line per command on stdout: its digest."""
    from dubov_explain.rulebooks import RULEBOOKS

    real = sys.stdout
    work = Path(tempfile.mkdtemp(prefix="dubov-hashseed-"))
    try:
        for f in files:
            name = Path(f).stem
            system = name.rsplit("-", 1)[0]
            flag = ["--system", system] if system in RULEBOOKS else []
            for p in work.iterdir():
                p.unlink()
            shutil.copyfile(f, work / "in.trf")
            os.chdir(work)
            for i, argv in enumerate(_commands(flag)):
                if argv[0] == "result":  # as many results as the round has boards
                    boards = 0
                    if (work / "pairs.txt").exists():
                        boards = sum(1 for line in (work / "pairs.txt").read_text().splitlines()[1:]
                                     if not line.endswith(" 0"))
                    (work / "results.txt").write_text("1-0\n" * boards)
                before = {p.name for p in work.iterdir()}
                code, out, err = _run_one(argv)
                if os.environ.get("DUBOV_FUZZ_HASHSEED_PLANT"):  # the test's planted fault
                    out += str(hash(name))
                if i == 0 and code == 0:
                    (work / "pairs.txt").write_text(out)
                files_out = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                             for p in sorted(work.iterdir()) if p.name not in before
                             or p.name in ("next.trf", "after.trf", "trace.json")}
                digest = hashlib.sha256(json.dumps([code, out, err, files_out]).encode(
                    "utf-8", "surrogatepass")).hexdigest()
                real.write(json.dumps({"file": name, "command": i, "argv": argv[0],
                                       "code": code, "digest": digest}) + "\n")
                real.flush()
    finally:
        os.chdir(ROOT)
        shutil.rmtree(work, ignore_errors=True)


def compare(files: list[str], seeds: tuple[str, str],
            extra_env: dict[str, str] | None = None) -> tuple[Counter, list[str]]:
    """(exit codes of the commands compared, differences) of the two processes."""
    runs = []
    for s in seeds:
        env = dict(os.environ, PYTHONHASHSEED=s, PYTHONPATH=str(ROOT), **(extra_env or {}))
        env.pop("DUBOV_EXPLAIN_DEBUG", None)
        done = subprocess.run([sys.executable, __file__, "--child", *files], env=env,
                              capture_output=True, text=True, check=True)
        runs.append([json.loads(line) for line in done.stdout.splitlines()])
    a, b = runs
    assert len(a) == len(b), "the two processes ran a different number of commands"
    diffs = [f"{x['file']} command {x['command']} ({x['argv']}): exit {x['code']} / "
             f"{y['code']}" for x, y in zip(a, b) if x != y]
    return Counter((x["argv"], x["code"]) for x in a), diffs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="TRF files or directories of them")
    ap.add_argument("--seeds", nargs=2, default=["1", "2"], metavar="S",
                    help="the two PYTHONHASHSEED values (default 1 2)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    files = []
    for p in map(Path, args.paths):
        files += sorted(str(f) for f in p.glob("*.trf")) if p.is_dir() else [str(p)]
    if args.child:
        child(files)
        return 0
    codes, diffs = compare(files, tuple(args.seeds))
    print(f"hash seeds {args.seeds[0]} and {args.seeds[1]}: {len(files)} file(s), "
          f"{sum(codes.values())} command(s), {len(diffs)} difference(s)")
    print("  exit codes: " + ", ".join(f"{c} {k}: {n}" for (c, k), n in sorted(
        codes.items(), key=lambda i: (i[0][0], str(i[0][1])))))
    for d in diffs:
        print("  " + d)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
