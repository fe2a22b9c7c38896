"""Read a TRF file into the immutable :class:`~dubov_explain.tournament.model.Tournament`.

Accepted input (``shared/reference/trf.md``):

* TRF16 ``001`` player records by exact columns (section 3.1) with 10-column round blocks
  from column 92 (section 3.2); the "blank means default" rules: four blank opponent columns
  = ``0000``, blank colour = ``-``, blank result = ``Z``; letter codes in any case (stored
  upper-case, colours lower-case). Lines may stop early: missing trailing fields take their
  defaults (rating 0, points 0, rank none, no more rounds).
* A player whose line stops before the last round with games (section 9) gets ``0000 - Z``
  blocks for the missing rounds, as the spec's "blank = 0000 - Z" rule says, and a warning.
  Blocks after that round are kept as they are (pre-entered byes for the round to pair).
* **Pending results** (this project's extension, see :data:`~dubov_explain.tournament.model.
  PENDING`): a block with an opponent and a *blank* result column (``   5 w  ``) is a game
  that is paired but not finished. The spec's "blank = Z" cannot apply there (``Z`` is a bye
  and has no opponent), bbpPairings rejects such a block and py4swiss rejects any blank
  result, so such files are for this program only; they are written only when a caller
  enters a round without results (:func:`dubov_explain.trf.writer.append_round`).
* TRF(x) records of JaVaFo (section 7.1): ``XXR`` total rounds, ``XXC`` (``rank``,
  ``white1``, ``black1``), ``XXS`` scoring (several lines, later values win; shortcuts ``W``,
  ``D`` and py4swiss' ``L``), ``XXP`` forbidden groups, ``XXZ`` absent players (may repeat),
  ``XXA`` acceleration (player at 5-8, round r at ``10 + 5(r-1)``, 4 wide).
* TRF26 records (section 7.3): ``142`` rounds, ``152 W|B``, ``162`` scoring (code at column
  6, value at 7-10, stride 9; ``A`` and bbpPairings' ``Z`` both mean absence; a ``W`` line
  without ``P`` also sets the PAB, "P = W"; ``X`` is ignored with a warning), ``240`` byes
  per round (into ``Tournament.round_absences``), ``260`` prohibited pairings with a round
  range (into ``forbidden_rounds``; the groups whose range covers the round to pair are also
  appended to ``forbidden``).
* The dialect (``Tournament.dialect``): ``trf26`` when a ``142``, ``152`` or ``162`` record
  is present, else ``trfx``; the writer writes the same dialect back.

  appended to ``forbidden``), ``250`` acceleration (game points for a range of rounds and
  a range of players, into ``acceleration`` like ``XXA``; a player's acceleration comes from
  XXA or 250, not both).
* bbpPairings' blocks without an opponent (section 4): ``0000 - -`` is read as ``Z``,
  ``0000 - =`` as ``H`` and ``0000 - +`` as ``U`` (the codes with the same points and the
  same part in the pairing), each form with one warning per file saying so; the block keeps
  what the file wrote in ``RoundEntry.written``.
* Team tournaments (records ``013 300 310 320 330 352 362 801 802``, section 7.3) are
  refused, as bbpPairings refuses ``013``/``310``: there is no team system here.
* Line ends CR, LF or CRLF (section 1); UTF-8 (a BOM is skipped) with a Latin-1 fallback and
  a warning in :func:`read_trf`.
* ``###`` comments, blank lines, header records (``012`` ...) and records with unknown codes
  are kept in ``Tournament.records`` in file order, with ``record_positions`` saying how many
  ``001`` lines came before each, so the writer puts them back unchanged and in place.

Every problem found is located (file, line, 1-based column of the first column of the
faulty field) and says what was expected; all problems of a file are collected and raised
together as one :class:`~dubov_explain.errors.InputError`. Semantic checks across players
(games recorded on one side, points that do not add up, ...) are in
:func:`dubov_explain.tournament.consistency.check_consistency`.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from functools import lru_cache

from ..errors import (
    MAX_INPUT_BYTES,
    MAX_PLAYERS,
    FileAccessError,
    InputError,
    Problem,
    SizeLimitError,
    too_large,
    too_many_players,
)
from ..records import dataclass, field, replace
from ..tournament.request import applicable_forbidden
from ..tournament.model import (
    ALL_CODES,
    PENDING,
    ABNORMAL_CODES,
    Abnormal,
    Colour,
    Player,
    RoundEntry,
    Scoring,
    Tournament,
)

__all__ = ["read_trf", "read_bounded", "parse_trf", "applicable_forbidden", "SCORING_KEYS"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_DIGITS = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_TOKEN = re.compile(r"[^ \t]+")

#: XXS codes in JaVaFo's order (trf.md 7.1)
SCORING_KEYS = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")
#: XXS shortcuts: ``W`` and ``D`` from JaVaFo, ``L`` from py4swiss (trf.md 7.1)
_XXS_SHORTCUTS = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL", "FL", "ZPB"),
}
#: TRF26 162 codes (trf.md 7.3); ``Z`` is bbpPairings' spelling of ``A``
_TRF26_SCORING = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),
    "A": ("ZPB", "FL"),
    "Z": ("ZPB", "FL"),
    "P": ("PAB",),
}
#: records whose presence makes a file TRF26 (``Tournament.dialect``): the TRF26 forms of
#: XXR / XXC / XXS. Not 240/260 (the TRF(x) writer emits them too: no XX equivalent) and
#: not header codes such as 192 (kept verbatim in either dialect).
_TRF26_DIALECT = frozenset({"142", "152", "162"})
#: 1-based columns of the static part of a 001 line that must be blank (trf.md 3.1)
_PLAYER_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
_RESULT_LIST = "1 = 0 + - W D L H F U Z"
#: team records (trf.md 7.3: ``013`` to be phased out, ``300 310 320 330 801 802``, and the
#: team-only headers ``352``/``362``); bbpPairings refuses ``013``/``310`` (trf.md 1)
_TEAM_RECORDS = ("013", "300", "310", "320", "330", "352", "362", "801", "802")
#: result codes bbpPairings accepts without an opponent, and how it reads them (trf.md 4:
#: "``0000 - -`` (read as an absence with zero points), ``0000 - =`` (an absence with a
#: draw's points) and ``0000 - +`` (read as a pairing-allocated bye)"; in bbpPairings'
#: ``readPlayer`` only ``+`` of the three takes part in the pairing): the code of this
#: program's model with the same points and the same part in the pairing, and the words of
#: the warning that says so
_DIALECT = {
    "-": ("Z", "a zero-point bye (absent: no game, no points, not paired)"),
    "=": ("H", "a half-point bye (no game, a draw's points, not paired)"),
    "+": ("U", "the pairing-allocated bye (no game, given by the pairing)"),
}


def read_trf(path: str | os.PathLike[str]) -> Tournament:
    """Read the TRF file at ``path``.

    Raises :class:`FileAccessError` (exit 5) when the file cannot be read and
    :class:`InputError` (exit 3) with every problem found when it is not a valid TRF.
    Text that is not valid UTF-8 is read as Latin-1 with a warning (trf.md 13.2).
    """
    name = os.fspath(path)
    data = read_bounded(name)
    warnings: list[Problem] = []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        prefix = data[: exc.start]
        lines = _LINE_BREAK.split(prefix.decode("utf-8", errors="replace"))
        warnings.append(
            Problem(
                name,
                len(lines),
                len(lines[-1]) + 1,
                f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); the file is read as Latin-1",
                "warning",
            )
        )
        text = data.decode("latin-1")
    return parse_trf(text, name, _warnings=warnings)


def read_bounded(name: str, limit: int | None = None) -> bytes:
    """The bytes of the file ``name``, refused with exit 4 (:class:`SizeLimitError`) when
    larger than ``limit`` (default :data:`~dubov_explain.errors.MAX_INPUT_BYTES`): a regular
    file by its size before reading any of it, anything else (a pipe, ``/dev/zero``) after
    reading one byte more than the limit.  Exit 5 when it cannot be read."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    try:
        with open(name, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > limit:
                raise SizeLimitError(name, too_large(f"{size:,} bytes"))
            data = f.read(limit + 1)
    except OSError as exc:
        raise FileAccessError(name, f"cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise SizeLimitError(name, too_large(f"more than {limit:,} bytes"))
    return data


@dataclass
class _State:
    """Everything collected while reading one file."""

    source: str
    problems: list[Problem] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    records: list[tuple[str, str]] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    record_lines: list[int] = field(default_factory=list)
    total_rounds: int | None = None
    total_rounds_line: int = 0
    initial_colour: Colour | None = None
    initial_colour_line: int = 0
    pair_by_rank: bool = False
    scoring: dict[str, Fraction] = field(default_factory=dict)
    xxp: list[tuple[int, ...]] = field(default_factory=list)
    forbidden_rounds: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)
    absent: set[int] = field(default_factory=set)
    round_absences: dict[int, dict[int, str]] = field(default_factory=dict)
    round_absence_lines: dict[tuple[int, int], int] = field(default_factory=dict)
    acceleration: dict[int, tuple[Fraction, ...]] = field(default_factory=dict)
    acceleration_lines: dict[int, int] = field(default_factory=dict)
    #: ``"trf26"`` once a 142/152/162 record is read (``Tournament.dialect``)
    dialect: str = "trfx"

    #: players whose acceleration came from 250 records (a range may name numbers without
    #: a 001 line, as bbpPairings allows: those are dropped)
    acc250: set[int] = field(default_factory=set)
    #: the first team record's line (0: none)
    team_line: int = 0
    #: bbpPairings' blocks without an opponent (trf.md 4): result code -> [(line, column)]
    bbp_blocks: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: TRF26 299 records read (abnormal points)
    abnormal: list = field(default_factory=list)
    #: a bbpPairings ``BBU`` was read (``BBW`` then leaves the PAB's points alone)
    bbu: bool = False
    #: player numbers named by XX/2xx records: (number, line, column, record code)
    references: list[tuple[int, int, int, str]] = field(default_factory=list)

    def error(self, line: int, column: int, message: str) -> None:
        self.problems.append(Problem(self.source, line, column, message, "error"))

    def warn(self, line: int, column: int, message: str) -> None:
        self.problems.append(Problem(self.source, line, column, message, "warning"))


def parse_trf(text: str, source: str = "<string>", *, _warnings: list[Problem] | None = None
              ) -> Tournament:
    """Parse TRF ``text``; ``source`` names the file in problems and in the result.

    Never raises anything but :class:`InputError` (all problems, errors only; the warnings
    of a successful read are in ``Tournament.warnings``).
    """
    st = _State(source)
    if _warnings:
        st.problems.extend(_warnings)
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()  # the line end of the last line does not start a new line
    _check_size(lines, source)
    _control_characters(st, lines)
    handlers = {
        "001": _read_player,
        "XXR": _read_rounds,
        "142": _read_rounds,
        "XXC": _read_xxc,
        "152": _read_152,
        "XXS": _read_xxs,
        "162": _read_162,
        "XXP": _read_xxp,
        "260": _read_260,
        "XXZ": _read_xxz,
        "240": _read_240,
        "XXA": _read_xxa,
        "250": _read_250,
        "299": _read_299,
        # bbpPairings' TRF(bx) scoring (trf.md 7.2)
        **{code: _read_bb for code in _BB_SCORING},
        # CPPDubovSystem's records (its README, "Use by Terminal"; trf.md 7.5)
        "TNR": _read_rounds,
        "FOR": _read_for,
        "BYE": _read_bye,
        "ACC": _read_acc,
    }
    for lineno, line in enumerate(lines, start=1):
        code = line[:3]
        if code in _TEAM_RECORDS and not st.team_line:
            st.team_line = lineno
            st.error(lineno, 1, f"record {code} belongs to a team tournament, and this "
                                "program has no team pairing system yet; if the tournament is "
                                "an individual one and these lines only describe teams (a team "
                                f"prize), delete the {'/'.join(_TEAM_RECORDS)} lines and try "
                                "again")
        handler = handlers.get(code.upper())
        if handler is None and (_is_ruler(line) or _is_legend(line)):
            # a column ruler or a legend line, as exports print above the records: no data
            st.records.append(("", line))
            st.positions.append(len(st.players))
            st.record_lines.append(lineno)
            continue
        if handler is None and _looks_like_a_player(line):
            st.error(lineno, 1, f"record code {code!r} is not one this program knows, but the "
                                "line has the layout of a player (001) line: read as it is, "
                                "that player would be left out of the pairing; correct the "
                                "code to 001, or delete the line")
            continue
        if handler is None and line.strip() and not line.startswith("###"):
            _unknown_record(st, line, lineno)
        if code.upper() in _KEPT_AND_READ and handler is not None:
            # read, and also kept as written so that the writer puts it back unchanged
            st.records.append((code, line))
            st.positions.append(len(st.players))
            st.record_lines.append(lineno)
        if line.strip() == "" or line.startswith("###") or handler is None:
            st.records.append(("" if line.strip() == "" else code, line))
            st.positions.append(len(st.players))
            st.record_lines.append(lineno)
            continue
        if len(line) > 3 and line[3] != " ":
            st.error(lineno, 4, f"column 4 must be blank after the record code {code!r}, "
                                f"found {line[3]!r}")
            continue
        if code.upper() in _TRF26_DIALECT:
            st.dialect = "trf26"
        handler(st, line, lineno)
    return _finish(st)


# --------------------------------------------------------------------------- helpers


#: codes of trf.md section 3 and 7 kept as they are (descriptive header and TRF26 records)
_KNOWN_KEPT = frozenset(f"{n:03d}" for n in range(12, 233, 10)) | {"299"}
#: records that are read *and* kept verbatim in ``Tournament.records`` (the writer has no
#: generator for them and writes them back as the file had them)
_KEPT_AND_READ = frozenset({"299", "ACC"})
#: the ruler a Swiss-Manager-style export prints above the records: 1234567890 repeated
_RULER = "1234567890" * 30


def _is_ruler(line: str) -> bool:
    """A column ruler: ``123456789012...`` (from column 1), or the tens above it
    (``         1         2 ...``, each digit at the column it counts)."""
    text = line.rstrip()
    if len(text) >= 10 and _RULER.startswith(text):
        return True
    if not text.strip() or text.strip(" 0123456789"):
        return False
    tens = list(re.finditer(r"[0-9]+", text))
    return len(tens) >= 2 and all(int(m.group()) * 10 == m.end() for m in tens)


def _is_legend(line: str) -> bool:
    """A legend line of the TRF16 text (``DDD SSSS sTTT NNNN... RRRR FFF ... BBBB/BB/BB``),
    as exports print it above the player records."""
    tokens = line.split()
    return len(tokens) >= 3 and tokens[:2] == ["DDD", "SSSS"]


#: record codes this program knows by name, for the words of an unknown record's warning
_NOT_USED = {
    "NRS": "a National Rating Support record (TRF26): national ratings are not used for "
           "pairing here",
}


def _unknown_record(st: _State, line: str, lineno: int) -> None:
    """A record this program does not read: kept as it is (the writer puts it back), and a
    warning at its line, so that nothing in the file is dropped without a word."""
    code = line[:3]
    if code in _KNOWN_KEPT:
        return  # descriptive header records (012 ... 232): nothing to pair by
    if re.fullmatch(r"[A-Z]{3}", code) and line[3:4] == " " and _DIGITS.fullmatch(
            line[4:8].strip() or "x"):
        what = _NOT_USED["NRS"]
    else:
        what = "this program does not know it"
    st.warn(lineno, 1, f"record {code!r} is not read: {what}; it is kept in the file as it is "
                       "but nothing in it changes the pairing (if it should, give the same "
                       "information in a record listed in docs/arbiters.md)")


def _looks_like_a_player(line: str) -> bool:
    """A line with an unknown three-digit code in the layout of a ``001`` line (a starting
    rank at columns 5-8, points at 81-84): most likely a mistyped player record."""
    code = line[:3]
    if not code.isdigit() or code in _KNOWN_KEPT or code in _TEAM_RECORDS or len(line) < 84:
        return False
    try:
        int(line[4:8])
        float(line[80:84])
    except ValueError:
        return False
    return True


def _check_size(lines: list[str], source: str) -> None:
    """More than :data:`MAX_PLAYERS` player records: refused before reading any (exit 4),
    located at the first record over the limit."""
    starts = [i for i, line in enumerate(lines, start=1) if line[:3] == "001"]
    if len(starts) > MAX_PLAYERS:
        raise SizeLimitError(f"{source}:{starts[MAX_PLAYERS]}:1",
                             too_many_players(f"{len(starts):,}"))



#: at most this many lines get a warning (or a NUL error) each; one more problem counts the rest
_CONTROL_REPORTS = 20
#: the free-text fields of a 001 line, for the words of a warning (0-based slices)
_PLAYER_TEXT_FIELDS = ((9, 10, "sex"), (10, 13, "title"), (14, 47, "name"), (53, 56, "federation"),
                       (57, 68, "FIDE id"), (69, 79, "birth date"))


def _control_characters(st: _State, lines: list[str]) -> None:
    """Control characters and bidirectional overrides (``safetext.UNSAFE``, tab aside:
    the records read it as a separator or refuse it) are kept as the file has them, with
    a warning at the first one of each line, since a real export with a right-to-left mark
    in a name must still pair; every output shows them escaped.  A NUL is an error
    (exit 3): no export has a reason to hold one, and many programs cut a string there."""
    from ..safetext import UNSAFE, describe

    warned = refused = 0
    for lineno, line in enumerate(lines, start=1):
        m = UNSAFE.search(line)
        if m is None:
            continue
        found = [(i, c) for i, c in enumerate(line) if UNSAFE.match(c) and c != "\t"]
        if not found:
            continue
        nul = next(((i, c) for i, c in found if c == "\x00"), None)
        i, c = nul or found[0]
        where = ""
        if line[:3] == "001":
            for a, b, what in _PLAYER_TEXT_FIELDS:
                if a <= i < b:
                    where = f" in the {what} (columns {a + 1}-{b})"
        elif line[:3].strip():
            where = f" in the {line[:3]} record"
        more = f" and {len(found) - 1} more" if len(found) > 1 else ""
        if nul is not None:
            refused += 1
            if refused <= _CONTROL_REPORTS:
                st.error(lineno, i + 1, f"NUL character (byte 0){where}: a TRF is text and "
                                        "cannot hold one; remove it (the file may be damaged "
                                        "or not a TRF)")
            continue
        warned += 1
        if warned <= _CONTROL_REPORTS:
            st.warn(lineno, i + 1, f"control character {describe(c)}{more}{where}: kept as "
                                   "the file has it, and shown escaped in every output")
    if refused > _CONTROL_REPORTS:
        st.error(1, 1, f"NUL characters on {refused - _CONTROL_REPORTS} more line(s)")
    if warned > _CONTROL_REPORTS:
        st.warn(1, 1, f"control characters on {warned - _CONTROL_REPORTS} more line(s)")


def _tab_free(st: _State, line: str, lineno: int) -> bool:
    """Fixed-column records cannot contain tabs: report the first one."""
    i = line.find("\t")
    if i < 0:
        return True
    st.error(lineno, i + 1, "tab character in a fixed-column record; use spaces")
    return False


def _blank_column(st: _State, line: str, lineno: int, column: int, what: str = "") -> None:
    if len(line) >= column and line[column - 1] != " ":
        suffix = f" ({what})" if what else ""
        st.error(lineno, column, f"column {column} must be blank{suffix}, found "
                                 f"{line[column - 1]!r}")


def _tokens(line: str) -> list[tuple[int, str]]:
    """Whitespace-separated tokens after the record code, with 1-based columns."""
    return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(line, 4)]


