"""The brute-force literal twin of the Dutch 2017 engine, extending the 2026 twin
(``test_dutch2026_bruteforce.py``: its enumeration of pairings and its literal sequence of
candidates, B.6/B.7 and D.1-D.3 being 3.6/3.7 and 4.2-4.4): on small rounds every
bracket's candidate is found again by enumerating every pairing of the bracket, with
section C as 2017 words it and nothing of the engine's search or matching --

* C.4 only in A.9's PPB (a completion of the round tried by brute force), the PAB allowed by
  C.2 in the last bracket and the CLB;
* C.5 the pairs, C.6 the PSD of A.8 (the pairs' score differences and each downfloater's
  against one point less than the bracket's lowest score, highest first);
* C.7 (neither the PPB nor the last bracket) every pairing of the following bracket: its
  pairs, then its PSD (when it is the last, only pairings that leave unpaired players C.2
  allows the PAB: reading ``c7-last-bracket``'s default);
* C.8-C.11 by the colours of section E (the engine's ``pair_quality``: 2026's Article 5,
  twinned there); C.12-C.19 by A.4.b, player by player: unpaired or paired with a lower
  score, a downfloat; paired with a higher score, an upfloat;

then the first candidate of the best ones in the literal sequence (the MDP sets in D.3's
order: the S1 with the highest different score, then the lowest BSNs; 2026's 4.4.2 order is
the second alone, the same wherever the best candidates' Limbos hold the same scores, which
C.6 makes so outside A.9's CLB); and a bracket the engine calls the PPB is one whose best
candidate (without C.4) cannot complete the round."""

from __future__ import annotations

import sys
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from dutch_witness import load, request, rounds_in  # noqa: E402
from test_dutch2026_bruteforce import all_pairings, sequence  # noqa: E402

from dubov_explain.rulebooks.dutch2017 import events as ev  # noqa: E402
from dubov_explain.rulebooks.dutch2017.engine import Engine  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402

DATA = Path(__file__).parent / "data" / "dutch-bbp"


def completes(e: Engine, players: frozenset) -> bool:
    """Whether ``players`` can all be paired by C.1-C.3, one PAB (C.2) when odd."""

    @lru_cache(maxsize=None)
    def go(left: frozenset) -> bool:
        if not left:
            return True
        ps = sorted(left)
        a, rest = ps[0], ps[1:]
        if len(ps) % 2 and e.st[a].bye_eligible and go(frozenset(rest)):
            return True
        return any(e.absolute(a, b) is None and go(frozenset(x for x in rest if x != b))
                   for b in rest)

    return go(players)


def psd(e: Engine, pairs, down, players) -> tuple:
    """A.8 over a bracket of ``players``."""
    st = e.st
    low = min(st[n].score for n in players) - 1
    return tuple(sorted([abs(st[a].score - st[b].score) for a, b in pairs]
                        + [st[n].score - low for n in down], reverse=True))


def floats(e: Engine, pairs, down) -> tuple:
    """C.12-C.19 by A.4.b, player by player."""
    st = e.st
    got = {}  # player -> ("down" | "up", score difference)
    for a, b in pairs:
        if st[a].score != st[b].score:
            hi, lo = (a, b) if st[a].score > st[b].score else (b, a)
            sd = st[hi].score - st[lo].score
            got[hi], got[lo] = ("down", sd), ("up", sd)
    out = []
    for back in (1, 2):
        for way in ("down", "up"):
            out.append(sum(1 for n, (w, _) in got.items() if w == way
                           and st[n].float_before(back) == way))
    counts = [out[0], out[1], out[2], out[3]]  # C.12, C.13, C.14, C.15
    lists = []
    for back in (1, 2):
        for way in ("down", "up"):
            lists.append(tuple(sorted((sd for n, (w, sd) in got.items()
                                       if w == way and st[n].float_before(back) == way),
                                      reverse=True)))
    return counts, lists


def d3_sequence(e: Engine, mdps, residents, max_pairs, m1):
    """B.7's candidates with D.3's order of the MDP-exchanges: the S1 sets sorted by D.3.a
    (the highest different score first), ties kept in D.3.b's lexicographic BSN order (a
    stable sort of ``combinations``); each S1's candidates as the 2026 twin lists them."""
    if not mdps:
        yield from sequence(e, mdps, residents, max_pairs, m1)
        return
    st = e.st
    for s1 in sorted(combinations(mdps, m1),
                     key=lambda s: sorted((-st[n].score for n in s))):
        yield from sequence(e, list(s1), residents, max_pairs, m1)


