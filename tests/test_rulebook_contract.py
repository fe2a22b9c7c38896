"""The Rulebook contract: a rulebook class is checked when it is defined.

A hook left abstract, an identity not stated in the class's own body, a missing text file or
a template that lacks a macro the renderers call fails at once, with the rulebook's name
and what it lacks; an edition (a subclass of a rulebook) inherits every hook and template
its text does not change.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dubov_explain.rulebooks import RULEBOOKS, find_rulebook
from dubov_explain.rulebooks.base import (TEMPLATE_MACROS, ModuleRulebook, Rulebook,
                                          RulebookError, hooks, module_problems,
                                          rulebook_problems)
from dubov_explain.rulebooks.dubov2025 import Dubov2025
from dubov_explain.rulebooks.dubov2025.readings import Readings
from dubov_explain.rulebooks.dutch2012 import Dutch2012

ROOT = Path(__file__).resolve().parent.parent


def test_the_hooks_are_the_abstract_methods_of_the_base():
    assert {"pair", "standings", "request_problems", "absolute_test", "analyse_departures",
            "board_order", "article_numbers", "article_text", "decisions", "report_events",
            "decision_key", "verdict_article", "read_parting", "player_round", "bracket_of",
            "step_states", "step_changes", "report_sheet"} == set(hooks())


def test_a_rulebook_missing_a_hook_fails_at_registration_naming_it():
    with pytest.raises(RulebookError) as err:
        class Lacking(Rulebook):  # noqa: F841 - defining it is the test
            name = "lacking-2099"
            title = "A text with no procedure"
            edition = "never"
            family = "lacking"
            text = "dubov-2025.txt"
            readings_type = Readings

            def standings(self, t, round_no=None, readings=None):
                return None
    msg = str(err.value)
    assert "lacking-2099" in msg and "Lacking" in msg
    # every hook it lacks is named, the one it has is not
    for hook in hooks():
        if hook != "standings":
            assert re.search(rf"\b{hook}\b", msg), hook
    assert "standings" not in msg.split("lacks the hooks", 1)[1].split(";")[0]


def test_an_empty_rulebook_fails_with_every_part_of_the_contract():
    with pytest.raises(RulebookError) as err:
        class Empty(Rulebook):  # noqa: F841
            pass
    msg = str(err.value)
    assert "Empty" in msg and "lacks the hooks pair" not in msg  # the list starts with standings
    assert "does not state its own name, title, edition, family, text" in msg
    assert "has no readings_type" in msg


def test_an_edition_with_a_template_missing_a_macro_fails_naming_it(tmp_path, monkeypatch):
    # an edition of Dubov 2025 whose own events template lacks the macro `sentence`
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "events.md.j2").write_text(
        "{% macro event(e, v) %}{% endmacro %}\n{% macro bye_bar(k, r, c) %}{% endmacro %}\n")

    class Probe(Dubov2025, abstract=True):
        @classmethod
        def folder(cls):
            return tmp_path if cls.__name__ == "Broken" else super().folder()

    class Broken(Probe, abstract=True):
        name = "dubov-2099"
        title = "t"
        edition = "e"
        family = "dubov"
        text = "none.txt"

    problems = rulebook_problems(Broken)
    assert "has no macro sentence in events.md.j2" in problems
    assert any("has no text file" in p for p in problems)
    # the other templates come from the family's folder: nothing else is missing
    assert len(problems) == 2, problems
    with pytest.raises(RulebookError, match=r"rulebook dubov-2099 .*Broken.* has no macro "
                                            r"sentence in events\.md\.j2"):
        type("Broken2", (Broken,), {"name": "dubov-2099"})


def test_an_edition_inherits_hooks_and_templates_and_states_its_identity():
    sr = find_rulebook("swiss-rating-1992")
    assert isinstance(sr, Dutch2012)
    # its own folder first, its family's after: a template it does not have is the family's
    folders = type(sr).template_folders()
    assert folders[0].parent.name == "swiss_rating1992" and folders[1].parent.name == "dutch2012"
    # its own procedure and review; where its text words a thing as the 2012 text does,
    # its review has the Dutch one's function (decisions, the step page, the board order)
    dutch = find_rulebook("dutch-2012")
    for accessor in ("procedure", "review"):
        assert getattr(sr, accessor)() is not getattr(dutch, accessor)(), accessor
    for fn in ("decisions", "step_states", "step_changes", "decision_key", "bracket_of",
               "player_round", "board_order"):
        assert getattr(sr.review(), fn) is getattr(dutch.review(), fn), fn
    for fn in ("verdict_article", "read_parting", "article_text", "absolute_test"):
        assert getattr(sr.review(), fn) is not getattr(dutch.review(), fn), fn


def test_the_registry_loads_each_rulebook_under_its_own_name():
    from dubov_explain.rulebooks import _LOADERS

    from dubov_explain.rulebooks import _FAMILY_OF

    assert list(_FAMILY_OF) == list(_LOADERS)
    for name, load in _LOADERS.items():
        assert load().name == name and find_rulebook(name).name == name
        assert load().family == _FAMILY_OF[name], name
    assert list(RULEBOOKS)[:len(_LOADERS)] == list(_LOADERS)


def test_a_plain_pair_imports_only_the_rulebook_it_uses():
    import subprocess
    import sys

    code = ("import sys; from dubov_explain.cli import main; "
            "main(['pair', '--example', '--system', 'dubov-2025']); "
            "print(sorted({m.split('.')[2] for m in sys.modules "
            "if m.startswith('dubov_explain.rulebooks.') and m.count('.') >= 2}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    loaded = out.stdout.strip().splitlines()[-1]
    # the example's 092 names the Dubov family: its editions' words are read (dubov1997 is
    # loaded for that), no other family's package is
    for other in ("dutch2012", "dutch2026", "swiss_rating1992"):
        assert other not in loaded, loaded


def test_every_registered_rulebook_keeps_the_contract():
    for name, book in RULEBOOKS.items():
        assert rulebook_problems(type(book)) == [], name
        assert book.text_path().is_file()
        if isinstance(book, ModuleRulebook):
            assert module_problems(book) == [], name


def test_a_module_rulebook_whose_module_lacks_a_function_is_named():
    import types

    class Hollow(ModuleRulebook):
        name = "hollow-2099"
        title = "t"
        edition = "e"
        family = "hollow"
        text = "dubov-2025.txt"
        readings_type = Readings

        @classmethod
        def folder(cls):
            return Dubov2025.folder()

        def procedure(self):
            return types.ModuleType("hollow.engine")

        def review(self):
            return find_rulebook("dubov-2025").review()

    assert module_problems(Hollow()) == [
        "rulebook hollow-2099: its procedure module hollow.engine lacks pair_round, "
        "compute_standings, request_problems"]


def test_a_module_rulebook_without_its_accessors_fails_at_registration():
    with pytest.raises(RulebookError, match=r"rulebook nothing-2099 .* lacks the hooks "
                                            r"procedure, review"):
        class Nothing(ModuleRulebook):  # noqa: F841
            name = "nothing-2099"
            title = "t"
            edition = "e"
            family = "nothing"
            text = "dubov-2025.txt"
            readings_type = Readings

            @classmethod
            def folder(cls):
                return Dubov2025.folder()


def test_the_template_interface_is_what_the_renderers_call():
    """Every ``W.x``/``E.x``/``R.x`` a page shell calls on a rulebook template is listed in
    TEMPLATE_MACROS, so the check at registration covers what the renderers need."""
    listed = {m for ms in TEMPLATE_MACROS.values() for m in ms}
    called = set()
    for f in (ROOT / "templates").glob("*.j2"):
        text = f.read_text(encoding="utf-8")
        aliases = dict(re.findall(r'import ([^%]*?) as (\w+)', text))
        for alias in {a for src, a in aliases.items() if "system" in src or "events" in src}:
            called |= set(re.findall(rf"\b{alias}\.(\w+)", text))
    assert called and called <= listed, called - listed


def test_no_string_dispatch_of_the_protocol():
    for f in (ROOT / "dubov_explain" / "rulebooks").rglob("*.py"):
        assert "import_module" not in f.read_text(encoding="utf-8"), f
