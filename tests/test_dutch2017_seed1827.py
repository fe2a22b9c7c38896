"""Round 11 of seed 1827 (``tests/data/dutch2017-bbp5/seed1827-r11.trf``), the one round of
the 2,000-tournament run where dutch-2017 and bbpPairings v5.0.1 parted on who gets the PAB
(DIFFERENCES.md).  ``dutch2017_round_literal`` pairs it literally by exhaustion, without the
engine: every bracket above the 3-point one is paired alike by every reading; the 3-point
bracket is A.9's PPB (its best pairing, 2-12, leaves 5, 4 and 11 to the players below, and 11
can meet none of 13, 14 nor take the PAB: C.1, C.2); re-paired by C.4 it pairs 11-12 and the
CLB is {2, 5, 4 | 13, 14}.  There C.5 is equal (2 pairs) and C.6 decides: the PSD of A.8 of
bbpPairings' candidate (2-13, 4-14, PAB 5) is 6.5, 6, 3.5, of the one our engine gave before
(2-14, 5-13, PAB 4) 7, 4.5, 4.5.  The engine had kept the Limbo at the lowest MDP scores
(4.4.1 of 2026, right where the residents share one score) and never built the first; it now
walks every Limbo of the CLB (``dutch2017/search.py``, ``heterogeneous``)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from dutch2017_round_literal import Literal, psd  # noqa: E402
from dutch_witness import executable, load, request, rounds_in  # noqa: E402

from dubov_explain.rulebooks.dutch2017.engine import pair_round  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402

PATH = Path(__file__).parent / "data" / "dutch2017-bbp5" / "seed1827-r11.trf"
#: bbpPairings v5.0.1's pairing of the round (``-p``), and the one dutch-2017 gave before
BBP = ({(10, 1), (2, 13), (9, 6), (3, 8), (4, 14), (12, 11)}, 5)
BEFORE = ({(10, 1), (2, 14), (13, 5), (9, 6), (3, 8), (12, 11)}, 4)


def pairs(ps) -> frozenset:
    return frozenset(frozenset(p) for p in ps)


def test_the_text_gives_the_pab_to_5_by_c6_of_the_collapsed_last_bracket():
    lit = Literal(PATH, 11)
    assert {b for _, b in lit.rounds} == {1, 2, 3, 4, 5, 6}  # C.2 bars 8-14; 7 is absent
    brackets = lit.run()
    assert all(not b.tied for b in brackets)  # no bracket decided by B.8's order
    assert [(b.mode, b.score) for b in brackets][-3:] == [("bracket", 3), ("ppb", 3),
                                                          ("clb", F(5, 2))]
    first, ppb, clb = brackets[-3:]
    assert pairs(first.pairs) == pairs([(2, 12)])  # A.9: it leaves 11 nobody below
    assert pairs(ppb.pairs) == pairs([(11, 12)]) and set(ppb.down) == {2, 4, 5}  # C.4
    assert clb.residents == (13, 14)
    got, bye = Literal.result(brackets)
    assert (got, bye) == (pairs(BBP[0]), BBP[1])
    # both candidates of the CLB, by C.5 then C.6 (A.8; the PAB a downfloater, B.3)
    by = {frozenset(dn): v for v, ps, dn in clb.scored}
    ours_then, theirs = by[frozenset({4})], by[frozenset({5})]
    assert ours_then[0] == theirs[0] == -2  # C.5: two pairs each
    assert theirs[1] == (F(13, 2), 6, F(7, 2)) and ours_then[1] == (7, F(9, 2), F(9, 2))
    assert psd(lit.f, [(2, 13), (4, 14)], [5], [2, 5, 4, 13, 14]) < \
        psd(lit.f, [(2, 14), (5, 13)], [4], [2, 5, 4, 13, 14])


def test_no_reading_of_the_pab_in_the_psd_gives_it_to_4():
    """Not counting the PAB as a downfloater of A.8 (against B.3's "bound to be
    downfloaters") would give it to 2 (PSD 4.5, 3.5); C.11 read with or without absolute
    preferences changes nothing.  Only C.6's gloss ("pair the ones with the highest
    scores") would leave 4 unpaired, and the text measures C.6 by the PSD."""
    assert Literal.result(Literal(PATH, 11, pab_in_psd=False).run())[1] == 2
    assert Literal.result(Literal(PATH, 11, strong_or_absolute=False).run()) == \
        (pairs(BBP[0]), BBP[1])


def test_dutch2017_pairs_the_round_as_the_text():
    res = pair_round(read_trf(PATH)).result
    assert (pairs(res.boards), res.bye) == (pairs(BBP[0]), BBP[1])
    assert (pairs(res.boards), res.bye) != (pairs(BEFORE[0]), BEFORE[1])


def test_every_bracket_is_the_brute_force_twins():
    from test_dutch2017_bruteforce import check_round

    t = load(PATH)
    assert check_round(request(t, 11, rounds_in(t)), 11) == (9, 1)  # 9 brackets, one PPB


BBP5 = executable(__import__("os").environ.get("DUBOV_BBP5"))


@pytest.mark.skipif(BBP5 is None, reason="DUBOV_BBP5 names no binary")
def test_bbppairings_v5_pairs_it_so(tmp_path):
    out = tmp_path / "out.txt"
    subprocess.run([BBP5, "--dutch", str(PATH), "-p", str(out)], check=True)
    rows = [tuple(map(int, ln.split())) for ln in out.read_text().split("\n")[1:] if ln]
    assert ({p for p in rows if 0 not in p}, next(a for a, b in rows if b == 0)) == BBP


def test_the_reply_gives_5_the_bye_and_4_his_game(capsys):
    """The letters follow the text: 5 has the PAB, the others of the CLB allowed it being
    2 and 4 (C.2 bars 13, 14); 4 plays 14.  (Before, 4's letter said "of the candidates,
    the one chosen by the criteria in order (Article B.8) leaves you unpaired": false by
    C.6, the candidate leaving 5 unpaired being better and never built.)"""
    from dubov_explain.cli import main

    args = ["explain", str(PATH), "--system", "dutch-2017", "--reply", "--player"]
    assert main(args + ["5"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "you (5 Ivanov, S., 7 points) have the pairing-allocated bye (Article A.5)" in out
    assert "Others of that bracket were allowed it: 2, 4;" in out
    assert main(args + ["4"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "play White against 14 Vidit, H." in out and "pairing-allocated bye" not in out


def test_the_clb_limbos_scores_are_listed_without_listing_the_s1s():
    """``score_multisets`` gives the score multisets of every S1 of k MDPs (D.3.a's
    order is then theirs, highest first), as listing the combinations would -- without
    listing them: 40 MDPs with 20 in S1 have 137,846,528,820 S1s, and 3 scores give at
    most 21 multisets."""
    import random
    from collections import Counter
    from itertools import combinations

    from dubov_explain.rulebooks.dutch2017.search import score_multisets

    for seed in range(100):
        rng = random.Random(seed)
        xs = [rng.choice((1, 1.5, 2, 3)) for _ in range(rng.randint(1, 9))]
        k = rng.randint(0, len(xs))
        got = score_multisets(Counter(xs), k)
        assert len(got) == len(set(got))
        assert set(got) == {tuple(sorted(c, reverse=True)) for c in combinations(xs, k)}
    many = Counter({3: 10, 2: 15, 1: 15})
    assert len(score_multisets(many, 20)) <= 11 * 16 * 16
