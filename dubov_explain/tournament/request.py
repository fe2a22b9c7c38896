"""The pairing request of a round, cut from a tournament record.

One place for "what the engine sees before round r": every block of the rounds before r,
plus the round-r blocks entered before pairing (``0000 - H/F/Z``), with points recomputed;
the XXP groups and the TRF26 ``260`` groups whose range covers r.  Used by the checker,
the replay, the generator and the golden corpus (``shared/reference/trf.md`` section 9).
"""

from __future__ import annotations

from ..records import replace

from ..errors import InputError, Problem
from .model import Colour, Tournament

#: requested byes and known absences entered before a round is paired (GHR 3.3)
PRE_ENTERED = frozenset("HFZ")


def applicable_forbidden(
    forbidden_rounds: tuple[tuple[int, int, tuple[int, ...]], ...], round_no: int
) -> list[tuple[int, ...]]:
    """The TRF26 ``260`` groups whose round range covers ``round_no`` (trf.md 7.3)."""
    return [g for first, last, g in forbidden_rounds if first <= round_no <= last]


def xxp_groups(t: Tournament) -> list[tuple[int, ...]]:
    """The XXP groups of ``t.forbidden``, without the 260 groups the reader appended."""
    groups = list(t.forbidden)
    for g in reversed(applicable_forbidden(t.forbidden_rounds, t.round_to_pair)):
        for i in range(len(groups) - 1, -1, -1):
            if groups[i] == g:
                del groups[i]
                break
    return groups


def request_for_round(t: Tournament, r: int) -> Tournament:
    """The request to pair round ``r`` of ``t``, as a TRF would carry it.

    The round's PAB (``U``) and games are left out: they are what the engine must
    reproduce.  ``XXZ`` only applies when ``r`` is the file's own round to pair.  A player
    whose line stops before round r keeps what it has (a missing block is "not recorded").
    """
    if r < 1:
        raise ValueError("rounds are numbered from 1")
    players = []
    for p in t.players:
        es = list(p.entries[: r - 1])
        e = p.entry(r)
        if e is not None and e.opponent is None and e.code in PRE_ENTERED:
            es.append(e)
        es_t = tuple(es)
        players.append(replace(p, entries=es_t, points=t.total_points(p, es_t)))
    forbidden = tuple(xxp_groups(t)) + tuple(applicable_forbidden(t.forbidden_rounds, r))
    absent = t.absent if r == t.round_to_pair else frozenset()
    return replace(t, players=tuple(players), forbidden=forbidden, absent=absent)


def with_options(t: Tournament, *, rounds: int | None = None,
                 initial_colour: str | None = None) -> Tournament:
    """``t`` completed by ``--rounds`` and ``--initial-colour`` where the file is silent;
    :class:`InputError` where the file says something else (or the value is not valid)."""
    problems = []
    if rounds is not None:
        if rounds < 1:
            problems.append(Problem(t.source, 1, 1, f"--rounds {rounds}: the total number "
                                    "of rounds must be 1 or more"))
        elif t.total_rounds is None:
            t = replace(t, total_rounds=rounds)
        elif t.total_rounds != rounds:
            problems.append(Problem(
                t.source, t.total_rounds_line or 1, 5 if t.total_rounds_line else 1,
                f"the file gives {t.total_rounds} rounds (XXR/142) but --rounds says "
                f"{rounds}; correct the file or leave --rounds out"))
    if initial_colour is not None:
        colour = {"white": Colour.WHITE, "black": Colour.BLACK}.get(initial_colour.lower())
        if colour is None:
            problems.append(Problem(t.source, 1, 1, f"--initial-colour {initial_colour}: "
                                    "must be white or black"))
        elif t.initial_colour is None:
            t = replace(t, initial_colour=colour, initial_colour_source="option")
        elif t.initial_colour is not colour:
            problems.append(Problem(
                t.source, 1, 1,
                f"the file gives the initial colour {t.initial_colour.word.lower()} (XXC/152) "
                f"but --initial-colour says {initial_colour}; correct the file or leave "
                "--initial-colour out"))
    if problems:
        raise InputError(problems)
    return t
