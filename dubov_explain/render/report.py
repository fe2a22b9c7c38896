"""Round reports and explanation pages: Markdown from the templates, HTML from the Markdown.

One source of wording: the HTML of a report is its Markdown rendered by markdown-it-py,
wrapped in ``templates/page.html.j2`` (navigation, inline CSS).  Nothing here decides
anything: every sentence is read from the trace.
"""

from __future__ import annotations

from ..trace.events import Trace
from . import env as E
from .view import View, md_table


def _pref(r: dict) -> str:
    if not r.get("games_played") and not r.get("colours"):
        return f"{r['strength']} {r['preference']} ({r['preference_rule']})"
    return f"{r['strength']} {r['preference']} ({r['preference_rule']})"


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
    for i, r in enumerate(v.standings_order(), start=1):
        status = "to pair" if r["present"] else f"absent ({r['absence']})"
        extra = [r.get("real_score", r["score"]), r.get("virtual", "0")] if accelerated else []
        rows.append([
            i, r["number"], r["name"], r["rating"], r["score"], *extra, r["aro"],
            r["colours"] or "-", f"{r['colour_difference']:+d}", _pref(r), _upfl(r),
            "yes" if r["bye_eligible"] else "no", status,
        ])
    extra_head = ["Real", "Acc"] if accelerated else []
    return md_table(
        ["Pos", "No", "Name", "Rtg", "Score", *extra_head, "ARO", "Colours", "Diff", "Pref",
         "Upfl", "PAB", "Status"],
        rows, align="rrlrr" + ("rr" if accelerated else "") + "rlrllll",
    )


def boards_table(v: View) -> str:
    pub = v.published
    rows = []
    for i, (w, b) in enumerate(pub.boards if pub else (), start=1):
        rows.append([i, w, v.name(w), v.score(w), b, v.name(b), v.score(b)])
    return md_table(["Board", "White", "Name", "Pts", "Black", "Name", "Pts"], rows, align="rrlrrlr")


def round_report_md(trace: Trace, title: str | None = None) -> str:
    """The round report as Markdown (also the plain-text report)."""
    v = View(trace, title)
    bars = [(r["number"], r["bye_bar"]) for r in v.standings_order() if not r["bye_eligible"]]
    text = E.render(
        "round.md.j2", v=v, standings_table=standings_table(v), boards_table=boards_table(v),
        bars=bars,
    )
    return _tidy(text)


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


def round_report_html(trace: Trace, title: str | None = None) -> str:
    md = round_report_md(trace, title)
    v = View(trace, title)
    page_title = f"Round {v.round} pairing" + (f": {title}" if title else "")
    return html_page(md, page_title)


def round_output(trace: Trace, fmt: str, title: str | None = None) -> str:
    """The round in one of the CLI's formats: md, html (the report) or json (the trace)."""
    if fmt in ("md", "text"):
        return round_report_md(trace, title)
    if fmt == "html":
        return round_report_html(trace, title)
    if fmt == "json":
        return trace.to_json()
    raise ValueError(f"unknown format {fmt!r}")


def report_for_path(trace: Trace, path: str, title: str | None = None) -> str:
    """The round report in the format the file's suffix names (.md / .html)."""
    suffix = path.lower().rsplit(".", 1)[-1] if "." in path else ""
    if suffix in ("md", "markdown", "txt"):
        return round_report_md(trace, title)
    if suffix in ("html", "htm"):
        return round_report_html(trace, title)
    raise ValueError(f"--report {path}: the file name must end in .md or .html")
