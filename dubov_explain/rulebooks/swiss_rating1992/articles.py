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
from importlib import resources

from ..texts import cited_articles

_ART = re.compile(r"^([A-F])\.(\d+)\b\s*(.*)$")
_ITEM = re.compile(r"^([a-h])\.\s+(.*)$")


@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    text = (resources.files(__package__) / "text" / "swiss-rating-1992.txt").read_text(
        encoding="utf-8")
    body = text[text.index("A. Introductory Remarks and Definitions \n\nA.1"):]
    out: dict[str, list[str]] = {}
    current: str | None = None
    article: str | None = None
    for raw in body.splitlines():
        line = raw.strip()
        if not line:
            continue
        m = _ART.match(line)
        if m:
            current = article = f"{m.group(1)}.{m.group(2)}"
            out.setdefault(article, []).append(line)
            continue
        if re.match(r"^[A-F]\. [A-Z]", line):  # a section title
            current = article = None
            continue
        m = _ITEM.match(line)
        if m and article and article[0] in "AB":
            current = f"{article}.{m.group(1)}"
            out.setdefault(current, []).append(line)
            out[article].append(line)
            continue
        if current:
            out[current].append(line)
            if current != article and article:
                out[article].append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def article_refs(cited: str) -> list[str]:
    refs: list[str] = []
    for tok in re.findall(r"[A-F]\.?\d+(?:\.[a-h])?", cited):
        tok = re.sub(r"^([A-F])(\d)", r"\1.\2", tok)
        if tok not in refs:
            refs.append(tok)
    return refs


def article_text(cited: str) -> list[tuple[str, str]]:
    """``[(number, text), ...]`` for every article a citation names that we have text for."""
    return cited_articles(articles(), article_refs(cited))
