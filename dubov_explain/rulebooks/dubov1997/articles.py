"""The text of the 1997 articles, for showing "the article at hand" beside a decision.

``text/dubov-1997.txt`` (a copy of ``shared/rules/dubov-1997.txt``) is split at its
numbers: the chapters ``1``-``9`` and the articles ``2.1``-``2.6``, ``6.1``-``6.4``,
``7.1``-``7.4``, ``8.1``-``8.2``.  Text only, no rule logic.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..texts import citation_lookup, rule_text

_NUM = re.compile(r"^(\d(?:\.\d)?)\.? \|\s*$")



@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    """Article number -> its text."""
    text = rule_text(__package__, "dubov-1997.txt")
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


article_refs, article_text = citation_lookup(articles, r"GHR \d+(?:\.\d+)*|\d+(?:\.\d+)?")
