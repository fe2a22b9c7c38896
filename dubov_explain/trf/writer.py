"""Write a :class:`~dubov_explain.tournament.model.Tournament` as TRF(x) or TRF26 text, and
enter a round's pairings and results.

Writer rules (``shared/reference/trf.md`` section 13, "safe writer", and section 3.2):

* ``001`` lines at the exact columns of section 3.1; ``0000`` for "no opponent", never
  blanks; always an explicit colour (``w``, ``b`` or ``-``) and an explicit result code;
  opponents right-aligned in 4 columns; unrated players (rating 0) get a blank rating field;
  trailing blanks are cut.
* The points field is written **as stored** (``Player.points``); it is not recomputed, so a
  file that did not add up still does not (the consistency checker reports it).
* The rank field (columns 86-89) is written as stored. :func:`append_round` and
  :func:`enter_results` change the standings, so they set every player's rank afresh
  (:meth:`Tournament.with_ranks`: by points, equal points by starting rank); py4swiss
  refuses a file without ranks (trf.md 3.1).
* Padding: a player with fewer blocks than the last round with games
  (``Tournament.rounds_with_games``) is padded with ``0000 - Z`` up to that round. It is *not*
  padded further: a column that only holds pre-entered byes is the round to pair (section 9),
  and padding everybody with ``Z`` there would mark the whole field absent. (The reader does
  the same padding, so writing is lossless.)
* Header records, comments, blank lines and unknown records are written back unchanged and
  in their original place relative to the ``001`` lines (``Tournament.record_positions``).
  The first ``012`` record is rewritten only if ``Tournament.name`` was changed.
* The records the reader interprets are regenerated after everything else, in the dialect
  asked for (default: ``Tournament.dialect``, the one the file was read in):

  - **TRF(x)** (section 13.1: readable by JaVaFo, bbpPairings and py4swiss): ``XXR``,
    ``XXC``, ``XXS`` (only the values stored), ``XXP``, then the TRF26 ``260`` and ``240``
    lines (no TRF(x) equivalent with a round range / bye type), ``XXZ``, ``XXA``;
  - **TRF26** (section 7.3-7.4): ``142``, ``152 W|B`` and ``162`` (a code for each group
    of values stored; ``P`` always next to ``W``) in place of ``XXR``, ``XXC white1|black1``
    and ``XXS``; a scoring ``162`` cannot say (colour-dependent values, or values that
    differ within one ``162`` code) stays ``XXS``. The other records are written as in
    TRF(x), because their TRF26 forms say more than the model holds (``260`` a round range,
    ``240`` a round and a bye type, ``250`` round and player ranges) and so could not be
    read back as the same tournament: ``XXC rank``, ``XXP``, ``XXZ`` and ``XXA`` stay, next
    to the ``260``/``240`` lines read from the file. bbpPairings reads ``XXP`` and ``XXA``
    but not ``XXZ``; the files this program writes after ``pair`` or ``result`` have no
    ``XXZ`` (entering a round clears it).
* Line ends are LF (accepted by every reader checked, section 1).

Round trip: ``parse_trf(write_trf(t))`` equals ``t`` (line numbers aside) for every ``t``
read from a file, and ``write_trf`` of that is the same text byte for byte.

**Pending results.** A round entered by :func:`append_round` has no results yet; the model
stores code :data:`~dubov_explain.tournament.model.PENDING` (``""``, 0 points) and the text
has the opponent and colour with a *blank* result column (``   5 w  ``). TRF has no pending
code: the spec reads a blank result as ``Z``, which cannot go with an opponent, so the
combination is free to mean "pending"; bbpPairings rejects it ("invalid line") and py4swiss
rejects every blank result, so such a file is this program's intermediate state, not a
pairing request for other tools. :func:`enter_results` turns it into a normal TRF.
"""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Mapping

from ..errors import FileAccessError, SizeLimitError
from ..records import replace
from ..tournament.model import (
    COMPLEMENT,
    PENDING,
    PLAYED_CODES,
    FORFEIT_CODES,
    Colour,
    Player,
    RoundEntry,
    Tournament,
)
from ..tournament.request import applicable_forbidden, xxp_groups
from .reader import SCORING_KEYS