def twin(e: Engine, mdps, residents, lower, mode):
    """The literal first best candidate of the bracket under ``mode`` ("bracket", "ppb",
    "last", "clb"), and the downfloaters of the best without C.4 (the PPB's test)."""
    st = e.st
    bracket = list(mdps) + list(residents)
    mset = frozenset(mdps)
    nxt = [n for n in lower if st[n].score == st[lower[0]].score] if lower else []

    last_next = bool(lower) and len(nxt) == len(lower)

    def c7(down):
        best = None
        group = list(down) + nxt
        for ps in all_pairings(e, frozenset(down), group):
            paired = {x for p in ps for x in p}
            dn = [x for x in group if x not in paired]
            if last_next and any(not st[x].bye_eligible for x in dn):
                continue  # reading c7-last-bracket=pab: the last bracket's leftovers, C.2
            v = (-len(ps), psd(e, ps, dn, nxt))
            best = v if best is None or v < best else best
        return best

    scored = []
    for ps in all_pairings(e, mset, bracket):
        paired = {x for p in ps for x in p}
        down = [x for x in bracket if x not in paired]
        if mode in ("last", "clb") and (len(down) > 1 or (down and not st[down[0]].bye_eligible)):
            continue  # C.2: the last bracket's downfloater receives the PAB
        if mode == "ppb" and not completes(e, frozenset(down) | frozenset(lower)):
            continue  # C.4
        v7 = c7(down) if mode == "bracket" else ()
        if v7 is None:  # no pairing of the following (last) bracket leaves the PAB to C.2:
            v7 = (float("inf"), ())  # C.7 at its worst
        colours = [0, 0, 0, 0]
        for a, b in ps:
            for i, v in enumerate(e.pair_quality(a, b)):
                colours[i] += v
        # the downfloaters receive a downfloat too (A.4.b): counted as pairs "to below"
        counts, lists = floats(e, ps, ())
        for n in down:
            sd = st[n].score - (min(st[x].score for x in bracket) - 1)
            for k, back in ((0, 1), (2, 2)):
                if st[n].float_before(back) == "down":
                    counts[k] += 1
                    lists[k] = tuple(sorted(lists[k] + (sd,), reverse=True))
        vec = (-len(ps), psd(e, ps, down, bracket), v7, *colours, *counts, *lists)
        scored.append((vec, frozenset(frozenset(p) for p in ps), len(ps),
                       len([x for x in down if x in mset]), tuple(down)))
    best = min(v for v, *_ in scored)
    wanted = {s for v, s, *_ in scored if v == best}
    max_pairs = next(n for v, s, n, *_ in scored if v == best)
    m1 = len(mdps) - next(k for v, s, n, k, _ in scored if v == best)
    for cand in d3_sequence(e, list(mdps), list(residents), max_pairs, m1):
        if frozenset(frozenset(p) for p in cand) in wanted:
            down = [x for x in bracket if x not in {y for p in cand for y in p}]
            return cand, down
    raise AssertionError("no candidate of the literal sequence is among the best")


#: small generated tournaments (players, rounds, seed): every round, every bracket
SMALL = [(6, 5, 1), (7, 5, 2), (8, 6, 3), (9, 6, 4), (10, 7, 5), (8, 7, 6), (9, 7, 7),
         (10, 8, 8), (7, 6, 9), (10, 6, 10), (11, 7, 11), (9, 8, 12)]


@pytest.mark.parametrize("k", range(len(SMALL)))
def test_small_tournaments_every_bracket_is_the_literal_first_best(k):
    opts = GeneratorOptions(forfeit_rate=0.08, half_bye_rate=0.08)
    players, rounds, seed = SMALL[k]
    sim = simulate(players, rounds, seed, options=opts, system="dutch-2017", keep_rounds=True)
    total = 0
    for rec in sim.rounds:
        total += check_round(rec.request, rec.round)[0]
    assert total


def test_a_bbp_round_with_a_collapsed_last_bracket():
    """bbp-s1002 round 7: the 2-point bracket's best candidate (C.5-C.19) leaves nobody
    with whom the four players below can complete the round, so it is the PPB (A.9),
    re-paired by C.4; the CLB then pairs its downfloaters 21 and 25 with the 1.5- and
    1-point players by their PSD (C.6), as bbpPairings v5.0.1 does."""
    t = load(DATA / "bbp-s1002.trf")
    checked, ppbs = check_round(request(t, 7, rounds_in(t)), 7)
    assert ppbs == 1 and checked >= 3


def check_round(req, r) -> tuple[int, int]:
    eng = Engine(req, round_no=r)
    events = list(eng.run().events)
    checked = ppbs = 0
    present = sorted((p.number for p in eng.st.players if p.present), key=eng.key)
    for i, o in enumerate(events):
        if not isinstance(o, ev.BracketOpened):
            continue
        ppb = isinstance(events[i + 1], ev.PenultimateBracket)
        if o.nature == "collapsed":
            mode, lower = "clb", ()
        elif o.last:
            mode, lower = "last", ()
        else:
            mode = "ppb" if ppb else "bracket"
            lower = tuple(n for n in present if eng.st[n].score < eng.st[o.residents[0]].score)
        if len(o.mdps) + len(o.residents) > 8 or len(lower) > 12:
            continue
        chosen = next(x for x in events[i:] if isinstance(x, ev.CandidateChosen))
        fresh = Engine(req, round_no=r)
        fresh.mode = mode
        if mode in ("bracket", "ppb"):
            _, down = twin(fresh, o.mdps, o.residents, lower, "bracket")
            assert completes(fresh, frozenset(down) | frozenset(lower)) is not ppb, o.score
            ppbs += ppb
        got, _ = twin(fresh, o.mdps, o.residents, lower, mode)
        assert {frozenset(p) for p in got} == {frozenset(p) for p in chosen.pairs}, \
            (r, o.score, mode)
        checked += 1
    return checked, ppbs
