"""An edition that renumbers its family's articles: the one map from the family's numbers to
the edition's, used by the edition's engine (its trace cites the edition's numbers), by its
readers (a trace read back through the family's code) and by the templates (``art()``).

An edition whose text says what its family's text says under other numbers (Dubov 2026
swaps Articles 2 and 3 of Dubov 2025 and renumbers Article 1) does not copy the family's
procedure: its engine runs the family's states, which cite the family's numbers, and the
finished trace is renumbered once, here (:meth:`ArticleMap.trace`).  A reader of the family
(why, why-not, the report's sheet, the step page, the check of a published pairing) is
given the trace back in the family's numbers (:meth:`ArticleMap.back`) and its answer is
renumbered forward (:meth:`ArticleMap.forward`).  The templates write every article number
as ``art("2.2.4")`` (the family's number), which the edition's rulebook turns into its own
(``Rulebook.cite``).

Only article numbers are touched: a dotted number (``2.1.3``, ``4.2.3.3``) inside a field
or key that holds a citation (:data:`CITING`), and a bare number (``2``) only when it is the
whole citation.  Criteria (``[C4]``), the General Handling Rules (``GHR 3.6``), scores,
counts and player numbers are never numbers of the text and are left as they are.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from ..records import fields, is_record, replace
from ..trace.events import Event, Trace

#: the fields of events, records and answers (and the keys of their dicts) that hold a
#: citation of the text: the article of an event, the step that decided a bye or a set,
#: the rule of a colour, the criterion or order rule of a verdict, the articles a step
#: page cites, the clause of a colour preference
CITING = frozenset({"article", "decided_by", "beaten_on", "rule", "criterion", "shift",
                    "colour_rule", "preference_rule", "cited", "step", "where_article"})

_TOKEN = re.compile(r"GHR \d+(?:\.\d+)*|(?<![\w.\[])\d+(?:\.\d+)+(?![\w]|\.\d)")
_BARE = re.compile(r"\d+")


class ArticleMap:
    """The family's article numbers -> the edition's (``pairs``: ``(family, edition)`` in the
    order of the family's text; where two family numbers become one edition number, the
    first listed is the one a reader of the family is given back)."""

    def __init__(self, pairs: Iterable[tuple[str, str]]):
        self.pairs = tuple(pairs)
        self.to_edition: dict[str, str] = {}
        self.to_family: dict[str, str] = {}
        for family, edition in self.pairs:
            self.to_edition.setdefault(family, edition)
            self.to_family.setdefault(edition, family)

    # ------------------------------------------------------------------ one citation
    @staticmethod
    def _map(citation: str, table: dict[str, str]) -> str:
        if _BARE.fullmatch(citation):
            return table.get(citation, citation)

        def one(m: re.Match) -> str:
            tok = m.group(0)
            return tok if tok.startswith("GHR") else table.get(tok, tok)

        return _TOKEN.sub(one, citation)

    def cite(self, citation: str) -> str:
        """A citation in the family's numbers, in the edition's (``"2.1.3-2.1.5"`` ->
        ``"3.1.3-3.1.5"``)."""
        return self._map(citation, self.to_edition) if isinstance(citation, str) else citation

    def uncite(self, citation: str) -> str:
        """A citation in the edition's numbers, in the family's."""
        return self._map(citation, self.to_family) if isinstance(citation, str) else citation

    # ------------------------------------------------------------------ whole answers
    def forward(self, obj: Any) -> Any:
        """``obj`` (an event, a trace, a record, a dict, a list...) with every citation in
        the edition's numbers."""
        return _walk(obj, self.cite)

    def back(self, obj: Any) -> Any:
        """``obj`` with every citation in the family's numbers (for the family's readers)."""
        return _walk(obj, self.uncite)

    def trace(self, t: Trace, **meta: Any) -> Trace:
        """The trace with every event citing the edition's numbers (``meta`` updated)."""
        return Trace(tuple(self.forward(e) for e in t.events), {**t.meta, **meta})


#: values that hold no citation to walk into (a citing field's string is mapped by
#: :func:`_value` before it gets here)
_ATOMS = frozenset({int, float, bool, str, type(None)})
#: a record class -> its field names (the walk reads them once per class, not per event)
_NAMES: dict[type, tuple[str, ...]] = {}


def _value(v: Any, cite) -> Any:
    """A citing field's value: a citation, or a list/tuple of citations."""
    if isinstance(v, str):
        return cite(v)
    if isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v):
        return type(v)(cite(x) for x in v)
    return _walk(v, cite)


def _walk(obj: Any, cite) -> Any:
    kind = type(obj)
    if kind in _ATOMS:
        return obj
    if kind is tuple:
        if all(type(x) in _ATOMS for x in obj):
            return obj
        out = tuple(_walk(x, cite) for x in obj)
        return out if out != obj else obj
    if kind is Trace:
        return Trace(tuple(_walk(e, cite) for e in obj.events), dict(obj.meta))
    if is_record(obj) and not isinstance(obj, type):
        names = _NAMES.get(kind)
        if names is None:
            names = _NAMES[kind] = tuple(f.name for f in fields(obj))
        changes = {}
        for name in names:
            v = getattr(obj, name)
            if name in CITING:
                new = _value(v, cite)
            elif type(v) in _ATOMS:
                continue
            else:
                new = _walk(v, cite)
            if new is not v and new != v:
                changes[name] = new
        if isinstance(obj, Event) and getattr(obj, "kind", "") == "opponent-chosen":
            # (g2 player, criterion, facts): the criterion "2.2.6" is an article
            rej = tuple((r[0], cite(r[1]), *r[2:]) for r in obj.rejected)
            if rej != obj.rejected:
                changes["rejected"] = rej
        return replace(obj, **changes) if changes else obj
    if isinstance(obj, dict):
        return {k: (_value(v, cite) if k in CITING else _walk(v, cite)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_walk(x, cite) for x in obj]
    if isinstance(obj, tuple) and not hasattr(obj, "_fields"):
        out = tuple(_walk(x, cite) for x in obj)
        return out if out != obj else obj
    return obj