def _player_id(st: _State, lineno: int, column: int, raw: str, what: str) -> int | None:
    s = raw.strip(" ")
    if _DIGITS.fullmatch(s) and 1 <= int(s) <= 9999:
        return int(s)
    st.error(lineno, column, f"{what} must be a number 1-9999, found {raw!r}")
    return None


def _decimal(raw: str) -> Fraction | None:
    s = raw.strip(" ")
    if _DECIMAL.fullmatch(s):
        return _fraction_of(s)
    return None


@lru_cache(maxsize=1024)
def _fraction_of(text: str) -> Fraction:
    """``Fraction(text)``, parsed once per distinct text (points fields repeat a lot)."""
    return Fraction(text)


# --------------------------------------------------------------------------- 001


def _read_player(st: _State, line: str, lineno: int) -> None:
    """A ``001`` record, by the columns of trf.md 3.1 and the blocks of 3.2."""
    if not _tab_free(st, line, lineno):
        return
    ok = True
    for col in _PLAYER_SEPARATORS:
        if len(line) >= col and line[col - 1] != " ":
            ok = False
            st.error(lineno, col, f"column {col} must be blank (fields of a 001 line are at "
                                  f"fixed columns), found {line[col - 1]!r}")
    raw = line[4:8]
    number: int | None = None
    if raw.strip() == "":
        st.error(lineno, 5, "starting rank (columns 5-8) is missing")
        ok = False
    else:
        number = _player_id(st, lineno, 5, raw, "starting rank (columns 5-8)")
        ok = ok and number is not None

    rating = 0
    raw = line[48:52]
    if raw.strip():
        if _DIGITS.fullmatch(raw.strip()):
            rating = int(raw.strip())
        else:
            ok = False
            st.error(lineno, 49, f"rating (columns 49-52) must be a number or blank, found "
                                 f"{raw!r}")
    points = Fraction(0)
    raw = line[80:84]
    if raw.strip():
        value = _decimal(raw)
        if value is None:
            ok = False
            st.error(lineno, 81, f"points (columns 81-84) must be a number like 12.5, found "
                                 f"{raw!r}")
        else:
            points = value
    rank: int | None = None
    raw = line[85:89]
    if raw.strip():
        if _DIGITS.fullmatch(raw.strip()):
            rank = int(raw.strip())
        else:
            ok = False
            st.error(lineno, 86, f"rank (columns 86-89) must be a number or blank, found "
                                 f"{raw!r}")

    entries: list[RoundEntry] = []
    body = line.rstrip(" ")
    start = 91
    while start < len(body):
        entry = _read_block(st, body, lineno, start)
        if entry is None:
            ok = False
        else:
            entries.append(entry)
        start += 10
    if not ok or number is None:
        return
    st.players.append(
        Player(
            number=number,
            name=line[14:47].strip(),
            rating=rating,
            sex=line[9:10] or " ",
            title=line[10:13].strip(),
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            birth_date=line[69:79].strip(),
            points=points,
            rank=rank,
            entries=tuple(entries),
            line=lineno,
        )
    )


