"""Round reports and explanation pages: Markdown from the templates, HTML from the Markdown.

The round report tells the round as a story: the boards, the file's own round when it is
paired again (``--round``), the exceptions sheet (the rulebook's ``sheet``), then every
decision with the routine pairs folded.  One source of wording: the HTML of a report is
its Markdown rendered by markdown-it-py, wrapped in ``templates/page.html.j2`` (navigation,
inline CSS); on the way the folds become ``<details>``, article numbers link to their text
quoted at the end of the page, and names to the player's standings row (``#p-N``), all
inside the one file.  Nothing here decides anything: every sentence is read from the trace.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ..records import dataclass
from ..rulebooks import RULEBOOKS
from ..rulebooks import sections as S
from ..trace.events import Trace
from . import env as E
from .view import View, md_table, preference_cell


def _upfl(r: dict) -> str:
    s = str(r["upfloats"])
    if r.get("max_upfloater"):
        s += " max"
    if r.get("upfloated_previous"):
        s += " prev"
    return s


def standings_table(v: View) -> str:
    """The standings rows; in an accelerated round (rows with ``real_score``) the score is
    the pairing score and two columns say the real score and the acceleration points."""
    rows = []
    accelerated = any("real_score" in r for r in v.rows.values())
    # a rulebook whose rows keep a float history (the Dutch family: A.4, read by B.5, B.6)
    # shows it, up and down, in place of the Dubov columns (ARO, upfloats) it does not use
    history = bool(v.rows) and all("floats" in r for r in v.rows.values())
    for i, r in enumerate(v.standings_order(), start=1):
        status = "to pair" if r["present"] else f"absent ({r['absence']})"
        extra = [r.get("real_score", r["score"]), r.get("virtual", "0")] if accelerated else []
        rows.append([
            i, r["number"], v.name_cell(r["number"]), r["rating"], r["score"], *extra,
            *([] if history else [r["aro"]]),
            r["colours"] or "-", f"{r['colour_difference']:+d}", preference_cell(r),
            _floats(r) if history else _upfl(r),
            "yes" if r["bye_eligible"] else "no", status,
        ])
    extra_head = ["Real", "Acc"] if accelerated else []
    return md_table(
        ["Pos", "No", "Name", "Rtg", "Score", *extra_head, *([] if history else ["ARO"]), "Colours", "Diff",
         "Pref", "Floats" if history else "Upfl", "PAB", "Status"],
        rows, align="rrlrr" + ("rr" if accelerated else "") + ("" if history else "r") + "lrllll",
        raw=(2,) if v.links else (),
    )


def _floats(r: dict) -> str:
    """The float history as the rows hold it, oldest first: D down, U up, - none."""
    return str(r["floats"]) or "-"


def boards_table(v: View) -> str:
    pub = v.published
    rows = []
    for i, (w, b) in enumerate(pub.boards if pub else (), start=1):
        rows.append([i, w, v.name_cell(w), v.score(w), b, v.name_cell(b), v.score(b)])
    return md_table(["Board", "White", "Name", "Pts", "Black", "Name", "Pts"], rows,
                    align="rrlrrlr", raw=(2, 5) if v.links else ())


#: the lines that open and close a fold of the story in the Markdown the HTML is made
#: from; each is a paragraph of its own, which no event or name can be (see html_page)
FOLD_OPEN = "@@fold-open@@"
FOLD_CLOSE = "@@fold-close@@"


@dataclass(frozen=True)
class Filed:
    """The file's own pairing of the round the report pairs again (``--round R``): the
    games as (white, black) and the players the file gives a bye, compared with the
    procedure's (``only_file``/``only_procedure``: games, colours included, on one side)."""

    games: tuple[tuple[int, int], ...]
    byes: tuple[int, ...]
    only_file: tuple[tuple[int, int], ...] = ()
    only_procedure: tuple[tuple[int, int], ...] = ()
    bye_same: bool = True

    @property
    def differs(self) -> bool:
        return bool(self.only_file or self.only_procedure or not self.bye_same)


def filed_against(trace: Trace, games, byes, uncoloured=()) -> Filed:
    """The file's round (``games`` as (white, black), ``byes`` the players with a pairing
    bye) against the trace's published pairing; a game in ``uncoloured`` (pairs the file
    gives no colours, e.g. a forfeit) matches either way round."""
    pub = trace.events[-1] if trace.events else None
    boards = tuple(tuple(b) for b in getattr(pub, "boards", ()) or ())
    loose = {frozenset(g) for g in uncoloured}

    def key(g) -> object:
        return frozenset(g) if frozenset(g) in loose else tuple(g)

    mine = {key(b) for b in boards}
    theirs = {key(g) for g in games}
    bye = getattr(pub, "bye", None)
    return Filed(tuple(tuple(g) for g in games), tuple(byes),
                 tuple(tuple(g) for g in games if key(g) not in mine),
                 tuple(b for b in boards if key(b) not in theirs),
                 set(byes) == ({bye} if bye is not None else set()))


