"""Every doctest of the package runs, and passes.

pytest is not run with ``--doctest-modules``, so without this file the examples in the
docstrings (``explain/compare.py``, ``rulebooks/dubov2025/engine.py`` ``pair_round``,
``order.py``...) were never executed and could rot unseen.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import dubov_explain

#: every module of the package but ``__main__``, whose import runs the command line
MODULES = sorted(
    m.name for m in pkgutil.walk_packages(dubov_explain.__path__, dubov_explain.__name__ + ".")
    if not m.name.endswith(".__main__")
)
#: modules known to hold doctests, and at least how many examples each runs: a doctest
#: that silently stops being collected (a renamed module, a broken docstring) fails here
KNOWN = {
    "dubov_explain.explain.compare": 3,
    "dubov_explain.rulebooks.dubov2025.engine": 3,
    "dubov_explain.rulebooks.dubov2025.order": 5,
    "dubov_explain.rulebooks.dubov2025.decisions": 5,
}


def test_the_walk_finds_the_package():
    assert set(KNOWN) <= set(MODULES)
    assert "dubov_explain.__main__" not in MODULES
    assert "dubov_explain.cli" in MODULES and len(MODULES) > 20


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} doctest example(s) of {name} failed (see above)"
    assert result.attempted >= KNOWN.get(name, 0), (
        f"{name}: {result.attempted} doctest examples ran, expected at least {KNOWN[name]}")