def _read_block(st: _State, body: str, lineno: int, start: int) -> RoundEntry | None:
    """One 10-column round block starting at 0-based index ``start`` (trf.md 3.2)."""
    col = start + 1  # 1-based column of the opponent field
    ok = True
    raw = body[start:start + 4]
    opponent: int | None = None
    if raw.strip(" ") not in ("", "0000") and not (
        _DIGITS.fullmatch(raw.strip(" ")) and int(raw.strip(" ")) == 0
    ):
        if _DIGITS.fullmatch(raw.strip(" ")):
            opponent = int(raw.strip(" "))
        else:
            ok = False
            st.error(lineno, col, f"opponent (columns {col}-{col + 3}) must be a starting "
                                  f"rank or 0000, found {raw!r}")
    for offset in (4, 6, 8, 9):
        ch = body[start + offset:start + offset + 1]
        if ch not in ("", " "):
            ok = False
            st.error(lineno, col + offset, f"column {col + offset} must be blank (round block "
                                           f"separator), found {ch!r}")
    ch = body[start + 5:start + 6]
    colour: Colour | None = None
    if ch in ("w", "W"):
        colour = Colour.WHITE
    elif ch in ("b", "B"):
        colour = Colour.BLACK
    elif ch not in ("", " ", "-"):
        ok = False
        st.error(lineno, col + 5, f"colour must be w, b or -, found {ch!r}")
    ch = body[start + 7:start + 8]
    code = ch.upper()
    if ch in ("", " "):
        code = "Z" if opponent is None else PENDING
    elif code not in ALL_CODES:
        ok = False
        st.error(lineno, col + 7, f"result must be one of {_RESULT_LIST}, found {ch!r}")
    if not ok:
        return None
    if opponent is None and code in _DIALECT:
        # bbpPairings' forms without an opponent (trf.md 4): mapped to the code that means
        # the same; what the code means for pairing is the rulebook's to say
        written = f"0000 {body[start + 5:start + 6].strip() or '-'} {ch}"
        st.bbp_blocks.setdefault(code, []).append((lineno, col + 7))
        return RoundEntry(None, colour, _DIALECT[code][0], written)
    return RoundEntry(opponent, colour, code)


