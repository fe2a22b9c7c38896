"""Witnesses: other public Dubov engines run over the golden corpus (optional).

* **py4swiss** (PyPI, ``py4swiss -t FILE.trf -e dubov -p OUT.txt``): used when the
  ``py4swiss`` command is on the PATH or ``DUBOV_PY4SWISS`` names it; skipped otherwise.
  It is not a dependency of this project: install it in a throwaway virtual environment,
  e.g. ``python3 -m venv /tmp/p4s && /tmp/p4s/bin/pip install py4swiss`` and run
  ``DUBOV_PY4SWISS=/tmp/p4s/bin/py4swiss python -m pytest tests/test_witnesses.py``.
* py4swiss also **reads the files we write**: ``generate``'s and those of a tournament run
  from the command line (``pair --write-trf``, ``result``); it refuses a file without ranks
  ("No rank provided"), so this checks the rank column too.
* **CPPDubovSystem** (C++, built from source): its source is published only on GitHub,
  not on PyPI or in Debian, so it could not be built here; no test runs it.

The witnesses are known to deviate from the text in places.  The test does not decide
who is right: it demands that every disagreement on a golden case is written into that
case's notes (``### witness py4swiss: RESULT; analysis``, written from
``golden/notes.py``), and that the RESULT recorded there is what the witness still
answers -- so the notes cannot go stale silently.  A case on which the witness agrees
must not carry such a note.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from golden_ext import load_cases
from dubov_explain.records import replace
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.rulebooks.dubov2025 import events as ev
from dubov_explain.trf.reader import read_trf
from dubov_explain.trf.writer import write_trf

PY4SWISS = os.environ.get("DUBOV_PY4SWISS") or shutil.which("py4swiss")
CASES = load_cases()

pytestmark = pytest.mark.skipif(not PY4SWISS, reason="py4swiss is not installed (optional witness)")


def witness_input(path: Path, directory: Path) -> Path:
    """The case as py4swiss reads it: the rank field filled (py4swiss requires it; without
    XXC rank it does not use it) and XXP groups written as pairs (py4swiss reads XXP as one
    pair per record).  Neither changes what is to be paired."""
    t = read_trf(path)
    t = replace(
        t,
        players=tuple(replace(p, rank=p.rank or p.number) for p in t.players),
        forbidden=tuple(pair for group in t.forbidden for pair in combinations(group, 2)),
    )
    out = directory / path.name
    out.write_text(write_trf(t), encoding="utf-8")
    return out


def canonical(pairs, bye) -> str:
    text = " ".join(f"{w}-{b}" for w, b in sorted(pairs))
    return text + (f", bye {bye}" if bye is not None else "")


def run_py4swiss(path: Path, directory: Path) -> str:
    out = directory / (path.stem + ".pairs.txt")
    r = subprocess.run([PY4SWISS, "-t", str(witness_input(path, directory)), "-e", "dubov",
                        "-p", str(out)], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        last = (r.stderr or r.stdout).strip().splitlines()[-1:] or ["?"]
        if "can not be paired" in last[0]:
            return "no pairing"
        return "error: " + last[0]
    nums = [int(x) for x in out.read_text().split()]
    pairs = [(nums[1 + 2 * i], nums[2 + 2 * i]) for i in range(nums[0])]
    bye = next((w for w, b in pairs if b == 0), None)
    return canonical([p for p in pairs if p[1] != 0], bye)


def ours(path: Path) -> str:
    r = pair_round(read_trf(path)).result
    if isinstance(r, ev.Impossible):
        return "no pairing"
    return canonical(r.boards, r.bye)


@pytest.mark.parametrize("info", CASES, ids=[c.name for c in CASES])
def test_py4swiss_disagreements_are_examined_in_the_notes(info, tmp_path):
    theirs, mine = run_py4swiss(info.path, tmp_path), ours(info.path)
    notes = info.witnesses.get("py4swiss", ())
    if theirs == mine:
        assert not notes, f"py4swiss now agrees ({mine}); remove the witness note of {info.name}"
        return
    assert notes, (
        f"{info.name}: py4swiss pairs {theirs!r}, we pair {mine!r} (default readings); "
        "examine it against the text and write the verdict into golden/notes.py WITNESS"
    )
    recorded = notes[0].split(";", 1)[0].strip()
    assert recorded == theirs, f"{info.name}: the note records {recorded!r}, py4swiss now says {theirs!r}"


# ------------------------------------------------------------------ py4swiss reads our files


def _py4swiss_reads(path: Path, directory: Path) -> None:
    """py4swiss parses ``path`` and pairs its next round (exit 0, a pairing file written)."""
    out = directory / (path.stem + ".p4s.txt")
    r = subprocess.run([PY4SWISS, "-t", str(path), "-e", "dubov", "-p", str(out)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"{path.name}: {(r.stderr or r.stdout).strip()[-500:]}"
    nums = [int(x) for x in out.read_text().split()]
    assert nums and len(nums) == 1 + 2 * nums[0]


@pytest.mark.parametrize("seed, extra", [(11, ["--regular"]), (12, []), (13, [])])
def test_py4swiss_reads_generated_files(seed, extra, tmp_path, capsys):
    """``generate`` writes TRF(x) with every rank filled: py4swiss reads it (it refuses a
    file without ranks: "No rank provided")."""
    from dubov_explain.cli import main

    path = tmp_path / f"gen-{seed}.trf"
    assert main(["generate", "--players", "9-15", "--rounds", "3-6", "--seed", str(seed),
                 "-o", str(path), "-j", "1"] + extra) == 0
    capsys.readouterr()
    t = read_trf(path)
    assert all(p.rank for p in t.players)
    # the generated file is the complete tournament: cut it back to a request for its last
    # round so py4swiss has a round to pair
    last = t.rounds_with_games
    request = replace(t, players=tuple(
        replace(p, entries=p.entries[:last - 1],
                points=sum((t.scoring.points(e) for e in p.entries[:last - 1]), Fraction(0)))
        for p in t.players)).with_ranks()
    req = tmp_path / f"gen-{seed}-request.trf"
    req.write_text(write_trf(request), encoding="utf-8")
    _py4swiss_reads(req, tmp_path)


def test_py4swiss_reads_the_files_of_a_tournament_run_from_the_cli(tmp_path, capsys):
    """Every file ``result`` writes in the end-to-end tournament (the request for the next
    round) is read and paired by py4swiss."""
    from test_tournament_cli import ROUNDS, results_for, round1_request
    from dubov_explain.cli import main

    current = round1_request(tmp_path / "start.trf", "trfx")
    for r in range(1, ROUNDS):
        entered, pairs = tmp_path / f"r{r}-paired.trf", tmp_path / f"r{r}.pairs"
        done, results = tmp_path / f"r{r}-done.trf", tmp_path / f"r{r}.results"
        assert main(["pair", str(current), "--write-trf", str(entered), "-o", str(pairs)]) == 0
        lines = pairs.read_text().split()
        nums = [int(x) for x in lines[1:]]
        boards = [(w, b) for w, b in zip(nums[::2], nums[1::2]) if b != 0]
        results.write_text("\n".join(results_for(boards, r)) + "\n", encoding="utf-8")
        assert main(["result", str(entered), "--results", str(results), "-o", str(done)]) == 0
        capsys.readouterr()
        _py4swiss_reads(done, tmp_path)
        current = done
