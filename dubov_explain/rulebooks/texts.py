"""Looking up "the article at hand" in a rule text split by a rulebook's ``articles``.

Each rulebook splits its own text at its own numbers (the layouts differ); the lookup of a
citation is the same for all: each number it names, the nearest enclosing article when the
number itself has no text, and the articles of other documents the rulebooks cite.
"""

from __future__ import annotations

from typing import Callable

#: articles of other FIDE documents that rulebooks cite
EXTERNAL = {
    "GHR 3.6": "General Handling Rules for Swiss Tournaments (2026), 3.6, recommended order of "
    "the published boards: (1) higher score of the higher-ranked player of the pair; (2) higher "
    "sum of the two scores; (3) smaller pairing number of the higher-ranked player. (Not part "
    "of the rule text; summarised from shared/reference/swiss-general-rules.md.)",
}


def cited_articles(table: dict[str, str], refs: list[str],
                   shown: Callable[[dict[str, str], str], str] | None = None
                   ) -> list[tuple[str, str]]:
    """``[(number, text), ...]`` for each of ``refs`` (in order, once each) that ``table``
    or :data:`EXTERNAL` has text for; ``shown(table, key)`` may widen an article's text."""
    out: list[tuple[str, str]] = []
    for ref in refs:
        if ref in EXTERNAL:
            out.append((ref, EXTERNAL[ref]))
            continue
        key = ref
        while key not in table and "." in key:  # "4.2.3.3" -> "4.2.3"
            key = key.rsplit(".", 1)[0]
        if key in table and all(k != key for k, _ in out):
            out.append((key, shown(table, key) if shown else table[key]))
    return out
