"""Check a published pairing of one round against the Dubov 2025 procedure (``check``).

Two stages, in this order:

1. **The absolute test** (no engine needed): everyone to be paired appears exactly once;
   nobody absent is paired; at most one pairing-allocated bye (PAB), and one exactly when
   the number of players to pair is odd (1.4.1, 1.8.1); no rematch of a played game
   ([C1]); the PAB only to an eligible player ([C2], 2.1.1); no two players with the same
   absolute colour preference ([C3]); every absolute colour preference granted (the colour
   limits of Basic Rules 6-7 that 1.5.2.1 protects); no forbidden pair (XXP / 260).
   A pairing that fails it is **illegal**.
2. **The comparison with the engine.**  The round is paired by
   :func:`~dubov_explain.rulebooks.dubov2025.engine.pair_round` from the same request.  Same pairs, same
   colours and same PAB: **identical**.  Otherwise the pairing is **legal but different**,
   and each difference is explained:

   * a *what-if* run forces every published pair (``forced=``), so the engine walks the
     procedure along the published pairing: its brackets say which upfloaters, shifts and
     transposition the published pairing amounts to;
   * for every bracket of that walk, the engine is run unconstrained *from the same state*
     (the PAB and the players of the earlier brackets set aside as absent), and the two
     bracket traces are compared event by event.  The first event where they part is where
     the published pairing leaves the procedure, and the criterion that prefers the
     engine's choice is named: [C5] (2.2.1), [C6]-[C10] (2.2.2), [C7] (2.2.4) -- or the
     published bracket is as good on [C5]-[C10] and departs only from an order rule of
     Article 4 (4.2.3.3 upfloater sets, 4.3 shifters, 4.4 transpositions);
   * a different PAB is explained by 2.1.3-2.1.5 and a pair with other colours by the rule
     of 5.2 that the engine applied to it.

Exit codes of ``dubov-explain check`` (see :data:`EXIT_FOR_VERDICT`): 0 identical,
6 legal but different, 7 illegal; the general codes (1 no valid pairing, 2 internal error,
3 invalid input, 5 file access) keep their meaning.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterable, Sequence

from ..rulebooks.dubov2025.engine import pair_round
from ..rulebooks.dubov2025.readings import DEFAULT, Readings
from ..errors import EXIT_DIFFERENT, EXIT_ILLEGAL, InputError, Problem
from ..rulebooks.dubov2025 import events as ev
from ..trace.events import Trace
from ..tournament.model import Colour, Tournament
from ..tournament.request import PRE_ENTERED as _PRE_ENTERED, request_for_round

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
    "render_check",
    "compat_table",
]

IDENTICAL = "identical"
DIFFERENT = "different"
ILLEGAL = "illegal"

#: ``check`` exit codes (errors.py): 6 legal but not the engine's, 7 fails the absolute test
EXIT_FOR_VERDICT = {IDENTICAL: 0, DIFFERENT: EXIT_DIFFERENT, ILLEGAL: EXIT_ILLEGAL}

#: codes of a block entered before the round is paired: the player is not to be paired

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
class Violation:
    """One failure of the absolute test."""

    rule: str  # "[C1]", "[C2]", "[C3]", "colours", "completeness", "bye", "XXP", "record"
    players: tuple[int, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.rule} {self.message}"


@dataclass(frozen=True)
class Published:
    """A published pairing of one round: boards, PAB recipients, and problems of its record."""

    round: int
    pairs: tuple[Pair, ...]
    byes: tuple[int, ...] = ()
    #: malformed entries found while reading the round from a TRF (reported as violations)
    problems: tuple[Violation, ...] = ()
    source: str = ""

    @property
    def bye(self) -> int | None:
        return self.byes[0] if len(self.byes) == 1 else None


@dataclass(frozen=True)
class Departure:
    """One difference between the published pairing and the engine's, explained.

    ``article`` is where the published pairing leaves the procedure; ``criterion`` is what
    prefers the engine's choice there (a criterion [C5]-[C10], a step of 2.1, a rule of
    5.2, or the order rule of Article 4 when ``order_only``).  ``as_good`` says the
    published pairing is as good as the engine's on [C5]-[C10] at that point.  ``kind`` is
    ``bye``, ``bracket``, ``colour`` or ``engine`` (the engine disagrees with itself: a
    bug to report).
    """

    kind: str
    article: str
    criterion: str
    as_good: bool
    order_only: bool
    explanation: str
    score: str | None = None
    engine: tuple = ()
    published: tuple = ()

    @property
    def tag(self) -> str:
        """A short verdict: which rule the published pairing breaks, and how badly."""
        if self.kind == "engine":
            return "engine disagreement"
        if self.order_only:
            return f"as good on [C5]-[C10]; departs only from the order rule {self.criterion}"
        if self.as_good:
            return f"as good on [C5]-[C10]; departs from {self.criterion}"
        return f"{self.criterion} prefers the procedure's choice"


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

    @property
    def exit_code(self) -> int:
        return EXIT_FOR_VERDICT[self.verdict]

    @property
    def engine_result(self) -> ev.PairingPublished | ev.Impossible:
        return self.trace.result

    @property
    def verdict_words(self) -> str:
        return _WORDS[self.verdict]


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
                problems.append(Violation("record", (p.number,),
                                          f"round {r}: player {p.number} has result "
                                          f"{e.code!r} without an opponent"))
            continue
        q = by.get(e.opponent)
        if e.opponent == p.number:
            problems.append(Violation("record", (p.number,),
                                      f"round {r}: player {p.number} is paired with himself"))
            continue
        if q is None:
            problems.append(Violation("record", (p.number,),
                                      f"round {r}: player {p.number}'s opponent {e.opponent} "
                                      "has no 001 line"))
            continue
        f = q.entry(r)
        if f is None or f.opponent != p.number:
            shown = ("no block" if f is None else "0000" if f.opponent is None
                     else f"opponent {f.opponent}")
            problems.append(Violation("record", (p.number, q.number),
                                      f"round {r}: the game {p.number} - {q.number} is recorded "
                                      f"on one side only ({q.number} shows {shown})"))
            continue
        key = (min(p.number, q.number), max(p.number, q.number))
        if key in done:
            continue
        done.add(key)
        ca, cb = e.colour, f.colour
        if ca is not None and cb is not None and ca is cb:
            problems.append(Violation("record", key,
                                      f"round {r}: {p.number} and {q.number} both have colour "
                                      f"{ca.value!r}"))
            pairs.append(Pair(key[0], key[1], False))
            continue
        uncoloured = [pl.number for pl, en in ((p, e), (q, f))
                      if en.colour is None and not en.is_forfeit]
        if uncoloured:
            problems.append(Violation("record", key,
                                      f"round {r}: the game {key[0]} - {key[1]} is not a forfeit "
                                      f"but {' and '.join(map(str, uncoloured))} has no colour"))
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
                         source: str = "") -> Published:
    return Published(r, tuple(Pair(w, b) for w, b in pairs), tuple(byes), (), source)


def input_problems(t: Tournament, checked_rounds: Sequence[int], lenient: bool = True
                   ) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) of ``t`` before checking ``checked_rounds``.

    Consistency problems located in a checked round are left to that round's absolute test
    (a rematch or a malformed game *is* what the check reports); problems in other rounds
    before the last checked one are errors (the history must be sound), later ones
    warnings.  Pending results are allowed in a checked round only.
    """
    from ..tournament.consistency import check_consistency
    from ..tournament.model import PENDING

    checked = set(checked_rounds)
    last = max(checked) if checked else 0
    errors: list[Problem] = []
    warnings: list[Problem] = list(getattr(t, "warnings", ()))
    for prob in check_consistency(t, lenient=lenient):
        k = (prob.column - 92) // 10 + 1 if prob.column >= 92 else None
        if k is not None and k in checked:
            continue
        if not prob.is_error or (k is not None and k > last):
            warnings.append(prob if not prob.is_error else replace(prob, severity="warning"))
        else:
            errors.append(prob)
    for p in t.players:
        for k, e in enumerate(p.entries, start=1):
            if e.code == PENDING and e.opponent is not None and k < last and k not in checked:
                errors.append(Problem(t.source, p.line, 99 + 10 * (k - 1),
                                      f"round {k} of player {p.number} has no result yet; "
                                      "enter the results before checking a later round"))
    return errors, warnings