def round_report_md(trace: Trace, title: str | None = None, *, filed: Filed | None = None,
                    links: bool = False, source: str = "", changes: list | None = None) -> str:
    """The round report as Markdown (also the plain-text report): the boards, the
    exceptions sheet (the rulebook's ``sheet``), then the story with routine pairs folded.
    ``filed``: the file's own pairing of the round, when the round is already in the
    file; ``links``: names as links to their standings row (the HTML page's Markdown);
    ``changes``: the other reading values that pair the round otherwise
    (``app.readings_that_change``; None when they were not tried)."""
    v = View(trace, title, links=links)
    bars = [(r["number"], r["bye_bar"]) for r in v.standings_order() if not r["bye_eligible"]]
    book = RULEBOOKS.get(v.system)
    sheet = S.sheet(trace, book) if book is not None else S.Sheet((), ())
    nondefault = [r for r in v.readings() if "(default:" in r[1]]
    text = E.render(
        "round.md.j2", v=v, standings_table=standings_table(v), boards_table=boards_table(v),
        bars=bars, sheet=sheet, fold=S.fold, nondefault=nondefault, filed=filed,
        fold_open=FOLD_OPEN if links else "", fold_close=FOLD_CLOSE if links else "",
        explain_hint=_explain_hint(v, source), changes=changes,
        tried=_tried(book, changes, trace),
    )
    return _tidy(text)


def _tried(book, changes, trace) -> int:
    """How many other reading values were paired (when ``changes`` was computed): those of
    the readings the round's header lists (``explain.why.other_readings``: the acceleration
    readings of a round without acceleration cannot change it and are not paired under)."""
    if changes is None or book is None:
        return 0
    opened = trace.events[0] if trace.events else None
    listed = getattr(opened, "readings", None)
    return sum(len(r.choices) - 1 for r in book.catalogue if listed is None or r.name in listed)


def _explain_hint(v: View, source: str) -> str:
    cmd = f"dubov-explain explain {source or 'FILE'} --round {v.round} --player N"
    return (f"One player's round in full (standing, bye, bracket, opponent, colour, history): "
            f"`{cmd}`; with `--against M`, why not M; with `--reply`, a letter for the player.")


