"""The text of the 1997 articles, for showing "the article at hand" beside a decision.

``text/dubov-1997.txt`` (a copy of ``shared/rules/dubov-1997.txt``) is split at its
numbers: the chapters ``1``-``9`` and the articles ``2.1``-``2.6``, ``6.1``-``6.4``,
``7.1``-``7.4``, ``8.1``-``8.2``.  Text only, no rule logic.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

_NUM = re.compile(r"^(\d(?:\.\d)?)\.? \|\s*$")

EXTERNAL = {
    "GHR 3.6": "General Handling Rules for Swiss Tournaments, 3.6, the order of the boards "
    "(not part of the 1997 text, which gives none).",
}


@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    """Article number -> its text."""
    text = (resources.files(__package__) / "text" / "dubov-1997.txt").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    current: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        m = _NUM.match(line)
        if m:
            current = m.group(1)
            out[current] = []
            continue
        if current is None or line in ("|", ""):
            continue
        out[current].append(line.rstrip("|").strip())
    return {k: f"{k} " + "\n".join(x for x in v if x) for k, v in out.items()}


def article_refs(cited: str) -> list[str]:
    refs: list[str] = []
    for tok in re.findall(r"GHR \d+(?:\.\d+)*|\d+(?:\.\d+)?", cited):
        if tok not in refs:
            refs.append(tok)
    return refs


def article_text(cited: str) -> list[tuple[str, str]]:
    table = articles()
    out = []
    for ref in article_refs(cited):
        if ref in EXTERNAL:
            out.append((ref, EXTERNAL[ref]))
            continue
        key = ref
        while key not in table and "." in key:
            key = key.rsplit(".", 1)[0]
        if key in table and all(k != key for k, _ in out):
            out.append((key, table[key]))
    return out