# --------------------------------------------------------------------------- XX / 1x2 / 2x0


def _read_rounds(st: _State, line: str, lineno: int) -> None:
    """``XXR n`` (JaVaFo) or ``142 n`` (TRF26): the total number of rounds (trf.md 7)."""
    code = line[:3].upper()
    tokens = _tokens(line)
    content = line[4:].strip()
    if len(tokens) != 1 or not _DIGITS.fullmatch(tokens[0][1]) or int(tokens[0][1]) < 1:
        col = tokens[0][0] if tokens else 5
        st.error(lineno, col, f"{code} must give the total number of rounds as a whole number "
                              f"1 or more, found {content!r}")
        return
    n = int(tokens[0][1])
    if st.total_rounds is not None and st.total_rounds != n:
        st.error(lineno, tokens[0][0], f"total number of rounds given again as {n} (line "
                                       f"{st.total_rounds_line} gave {st.total_rounds})")
        return
    st.total_rounds, st.total_rounds_line = n, lineno


def _set_colour(st: _State, lineno: int, column: int, colour: Colour) -> None:
    if st.initial_colour is not None and st.initial_colour is not colour:
        st.error(lineno, column, f"initial colour given again as {colour.word.lower()} (line "
                                 f"{st.initial_colour_line} gave "
                                 f"{st.initial_colour.word.lower()})")
        return
    st.initial_colour, st.initial_colour_line = colour, lineno


