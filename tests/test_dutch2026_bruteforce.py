"""The brute-force literal twin of the Dutch 2026 engine: on small rounds every bracket's
candidate is found again by enumerating every pairing of the bracket (no search, no
matching): [C4] and [C5] by trying every completion, [C6]/[C7] counted, [C8] by trying every
pairing of the following bracket, then the first candidate of the best ones in the literal
sequence of Articles 3.6/3.7 (every permutation of S2, every exchange sorted by 4.3.2's
four rules, every MDP set by 4.4.2), and checks the engine chose the same pairs."""

from __future__ import annotations

import sys
from functools import lru_cache
from itertools import combinations, permutations
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from dutch_witness import load, request, rounds_in  # noqa: E402

from dubov_explain.rulebooks.dutch2026 import events as ev  # noqa: E402
from dubov_explain.rulebooks.dutch2026.engine import Engine  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402

DATA = Path(__file__).parent / "data" / "dutch-bbp"


def twin(e: Engine, mdps, residents, lower):
    st = e.st
    ok = lambda a, b: e.absolute(a, b) is None  # noqa: E731
    elig = lambda x: st[x].bye_eligible  # noqa: E731

    @lru_cache(maxsize=None)
    def completion(players: frozenset):
        """The lowest PAB score of a complete pairing of ``players`` (-1: no PAB), None."""
        if not players:
            return -1
        ps = sorted(players)
        a, rest = ps[0], ps[1:]
        best = None
        if len(ps) % 2 and elig(a):
            r = completion(frozenset(rest))
            if r == -1:
                best = st[a].score
        for b in rest:
            if ok(a, b):
                r = completion(frozenset(x for x in rest if x != b))
                if r is not None and (best is None or r < best):
                    best = r
        return best

    def pairings(s1set, players):
        return all_pairings(e, s1set, players)

    nxt = [n for n in lower if st[n].score == st[lower[0]].score] if lower else []
    below = [n for n in lower if n not in nxt]

    def c8(down):
        best = None
        for ps in pairings(frozenset(down), list(down) + nxt):
            paired = {x for p in ps for x in p}
            dn = [x for x in list(down) + nxt if x not in paired]
            c5 = completion(frozenset(dn) | frozenset(below))
            if c5 is None:
                continue
            v = (c5, len(dn), tuple(sorted((st[x].score for x in dn), reverse=True)))
            best = v if best is None or v < best else best
        return best

    score = st[residents[0]].score
    bracket = list(mdps) + list(residents)
    mset = frozenset(mdps)
    scored = []
    for ps in pairings(mset, bracket):
        paired = {x for p in ps for x in p}
        down = [x for x in bracket if x not in paired]
        c5 = completion(frozenset(down) | frozenset(lower)) if lower else (
            -1 if not down else st[down[0]].score if len(down) == 1 and elig(down[0]) else None)
        if c5 is None:
            continue
        v8 = c8(down)[1:] if lower else (0, ())
        c9 = st[down[0]].unplayed if not lower and len(down) == 1 else 0
        ordered = tuple((a, b) if a in mset or (b not in mset and e.key(a) < e.key(b)) else (b, a)
                        for a, b in ps)
        res_down = [x for x in down if x not in mset]
        vec = (c5, len(down), tuple(sorted((st[x].score for x in down), reverse=True)), v8,
               c9) + tuple(e.quality(ordered, res_down, mset, score))
        scored.append((vec, frozenset(frozenset(p) for p in ps), len(ps),
                       len([x for x in down if x in mset])))
    best = min(v for v, *_ in scored)
    wanted = {s for v, s, *_ in scored if v == best}
    max_pairs = next(n for v, s, n, _ in scored if v == best)
    m1 = len(mdps) - next(k for v, s, n, k in scored if v == best)
    for cand in sequence(e, list(mdps), list(residents), max_pairs, m1):
        if frozenset(frozenset(p) for p in cand) in wanted:
            return cand
    raise AssertionError("no candidate of the literal sequence is among the best")


def all_pairings(e, s1set, players):
    """Every set of pairs within ``players`` by the absolute criteria of engine ``e`` (no two
    of ``s1set`` paired together), each player's partner after him in ``e.key``'s order."""
    ps = sorted(players, key=e.key)
    if not ps:
        yield ()
        return
    a, rest = ps[0], ps[1:]
    yield from all_pairings(e, s1set, rest)  # a unpaired
    for b in rest:
        if e.absolute(a, b) is None and not (a in s1set and b in s1set):
            for more in all_pairings(e, s1set, [x for x in rest if x != b]):
                yield ((a, b),) + more


