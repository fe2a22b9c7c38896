"""Replay a tournament (the free pairings checker): re-pair every round from its history.

For each round r with games (``Tournament.rounds_with_games``), the request is what a TRF
would carry before the round (:func:`~dubov_explain.explain.audit.request_for_round`: the
blocks of the earlier rounds plus the round's pre-entered ``0000 - H/F/Z`` blocks; players
not paired in the round are those absences), the published pairing is the round's games
and ``U`` (:func:`~dubov_explain.explain.audit.published_from_round`), and
:func:`~dubov_explain.explain.audit.check_round` runs the absolute test and pairs the round
with the engine.  Explaining a difference (where the published pairing leaves the
procedure) costs far more than pairing: it is done only when asked (``explain=True``; the
command line's ``--explain``), each round within ``budget`` seconds (a round whose budget
runs out is reported as cut short).

Two outputs, kept apart so that the first stays machine-readable
(``shared/reference/fide-endorsement.md`` 4.1.4):

* :func:`report_text`: the JaVaFo/bbpPairings report (``trf.md`` 11.2), one
  ``<name>: Round #r`` line per round and, when a round differs, the two-column
  ``Checker pairings`` / ``Tournament pairings`` table followed by a blank line, or
  ``No valid pairing exists for round r.``;
* :func:`explanation_text`: our explanation of each differing round (absolute violations,
  and where the published pairing leaves the procedure) and :func:`summary_line`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Sequence

from ..errors import DubovError, InputError
from ..rulebooks import DEFAULT_SYSTEM
from ..rulebooks.readings import Readings
from ..trace.events import Impossible
from ..tournament.model import Tournament
from ..tournament.request import with_options
from .audit import (
    DIFFERENT,
    IDENTICAL,
    ILLEGAL,
    CheckResult,
    check_round,
    compat_table,
    input_problems,
    published_from_round,
    request_for_round,
)

__all__ = [
    "ReplayResult",
    "replay_tournament",
    "replay_path",
    "report_text",
    "explanation_text",
    "summary_line",
    "FileOutcome",
]


@dataclass(frozen=True)
class ReplayResult:
    name: str
    rounds: tuple[CheckResult, ...]
    warnings: tuple[str, ...] = ()

    def count(self, verdict: str) -> int:
        return sum(1 for r in self.rounds if r.verdict == verdict)

    @property
    def identical(self) -> int:
        return self.count(IDENTICAL)

    @property
    def different(self) -> int:
        return self.count(DIFFERENT)

    @property
    def illegal(self) -> int:
        return self.count(ILLEGAL)

    @property
    def violations(self) -> int:
        """Number of absolute violations over all rounds."""
        return sum(len(r.violations) for r in self.rounds)

    @property
    def unexplained(self) -> int:
        """Differences the engine could not explain by a criterion (engine disagreements)."""
        return sum(1 for r in self.rounds for d in r.departures if d.kind == "engine")

    @property
    def cut_short(self) -> int:
        """Rounds whose explanation the budget cut short."""
        return sum(1 for r in self.rounds if r.cut_short is not None)

    @property
    def no_pairing(self) -> int:
        return sum(1 for r in self.rounds if isinstance(r.engine_result, Impossible))


def replay_tournament(
    t: Tournament,
    readings: Readings | None = None,
    rounds: Sequence[int] | None = None,
    *,
    name: str = "",
    explain: bool = True,
    system: str = DEFAULT_SYSTEM,
    budget: float | None = None,
    on_round: Callable[[int, int], None] | None = None,
) -> ReplayResult:
    """Check every round with games of ``t`` (or the given ``rounds``) by the rulebook
    ``system``; ``explain`` differences within ``budget`` seconds a round (None: no limit);
    ``on_round(done, total)`` is called after each round (a progress bar)."""
    last = t.rounds_with_games
    todo = list(rounds) if rounds is not None else list(range(1, last + 1))
    warnings: list[str] = []
    if t.total_rounds is None:
        t = replace(t, total_rounds=max(last, 1))
        warnings.append(f"no total number of rounds (XXR/142): {t.total_rounds} assumed, the "
                        "number of rounds in the file (give --rounds N if there are more)")
    out = []
    for i, r in enumerate(todo, start=1):
        request = request_for_round(t, r)
        pub = published_from_round(t, r)
        out.append(check_round(request, r, pub, readings, explain=explain, system=system,
                               budget=budget))
        if on_round is not None:
            on_round(i, len(todo))
    return ReplayResult(name or _stem(t.source), tuple(out), tuple(warnings))


def _stem(source: str) -> str:
    return Path(source).stem if source and not source.startswith("<") else (source or "tournament")


def report_text(res: ReplayResult) -> str:
    """The JaVaFo/bbpPairings-compatible report (trf.md 11.2)."""
    lines: list[str] = []
    for rc in res.rounds:
        lines.append(f"{res.name}: Round #{rc.round}")
        if isinstance(rc.engine_result, Impossible):
            lines.append(f"No valid pairing exists for round {rc.round}.")
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
    from ..render.check import departure_lines, impossible_text, violation_lines, wrap

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


@dataclass(frozen=True)
class FileOutcome:
    """What a worker sends back for one file: texts and counts (picklable)."""

    path: str
    report: str = ""
    explanation: str = ""
    summary: str = ""
    rounds: int = 0
    identical: int = 0
    different: int = 0
    illegal: int = 0
    violations: int = 0
    unexplained: int = 0
    cut_short: int = 0
    error: str = ""
    exit_code: int = 0
    warnings: tuple[str, ...] = field(default=())


def replay_path(path: str, readings: Sequence[str] = (),
                rounds: Sequence[int] | None = None, lenient: bool = True,
                system: str | None = None, total_rounds: int | None = None,
                explain: bool = True, budget: float | None = None,
                on_round: Callable[[int, int], None] | None = None) -> FileOutcome:
    """Read, validate and replay one file; errors come back as text with their exit code.

    ``explain``, ``budget`` and ``on_round`` as for :func:`replay_tournament`.

    ``system`` names the rulebook; None: the one the file's 192/092 names, else the
    default.  ``readings`` are ``NAME=VALUE`` strings of that rulebook's readings.
    ``total_rounds`` (``--rounds``) completes a file without ``XXR``/``142``.
    """
    from ..rulebooks import system_for
    from ..trf.reader import read_trf

    try:
        t = with_options(read_trf(path), rounds=total_rounds)
        book, override = system_for(t, system)
        chosen = book.readings_type.parse(list(readings))
        todo = list(rounds) if rounds is not None else list(range(1, t.rounds_with_games + 1))
        bad = [r for r in todo if r < 1 or r > t.rounds_with_games]
        if bad:
            from ..errors import Problem

            raise InputError([Problem(t.source, 1, 1, f"round {bad[0]} has no pairing in "
                                      f"this file (rounds with games: 1-{t.rounds_with_games})")])
        errors, warnings = input_problems(t, todo, lenient=lenient)
        if errors:
            raise InputError(errors)
        if override:
            warnings = list(warnings) + [override]
        res = replay_tournament(t, chosen, todo, name=_stem(path), system=book.name,
                                explain=explain, budget=budget, on_round=on_round)
    except DubovError as exc:
        return FileOutcome(path, error=str(exc), exit_code=exc.exit_code)
    return FileOutcome(
        path, report_text(res), explanation_text(res), summary_line(res), len(res.rounds),
        res.identical, res.different, res.illegal, res.violations, res.unexplained,
        res.cut_short, warnings=tuple(str(w) for w in warnings),
    )

