"""The Dutch 2026 search's shortcuts against the definitions they stand for (issue 28): what
the walk compares must be what the criteria say, on real rounds.

* ``fits`` (the absolute criteria asked once per pair) is ``absolute(a, b) is None``;
* ``candidate_quality`` (a candidate's [C10]-[C21] summed pair by pair along the walk, score
  differences in integer units) is ``quality`` (the sum from scratch, in points), for
  prefixes walked in any order and with downfloaters;
* the chosen vector the trace shows is in points again (the units do not leak);
* ``clean`` (a pair fits and breaks none of [C10]-[C13]) is ``fits`` and ``pair_quality``,
  and ``rest_bound`` (memo, warm starts, neighbour sets) is the deficiency of a maximum
  matching of those pairs, found here by networkx;
* the completion's parity test claims no more than the matching search finds.

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


def _walk_context(e, score, mdps, residents=()):
    """What ``search`` sets before the walk (the bracket's score and MDPs, empty memos)."""
    e.open_search(score, list(mdps), list(residents), ())
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


@pytest.mark.parametrize("system,cls,players,rounds,seed", FIELDS)
def test_clean_pairs_and_rest_bound(system, cls, players, rounds, seed):
    import networkx as nx

    e = _engine(system, cls, players, rounds, seed)
    ps = sorted((p.number for p in e.st.players if p.present), key=e.key)
    for a in ps:
        for b in ps:
            if a != b:
                want = tuple(e.fits(a, b) and not x for x in e.pair_quality(a, b))
                assert e.clean(a, b) == want, (a, b)
    rng = random.Random(seed)
    _walk_context(e, e.st[ps[-1]].score, (), ps)
    checks = (2, 3, 0, 1) if e.st.last_round else (2, 3)
    bounded = short = 0
    rested = [0, 0]  # the rest bound 0 (a matching of the pairs needed found), above 0
    c12_zero = [0, 0]  # [C12]'s part above 0, 0
    for trial in range(80):  # random parts, asked twice in a shuffled order (memo, warm)
        pool = list(ps)
        rng.shuffle(pool)
        k1 = rng.randint(1, len(pool) // 2)
        s1, s2 = tuple(pool[:k1]), tuple(pool[k1:k1 + rng.randint(k1, len(pool) - k1)])
        floaters = rng.random() < 0.5
        for _ in range(2):
            got = e.rest_bound(s1, s2, floaters)
            for k in checks:
                g = nx.Graph()
                g.add_nodes_from(("l", a) for a in s1)
                g.add_nodes_from(("r", b) for b in s2)
                g.add_edges_from((("l", a), ("r", b)) for a in s1 for b in s2
                                 if e.clean(a, b)[k])
                size = len(nx.bipartite.maximum_matching(
                    g, top_nodes=[("l", a) for a in s1])) // 2
                assert got[k] == len(s1) - size, (trial, k)
                bounded += got[k] > 0
            # [C13]'s part when [C12]'s is 0 is not searched (its clean pairs include
            # [C12]'s): both kinds of part asked
            c12_zero[got[2] == 0] += 1
            down = [sum(e.float_marks(n)[i] == "down" for n in s2) for i in (0, 1)]
            assert got[4] == (max(0, down[0] - len(s1)) if floaters else 0)
            assert got[6] == (max(0, down[1] - len(s1)) if floaters else 0)
        # with a remainder's ``rest`` pairs among the S2 players left over: the pairs
        # needed less the most clean pairs of S1 and S2 without S1-S1 pairs (a general
        # matching; the engine stops at a matching of the pairs needed)
        rest = rng.randint(1, max(1, (len(s2) - len(s1)) // 2))
        for _ in range(2):
            got = e.rest_bound(s1, s2, False, rest)
            for k in checks:
                g = nx.Graph()
                g.add_nodes_from(s1 + s2)
                g.add_edges_from((a, b) for a in s1 + s2 for b in s2
                                 if a != b and e.clean(a, b)[k])
                size = len(nx.max_weight_matching(g, maxcardinality=True))
                assert got[k] == max(0, len(s1) + rest - size), (trial, k, rest)
                rested[got[k] > 0] += 1
        # the part's bound over every composition: the most clean pairs among players
        # (a greedy pass, the search when it leaves two or more out), a general matching
        players = tuple(pool[:rng.randint(2, len(pool))])
        for k in checks:
            g = nx.Graph()
            g.add_nodes_from(players)
            g.add_edges_from((a, b) for a in players for b in players
                             if a < b and e.clean(a, b)[k])
            want = len(nx.max_weight_matching(g, maxcardinality=True))
            assert e.clean_pairs(players, k) == want, (trial, k)
            short += want < len(players) // 2
    assert bounded > 0  # some parts must break a colour criterion: the check can fail
    assert short > 0  # and some have no pairing of all: the search after the greedy pass
    assert rested[0] > 0 and rested[1] > 0, rested
    assert c12_zero[0] > 0 and c12_zero[1] > 0, c12_zero


def test_the_parity_test_claims_only_what_the_matching_finds(monkeypatch):
    """Whenever ``_parity_blocked`` sends a completion to the odd-set matching, the pairs
    of least terms have no perfect matching (what the search it spares would find)."""
    from dubov_explain import matching
    from dubov_explain.rulebooks.dutch2026 import search

    real = search.Generation._parity_blocked
    seen = {True: 0, False: 0}

    def checked(vertices, classes, term, least, compatible, level):
        got = real(vertices, classes, term, least, compatible, level)
        seen[got] += 1
        if got:
            def tight(u, v):
                return compatible(u, v) and term(u, v) == least[u] and \
                    term(v, u) == least[v]
            assert matching.has_perfect_matching(vertices, tight) is None
        return got

    monkeypatch.setattr(search.Generation, "_parity_blocked", staticmethod(checked))
    for players, rounds, seed in ((60, 7, 11), (45, 9, 2)):
        simulate(players, rounds, seed, options=GeneratorOptions(
            system="dutch-2026", half_bye_rate=0.05, forfeit_rate=0.03))
    assert seen[True] > 0 and seen[False] > 0, seen


@pytest.mark.parametrize("last", [False, True], ids=["middle", "last-round"])
@pytest.mark.parametrize("system,cls,players,rounds,seed", FIELDS)
def test_rows_by_colour_class_are_the_clean_partners(system, cls, players, rounds, seed, last):
    """The rows of ``clean`` partners built by colour classes (``search._Classes``) are,
    for every player and each of [C10]-[C13], the players of the bracket with whom
    ``clean`` says he makes a clean pair, and the classes' ``clean`` is ``clean`` -- here over the whole field as one bracket, with
    forbidden pairs and a forced pair added (the pair-by-pair corrections)."""
    from dubov_explain.rulebooks.dutch2026.search import FITS, _Classes, _CleanRows

    from dubov_explain.records import replace

    if last:  # the last round: topscorers, [C10] and [C11] (who gets which colour) count
        sim = simulate(players, rounds, seed, options=GeneratorOptions(
            system=system, half_bye_rate=0.05, forfeit_rate=0.03))
        eng = cls(history_before(sim.tournament, rounds))
        assert eng.st.last_round and any(p.topscorer for p in eng.st.players)
    else:
        eng = _engine(system, cls, players, rounds, seed)
    every = tuple(p.number for p in eng.st.players)
    rng = random.Random(seed)
    a, b, *rest = rng.sample(every, 8)
    eng.fmap = {a: b, b: a}  # a forced pair: its players fit nobody else
    xxp = frozenset(frozenset(rest[i:i + 2]) for i in range(0, 6, 2))
    eng.st = replace(eng.st, forbidden=eng.st.forbidden | xxp)
    assert all(eng.absolute(*tuple(p)) for p in xxp)
    by_class = _Classes(eng, every)
    rows = _CleanRows.of_bracket(by_class)
    classes = {eng.colour_class(n) for n in every}
    assert len(classes) < len(every)  # classes are shared: the shortcut is in play
    def exact(x, y):
        return eng.clean(x, y) + (eng.fits(x, y),)

    for k in range(FITS + 1):  # [C10]-[C13], then fits
        for x in every:
            want = frozenset(y for y in every if y != x and exact(x, y)[k])
            assert rows[k][x] == want, (k, x)
    # and pair by pair, as the bounds' matchings ask it in brackets too large for rows
    fresh = _Classes(eng, every)
    assert all(fresh.clean(x, y) == exact(x, y) for x in every for y in every if x != y)
    # and as rows asked of the classes (``_ClassRow``): the same members, listed once
    # each, barred players left out
    from dubov_explain.rulebooks.dutch2026.search import _ClassRows

    asked = _ClassRows.of_bracket(_Classes(eng, every))
    apart = frozenset(every[::3])
    for k in range(FITS + 1):
        for x in every:
            row = asked[k][x]
            listed = list(row)
            assert len(listed) == len(set(listed)) and set(listed) == rows[k][x], (k, x)
            assert {y for y in every if y in row} == rows[k][x]
            assert row & set(every) == rows[k][x] == set(every) & row
            assert set(row.within(every)) == rows[k][x]
            barred = row - apart
            assert set(barred) == {y for y in every if y in barred} == rows[k][x] - apart
            assert x not in row and -5 not in row
    assert eng.st.met  # opponents were corrected for


@pytest.mark.parametrize("system,cls,players,rounds,seed", FIELDS)
def test_take_answers_as_the_search_and_undoes_exactly(system, cls, players, rounds, seed):
    """``take`` (the walk's matching changed in place for a child: the parent's less two
    pairs, mended by one augmenting path read in the bracket's rows, else the matching
    search) finds a matching of the S1 players left exactly when the matching search
    does, and what it leaves is one: each S1 player left with a distinct free S2 player
    who fits him, ``back`` its inverse, ``right`` the S2 players not taken, ``free`` those
    it leaves out.  Undone, the state is the parent's again, entry for entry; without
    rows the search alone gives the same answers."""
    from dubov_explain.matching import bipartite_max_matching
    from dubov_explain.rulebooks.dutch2026.search import FITS, _Classes, _CleanRows, _Mates

    from dubov_explain.records import replace

    eng = _engine(system, cls, players, rounds, seed)
    every = tuple(p.number for p in eng.st.players)
    rng = random.Random(seed)
    # many forbidden pairs: S1 players left who cannot all be matched again
    xxp = frozenset(frozenset((x, y)) for x in every for y in every
                    if x < y and rng.random() < 0.8)
    eng.st = replace(eng.st, forbidden=eng.st.forbidden | xxp)
    rows = _CleanRows.of_bracket(_Classes(eng, every))

    def state(m):
        return (dict(m.mate), dict(m.back), set(m.right), set(m.free))

    asked = found = 0
    for _ in range(150):
        pool = rng.sample(every, len(every) - len(every) % 2)
        h = len(pool) // 2
        s1, s2 = pool[:h], pool[h:]
        used = set(rng.sample(s2, rng.randint(0, h // 3)))
        s1 = s1[len(used):]  # the S1 players above are paired with the used ones
        free = [x for x in s2 if x not in used]
        mate = bipartite_max_matching(s1, free, eng.fits)
        if len(mate) < len(s1) or not s1:
            continue
        a = s1[0]
        for b in free:
            if not eng.fits(a, b) or mate[a] == b:
                continue
            want = len(bipartite_max_matching(s1[1:], [x for x in free if x != b],
                                              eng.fits)) == len(s1) - 1
            answers = []
            for with_rows in (True, False):
                eng._rows = rows if with_rows else (None,) * (FITS + 1)
                mates = _Mates(dict(mate), free)
                before = state(mates)
                log = eng.take(mates, a, b, s1, 0, s2, used)
                answers.append(log is not None)
                if log is not None:
                    mine = {x: mates.mate[x] for x in s1[1:]}
                    assert len(set(mine.values())) == len(mine)
                    assert all(w in free and w != b and eng.fits(x, w)
                               for x, w in mine.items())
                    assert mates.back == {w: u for u, w in mates.mate.items()}
                    assert mates.right == set(free) - {b}
                    assert mates.free == mates.right - set(mates.back)
                    mates.undo(log)
                assert state(mates) == before  # undone (or never changed)
            asked += 1
            assert answers == [want, want]
            found += want
    assert found and asked > found  # both answers given


def test_the_walks_pairs_keep_the_sum_of_every_prefix():
    """``_Pairs`` (the walk's pairs): after any sequence of appends and pops, its sum is
    the parts of its pairs summed afresh (``candidate_quality`` of the same pairs as a
    tuple, the memo's path), and pop takes the last pair only."""
    from dubov_explain.rulebooks.dutch2026.search import _Pairs

    e = _engine(*FIELDS[0])
    ps = sorted((p.number for p in e.st.players if p.present), key=e.key)
    _walk_context(e, e.st[ps[-1]].score, (), ps)
    rng = random.Random(5)
    pairs = _Pairs(e)
    asked = 0
    for _ in range(300):
        if pairs and rng.random() < 0.45:
            pairs.pop()
        else:
            a, b = rng.sample(ps, 2)
            pairs.append((a, b))
        if rng.random() < 0.5:
            e._sums.clear()
            assert e.candidate_quality(pairs) == e.candidate_quality(tuple(pairs))
            asked += 1
    assert asked > 50 and len(pairs.sums) <= len(pairs) + 1
    with pytest.raises(TypeError):
        pairs.pop(0)
