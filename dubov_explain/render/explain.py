"""Player explanations and why-not answers as Markdown, HTML and JSON.

The data come from :mod:`dubov_explain.explain.why` (which reads traces and, for why-not,
compares a what-if trace with the real one): codes, numbers and event indices.  The words
come from the page shells ``templates/whynot.md.j2`` and ``templates/player.md.j2`` and the
rulebook's ``why.md.j2`` (one macro per case).  JSON is the structured answer itself.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..rulebooks import system_of
from ..trace.events import Event, Trace, event_from_dict
from . import env as E
from .report import _tidy, html_page
from .view import View, preference_cell


def _event(d: dict | None, trace: Trace) -> Event | None:
    if not d:
        return None
    return event_from_dict(d, system_of(trace))


def why_not_md(w, trace: Trace, title: str | None = None) -> str:
    v = View(trace, title)
    return _tidy(E.render("whynot.md.j2", w=w, v=v,
                           real_event=_event(w.real, trace), what_if_event=_event(w.what_if, trace)))


def player_md(x, trace: Trace, title: str | None = None) -> str:
    v = View(trace, title)
    rows = []
    for n in [x.player] + ([x.opponent] if x.opponent is not None else []):
        r = v.row(n)
        rows.append([f"{n} {r['name']}", r["colours"] or "none", f"{r['colour_difference']:+d}",
                     preference_cell(r)])
    W = E.environment().get_template("words.md.j2").module
    history = [[h["round"], f"{h['opponent']} {v.name(h['opponent'])}".strip() if h["opponent"] else "—",
                str(W.colour_word(h["colour"])), str(W.result_words(h["code"]))] for h in x.history]
    return _tidy(E.render("player.md.j2", x=x, v=v, colour_rows=rows, history_rows=history))


def why_not_html(w, trace: Trace, title: str | None = None) -> str:
    return html_page(why_not_md(w, trace, title), f"Why not {w.player}–{w.against}?", "explanation")


def player_html(x, trace: Trace, title: str | None = None) -> str:
    v = View(trace, title)
    return html_page(player_md(x, trace, title), f"Player {x.player} {v.name(x.player)}: round {x.round}",
                     "explanation")


def why_not_answer(w, trace: Trace | None = None) -> str:
    """The one-line answer of a why-not, in the rulebook's words (no Markdown escapes)."""
    return str(E.rulebook_words(system_of(trace), "why.md.j2").answer(w)).strip()


def player_sentences(x, trace: Trace) -> dict[str, Any]:
    """The sentences of a player page, part by part (``bye``: one; ``upfloat``, ``groups``,
    ``pairing``: one per fact), as the rulebook's ``why.md.j2`` words them."""
    W = E.rulebook_words(system_of(trace), "why.md.j2")
    v = View(trace)
    return {
        "bye": str(W.bye(x, v)).strip(),
        **{part: [str(W.item(i, x, v)).strip() for i in getattr(x, part)]
           for part in ("upfloat", "groups", "pairing")},
    }


def to_json(obj) -> str:
    return json.dumps(obj.to_dict(), indent=1, ensure_ascii=False) + "\n"


#: names of the procedure's inner groups, kept out of a reply unless it is technical
TECHNICAL = re.compile(r"\b(?:G1|G2|S1|S2|T1|T2)\b")


def _quote(system: str, technical: bool = False):
    """The article's own words, shortened to its first sentence (for a reply)."""
    from ..rulebooks import find_rulebook

    rb = find_rulebook(system)

    def quote(cited: str) -> str:
        try:
            parts = rb.article_text(cited)
        except Exception:  # noqa: BLE001 - an article the text does not have: no quote
            return ""
        if not parts:
            return ""
        text = parts[0][1].split("\n")[0]
        words = text.split()
        while words and (words[0][:1].isdigit() or words[0].startswith("[")):
            words.pop(0)
        text = " ".join(words).replace("\xa0", " ")
        first = text.split(". ")[0].rstrip(".")
        if not technical and TECHNICAL.search(first):
            return ""
        return first if len(first) <= 200 else first[:197].rsplit(" ", 1)[0] + "..."

    return quote


def has_reply(trace: Trace) -> bool:
    """Whether the trace's rulebook words replies (its ``why.md.j2`` has ``reply``)."""
    return hasattr(E.rulebook_words(system_of(trace), "why.md.j2"), "reply")


def reply_text(r, trace: Trace) -> str:
    """A reply to the player (``explain --reply``): plain text, no Markdown escapes."""
    v = View(trace)
    W = E.rulebook_words(v.system, "why.md.j2")
    text = str(W.reply(r, v, _quote(v.system, r.technical)))
    text = re.sub(r"\\(.)", r"\1", text)
    text = re.sub(r"(?<!\.)\.\.(?=\s|$)", ".", text)  # a name that ends a sentence with its own stop
    out = []
    for para in [p for p in text.strip().split("\n\n") if p.strip()]:
        out.append(_wrap(" ".join(para.split())) if not para.startswith("Dear") else para.strip())
    return "\n\n".join(out) + "\n"


def _wrap(s: str, width: int = 88) -> str:
    import textwrap

    return textwrap.fill(s, width=width, break_long_words=False, break_on_hyphens=False)


def reply_html(r, trace: Trace) -> str:
    """The reply as a page: every paragraph escaped whole (a reply is plain text)."""
    from .view import md_escape

    v = View(trace)
    text = reply_text(r, trace)
    md = "\n\n".join(md_escape(" ".join(p.split())) for p in text.split("\n\n"))
    return html_page(md, f"Reply to {r.player} {v.name(r.player)}: round {r.round}", "explanation")
