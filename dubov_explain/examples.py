"""Example tournaments shipped inside the package (``dubov_explain/data/examples``)."""

from __future__ import annotations

from importlib import resources

from .tournament.model import Tournament

DEFAULT_EXAMPLE = "dubov-example-round4-request.trf"


def example_names() -> list[str]:
    root = resources.files("dubov_explain") / "data" / "examples"
    return sorted(p.name for p in root.iterdir() if p.name.endswith(".trf"))


def examples_dir() -> str | None:
    """The real path of the folder of the shipped examples (outputs never go there), or
    None when the package is not installed as files (a zip)."""
    import os

    root = resources.files("dubov_explain") / "data" / "examples"
    try:
        return os.path.realpath(os.fspath(root))  # type: ignore[arg-type]
    except TypeError:  # pragma: no cover - not a file system path
        return None


def example_text(name: str = DEFAULT_EXAMPLE) -> str:
    root = resources.files("dubov_explain") / "data" / "examples"
    return (root / name).read_text(encoding="utf-8")


def load_example(name: str = DEFAULT_EXAMPLE) -> Tournament:
    from .trf.reader import parse_trf

    return parse_trf(example_text(name), f"<example {name}>")
