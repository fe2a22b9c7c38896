"""Check a published pairing of one round against a rulebook (``check``).

What is generic lives here: reading the published pairing (a round of a TRF, or a pairing
file), the verdict, the exit codes and the JaVaFo/bbpPairings table.  The rules are the
rulebook's (:meth:`~dubov_explain.rulebooks.base.Rulebook.absolute_test`,
:meth:`~dubov_explain.rulebooks.base.Rulebook.analyse_departures`,
:meth:`~dubov_explain.rulebooks.base.Rulebook.board_order`; for Dubov 2025 see
:mod:`dubov_explain.rulebooks.dubov2025.check`).  Two stages, in this order:

1. **The absolute test**: a pairing that fails it is **illegal** (its pairs that the
   procedure makes too are still compared for colours, by the procedure's own trace).
2. **The comparison with the engine**: the round is paired by the rulebook from the same
   request.  Same pairs, same colours and same PAB: **identical**.  Otherwise the pairing is
   **legal but different**, and the rulebook says where it leaves the procedure
   (:class:`~dubov_explain.rulebooks.base.Departure`).

The answers are facts; :mod:`dubov_explain.render.check` words them.

Exit codes of ``dubov-explain check`` (see :data:`EXIT_FOR_VERDICT`): 0 identical,
6 legal but different, 7 illegal; the general codes (1 no valid pairing, 2 internal error,
3 invalid input, 5 file access) keep their meaning.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..errors import EXIT_DIFFERENT, EXIT_ILLEGAL, InputError, Problem
from ..records import dataclass, replace
from ..rulebooks import DEFAULT_SYSTEM, find_rulebook, system_of
from ..rulebooks.base import Departure, Violation
from ..rulebooks.colourcheck import colour_departures
from ..trace.events import Impossible, PairingPublished, Trace
from ..tournament.model import Colour, Tournament
from ..tournament.request import PRE_ENTERED as _PRE_ENTERED, request_for_round
from .changes import Change, board_changes

__all__ = [
    "EXIT_DIFFERENT",
    "EXIT_ILLEGAL",
    "EXIT_FOR_VERDICT",
    "IDENTICAL",
    "DIFFERENT",
    "ILLEGAL",
    "Pair",
    "Published",
    "Violation",
    "Departure",
    "CheckResult",
    "request_for_round",
    "published_from_round",
    "parse_pairing_file",
    "published_from_pairs",
    "check_round",
    "absolute_test",
    "input_problems",
    "compat_table",
]

IDENTICAL = "identical"
DIFFERENT = "different"
ILLEGAL = "illegal"

#: ``check`` exit codes (errors.py): 6 legal but not the engine's, 7 fails the absolute test
EXIT_FOR_VERDICT = {IDENTICAL: 0, DIFFERENT: EXIT_DIFFERENT, ILLEGAL: EXIT_ILLEGAL}

_WORDS = {IDENTICAL: "identical", DIFFERENT: "legal but different", ILLEGAL: "illegal"}


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Pair:
    """One published board.  ``colours_known`` is False for a forfeit written ``- -``."""

    white: int
    black: int
    colours_known: bool = True

    @property
    def players(self) -> frozenset[int]:
        return frozenset((self.white, self.black))

    def text(self) -> str:
        sep = " - " if self.colours_known else " / "
        return f"{self.white}{sep}{self.black}"


@dataclass(frozen=True)
class Published:
    """A published pairing of one round: boards, PAB recipients, and problems of its record."""

    round: int
    pairs: tuple[Pair, ...]
    byes: tuple[int, ...] = ()
    #: malformed entries found while reading the round from a TRF (violations ``record``)
    problems: tuple[Violation, ...] = ()
    source: str = ""
    #: the boards are in the order published (a pairing file's lines), so their numbers are
    #: the published board numbers; otherwise they are numbered in the rulebook's board order
    ordered: bool = False

    @property
    def bye(self) -> int | None:
        return self.byes[0] if len(self.byes) == 1 else None


@dataclass(frozen=True)
class CheckResult:
    round: int
    verdict: str
    published: Published
    trace: Trace
    violations: tuple[Violation, ...] = ()
    departures: tuple[Departure, ...] = ()
    what_if: Trace | None = None
    notes: tuple[str, ...] = ()
    #: the budget (seconds) that cut the explanation of this difference short, else None
    cut_short: float | None = None
    #: whether that budget was of CPU time (else of real time)
    cut_cpu: bool = False
    #: the smallest set of board changes from the published pairing to the procedure's
    #: (:mod:`.changes`); empty when identical or when the procedure found no pairing
    changes: tuple[Change, ...] = ()
    #: the published boards as numbered in ``changes`` (``(white, black)``, in board order)
    boards: tuple[tuple[int, int], ...] = ()

    @property
    def exit_code(self) -> int:
        return EXIT_FOR_VERDICT[self.verdict]

    @property
    def engine_result(self) -> PairingPublished | Impossible:
        return self.trace.result

    @property
    def verdict_words(self) -> str:
        return _WORDS[self.verdict]

    @property
    def system(self) -> str:
        return system_of(self.trace)


# --------------------------------------------------------------------------- requests


def published_from_round(t: Tournament, r: int) -> Published:
    """The pairing of round ``r`` as entered in ``t``: games (played, forfeited or pending)
    and the PAB (``U``).  Malformed entries become :class:`Violation` s of kind ``record``."""
    by = t.by_number
    pairs: list[Pair] = []
    byes: list[int] = []
    problems: list[Violation] = []
    done: set[int] = set()
    for p in t.players:
        e = p.entry(r)
        if e is None:
            continue
        if e.opponent is None:
            if e.code == "U":
                byes.append(p.number)
            elif e.code not in _PRE_ENTERED:
                problems.append(Violation("record", (p.number,), "no-opponent", "",
                                          {"round": r, "code": e.code}))
            continue
        q = by.get(e.opponent)
        if e.opponent == p.number:
            problems.append(Violation("record", (p.number,), "self", "", {"round": r}))
            continue
        if q is None:
            problems.append(Violation("record", (p.number,), "no-line", "",
                                      {"round": r, "opponent": e.opponent}))
            continue
        f = q.entry(r)
        if f is None or f.opponent != p.number:
            shows = None if f is None else (f.opponent or 0)
            problems.append(Violation("record", (p.number, q.number), "one-sided", "",
                                      {"round": r, "shows": shows}))
            continue
        key = (min(p.number, q.number), max(p.number, q.number))
        if key in done:
            continue
        done.add(key)
        ca, cb = e.colour, f.colour
        if ca is not None and cb is not None and ca is cb:
            problems.append(Violation("record", (p.number, q.number), "same-colour", "",
                                      {"round": r, "colour": ca.value}))
            pairs.append(Pair(key[0], key[1], False))
            continue
        uncoloured = [pl.number for pl, en in ((p, e), (q, f))
                      if en.colour is None and not en.is_forfeit]
        if uncoloured:
            problems.append(Violation("record", key, "no-colour", "",
                                      {"round": r, "uncoloured": tuple(uncoloured)}))
        if ca is Colour.WHITE or cb is Colour.BLACK:
            white: int | None = p.number
        elif ca is Colour.BLACK or cb is Colour.WHITE:
            white = q.number
        else:
            white = None
        if white is None:
            pairs.append(Pair(key[0], key[1], False))
        else:
            black = q.number if white == p.number else p.number
            pairs.append(Pair(white, black, True))
    return Published(r, tuple(pairs), tuple(byes), tuple(problems), f"round {r} of the file")


def parse_pairing_file(text: str, source: str = "<pairing>") -> tuple[list[tuple[int, int]], list[int]]:
    """Read the JaVaFo/bbpPairings pairing format (trf.md 10): a line with the number of
    lines that follow, then ``white black`` per board and ``id 0`` for the PAB.  Raises
    :class:`InputError` (exit 3) with every problem located."""
    problems: list[Problem] = []
    lines = [(i, ln) for i, ln in enumerate(text.replace("\r\n", "\n").replace("\r", "\n")
                                               .split("\n"), start=1) if ln.strip()]
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    if not lines:
        raise InputError([Problem(source, 1, 1, "empty pairing file")])
    first_no, first = lines[0]
    try:
        count = int(first.split()[0])
        if len(first.split()) != 1 or count < 0:
            raise ValueError
    except ValueError:
        problems.append(Problem(source, first_no, 1, f"first line must be the number of "
                                f"pairs, found {first.strip()!r}"))
        count = None
    for no, ln in lines[1:]:
        parts = ln.split()
        try:
            if len(parts) != 2:
                raise ValueError
            a, b = int(parts[0]), int(parts[1])
            if a < 0 or b < 0 or (a == 0 and b == 0):
                raise ValueError
        except ValueError:
            problems.append(Problem(source, no, 1, f"expected 'white black' or 'id 0', found "
                                    f"{ln.strip()!r}"))
            continue
        if b == 0:
            byes.append(a)
        elif a == 0:
            byes.append(b)
        else:
            pairs.append((a, b))
    if count is not None and count != len(lines) - 1:
        problems.append(Problem(source, first_no, 1, f"the first line announces {count} "
                                f"pair(s) but {len(lines) - 1} follow"))
    if problems:
        raise InputError(problems)
    return pairs, byes


def published_from_pairs(r: int, pairs: Iterable[tuple[int, int]], byes: Iterable[int] = (),
                         source: str = "", ordered: bool = False) -> Published:
    """``ordered``: the pairs are in the published board order (board 1 first)."""
    return Published(r, tuple(Pair(w, b) for w, b in pairs), tuple(byes), (), source, ordered)


def input_problems(t: Tournament, checked_rounds: Sequence[int], lenient: bool = True,
                   accept_history: bool = False) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) of ``t`` before checking ``checked_rounds``.

    Consistency problems located in a checked round are left to that round's absolute test
    (a rematch or a malformed game *is* what the check reports); problems in other rounds
    before the last checked one are errors (the history must be sound), later ones
    warnings.  Pending results are allowed in a checked round only.  ``accept_history``: an earlier
    round that breaks an absolute rule is a warning (see ``check_consistency``).
    """
    from ..tournament.consistency import check_consistency, pending_results

    checked = set(checked_rounds)
    last = max(checked) if checked else 0
    errors: list[Problem] = []
    warnings: list[Problem] = list(getattr(t, "warnings", ()))
    for prob in check_consistency(t, lenient=lenient, accept_history=accept_history):
        k = (prob.column - 92) // 10 + 1 if prob.column >= 92 else None
        if k is not None and k in checked:
            continue
        if not prob.is_error or (k is not None and k > last):
            warnings.append(prob if not prob.is_error else replace(prob, severity="warning"))
        else:
            errors.append(prob)
    errors += pending_results(t, lambda k: k < last and k not in checked,
                              "checking a later round")
    return errors, warnings