def _read_xxc(st: _State, line: str, lineno: int) -> None:
    """``XXC rank white1 black1`` (trf.md 7.1, 8)."""
    for col, word in _tokens(line):
        w = word.lower()
        if w == "rank":
            st.pair_by_rank = True
        elif w in ("white1", "black1"):
            _set_colour(st, lineno, col, Colour.WHITE if w == "white1" else Colour.BLACK)
        else:
            st.error(lineno, col, f"XXC word must be rank, white1 or black1, found {word!r}")


def _read_152(st: _State, line: str, lineno: int) -> None:
    """``152 W`` or ``152 B``: initial colour (TRF26, trf.md 2 and 8)."""
    content = line[4:].strip()
    if content.upper() not in ("W", "B"):
        st.error(lineno, 5, f"152 must be W or B, found {content!r}")
        return
    _set_colour(st, lineno, 5, Colour.WHITE if content.upper() == "W" else Colour.BLACK)


def _read_xxs(st: _State, line: str, lineno: int) -> None:
    """``XXS CODE=VALUE ...`` scoring (trf.md 7.1); later values override earlier ones."""
    for col, token in _tokens(line):
        key, eq, raw = token.partition("=")
        key = key.upper()
        if not eq:
            st.error(lineno, col, f"XXS entries must be CODE=VALUE, found {token!r}")
            continue
        if key not in SCORING_KEYS and key not in _XXS_SHORTCUTS:
            st.error(lineno, col, f"unknown XXS code {key!r}; expected one of "
                                  f"{' '.join(SCORING_KEYS)} or the shortcuts W D L")
            continue
        value = _decimal(raw)
        if value is None:
            st.error(lineno, col + len(key) + 1, f"XXS value must be a number like 0.5, found "
                                                 f"{raw!r}")
            continue
        for k in _XXS_SHORTCUTS.get(key, (key,)):
            st.scoring[k] = value


def _read_162(st: _State, line: str, lineno: int) -> None:
    """TRF26 ``162`` scoring: code at column 6, value at 7-10, stride 9 (trf.md 7.3)."""
    if not _tab_free(st, line, lineno):
        return
    _blank_column(st, line, lineno, 5)
    body = line.rstrip(" ")
    seen: dict[str, Fraction] = {}
    i = 5
    if len(body) <= i:
        st.error(lineno, 6, "162 needs at least one result code and its points, e.g. "
                            "'162  W 3.0'")
        return
    while i < len(body):
        ch = body[i]
        raw = body[i + 1:i + 5]
        if ch.upper() == "X":
            st.warn(lineno, i + 1, "162 code X (unknown result) is not used by this program; "
                                   "ignored")
        elif ch.upper() not in _TRF26_SCORING:
            st.error(lineno, i + 1, f"162 result code must be one of W D L A P X, found {ch!r}")
        else:
            value = _decimal(raw)
            if value is None:
                st.error(lineno, i + 2, f"162 points (columns {i + 2}-{i + 5}) must be a "
                                        f"number like 1.0, found {raw!r}")
            else:
                seen[ch.upper()] = value
        for c in range(i + 6, i + 10):
            _blank_column(st, body, lineno, c)
        i += 9
    for code, value in seen.items():
        for k in _TRF26_SCORING[code]:
            st.scoring[k] = value
    if "W" in seen and "P" not in seen:
        st.scoring["PAB"] = seen["W"]  # TRF26: P defaults to W


