"""The standings before a round as tables: Markdown, HTML and JSON beside the terminal's
text (``text.standings_table``), and the check-list of JaVaFo and bbpPairings (``-l``).

Every format is built from the same rows (:func:`standings_rows`), so a column means the
same in all of them (``docs/arbiters.md`` lists the columns).  Player data are user text:
escaped for Markdown (``view.md_escape``), by the page for HTML, by ``json`` for JSON.
"""

from __future__ import annotations

import json
from typing import Any

from ..safetext import escape_controls
from ..tournament.model import Tournament
from . import view as V

FORMATS = ("text", "md", "html", "json")

#: the columns of :func:`standings_rows`, in order (``Real``/``Acc`` only when a player has
#: acceleration points)
COLUMNS = ("No", "Name", "Rtg", "Rank", "Score", "Real", "Acc", "Colours", "Diff", "Pref",
           "ARO", "Games", "Upfl", "Prev", "PAB ok", "Status")


def _fmt(score) -> str:
    return f"{float(score):.1f}"


def _sorted(st: Any) -> list:
    return sorted(st.players, key=lambda p: (-p.score, p.initial_rank))


def standings_rows(st: Any) -> tuple[list[str], list[dict[str, Any]]]:
    """(columns, one dict per player in standings order) of the rulebook's standings."""
    accelerated = any(getattr(p, "accelerated", False) for p in st.players)
    cols = [c for c in COLUMNS if accelerated or c not in ("Real", "Acc")]
    rows = []
    for p in _sorted(st):
        row = {
            "No": p.number, "Name": p.name, "Rtg": p.rating, "Rank": p.initial_rank,
            "Score": _fmt(p.score), "Real": _fmt(p.points), "Acc": _fmt(p.virtual),
            "Colours": "".join(c.value.upper() for c in p.colours) or "-",
            "Diff": f"{p.colour_difference:+d}",
            "Pref": f"{p.strength.value} {p.preference.word}",
            "ARO": p.aro, "Games": p.games_played,
            "Upfl": f"{p.upfloats}{'*' if p.max_upfloater else ''}",
            "Prev": "yes" if p.upfloated_previous else "no",
            "PAB ok": "yes" if p.bye_eligible else "no",
            "Status": "to pair" if p.present else f"absent ({p.absence})",
        }
        rows.append({c: row[c] for c in cols})
    return cols, rows


def standings_markdown(st: Any, t: Tournament, system: str) -> str:
    """The standings as a Markdown table under a heading (reads as plain text too)."""
    from .env import rulebook_words

    W = rulebook_words(system, "standings.txt.j2")
    cols, rows = standings_rows(st)
    title = f"# Standings{': ' + V.md_escape(t.name) if t.name else ''}"
    table = V.md_table(cols, [[r[c] for c in cols] for r in rows],
                       align="".join("r" if c in ("No", "Rtg", "Rank", "Score", "Real", "Acc",
                                                  "ARO", "Games") else "l" for c in cols))
    return f"{title}\n\n{V.md_escape(str(W.head(st)))}\n\n{table}\n"


def standings_json(st: Any, t: Tournament, system: str) -> str:
    """The standings as JSON: the round, the rulebook and one object per player."""
    cols, rows = standings_rows(st)
    doc = {"tournament": t.name, "system": system, "round": t.round_to_pair,
           "total_rounds": t.total_rounds, "columns": cols, "players": rows}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def render_standings(st: Any, t: Tournament, fmt: str = "text", system: str = "") -> str:
    """The standings in one of :data:`FORMATS`."""
    if fmt == "text":
        from .text import standings_table

        return standings_table(st, t, system)
    if fmt == "md":
        return standings_markdown(st, t, system)
    if fmt == "html":
        from .report import html_page

        return html_page(standings_markdown(st, t, system), t.name or "Standings",
                         kind="standings")
    if fmt == "json":
        return standings_json(st, t, system)
    raise ValueError(f"format {fmt!r}: one of {', '.join(FORMATS)}")


# --------------------------------------------------------------------------- check-list

def _preference(p: Any) -> str:
    """bbpPairings' Pref cell: ``W ``/``B `` absolute, ``(W)``/``(B)`` strong, ``w ``/``b ``
    mild, ``A `` none."""
    word = getattr(p.preference, "word", "")
    strength = getattr(p.strength, "value", "")
    letter = "W" if word.lower().startswith("w") else "B" if word.lower().startswith("b") else ""
    if not letter or strength in ("", "none"):
        return "A "
    if strength == "absolute":
        return f"{letter} "
    if strength == "strong":
        return f"({letter})"
    return f"{letter.lower()} "


def checklist_text(st: Any, t: Tournament, current: dict[int, str] | None,
                   book: Any) -> str:
    """The check-list of JaVaFo and bbpPairings (``-l``), in bbpPairings' layout (its
    README, "Checklist", and ``printChecklist`` of ``src/swisssystems/common.cpp``): a blank
    line, then a header row and one row per player, every cell right-aligned to its
    column's width and followed by a tab; a blank line before the first player and between
    score groups; three line ends after the table.

    Columns: ``ID``, ``Pts`` (the score for pairing, one decimal), the colours of the games
    played (``W``/``B``, headed by one ``-`` more than the rounds played), ``Pref`` (``W ``,
    ``B `` absolute, ``(W)``, ``(B)`` strong, ``w ``, ``b `` mild, ``A `` none), then the
    system-specific columns of the rulebook ``book`` (``Rulebook.checklist_columns``: for
    the Dubov texts ``PAB`` (may receive the pairing-allocated bye, ``Y``/``N``), ``ARO``,
    ``Upf`` (times upfloated, ``*`` when the most allowed); for the Dutch family
    bbpPairings' own three, headed by each edition's rules: ``base.FloatChecklist``),
    ``Cur`` (with ``current``: the opponent and
    colour in the round paired, ``(12W)``, or ``(bye)``); then an empty column and ``R1``...
    ``Rn``, the opponent of each game played (empty for a round without a game).
    """
    played = t.round_to_pair - 1
    header = ["ID", "Pts", "-" * (played + 1), "Pref", *book.checklist_columns, "Cur", ""]
    header += [f"R{k}" for k in range(1, played + 1)]
    by_number = t.by_number
    rows: list[tuple[Any, list[str]]] = []
    for p in _sorted(st):
        player = by_number.get(p.number)
        opponents = []
        for k in range(1, played + 1):
            e = player.entry(k) if player is not None else None
            opponents.append(str(e.opponent) if e is not None and e.played else "")
        cur = (current or {}).get(p.number, "")
        rows.append((p.score, [
            str(p.number), _fmt(p.score),
            "".join(c.value.upper() for c in p.colours), _preference(p),
            *book.checklist_cells(p), cur, "", *opponents]))
    widths = [len(h) for h in header]
    for _, cells in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, cells)]

    def line(cells: list[str]) -> str:
        return "".join(escape_controls(c).rjust(w) + "\t" for c, w in zip(cells, widths))

    out = ["", line(header)]
    previous = None
    for score, cells in rows:
        if previous is None or score != previous:
            out.append("")
        out.append(line(cells))
        previous = score
    return "\n".join(out) + "\n\n\n"


def current_cells(boards, bye) -> dict[int, str]:
    """``Cur`` cells of :func:`checklist_text` from a pairing: ``(12W)``, ``(bye)``."""
    out: dict[int, str] = {}
    for w, b in boards:
        out[w], out[b] = f"({b}W)", f"({w}B)"
    if bye is not None:
        out[bye] = "(bye)"
    return out
