"""The templates and the rule text ship inside the package.

``templates/`` (top level: the page shells) installs as ``dubov_explain/templates`` through an
explicit package list and ``package-dir`` in ``pyproject.toml``; each rulebook's own
templates (the wording of its events) ship as that rulebook package's data.  These tests
keep those lists complete.  The
real proof, a non-editable install into a fresh virtual environment rendering from ``/``,
runs when ``DUBOV_INSTALL_TEST=1`` (it takes a while and needs the package index).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from dubov_explain.rulebooks import dubov2025, find_rulebook
from dubov_explain.rulebooks.dubov2025.articles import articles
from dubov_explain.render.env import environment, events_template, template_dirs

RULEBOOK = find_rulebook("dubov-2025")

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_subpackage_is_listed_in_pyproject():
    found = {
        ".".join(p.relative_to(ROOT).parts)
        for p in (ROOT / "dubov_explain").rglob("*")
        if p.is_dir() and p.name != "__pycache__" and any(p.glob("*.py"))
    } | {"dubov_explain"}
    missing = found - set(CONFIG["packages"])
    assert not missing, f"add {sorted(missing)} to [tool.setuptools] packages in pyproject.toml"


def test_templates_folder_is_installed_inside_the_package():
    assert CONFIG["package-dir"]["dubov_explain.templates"] == "templates"
    assert "dubov_explain.templates" in CONFIG["packages"]
    globs = CONFIG["package-data"]["dubov_explain.templates"]
    files = [p.name for p in (ROOT / "templates").iterdir() if p.is_file()]
    assert files
    for name in files:
        assert any(fnmatch(name, g) for g in globs), f"templates/{name} would not be installed"
    # every rulebook ships its text and its own templates
    for book in (ROOT / "dubov_explain" / "rulebooks").iterdir():
        pkg = f"dubov_explain.rulebooks.{book.name}"
        if book.is_dir() and (book / "text").is_dir():
            assert "text/*.txt" in CONFIG["package-data"][pkg], pkg
        if book.is_dir() and (book / "templates").is_dir():
            globs = CONFIG["package-data"][pkg]
            for f in (book / "templates").iterdir():
                assert any(fnmatch(f"templates/{f.name}", g) for g in globs), f"{pkg}: {f.name}"


def test_templates_and_rule_text_are_found():
    assert any(Path(d, "round.md.j2").is_file() for d in template_dirs())
    # the rulebook's event wording is found under the rulebook's name, from its own folder
    events = environment().get_template(events_template("dubov-2025"))
    assert Path(events.filename).parent == RULEBOOK.templates
    assert RULEBOOK.templates.parent == Path(dubov2025.__file__).resolve().parent
    a = articles()
    assert a["2.1.3"] == "2.1.3 has the lowest score"
    assert a["C7"].startswith("3.3.3 [C7] Minimise the number of players who do not get their colour")
    assert a["2.2.4.2"].startswith("2.2.4.2 Now, if the number of players in (the possibly new) G1")


@pytest.mark.skipif(
    not (os.environ.get("CI") or os.environ.get("DUBOV_INSTALL_TEST") == "1"),
    reason="does a real pip install; runs when CI is set or DUBOV_INSTALL_TEST=1",
)
def test_non_editable_install_renders_from_any_directory(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(ROOT)], check=True)
    out = tmp_path / "steps.html"
    subprocess.run([str(venv / "bin" / "dubov-explain"), "pair", "--example", "--step-through", str(out),
                    "--report", str(tmp_path / "r.html")], check=True, cwd="/")
    assert out.read_text().count('<section class="step"') == 28
    done = subprocess.run([str(venv / "bin" / "dubov-explain"), "explain", "--example", "--player", "1",
                           "--against", "6"], check=True, cwd="/", capture_output=True, text=True)
    assert "[C6]: upfloater set {4, 8}" in done.stdout
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import dubov_explain.render.env as e; print(e.template_dirs()); "
                            "print(e.environment().get_template(e.events_template()).filename)"],
                           check=True, cwd="/", capture_output=True, text=True).stdout
    assert "site-packages/dubov_explain/templates" in where and str(ROOT) not in where
    assert "site-packages/dubov_explain/rulebooks/dubov2025/templates/events.md.j2" in where
