"""The house's one-way flow, read from the imports (see ARCHITECTURE.md and
``python tests/architecture.py``)."""

from __future__ import annotations

from architecture import RULE_TOKEN, graph, rule_tokens_in_page_shells, rule_tokens_outside_rulebooks

#: room -> rooms it must never import (the flow: trf -> tournament -> rulebooks -> trace
#: -> explain -> render -> app/cli)
FORBIDDEN = {
    "tournament": {"rulebooks", "trace", "explain", "render", "simulate", "app", "cli", "trf"},
    "trace": {"rulebooks", "tournament", "explain", "render", "simulate", "app", "cli", "trf"},
    "matching": {"rulebooks", "tournament", "trace", "explain", "render", "simulate", "app", "cli"},
    "trf": {"rulebooks", "trace", "explain", "render", "simulate", "app", "cli"},
    "rulebooks": {"explain", "simulate", "app", "cli"},
    "explain": {"app", "cli", "render"},
    "render": {"app", "cli", "simulate"},
}


def test_imports_flow_one_way():
    g = graph()
    assert g, "the import graph is empty: the scanner is broken"
    assert "matching" in g["rulebooks"] and "rulebooks" in g["cli"] or "app" in g["cli"]
    wrong = {room: sorted(g.get(room, set()) & bad) for room, bad in FORBIDDEN.items()}
    assert not any(wrong.values()), wrong


def test_no_rule_is_named_outside_the_rulebooks():
    """No package module outside rulebooks/ names an article or criterion in its code, and
    no page shell in templates/ does: each rule has one home, its rulebook."""
    assert rule_tokens_outside_rulebooks() == []
    assert rule_tokens_in_page_shells() == []


def test_the_rule_token_scanner_sees_what_it_must():
    found = [m.group(0) for m in RULE_TOKEN.finditer('"[C4]" "2.1.3" code C10 and 1.0 but 12.5')]
    assert found == ["[C4]", "2.1.3", "C10", "1.0"]  # 1.0 is dropped later: no article
    # a tie-break's Cut-1 modifier (C.07 Article 14) is no criterion
    assert [m.group(0) for m in RULE_TOKEN.finditer('"BH/C1,BH" but C1')] == ["C1"]
