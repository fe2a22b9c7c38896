"""Final (or current) standings with tie-breaks, and a crosstable: text, Markdown, HTML,
CSV and JSON; and the answer of ``explain --standing``.

The layout is here; the words are in ``templates/standings.md.j2`` and
``templates/standing.md.j2`` (names escaped with the ``md`` filter, Markdown to HTML with
raw HTML off, as every page of the project).  C.07's article numbers reach the templates
as numbers from the data, never as literals.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from ..safetext import escape_controls
from ..tiebreaks.compute import format_value
from ..tiebreaks.ranking import Standings, StandingAnswer
from . import env as E
from .report import _tidy, html_page

#: what a crosstable cell shows for a round without a game
_BYE_CELL = {"pab": "PAB", "full-point-bye": "F", "half-point-bye": "H",
             "zero-point-bye": "Z", "absent": "-"}
_RESULT = {"1": "1", "W": "1", "0": "0", "L": "0", "=": "½", "D": "½", "+": "+", "-": "-"}

#: C.07's articles the pages cite (numbers, so that no page shell names one as text)
ARTICLES = {"ranking": (4, 2), "lots": (4, 2), "unrated": (10,), "cut": (14,),
            "vur_cut": (16, 5), "fore": (8, 3)}


def _cell(t, number: int, rnd: int) -> str:
    p = t.player(number)
    e = p.entry(rnd)
    if e is None:
        return "-"
    if e.opponent is None:
        return {"U": "PAB", "F": "F", "H": "H", "Z": "Z"}.get(e.code, "-")
    colour = e.colour._value_ if e.colour is not None else "-"
    return f"{e.opponent}{colour}{_RESULT.get(e.code, '?')}"


def view(s: Standings) -> dict[str, Any]:
    """The standings as plain data (strings and numbers): what every format shows."""
    t = s.tournament
    players = []
    for r in s.rows:
        players.append({
            "rank": r.rank, "tied": r.tied, "number": r.number, "name": r.name,
            "rating": r.rating, "points": format_value(r.points),
            "tiebreaks": [format_value(v.value) for v in r.values],
            "rounds": [_cell(t, r.number, k) for k in range(1, s.rounds + 1)],
        })
    return {
        "title": t.name or t.source, "final": s.final, "rounds": s.rounds, "total": s.total,
        "tiebreaks": [tb.text for tb in s.tiebreaks],
        "tiebreak_names": [tb.name for tb in s.tiebreaks],
        "source": s.source, "dropped": list(s.dropped), "players": players,
        "articles": ARTICLES,
    }


def _heading(v: dict) -> str:
    if v["final"]:
        return f"Final standings after round {v['rounds']} of {v['total']}"
    total = f" of {v['total']}" if v["total"] else ""
    return f"Standings after round {v['rounds']}{total} (tournament in progress)"


def _source(v: dict) -> str:
    where = {"--tiebreaks": "from --tiebreaks", "212": "from the file's 212 record",
             "202": "from the file's 202 record",
             "default": "the default list: the file has no 212/202 record"}
    return where.get(v["source"], v["source"])


def standings_text(s: Standings) -> str:
    v = view(s)
    cols = ["Rank", "No", "Name", "Rtg", "Pts", *v["tiebreaks"]]
    rows = [[f"{p['rank']}{'=' if p['tied'] else ''}", str(p["number"]),
             escape_controls(p["name"][:24]), str(p["rating"]), p["points"], *p["tiebreaks"]]
            for p in v["players"]]
    right = {0, 1, 3, 4} | set(range(5, len(cols)))
    out = [_heading(v), f"Tie-breaks: {', '.join(v['tiebreaks']) or 'none'} ({_source(v)})", ""]
    out += _columns(cols, rows, right)
    cross_cols = ["Rank", "No", "Name", *[str(k) for k in range(1, v["rounds"] + 1)], "Pts"]
    cross = [[f"{p['rank']}{'=' if p['tied'] else ''}", str(p["number"]),
              escape_controls(p["name"][:24]), *p["rounds"], p["points"]] for p in v["players"]]
    out += ["", "Crosstable (opponent, colour, result; PAB, H, F, Z byes; - no game)", ""]
    out += _columns(cross_cols, cross, {0, 1} | set(range(3, len(cross_cols))))
    out += _notes(v)
    return "\n".join(out) + "\n"


def _notes(v: dict) -> list[str]:
    notes = []
    if any(p["tied"] for p in v["players"]):
        lots = ".".join(str(n) for n in ARTICLES["lots"])
        notes.append(f"= tied after every tie-break: C.07 {lots} leaves them to lots, or to "
                     "the tournament's rules; listed by starting number")
    if v["dropped"]:
        notes.append(f"{', '.join(v['dropped'])}: dropped (-), unrated players are present "
                     "(C.07 Article 10)")
    return [""] + notes if notes else []


def _columns(cols, rows, right) -> list[str]:
    widths = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(cols)]

    def line(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return [line(cols), line(["-" * w for w in widths])] + [line(r) for r in rows]


def standings_md(s: Standings) -> str:
    v = view(s)
    rows = [[f"{p['rank']}{'=' if p['tied'] else ''}", p["number"], p["name"], p["rating"],
             p["points"], *p["tiebreaks"]] for p in v["players"]]
    cross = [[f"{p['rank']}{'=' if p['tied'] else ''}", p["number"], p["name"], *p["rounds"],
              p["points"]] for p in v["players"]]
    return _tidy(E.render("standings.md.j2", s=v, heading=_heading(v), source=_source(v),
                          notes=[n for n in _notes(v) if n], rows_standings=rows,
                          rows_cross=cross,
                          rounds_head=[str(k) for k in range(1, v["rounds"] + 1)]))


def standings_html(s: Standings) -> str:
    v = view(s)
    return html_page(standings_md(s), f"{_heading(v)}: {v['title']}", "report")


def _csv_cell(text: str) -> str:
    """A name as a spreadsheet cell: one starting with = + - @ is not read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def standings_csv(s: Standings) -> str:
    """One row per player: rank, number, name, rating, points, a column per tie-break
    headed by its acronym (as the list writes it: ``BH/C1``)."""
    v = view(s)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Rank", "No", "Name", "Rtg", "Pts", *v["tiebreaks"]])
    for p in v["players"]:
        w.writerow([p["rank"], p["number"], _csv_cell(escape_controls(p["name"])), p["rating"],
                    p["points"], *p["tiebreaks"]])
    return buf.getvalue()