# --------------------------------------------------------------------------- absolute test


def _rows(trace: Trace) -> dict[int, dict]:
    snap = trace.of(ev.StandingsSnapshot)
    return {row["number"]: row for row in snap[0].rows} if snap else {}


def absolute_test(request: Tournament, r: int, pub: Published, rows: dict[int, dict]
                  ) -> list[Violation]:
    """Everything the published pairing of round ``r`` does against the absolute rules.

    ``rows`` are the engine's standings rows for the round (the ``standings`` event), so
    the test reads the same preferences and bye eligibility as the procedure.
    """
    out: list[Violation] = list(pub.problems)
    involved = {n for v in pub.problems for n in v.players}
    to_pair = {n for n, row in rows.items() if row["present"]}
    seen = Counter(n for pr in pub.pairs for n in (pr.white, pr.black))
    seen.update(pub.byes)
    for n in sorted(seen):
        if n not in rows:
            out.append(Violation("completeness", (n,), f"player {n} has no 001 line"))
        elif n not in to_pair:
            how = "gets the pairing-allocated bye" if n in pub.byes else "is paired"
            out.append(Violation("completeness", (n,),
                                 f"{n} {how} but is not to be paired in round {r} "
                                 f"(absent: {rows[n]['absence']})"))
        if seen[n] > 1:
            out.append(Violation("completeness", (n,),
                                 f"{n} appears {seen[n]} times in the pairing (everyone is "
                                 "paired exactly once, 1.8.1)"))
    missing = sorted(to_pair - set(seen) - involved)
    if missing:
        out.append(Violation("completeness", tuple(missing),
                             f"not paired and without the bye: {', '.join(map(str, missing))} "
                             "(1.8.1: everyone but at most one is paired)"))
    for pr in pub.pairs:
        if pr.white == pr.black:
            out.append(Violation("completeness", (pr.white,), f"{pr.white} is paired with himself"))
    odd = len(to_pair) % 2 == 1
    if len(pub.byes) > 1:
        out.append(Violation("bye", tuple(pub.byes),
                             f"{len(pub.byes)} pairing-allocated byes "
                             f"({', '.join(map(str, pub.byes))}); at most one per round (1.4.1)"))
    elif pub.byes and not odd:
        out.append(Violation("bye", tuple(pub.byes),
                             f"pairing-allocated bye to {pub.byes[0]} although the {len(to_pair)} "
                             "players to pair are an even number (1.4.1)"))
    elif odd and not pub.byes:
        out.append(Violation("bye", (),
                             f"{len(to_pair)} players to pair (odd) but no pairing-allocated "
                             "bye (1.4.1)"))
    # [C2]
    for b in pub.byes:
        row = rows.get(b)
        if row is not None and row["present"] and not row["bye_eligible"]:
            out.append(Violation("[C2]", (b,),
                                 f"pairing-allocated bye to {b}, who {_bar_words(row['bye_bar'])} (3.1.2, "
                                 "2.1.1: no second PAB, nor after a win's points without "
                                 "playing)"))
    # [C1], XXP
    met: dict[frozenset[int], int] = {}
    for p in request.players:
        for k in range(1, r):
            e = p.entry(k)
            if e is not None and e.played and e.opponent is not None:
                met.setdefault(frozenset((p.number, e.opponent)), k)
    forbidden = {frozenset((a, b)) for g in request.forbidden for a in g for b in g if a != b}
    for pr in pub.pairs:
        k = met.get(pr.players)
        if k is not None:
            out.append(Violation("[C1]", (pr.white, pr.black),
                                 f"{pr.white} and {pr.black} already played each other in "
                                 f"round {k} (3.1.1)"))
        if pr.players in forbidden:
            out.append(Violation("XXP", (pr.white, pr.black),
                                 f"{pr.white} and {pr.black} are a forbidden pair (XXP/260)"))
    # [C3] and colour limits
    for pr in pub.pairs:
        a, b = rows.get(pr.white), rows.get(pr.black)
        if a is None or b is None:
            continue
        if (a["strength"] == "absolute" and b["strength"] == "absolute"
                and a["preference"] == b["preference"]):
            out.append(Violation("[C3]", (pr.white, pr.black),
                                 f"{pr.white} ({a['colours'] or '-'}) and {pr.black} "
                                 f"({b['colours'] or '-'}) both have an absolute preference for "
                                 f"{a['preference']} (3.1.3)"))
            continue
        if not pr.colours_known:
            continue
        for row, got in ((a, "White"), (b, "Black")):
            if row["strength"] == "absolute" and row["preference"] != got:
                out.append(Violation("colours", (row["number"],),
                                     f"{row['number']} ({row['colours']}, colour difference "
                                     f"{row['colour_difference']:+d}) has an absolute preference "
                                     f"for {row['preference']} but gets {got} (1.5.2.1; Basic "
                                     "Rules 6-7: colour difference at most 2, never three in a "
                                     "row)"))
    return out


