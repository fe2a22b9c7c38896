"""A tie-break list: C.07's acronyms (its Article 5 table) with Article 14's modifiers.

``BH/C1`` is Buchholz Cut-1 (14.1), ``BH/C2`` Cut-2 (14.2), ``BH/M1`` Median-1 (14.3),
``BH/M2`` Median-2 (14.4); ``TPN/R`` and ``RTNG/R`` the reverse orders of 7.8 and 10.6.
``-`` is read as ``/`` (C.07 writes ``BH-C1``), case is ignored.  A list comes from
``--tiebreaks BH/C1,BH,SB`` or from the file: TRF-2026 ``212`` (the standings definition,
which starts with the primary score, ``PTS``) or else ``202`` (the tie-breaks alone).

>>> [t.text for t in parse_list("bh-c1, BH , sb,TPN/R")]
['BH/C1', 'BH', 'SB', 'TPN/R']
>>> parse_list("XYZ")
Traceback (most recent call last):
...
dubov_explain.tiebreaks.spec.TieBreakError: --tiebreaks: 'XYZ' is not a tie-break this program computes; accepted (FIDE C.07 acronyms, comma-separated): AOB, ARO[/Cn|/Mn], BH[/Cn|/Mn], BPG, BWG, DE, FB[/Cn|/Mn], PS[/Cn], PTP, REP, RTNG[/R], SB[/Cn|/Mn], STD, TPN[/R], TPR, WIN, WON (n = 1-9), e.g. --tiebreaks BH/C1,BH,SB
"""

from __future__ import annotations

import re

from ..errors import EXIT_INVALID_INPUT, DubovError, Problem
from ..records import dataclass

#: acronym -> (C.07 section, the modifier letters it takes, its name)
KNOWN: dict[str, tuple[tuple[int, ...], str, str]] = {
    "AOB": ((8, 2), "", "Average of Opponents' Buchholz"),
    "ARO": ((10, 1), "CM", "Average Rating of Opponents"),
    "BH": ((8, 1), "CM", "Buchholz"),
    "BPG": ((7, 3), "", "Number of Games Played with Black"),
    "BWG": ((7, 4), "", "Number of Games Won with Black"),
    "DE": ((6,), "", "Direct Encounter"),
    "FB": ((8, 3), "CM", "Fore Buchholz"),
    "PS": ((7, 5), "C", "Progressive Scores"),
    "PTP": ((10, 3), "", "Perfect Tournament Performance"),
    "REP": ((7, 6), "", "Rounds one Elected to Play"),
    "RTNG": ((10, 6), "R", "Rating"),
    "SB": ((9, 1), "CM", "Sonneborn-Berger"),
    "STD": ((7, 7), "", "Standard Points"),
    "TPN": ((7, 8), "R", "Tournament Pairing Number"),
    "TPR": ((10, 2), "", "Tournament Performance Rating"),
    "WIN": ((7, 1), "", "Number of Wins"),
    "WON": ((7, 2), "", "Number of Games Won"),
}

#: the primary score a ``212`` standings definition starts with (not a tie-break)
PRIMARY = frozenset({"PTS", "MPTS", "GPTS"})

#: the list when neither the command line nor the file names one (C.07 2.1 and 4.1.1 leave
#: it to the Chief Arbiter; this is the list the issue and most Swiss regulations use)
DEFAULT_LIST = "BH/C1,BH,SB"

#: the rating-based tie-breaks of C.07 Article 10 (dropped when unrated players are present)
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "RTNG"})

_MOD = re.compile(r"^(?:([CM])([1-9])|(R))$")


class TieBreakError(DubovError):
    """A tie-break list that cannot be read: exit 3 (an invalid request), with what is
    accepted."""

    exit_code = EXIT_INVALID_INPUT


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One tie-break of the list: its acronym and Article 14's modifiers."""

    code: str
    #: least significant values cut (14.1, 14.2; Median: 14.3, 14.4)
    cut_low: int = 0
    #: most significant values cut (Median only)
    cut_high: int = 0
    #: the reverse order of 7.8 / 10.6 (``/R``)
    reverse: bool = False

    @property
    def text(self) -> str:
        if self.cut_high:
            return f"{self.code}/M{self.cut_high}"
        if self.cut_low:
            return f"{self.code}/C{self.cut_low}"
        return f"{self.code}/R" if self.reverse else self.code

    @property
    def article(self) -> tuple[int, ...]:
        return KNOWN[self.code][0]

    @property
    def name(self) -> str:
        base = KNOWN[self.code][2]
        if self.cut_high:
            return f"{base} Median-{self.cut_high}"
        if self.cut_low:
            return f"{base} Cut-{self.cut_low}"
        return f"{base}, reverse order" if self.reverse else base

    @property
    def higher_first(self) -> bool:
        """Does a higher value rank higher?  All do but TPN (ascending, 7.8) and the /R
        forms; RTNG is highest first (10.6)."""
        return (self.code != "TPN") != self.reverse


