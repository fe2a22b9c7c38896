"""Looking up "the article at hand" in a rule text split by a rulebook's ``articles``.

Each rulebook splits its own text at its own numbers (the layouts differ) and says how a
citation names them; the rest is the same for all and written here once:

* :func:`rule_text`: the text shipped in the rulebook's ``text/`` folder;
* :class:`Lettered` and :func:`lettered_articles`: the splitter of a text numbered by
  section letter and number (``A.7``, ``C.10``) with lettered items (``A.7.a``), the
  layout of the Dutch system's texts, parameterised by each text's numbering;
* :func:`citation_lookup`: a citation's numbers (each once, in order) and their texts:
  each number it names, the nearest enclosing article when the number itself has no
  text, and the articles of other documents the rulebooks cite (:data:`EXTERNAL`).
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Callable

from ..records import dataclass

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


def rule_text(package: str, name: str) -> str:
    """The rule text ``name`` of the rulebook ``package`` (its ``text/`` folder)."""
    return (resources.files(package) / "text" / name).read_text(encoding="utf-8")


def citation_lookup(articles: Callable[[], dict[str, str]], numbers: str, letters: str = "",
                    shown: Callable[[dict[str, str], str], str] | None = None):
    """``(article_refs, article_text)`` of a text split by ``articles()``: ``numbers`` is the
    pattern of the numbers a citation names; ``letters`` the section letters a citation may
    write without their dot (``A7`` for ``A.7``); ``shown`` as :func:`cited_articles`."""
    find = re.compile(numbers).findall
    undotted = re.compile(rf"^([{letters}])(\d)") if letters else None

    def article_refs(cited: str) -> list[str]:
        """The article numbers a citation names, each once, in its order."""
        refs: list[str] = []
        for tok in find(cited):
            if undotted is not None:
                tok = undotted.sub(r"\1.\2", tok)
            if tok not in refs:
                refs.append(tok)
        return refs

    def article_text(cited: str) -> list[tuple[str, str]]:
        """``[(number, text), ...]`` for every article a citation names that we have text
        for."""
        return cited_articles(articles(), article_refs(cited), shown)

    return article_refs, article_text


@dataclass(frozen=True)
class Lettered:
    """The numbering of a text by section letter and article number, with lettered items.

    A line matching ``article`` (groups: the letter, the number, the rest of the line)
    opens article ``L.N`` when ``opens(match, line)`` allows it; a line matching ``item``
    (group 1: its letter) inside an article of one of ``item_sections`` opens the item
    ``L.N.x``, whose first line is ``item_head(match, line)`` (and is also the article's,
    with ``head_in_article``).  A line matching ``section`` (a section title) closes the
    article; a line starting with one of ``stop`` ends the text.  Every other line
    belongs to the open item and to its article."""

    article: re.Pattern
    item: re.Pattern
    item_sections: str
    item_head: Callable[[re.Match, str], str]
    head_in_article: bool = False
    opens: Callable[[re.Match, str], bool] | None = None
    section: re.Pattern | None = None
    stop: tuple[str, ...] = ()


def lettered_articles(text: str, numbering: Lettered) -> dict[str, str]:
    """Article (and item) number -> its text, by ``numbering``."""
    out: dict[str, list[str]] = {}
    current: str | None = None
    article: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if numbering.stop and line.startswith(numbering.stop):
            break
        m = numbering.article.match(line)
        if m and (numbering.opens is None or numbering.opens(m, line)):
            current = article = f"{m.group(1)}.{m.group(2)}"
            out.setdefault(article, []).append(line)
            continue
        if numbering.section is not None and numbering.section.match(line):
            current = article = None
            continue
        m = numbering.item.match(line)
        if m and article and article[0] in numbering.item_sections:
            current = f"{article}.{m.group(1)}"
            out.setdefault(current, []).append(numbering.item_head(m, line))
            if numbering.head_in_article:
                out[article].append(line)
            continue
        if current:
            out[current].append(line)
            if current != article and article:
                out[article].append(line)
    return {k: "\n".join(v) for k, v in out.items()}
