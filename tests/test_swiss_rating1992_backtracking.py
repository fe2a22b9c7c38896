"""C.12 and C.13 (backtracking) of the 1992 rating-based text against its literal twin
(``LiteralBacktracking`` in ``tests/swiss_rating1992_literal.py``, written from the text:
it pairs every bracket on its own criteria, backtracks as C.12 and C.13 say, and decides
C.13's "will allow a pairing in the lowest score bracket" by pairing that bracket with the
text's own procedure).

On generated rounds the engine pairs as the twin does and tells the same backtracking
story, step for step (the Backtracked / BacktrackEnded / BracketsJoined events against the
twin's log); over those rounds C.12 (from C.1 and after C.11) and C.13 (finding another
pairing, and joining brackets) all occur.  The same under each value of the readings of
C.12 and C.13 (``another-player``, ``c12-p``, ``joined-bracket``, ``lowest-c1``), each of
which changes some of these rounds' pairings.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.swiss_rating1992 import events as ev  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

from tests.swiss_rating1992_literal import LiteralBacktracking  # noqa: E402

CASES = [(6, 7, 1), (7, 7, 2), (8, 7, 3), (9, 7, 4), (10, 7, 5), (8, 7, 6), (9, 7, 7),
         (10, 7, 8)]
NOISY = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)
BOOK = find_rulebook("swiss-rating-1992")
#: the readings of C.1, C.12 and C.13, each value but the default; c13-p-zero also with
#: joined-bracket=heterogeneous (against it alone), where it changes more rounds
BACKTRACK_READINGS = [((name, value),) for name in ("another-player", "c12-p",
                                                    "joined-bracket", "c13-p-zero",
                                                    "lowest-c1", "lowest-c12", "rejoined",
                                                    "c12-nested")
                      for value in BOOK.readings_type.by_name()[name].choices
                      if value != BOOK.readings_type.by_name()[name].default] + \
    [(("c13-p-zero", "counts"), ("joined-bracket", "heterogeneous")),
     (("c13-p-zero", "counts"), ("rejoined", "residents"))]

#: values no round of CASES tells from the others chosen (their golden cases do, see
#: test_golden_reading_cases_pair_as_the_text; counts over the 763 rounds of 120 generated
#: tournaments, seeds 1-120, 6-14 players): another-player=new-player (none, since C.14
#: moves a heterogeneous bracket down whole at p zero), c13-p-zero=counts (none under
#: rejoined=moved-down: the earlier joined players stay moved down under both values),
#: rejoined=residents (7 rounds), c13-p-zero=counts with rejoined=residents;
#: lowest-c12=c12-first (none here: 12 of the 1,181 deep cascades of
#: golden/swiss-rating-1992/make_cascade_cases.py, three of them kept in
#: test_swiss_rating1992_cascades.py); c12-nested=recursive (none here: 24 of those 1,181,
#: two of them kept there)
RARE = ((("another-player", "new-player"),), (("c13-p-zero", "counts"),),
        (("rejoined", "residents"),), (("c13-p-zero", "counts"), ("rejoined", "residents")),
        (("lowest-c12", "c12-first"),), (("c12-nested", "recursive"),))


@functools.lru_cache(maxsize=None)
def _rounds(players, rounds, seed, quiet):
    options = GeneratorOptions.quiet() if quiet else NOISY
    return simulate(players, rounds, seed, options=options, system="swiss-rating-1992",
                    keep_rounds=True).rounds


def _story(trace) -> list[tuple]:
    """The engine's backtracks and joins, in the twin's words."""
    out = []
    events = list(trace.events)
    for i, e in enumerate(events):
        if isinstance(e, ev.Backtracked):
            end = next(x for x in events[i + 1:] if isinstance(x, ev.BacktrackEnded))
            assert end.article == e.article
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
    compared = 0
    for rec in _rounds(players, rounds, seed, quiet):
        lit = LiteralBacktracking(rec.request, rec.round)
        got = lit.round()
        trace = rec.trace
        if isinstance(trace.result, Impossible):
            assert got is None
            continue
        assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), \
            (players, seed, quiet, rec.round)
        assert _story(trace) == lit.log, (players, seed, quiet, rec.round)
        compared += 1
    assert compared >= 1


def test_the_cases_backtrack():
    """Over the generated rounds above, C.12 (from C.1 and after C.11) and C.13 occur, both
    finding another pairing and not, and C.13 joins brackets."""
    seen = Counter()
    for players, rounds, seed in CASES:
        for quiet in (False, True):
            for rec in _rounds(players, rounds, seed, quiet):
                for c in _story(rec.trace):
                    if c[0] == "C.12":
                        seen["C.12", c[1][0], c[2]] += 1
                    else:
                        seen[c] += 1
    for key in (("C.12", "C.1", True), ("C.12", "C.1", False), ("C.12", "C.11", False),
                ("C.13", True), ("C.13", False), ("C.13-join",)):
        assert seen[key] >= 1, seen
    print(dict(seen))


@functools.lru_cache(maxsize=None)
def _backtracking_rounds():
    """The generated rounds above whose default pairing backtracks (C.12 or C.13), or whose
    lowest bracket has a player C.1 would find without an opponent: where the readings of
    C.12 and C.13 can matter."""
    return [rec for players, rounds, seed in CASES for quiet in (False, True)
            for rec in _rounds(players, rounds, seed, quiet)
            if any(isinstance(e, ev.Backtracked) for e in rec.trace.events)
            or _lonely_in_lowest(rec)]


def _lonely_in_lowest(rec) -> bool:
    """The lowest score bracket of the round holds a player without an opponent there by
    B.1/B.2 (the twin's test)."""
    lit = LiteralBacktracking(rec.request, rec.round)
    present = [p.number for p in lit.st.players if p.present]
    low = min(lit.st[n].score for n in present)
    players = [n for n in present if lit.st[n].score == low]
    return any(not any(lit.may_meet(n, o, not lit.free(n, o)) for o in players if o != n)
               for n in players)


@pytest.mark.parametrize("chosen", BACKTRACK_READINGS,
                         ids=["+".join(f"{n}={v}" for n, v in c) for c in BACKTRACK_READINGS])
def test_engine_backtracks_as_the_text_under_each_reading(chosen):
    """Under each value of another-player, c12-p, joined-bracket, c13-p-zero and lowest-c1
    the engine pairs as the twin does, with the same story, and the value changes at least
    one round's pairing (against the other readings chosen alone)."""
    (name, value), others = chosen[0], dict(chosen[1:])
    readings = BOOK.readings(dict(chosen))
    base = BOOK.readings(others)
    changed = 0
    for rec in _backtracking_rounds():
        trace = BOOK.pair(rec.request, readings, round_no=rec.round)
        assert trace.events[0].readings[name] == value
        before = BOOK.pair(rec.request, base, round_no=rec.round).result if others \
            else rec.trace.result
        lit = LiteralBacktracking(rec.request, rec.round, readings)
        got = lit.round()
        if isinstance(trace.result, Impossible):
            assert got is None
            continue
        assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), \
            (chosen, rec.round)
        assert _story(trace) == lit.log, (chosen, rec.round)
        changed += isinstance(before, Impossible) or \
            (trace.result.boards, trace.result.bye) != (before.boards, before.bye)
    assert changed >= 1 or chosen in RARE, chosen


GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "swiss-rating-1992" / "cases"


@pytest.mark.parametrize("case, values", [
    ("reading-another-player", ("any-set", "new-player", "same-size")),
    ("reading-c12-p", ("as-reached", "recomputed")),
    ("reading-joined-bracket", ("a3", "heterogeneous")),
    ("reading-c13-p-zero", ("join", "counts")),  # with rejoined=residents (its case)
    ("reading-lowest-c1", ("when-unpaired", "at-once")),
    ("reading-rejoined", ("moved-down", "residents")),
    ("reading-lowest-c12", ("after-c11", "c12-first")),
    ("reading-c12-nested", ("flat", "recursive")),
])
def test_golden_reading_cases_pair_as_the_text(case, values):
    """The golden case of each reading of C.1, C.12 and C.13: under each value the engine
    pairs as the twin does, with the same story, and every value pairs differently."""
    from dubov_explain.trf.reader import read_trf

    t = read_trf(GOLDEN / f"{case}.trf")
    name = case.removeprefix("reading-")
    # reading c13-p-zero tells its values apart where the earlier joined players become
    # residents of a new join (reading rejoined)
    others = {"rejoined": "residents"} if name == "c13-p-zero" else {}
    results = set()
    for value in values:
        readings = BOOK.readings({name: value, **others})
        trace = BOOK.pair(t, readings)
        lit = LiteralBacktracking(t, None, readings)
        assert lit.round() == ({frozenset(p) for p in trace.result.boards},
                               trace.result.bye), value
        assert _story(trace) == lit.log, value
        results.add((trace.result.boards, trace.result.bye))
    assert len(results) == len(values)