def _tidy(text: str) -> str:
    """At most one blank line in a row, one newline at the end."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.rstrip()
        if not line and out and not out[-1]:
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def html_page(markdown_text: str, title: str, kind: str = "report") -> str:
    """A self-contained HTML page: the Markdown rendered, a navigation bar of its sections."""
    body, nav = E.markdown_page(markdown_text, heading_ids=True, level=2)
    return E.render("page.html.j2", title=title, body=body, nav=nav, kind=kind)


def round_report_html(trace: Trace, title: str | None = None, *, filed: Filed | None = None,
                      source: str = "", changes: list | None = None) -> str:
    """The report as one self-contained page: its Markdown (names linked to their standings
    row, ``#p-N``) rendered, the routine pairs folded in ``<details>``, every article
    number of the rulebook's text linked to its quotation in an appendix of the page."""
    md = round_report_md(trace, title, filed=filed, links=True, source=source, changes=changes)
    v = View(trace, title)
    page_title = f"Round {v.round} pairing" + (f": {title}" if title else "")
    book = RULEBOOKS.get(v.system)
    numbers = frozenset(book.article_numbers()) if book is not None else frozenset()
    cited: list[str] = []
    body, nav = E.markdown_page(md, heading_ids=True, level=2,
                                hook=lambda tokens: _link_tokens(tokens, numbers, cited))
    body = _folds(str(body))
    appendix = _appendix(book, cited)
    if appendix:
        nav = list(nav) + [("articles-cited", "Articles cited")]
    return E.render("page.html.j2", title=page_title, body=Markup(body) + appendix, nav=nav,
                    kind="report")


#: an article citation inside parentheses: "(2.2.6)", "(2.2.2, 4.2)", "(5.2.2: grant both
#: ...)", "(C.2, A.6, A.8)": each item of the list whose first word is an article number
_PAREN = re.compile(r"\(([^()]*)\)")
_ITEM = re.compile(r"^\s*([A-Z]\.\d+(?:\.[0-9a-z]+)*|\d+(?:\.\d+)*)(?=\s*(?::|$))")
#: a criterion in brackets, anywhere: "[C7]"
_CRIT = re.compile(r"\[(C\d+)\]")


def article_anchor(number: str) -> str:
    return "art-" + number


def _citations(text: str, numbers: frozenset[str]) -> list[tuple[int, int, str]]:
    """``(start, end, number)`` of the article citations in a run of text."""
    found = {}
    for m in _CRIT.finditer(text):
        if m.group(1) in numbers:
            found[m.start()] = (m.start(), m.end(), m.group(1))
    for m in _PAREN.finditer(text):
        pos = m.start(1)
        first, previous = True, False
        for part in re.split(r"(,|;)", m.group(1)):
            if part in (",", ";"):
                pos += len(part)
                continue
            im = _ITEM.match(part)
            number = im.group(1) if im else ""
            # "5" or "2.5" may be a score ("scores 5, 5; 2.2.2, 4.2"): such a number is a
            # citation only first in the parentheses or right after another citation
            plain = bool(re.fullmatch(r"\d+(?:\.\d+)?", number))
            previous = number in numbers and (not plain or first or previous)
            if previous:
                a = pos + im.start(1)
                found.setdefault(a, (a, a + len(number), number))
            first = False
            pos += len(part)
    return [found[k] for k in sorted(found)]


def _link_tokens(tokens, numbers: frozenset[str], cited: list[str]) -> None:
    """Article numbers in the text become links to their quotation (``#art-N``); each
    standings row gets the player's anchor (``id="p-N"``)."""
    from markdown_it.token import Token

    in_standings = title = False
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and i + 1 < len(tokens):
            in_standings = tokens[i + 1].content.startswith("Standings before round")
            title = tok.tag == "h1"  # the page title holds the file's name: user data
        elif tok.type == "heading_close":
            title = False
        if in_standings and tok.type == "tr_open":
            j = i + 1
            cells = []
            while j < len(tokens) and tokens[j].type != "tr_close" and len(cells) < 2:
                if tokens[j].type == "inline":
                    cells.append(tokens[j].content)
                j += 1
            if len(cells) == 2 and cells[1].strip().isdigit():
                tok.attrSet("id", f"p-{int(cells[1])}")
        if tok.type != "inline" or not tok.children or not numbers or title:
            continue
        out = []
        inside_link = False
        for child in tok.children:
            if child.type == "link_open":
                inside_link = True
            elif child.type == "link_close":
                inside_link = False
            if child.type != "text" or inside_link:
                out.append(child)
                continue
            text, at = child.content, 0
            for a, b, number in _citations(text, numbers):
                if a > at:
                    out.append(_text(Token, text[at:a]))
                link = Token("link_open", "a", 1)
                link.attrSet("href", "#" + article_anchor(number))
                link.attrSet("class", "art")
                out += [link, _text(Token, text[a:b]), Token("link_close", "a", -1)]
                if number not in cited:
                    cited.append(number)
                at = b
            if at == 0:
                out.append(child)
            elif at < len(text):
                out.append(_text(Token, text[at:]))
        tok.children = out


def _text(Token, content: str):
    t = Token("text", "", 0)
    t.content = content
    return t


_FOLD = re.compile(r"<p>" + re.escape(FOLD_OPEN) + r"</p>\s*<p>(.*?)</p>", re.S)


def _folds(html: str) -> str:
    """The routine pairs of a group in ``<details>``, their heading as the summary."""
    html = _FOLD.sub(lambda m: f'<details class="routine"><summary>{m.group(1)}</summary>', html)
    return html.replace(f"<p>{FOLD_CLOSE}</p>", "</details>")


def _appendix(book, cited: list[str]) -> Markup:
    """The text of every article the page cites, in the order of the text, each under
    its anchor: the page's links need nothing outside it."""
    if book is None or not cited:
        return Markup("")
    order = {n: i for i, n in enumerate(sorted(book.article_numbers(), key=_article_key))}
    parts = ['<section class="articles"><h2 id="articles-cited">Articles cited</h2>',
             f"<p>{escape(book.title)}, {escape(book.edition)}: the text of each article "
             "cited above.</p><dl>"]
    for number in sorted(cited, key=lambda n: order.get(n, len(order))):
        quoted = book.article_text(f"[{number}]" if re.fullmatch(r"C\d+", number) else number)
        text = "\n\n".join(t for _, t in quoted) or number
        parts.append(f'<dt id="{escape(article_anchor(number))}">{escape(number)}</dt>'
                     f'<dd class="quote">{escape(text)}</dd>')
    parts.append("</dl></section>")
    return Markup("".join(parts))


def _article_key(number: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"\.", number))


def round_output(trace: Trace, fmt: str, title: str | None = None, *,
                 filed: Filed | None = None, source: str = "", changes: list | None = None) -> str:
    """The round in one of the CLI's formats: md, html (the report) or json (the trace)."""
    if fmt in ("md", "text"):
        return round_report_md(trace, title, filed=filed, source=source, changes=changes)
    if fmt == "html":
        return round_report_html(trace, title, filed=filed, source=source, changes=changes)
    if fmt == "json":
        return trace.to_json()
    raise ValueError(f"unknown format {fmt!r}")


def report_for_path(trace: Trace, path: str, title: str | None = None, *,
                    filed: Filed | None = None, source: str = "", changes: list | None = None) -> str:
    """The round report in the format the file's suffix names (.md / .html)."""
    suffix = path.lower().rsplit(".", 1)[-1] if "." in path else ""
    if suffix in ("md", "markdown", "txt"):
        return round_report_md(trace, title, filed=filed, source=source, changes=changes)
    if suffix in ("html", "htm"):
        return round_report_html(trace, title, filed=filed, source=source, changes=changes)
    raise ValueError(f"--report {path}: the file name must end in .md or .html")