# --------------------------------------------------------------------------- the check


def absolute_test(request: Tournament, r: int, pub: Published, readings=None,
                  system: str = DEFAULT_SYSTEM) -> list[Violation]:
    """What the published pairing of round ``r`` breaks absolutely, by the rulebook."""
    return find_rulebook(system).absolute_test(request, r, pub, readings)


def check_round(request: Tournament, r: int, pub: Published, readings=None,
                trace: Trace | None = None, explain: bool = True,
                system: str = DEFAULT_SYSTEM, budget: float | None = None,
                cpu: bool = False) -> CheckResult:
    """The absolute test, then the comparison with the engine, of round ``r``.

    ``explain``: analyse where a legal but different pairing leaves the procedure (the
    costly part: the round is paired again with the published pairs forced); ``budget``:
    at most that many seconds for it (see :mod:`.budget`; with ``cpu`` seconds of the
    process's CPU time, else of real time), after which the result says the explanation was
    cut short and carries no departures."""
    book = find_rulebook(system)
    readings = readings if readings is not None else book.readings()
    if trace is None:
        trace = book.pair(request, readings, round_no=r)
    violations = book.absolute_test(request, r, pub, readings)
    result = trace.result
    boards, changes = _changes(book, pub, trace)
    if violations:
        # an illegal pairing cannot be walked; its pairs that the procedure makes too have
        # the colours of the procedure's own trace
        return CheckResult(r, ILLEGAL, pub, trace, tuple(violations),
                           tuple(colour_departures(pub, (trace,))), changes=changes,
                           boards=boards)
    if isinstance(result, PairingPublished) and _identical(result, pub):
        return CheckResult(r, IDENTICAL, pub, trace, boards=boards)
    departures: list[Departure] = []
    what_if = None
    if explain:
        from .budget import BudgetExceeded, share, time_limit

        if budget is not None and cpu:
            budget = share(budget)
        try:
            if budget is not None and budget <= 0:  # nothing left of the answer's budget
                raise BudgetExceeded("0 s")
            with time_limit(budget, cpu=cpu):
                departures, what_if = book.analyse_departures(request, r, pub, trace, readings)
        except BudgetExceeded:
            return CheckResult(r, DIFFERENT, pub, trace, cut_short=budget, cut_cpu=cpu,
                               changes=changes,
                               boards=boards)
    return CheckResult(r, DIFFERENT, pub, trace, (), tuple(departures), what_if,
                       changes=changes, boards=boards)