__all__ = ["write_trf", "save_trf", "acceleration_records", "write_atomically", "write_files", "points_limit", "scoring_limit", "append_round", "enter_results",
           "format_decimal", "TRF_FORMATS"]


def format_decimal(value: Fraction, min_places: int = 1) -> str:
    """``value`` as an exact decimal with at least ``min_places`` decimals (``2.5``,
    ``17.0``, ``0.25``). Raises ValueError when no finite decimal is exact (1/3)."""
    d, twos, fives = value.denominator, 0, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    if d != 1:
        raise ValueError(f"{value} has no exact decimal form")
    places = max(twos, fives, min_places)
    n = int(value * 10**places)
    digits = str(abs(n)).rjust(places + 1, "0")
    text = digits[:-places] + "." + digits[-places:] if places else digits
    return ("-" if n < 0 else "") + text


def _points_field(value: Fraction, what: str = "points (columns 81-84)") -> str:
    """Points in 4 columns, ``11.5`` style (trf.md 3.1 points, 7.1 XXA)."""
    text = format_decimal(value)
    if len(text) > 4 and value.denominator == 1:
        text = str(value.numerator)
    if len(text) > 4:
        raise ValueError(f"{what}: {text} does not fit 4 columns")
    return text.rjust(4)


def _fits(value: Fraction) -> bool:
    try:
        _points_field(value)
    except ValueError:
        return False
    return True


def _show(value: Fraction) -> str:
    try:
        return format_decimal(value)
    except ValueError:
        return str(value)


#: what each scoring key is, for the words of a refusal
_SCORING_WORDS = {
    "WW": "a win with White", "BW": "a win with Black", "WD": "a draw with White",
    "BD": "a draw with Black", "WL": "a loss with White", "BL": "a loss with Black",
    "ZPB": "a zero-point bye", "HPB": "a half-point bye", "FPB": "a full-point bye",
    "PAB": "the pairing-allocated bye", "FW": "a forfeit win", "FL": "a forfeit loss",
}


def points_limit(t: Tournament) -> SizeLimitError | None:
    """The refusal (exit 4) of a tournament whose points after one more result could not
    be written: the points field is 4 columns (``11.5`` style, trf.md 3.1), so a scoring
    value such as ``XXS PAB=0.125`` (0.625 after it) or points past 99.9 (or 9999 in whole
    points) cannot be held. Checked before any work by the commands that write a TRF
    (``pair --write-trf``, ``result``); None when every result of every scoring value fits.

    bbpPairings' convention (trf.md 10) makes this a size limit, not an invalid request:
    the request is valid (the file reads, and the pairing needs only the order of the
    scores), but the data cannot be held by the format's fixed field."""
    values: dict[Fraction, str] = {}
    for key in SCORING_KEYS:
        values.setdefault(t.scoring.value(key), key)
    seen: set[Fraction] = set()
    for p in t.players:
        if p.points in seen:
            continue
        seen.add(p.points)
        for value, key in values.items():
            after = p.points + value
            if not _fits(after):
                return SizeLimitError(
                    f"{t.source}:{p.line}:81" if p.line else (t.source or "<tournament>"),
                    f"player {p.number} has {_show(p.points)} points, and "
                    f"{_SCORING_WORDS[key]} ({key} = {_show(value)}) would make "
                    f"{_show(after)}, which the points field of a TRF (columns "
                    "81-84, 4 columns like 11.5) cannot hold; the written file would be "
                    "wrong, so nothing is done (choose scoring values with one decimal, or "
                    "pair without writing a TRF)")
    return None


