"""The text of the 1997 articles, for showing "the article at hand" beside a decision.

``text/dubov-1997.txt`` (a copy of ``shared/rules/dubov-1997.txt``) is split at its
numbers: the chapters ``1``-``9`` and the articles ``2.1``-``2.6``, ``6.1``-``6.4``,
``7.1``-``7.4``, ``8.1``-``8.2``.  Text only, no rule logic.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from ..texts import cited_articles

_NUM = re.compile(r"^(\d(?:\.\d)?)\.? \|\s*$")



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
    """``[(number, text), ...]`` for every article a citation names that we have text for."""
    return cited_articles(articles(), article_refs(cited))
