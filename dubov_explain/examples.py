"""Example tournaments shipped inside the package (``dubov_explain/data/examples``)."""

from __future__ import annotations

from .tournament.model import Tournament

DEFAULT_EXAMPLE = "dubov-example-round4-request.trf"


def example_names() -> list[str]:
    from importlib import resources

    root = resources.files("dubov_explain") / "data" / "examples"
    return sorted(p.name for p in root.iterdir() if p.name.endswith(".trf"))


def examples_dir() -> str | None:
    """The real path of the folder of the shipped examples (outputs never go there), or
    None when the package is not installed as files (a zip).

    Read from ``__file__``, not :mod:`importlib.resources`: for a package installed as
    files the two name the same folder, and this runs before every command that writes
    (importing ``importlib.resources`` and ``zipfile`` cost a plain ``pair`` 5 ms)."""
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    if not os.path.isdir(here):  # pragma: no cover - inside a zip: nothing to overwrite
        return None
    return os.path.realpath(os.path.join(here, "data", "examples"))


def example_text(name: str = DEFAULT_EXAMPLE) -> str:
    from importlib import resources

    root = resources.files("dubov_explain") / "data" / "examples"
    return (root / name).read_text(encoding="utf-8")


def load_example(name: str = DEFAULT_EXAMPLE) -> Tournament:
    from .trf.reader import parse_trf

    return parse_trf(example_text(name), f"<example {name}>")
