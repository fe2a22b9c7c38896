"""C.12 and C.13 (backtracking) against the literal twin (``LiteralBacktracking`` in
``tests/dutch2012_literal.py``, written from the text: it pairs every bracket on its own
requirements, backtracks as C.12 and C.13 say, and decides C.13's "will allow a pairing in
the lowest score bracket" by pairing that bracket with the text's own procedure).

On generated rounds the engine pairs as the twin does, including the rounds where the
twin backtracked; on two pinned rounds the engine's trace tells the same backtracking
story (the Backtracked / BracketsJoined events) as the twin's record.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2012 import events as ev  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

from tests.dutch2012_literal import LiteralBacktracking  # noqa: E402

CASES = [(6, 7, 1), (7, 7, 2), (8, 7, 3), (9, 7, 4), (10, 7, 5), (8, 7, 6), (9, 7, 7),
         (10, 7, 8), (11, 9, 1), (12, 9, 2)]
NOISY = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)


def _rounds(players, rounds, seed, quiet):
    options = GeneratorOptions.quiet() if quiet else NOISY
    return simulate(players, rounds, seed, options=options, system="dutch-2012",
                    keep_rounds=True).rounds


def _story(trace) -> list[tuple]:
    """The engine's backtracks (what led to each, whether it found a pairing) and joins, in
    the twin's words."""
    out = []
    events = list(trace.events)
    for i, e in enumerate(events):
        if isinstance(e, ev.Backtracked):
            end = next(x for x in events[i + 1:] if isinstance(x, ev.BacktrackEnded))
            if e.article == "C.12":
                out.append(("C.12", (e.trigger, e.player if e.trigger == "C.1" else e.p1),
                            end.found))
            else:
                out.append(("C.13", end.found))
        if isinstance(e, ev.BracketsJoined):
            out.append(("C.13-join",))
    return out


@pytest.mark.parametrize("players, rounds, seed", CASES)
@pytest.mark.parametrize("quiet", [False, True])
def test_engine_backtracks_as_the_text(players, rounds, seed, quiet):
    counts = Counter()
    for rec in _rounds(players, rounds, seed, quiet):
        lit = LiteralBacktracking(rec.request, rec.round)
        got = lit.round()
        trace = rec.trace
        if isinstance(trace.result, Impossible):
            assert got is None
            continue
        ours = ({frozenset(p) for p in trace.result.boards}, trace.result.bye)
        assert got == ours, (players, seed, quiet, rec.round)
        assert _story(trace) == lit.log, (players, seed, quiet, rec.round)
        counts["backtracked" if lit.changed else "straight"] += 1
    assert sum(counts.values()) >= 1


def test_the_cases_backtrack():
    """Over the generated rounds above, the text backtracks often enough to be tested: C.12
    and C.13 both find other pairings (and fail to), and C.13 joins brackets."""
    seen = Counter()
    for players, rounds, seed in CASES:
        for quiet in (False, True):
            for rec in _rounds(players, rounds, seed, quiet):
                for c in _story(rec.trace):
                    seen[c[0], c[-1]] += 1
    for key in (("C.12", True), ("C.12", False), ("C.13", True), ("C.13", False),
                ("C.13-join", "C.13-join")):
        assert seen[key] >= 3, seen


def test_c12_pinned_round():
    """6 players, seed 7, round 4: C.1 finds moved-down player 1 without an opponent and
    C.12 finds no other set of the same size and scores above (twice); for 3 it does, and
    the previous bracket's new pairing replaces its first one."""
    rec = next(r for r in _rounds(6, 7, 7, False) if r.round == 4)
    assert _story(rec.trace) == [("C.12", ("C.1", 1), False), ("C.12", ("C.1", 1), False),
                                 ("C.12", ("C.1", 3), True)]


# ---------------------------------------------------------------------------------------
# The readings of C.13 and of C.1/C.12 in the lowest bracket (c13-p-zero, lowest-c1,
# lowest-c12)
# ---------------------------------------------------------------------------------------

BOOK = find_rulebook("dutch-2012")
GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "dutch-2012" / "cases"
#: each reading of C.1/C.13 with its values, the default first
C13_READINGS = {"c13-p-zero": ("join", "counts"), "lowest-c1": ("when-unpaired", "at-once"),
                "lowest-c12": ("c13-only", "c12-first")}


def _c13_from(trace) -> list:
    """For each C.13 backtrack of the engine, in order: the player of the lowest bracket C.1
    found without an opponent (reading lowest-c1=at-once), or None."""
    return [e.player if e.trigger == "C.1" else None for e in trace.events
            if isinstance(e, ev.Backtracked) and e.article == "C.13"]


