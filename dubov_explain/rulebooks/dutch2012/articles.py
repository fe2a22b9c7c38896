"""The text of the Dutch 2012 articles (``text/dutch-2012.txt``), for "the article at hand".

The text's own layout: a letter section (``A``...``E``), an article number on its own line
(``A.7``, ``B.1``, ``C.10``, ``D1.1``) or a title line (``C.1 Incompatible player``), then
lettered items (``a``, ``b``...) each on its own line.  Items are keyed ``A.7.a``; ``D1.1``
is also known as ``D.1.1``.  Text only: no rule logic lives here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..texts import Lettered, citation_lookup, lettered_articles, rule_text

#: ``A.7`` or ``C.1 Incompatible player`` (a title, short, capitalised) opens an article;
#: a lone letter an item of A-C; the site's footer ends the text
NUMBERING = Lettered(
    article=re.compile(r"^([A-E])\.?(\d+(?:\.\d+)?)\b\s*(.*)$"),
    opens=lambda m, line: (m.group(3) == "" or m.group(3)[:1].isupper()) and len(line) < 60,
    item=re.compile(r"^([a-h])$"), item_sections="ABC", item_head=lambda m, line: f"{m.group(1)})",
    stop=("banner", "facebook", "©"))


@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    return lettered_articles(rule_text(__package__, "dutch-2012.txt"), NUMBERING)


article_refs, article_text = citation_lookup(
    articles, r"GHR \d+(?:\.\d+)*|[A-E]\.?\d+(?:\.\d+)?(?:\.[a-h])?", letters="A-E")