def exchange_order(n1, n):
    xs = [(x, y) for k in range(1, min(n1, n - n1) + 1)
          for x in combinations(range(1, n1 + 1), k) for y in combinations(range(n1 + 1, n + 1), k)]

    def rules(e):
        x, y = e
        return (len(x), sum(y) - sum(x), sorted(x, reverse=True)[::-1] and
                [-v for v in sorted(x, reverse=True)], sorted(y))
    return sorted(xs, key=rules)


def homogeneous_sequence(players, n1):
    n = len(players)
    for x, y in [((), ())] + exchange_order(n1, n):
        s1 = sorted([b for b in range(1, n1 + 1) if b not in x] + list(y))
        s2 = sorted([b for b in range(n1 + 1, n + 1) if b not in y] + list(x))
        seen = set()
        for perm in permutations(s2):
            head = perm[:len(s1)]
            if head in seen:
                continue
            seen.add(head)
            yield tuple((players[a - 1], players[b - 1]) for a, b in zip(s1, head))


def sequence(e, mdps, residents, max_pairs, m1):
    if not mdps:
        yield from homogeneous_sequence(residents, max_pairs)
        return
    for s1 in combinations(mdps, m1):
        seen = set()
        for perm in permutations(residents):
            head = perm[:m1]
            if head in seen:
                continue
            seen.add(head)
            mdp_pairs = tuple(zip(s1, head))
            rest = [r for r in residents if r not in head]
            n1r = max_pairs - m1
            if 2 * n1r > len(rest):
                continue
            for more in homogeneous_sequence(rest, n1r):
                yield mdp_pairs + more


#: small generated tournaments (players, rounds, seed): every round, every bracket
SMALL = [(6, 5, 1), (7, 5, 2), (8, 6, 3), (9, 6, 4), (10, 7, 5), (8, 7, 6), (9, 7, 7),
         (10, 8, 8), (7, 6, 9), (10, 6, 10)]


def requests():
    opts = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)
    for players, rounds, seed in SMALL:
        sim = simulate(players, rounds, seed, options=opts, system="dutch-2026",
                       keep_rounds=True)
        for rec in sim.rounds:
            yield rec.request, rec.round


def bbp_request(path: Path, r: int):
    t = load(path)
    return request(t, r, rounds_in(t)), r


@pytest.mark.parametrize("k", range(len(SMALL)))
def test_small_tournaments_every_bracket_is_the_literal_first_best(k):
    opts = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05)
    players, rounds, seed = SMALL[k]
    sim = simulate(players, rounds, seed, options=opts, system="dutch-2026", keep_rounds=True)
    total = 0
    for rec in sim.rounds:
        total += check_round(rec.request, rec.round)
    assert total


def test_a_bbp_round_with_an_mdp_in_the_limbo():
    """bbp-s1007 round 6: three MDPs into the 3-point bracket, one left in the Limbo."""
    req, r = bbp_request(DATA / "bbp-s1007.trf", 6)
    assert check_round(req, r) >= 3


def check_round(req, r) -> int:
    eng = Engine(req, round_no=r)
    trace = eng.run()
    events = list(trace.events)
    checked = 0
    for i, o in enumerate(events):
        if not isinstance(o, ev.BracketOpened) or len(o.mdps) + len(o.residents) > 8:
            continue
        chosen = next(x for x in events[i:] if isinstance(x, ev.CandidateChosen))
        lower = tuple(n for n in sorted((p.number for p in eng.st.players if p.present),
                                        key=eng.key)
                      if eng.st[n].score < eng.st[o.residents[0]].score)
        fresh = Engine(req, round_no=r)
        fresh.remaining = []
        got = twin(fresh, o.mdps, o.residents, lower)
        assert {frozenset(p) for p in got} == {frozenset(p) for p in chosen.pairs}, o.score
        checked += 1
    return checked


def test_the_engines_exchanges_are_4_3_2s_order():
    # the engine's generator (sorted on precomputed sums) against the text's rules as
    # written above, every S1/S2 size up to 13 players
    from dubov_explain.rulebooks.dutch2026.search import exchanges

    for n in range(1, 14):
        for n1 in range(0, n // 2 + 1):
            assert list(exchanges(n1, n)) == exchange_order(n1, n), (n1, n)
