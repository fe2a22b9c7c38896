"""The text of the 1992 rating-based articles (``text/swiss-rating-1992.txt``), for "the
article at hand".

The text's layout: an article number at the start of a line (``A.1 Rating``, ``C.7  Apply
...``, ``F.10 F.10 In order ...``), lettered items `` a.`` (A.2, A.7, B.1, B.2) and, in
D.1, numbered ones.  Items are keyed ``A.7.a``.  Text only: no rule logic lives here; the
lookup of a citation (each number it names, the nearest enclosing article when the number
itself has no text) is the shared one of ``rulebooks/texts.py``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..texts import Lettered, citation_lookup, lettered_articles, rule_text

#: ``A.1 Rating`` opens an article, ``a.`` an item of A or B, ``C. Pairing procedure`` a
#: section (closing the article before it)
NUMBERING = Lettered(
    article=re.compile(r"^([A-F])\.(\d+)\b\s*(.*)$"), section=re.compile(r"^[A-F]\. [A-Z]"),
    item=re.compile(r"^([a-h])\.\s+(.*)$"), item_sections="AB",
    item_head=lambda m, line: line, head_in_article=True)


@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    text = rule_text(__package__, "swiss-rating-1992.txt")
    return lettered_articles(text[text.index("A. Introductory Remarks and Definitions \n\nA.1"):],
                             NUMBERING)


article_refs, article_text = citation_lookup(articles, r"[A-F]\.?\d+(?:\.[a-h])?",
                                             letters="A-F")
