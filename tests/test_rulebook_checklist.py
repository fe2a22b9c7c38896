"""ARCHITECTURE.md's checklist for a new rulebook, enforced.

:func:`checklist` lists, for a rulebook class, each item of the checklist it does not meet,
in the checklist's words and order: the contract of the base class (hooks, identity, text,
template macros), its place in the registry, the packaging of its folder, its golden cases
(with each named reading set in them), and its tests (golden, brute-force twin,
properties).  Every registered rulebook meets it; a deliberately empty rulebook fails every
item with a message that says what to add where.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from dubov_explain.rulebooks import DEFAULT_SYSTEM, _LOADERS, registered
from dubov_explain.rulebooks.base import Rulebook, rulebook_problems

ROOT = Path(__file__).resolve().parent.parent
#: the tests every rulebook has, by the word in their file name
TEST_KINDS = {"golden": "its golden snapshots", "bruteforce": "its brute-force literal twin",
              "properties": "its property tests"}


def golden_folder(name: str) -> Path:
    """``golden/<name>/``; the project's first rulebook's corpus (Dubov 2025's,
    ``DEFAULT_SYSTEM``) is ``golden/`` itself."""
    return ROOT / "golden" if name == DEFAULT_SYSTEM else ROOT / "golden" / name


def checklist(cls: type[Rulebook]) -> list[str]:
    """The checklist items ``cls`` does not meet (empty: it meets them all)."""
    out: list[str] = []
    name = vars(cls).get("name", "")
    # 1. the class: the contract of Rulebook, checked at definition
    out += [f"1. the class: {p}" for p in rulebook_problems(cls)]
    # 2. the registry
    if not any(load() is cls for load in _LOADERS.values()):
        out.append(f"2. the registry: {cls.__qualname__} is not in rulebooks/__init__.py's "
                   "_LOADERS (add a loader of its class there)")
    # 3. packaging: its own folder is a listed package with its text and templates as data
    package = cls.__module__
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    if package.startswith("dubov_explain.") and package not in config["packages"]:
        out.append(f"3. packaging: pyproject.toml's [tool.setuptools] packages lacks {package}")
    own = {"text": cls.folder() / "text", "templates": cls.folder() / "templates"}
    data = config.get("package-data", {}).get(package, [])
    for kind, folder in own.items():
        if folder.is_dir() and not any(d.startswith(f"{kind}/") for d in data):
            out.append(f"3. packaging: pyproject.toml's package-data for {package} lacks "
                       f"{kind}/* (its {kind} would be missing from an installed copy)")
    # 4. golden cases, and each named reading set in them
    if not name:
        out.append("4. golden: no name, so no golden/<name>/ folder")
    else:
        g = golden_folder(name)
        if not any((g / "cases").glob("*.trf")) or not any((g / "snapshots").glob("*")):
            out.append(f"4. golden: {g.relative_to(ROOT)}/ has no cases/*.trf or no snapshots/")
        else:
            # its README and case scripts, and the cases' own names and header lines
            words = "\n".join([f.read_text(encoding="utf-8") for f in g.iterdir()
                               if f.suffix in (".py", ".md")]
                              + [f.stem for f in (g / "cases").glob("*.trf")])
            readings = getattr(cls, "readings_type", None)
            for r in getattr(readings, "catalogue", ()):
                if not re.search(rf"\b{re.escape(r.name)}\b", words):
                    out.append(f"4. golden: the reading {r.name} is set in no case of "
                               f"{g.relative_to(ROOT)}/ (a case that tells its values apart)")
    # 5. tests: golden, a brute-force literal twin, properties
    tests = [f for f in (ROOT / "tests").glob("test_*.py")]
    for kind, what in TEST_KINDS.items():
        short = package.rsplit(".", 1)[-1]
        if not name or not any(kind in f.name and re.search(rf"\b({re.escape(name)}|{short})\b",
                                                            f.read_text(encoding="utf-8"))
                               for f in tests):
            out.append(f"5. tests: no tests/test_*{kind}*.py names {name or cls.__qualname__} "
                       f"({what})")
    return out


def test_every_registered_rulebook_meets_the_checklist():
    for book in registered():
        assert checklist(type(book)) == [], book.name


def test_an_empty_rulebook_fails_every_item_with_a_clear_message():
    class EmptyBook(Rulebook, abstract=True):
        pass

    got = checklist(EmptyBook)
    assert [item.split(":")[0] for item in got] == [
        "1. the class", "1. the class", "1. the class", "1. the class", "2. the registry",
        "4. golden",
        "5. tests", "5. tests", "5. tests"], got
    assert any("lacks the hooks standings, pair" in g for g in got)
    assert any("does not state its own name, title, edition, family, text" in g for g in got)
    assert "1. the class: has no templates folder" in got
    assert "2. the registry: test_an_empty_rulebook_fails_every_item_with_a_clear_message.<locals>." \
           "EmptyBook is not in rulebooks/__init__.py's _LOADERS (add a loader of its class there)" in got
    assert got[-1].startswith("5. tests: no tests/test_*properties*.py names")


def test_a_rulebook_whose_golden_folder_does_not_set_a_reading_is_named():
    from dubov_explain.rulebooks.dubov2025 import Dubov2025
    from dubov_explain.rulebooks.readings import Reading, Readings

    class MoreReadings(Readings):
        catalogue = Dubov2025.readings_type.catalogue + (
            Reading("never-cased", "1", "?", "a", {"a": "a", "b": "b"}),)

    class Edition(Dubov2025, abstract=True):
        name = "dubov-2025"
        readings_type = MoreReadings

    got = checklist(Edition)
    assert "4. golden: the reading never-cased is set in no case of golden/ (a case that " \
           "tells its values apart)" in got