def scoring_limit(scoring, rounds: int, where: str) -> SizeLimitError | None:
    """The refusal (exit 4) of a generated tournament whose points could leave the 4-column
    field: every scoring value must be a multiple of 0.1, and ``rounds`` results of the
    largest must stay within 99.9 (9999 when every value is whole). ``where`` names the
    option that set the scoring."""
    values = [scoring.value(k) for k in SCORING_KEYS]
    whole = all(v.denominator == 1 for v in values)
    for key, v in zip(SCORING_KEYS, values):
        if (v * 10).denominator != 1:
            return SizeLimitError(where, f"{key} = {_show(v)}: the points field of a "
                                         "TRF (4 columns like 11.5) holds one decimal")
    top = max(abs(v) for v in values) * rounds
    if top > (9999 if whole else Fraction(999, 10)):
        return SizeLimitError(where, f"{rounds} rounds at {_show(max(values))} "
                                     f"points make {_show(top)}, more than the "
                                     "points field of a TRF (4 columns) holds")
    return None


def _fit(value: str, width: int, what: str, number: int) -> str:
    if len(value) > width:
        raise ValueError(f"player {number}: {what} {value!r} is longer than {width} columns")
    return value


def _block(entry: RoundEntry) -> str:
    """One round block without its two trailing blanks (trf.md 3.2)."""
    if entry.opponent is None:
        opponent = "0000"
    elif 1 <= entry.opponent <= 9999:
        opponent = str(entry.opponent).rjust(4)
    else:
        raise ValueError(f"opponent {entry.opponent} does not fit 4 columns")
    colour = entry.colour.value if entry.colour is not None else "-"
    code = " " if entry.code == PENDING else entry.code
    if len(code) != 1:
        raise ValueError(f"result code {entry.code!r} is not one character")
    return f"{opponent} {colour} {code}"


def player_line(p: Player, rounds: int = 0) -> str:
    """The ``001`` line of ``p``, its blocks padded with ``0000 - Z`` up to ``rounds``."""
    if not 1 <= p.number <= 9999:
        raise ValueError(f"starting rank {p.number} is not 1-9999")
    if not 0 <= p.rating <= 9999:
        raise ValueError(f"player {p.number}: rating {p.rating} is not 0-9999")
    sex = p.sex or " "
    entries = p.entries + (RoundEntry(None, None, "Z"),) * max(0, rounds - len(p.entries))
    head = (
        f"001 {p.number:>4} {_fit(sex, 1, 'sex', p.number)}"
        f"{_fit(p.title, 3, 'title', p.number):>3} "
        f"{_fit(p.name, 33, 'name', p.number):<33} "
        f"{str(p.rating) if p.rating else '':>4} "
        f"{_fit(p.federation, 3, 'federation', p.number):<3} "
        f"{_fit(p.fide_id, 11, 'FIDE ID', p.number):>11} "
        f"{_fit(p.birth_date, 10, 'birth date', p.number):<10} "
        f"{_points_field(p.points)} "
        f"{'' if p.rank is None else _fit(str(p.rank), 4, 'rank', p.number):>4}  "
    )
    assert len(head) == 91
    return (head + "  ".join(_block(e) for e in entries)).rstrip(" ")


def _id4(n: int) -> str:
    return str(n).rjust(4)


#: the dialects :func:`write_trf` writes (``--format``)
TRF_FORMATS = ("trfx", "trf26")

#: TRF26 ``162`` codes and the XXS keys each stands for (trf.md 7.3), in writing order
_TRF26_GROUPS = (
    ("W", ("WW", "BW", "FW", "FPB")),
    ("D", ("WD", "BD", "HPB")),
    ("L", ("WL", "BL")),
    ("A", ("ZPB", "FL")),
    ("P", ("PAB",)),
)


def _xxs_line(values: Mapping[str, Fraction]) -> str:
    return "XXS " + " ".join(
        f"{k}={format_decimal(Fraction(values[k]))}" for k in SCORING_KEYS if k in values)


