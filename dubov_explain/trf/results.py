"""Read a results list: one result per board of a round, in board order.

The list is what an arbiter types after a round: the results in the order of the round's
boards (the order ``pair`` prints them, White first on each board). Tokens are separated by
blanks or line ends, so one per line or several on a line both work; a line whose first
non-blank character is ``#`` is a comment; blank lines are skipped.

Tokens (White's result first, as on a score sheet):

===========================  ======================  ==========================
token                        meaning                 TRF codes (White, Black)
===========================  ======================  ==========================
``1-0``                      White won               ``1`` / ``0``
``0-1``                      Black won               ``0`` / ``1``
``1/2``, ``1/2-1/2``,        draw                    ``=`` / ``=``
``½``, ``½-½``, ``=``
``+-``                       White won by forfeit    ``+`` / ``-``
``-+``                       Black won by forfeit    ``-`` / ``+``
``--``                       both forfeited          ``-`` / ``-``
===========================  ======================  ==========================

``=`` is accepted because it is the TRF's own draw code; ``0-0``, ``0.5`` and the like are
refused rather than guessed. Games that lasted less than one move (TRF ``W D L``) have no
token: enter them as played results or edit the file.
"""

from __future__ import annotations

from ..records import dataclass

from ..errors import InputError, Problem

__all__ = ["TOKENS", "ResultToken", "parse_results"]

#: token -> (White's code, Black's code)
TOKENS: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2": ("=", "="),
    "1/2-1/2": ("=", "="),
    "½": ("=", "="),
    "½-½": ("=", "="),
    "=": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
}
_LISTED = "1-0, 0-1, 1/2 (or ½-½, =), +-, -+, --"


@dataclass(frozen=True, slots=True)
class ResultToken:
    """One result as written: its text, TRF codes and place (1-based line and column)."""

    text: str
    white: str
    black: str
    line: int
    column: int


def parse_results(text: str, source: str = "<results>") -> list[ResultToken]:
    """The tokens of ``text`` in order; raises :class:`InputError` listing every token that is
    not a result, each located as ``source:line:column``."""
    out: list[ResultToken] = []
    problems: list[Problem] = []
    if text.startswith("\ufeff"):
        text = text[1:]
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("#"):
            continue
        column = 0
        for part in line.replace("\t", " ").split(" "):
            column += 1
            if part:
                codes = TOKENS.get(part)
                if codes is None:
                    problems.append(Problem(source, lineno, column,
                                            f"{part!r} is not a result; write one of {_LISTED}"))
                else:
                    out.append(ResultToken(part, codes[0], codes[1], lineno, column))
            column += len(part)
    if problems:
        raise InputError(problems)
    return out