def _changes(book, pub: Published, trace: Trace
             ) -> tuple[tuple[tuple[int, int], ...], tuple[Change, ...]]:
    """The published boards in their numbering order and the smallest set of board changes
    to the procedure's pairing (none when the procedure found no pairing)."""
    known = {(p.white, p.black): p.colours_known for p in pub.pairs}
    pairs = [(p.white, p.black) for p in pub.pairs]
    if not pub.ordered:
        pairs = list(book.board_order(pairs, trace))
    result = trace.result
    if not isinstance(result, PairingPublished):
        return tuple(pairs), ()
    published = [(w, b, known.get((w, b), True)) for w, b in pairs]
    published += [(n, 0, True) for n in pub.byes]
    procedure = [tuple(b) for b in result.boards]
    procedure += [(result.bye, 0)] if result.bye else []
    return tuple(pairs), board_changes(published, procedure)


def _identical(result: PairingPublished, pub: Published) -> bool:
    if result.bye != pub.bye or len(pub.byes) > 1:
        return False
    mine = {tuple(b) for b in result.boards}
    if len(mine) != len(pub.pairs):
        return False
    for pr in pub.pairs:
        if pr.colours_known:
            if (pr.white, pr.black) not in mine:
                return False
        elif (pr.white, pr.black) not in mine and (pr.black, pr.white) not in mine:
            return False
    return True


