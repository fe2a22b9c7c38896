"""``dubov-explain compare`` in words: plain text, Markdown, HTML and JSON.

The comparison (:mod:`dubov_explain.explain.compare`) is data: two traces (of one rulebook
or of two), the index where one rulebook's traces part, the boards side by side, and per
differing player each side's deciding decision.  The sentences are in
``templates/compare.md.j2``; every event quoted is worded by the events template of the
rulebook that made its trace (``View(trace).system``), so each side cites its own articles.
"""

from __future__ import annotations

import json

from ..explain.compare import Comparison, Side, as_dict, board_rows
from ..rulebooks import find_rulebook
from ..trace.events import Event, RoundOpened, Trace
from . import env as E
from .view import md_table


def _words(c: Comparison | None = None):
    return E.environment().get_template("compare.md.j2").module


def describe(e: Event | None, trace: Trace) -> str:
    """One event in its own rulebook's wording (Markdown)."""
    if e is None:
        return "*(the trace has ended)*"
    try:
        from .view import View

        text = E.event_markdown(e, View(trace))
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


def _decision_cell(W, side: Side, index: int | None, fact: str, href: str = "") -> str:
    e = side.trace.events[index] if index is not None else None
    return str(W.decision(index, e, fact, href)).strip()


def _player_cells(c: Comparison, hrefs: tuple[str, str] = ("", "")) -> list[tuple[str, str, str, str, str]]:
    """(player, left outcome, right outcome, left decision, right decision); ``hrefs``: each
    side's step-through page, the decisions linked to their steps."""
    W = _words(c)
    return [(str(d.player), str(W.outcome(d.left)).strip(), str(W.outcome(d.right)).strip(),
             _decision_cell(W, c.left, d.left_step, d.left_fact, hrefs[0]),
             _decision_cell(W, c.right, d.right_step, d.right_fact, hrefs[1])) for d in c.players]


def _side_names(c: Comparison) -> tuple[str, str]:
    """Each side's rulebook title and edition, when the sides are two rulebooks."""
    if c.same_system:
        return "", ""
    return tuple(f"{b.title}, {b.edition}" for b in (find_rulebook(c.left.system),
                                                      find_rulebook(c.right.system)))


def _decisions(c: Comparison, hrefs: tuple[str, str] = ("", "")) -> list[tuple[str, list[tuple[int, str, list[int], str]]]]:
    """Per side: its label and its deciding decisions, each worded once (with the side's
    step-through page, ``hrefs``, to link each to its step)."""
    out = []
    for (name, side), href in zip((("Left", c.left), ("Right", c.right)), hrefs):
        items = [(i, describe(e, side.trace), ps, href) for i, e, ps in c.decisions(side)]
        out.append((f"{name}: {side.label}", items))
    return out


def first_parting(c: Comparison, hrefs: tuple[str, str] = ("", "")):
    """Two rulebooks: per side the first of its deciding decisions ``(index, event, players,
    href)``, the decision of its own trace where it first fixed a fact the other side fixed
    otherwise; None when a side names none (or the sides are one rulebook: ``c.index``)."""
    if c.same_system or not c.players:
        return None
    firsts = [c.decisions(side)[:1] for side in (c.left, c.right)]
    if not all(firsts):
        return None
    return tuple((i, e, ps, href) for [(i, e, ps)], href in zip(firsts, hrefs))


def filed_lines(c: Comparison, filed) -> list[str]:
    """Per side, whether its pairing is the file's own round (``filed``: the left's and the
    right's :class:`~dubov_explain.render.report.Filed`, or None for the round to pair)."""
    if filed is None:
        return []
    W = _words(c)
    head = c.left.trace.events[0]
    r = head.round if isinstance(head, RoundOpened) else None
    out = []
    for name, side, f in (("left", c.left, filed[0]), ("right", c.right, filed[1])):
        bye = getattr(side.trace.result, "bye", None)
        out.append(str(W.filed_side(name, side.label, f, r, bye)).strip())
    return out


def render_markdown(c: Comparison, title: str | None = None, filed=None,
                    steps: tuple[str, str] | None = None) -> str:
    """``steps``: the left's and the right's step-through pages (``compare --steps DIR``):
    every event cited links to its step there (``#step-N``)."""
    hrefs = steps or ("", "")
    head = c.left.trace.events[0]
    table = md_table(["Board", f"Left: {c.left.label}", f"Right: {c.right.label}", ""],
                     _cells(c), align="rll")
    players_table = ""
    if c.players:
        players_table = md_table(["Player", f"Left: {c.left.label}", f"Right: {c.right.label}",
                                  "Decided on the left", "Decided on the right"],
                                 _player_cells(c, hrefs), align="rllll",
                                 raw=(3, 4) if steps else ())  # the decisions' links
    lt, rt = _side_names(c)
    text = E.render(
        "compare.md.j2", c=c, title=title, head=head if isinstance(head, RoundOpened) else None,
        summary_text=summary(c), left=describe(c.event(c.left), c.left.trace),
        right=describe(c.event(c.right), c.right.trace), table=table,
        players_table=players_table, decisions=_decisions(c, hrefs), left_title=lt, right_title=rt,
        filed_lines=filed_lines(c, filed), hrefs=hrefs, first=(first := first_parting(c, hrefs)),
        first_text=[describe(x[1], side.trace) for x, side in zip(first, (c.left, c.right))] if first else (),
    )
    return text.rstrip() + "\n"


