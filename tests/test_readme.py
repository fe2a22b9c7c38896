"""The README's promise: two commands on a fresh machine.  Kept true by testing them.

* the test command in the README is the one `.ci/run` runs, word for word;
* the install-and-run command really installs the package and prints the pairing the
  README shows (run when CI is set, or DUBOV_INSTALL_TEST=1: it does a real pip install).
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def two_commands() -> tuple[str, str]:
    section = README.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    cmds = [line for line in section.splitlines() if line.startswith("python3 -m venv ")]
    assert len(cmds) == 2, cmds
    return cmds[0], cmds[1]


def test_ci_runs_the_readme_test_command():
    _, test_cmd = two_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_cmd in ci, f".ci/run must run the README's test command verbatim: {test_cmd}"
    assert ci[-1] == test_cmd  # last, so its exit status is the script's


def test_readme_shows_the_example_pairing():
    section = README.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    shown = section.split("```\n")[-2] if section.count("```") >= 4 else ""
    assert shown == "4\n4 1\n2 8\n6 9\n5 0\n"


@pytest.mark.skipif(
    not (os.environ.get("CI") or os.environ.get("DUBOV_INSTALL_TEST") == "1"),
    reason="does a real pip install; runs when CI is set or DUBOV_INSTALL_TEST=1",
)
def test_the_install_and_run_command_prints_the_readme_pairing(tmp_path):
    run_cmd, _ = two_commands()
    venv = re.match(r"python3 -m venv (\S+) ", run_cmd).group(1)
    cmd = run_cmd.replace(venv, str(tmp_path / "venv"))
    done = subprocess.run(["bash", "-c", cmd], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "4\n4 1\n2 8\n6 9\n5 0\n"


def api_example() -> str:
    """The README's Python example (the block that starts with ``>>> import dubov_explain``)."""
    start = ">>> import dubov_explain as d"
    block = README.split("```python\n" + start, 1)[1].split("```", 1)[0]
    return start + block


def test_the_api_example_runs_as_a_doctest(tmp_path, monkeypatch):
    """The README's API example uses the checked path and says what it prints; run in a
    folder with the worked example as t.trf and a finished copy (XXR 3) as finished.trf."""
    import doctest

    examples = ROOT / "dubov_explain" / "data" / "examples"
    (tmp_path / "t.trf").write_bytes((examples / "dubov-example-round4-request.trf").read_bytes())
    after = (examples / "dubov-example-after-round3.trf").read_text(encoding="utf-8")
    assert "\nXXR 5\n" in after
    (tmp_path / "finished.trf").write_text(after.replace("\nXXR 5\n", "\nXXR 3\n"),
                                           encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(api_example(), {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 10 and result.failed == 0


#: the README's runs of ``compare`` across editions of one family, on bundled golden rounds
EDITION_RUNS = [
    "dubov-explain compare golden/dutch-2017/cases/A9-pab-no-criterion.trf --system dutch-2017 --system dutch-2026",
    "dubov-explain compare golden/dubov-2026/cases/3.1.4-bye-most-games-played.trf --system dubov-1997 "
    "--system dubov-2026",
]


@pytest.mark.parametrize("command", EDITION_RUNS, ids=["dutch-2017:2026", "dubov-1997:2026"])
def test_the_readme_compare_across_editions_is_the_commands_output(command, capsys, monkeypatch):
    """The shown run of ``compare`` between two editions: the README's block after the
    ``$`` line is the command's whole output, byte for byte, and the two editions part (a
    board and the bye differ), which is what the section shows."""
    from dubov_explain.cli import main

    section = README.split("### Across editions", 1)[1].split("\n## ", 1)[0]
    shown = section.split(f"```\n$ {command}\n", 1)[1].split("```\n", 1)[0]
    monkeypatch.chdir(ROOT)
    assert main(command.split()[1:]) == 0
    out = capsys.readouterr().out
    assert shown == out
    assert "The pairings are the same." not in out and re.search(r"^  bye .* differs$", out, re.M)
