"""Compare two readings of the rule text on one tournament: where do they part?

The engine pairs the round twice, once per set of readings, and the two traces are read
side by side.  The first event that differs (the header, which only lists the readings,
is skipped) is the decision where the readings part; everything after it follows from
it.  The pairings are then shown board by board.  Nothing here re-runs rule logic beyond
the two :func:`~dubov_explain.rulebooks.dubov2025.engine.pair_round` calls.

>>> from dubov_explain.examples import load_example
>>> from dubov_explain.rulebooks.dubov2025.readings import Readings
>>> c = compare_readings(load_example(), Readings.from_pairs(),
...                      Readings.from_pairs({"c9-measure": "max"}))
>>> c.identical
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..rulebooks.dubov2025.readings import BY_NAME, Readings, ReadingError
from ..rulebooks.dubov2025 import events as ev
from ..trace.events import Trace

__all__ = [
    "Side",
    "Comparison",
    "first_difference",
    "compare_readings",
    "parse_sides",
    "render",
]


@dataclass(frozen=True)
class Side:
    label: str
    readings: Readings
    trace: Trace

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        r = self.trace.result
        return tuple(r.boards) if isinstance(r, ev.PairingPublished) else ()

    @property
    def bye(self) -> int | None:
        r = self.trace.result
        return r.bye if isinstance(r, ev.PairingPublished) else None


@dataclass(frozen=True)
class Comparison:
    left: Side
    right: Side
    #: index (in both traces) of the first event that differs, None when the traces agree
    index: int | None

    @property
    def identical(self) -> bool:
        return self.index is None

    def event(self, side: Side) -> ev.Event | None:
        if self.index is None or self.index >= len(side.trace.events):
            return None
        return side.trace.events[self.index]

    @property
    def same_pairing(self) -> bool:
        return (self.left.pairs, self.left.bye) == (self.right.pairs, self.right.bye) and (
            type(self.left.trace.result) is type(self.right.trace.result)
        )

    @property
    def same_games(self) -> bool:
        """The same games (colours aside) and the same bye."""
        return _games(self.left) == _games(self.right) and self.left.bye == self.right.bye

    def bracket(self) -> str | None:
        """The score of the bracket in which the two traces part (None: before any)."""
        if self.index is None:
            return None
        for e in reversed(self.left.trace.events[: self.index + 1]):
            if isinstance(e, ev.BracketOpened):
                return e.score
        return None


def _games(side: Side) -> set[frozenset[int]]:
    return {frozenset(p) for p in side.pairs}


def first_difference(a: Trace, b: Trace, skip_header: bool = True) -> int | None:
    """Index of the first event in which ``a`` and ``b`` differ (None if none does).

    The header (:class:`RoundOpened`, which lists the readings in force) is skipped.  A
    trace that ends first differs at its length.
    """
    start = 1 if skip_header and a.events and isinstance(a.events[0], ev.RoundOpened) else 0
    for i in range(start, max(len(a.events), len(b.events))):
        if i >= len(a.events) or i >= len(b.events):
            return i
        if a.events[i].to_dict() != b.events[i].to_dict():
            return i
    return None


def compare_readings(t, left: Readings, right: Readings, labels: Sequence[str] | None = None,
                     round_no: int | None = None) -> Comparison:
    """Pair ``t`` under both sets of readings and find where the traces part."""
    from ..rulebooks.dubov2025.engine import pair_round

    if labels is None:
        labels = (label_of(left, right), label_of(right, left))
    ta = pair_round(t, left, round_no)
    tb = pair_round(t, right, round_no)
    return Comparison(Side(labels[0], left, ta), Side(labels[1], right, tb), first_difference(ta, tb))


def label_of(mine: Readings, other: Readings) -> str:
    """The readings in which ``mine`` differs from ``other`` (or "defaults")."""
    a, b = mine.as_dict(), other.as_dict()
    diff = [f"{k}={v}" for k, v in a.items() if b.get(k) != v]
    return ", ".join(diff) if diff else "defaults"


def parse_sides(both: Sequence[str] = (), left: Sequence[str] = (), right: Sequence[str] = ()
                ) -> tuple[Readings, Readings]:
    """The two sets of readings of ``dubov-explain compare``.

    * ``--reading NAME=A --reading NAME=B``: a name given twice puts its first value on the
      left and its second on the right; a name given once applies to both sides;
    * if no name is given twice, the names given once go to the right side only, against
      the defaults on the left (``--reading container-order=listed`` compares the default
      with ``listed``);
    * ``--left NAME=VALUE`` / ``--right NAME=VALUE`` set one side explicitly (two sets).
    """
    seen: dict[str, list[str]] = {}
    for item in both:
        name, value = _split(item)
        seen.setdefault(name, []).append(value)
    for name, values in seen.items():
        if len(values) > 2:
            raise ReadingError(f"--reading {name} given {len(values)} times; give it at most twice")
    twice = any(len(v) == 2 for v in seen.values())
    lp: dict[str, str] = {}
    rp: dict[str, str] = {}
    for name, values in seen.items():
        if len(values) == 2:
            lp[name], rp[name] = values
        elif twice or left or right:
            lp[name] = rp[name] = values[0]
        else:
            rp[name] = values[0]
    for item in left:
        name, value = _split(item)
        lp[name] = value
    for item in right:
        name, value = _split(item)
        rp[name] = value
    a, b = Readings.from_pairs(lp), Readings.from_pairs(rp)
    if a.as_dict() == b.as_dict():
        raise ReadingError(
            "the two sides have the same readings; give a reading twice "
            "(--reading NAME=A --reading NAME=B) or use --left/--right"
        )
    return a, b


def _split(item: str) -> tuple[str, str]:
    if "=" not in item:
        raise ReadingError(f"expected NAME=VALUE, found {item!r}")
    name, value = item.split("=", 1)
    name, value = name.strip(), value.strip()
    if name not in BY_NAME:
        raise ReadingError(f"unknown reading {name!r}; known: {', '.join(sorted(BY_NAME))}")
    return name, value


# --------------------------------------------------------------------------- rendering
def _describe(e: ev.Event | None, trace: Trace) -> str:
    """One event in the report's own wording (Markdown)."""
    if e is None:
        return "*(the trace has ended)*"
    try:
        from ..render.env import event_markdown
        from ..render.view import View

        text = event_markdown(e, View(trace))
        if text:
            return text
    except Exception:  # pragma: no cover - a renderer problem must not hide the comparison
        pass
    d = e.to_dict()
    kind, art = d.pop("kind"), d.pop("article")
    return f"**{kind} ({art})** " + "; ".join(f"{k}: {v}" for k, v in d.items())


