"""The words of ``replay``: the JaVaFo/bbpPairings report, our explanation of each
differing round, and the summary line (from :class:`~dubov_explain.explain.replay.ReplayResult`)."""

from __future__ import annotations

from ..explain.audit import IDENTICAL, compat_table
from ..explain.replay import ReplayResult
from ..trace.events import Impossible
from .check import departure_lines, impossible_text, no_pairing_line, violation_lines, wrap


def report_text(res: ReplayResult) -> str:
    """The JaVaFo/bbpPairings-compatible report (trf.md 11.2)."""
    lines: list[str] = []
    for rc in res.rounds:
        lines.append(f"{res.name}: Round #{rc.round}")
        if isinstance(rc.engine_result, Impossible):
            lines.append(no_pairing_line(rc.engine_result, rc.round))
            lines.append("")
            continue
        table = compat_table(rc)
        if table:
            lines.extend(table)
            lines.append("")
    return "".join(line + "\n" for line in lines)


def explanation_text(res: ReplayResult) -> str:
    """Our explanation of every round that is not identical (empty when all are): its
    verdict, its absolute violations, and, when the differences were explained, where the
    published pairing leaves the procedure, or a line saying the budget cut that short."""
    lines: list[str] = [f"{res.name}: warning: {w}" for w in res.warnings]
    for rc in res.rounds:
        if rc.verdict == IDENTICAL:
            continue
        lines.append(f"{res.name}: Round #{rc.round}: {rc.verdict_words}")
        lines.extend(violation_lines(rc, wrapped=True))
        if isinstance(rc.engine_result, Impossible):
            lines.extend(wrap(f"engine: {impossible_text(rc)}", "  "))
        if rc.cut_short is not None:
            lines.append(f"  explanation cut short: the budget of {rc.cut_short:g} s per round "
                         "ran out (--budget SECONDS, 0 for none)")
        else:
            lines.extend(departure_lines(rc))
    return "".join(line + "\n" for line in lines)


def summary_line(res: ReplayResult) -> str:
    n = len(res.rounds)
    cut = f"; {res.cut_short} explanation(s) cut short by the budget" if res.cut_short else ""
    return (f"{res.name}: {n} round(s) replayed: {res.identical} identical, {res.different} "
            f"legal but different, {res.illegal} illegal ({res.violations} absolute "
            f"violation(s)){cut}")
