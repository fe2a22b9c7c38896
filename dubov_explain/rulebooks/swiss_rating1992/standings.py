"""Standings before a round as the 1992 rating-based text defines them.

The facts A.4 (floats), A.5 (the bye a downfloat), A.7 (colour difference and preference:
absolute, strong, mild) and B.1 (who met, who may not have the bye) are what the Dutch 2012
text says in the same words: they are read by ``dutch2012.standings`` with the values this
text fixes (``readings.dutch_readings``; F.2: only games played count for colours and an
unplayed pairing may be repeated).  What differs is the order, A.2: score, then rating
(A.1: estimated for the unrated, reading ``unrated-estimate``), then FIDE title
(IGM-WGM-IM-WIM-FM-WFM-no title), then name; the order before round one gives the pairing
numbers, so ``initial_rank`` here is that rank, not the file's starting number.

A.1's conversions (reading ``national-rating``): a player the file gives no FIDE rating but
a national one -- a TRF26 National Rating Support record, a federation code in place of
``001`` and the ``001`` line's columns (starting number at 5-8, rating at 49-52), which the
reader keeps as it is -- is ordered by ``2840 - 8 x INGO`` or ``600 + 8 x BCF``.
"""

from __future__ import annotations

from ...records import replace

from ...errors import InputError, Problem
from ...tournament.model import Tournament
from ..dutch2012.standings import Pref, PlayerStanding, Standings, Strength  # noqa: F401
from ..dutch2012.standings import compute_standings as _dutch_standings
from ..standings import remember_last
from .readings import DEFAULT, Readings, dutch_readings

#: A.2.c: IGM-WGM-IM-WIM-FM-WFM-no title (the TRF's title codes, and the one- or two-letter
#: codes of the FIDE lists and TRF files of that time: g, wg, m, wm, f, wf; trf.md 3.1)
TITLE_ORDER = {"GM": 0, "WGM": 1, "IM": 2, "WIM": 3, "FM": 4, "WFM": 5,
               "G": 0, "WG": 1, "M": 2, "WM": 3, "F": 4, "WF": 5}


#: A.1: "to convert German Ingo or British BCF use rating = 2840 - 8 x INGO = 600 + 8 x BCF"
CONVERT = {"ingo": lambda x: 2840 - 8 * x, "bcf": lambda x: 600 + 8 * x}


def national_numbers(t: Tournament) -> dict[int, tuple[int, int]]:
    """The national ratings of the file's National Rating Support records (three capital
    letters in place of ``001``, not a JaVaFo ``XX`` code): starting number -> (rating, line).
    A record naming no player of the file, or with a rating that is not a number, is a
    located input error."""
    out: dict[int, tuple[int, int]] = {}
    problems = []
    lines = t.record_lines or (0,) * len(t.records)
    known = {p.number for p in t.players}
    for (code, text), line in zip(t.records, lines):
        if not (len(code) == 3 and code.isalpha() and code.isupper()) or code.startswith("XX"):
            continue
        number, rating = text[4:8].strip(), text[48:52].strip()
        if not number.isdigit() or int(number) not in known:
            problems.append(Problem(t.source, line, 5, f"national rating record {code} names "
                                    f"no player of the file ({number or 'blank'!r})"))
        elif rating and not rating.isdigit():
            problems.append(Problem(t.source, line, 49, f"national rating must be a number, "
                                    f"found {rating!r}"))
        elif rating:
            out[int(number)] = (int(rating), line)
    if problems:
        raise InputError(problems)
    return out


def a1_conversions(t: Tournament, readings: Readings = DEFAULT) -> dict[int, tuple[int, int]]:
    """A.1 by reading ``national-rating``: each player without a FIDE rating and with a
    national one -> (national number, the rating it converts to)."""
    how = readings.value("national-rating")
    if how not in CONVERT:
        return {}
    fide = {p.number: p.rating or 0 for p in t.players}
    return {n: (x, CONVERT[how](x)) for n, (x, _line) in sorted(national_numbers(t).items())
            if not fide[n]}


def a2_ranks(t: Tournament, readings: Readings = DEFAULT) -> dict[int, int]:
    """A.2 b-d (and A.1): the pairing number of every player, 1 = highest."""
    how = readings.value("unrated-estimate")
    converted = a1_conversions(t, readings)
    if how == "start-list":
        order = sorted(t.players, key=lambda q: q.number)
    else:
        order = sorted(t.players, key=lambda q: (-(converted[q.number][1] if q.number in converted
                                                   else q.rating or 0),
                                                 TITLE_ORDER.get(q.title.strip().upper(), 6),
                                                 q.name, q.number))
    return {q.number: i for i, q in enumerate(order, start=1)}


@remember_last
def compute_standings(t: Tournament, round_no: int | None = None,
                      readings: Readings = DEFAULT) -> Standings:
    st = _dutch_standings(t, round_no, dutch_readings(readings))
    ranks = a2_ranks(t, readings)
    a1 = a1_conversions(t, readings)
    # no games yet, no preference: the Dutch 2012 text says so in A.7.f; this text in A.7's
    # opening ("after a round the colour preference can be determined"); the rating shown is
    # the one A.2 orders by (A.1's conversion, when made)
    byes = pab_rounds(t, st.round)
    players = tuple(replace(p, initial_rank=ranks[p.number],
                            rating=a1[p.number][1] if p.number in a1 else p.rating,
                            preference_rule=NO_PREFERENCE.get(p.preference_rule,
                                                              p.preference_rule),
                            floats=a5_floats(p.floats, byes.get(p.number, ())))
                    for p in st.players)
    return replace(st, players=players)


def pab_rounds(t: Tournament, r: int) -> dict[int, tuple[int, ...]]:
    """The rounds before ``r`` in which each player had the bye of A.5 (the PAB, ``U``)."""
    return {q.number: tuple(k for k in range(1, r) if (e := q.entry(k)) is not None
                            and e.opponent is None and e.code == "U") for q in t.players}


def a5_floats(floats: tuple[str, ...], byes: tuple[int, ...]) -> tuple[str, ...]:
    """The float record of A.4 and A.5: the Dutch standings (read with unplayed-float=none)
    give A.4's floats of the pairings (a forfeited one by reading forfeit-float); A.5 adds
    "a bye is considered to be a downfloat" for the bye of A.5 alone: a half-point bye the
    player asked for, or a forfeit win, is no bye of A.5 (the 2012 text's B.1.b, which makes
    every point without playing a downfloat, is not in this text)."""
    out = list(floats)
    for k in byes:
        if k - 1 < len(out):
            out[k - 1] = "down"
    return tuple(out)


#: the article of "no colour preference" (see compute_standings)
NO_PREFERENCE = {"A.7.f": "A.7"}
