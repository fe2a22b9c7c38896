"""Tournament consistency: does what the TRF says add up? Reports, never repairs.

The checks follow ``shared/reference/trf.md`` sections 3.2, 4, 6 and the rejection list of
section 13.6. Each problem is located at the field that is wrong, in the file the tournament
was read from (``Player.line``; columns from trf.md 3.1/3.2: starting rank 5, points 81,
round r's opponent ``92 + 10(r-1)``, colour ``97 + 10(r-1)``, result ``99 + 10(r-1)``).

Checks (all errors by default):

1. duplicate starting ranks;
2. an opponent number without a ``001`` line; an opponent pointing to the player himself;
3. a game recorded on one side only (the opponent's block for that round does not name the
   player back, or is missing);
4. colours that do not complement: ``w``/``b`` for a played or pending game; a forfeit may
   carry its scheduled colours or ``-`` (section 3.2), but not the same colour twice;
5. results that do not complement (``1/0``, ``=/=``, ``W/L``, ``D/D``, ``+/-``; the double
   forfeit ``-/-`` is legal; a pending game must be pending on both sides);
6. a bye code (``H F U Z``) with an opponent, and a game code with ``0000``;
7. a played result (``1 = 0 W D L``) or a pending game without a colour;
8. a bye with a colour (byes have no colour, section 4);
9. two ``U`` (pairing-allocated byes) in one round (section 4: at most one per round);
10. a rematch: two *played* games between the same pair (forfeits do not count as a
    meeting, GHR 2026 3.5);
11. more round blocks than the total number of rounds (``XXR``/``142``);
12. the points field against the sum of the results under the tournament's scoring system
    (section 6: acceleration excluded, pre-entered byes included; pending games count 0).

With ``lenient=True`` these documented cases become warnings, because real files often
have them and pairing does not depend on them: **the points mismatch (12)**, since the
engine recomputes scores from the results, and **a bye with a colour (8)**, since colours
of byes are ignored for the colour history (GHR 2026 3.4).

Pair problems (3-5, 10) are reported once per pair, on the player whose line comes first.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..errors import Problem, Severity
from .model import ALL_CODES, BYE_CODES, COMPLEMENT, PENDING, PLAYED_CODES, Player, Tournament

__all__ = ["check_consistency"]



def _cols(round_no: int) -> tuple[int, int, int]:
    """Columns of the opponent, colour and result fields of round ``round_no``."""
    base = 92 + 10 * (round_no - 1)
    return base, base + 5, base + 7


def _fmt(value: Fraction) -> str:
    if value.denominator == 1:
        return f"{value.numerator}.0"
    if (value * 10).denominator == 1:
        return f"{float(value):.1f}"
    return str(float(value)) if (value * 10**6).denominator == 1 else str(value)


def _show(code: str) -> str:
    return "pending" if code == PENDING else repr(code)


#: the words that name the override of a past round that breaks an absolute rule
ACCEPT_HISTORY = "--accept-history"


def _history_words(r: int, accepted: bool) -> str:
    if accepted:
        return (f"; accepted as played ({ACCEPT_HISTORY}): round {r} stands as the file "
                "records it, and the trace says so")
    return (f"; a past round that breaks an absolute rule stops every later pairing: if "
            f"round {r} stands as played, give {ACCEPT_HISTORY} (accept_history=True) to "
            "pair on from it (the trace records that it was accepted), or correct the round")


def check_consistency(t: Tournament, lenient: bool = False,
                      accept_history: bool = False) -> list[Problem]:
    """All consistency problems of ``t``, sorted by line and column (see the module doc).

    ``lenient=True`` downgrades the points mismatch and the bye with a colour to warnings.
    ``accept_history=True`` downgrades a past round that breaks an absolute rule (a
    rematch, two pairing-allocated byes in one round: ``Problem.rule``) to a warning; by
    default it is an error whose message names that override.
    """
    out: list[Problem] = []
    src = t.source

    def add(p: Player, column: int, message: str, severity: Severity = "error") -> None:
        out.append(Problem(src, p.line, column, message, severity))

    def history(p: Player, column: int, message: str, rule: str, r: int,
                players: tuple[int, ...]) -> None:
        out.append(Problem(src, p.line, column, message + _history_words(r, accept_history),
                           "warning" if accept_history else "error", rule, r, players))

    soft: Severity = "warning" if lenient else "error"

    # 1. duplicate starting ranks
    first: dict[int, Player] = {}
    for p in t.players:
        if p.number in first:
            add(p, 5, f"starting rank {p.number} is used again (first on line "
                      f"{first[p.number].line})")
        else:
            first[p.number] = p
    order = {id(p): i for i, p in enumerate(t.players)}
    pab_by_round: dict[int, Player] = {}
    played_pairs: dict[frozenset[int], tuple[int, Player]] = {}

    for p in t.players:
        if first.get(p.number) is not p:
            continue  # a duplicate: its games cannot be told apart from the first one's
        if t.total_rounds is not None and len(p.entries) > t.total_rounds:
            add(p, _cols(t.total_rounds + 1)[0],
                f"{len(p.entries)} round blocks but the tournament has {t.total_rounds} "
                f"rounds (XXR/142)")
        for r, e in enumerate(p.entries, start=1):
            c_opp, c_col, c_res = _cols(r)
            code = e.code
            if e.opponent is None:
                if code not in BYE_CODES:
                    add(p, c_opp, f"round {r}: result {_show(code)} needs an opponent, found "
                                  f"0000")
                    continue
                if e.colour is not None:
                    add(p, c_col, f"round {r}: bye {code!r} must have colour '-', found "
                                  f"{e.colour.value!r}", soft)
                if code == "U":
                    if r in pab_by_round:
                        written = f", written {e.written}" if e.written else ""
                        history(p, c_res, f"round {r}: second pairing-allocated bye "
                                          f"(U{written}); player {pab_by_round[r].number} "
                                          "already has one", "second-pab", r,
                                (pab_by_round[r].number, p.number))
                    else:
                        pab_by_round[r] = p
                continue
            # a paired entry
            if code in BYE_CODES:
                add(p, c_res, f"round {r}: result {code!r} is a bye but an opponent "
                              f"({e.opponent}) is given")
                continue
            if (code in PLAYED_CODES or code == PENDING) and e.colour is None:
                what = "a pending game" if code == PENDING else f"played result {code!r}"
                add(p, c_col, f"round {r}: {what} needs colour w or b, found '-'")
            if e.opponent == p.number:
                add(p, c_opp, f"round {r}: opponent is the player himself ({p.number})")
                continue
            q = first.get(e.opponent)
            if q is None:
                add(p, c_opp, f"round {r}: opponent {e.opponent} has no 001 line")
                continue
            f = q.entry(r)
            if f is None or f.opponent != p.number:
                shown = ("no block" if f is None
                         else "0000" if f.opponent is None else f"opponent {f.opponent}")
                add(p, c_opp, f"round {r}: game against {q.number} is recorded on this side "
                              f"only (player {q.number} shows {shown} in round {r})")
                continue
            if order[id(q)] < order[id(p)]:
                continue  # pair checks are reported on the first of the two lines
            # 4. colours
            if e.colour is not None and e.colour is f.colour:
                add(p, c_col, f"round {r}: both players have colour {e.colour.value!r} "
                              f"(player {q.number}, line {q.line})")
            # 5. results
            if code == PENDING or f.code == PENDING:
                if code != f.code:
                    add(p, c_res, f"round {r}: result {_show(code)} does not match "
                                  f"{_show(f.code)} of player {q.number} (line {q.line})")
            elif not (COMPLEMENT.get(code) == f.code or code == f.code == "-"):
                add(p, c_res, f"round {r}: result {code!r} does not match {f.code!r} of "
                              f"player {q.number} (line {q.line}); expected "
                              f"{COMPLEMENT.get(code, '?')!r}")
            # 10. rematch of a played game
            if e.played and f.played:
                key = frozenset((p.number, q.number))
                if key in played_pairs:
                    history(p, c_opp, f"round {r}: {p.number} and {q.number} already "
                                      f"played each other in round {played_pairs[key][0]}",
                            "rematch", r, (p.number, q.number))
                else:
                    played_pairs[key] = (r, p)

        # 12. points
        total = t.total_points(p)  # the scoring system and the 299 records
        if total != p.points:
            hint = "" if lenient else (
                "; scores for pairing are recomputed from the results, so --lenient (or "
                "lenient=True) lets the file be paired with this as a warning")
            add(p, 81, f"points field says {_fmt(p.points)} but the results add up to "
                       f"{_fmt(total)}{hint}", soft)
    return sorted(out, key=lambda q: (q.line, q.column))


def pending_results(t: Tournament, rounds: Callable[[int], bool], before: str) -> list[Problem]:
    """A problem for every game of a round in ``rounds`` whose result is still pending
    (a blank result column), located at that column: "enter the results before ``before``"."""
    return [
        Problem(t.source, p.line, 99 + 10 * (k - 1),
                f"round {k} of player {p.number} has no result yet; enter the results "
                f"before {before}")
        for p in t.players for k, e in enumerate(p.entries, start=1)
        if e.pending and rounds(k)
    ]