def _line_162(t: Tournament) -> str | None:
    """The scoring as one TRF26 ``162`` line, or None when it cannot be said that way
    (colour-dependent values, or a ``162`` code whose keys differ: trf.md 7.3).

    A code is written when any of its keys is stored; ``P`` is written whenever ``W`` is,
    since a reader takes a missing ``P`` to be worth ``W``."""
    values = t.scoring.values
    parts: list[str] = []
    for code, keys in _TRF26_GROUPS:
        if not any(k in values for k in keys) and not (code == "P" and parts[:1] and
                                                      parts[0].startswith("W")):
            continue
        distinct = {t.scoring.value(k) for k in keys}
        if len(distinct) != 1:
            return None
        parts.append(code + _points_field(distinct.pop(), "162 points"))
    return "162  " + "    ".join(parts) if parts else None


def _generated_records(t: Tournament, fmt: str = "trfx") -> list[str]:
    """The interpreted records, regenerated in the dialect ``fmt``: ``XXR XXC XXS`` in
    TRF(x), ``142 152 162`` in TRF26 (a scoring ``162`` cannot express stays ``XXS``); then
    in both ``XXP``, ``260``, ``240``, ``XXZ``, ``XXA`` (module docstring)."""
    out: list[str] = []
    trf26 = fmt == "trf26"
    if t.total_rounds is not None:
        out.append(f"142 {t.total_rounds}" if trf26 else f"XXR {t.total_rounds}")
    colour = (None if t.initial_colour is None
              else "white1" if t.initial_colour is Colour.WHITE else "black1")
    if trf26:
        if colour:
            out.append("152 " + colour[0].upper())
        if t.pair_by_rank:
            out.append("XXC rank")
    else:
        words = (["rank"] if t.pair_by_rank else []) + ([colour] if colour else [])
        if words:
            out.append("XXC " + " ".join(words))
    values = t.scoring.values
    unknown = sorted(set(values) - set(SCORING_KEYS))
    if unknown:
        raise ValueError(f"unknown scoring keys {unknown}")
    if values:
        line = _line_162(t) if trf26 else None
        out.append(line or _xxs_line(values))
    # forbidden = XXP groups, then the 260 groups covering the round to pair (reader rule)
    for group in xxp_groups(t):
        out.append("XXP " + " ".join(str(n) for n in group))
    for first, last, group in t.forbidden_rounds:
        out.append(f"260 {first:03d} {last:03d} " + " ".join(_id4(n) for n in group))
    for round_no in sorted(t.round_absences):
        byes = t.round_absences[round_no]
        for kind in sorted(set(byes.values())):
            ids = sorted(n for n, k in byes.items() if k == kind)
            out.append(f"240 {kind} {round_no:03d} " + " ".join(_id4(n) for n in ids))
    if t.absent:
        out.append("XXZ " + " ".join(str(n) for n in sorted(t.absent)))
    out.extend(acceleration_records(t, fmt))
    return out


def _points_250(value: Fraction) -> str:
    """Game points of a ``250`` record (columns 10-13), zero-padded as TRF26's example
    writes them (``01.0``, ``00.5``)."""
    text = format_decimal(value)
    if value <= 0 or len(text) > 4:
        raise ValueError(f"250 game points {text} do not fit columns 10-13 (a positive "
                         "number like 01.0)")
    return text.rjust(4, "0")