def _id_list(st: _State, line: str, lineno: int, code: str) -> list[int] | None:
    ids: list[int] = []
    ok = True
    for col, token in _tokens(line):
        n = _player_id(st, lineno, col, token, f"{code} entry")
        if n is None:
            ok = False
        else:
            ids.append(n)
            st.references.append((n, lineno, col, code))
    return ids if ok else None


def _read_xxp(st: _State, line: str, lineno: int) -> None:
    """``XXP id id ...``: none of these may be paired with another (trf.md 7.1)."""
    ids = _id_list(st, line, lineno, "XXP")
    if ids is None:
        return
    if len(ids) < 2:
        st.error(lineno, 5, f"XXP needs at least two starting ranks, found {len(ids)}")
        return
    st.xxp.append(tuple(ids))


def _read_xxz(st: _State, line: str, lineno: int) -> None:
    """``XXZ id id ...``: absent from the round to pair; several lines allowed (7.1)."""
    ids = _id_list(st, line, lineno, "XXZ")
    if ids is not None:
        st.absent.update(ids)


def _fixed_ids(st: _State, body: str, lineno: int, start: int, code: str) -> list[int] | None:
    """Player ids 4 wide at 0-based ``start``, ``start + 5``, ... (240, 260)."""
    ids: list[int] = []
    ok = True
    i = start
    while i < len(body):
        _blank_column(st, body, lineno, i)  # separator before the id (1-based column i)
        raw = body[i:i + 4]
        n = _player_id(st, lineno, i + 1, raw, f"{code} player (columns {i + 1}-{i + 4})")
        if n is None:
            ok = False
        else:
            ids.append(n)
            st.references.append((n, lineno, i + 1, code))
        i += 5
    return ids if ok else None


def _round_field(st: _State, line: str, lineno: int, a: int, what: str) -> int | None:
    raw = line[a - 1:a + 2]
    s = raw.strip(" ")
    if _DIGITS.fullmatch(s) and int(s) >= 1:
        return int(s)
    st.error(lineno, a, f"{what} (columns {a}-{a + 2}) must be a round number like 004, "
                        f"found {raw!r}")
    return None


def _read_240(st: _State, line: str, lineno: int) -> None:
    """TRF26 ``240 T rrr id id ...``: bye type at 5, round at 7-9, ids at 11-14, ... (7.3)."""
    if not _tab_free(st, line, lineno):
        return
    body = line.rstrip(" ")
    kind = body[4:5].upper()
    ok = True
    if kind not in ("F", "H", "Z"):
        st.error(lineno, 5, f"240 bye type must be F, H or Z, found {body[4:5]!r}")
        ok = False
    _blank_column(st, body, lineno, 6)
    round_no = _round_field(st, body, lineno, 7, "240 round")
    ids = _fixed_ids(st, body, lineno, 10, "240")
    if not ids and ids is not None:
        st.error(lineno, 11, "240 needs at least one starting rank at columns 11-14")
        return
    if not ok or round_no is None or ids is None:
        return
    byes = st.round_absences.setdefault(round_no, {})
    for n in ids:
        if n in byes:
            st.error(lineno, 11, f"player {n} already has a 240 bye for round {round_no} "
                                 f"(line {st.round_absence_lines[(round_no, n)]})")
            continue
        byes[n] = kind
        st.round_absence_lines[(round_no, n)] = lineno


def _read_260(st: _State, line: str, lineno: int) -> None:
    """TRF26 ``260 fff lll id id ...``: rounds at 5-7 and 9-11, ids at 13-16, ... (7.3)."""
    if not _tab_free(st, line, lineno):
        return
    body = line.rstrip(" ")
    first = _round_field(st, body, lineno, 5, "260 first round")
    _blank_column(st, body, lineno, 8)
    last = _round_field(st, body, lineno, 9, "260 last round")
    ids = _fixed_ids(st, body, lineno, 12, "260")
    if first is None or last is None or ids is None:
        return
    if first > last:
        st.error(lineno, 9, f"260 last round {last} is before the first round {first}")
        return
    if len(ids) < 2:
        st.error(lineno, 13, f"260 needs at least two starting ranks, found {len(ids)}")
        return
    st.forbidden_rounds.append((first, last, tuple(ids)))


def _read_xxa(st: _State, line: str, lineno: int) -> None:
    """``XXA NNNN pp.p pp.p ...``: id at 5-8, round r at ``10 + 5(r-1)`` (trf.md 7.1)."""
    if not _tab_free(st, line, lineno):
        return
    body = line.rstrip(" ")
    n = _player_id(st, lineno, 5, body[4:8], "XXA player (columns 5-8)")
    values: list[Fraction] = []
    ok = n is not None
    i = 9
    while i < len(body):
        _blank_column(st, body, lineno, i)
        raw = body[i:i + 4]
        if raw.strip() == "":
            values.append(Fraction(0))
        else:
            value = _decimal(raw)
            if value is None:
                ok = False
                st.error(lineno, i + 1, f"XXA points (columns {i + 1}-{i + 4}) must be a "
                                        f"number like 1.0, found {raw!r}")
            else:
                values.append(value)
        i += 5
    if not ok or n is None:
        return
    st.references.append((n, lineno, 5, "XXA"))
    if n in st.acc250:
        st.error(lineno, 5, f"acceleration of player {n} already given by a 250 record (line "
                            f"{st.acceleration_lines[n]}); use XXA or 250, not both")
        return
    if n in st.acceleration:
        st.error(lineno, 5, f"acceleration of player {n} given again (line "
                            f"{st.acceleration_lines[n]})")
        return
    st.acceleration[n] = tuple(values)
    st.acceleration_lines[n] = lineno


