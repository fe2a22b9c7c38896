"""Example tournaments shipped inside the package (``dubov_explain/data/examples``)."""

from __future__ import annotations

from importlib import resources

from .tournament.model import Tournament

DEFAULT_EXAMPLE = "dubov-example-round4-request.trf"


def example_names() -> list[str]:
    root = resources.files("dubov_explain") / "data" / "examples"
    return sorted(p.name for p in root.iterdir() if p.name.endswith(".trf"))


def example_text(name: str = DEFAULT_EXAMPLE) -> str:
    root = resources.files("dubov_explain") / "data" / "examples"
    return (root / name).read_text(encoding="utf-8")


def load_example(name: str = DEFAULT_EXAMPLE) -> Tournament:
    from .trf.reader import parse_trf

    return parse_trf(example_text(name), f"<example {name}>")