def acceleration_records(t: Tournament, fmt: str = "trfx") -> list[str]:
    """The acceleration, each player's in the record it came in (``Tournament.
    acceleration_250``): ``XXA`` lines (trf.md 7.1), then TRF26 ``250`` records (7.3).

    ``250`` stays ``250`` in either dialect (like ``240``/``260``), except when a TRF26
    file is written as TRF(x): then it becomes ``XXA``, which says the same per player and
    round and which JaVaFo and py4swiss read (they do not read ``250``).

    ``250`` records are written in one canonical form: consecutive players (by number)
    with the same points in every round share records; one record per run of rounds with
    the same non-zero points; ordered by first player, then first round; match points
    blank (an individual event).  Reading them back gives the same points, so writing
    again gives the same bytes.
    """
    as250 = frozenset() if (fmt == "trfx" and t.dialect == "trf26") else t.acceleration_250
    out: list[str] = []
    for n in sorted(t.acceleration):
        if n in as250:
            continue
        values_a = t.acceleration[n]
        line = f"XXA {_id4(n)}" + "".join(
            " " + _points_field(Fraction(v), "XXA points") for v in values_a)
        out.append(line.rstrip(" "))

    def trimmed(n: int) -> tuple[Fraction, ...]:
        v = list(t.acceleration.get(n, ()))
        while v and v[-1] == 0:
            v.pop()
        return tuple(Fraction(x) for x in v)

    runs: list[tuple[int, int, tuple[Fraction, ...]]] = []
    prev = 0  # the player before n: a 250 range holds consecutive numbers only
    for n in sorted(p.number for p in t.players):
        vec = trimmed(n) if n in as250 else None
        if vec and runs and runs[-1][2] == vec and runs[-1][1] == prev:
            runs[-1] = (runs[-1][0], n, vec)
        elif vec:
            runs.append((n, n, vec))
        prev = n
    for lo, hi, vec in runs:
        k = 0
        while k < len(vec):
            if vec[k] == 0:
                k += 1
                continue
            first = k
            while k + 1 < len(vec) and vec[k + 1] == vec[first]:
                k += 1
            out.append(f"250      {_points_250(vec[first])} {first + 1:03d} {k + 1:03d} "
                       f"{lo:04d} {hi:04d}")
            k += 1
    return out


def write_trf(t: Tournament, format: str | None = None) -> str:
    """The text of ``t`` (LF line ends) in the dialect ``format`` (``trfx`` or ``trf26``;
    default: ``t.dialect``, the one it was read in), by the rules in the module docstring."""
    fmt = format or t.dialect
    if fmt not in TRF_FORMATS:
        raise ValueError(f"TRF format must be one of {', '.join(TRF_FORMATS)}, found {fmt!r}")
    lines: list[str] = []
    rounds = t.rounds_with_games
    records = list(t.records)
    positions = list(t.record_positions) + [0] * (len(records) - len(t.record_positions))
    named = False
    for i, (code, text) in enumerate(records):
        if code == "012" and not named:
            named = True
            if text[4:].strip() != t.name:
                records[i] = (code, f"012 {t.name}".rstrip(" "))
    if t.name and not named:
        records.insert(0, ("012", f"012 {t.name}"))
        positions.insert(0, 0)
    slots: dict[int, list[str]] = {}
    for (code, text), pos in zip(records, positions):
        slots.setdefault(min(max(pos, 0), len(t.players)), []).append(text)
    for i, p in enumerate(t.players):
        lines.extend(slots.get(i, ()))
        lines.append(player_line(p, rounds))
    lines.extend(slots.get(len(t.players), ()))
    lines.extend(_generated_records(t, fmt))
    text = "".join(line + "\n" for line in lines)
    if "\x00" in text:  # the reader refuses it; a tournament built in code may hold one
        raise ValueError("a NUL character cannot be written into a TRF (a name or record "
                         "holds one)")
    return text


def save_trf(t: Tournament, path: str | os.PathLike[str], format: str | None = None, *,
             in_place: bool = False) -> None:
    """Write ``write_trf(t, format)`` to ``path`` atomically: into a new file in the same
    directory, renamed over ``path`` once complete, removed if anything fails, so ``path``
    is either untouched or whole. Refuses to overwrite the file ``t`` was read from unless
    ``in_place``. Raises :class:`FileAccessError` (exit 5)."""
    name = os.fspath(path)
    try:
        same = bool(t.source) and os.path.exists(t.source) and os.path.exists(name) and \
            os.path.samefile(name, t.source)
    except OSError as exc:
        raise FileAccessError(name, str(exc)) from None
    if same and not in_place:
        raise FileAccessError(name, "refusing to overwrite the input file")
    text = write_trf(t, format)
    write_atomically(name, text)