# --------------------------------------------------------------------------- the table


def compat_table(res: CheckResult) -> list[str]:
    """The JaVaFo/bbpPairings two-column table of the differing pairs (trf.md 11.2):
    the engine's pairs that the file does not have, next to the file's pairs of the same
    players, both in the rulebook's board order; the PAB as ``id - 0``.  Empty when
    identical."""
    result = res.engine_result
    if isinstance(result, Impossible):
        return []
    pub = res.published
    published: list[tuple[int, int]] = [(p.white, p.black) for p in pub.pairs]
    published += [(b, 0) for b in pub.byes]
    pub_set = set(published)
    unknown = {p.players for p in pub.pairs if not p.colours_known}
    engine = [tuple(b) for b in result.boards] + ([(result.bye, 0)] if result.bye else [])
    wrong = []
    for w, b in engine:
        if (w, b) in pub_set or (b and frozenset((w, b)) in unknown):
            continue
        wrong.append((w, b))
    if not wrong:
        return []
    involved = {n for pair in wrong for n in pair if n}
    theirs = [pr for pr in published if involved & {pr[0], pr[1]}]
    book = find_rulebook(res.system)
    wrong = book.board_order(wrong, res.trace)
    theirs = book.board_order(theirs, res.trace)
    out = ["  Checker pairings        Tournament pairings "]
    for i in range(max(len(wrong), len(theirs))):
        left = f"{wrong[i][0]:>3} - {wrong[i][1]:>3}" if i < len(wrong) else " " * 9
        right = f"{theirs[i][0]:>3} - {theirs[i][1]:>3}" if i < len(theirs) else ""
        out.append(("    " + left + " " * 16 + right).rstrip())
    return out