# --------------------------------------------------------------------------- comparison


def _sentence(e: ev.Event) -> str:
    """The reason an event records as facts, in the rulebook's words (its template)."""
    from ..render.env import sentence

    return sentence(e)


def _bar_words(bar: dict) -> str:
    from ..render.env import phrase

    return phrase("bye_bar", bar["kind"], bar["round"], bar["code"])


def _segments(trace: Trace) -> list[list[ev.Event]]:
    """The trace's brackets: each from ``bracket-opened`` to ``bracket-closed``."""
    out: list[list[ev.Event]] = []
    cur: list[ev.Event] | None = None
    for e in trace.events:
        if isinstance(e, ev.BracketOpened):
            cur = [e]
        elif cur is not None:
            cur.append(e)
            if isinstance(e, ev.BracketClosed):
                out.append(cur)
                cur = None
    return out


def _one(seg: list[ev.Event], cls):
    for e in seg:
        if isinstance(e, cls):
            return e
    return None


def _all(seg: list[ev.Event], cls) -> list:
    return [e for e in seg if isinstance(e, cls)]


def _unordered(pairs: Iterable[tuple[int, int]]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def _fmt_set(xs: Iterable[int]) -> str:
    return "{" + ", ".join(map(str, xs)) + "}"


def _fmt_pairs(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs) or "none"


def _same_pref_pairs(pairs: Iterable[tuple[int, int]], rows: dict[int, dict]
                     ) -> list[tuple[int, int]]:
    """Pairs whose two players seek the same colour: one of them misses it ([C7])."""
    return [(a, b) for a, b in pairs if rows[a]["preference"] == rows[b]["preference"]]


def _c6_key(scores: Sequence[str], reading: str) -> tuple:
    """The key by which :func:`~dubov_explain.rulebooks.dubov2025.order.containers` sorts containers
    (descending): ascending scores ([C6] as 3.3.2 words it) or, by the reading ``listed``,
    descending scores."""
    vals = sorted(Fraction(s) for s in scores)
    return tuple(reversed(vals)) if reading == "listed" else tuple(vals)


def _bye_departure(e_bye: int, p_bye: int, trace: Trace, rows: dict[int, dict],
                   readings: Readings) -> Departure:
    cand = trace.of(ev.ByeCandidates)
    keys = {k[0]: k for k in cand[0].keys} if cand else {}
    ke, kp = keys.get(e_bye), keys.get(p_bye)
    if ke is None or kp is None:
        return Departure("engine", "2.1", "2.1", False, False,
                         f"the engine gives the pairing-allocated bye to {e_bye}, the published "
                         f"pairing to {p_bye}, who is not among the engine's eligible candidates "
                         "although the absolute test passed: please report this disagreement",
                         engine=(e_bye,), published=(p_bye,))
    _, se, ge, re_ = ke
    _, sp, gp, rp = kp
    if Fraction(se) != Fraction(sp):
        crit, why = "2.1.3", (f"{e_bye} has the lower score ({se} against {sp} of {p_bye})")
        better = Fraction(se) < Fraction(sp)
    elif ge != gp:
        crit, why = "2.1.4", (f"equal scores ({se}); {e_bye} has played more games ({ge} "
                              f"against {gp} of {p_bye})")
        better = ge > gp
    else:
        crit, why = "2.1.5", (f"equal scores ({se}) and games ({ge}); {e_bye} is lower in the "
                              f"initial ranking list (rank {re_} against {rp} of {p_bye})")
        better = re_ > rp
    if not better:
        return Departure("engine", "2.1", crit, False, False,
                         f"the published bye {p_bye} would come first by {crit} ({why}), yet the "
                         f"engine gave it to {e_bye}: please report this disagreement",
                         engine=(e_bye,), published=(p_bye,))
    passed = [x.player for x in trace.of(ev.ByeRejected)]
    extra = ""
    if passed:
        extra = f" (passed over by 2.1.2 [C4]: {', '.join(map(str, passed))})"
    return Departure(
        "bye", "2.1", crit, False, False,
        f"Pairing-allocated bye (2.1): the published pairing gives it to {p_bye}, the procedure "
        f"to {e_bye}{extra}. Both are eligible ([C2]) and both leave a complete pairing "
        f"(2.1.2); {crit} decides: {why}.",
        engine=(e_bye,), published=(p_bye,),
    )


def _bracket_departure(w: list[ev.Event], s: list[ev.Event], rows: dict[int, dict],
                       readings: Readings) -> Departure:
    """Compare the published path's bracket ``w`` with the engine's bracket ``s`` (same state)."""
    opened = w[0]
    assert isinstance(opened, ev.BracketOpened)
    score = opened.score
    where = f"Bracket of score {score} (residents {_fmt_set(opened.residents)})"
    s_pairs = _one(s, ev.BracketClosed).pairs
    w_pairs = _one(w, ev.BracketClosed).pairs
    eng, pub = tuple(s_pairs), tuple(w_pairs)
    head = f"{where}: the procedure pairs {_fmt_pairs(s_pairs)}; the published pairing " \
           f"{_fmt_pairs(w_pairs)}. "

    def dep(kind, article, crit, as_good, order_only, text):
        return Departure(kind, article, crit, as_good, order_only, head + text, score, eng, pub)

    def disagree(what):
        return dep("engine", "2.2", what, False, False,
                   f"The published bracket is better on {what} than the engine's; please "
                   "report this disagreement.")

    if tuple(opened.residents) != tuple(s[0].residents):
        return dep("engine", "2.2", "2.2", False, False,
                   f"The engine opens this bracket with residents {_fmt_set(s[0].residents)} "
                   "from the same state; please report this disagreement.")
    ms, mw = _one(s, ev.MinimumUpfloaters), _one(w, ev.MinimumUpfloaters)
    us, uw = _one(s, ev.UpfloatersChosen), _one(w, ev.UpfloatersChosen)
    if mw.count > ms.count:
        return dep("bracket", "2.2.1", "[C5]", False, False,
                   f"It leaves the procedure at 2.2.1: {_sentence(ms)}, but the published "
                   f"pairing brings {mw.count} upfloater(s) "
                   f"{_fmt_set(uw.players) if uw else ''} into the bracket. [C5] (3.3.1, "
                   f"minimise the number of upfloaters) prefers the procedure's "
                   f"{_fmt_set(us.players) if us else 'pairing without upfloaters'}.")
    if mw.count < ms.count:
        return disagree("[C5]")
    if us is not None and uw is not None and set(us.players) != set(uw.players):
        cs, cw = us.criteria, uw.criteria
        intro = (f"It leaves the procedure at 2.2.2: the procedure upfloats "
                 f"{_fmt_set(us.players)} (scores {', '.join(us.scores)}), the published "
                 f"pairing {_fmt_set(uw.players)} (scores {', '.join(uw.scores)}). ")
        reading = readings.value("container-order")
        if tuple(cs["C6"]) != tuple(cw["C6"]):
            ks, kw = _c6_key(cs["C6"], reading), _c6_key(cw["C6"], reading)
            if ks > kw:  # containers come in descending order of this key (4.2.3.2)
                how = ("maximise the lowest score among the upfloaters, then the second "
                       "lowest, and so on" if reading != "listed" else
                       "containers in the order of the example of 4.2.3.1, highest score "
                       "first: reading container-order=listed")
                return dep("bracket", "2.2.2", "[C6]", False, False, intro +
                           f"[C6] (3.3.2 with 4.2.3.2, {how}) prefers the procedure's set.")
            return disagree("[C6]")
        names = {"C7": "minimise the players who do not get their colour preference",
                 "C8": "minimise the maximum upfloaters",
                 "C9": "minimise the times a maximum upfloater is upfloated",
                 "C10": "minimise the upfloaters who upfloated in the previous round"}
        for name, words in names.items():
            if cs[name] != cw[name]:
                if cs[name] < cw[name]:
                    return dep("bracket", "2.2.2", f"[{name}]", False, False, intro +
                               f"Same container by [C6]; [{name}] ({words}) prefers the "
                               f"procedure's set: {cs[name]} against {cw[name]}.")
                return disagree(f"[{name}]")
        return dep("bracket", "2.2.2", "4.2.3.3", True, True, intro +
                   f"Both sets are as good on [C5]-[C10] (same container, [C7] {cs['C7']}, "
                   f"[C8] {cs['C8']}, [C9] {cs['C9']}, [C10] {cs['C10']}); the published "
                   f"pairing departs only from the order rule 4.2.3.3: sets of one container "
                   f"are taken in lexicographic order of their 4.2.2 sequence numbers, and the "
                   f"procedure's {tuple(us.sequence)} comes before {tuple(uw.sequence)}.")
    if (us is None) != (uw is None):
        return disagree("2.2.2")
    # same bracket members: colours ([C7]) through the shifts of 2.2.4, then 2.2.6
    miss_s = _same_pref_pairs(s_pairs, rows)
    miss_w = _same_pref_pairs(w_pairs, rows)
    if len(miss_w) > len(miss_s):
        return dep("bracket", "2.2.4", "[C7]", False, False,
                   f"It leaves the procedure at 2.2.4 (G1/G2 re-composition, whose best set "
                   f"'complies at best with [C7]'): in the published bracket "
                   f"{len(miss_w)} pair(s) have both players seeking the same colour "
                   f"({_fmt_pairs(miss_w)}), so {len(miss_w)} player(s) miss their colour "
                   f"preference, against {len(miss_s)} in the procedure's. [C7] (3.3.3) "
                   "prefers the procedure's pairing.")
    if len(miss_w) < len(miss_s):
        return disagree("[C7]")
    groups = _one(s, ev.GroupsFormed)
    g1, g2 = set(groups.g1), set(groups.g2)

    def inside(pairs):
        return [(a, b) for a, b in pairs if {a, b} <= g1 or {a, b} <= g2]

    in_s, in_w = inside(s_pairs), inside(w_pairs)
    colour_mode = groups.mode == "colour"
    c7_words = (f"{len(miss_s)} player(s) without their colour preference in each"
                if colour_mode else "nobody in the bracket has played, so colour preferences "
                "do not tell the pairings apart")
    if len(in_w) > len(in_s):
        split = ("G1 holds the White seekers " if colour_mode else
                 "nobody has played, so G1 is the first half of the bracket in initial-ranking "
                 "order ") + f"{_fmt_set(groups.g1)} and G2 " + (
                 "the Black seekers " if colour_mode else "the second half ") + \
                 f"{_fmt_set(groups.g2)}"
        return dep("bracket", "2.2.4.1", "2.2.4.1", True, False,
                   f"Both are as good on [C5]-[C10] ({c7_words}). It leaves the procedure at "
                   f"2.2.3-2.2.4: {split}; pairs are formed between G1 and G2, and players of "
                   f"one subgroup meet only when that is unavoidable (2.2.4.1), which here it "
                   f"is {len(in_s)} time(s) ({_fmt_pairs(in_s)}). The published pairing pairs "
                   f"{len(in_w)} inside a subgroup ({_fmt_pairs(in_w)}).")
    if len(in_w) < len(in_s):
        return disagree("2.2.4.1")
    sh_s, sh_w = _all(s, ev.Shift), _all(w, ev.Shift)
    for a, b in zip(sh_s, sh_w):
        if tuple(a.players) != tuple(b.players):
            seq = dict(a.pool)
            seq_w = dict(b.pool)
            sa = ", ".join(f"{n} (#{seq.get(n, '?')})" for n in a.players)
            sb = ", ".join(f"{n} (#{seq_w.get(n, seq.get(n, '?'))})" for n in b.players)
            return dep("bracket", a.article, "4.3", True, True,
                       f"Both are as good on [C5]-[C10] ({c7_words}). The published pairing "
                       f"departs only from "
                       f"the order rule 4.3 at {a.article}: the procedure shifts {sa} from "
                       f"{a.source} to {a.target}, the published pairing amounts to shifting "
                       f"{sb}; shifters are taken first in the order of their 4.3.3 sequence "
                       f"numbers (middle-out of 4.3.2).")
    oc_s, oc_w = _all(s, ev.OpponentChosen), _all(w, ev.OpponentChosen)
    for a, b in zip(oc_s, oc_w):
        if a.player != b.player:
            break
        if a.opponent != b.opponent:
            ts, tw = _one(s, ev.TranspositionChosen), _one(w, ev.TranspositionChosen)
            s1 = _one(s, ev.S1Sorted)
            return dep("bracket", "2.2.6", "4.4", True, True,
                       f"Both are as good on [C5]-[C10] (same upfloaters, same G1/G2, "
                       f"{c7_words}). The published pairing departs only from the order rule 4.4 at 2.2.6: S1 "
                       f"player #{a.s1_index} ({a.player}) meets {a.opponent} in the procedure, "
                       f"the first player of G2 {_fmt_set(s1.g2)} in initial-ranking order "
                       f"(4.4.2) after whom the rest can still be paired legally, but "
                       f"{b.opponent} in the published pairing; the procedure's T2 is "
                       f"transposition #{ts.index}, the published one #{tw.index}.")
    return dep("engine", "2.2", "2.2", False, False,
               "The two bracket traces do not part at any decision although the pairs differ; "
               "please report this disagreement.")


def _colour_departures(pub: Published, what_if: Trace) -> list[Departure]:
    out = []
    alloc = {frozenset((e.white, e.black)): e for e in what_if.of(ev.ColourAllocated)}
    for pr in pub.pairs:
        if not pr.colours_known:
            continue
        e = alloc.get(pr.players)
        if e is None or (e.white, e.black) == (pr.white, pr.black):
            continue
        out.append(Departure(
            "colour", e.rule, e.rule, False, False,
            f"Colours of {e.white}-{e.black} (Article 5): the published pairing gives White to "
            f"{pr.white}; {e.rule} gives it to {e.white}: {_sentence(e)}.",
            None, ((e.white, e.black),), ((pr.white, pr.black),),
        ))
    return out


def explain_differences(request: Tournament, r: int, pub: Published, trace: Trace,
                        rows: dict[int, dict], readings: Readings = DEFAULT
                        ) -> tuple[list[Departure], Trace | None]:
    """The departures of a legal published pairing from the engine's (see module docstring)."""
    result = trace.result
    forced = tuple((p.white, p.black) for p in pub.pairs)
    what_if = pair_round(request, readings, round_no=r, forced=forced)
    wres = what_if.result
    if isinstance(result, ev.Impossible):
        return [Departure("engine", "1.8.3", "1.8.3", False, False,
                          "The engine found no complete pairing (1.8.3), yet the published "
                          "pairing passes the absolute test: please report this disagreement. "
                          f"Engine: {_sentence(result)}")], what_if
    if (isinstance(wres, ev.Impossible)
            or _unordered(wres.boards) != {p.players for p in pub.pairs}
            or wres.bye != pub.bye):
        why = _sentence(wres) if isinstance(wres, ev.Impossible) else (
            f"it produced {_fmt_pairs(wres.boards)} bye {wres.bye}")
        return [Departure("engine", "2", "2", False, False,
                          "The engine cannot walk the procedure along the published pairing "
                          f"although it passes the absolute test ({why}); please report this "
                          "disagreement.")], what_if
    out: list[Departure] = []
    if result.bye != pub.bye and result.bye is not None and pub.bye is not None:
        out.append(_bye_departure(result.bye, pub.bye, trace, rows, readings))
    w_segs = _segments(what_if)
    e_segs = _segments(trace)
    decided: set[int] = {pub.bye} if pub.bye is not None else set()
    on_path = result.bye == pub.bye  # the engine's own trace is in the same state
    for k, wseg in enumerate(w_segs):
        wpairs = _unordered(_one(wseg, ev.BracketClosed).pairs)
        if on_path and k < len(e_segs):
            sseg = e_segs[k]
        else:
            sub = replace(request, absent=frozenset(request.absent) | decided)
            sub_segs = _segments(pair_round(sub, readings, round_no=r))
            sseg = sub_segs[0] if sub_segs else None
        if sseg is None:
            out.append(Departure("engine", "2.2", "2.2", False, False,
                                 "The engine could not pair the players left at bracket "
                                 f"{wseg[0].score} of the published pairing; please report "
                                 "this disagreement.", wseg[0].score))
            on_path = False
        elif _unordered(_one(sseg, ev.BracketClosed).pairs) != wpairs:
            out.append(_bracket_departure(wseg, sseg, rows, readings))
            on_path = False
        for pr in wpairs:
            decided |= pr
    out.extend(_colour_departures(pub, what_if))
    return out, what_if


def check_round(request: Tournament, r: int, pub: Published, readings: Readings = DEFAULT,
                trace: Trace | None = None, explain: bool = True) -> CheckResult:
    """The absolute test, then the comparison with the engine, of round ``r``."""
    if trace is None:
        trace = pair_round(request, readings, round_no=r)
    rows = _rows(trace)
    violations = absolute_test(request, r, pub, rows)
    result = trace.result
    if violations:
        return CheckResult(r, ILLEGAL, pub, trace, tuple(violations))
    if isinstance(result, ev.PairingPublished) and _identical(result, pub):
        return CheckResult(r, IDENTICAL, pub, trace)
    departures: list[Departure] = []
    what_if = None
    if explain:
        departures, what_if = explain_differences(request, r, pub, trace, rows, readings)
    return CheckResult(r, DIFFERENT, pub, trace, (), tuple(departures), what_if)


def _identical(result: ev.PairingPublished, pub: Published) -> bool:
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


# --------------------------------------------------------------------------- rendering


def _board_key(rows: dict[int, dict]):
    def score(n):
        row = rows.get(n)
        return Fraction(row["score"]) if row else Fraction(0)

    def rank(n):
        row = rows.get(n)
        return row["initial_rank"] if row else n

    def key(pair: tuple[int, int]):
        w, b = pair
        if b == 0:  # the bye goes last
            return (1, 0, 0, rank(w))
        top = min((w, b), key=lambda n: (-score(n), rank(n)))
        return (0, -score(top), -(score(w) + score(b)), rank(top))

    return key


def compat_table(res: CheckResult) -> list[str]:
    """The JaVaFo/bbpPairings two-column table of the differing pairs (trf.md 11.2):
    the engine's pairs that the file does not have, next to the file's pairs of the same
    players, both in board order; the PAB as ``id - 0``.  Empty when identical."""
    result = res.engine_result
    if isinstance(result, ev.Impossible):
        return []
    rows = _rows(res.trace)
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
    key = _board_key(rows)
    wrong.sort(key=key)
    theirs.sort(key=key)
    out = ["  Checker pairings        Tournament pairings "]
    for i in range(max(len(wrong), len(theirs))):
        left = f"{wrong[i][0]:>3} - {wrong[i][1]:>3}" if i < len(wrong) else " " * 9
        right = f"{theirs[i][0]:>3} - {theirs[i][1]:>3}" if i < len(theirs) else ""
        out.append(("    " + left + " " * 16 + right).rstrip())
    return out


def render_check(res: CheckResult, name: str = "") -> str:
    """The human report of ``dubov-explain check``."""
    r = res.round
    lines = [f"{name + ': ' if name else ''}Round #{r}: {res.verdict_words} "
             f"(exit {res.exit_code})"]
    pub = res.published
    n_pairs = len(pub.pairs)
    lines.append(f"Published pairing ({pub.source or 'given'}): {n_pairs} board(s)"
                 + (f", pairing-allocated bye {', '.join(map(str, pub.byes))}" if pub.byes else ""))
    lines.append("")
    lines.append("Absolute test (everyone paired once, one bye only when odd, [C1] no "
                 "rematch, [C2] bye eligibility, [C3] and colour limits):")
    if res.violations:
        for v in res.violations:
            lines.append(f"  FAIL {v.rule} {v.message}")
    else:
        lines.append("  passed")
    lines.append("")
    result = res.engine_result
    if isinstance(result, ev.Impossible):
        lines.append(f"No valid pairing exists for round {r}.")
        lines.append(f"  {_sentence(result)}")
    else:
        lines.append("Comparison with the engine:")
        table = compat_table(res)
        if table:
            lines.extend(table)
        else:
            lines.append("  same pairs, same colours, same pairing-allocated bye")
    if res.departures:
        lines.append("")
        lines.append("Where the published pairing leaves the procedure:")
        for i, d in enumerate(res.departures, 1):
            lines.append(f"  {i}. [{d.article}; {d.tag}]")
            lines.extend(_wrap(d.explanation, "     "))
    elif res.verdict == DIFFERENT:
        lines.append("")
        lines.append("(differences not explained)")
    for note in res.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines) + "\n"


def _wrap(text: str, indent: str, width: int = 96) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False, break_long_words=False) or [indent]