def write_atomically(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` by a temporary file in the same directory and a
    rename: readers see the old file or the new one, never half of one, and a failed write
    (disk full, ``ulimit -f``) leaves the old file as it was and no temporary file. A
    symbolic link is followed (its target is replaced); an existing file keeps its
    permission bits; a target that is not a regular file (``/dev/null``, a FIFO) is written
    directly, since nothing can be renamed over it. Raises :class:`FileAccessError`."""
    write_files([(path, text)])


def write_files(items: "list[tuple[str, str]]") -> None:
    """Write several outputs of one command all or nothing: every text goes to its
    temporary file first (written and synced), and only when all are complete are they
    renamed into place, so a failure in any leaves no output changed and no temporary file
    behind. Raises :class:`FileAccessError` for the first output that fails."""
    staged: list[tuple[str, str, str]] = []  # (path as given, temporary, target)
    try:
        for path, text in items:
            target = os.path.realpath(path)
            if os.path.exists(target) and not os.path.isfile(target):
                _write_direct(path, text)
                continue
            staged.append((path, _stage(path, target, text), target))
        for i, (path, tmp, target) in enumerate(staged):
            try:
                os.replace(tmp, target)
            except OSError as exc:
                raise FileAccessError(path, f"cannot write: {exc.strerror or exc}") from None
            staged[i] = (path, "", target)
    finally:
        for _, tmp, _ in staged:
            if tmp:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass


def _stage(path: str, target: str, text: str) -> str:
    """``text`` in a new temporary file beside ``target``; its name, or FileAccessError
    (with the temporary file removed)."""
    directory = os.path.dirname(target) or "."
    tmp = os.path.join(directory, f".{os.path.basename(target)}.{os.getpid()}."
                                  f"{os.urandom(4).hex()}.tmp")
    try:
        mode = os.stat(target).st_mode & 0o7777 if os.path.exists(target) else None
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise FileAccessError(path, f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FileAccessError(path, f"cannot write: {exc.strerror or exc}") from None
        raise
    return tmp


def _write_direct(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as exc:
        raise FileAccessError(path, f"cannot write: {exc.strerror or exc}") from None


def _absences_for(t: Tournament, round_no: int) -> dict[int, str]:
    """Bye code of each player marked absent for ``round_no`` (240 type, XXZ = Z)."""
    out = {n: "Z" for n in t.absent}
    out.update(t.round_absences.get(round_no, {}))
    return out


def append_round(
    t: Tournament, round_no: int, pairs: list[tuple[int, int]], bye: int | None
) -> Tournament:
    """Enter the pairings of round ``round_no``: ``pairs`` as (white, black), ``bye`` the
    player who gets the pairing-allocated bye (``0000 - U``, worth the PAB value at once).

    Games get the result :data:`PENDING` (see the module docstring). Every other player
    must be accounted for: a pre-entered block for the round is kept; a player listed in a
    ``240`` line for the round gets that bye code (H/F/Z, its points added); a player in
    ``absent`` (XXZ) gets ``0000 - Z``. Anybody else is an error (ValueError): the engine
    never leaves a present player out. Lines shorter than ``round_no - 1`` are padded with
    ``0000 - Z``. Afterwards ``absent`` (XXZ) is cleared, since it meant "absent from the
    round to pair", and the ``260`` groups in ``forbidden`` follow the new round to pair.
    """
    if round_no < 1:
        raise ValueError(f"round {round_no} is not 1 or more")
    by_number = t.by_number
    seen: dict[int, str] = {}
    for white, black in pairs:
        for n in (white, black):
            if n not in by_number:
                raise ValueError(f"player {n} has no 001 line")
            if n in seen:
                raise ValueError(f"player {n} is paired twice in round {round_no}")
            seen[n] = "paired"
        if white == black:
            raise ValueError(f"player {white} is paired with himself")
    if bye is not None:
        if bye not in by_number:
            raise ValueError(f"player {bye} has no 001 line")
        if bye in seen:
            raise ValueError(f"player {bye} gets the bye but is also paired")
    new_entries: dict[int, RoundEntry] = {}
    for white, black in pairs:
        new_entries[white] = RoundEntry(black, Colour.WHITE, PENDING)
        new_entries[black] = RoundEntry(white, Colour.BLACK, PENDING)
    if bye is not None:
        new_entries[bye] = RoundEntry(None, None, "U")
    absences = _absences_for(t, round_no)
    missing: list[int] = []
    players: list[Player] = []
    for p in t.players:
        entries = list(p.entries[:round_no - 1])
        entries += [RoundEntry(None, None, "Z")] * (round_no - 1 - len(entries))
        existing = p.entry(round_no)
        points = p.points
        if existing is not None and existing.opponent is not None:
            raise ValueError(f"player {p.number} already has a game in round {round_no}")
        if existing is not None and existing.code == "U":
            raise ValueError(f"player {p.number} already has the bye in round {round_no}")
        if p.number in new_entries:
            if existing is not None:
                raise ValueError(f"player {p.number} has a pre-entered {existing.code} in "
                                 f"round {round_no} and cannot be paired")
            entry = new_entries[p.number]
            points += t.round_points(p.number, round_no, entry)
        elif existing is not None:
            entry = existing
        elif p.number in absences:
            entry = RoundEntry(None, None, absences[p.number])
            points += t.round_points(p.number, round_no, entry)
        else:
            missing.append(p.number)
            continue
        entries.append(entry)
        entries += list(p.entries[round_no:])
        players.append(replace(p, entries=tuple(entries), points=points))
    if missing:
        raise ValueError(f"round {round_no}: players {missing} are neither paired nor absent")
    old = applicable_forbidden(t.forbidden_rounds, t.round_to_pair)
    out = replace(t, players=tuple(players), absent=frozenset())
    new = applicable_forbidden(t.forbidden_rounds, out.round_to_pair)
    forbidden = list(t.forbidden)
    for group in reversed(old):
        for i in range(len(forbidden) - 1, -1, -1):
            if forbidden[i] == group:
                del forbidden[i]
                break
    return replace(out, forbidden=tuple(forbidden) + tuple(new)).with_ranks()


def enter_results(t: Tournament, round_no: int, results: Mapping[int, str]) -> Tournament:
    """Enter (or correct) results of round ``round_no``: ``results`` maps a player to *his*
    result code (``1 = 0 W D L + -``, any case). The opponent gets the complement unless
    also given (then the two must complement, or both be ``-``: a double forfeit). Points
    fields are updated by the scoring system. Raises ValueError on anything else.
    """
    codes: dict[int, str] = {}
    by_number = t.by_number
    for n, raw in results.items():
        code = raw.upper()
        if code not in PLAYED_CODES | FORFEIT_CODES:
            raise ValueError(f"player {n}: result must be one of 1 = 0 W D L + -, found {raw!r}")
        if n not in by_number:
            raise ValueError(f"player {n} has no 001 line")
        e = by_number[n].entry(round_no)
        if e is None or e.opponent is None:
            raise ValueError(f"player {n} has no game in round {round_no}")
        q = by_number.get(e.opponent)
        f = q.entry(round_no) if q is not None else None
        if f is None or f.opponent != n:
            raise ValueError(f"round {round_no}: the game of player {n} against {e.opponent} "
                             f"is not recorded on both sides")
        codes[n] = code
    for n, code in list(codes.items()):
        opp = by_number[n].entry(round_no).opponent  # type: ignore[union-attr]
        assert opp is not None
        if opp in codes:
            other = codes[opp]
            if not (other == COMPLEMENT[code] or code == other == "-"):
                raise ValueError(f"round {round_no}: results {code!r} for {n} and {other!r} "
                                 f"for {opp} do not match")
        else:
            codes[opp] = COMPLEMENT[code]
    players = []
    for p in t.players:
        if p.number not in codes:
            players.append(p)
            continue
        old = p.entries[round_no - 1]
        new = replace(old, code=codes[p.number])
        points = (p.points - t.round_points(p.number, round_no, old)
                  + t.round_points(p.number, round_no, new))
        entries = p.entries[:round_no - 1] + (new,) + p.entries[round_no:]
        players.append(replace(p, entries=entries, points=points))
    return replace(t, players=tuple(players)).with_ranks()
