"""``dubov-explain compare`` in words: Markdown, plain text and HTML.

The comparison (:mod:`dubov_explain.explain.compare`) is data: two traces, the index where
they part, the boards side by side.  The sentences are in ``templates/compare.md.j2``
(an outcome, where the readings part, a side without a pairing citing its own event's
article); the event where they part is worded by the events template, like everywhere else.
"""

from __future__ import annotations

from ..explain.compare import Comparison, board_rows
from ..trace.events import Event, RoundOpened, Trace
from . import env as E
from .view import md_table


def _words(c: Comparison):
    return E.environment().get_template("compare.md.j2").module


def describe(e: Event | None, trace: Trace) -> str:
    """One event in the report's own wording (Markdown)."""
    if e is None:
        return "*(the trace has ended)*"
    try:
        from .env import event_markdown
        from .view import View

        text = event_markdown(e, View(trace))
        if text:
            return text
    except Exception:  # pragma: no cover - a renderer problem must not hide the comparison
        pass
    d = e.to_dict()
    kind, art = d.pop("kind"), d.pop("article")
    return f"**{kind} ({art})** " + "; ".join(f"{k}: {v}" for k, v in d.items())


def summary(c: Comparison) -> str:
    e = c.event(c.left) or c.event(c.right)
    return str(_words(c).summary(c, e, c.bracket())).strip()


def _cells(c: Comparison) -> list[tuple[str, str, str, str]]:
    """(board, left, right, mark) cells; '*' marks a game paired on one side only."""
    W = _words(c)
    out = []
    for r in board_rows(c):
        if r["board"] is None:
            ev = r["left"] or r["right"]
            words = str(W.no_pairing(ev)).strip()
            out.append(("-", words if r["left"] else "", words if r["right"] else "", ""))
            continue
        if r["board"] == "bye":
            lb = "-" if r["left"] is None else str(r["left"])
            rb = "-" if r["right"] is None else str(r["right"])
            out.append(("bye", lb, rb, str(W.differs()).strip() if r["differs"] else ""))
            continue
        lt = f"{r['left'][0]}-{r['left'][1]}" if r["left"] else ""
        rt = f"{r['right'][0]}-{r['right'][1]}" if r["right"] else ""
        out.append((str(r["board"]), lt + (" *" if r["left_only"] else ""),
                    rt + (" *" if r["right_only"] else ""), str(W.differs()).strip() if r["differs"] else ""))
    return out


def render_markdown(c: Comparison, title: str | None = None) -> str:
    head = c.left.trace.events[0]
    table = md_table(["Board", f"Left: {c.left.label}", f"Right: {c.right.label}", ""], _cells(c), align="rll")
    text = E.render(
        "compare.md.j2", c=c, title=title, head=head if isinstance(head, RoundOpened) else None,
        summary_text=summary(c), left=describe(c.event(c.left), c.left.trace),
        right=describe(c.event(c.right), c.right.trace), table=table,
    )
    return text.rstrip() + "\n"


def render_text(c: Comparison, title: str | None = None) -> str:
    lines = [f"Readings compared{': ' + title if title else ''}"]
    head = c.left.trace.events[0]
    if isinstance(head, RoundOpened):
        lines.append(f"Round {head.round} of {head.total_rounds}")
    lines += [f"  left:  {c.left.label}", f"  right: {c.right.label}", "", summary(c)]
    if not c.identical:
        lines += ["", "Where they part:"]
        for side, name in ((c.left, "left"), (c.right, "right")):
            lines.append(f"  {name}: " + _plain(describe(c.event(side), side.trace)))
    lines += ["", "Pairings side by side (White first; * = on one side only):"]
    rows = [("board", "left", "right", "")] + _cells(c)
    w = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        lines.append("  " + "  ".join(r[i].ljust(w[i]) for i in range(4)).rstrip())
    return "\n".join(lines) + "\n"


def _plain(md: str) -> str:
    text = md.replace("**", "").replace("\\", "")
    return "\n         ".join(line.strip() for line in text.splitlines() if line.strip())


def render_html(c: Comparison, title: str | None = None) -> str:
    from .report import html_page

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
