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

The result is structured (:class:`ReplayResult`); :mod:`dubov_explain.render.replay` words
it as two outputs, kept apart so that the first stays machine-readable
(``shared/reference/fide-endorsement.md`` 4.1.4):

* ``report_text``: the JaVaFo/bbpPairings report (``trf.md`` 11.2), one
  ``<name>: Round #r`` line per round and, when a round differs, the two-column
  ``Checker pairings`` / ``Tournament pairings`` table followed by a blank line, or
  ``No valid pairing exists for round r.``;
* ``explanation_text``: our explanation of each differing round (absolute violations,
  and where the published pairing leaves the procedure) and ``summary_line``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from ..records import dataclass, replace
from ..rulebooks import DEFAULT_SYSTEM
from ..rulebooks.readings import Readings
from ..trace.events import Impossible
from ..tournament.model import Tournament
from .audit import (
    DIFFERENT,
    IDENTICAL,
    ILLEGAL,
    CheckResult,
    check_round,
    published_from_round,
    request_for_round,
)

__all__ = [
    "ReplayResult",
    "replay_tournament",
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
    return ReplayResult(name or stem(t.source), tuple(out), tuple(warnings))


def stem(source: str) -> str:
    """A tournament's name for reports: the file's stem."""
    return Path(source).stem if source and not source.startswith("<") else (source or "tournament")