def standings_json(s: Standings) -> str:
    v = view(s)
    doc = {k: v[k] for k in ("title", "final", "rounds", "total", "tiebreaks", "source",
                             "dropped")}
    doc["players"] = [{
        "rank": p["rank"], "tied": p["tied"], "number": p["number"], "name": p["name"],
        "rating": p["rating"], "points": p["points"],
        "tiebreaks": dict(zip(v["tiebreaks"], p["tiebreaks"])), "rounds": p["rounds"],
    } for p in v["players"]]
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


RENDER = {"text": standings_text, "md": standings_md, "html": standings_html,
          "csv": standings_csv, "json": standings_json}


# -- explain --standing --------------------------------------------------------------------

def _value_view(s: Standings, number: int, i: int) -> dict[str, Any]:
    """One player's value of the ``i``-th tie-break, with its elements as table rows."""
    val = s.row(number).values[i]
    tb = val.tiebreak
    rows = []
    for e in val.elements:
        rows.append({
            "round": e.round, "kind": e.kind, "opponent": e.opponent,
            "opponent_name": s.tournament.player(e.opponent).name if e.opponent else "",
            "score": format_value(e.score), "scored": format_value(e.scored),
            "value": format_value(e.value), "vur": e.vur,
            "real": format_value(e.real) if e.real is not None else "",
            "article": list(e.article), "category": list(e.category), "cut": e.cut,
        })
    return {"code": tb.code, "text": tb.text, "name": tb.name, "article": list(tb.article),
            "value": format_value(val.value), "elements": rows, "facts": dict(val.facts),
            "cut_low": tb.cut_low, "cut_high": tb.cut_high, "higher_first": tb.higher_first}


def _comparison(s: Standings, c) -> dict[str, Any] | None:
    if c is None:
        return None
    out = {"by": c.by, "above": _row(c.above), "below": _row(c.below),
           "equal": [{"text": s.tiebreaks[i].text,
                      "value": format_value(c.above.values[i].value)} for i in c.equal]}
    if c.by == "tiebreak":
        out["tiebreak"] = s.tiebreaks[c.index].text
        out["above_value"] = _value_view(s, c.above.number, c.index)
        out["below_value"] = _value_view(s, c.below.number, c.index)
    return out


def _row(r) -> dict[str, Any]:
    return {"rank": r.rank, "number": r.number, "name": r.name, "points": format_value(r.points),
            "tied": r.tied}


def standing_data(a: StandingAnswer) -> dict[str, Any]:
    s = a.standings
    return {"player": _row(a.player), "final": s.final, "rounds": s.rounds, "total": s.total,
            "tiebreaks": [tb.text for tb in s.tiebreaks], "source": s.source,
            "above": _comparison(s, a.above), "below": _comparison(s, a.below),
            "articles": ARTICLES, "draw": format_value(s.field.draw) if s.field else "0.5"}


def standing_md(a: StandingAnswer) -> str:
    d = standing_data(a)
    v = view(a.standings)
    return _tidy(E.render("standing.md.j2", a=d, heading=_heading(v), source=_source(v)))


def standing_html(a: StandingAnswer) -> str:
    d = standing_data(a)
    return html_page(standing_md(a), f"Why {d['player']['number']} {d['player']['name']} "
                     f"is {d['player']['rank']}", "explanation")


def standing_json(a: StandingAnswer) -> str:
    return json.dumps(standing_data(a), indent=2, ensure_ascii=False) + "\n"
