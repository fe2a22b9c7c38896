"""The words of ``check`` and ``replay``: a :class:`~dubov_explain.explain.audit.CheckResult`
as the plain-text report of ``dubov-explain check``.

The findings are facts (:class:`~dubov_explain.rulebooks.base.Violation`,
:class:`~dubov_explain.rulebooks.base.Departure`); their sentences come from the rulebook's
``<system>/check.md.j2`` (problems of the published record from ``check-round.md.j2``), and
an engine decision is quoted as the trace's own template words it (``events.md.j2``).
"""

from __future__ import annotations

import textwrap

from ..trace.events import Impossible, Trace
from . import env as E


def _system(trace: Trace) -> str:
    from ..rulebooks import system_of

    return system_of(trace)


def _macros(system: str):
    return E.environment().get_template(f"{system}/check.md.j2").module


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def violation_text(v, system: str) -> str:
    """The sentence of one violation (without its rule code)."""
    if v.rule == "record":
        return _one_line(E.environment().get_template("check-round.md.j2").module.record(v))
    return _one_line(_macros(system).violation(v))


def departure_tag(d, system: str) -> str:
    return _one_line(_macros(system).tag(d))


def departure_text(d, trace: Trace) -> str:
    """The explanation of one departure; engine events are quoted from ``trace``."""
    return _one_line(_macros(_system(trace)).departure(d, lambda e: E.event_plain(e, trace)))


def absolute_test_title(system: str) -> str:
    return _one_line(_macros(system).title())


def wrap(text: str, indent: str, width: int = 96) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False, break_long_words=False) or [indent]


def violation_lines(res, indent: str = "  ", wrapped: bool = False) -> list[str]:
    system = _system(res.trace)
    out = []
    for v in res.violations:
        line = f"FAIL {v.rule} {violation_text(v, system)}"
        out.extend(wrap(line, indent) if wrapped else [indent + line])
    return out


def departure_lines(res) -> list[str]:
    system = _system(res.trace)
    out = []
    for i, d in enumerate(res.departures, 1):
        out.append(f"  {i}. [{d.article}; {departure_tag(d, system)}]")
        out.extend(wrap(departure_text(d, res.trace), "     "))
    return out


def _generic():
    return E.environment().get_template("check-round.md.j2").module


def change_lines(res, indent: str = "  ") -> list[str]:
    """The smallest set of board changes (:mod:`~dubov_explain.explain.changes`): a title
    with the count, then one line per group of changes that share players."""
    from ..explain.changes import group_changes

    if not res.changes:
        return []
    words = _generic()
    out = [_one_line(words.changes_title(len(res.changes))) + ":"]
    for g in group_changes(res.changes):
        out.extend(wrap("- " + _one_line(words.group(g)), indent))
    return out


def unjudged_lines(res) -> list[str]:
    """The board changes no departure concerns (their players appear in none): after a
    departure the published pairing pairs players the procedure never paired from there,
    and only what the real trace says is stated."""
    from ..explain.audit import DIFFERENT

    covered: set[int] = set()
    for d in res.departures:
        for side in (d.engine, d.published):
            for x in side:
                covered.update(x if isinstance(x, tuple) else (x,))
    left = [c for c in res.changes if not c.players <= covered]
    if not left or not res.departures or res.verdict != DIFFERENT:
        return []
    boards = sorted({c.board for c in left if c.board is not None})
    byes = sorted({n for c in left if c.board is None
                   for b in (c.published, c.procedure) if b and b[1] == 0 for n in b[:1]})
    return wrap(_one_line(_generic().unjudged(boards, byes)), "  ")


def no_pairing_line(result: Impossible, r: int) -> str:
    """The line that says the engine has no pairing of round ``r``: none exists, or (a
    search that reached its limit first) none was found, which proves no impossibility."""
    if result.context == "search-limit":
        return (f"The engine did not pair round {r}: its search reached its limit before it "
                "found a candidate (no impossibility is claimed).")
    return f"No valid pairing exists for round {r}."


def impossible_text(res) -> str:
    """The engine's own words for a round it cannot pair."""
    return E.event_plain(res.engine_result, res.trace)


def render_check(res, name: str = "") -> str:
    """The human report of ``dubov-explain check``."""
    from ..explain.audit import DIFFERENT, ILLEGAL, compat_table

    r = res.round
    system = _system(res.trace)
    lines = [f"{name + ': ' if name else ''}Round #{r}: {res.verdict_words} "
             f"(exit {res.exit_code})"]
    pub = res.published
    lines.append(f"Published pairing ({pub.source or 'given'}): {len(pub.pairs)} board(s)"
                 + (f", pairing-allocated bye {', '.join(map(str, pub.byes))}" if pub.byes else ""))
    lines.append("")
    lines.append(f"Absolute test ({absolute_test_title(system)}):")
    lines.extend(violation_lines(res) or ["  passed"])
    lines.append("")
    if isinstance(res.engine_result, Impossible):
        lines.append(no_pairing_line(res.engine_result, r))
        lines.append(f"  {impossible_text(res)}")
    else:
        lines.append("Comparison with the engine:")
        lines.extend(compat_table(res) or ["  same pairs, same colours, same pairing-allocated bye"])
    if res.changes:
        lines.append("")
        lines.extend(change_lines(res))
    if res.departures:
        lines.append("")
        lines.append(_one_line(_generic().departures_title(res.verdict == ILLEGAL)) + ":")
        lines.extend(departure_lines(res))
        lines.extend(unjudged_lines(res))
    elif res.cut_short is not None:
        lines.append("")
        lines.append(_one_line(_generic().cut_short(f"{res.cut_short:g}", res.cut_cpu)))
    elif res.verdict == DIFFERENT:
        lines.append("")
        lines.append("(differences not explained)")
    for note in res.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines) + "\n"
