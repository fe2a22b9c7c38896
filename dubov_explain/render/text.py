"""Plain-text tables for the terminal (the arbiter's check list).

The layout is here; the rulebook's words around it (which criteria the last round drops,
the article of MaxT, the bye criterion) are in its ``standings.txt.j2``.
"""

from __future__ import annotations

from typing import Any

from ..rulebooks import DEFAULT_SYSTEM
from ..safetext import escape_controls
from ..tournament.model import Tournament
from . import env as E


def _fmt(score) -> str:
    return f"{float(score):.1f}"


def _float_cells(p: Any) -> list[str]:
    """Games, the float history (oldest first: D down, U up, - none), the number of upfloats
    and the previous round's float."""
    letters = "".join({"up": "U", "down": "D"}.get(f, "-") for f in p.floats)
    prev = p.floats[-1] if p.floats and p.floats[-1] else "no"
    return [str(p.games_played), letters or "-", str(sum(f == "up" for f in p.floats)), prev]


def standings_table(st: Any, t: Tournament, system: str = DEFAULT_SYSTEM) -> str:
    """`dubov-explain standings`: one row per player, before the round to pair."""
    W = E.rulebook_words(system, "standings.txt.j2")
    head = str(W.head(st)) + "\n"
    # an accelerated round: Score is the pairing score; Real and Acc say what it is made of
    accelerated = any(getattr(p, "accelerated", False) for p in st.players)
    # a rulebook whose standings keep a float history (the Dutch family: A.4, B.5, B.6) shows
    # it, up and down, in place of the Dubov columns (ARO, upfloat count) it does not use
    history = bool(st.players) and all(hasattr(p, "floats") for p in st.players)
    floats_cols = ["Games", "Floats", "Upfl", "Prev"] if history else ["ARO", "Games", "Upfl", "Prev"]
    cols = ["No", "Name", "Rtg", "Rank", "Score", *(["Real", "Acc"] if accelerated else []),
            "Colours", "Diff", "Pref", *floats_cols, "PAB ok", "Status"]
    rows = []
    for p in sorted(st.players, key=lambda p: (-p.score, p.initial_rank)):
        pref = f"{p.strength.value} {p.preference.word}"
        status = "to pair" if p.present else f"absent ({p.absence})"
        extra = [_fmt(p.points), _fmt(p.virtual)] if accelerated else []
        rows.append([
            str(p.number), escape_controls(p.name[:24]), str(p.rating), str(p.initial_rank), _fmt(p.score),
            *extra,
            "".join(c.value.upper() for c in p.colours) or "-", f"{p.colour_difference:+d}",
            pref, *(_float_cells(p) if history else [
                str(p.aro), str(p.games_played),
                f"{p.upfloats}{'*' if p.max_upfloater else ''}", "yes" if p.upfloated_previous else "no"]),
            "yes" if p.bye_eligible else "no", status,
        ])
    widths = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c) for i, c in enumerate(cols)]
    def line(cells):
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    out = [head, line(cols), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    bars = [p for p in st.players if not p.bye_eligible]
    if bars:
        out.append("")
        out.append(str(W.bars_heading()))
        from .env import phrase  # the rulebook's template words the bar

        out += [f"  {p.number}: {phrase('bye_bar', p.bye_bar.kind, p.bye_bar.round, p.bye_bar.code, system=system)}"
                for p in sorted(bars, key=lambda p: p.number)]
    out.append("")
    out.append(str(W.legend()))
    return "\n".join(out) + "\n"