def render_text(c: Comparison, title: str | None = None, filed=None) -> str:
    W = _words(c)
    lines = [f"{str(W.heading(c)).strip()}{': ' + title if title else ''}"]
    head = c.left.trace.events[0]
    if isinstance(head, RoundOpened):
        lines.append(f"Round {head.round} of {head.total_rounds}")
    lt, rt = _side_names(c)
    lines += [f"  left:  {c.left.label}" + (f": {lt}" if lt else ""),
              f"  right: {c.right.label}" + (f": {rt}" if rt else ""), "", summary(c)]
    on_file = filed_lines(c, filed)
    if on_file:
        r = head.round if isinstance(head, RoundOpened) else ""
        lines += ["", str(W.filed_title(r)).strip()] + [f"  {x}" for x in on_file]
    if c.same_system and not c.identical:
        lines += ["", "Where they part:"]
        for side, name in ((c.left, "left"), (c.right, "right")):
            lines.append(f"  {name}: " + _plain(describe(c.event(side), side.trace)))
    lines += ["", "Pairings side by side (White first; * = on one side only):"]
    lines += _text_table([("board", "left", "right", "")] + _cells(c))
    if not c.same_system and (first := first_parting(c)) is not None:
        lines += ["", "Where they part:", "  " + _plain(str(W.parting_two(c, first)).strip())]
    if c.players:
        lines += ["", str(W.text_players()).strip()]
        lines += _text_table([("player", "left", "right", "decided on the left",
                               "decided on the right")] + _player_cells(c))
        for (name, side), (_, items) in zip((("left", c.left), ("right", c.right)), _decisions(c)):
            lines += ["", str(W.text_decisions(name, side.label)).strip()]
            for i, text, ps, _href in items:
                lines.append("  " + str(W.text_decision(i, ps, _plain(text))).strip())
    return "\n".join(lines) + "\n"


def _text_table(rows: list[tuple[str, ...]]) -> list[str]:
    w = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(r[i].ljust(w[i]) for i in range(len(r))).rstrip() for r in rows]


def _plain(md: str) -> str:
    text = md.replace("**", "").replace("\\", "")
    return "\n         ".join(line.strip() for line in text.splitlines() if line.strip())


def render_html(c: Comparison, title: str | None = None, filed=None,
                steps: tuple[str, str] | None = None) -> str:
    from .report import html_page

    md = render_markdown(c, title, filed, steps)
    heading = str(_words(c).heading(c)).strip()
    return html_page(md, heading + (f": {title}" if title else ""), kind="compare")


def render_json(c: Comparison, title: str | None = None, filed=None) -> str:
    doc = as_dict(c)
    if title:
        doc = {"title": title, **doc}
    if filed is not None:
        doc["file_round"] = {
            name: {"same": not f.differs, "only_file": [list(g) for g in f.only_file],
                   "only_here": [list(g) for g in f.only_procedure], "file_byes": list(f.byes),
                   "bye_same": f.bye_same}
            for name, f in zip(("left", "right"), filed)}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def render(c: Comparison, fmt: str = "text", title: str | None = None, filed=None,
           steps: tuple[str, str] | None = None) -> str:
    """``filed``: for a round the file already has, each side's pairing against the file's
    own (``render.report.filed_against`` of the left's and the right's trace); ``steps``:
    each side's step-through page, for the Markdown and HTML forms to link to."""
    if fmt == "text":
        return render_text(c, title, filed)
    if fmt in ("md", "markdown"):
        return render_markdown(c, title, filed, steps)
    if fmt == "html":
        return render_html(c, title, filed, steps)
    if fmt == "json":
        return render_json(c, title, filed)
    raise ValueError(f"unknown format {fmt!r}; choose text, md, html or json")


def render_rounds(lines, fmt: str = "text", title: str | None = None, left: str = "",
                  right: str = "") -> str:
    """``compare --all-rounds``: the rounds the two sides pair otherwise (``lines``:
    :class:`~..explain.compare.RoundLine`), in ``fmt``."""
    if fmt == "json":
        doc = {"left": left, "right": right,
               "rounds": [{"round": x.round, "same_pairing": x.same_pairing,
                           "same_games": x.same_games, "boards_differ": x.boards_differ,
                           "players": list(x.players)} for x in lines],
               "differ": [x.round for x in lines if not x.same_pairing]}
        if title:
            doc = {"title": title, **doc}
        return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if fmt not in ("text", "md", "markdown", "html"):
        raise ValueError(f"unknown format {fmt!r}; choose text, md, html or json")
    plain = fmt == "text"
    head = ("round", "pairing", "boards differ", "players differ")
    rows = [(str(x.round), "same" if x.same_pairing else ("colours" if x.same_games else "differs"),
             str(x.boards_differ), ", ".join(map(str, x.players)) or "-") for x in lines]
    table = "\n".join(_text_table([head] + rows)) if plain else md_table(
        ["Round", "Pairing", "Boards differ", "Players differ"], rows, align="rlrl")
    text = E.render("compare_rounds.md.j2", lines=lines, title=title, left=left, right=right,
                    table=table, plain=plain).rstrip() + "\n"
    if fmt == "html":
        from .report import html_page

        return html_page(text, "Rounds compared" + (f": {title}" if title else ""), kind="compare")
    return text
