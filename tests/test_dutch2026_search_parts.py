"""The Dutch 2026 search's shortcuts against the definitions they stand for (issue 28): what
the walk compares must be what the criteria say, on real rounds.

* ``fits`` (the absolute criteria asked once per pair) is ``absolute(a, b) is None``;
* ``candidate_quality`` (a candidate's [C10]-[C21] summed pair by pair along the walk, score
  differences in integer units) is ``quality`` (the sum from scratch, in points), for
  prefixes walked in any order and with downfloaters;
* the chosen vector the trace shows is in points again (the units do not leak).

The brute-force twin (``test_dutch2026_bruteforce.py``) checks the whole search; these check
the parts on fields the twin cannot enumerate."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dubov_explain.rulebooks.dutch2017.engine import Engine as Engine2017
from dubov_explain.rulebooks.dutch2026.engine import Engine
from dubov_explain.simulate import history_before
from dubov_explain.simulate.generator import GeneratorOptions, simulate

#: (system, engine, players, rounds, seed): half-point byes and forfeits give scores in
#: halves and quarters of the field in several scoregroups
FIELDS = [("dutch-2026", Engine, 24, 7, 3), ("dutch-2026", Engine, 41, 9, 5),
          ("dutch-2017", Engine2017, 30, 7, 4)]


def _engine(system, cls, players, rounds, seed):
    sim = simulate(players, rounds, seed, options=GeneratorOptions(
        system=system, half_bye_rate=0.05, forfeit_rate=0.03))
    req = history_before(sim.tournament, rounds - 1)
    return cls(req)


def _walk_context(e, score, mdps):
    """What ``search`` sets before the walk (the bracket's score and MDPs, empty memos)."""
    e._ctx = dict(score=score, mdps=frozenset(mdps), lower=())
    e._terms, e._sums = {}, {}
    e._lowest = score


@pytest.mark.parametrize("system,cls,players,rounds,seed", FIELDS)
def test_fits_is_the_absolute_criteria(system, cls, players, rounds, seed):
    e = _engine(system, cls, players, rounds, seed)
    ps = [p.number for p in e.st.players if p.present]
    barred = 0
    for a in ps:
        for b in ps:
            if a != b:
                assert e.fits(a, b) is (e.absolute(a, b) is None), (a, b)
                barred += not e.fits(a, b)
    assert barred > 0  # the field has rematches: the check can fail


@pytest.mark.parametrize("system,cls,players,rounds,seed", FIELDS)
def test_the_walks_sums_are_the_criteria(system, cls, players, rounds, seed):
    e = _engine(system, cls, players, rounds, seed)
    ps = sorted((p.number for p in e.st.players if p.present), key=e.key)
    rng = random.Random(seed)
    unit = e.unit
    scores = {e.st[n].score for n in ps}
    lists_seen = 0
    for trial in range(60):
        score = rng.choice(sorted(scores))
        mdps = [n for n in ps if e.st[n].score > score][:rng.randint(0, 4)]
        _walk_context(e, score, mdps)
        pool = list(ps)
        rng.shuffle(pool)
        pairs = []
        while len(pool) >= 2 and len(pairs) < rng.randint(1, 12):
            a, b = pool.pop(), pool.pop()
            pairs.append((a, b) if a in mdps or b not in mdps else (b, a))
            # every prefix, as the walk asks it: the memo's sums are the sums from scratch
            got = e.candidate_quality(pairs)
            want = e.quality(pairs, (), frozenset(mdps), score)
            assert got[:8] == want[:8], (trial, pairs)
            assert [tuple(Fraction(x, unit) for x in xs) for xs in got[8:]] == \
                [tuple(xs) for xs in want[8:]], (trial, pairs)
            assert all(isinstance(x, int) for xs in got[8:] for x in xs)
            lists_seen += any(got[8:])
        down = tuple(pool[:3])
        got = e.candidate_quality(pairs, down)
        want = e.quality(pairs, down, frozenset(mdps), score)
        assert got[:8] == want[:8]
        assert [tuple(Fraction(x, unit) for x in xs) for xs in got[8:]] == \
            [tuple(xs) for xs in want[8:]]
    assert lists_seen > 0  # some sums had score differences: the units were exercised


def test_the_traced_vector_is_in_points():
    """The trace's [C18]-[C21] lists are points ('0.5'), whatever unit the walk used."""
    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.trace.events import PairingPublished
    from dubov_explain.trf.reader import read_trf
    from pathlib import Path

    case = Path(__file__).resolve().parents[1] / "golden" / "dutch-2026" / "cases" / \
        "reading-c9-bracket.trf"
    trace = find_rulebook("dutch-2026").pair(read_trf(str(case)))
    assert isinstance(trace.result, PairingPublished)
    chosen = [e for e in trace.events if type(e).__name__ == "CandidateChosen"]
    values = [v for e in chosen for k in ("C18", "C19", "C20", "C21") for v in e.vector[k]]
    assert "0.5" in values and all(isinstance(v, str) for v in values)
