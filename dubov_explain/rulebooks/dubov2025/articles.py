"""The text of the Dubov 2025 articles, for showing "the article at hand" next to a decision.

The law (``shared/rules/dubov-2025.txt``) is shipped as package data in
``dubov_explain/render/rules/``; this module splits it into numbered articles (``2.2.4``,
its items ``2.2.4.1`` / ``2.2.4.2``, the criteria ``[C1]``-``[C10]``) so a renderer can look up
the text an event cites.  It reads text only: no rule logic lives here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..texts import citation_lookup, rule_text

_TOP = re.compile(r"^(\d+)\.\s{2,}(\S.*)$")          # "2.       Pairing Procedures"
_NUM = re.compile(r"^(\d+(?:\.\d+)+)\s+(\S.*)$")     # "2.2.4      G1/G2 re-composition"
_ITEM = re.compile(r"^\s+(\d+)\.\s+(\S.*)$")         # "  1. If players from ..."
_CRIT = re.compile(r"\[(C\d+)\]")



@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    """Article number (and ``C1``..``C10``) -> its text, items included."""
    return split_articles(rule_text(__package__, "dubov-2025.txt"))


def split_articles(text: str) -> dict[str, str]:
    """A Dubov text in this layout (``dubov-2025.txt``, and the editions' texts laid out
    alike) split at its numbers: article number (and ``C1``..) -> its text, items included."""
    out: dict[str, list[str]] = {}
    current: str | None = None
    item_parent: str | None = None
    started = False
    for raw in text.splitlines():
        line = raw.rstrip()
        m = _TOP.match(line)
        if m and not line.startswith(" "):
            started = True
            current, item_parent = m.group(1), m.group(1)
            out[current] = [f"{m.group(1)}. {m.group(2)}"]
            continue
        if not started:
            continue
        m = _NUM.match(line)
        if m:
            current = item_parent = m.group(1)
            out[current] = [f"{m.group(1)} {m.group(2)}"]
            crit = _CRIT.match(m.group(2))
            if crit:
                out[crit.group(1)] = out[current]
            continue
        m = _ITEM.match(raw)
        if m and item_parent and "." in item_parent:
            current = f"{item_parent}.{m.group(1)}"
            out[current] = [f"{current} {m.group(2)}"]
            # the item also belongs to its parent's text
            out[item_parent].append(f"{m.group(1)}. {m.group(2)}")
            continue
        if current and line.strip():
            out[current].append(line.strip())
            if current != item_parent and item_parent:
                out[item_parent].append(line.strip())
    return {k: "\n".join(v) for k, v in out.items()}


def _with_children(table: dict[str, str], key: str, limit: int = 2500) -> str:
    """An article that is only a heading ("4.4 Sorting G2 Players") shown with its
    sub-articles, when they are short enough to read at a glance."""
    text = table[key]
    if len(text) > 200 or key.startswith("C"):
        return text
    depth = key.count(".") + 1
    kids = [k for k in table if k.startswith(key + ".") and k.count(".") == depth]
    if not kids:
        return text
    full = "\n".join([text] + [table[k] for k in kids])
    return full if len(full) <= limit else text


#: the article numbers inside a citation such as ``"2.2.4.1"``, ``"[C4]"`` or ``"4.2.3.2
#: with the example of 4.2.3.1 and 3.3.2 [C6]"``, most specific first; a heading shown
#: with its sub-articles
article_refs, article_text = citation_lookup(
    articles, r"GHR \d+(?:\.\d+)*|\d+(?:\.\d+)+|\d+|C\d+", shown=_with_children)
