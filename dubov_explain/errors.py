"""Exit codes and input problems shared by the whole program.

Exit codes follow bbpPairings' convention (``shared/reference/trf.md`` section 10:
0 success, 1 no valid pairing, 2 unexpected error, 3 invalid request (a bad command line
included), 4 a size limit exceeded, 5 file access error), so scripts written for bbpPairings
can drive this program unchanged.

A :class:`Problem` is one thing wrong (or doubtful) in an input file, located by file, line
and column (1-based; the column is the first column of the faulty field). Readers and
checkers collect *all* problems of a file and raise a single :class:`InputError`, so that a
user fixes a file in one pass instead of one error per run.
"""

from __future__ import annotations

from typing import Iterable, Literal

from .records import dataclass, field

#: the pairing (or check) succeeded
EXIT_OK = 0
#: the request was valid but no pairing satisfies the absolute criteria
EXIT_NO_PAIRING = 1
#: an unexpected internal error (a bug)
EXIT_INTERNAL = 2
#: the input is invalid (bad TRF, inconsistent tournament, bad arguments)
EXIT_INVALID_INPUT = 3
#: a size limit is exceeded (more than :data:`MAX_PLAYERS` players), refused before any work;
#: or a budget ran out (``explain --budget``; a Dutch 2026/2017 search that reached its limit
#: before it found a candidate: the round is not paired, and no impossibility is claimed)
EXIT_SIZE_LIMIT = 4
#: a file could not be read or written
EXIT_FILE = 5
#: check / replay --strict: the published pairing is legal but not the engine's
EXIT_DIFFERENT = 6
#: check / replay --strict: the published pairing breaks an absolute rule
EXIT_ILLEGAL = 7

#: the most players a tournament may have: a TRF writes player numbers (and opponents) in
#: four digits (columns 5-8 of a ``001`` line, and of every round block)
MAX_PLAYERS = 9999

#: the largest input file read (bytes): far above a real TRF (9,999 players over 50 rounds
#: with acceleration and forbidden pairs is under 15 MB), and small enough that a wrong
#: file (``/dev/zero``, a disk image) is refused at once instead of filling the memory
MAX_INPUT_BYTES = 64 * 1024 * 1024

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One located problem in an input file.

    ``str(problem)`` is the compiler-style ``file:line:column: message``, e.g.
    ``t.trf:14:97: colour must be w, b or -, found 'x'``.
    """

    file: str
    line: int
    column: int
    message: str
    severity: Severity = "error"
    #: a past round that breaks an absolute rule (``rematch``, ``second-pab``), which
    #: ``--accept-history`` lets stand; empty for every other problem
    rule: str = field(default="", compare=False)
    #: with ``rule``: the round and the players concerned
    round: int = field(default=0, compare=False)
    players: tuple[int, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


class DubovError(Exception):
    """Base class of the errors that end the program with a defined exit code."""

    exit_code: int = EXIT_INTERNAL


class InputError(DubovError):
    """The input is invalid; carries every problem found (exit code 3)."""

    exit_code = EXIT_INVALID_INPUT

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


class FileAccessError(DubovError):
    """A file could not be opened, read or written (exit code 5)."""

    exit_code = EXIT_FILE

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


class SizeLimitError(DubovError):
    """The request is larger than this program (or the TRF format) handles: exit code 4.

    ``where`` locates it: ``file:line:column`` of the record that goes over the limit, or
    the command-line option that asks for too much (``--players``)."""

    exit_code = EXIT_SIZE_LIMIT

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def too_large(size: str) -> str:
    """The words of the input size limit."""
    return (f"{size} is over the size limit of {MAX_INPUT_BYTES // (1024 * 1024)} MiB for an "
            "input file (a TRF of 9,999 players is a few MB); is it the right file?")


def too_many_players(count: int | str) -> str:
    """The words of the player limit, for every place that checks it."""
    return (f"{count} players is over the size limit of {MAX_PLAYERS:,} players (a TRF "
            "numbers players with four digits)")