@functools.lru_cache(maxsize=None)
def _c13_rounds():
    """The generated rounds above where C.13's readings can matter: the default pairing
    goes back by C.13, or the lowest bracket holds a player without an opponent there."""
    out = []
    for players, rounds, seed in CASES:
        for quiet in (False, True):
            for rec in _rounds(players, rounds, seed, quiet):
                if isinstance(rec.trace.result, Impossible):
                    continue
                if any(isinstance(e, ev.Backtracked) and e.article == "C.13"
                       for e in rec.trace.events) or _lonely_in_lowest(rec):
                    out.append(rec)
    return tuple(out)


def _lonely_in_lowest(rec) -> bool:
    """The lowest score bracket of the round holds a player with no opponent there by B.1
    and B.2 (read by the twin)."""
    lit = LiteralBacktracking(rec.request, rec.round)
    present = [p.number for p in lit.st.players if p.present]
    low = min(lit.st[n].score for n in present)
    players = [n for n in present if lit.st[n].score == low]
    top = lit.is_top(players)
    return any(not any(lit.may_meet(n, o, not top) for o in players if o != n)
               for n in players)


def _agree(t, round_no, readings, where):
    """Engine and twin pair ``t`` alike under ``readings``, with the same backtracking
    story and the same C.13 triggers; the engine's result."""
    trace = BOOK.pair(t, readings, round_no=round_no)
    lit = LiteralBacktracking(t, round_no, readings)
    got = lit.round()
    if isinstance(trace.result, Impossible):
        assert got is None, where
        return trace.result
    assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), where
    assert _story(trace) == lit.log, where
    assert _c13_from(trace) == lit.c13_from, where
    return trace.result


@pytest.mark.parametrize("name", sorted(C13_READINGS))
def test_engine_and_twin_agree_under_each_value_of_the_c13_readings(name):
    """Under each value of c13-p-zero and lowest-c1, on the generated rounds where C.13
    runs or the lowest bracket has a player without an opponent, the engine pairs as the
    twin does (pairs, bye, backtracking story, what sent each C.13), the trace records the
    value in force, and the Backtracked events' ``wanted`` code carries it."""
    rounds = _c13_rounds()
    assert len(rounds) >= 20, len(rounds)
    changed = Counter()
    for value in C13_READINGS[name]:
        readings = BOOK.readings({name: value})
        for rec in rounds:
            trace = BOOK.pair(rec.request, readings, round_no=rec.round)
            assert trace.events[0].readings[name] == value
            for e in trace.events:
                if isinstance(e, ev.Backtracked) and e.article == "C.13":
                    assert ("+p0" in e.wanted) == (value == "counts"), e
                    assert ("+c1" in e.wanted) == (value == "at-once"), e
                    assert (e.trigger == "C.1") <= (value == "at-once"), e
            res = _agree(rec.request, rec.round, readings, (name, value, rec.round))
            base = rec.trace.result
            if not isinstance(res, Impossible) and \
                    (res.boards, res.bye) != (base.boards, base.bye):
                changed[value] += 1
    # the default is the behaviour the generated rounds were paired with
    assert changed[C13_READINGS[name][0]] == 0, changed
    if name == "lowest-c1":
        assert changed["at-once"] >= 1, changed


@pytest.mark.parametrize("name", sorted(C13_READINGS))
def test_c13_golden_case_pairs_as_the_text_under_every_value(name):
    """The golden case ``reading-NAME``: under each value the engine pairs as the twin
    does, with the same story, and the values pair differently; on every other golden case
    of C.12/C.13 and D.4 the twin agrees under every value too."""
    from dubov_explain.trf.reader import read_trf

    t = read_trf(GOLDEN / f"reading-{name}.trf")
    results = set()
    for value in C13_READINGS[name]:
        res = _agree(t, None, BOOK.readings({name: value}), (name, value))
        results.add((res.boards, res.bye))
    assert len(results) == len(C13_READINGS[name]), results
    for case in ("reading-c13-p-zero", "reading-lowest-c1", "reading-lowest-c12",
                 "reading-lowest-c12-after-c10", "B.2-same-absolute", "C.13-join",
                 "C.13-lowest-bracket",
                 "reading-joined-bracket", "C.12-backtrack-found", "D.4-example",
                 "D.4-warning"):
        t = read_trf(GOLDEN / f"{case}.trf")
        for value in C13_READINGS[name]:
            _agree(t, None, BOOK.readings({name: value}), (case, name, value))
