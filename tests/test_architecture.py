"""The house's one-way flow, read from the imports (see ARCHITECTURE.md and
``python tests/architecture.py``)."""

from __future__ import annotations

from architecture import graph

#: room -> rooms it must never import (the flow: trf -> tournament -> rulebooks -> trace
#: -> explain -> render -> app/cli)
FORBIDDEN = {
    "tournament": {"rulebooks", "trace", "explain", "render", "simulate", "app", "cli", "trf"},
    "trace": {"rulebooks", "tournament", "explain", "render", "simulate", "app", "cli", "trf"},
    "matching": {"rulebooks", "tournament", "trace", "explain", "render", "simulate", "app", "cli"},
    "trf": {"rulebooks", "trace", "explain", "render", "simulate", "app", "cli"},
    "rulebooks": {"explain", "simulate", "app", "cli"},
    "explain": {"app", "cli"},
    "render": {"app", "cli", "simulate"},
}


def test_imports_flow_one_way():
    g = graph()
    assert g, "the import graph is empty: the scanner is broken"
    assert "matching" in g["rulebooks"] and "rulebooks" in g["cli"] or "app" in g["cli"]
    wrong = {room: sorted(g.get(room, set()) & bad) for room, bad in FORBIDDEN.items()}
    assert not any(wrong.values()), wrong
