"""What a renderer knows about one trace, read from its events only.

A :class:`View` indexes a :class:`~dubov_explain.trace.events.Trace`: the round header, the
standings rows (names, scores, colour histories), the events grouped by bracket.  Nothing
here knows a rule; it only reads what the engine recorded.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Iterable, Sequence

from ..rulebooks import RULEBOOKS, system_of
from ..trace import events as ev
from ..safetext import escape_controls
from ..trace.events import Trace

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&#])")
_MD_LIGHT = re.compile(r"([\\`*_<>|~&])")

ABSENCE_WORDS = {
    "H": "half-point bye",
    "Z": "zero-point bye",
    "F": "full-point bye",
    "XXZ": "listed absent (XXZ)",
    "240": "absent (TRF26 240)",
}


def md_escape(text: object) -> str:
    """Escape every character Markdown could read as markup (for player names and the like).

    With markdown-it's ``html`` option off and these escapes, a name such as
    ``<script>alert(1)</script>`` reaches the HTML as text, never as a tag.
    """
    return _MD_SPECIAL.sub(r"\\\1", escape_controls(text))


def md_text(text: object) -> str:
    """Lighter escape for the engine's own sentences: keeps ``[C1]`` readable in a terminal."""
    return _MD_LIGHT.sub(r"\\\1", escape_controls(text))


def md_table(headers: Sequence[str], rows: Iterable[Sequence[object]], align: str = "",
             raw: Sequence[int] = ()) -> str:
    """A Markdown pipe table, padded so it also reads as a plain-text table.

    Cells are escaped, but for the columns listed in ``raw`` (already Markdown, e.g. a
    name as a link made by :meth:`View.label`); ``align`` is one letter per column
    (``l``/``r``), default left.
    """
    head = [md_escape(h) for h in headers]
    body = [[str(c) if i in raw else md_escape(c) for i, c in enumerate(r)] for r in rows]
    widths = [max([len(head[i])] + [len(r[i]) for r in body]) for i in range(len(head))]
    widths = [max(w, 3) for w in widths]
    align = (align or "").ljust(len(head), "l")

    def cell(text: str, i: int) -> str:
        return text.rjust(widths[i]) if align[i] == "r" else text.ljust(widths[i])

    lines = ["| " + " | ".join(cell(h, i) for i, h in enumerate(head)) + " |"]
    lines.append(
        "| "
        + " | ".join(("-" * (widths[i] - 1) + ":") if align[i] == "r" else "-" * widths[i]
                     for i in range(len(head)))
        + " |"
    )
    for r in body:
        lines.append("| " + " | ".join(cell(c, i) for i, c in enumerate(r)) + " |")
    return "\n".join(lines)


def preference_cell(r: dict) -> str:
    """A standings row's colour preference: strength, colour and the rule that gave it
    ("strong White (A.6.b)"); a player without one shows only "none", and the rule that
    says so when the rulebook names one."""
    if r["strength"] == "none":
        rule = r["preference_rule"]
        return f"none ({rule})" if rule and rule != "none" else "none"
    return f"{r['strength']} {r['preference']} ({r['preference_rule']})"


def player_anchor(n: int) -> str:
    """The id of player ``n``'s anchor in an HTML report (their standings row)."""
    return f"p-{int(n)}"


def players(ns: Iterable[int]) -> str:
    ns = list(ns)
    return ", ".join(str(n) for n in ns) if ns else "none"


def pset(ns: Iterable[int]) -> str:
    return "{" + ", ".join(str(n) for n in ns) + "}"


def pair(p: Sequence[int]) -> str:
    return f"{p[0]}–{p[1]}"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def bracket_name(score: str) -> str:
    return f"{score}-point bracket"


def points(score: str) -> str:
    return f"{score} point" + ("" if score == "1" else "s")


