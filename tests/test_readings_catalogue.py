"""Readings validated: a reading or a value the package's code compares against must be one
its catalogue lists.

At run time :meth:`Readings.value` and :meth:`Readings.is_` raise ``NotInCatalogue`` for a
name or a value the catalogue does not list.  A branch that a test never takes would still
hide a misspelling, so this test also reads the package's source: every
``readings.is_("NAME", "VALUE")``, every ``readings.value("NAME")`` (alone, or compared with
``==``/``!=``/``in``/``not in`` to string literals) and every trace header's
``.readings.get("NAME") == "VALUE"`` is checked against the catalogue of the room it is
written in (a rulebook's own, the acceleration method's; the union of all elsewhere).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dubov_explain
from dubov_explain.rulebooks.readings import NotInCatalogue, Reading, Readings

PACKAGE = Path(dubov_explain.__file__).parent


def _catalogues() -> dict[str, tuple[Reading, ...]]:
    """Room (a folder under ``rulebooks/``) -> the catalogue its code reads."""
    from dubov_explain.rulebooks.acceleration import baku
    from dubov_explain.rulebooks.dubov1997 import readings as r1997
    from dubov_explain.rulebooks.dubov2025 import readings as r2025
    from dubov_explain.rulebooks.dutch2012 import readings as rdutch
    from dubov_explain.rulebooks.dutch2017 import readings as r2017
    from dubov_explain.rulebooks.dutch2026 import readings as r2026
    from dubov_explain.rulebooks.swiss_rating1992 import readings as r1992

    return {"dubov1997": r1997.CATALOGUE, "dubov2025": r2025.CATALOGUE,
            "dutch2012": rdutch.CATALOGUE, "swiss_rating1992": r1992.CATALOGUE,
            "dutch2026": r2026.CATALOGUE, "dutch2017": r2017.CATALOGUE,
            "acceleration": baku.CATALOGUE}


def _catalogue_for(path: Path, catalogues: dict) -> dict[str, Reading]:
    parts = path.relative_to(PACKAGE).parts
    if len(parts) > 2 and parts[0] == "rulebooks" and parts[1] in catalogues:
        return {r.name: r for r in catalogues[parts[1]]}
    # shared code (rulebooks/*.py, explain/, render/ ...): any rulebook's reading
    out: dict[str, Reading] = {}
    for cat in catalogues.values():
        for r in cat:
            known = out.setdefault(r.name, r)
            if known is not r:  # the same name in two catalogues: either's values
                out[r.name] = Reading(r.name, r.article, r.question, r.default,
                                      {**known.choices, **r.choices})
    return out


def _str(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _strings(node) -> list[str] | None:
    """The string literals of ``"x"`` or of a tuple/list/set of them; None otherwise."""
    one = _str(node)
    if one is not None:
        return [one]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        got = [_str(e) for e in node.elts]
        return None if any(g is None for g in got) else got
    return None


def _on_readings(call: ast.Call, method: str) -> bool:
    """``<...readings...>.method(...)``: a call on an object named for readings."""
    f = call.func
    return (isinstance(f, ast.Attribute) and f.attr == method
            and "readings" in ast.unparse(f.value).lower())


def uses(source: str) -> list[tuple[int, str, list[str]]]:
    """``(line, reading name, values compared with)`` for every use of a named reading in
    ``source`` that names it by a literal (values empty: the name alone)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and len(node.args) >= 1 and _str(node.args[0]):
            name = _str(node.args[0])
            if _on_readings(node, "is_") and len(node.args) == 2 and _str(node.args[1]):
                out.append((node.lineno, name, [_str(node.args[1])]))
            elif _on_readings(node, "value") and len(node.args) == 1:
                out.append((node.lineno, name, []))
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Call):
            call = node.left
            if not (len(call.args) == 1 and _str(call.args[0])):
                continue
            # readings.value("NAME") == "VALUE", or a trace header's readings.get(...)
            if not (_on_readings(call, "value") or _on_readings(call, "get")):
                continue
            for op, right in zip(node.ops, node.comparators):
                values = _strings(right)
                if values is not None and isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                    out.append((node.lineno, _str(call.args[0]), values))
    return out


def problems(path: Path, source: str, catalogue: dict[str, Reading]) -> list[str]:
    out = []
    for line, name, values in uses(source):
        where = f"{path.relative_to(PACKAGE.parent)}:{line}"
        if name not in catalogue:
            out.append(f"{where}: no reading {name!r} in the catalogue")
            continue
        for v in values:
            if v not in catalogue[name].choices:
                out.append(f"{where}: reading {name!r} has no value {v!r} "
                           f"(its values: {', '.join(catalogue[name].choices)})")
    return out


def test_every_reading_compared_in_the_package_is_in_its_catalogue():
    catalogues = _catalogues()
    found, bad = 0, []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        found += len(uses(source))
        bad += problems(path, source, _catalogue_for(path, catalogues))
    assert found > 50, f"the scan found only {found} uses of readings: is it still reading?"
    assert not bad, "\n".join(bad)


def test_the_scan_catches_a_misspelt_value_and_name():
    catalogue = {r.name: r for r in _catalogues()["dutch2012"]}
    source = (
        'a = readings.value("bye-bar") == "any-byes"\n'
        'b = self.readings.is_("bye-bar", "any-bye")\n'
        'c = self.readings.is_("bye-bars", "any-bye")\n'
        'd = readings.value("alternation") in ("by-round", "by-sequense")\n'
        'e = opened.readings.get("acceleration-board-order") != "reel"\n'
        'f = scoring.value("WW") == "x"\n'
    )
    got = problems(PACKAGE / "rulebooks" / "dutch2012" / "x.py", source, catalogue)
    assert [g.split(": ", 1)[0].rsplit(":", 1)[1] for g in got] == ["1", "3", "4", "5"], got
    assert "'any-byes'" in got[0] and "'bye-bars'" in got[1] and "'by-sequense'" in got[2]


def test_an_unlisted_name_or_value_raises_at_run_time():
    from dubov_explain.rulebooks.dutch2012.readings import DEFAULT

    assert DEFAULT.is_("bye-bar", DEFAULT.value("bye-bar"))
    with pytest.raises(NotInCatalogue, match="has no value 'typo'"):
        DEFAULT.is_("bye-bar", "typo")
    with pytest.raises(NotInCatalogue, match="has no reading 'bye-bars'"):
        DEFAULT.is_("bye-bars", "any-bye")
    with pytest.raises(NotInCatalogue, match="has no reading 'bye-bars'"):
        DEFAULT.value("bye-bars")
    assert issubclass(NotInCatalogue, KeyError)


def test_is_reads_the_value_in_force():
    class R(Readings):
        catalogue = (Reading("x", "1.1", "?", "a", {"a": "A", "b": "B"}),)

    assert R.from_pairs().is_("x", "a") and not R.from_pairs().is_("x", "b")
    assert R.from_pairs({"x": "b"}).is_("x", "b")