def _board_rows(c: Comparison) -> list[tuple[str, str, str, str]]:
    """(board, left, right, mark) rows; mark '*' where a game is on one side only."""
    lg, rg = _games(c.left), _games(c.right)
    rows = []
    n = max(len(c.left.pairs), len(c.right.pairs))
    for i in range(n):
        lp = c.left.pairs[i] if i < len(c.left.pairs) else None
        rp = c.right.pairs[i] if i < len(c.right.pairs) else None
        ltxt = f"{lp[0]}-{lp[1]}" if lp else ""
        rtxt = f"{rp[0]}-{rp[1]}" if rp else ""
        if lp and frozenset(lp) not in rg:
            ltxt += " *"
        if rp and frozenset(rp) not in lg:
            rtxt += " *"
        rows.append((str(i + 1), ltxt, rtxt, "" if lp == rp else "differs"))
    if c.left.bye is not None or c.right.bye is not None:
        lb = str(c.left.bye) if c.left.bye is not None else "-"
        rb = str(c.right.bye) if c.right.bye is not None else "-"
        rows.append(("bye", lb, rb, "" if lb == rb else "differs"))
    for side, col in ((c.left, 1), (c.right, 2)):
        if isinstance(side.trace.result, ev.Impossible):
            rows.append(("-", "no pairing (1.8.3)" if col == 1 else "", "no pairing (1.8.3)" if col == 2 else "", ""))
    return rows