class View:
    """Index of one trace for the templates (``v`` in every template)."""

    def __init__(self, trace: Trace, title: str | None = None, links: bool = False):
        self.trace = trace
        #: names as Markdown links to the player's anchor (``#p-N``, the standings row of
        #: the HTML report); off for plain Markdown and text
        self.links = links
        self.events = trace.events
        self.opened = next((e for e in trace.events if isinstance(e, ev.RoundOpened)), None)
        snap = next((e for e in trace.events if isinstance(e, ev.StandingsSnapshot)), None)
        self.max_t = snap.max_t if snap else None
        self.rows: dict[int, dict] = {r["number"]: r for r in (snap.rows if snap else ())}
        self.title = title or ""
        self.result = trace.events[-1] if trace.events else None
        self.what_if = trace.meta.get("what_if")
        #: the rulebook that paired the round; its templates word the events
        self.system = system_of(trace)
        self.events_template = f"{self.system}/events.md.j2"

    # ------------------------------------------------------------------ players
    def row(self, n: int) -> dict:
        return self.rows.get(n, {"number": n, "name": f"player {n}", "score": "?"})

    def name(self, n: int) -> str:
        """The name as the file has it, control characters escaped (``safetext``)."""
        return escape_controls(self.row(n).get("name") or "")

    def label(self, n: int) -> str:
        """``8 Horvat, Hana`` (Markdown-escaped); with ``links`` a link to the player's
        anchor: ``[8 Horvat, Hana](#p-8)``."""
        nm = self.name(n)
        text = f"{n} {md_escape(nm)}" if nm else str(n)
        return f"[{text}](#{player_anchor(n)})" if self.links else text

    def name_cell(self, n: int) -> str:
        """The name for a table cell: plain text, or (``links``) Markdown linking to the
        player's anchor; see :func:`md_table`'s ``raw``."""
        nm = self.name(n)
        if not self.links:
            return nm
        return f"[{md_escape(nm) or n}](#{player_anchor(n)})"

    def score(self, n: int) -> str:
        return str(self.row(n).get("score", "?"))

    def standings_order(self) -> list[dict]:
        """Rows by score (highest first), then initial ranking."""
        return sorted(
            self.rows.values(),
            key=lambda r: (-float(r["score"]), r["initial_rank"], r["number"]),
        )

    def position(self, n: int) -> int | None:
        for i, r in enumerate(self.standings_order(), start=1):
            if r["number"] == n:
                return i
        return None

    # ------------------------------------------------------------------ structure
    @property
    def round(self) -> int | None:
        return self.opened.round if self.opened else self.trace.meta.get("round")

    def sections(self, kind: str) -> list:
        """The rulebook's sections of the report of this kind (``notes``, ``bye``,
        ``group``): :func:`~dubov_explain.rulebooks.sections.sections`."""
        return [s for s in self._sections if s.kind == kind]

    @cached_property
    def _sections(self) -> list:
        return RULEBOOKS[self.system].report_sections(self.trace)

    def bye_events(self) -> list[ev.Event]:
        return [e for s in self.sections("bye") for e in s.events]

    def standings_notes(self) -> list[ev.Event]:
        """The events between the standings and the bye or the first group (e.g. an
        accelerated round's scores), worded under the standings."""
        return [e for s in self.sections("notes") for e in s.events]

    def brackets(self) -> list[tuple[str, list[ev.Event]]]:
        """``[(score, events of that group), ...]`` in the order paired."""
        return [(s.score, list(s.events)) for s in self.sections("group")]

    @property
    def published(self) -> ev.PairingPublished | None:
        r = self.result
        return r if isinstance(r, ev.PairingPublished) else None

    @property
    def impossible(self) -> ev.Impossible | None:
        r = self.result
        return r if isinstance(r, ev.Impossible) else None

    def board_of(self, n: int) -> tuple[int, int, int] | None:
        """(board, white, black) of player n in the published pairing."""
        pub = self.published
        if pub is None:
            return None
        for i, (w, b) in enumerate(pub.boards, start=1):
            if n in (w, b):
                return i, w, b
        return None

    def readings(self) -> list[tuple[str, str, str]]:
        """(reading, value, article) rows; a value that is not the default says so.

        The trace names each reading's article by its code; the full citation comes from
        the rulebook's catalogue when the rulebook is known.
        """
        if self.opened is None:
            return []
        detail = {row[0]: row for row in self.opened.readings_detail}
        book = RULEBOOKS.get(self.system)
        cited = {r.name: r.article for r in book.catalogue} if book is not None else {}
        rows = []
        for name, value in self.opened.readings.items():
            d = detail.get(name)
            mark = value if d is None or d[2] == value else f"{value} (default: {d[2]})"
            rows.append((name, mark, cited.get(name) or (d[3] if d else "")))
        return rows


def rejected_summary(rejected: Sequence[Sequence[object]], explicit: int = 6) -> tuple[list, str]:
    """Split ``((player, criterion, detail), ...)`` into the first few and a count by criterion
    of the rest: ``(shown, "and 9 more: 7 by [C1], 2 by [C3]")``."""
    shown = list(rejected[:explicit])
    rest = rejected[explicit:]
    if not rest:
        return shown, ""
    counts: dict[str, int] = {}
    for r in rest:
        counts[str(r[1])] = counts.get(str(r[1]), 0) + 1
    parts = ", ".join(f"{c} by {k}" for k, c in counts.items())
    return shown, f"and {len(rest)} more: {parts}"