def _read_250(st: _State, line: str, lineno: int) -> None:
    """TRF26 ``250`` acceleration (trf.md 7.3): match points at 5-8 (blank or zero for an
    individual event), game points at 10-13, rounds at 15-17 and 19-21, players at 23-26 and
    28-31; every player of the range gets those points in every round of the range."""
    if not _tab_free(st, line, lineno):
        return
    body = line.rstrip(" ")
    if len(body) < 31:
        st.error(lineno, 1, "250 needs match points (5-8), game points (10-13), first and "
                            "last round (15-17, 19-21) and first and last player (23-26, "
                            "28-31), e.g. '250      01.0 001 003 0001 0090'")
        return
    for c in (9, 14, 18, 22, 27):
        _blank_column(st, body, lineno, c)
    match = body[4:8]
    if match.strip() and _decimal(match) != 0:
        st.error(lineno, 5, f"250 match points (columns 5-8) must be blank or 0 in an "
                            f"individual tournament, found {match!r}")
        return
    value = _decimal(body[9:13])
    if value is None:
        st.error(lineno, 10, f"250 game points (columns 10-13) must be a number like 1.0, "
                             f"found {body[9:13]!r}")
        return
    first = _round_field(st, body, lineno, 15, "250 first round")
    last = _round_field(st, body, lineno, 19, "250 last round")
    lo = _player_id(st, lineno, 23, body[22:26], "250 first player (columns 23-26)")
    hi = _player_id(st, lineno, 28, body[27:31], "250 last player (columns 28-31)")
    if body[31:].strip():
        st.error(lineno, 32, f"250 ends at column 31, found {body[31:].strip()!r}")
        return
    if first is None or last is None or lo is None or hi is None:
        return
    if first > last or lo > hi:
        st.error(lineno, 15 if first > last else 23, "250 range runs backwards (first after last)")
        return
    for n in range(lo, hi + 1):
        if n in st.acceleration and n not in st.acc250:
            st.error(lineno, 23, f"acceleration of player {n} already given by XXA (line "
                                 f"{st.acceleration_lines[n]}); use XXA or 250, not both")
            return
        values = list(st.acceleration.get(n, ()))
        values += [Fraction(0)] * max(0, last - len(values))
        for k in range(first, last + 1):
            values[k - 1] = value
        st.acceleration[n] = tuple(values)
        st.acceleration_lines[n] = lineno
        st.acc250.add(n)


#: bbpPairings' TRF(bx) scoring codes (trf.md 7.2; its ``trf.cpp``): the XXS keys each sets
_BB_SCORING = {
    "BBW": ("WW", "BW", "FW", "FPB"),
    "BBD": ("WD", "BD", "HPB"),
    "BBL": ("WL", "BL"),
    "BBZ": ("ZPB",),
    "BBF": ("FL",),
    "BBU": ("PAB",),
}


def _read_bb(st: _State, line: str, lineno: int) -> None:
    """bbpPairings' ``BBW 3.0`` ... ``BBU 1.0``: the points of a result (trf.md 7.2); as in
    bbpPairings, ``BBW`` also sets the pairing-allocated bye unless ``BBU`` is given."""
    code = line[:3].upper()
    tokens = _tokens(line)
    value = _decimal(tokens[0][1]) if len(tokens) == 1 else None
    if value is None:
        st.error(lineno, tokens[0][0] if tokens else 5,
                 f"{code} must give the points as one number like 1.0, found "
                 f"{line[4:].strip()!r}")
        return
    for k in _BB_SCORING[code]:
        st.scoring[k] = value
    if code == "BBU":
        st.bbu = True
    elif code == "BBW" and not st.bbu:
        st.scoring["PAB"] = value


def _read_for(st: _State, line: str, lineno: int) -> None:
    """CPPDubovSystem's ``FOR a b``: a and b may not be paired (its README: "FOR 1 2"; one
    pair per line), read as ``XXP a b``."""
    ids = _id_list(st, line, lineno, "FOR")
    if ids is None:
        return
    if len(ids) != 2:
        st.error(lineno, 5, f"FOR (CPPDubovSystem's forbidden pair) takes two starting ranks, "
                            f"found {len(ids)}; write one FOR line per pair, or an XXP line "
                            "for a group")
        return
    st.xxp.append(tuple(ids))


def _read_bye(st: _State, line: str, lineno: int) -> None:
    """CPPDubovSystem's ``BYE id``: the player is not paired in the round to pair (its
    README: "a player requests a bye (or simply not to pair it for the round)"), read as
    ``XXZ id``: absent, no points."""
    ids = _id_list(st, line, lineno, "BYE")
    if ids is None:
        return
    if not ids:
        st.error(lineno, 5, "BYE (CPPDubovSystem) needs the starting rank of the player not "
                            "to pair, e.g. 'BYE 19'")
        return
    st.absent.update(ids)


def _read_acc(st: _State, line: str, lineno: int) -> None:
    """CPPDubovSystem's ``ACC true|1|false|0``: the Baku acceleration on or off (its README).
    On, the points must come from ``pair --baku`` (or XXA/250 records): a warning says so,
    as for a ``192 ..._BAKU`` without points."""
    value = line[4:].strip().lower()
    if value in ("false", "0"):
        return
    if value in ("true", "1"):
        st.warn(lineno, 5, "ACC asks for the Baku acceleration (CPPDubovSystem's record): "
                           "acceleration points are read from XXA/250 records only, so the "
                           "round is paired without them unless `pair --baku` computes them")
        return
    st.error(lineno, 5, f"ACC (CPPDubovSystem's Baku switch) must be true, 1, false or 0, "
                        f"found {line[4:].strip()!r}")