def _summary(c: Comparison) -> str:
    if c.identical:
        return "The two readings give the same trace (after the header): same decisions, same pairing."
    where = f" in the {c.bracket()}-point bracket" if c.bracket() else " before any bracket"
    e = c.event(c.left) or c.event(c.right)
    step = f"event {c.index + 1} ({e.kind}, {e.article})" if e else f"event {c.index + 1}"
    if c.same_pairing:
        outcome = "The pairings are the same: only the explanation differs."
    elif c.same_games:
        outcome = "The same games are paired, with different colours."
    else:
        outcome = "The pairings differ."
    return f"The readings part at {step}{where}. {outcome}"


def render_markdown(c: Comparison, title: str | None = None) -> str:
    from ..render.view import md_table

    out = [f"# Readings compared{': ' + title if title else ''}", ""]
    head = c.left.trace.events[0]
    if isinstance(head, ev.RoundOpened):
        out += [f"Round {head.round} of {head.total_rounds}.", ""]
    out += [f"- **Left:** {c.left.label}", f"- **Right:** {c.right.label}", "", _summary(c), ""]
    if not c.identical:
        out += ["## Where they part", ""]
        out += [f"**Left ({c.left.label}):**", "", _describe(c.event(c.left), c.left.trace), ""]
        out += [f"**Right ({c.right.label}):**", "", _describe(c.event(c.right), c.right.trace), ""]
    out += ["## Pairings side by side", ""]
    out.append(md_table(["Board", f"Left: {c.left.label}", f"Right: {c.right.label}", ""],
                        _board_rows(c), align="rll"))
    out += ["", "White first; * marks a game paired on one side only."]
    return "\n".join(out).rstrip() + "\n"


def render_text(c: Comparison, title: str | None = None) -> str:
    lines = [f"Readings compared{': ' + title if title else ''}"]
    head = c.left.trace.events[0]
    if isinstance(head, ev.RoundOpened):
        lines.append(f"Round {head.round} of {head.total_rounds}")
    lines += [f"  left:  {c.left.label}", f"  right: {c.right.label}", "", _summary(c)]
    if not c.identical:
        lines += ["", "Where they part:"]
        for side, name in ((c.left, "left"), (c.right, "right")):
            lines.append(f"  {name}: " + _plain(_describe(c.event(side), side.trace)))
    lines += ["", "Pairings side by side (White first; * = on one side only):"]
    rows = [("board", "left", "right", "")] + _board_rows(c)
    w = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        lines.append("  " + "  ".join(r[i].ljust(w[i]) for i in range(4)).rstrip())
    return "\n".join(lines) + "\n"


def _plain(md: str) -> str:
    text = md.replace("**", "").replace("\\", "")
    return "\n         ".join(line.strip() for line in text.splitlines() if line.strip())


def render_html(c: Comparison, title: str | None = None) -> str:
    from ..render.report import html_page

    md = render_markdown(c, title)
    return html_page(md, "Readings compared" + (f": {title}" if title else ""), kind="compare")


def render(c: Comparison, fmt: str = "text", title: str | None = None) -> str:
    if fmt == "text":
        return render_text(c, title)
    if fmt in ("md", "markdown"):
        return render_markdown(c, title)
    if fmt == "html":
        return render_html(c, title)
    raise ValueError(f"unknown format {fmt!r}; choose text, md or html")


def compare_mapping(t, left: Mapping[str, str], right: Mapping[str, str]) -> Comparison:
    """Shorthand for tests and notebooks: readings as plain mappings."""
    return compare_readings(t, Readings.from_pairs(left), Readings.from_pairs(right))


