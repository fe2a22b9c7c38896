"""A corpus of small rounds of our own for the 1992 rating-based and the Dubov 1997 texts:
tournaments of 6-14 players generated with forfeits, half-point byes, absences (``Z``),
withdrawals and late entries, every round cut as the request its engine was given
(``simulate(..., keep_rounds=True)``), reproducible by seed.  On every round the brute-force
twins, rewritten from the texts with the engines (issue 27), agree with the engines:

* ``swiss-rating-1992``: ``LiteralBacktracking`` (``tests/swiss_rating1992_literal.py``):
  the same pairs, the same bye, the same backtracking story (C.12, C.13), and no complete
  pairing exactly where the engine finds none;
* ``dubov-1997``: for every score group, the literal search of 6.3 (``literal_63`` in
  ``tests/test_dubov1997_bruteforce.py``) on the columns the engine wrote gives the
  engine's pairs in the engine's order; and the round meets the limitations restated
  independently (``tests/dubov1997_checks.py``).

Each test also asserts the corpus holds what it is for: byes (the bye of the round, asked-for
byes), forfeits and absences in the requests, and rounds with 6-14 players to pair.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

from dubov1997_checks import met, pair_ok, round_problems  # noqa: E402
from test_dubov1997_bruteforce import groups_of, literal_63  # noqa: E402
from test_swiss_rating1992_backtracking import _story  # noqa: E402
from tests.swiss_rating1992_literal import LiteralBacktracking  # noqa: E402

#: (players, rounds, seed): 6-14 players
SHAPES = [(6 + i % 9, 5 + i % 3, 2700 + i) for i in range(18)]


def _options() -> GeneratorOptions:
    return GeneratorOptions(forfeit_rate=0.07, half_bye_rate=0.05, zero_bye_rate=0.05,
                            withdrawal_rate=0.01, late_entry_rate=0.05)


@functools.lru_cache(maxsize=None)
def _rounds(system: str, players: int, rounds: int, seed: int):
    return simulate(players, rounds, seed, options=_options(), system=system,
                    keep_rounds=True).rounds


def _codes(rec) -> set[str]:
    """The result codes of the request's earlier rounds (U bye, H/Z/F asked for or absent,
    +/- forfeits)."""
    return {e.code for p in rec.request.players for k in range(1, rec.round)
            if (e := p.entry(k)) is not None}


@pytest.mark.parametrize("players, rounds, seed", SHAPES)
def test_swiss_rating1992_twin_agrees_on_the_corpus(players, rounds, seed):
    compared = 0
    for rec in _rounds("swiss-rating-1992", players, rounds, seed):
        lit = LiteralBacktracking(rec.request, rec.round)
        got = lit.round()
        trace = rec.trace
        if isinstance(trace.result, Impossible):
            assert got is None, (players, seed, rec.round)
            continue
        assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), \
            (players, seed, rec.round)
        assert _story(trace) == lit.log, (players, seed, rec.round)
        compared += 1
    assert compared >= 1


@pytest.mark.parametrize("players, rounds, seed", SHAPES)
def test_dubov1997_twin_agrees_on_the_corpus(players, rounds, seed):
    compared = 0
    for rec in _rounds("dubov-1997", players, rounds, seed):
        req, r = rec.request, rec.round
        if isinstance(rec.trace.result, Impossible):
            continue
        assert round_problems(req, r, rec.trace) == [], (players, seed, r)
        played = met(req, r)

        def ok(a, b):
            return pair_ok(req, r, a, b, played)

        for g in groups_of(rec.trace):
            W = [n for n in g["whites"] if n not in g["floaters"]]
            B = [n for n in g["blacks"] if n not in g["floaters"]]
            if W or B:
                assert literal_63(W, B, ok) == g["pairs"], (players, seed, r, W, B)
                compared += 1
    assert compared >= 1


@pytest.mark.parametrize("system", ["swiss-rating-1992", "dubov-1997"])
def test_the_corpus_has_byes_forfeits_and_absences(system):
    codes = set()
    sizes = set()
    for shape in SHAPES:
        for rec in _rounds(system, *shape):
            codes |= _codes(rec)
            sizes.add(len(rec.request.players))
    assert {"U", "H", "Z", "+", "-"} <= codes, codes
    assert min(sizes) == 6 and max(sizes) == 14


@pytest.mark.parametrize("reading", ["paired-downfloat=move-only", "rejoined=residents"])
def test_swiss_rating1992_twin_agrees_on_the_corpus_under_the_new_readings(reading):
    from dubov_explain.rulebooks import find_rulebook

    book = find_rulebook("swiss-rating-1992")
    readings = book.readings(dict([reading.split("=")]))
    compared = 0
    for shape in SHAPES[::2]:
        for rec in _rounds("swiss-rating-1992", *shape):
            trace = book.pair(rec.request, readings, round_no=rec.round)
            lit = LiteralBacktracking(rec.request, rec.round, readings)
            got = lit.round()
            if isinstance(trace.result, Impossible):
                assert got is None
                continue
            assert got == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), \
                (reading, shape, rec.round)
            assert _story(trace) == lit.log
            compared += 1
    assert compared >= 1


def test_dubov1997_twin_agrees_on_the_corpus_with_displaced_blacks_taking_rows():
    from dubov_explain.rulebooks import find_rulebook

    book = find_rulebook("dubov-1997")
    readings = book.readings({"displaced-black": "takes-row"})
    compared = 0
    for shape in SHAPES:
        for rec in _rounds("dubov-1997", *shape):
            req, r = rec.request, rec.round
            trace = book.pair(req, readings, round_no=r)
            if isinstance(trace.result, Impossible):
                continue
            assert round_problems(req, r, trace) == []
            played = met(req, r)

            def ok(a, b):
                return pair_ok(req, r, a, b, played)

            for g in groups_of(trace):
                W = [n for n in g["whites"] if n not in g["floaters"]]
                B = [n for n in g["blacks"] if n not in g["floaters"]]
                if W or B:
                    assert literal_63(W, B, ok, "takes-row") == g["pairs"], (shape, r)
                    compared += 1
    assert compared >= 1