def accepted() -> str:
    forms = {"CM": "[/Cn|/Mn]", "C": "[/Cn]", "R": "[/R]", "": ""}
    return ", ".join(code + forms[KNOWN[code][1]] for code in sorted(KNOWN))


def _explain(token: str) -> str:
    return (f"'{token}' is not a tie-break this program computes; accepted (FIDE C.07 "
            f"acronyms, comma-separated): {accepted()} (n = 1-9), e.g. --tiebreaks "
            f"{DEFAULT_LIST}")


def parse_one(token: str) -> TieBreak:
    """One tie-break (``ValueError`` with the accepted forms when it is not one)."""
    parts = token.strip().upper().replace("-", "/").split("/")
    code, mods = parts[0], parts[1:]
    if code not in KNOWN:
        raise ValueError(_explain(token.strip()))
    allowed = KNOWN[code][1]
    cut_low = cut_high = 0
    reverse = False
    if len(mods) > 1:
        raise ValueError(f"'{token.strip()}': one modifier at most")
    for m in mods:
        hit = _MOD.match(m)
        letter = (hit.group(1) or hit.group(3)) if hit else None
        if letter is None or letter not in allowed:
            takes = {"CM": "/Cn (Cut-n) or /Mn (Median-n)", "C": "/Cn (Cut-n)",
                     "R": "/R (reverse order)", "": "no modifier"}[allowed]
            raise ValueError(f"'{token.strip()}': {code} takes {takes}, n = 1-9")
        if letter == "R":
            reverse = True
        else:
            n = int(hit.group(2))
            cut_low = n
            cut_high = n if letter == "M" else 0
    return TieBreak(code, cut_low, cut_high, reverse)


def split(text: str) -> list[str]:
    return [x for x in re.split(r"[,;\s]+", text.strip()) if x]


def parse_list(text: str, where: str = "--tiebreaks") -> tuple[TieBreak, ...]:
    """A comma-separated list (blanks and semicolons also separate); raises
    :class:`TieBreakError` naming what is accepted."""
    tokens = split(text)
    if not tokens:
        raise TieBreakError(f"{where}: an empty list; accepted: {accepted()}")
    out = []
    for i, tok in enumerate(tokens):
        if i == 0 and tok.upper() in PRIMARY:
            continue
        try:
            tb = parse_one(tok)
        except ValueError as exc:
            raise TieBreakError(f"{where}: {exc}") from None
        if tb in out:
            continue  # a tie-break twice decides nothing the second time (DE aside, 4.3)
        out.append(tb)
    return tuple(out)


def from_records(t) -> tuple[tuple[TieBreak, ...], str, list[Problem]]:
    """The file's list: ``212`` (standings definition) first, else ``202``; with where it
    came from (``212``, ``202`` or ``""``) and the located problems of a record that names
    something else (an unknown acronym is an error: ranking by another list would be
    silently different)."""
    lines = dict(enumerate(getattr(t, "record_lines", ()) or ()))
    problems: list[Problem] = []
    for code in ("212", "202"):
        for i, (c, text) in enumerate(t.records):
            if c != code:
                continue
            line = lines.get(i, 0)
            body = text[4:]
            tokens = split(body)
            out = []
            column = 5
            for k, tok in enumerate(tokens):
                column = text.find(tok, column - 1) + 1 if tok in text else 5
                if k == 0 and tok.upper() in PRIMARY:
                    continue
                if tok.upper() == "PTS":
                    continue
                try:
                    tb = parse_one(tok)
                except ValueError as exc:
                    problems.append(Problem(t.source, line, max(column, 5),
                                            f"{code} tie-break list: {exc}"))
                    continue
                if tb not in out:
                    out.append(tb)
            if problems:
                return (), code, problems
            if out:
                return tuple(out), code, []
    return (), "", []