#: TRF26 ``299`` abnormal assignment types (column 5) and the result codes each names;
#: blank is a bonus or penalty (trf.md 7.3; TRF-2026 "Abnormal Assignment Points")
_ABNORMAL_KINDS = {**ABNORMAL_CODES, " ": ()}
_SIGNED = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _read_299(st: _State, line: str, lineno: int) -> None:
    """TRF-2026 ``299`` (abnormal assignment of points): type at column 5 (``W D L F H Z +
    -``: that result's points for the players listed; blank: a bonus or penalty), match
    points at 8-11 (teams only), points at 14-17 (``[-]11.5``), round at 20-22 (``000`` or
    blank: all rounds), players at 24-27, 29-32, ...

    Read as: a typed record sets the points of the listed players' result of that type in
    that round (every round for ``000``), instead of the scoring system's; a bonus or
    penalty adds its points to the player's score in that round (so it counts from the
    pairing of the next round on).  A bonus or penalty for "all rounds" is refused: whether
    it is added once or in every round, and from which round it counts for pairing, the
    text does not say."""
    if not _tab_free(st, line, lineno):
        return
    body = line.rstrip(" ")
    kind = body[4:5] or " "
    if kind.upper() not in _ABNORMAL_KINDS:
        st.error(lineno, 5, f"299 type (column 5) must be W, D, L, F, H, Z, +, - or blank "
                            f"(a bonus or penalty), found {kind!r}")
        return
    kind = kind.upper()
    for c in (6, 7, 12, 13, 18, 19):
        _blank_column(st, body, lineno, c, "299 separator")
    match = body[7:11]
    if match.strip() and _decimal(match.replace("-", "", 1)) != 0:
        st.error(lineno, 8, f"299 match points (columns 8-11) are for team tournaments; in an "
                            f"individual one leave them blank, found {match!r}")
        return
    raw = body[13:17]
    if not _SIGNED.fullmatch(raw.strip()):
        st.error(lineno, 14, f"299 points (columns 14-17) must be a number like 1.0 or -0.5, "
                             f"found {raw!r}")
        return
    points = _fraction_of(raw.strip())
    raw_round = body[19:22]
    if raw_round.strip() == "":
        round_no = 0
    elif _DIGITS.fullmatch(raw_round.strip()):
        round_no = int(raw_round.strip())
    else:
        st.error(lineno, 20, f"299 round (columns 20-22) must be a round number like 003, or "
                             f"000 or blank for all rounds, found {raw_round!r}")
        return
    ids = _fixed_ids(st, body, lineno, 23, "299")
    if ids is None:
        return
    if not ids:
        st.error(lineno, 24, "299 needs at least one starting rank at columns 24-27")
        return
    if kind == " " and round_no == 0:
        st.error(lineno, 20, "299 bonus or penalty (blank type) for all rounds (round 000 or "
                             "blank): whether it counts once or in every round, and from "
                             "which round on for pairing, is not defined; give the round in "
                             "which it was assigned (columns 20-22), e.g. 003")
        return
    st.abnormal.append(Abnormal(kind.strip(), points, round_no, tuple(ids), lineno))


# --------------------------------------------------------------------------- finishing


def _check_abnormal(st: _State) -> None:
    """A typed ``299`` for a round the player has played otherwise names a result he does
    not have: refused at its line (which result did the file mean?)."""
    by_number = {p.number: p for p in st.players}
    for a in st.abnormal:
        if not a.kind or not a.round:
            continue
        for i, n in enumerate(a.players):
            p = by_number.get(n)
            e = p.entry(a.round) if p is not None else None
            if e is None or e.code == PENDING or e.code in _ABNORMAL_KINDS[a.kind]:
                continue
            st.error(a.line, 24 + 5 * i,
                     f"299 gives player {n} the points of a {a.kind!r} result in round "
                     f"{a.round}, but his round {a.round} is {e.code!r} (line {p.line}); "
                     f"correct the type (column 5) or the round (columns 20-22)")


def _finish(st: _State) -> Tournament:
    if not st.players and not any(p.is_error for p in st.problems):
        st.error(1, 1, "no player records (001 lines) found")
    numbers = {p.number for p in st.players}
    if st.players:
        for n, lineno, col, code in st.references:
            if n not in numbers:
                st.error(lineno, col, f"{code} names player {n}, who has no 001 line")
    _check_abnormal(st)
    errors = [p for p in st.problems if p.is_error]
    if errors:
        raise InputError(sorted(errors, key=lambda p: (p.line, p.column)))
    for code, where in st.bbp_blocks.items():
        mapped, meaning = _DIALECT[code]
        more = ""
        if len(where) > 1:
            rest = sorted({line for line, _ in where[1:]})
            shown = ", ".join(map(str, rest[:8])) + (", ..." if len(rest) > 8 else "")
            more = f"; {len(where) - 1} more such block(s), line(s) {shown}"
        st.warn(where[0][0], where[0][1],
                f"0000 - {code} read as 0000 - {mapped}: {meaning}, as bbpPairings reads it"
                f"{more}")

    # trf.md 3.2 / 9: a line that stops before the last round with games is read as absent
    # (0000 - Z) for the missing rounds.
    last = max(
        (i for p in st.players for i, e in enumerate(p.entries, 1)
         if e.opponent is not None or e.code == "U"),
        default=0,
    )
    players: list[Player] = []
    for p in st.players:
        if len(p.entries) < last:
            missing = last - len(p.entries)
            first = len(p.entries) + 1
            rounds = f"round {first}" if missing == 1 else f"rounds {first}-{last}"
            st.warn(p.line, 92 + 10 * len(p.entries),
                    f"no block for {rounds}; read as 0000 - Z (absent)")
            p = replace(p, entries=p.entries + (RoundEntry(None, None, "Z"),) * missing)
        players.append(p)

    round_to_pair = last + 1
    name = next((text[4:].strip() for code, text in st.records if code == "012"), "")
    return Tournament(
        players=tuple(players),
        total_rounds=st.total_rounds,
        total_rounds_line=st.total_rounds_line,
        initial_colour=st.initial_colour,
        scoring=Scoring(dict(st.scoring)),
        forbidden=tuple(st.xxp) + tuple(applicable_forbidden(tuple(st.forbidden_rounds),
                                                             round_to_pair)),
        absent=frozenset(st.absent),
        acceleration={n: v for n, v in st.acceleration.items()
                      if n in numbers or n not in st.acc250},
        acceleration_250=frozenset(st.acc250 & numbers),
        records=tuple(st.records),
        name=name,
        source=st.source,
        pair_by_rank=st.pair_by_rank,
        round_absences={r: dict(m) for r, m in st.round_absences.items()},
        forbidden_rounds=tuple(st.forbidden_rounds),
        record_positions=tuple(st.positions),
        record_lines=tuple(st.record_lines),
        warnings=tuple(p for p in st.problems if not p.is_error),
        dialect=st.dialect,
        abnormal=tuple(st.abnormal),
    )
