"""The text of the Dubov 2026 articles (``text/dubov-2026.txt``, laid out as the 2025 text
so that Dubov 2025's splitter reads it), for showing "the article at hand"."""

from __future__ import annotations

from functools import lru_cache

from ..dubov2025.articles import _with_children, split_articles
from ..texts import citation_lookup, rule_text


@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    """Article number (and ``C1``..``C10``) -> its text, items included."""
    return split_articles(rule_text(__package__, "dubov-2026.txt"))


article_refs, article_text = citation_lookup(
    articles, r"GHR \d+(?:\.\d+)*|\d+(?:\.\d+)+|\d+|C\d+", shown=_with_children)
