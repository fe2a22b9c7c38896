"""The text of the Dutch 2012 articles (``text/dutch-2012.txt``), for "the article at hand".

The text's own layout: a letter section (``A``...``E``), an article number on its own line
(``A.7``, ``B.1``, ``C.10``, ``D1.1``) or a title line (``C.1 Incompatible player``), then
lettered items (``a``, ``b``...) each on its own line.  Items are keyed ``A.7.a``; ``D1.1``
is also known as ``D.1.1``.  Text only: no rule logic lives here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

_ART = re.compile(r"^([A-E])\.?(\d+(?:\.\d+)?)\b\s*(.*)$")
_ITEM = re.compile(r"^([a-h])$")

EXTERNAL = {
    "GHR 3.6": "General Handling Rules for Swiss Tournaments (2026), 3.6, recommended order of "
    "the published boards: higher score of the higher-ranked player, then the sum of the "
    "scores, then the higher-ranked player's pairing number (not part of the 2012 Dutch text).",
}


@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    text = (resources.files(__package__) / "text" / "dutch-2012.txt").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    current: str | None = None
    article: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("banner") or line.startswith("facebook") or line.startswith("©"):
            break
        m = _ART.match(line)
        if m and (m.group(3) == "" or m.group(3)[:1].isupper()) and len(line) < 60:
            num = f"{m.group(1)}.{m.group(2)}"
            current = article = num
            out.setdefault(num, []).append(line)
            continue
        m = _ITEM.match(line)
        if m and article and article[0] in "ABC":
            current = f"{article}.{m.group(1)}"
            out.setdefault(current, []).append(f"{m.group(1)})")
            continue
        if current:
            out[current].append(line)
            if current != article and article:
                out[article].append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def article_refs(cited: str) -> list[str]:
    refs: list[str] = []
    for tok in re.findall(r"GHR \d+(?:\.\d+)*|[A-E]\.?\d+(?:\.\d+)?(?:\.[a-h])?", cited):
        tok = re.sub(r"^([A-E])(\d)", r"\1.\2", tok)
        if tok not in refs:
            refs.append(tok)
    return refs


def article_text(cited: str) -> list[tuple[str, str]]:
    table = articles()
    out: list[tuple[str, str]] = []
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
