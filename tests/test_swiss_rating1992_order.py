"""A.2 of the 1992 text: the order is score, then rating, then FIDE title
(IGM-WGM-IM-WIM-FM-WFM-no title), then name, and the order before round one gives the
pairing numbers; A.1's estimate for an unrated player by reading ``unrated-estimate``."""

from __future__ import annotations

from pathlib import Path

from dubov_explain.records import replace
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.swiss_rating1992.standings import a2_ranks
from dubov_explain.trf.reader import read_trf

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "golden" / "swiss-rating-1992" / "cases" / "C.4-C.6-first-round.trf"
BOOK = find_rulebook("swiss-rating-1992")


def _with(t, changes):
    players = tuple(replace(p, **changes[p.number]) if p.number in changes else p
                    for p in t.players)
    return replace(t, players=players)


def test_rating_then_title_then_name():
    t = read_trf(CASE)
    t = _with(t, {2: dict(rating=2000, title="FM", name="Bbb"),
                  3: dict(rating=2000, title="IM", name="Zzz"),
                  4: dict(rating=2000, title="", name="Aaa"),
                  5: dict(rating=2000, title="FM", name="Aaa")})
    ranks = a2_ranks(t, BOOK.readings())
    # IM before FM before no title; between the two FMs the name decides
    assert ranks[3] < ranks[5] < ranks[2] < ranks[4]


def test_the_old_one_letter_title_codes_count():
    """Files of the text's time (and JaVaFo's samples) write titles as ``g``, ``m``, ``wg``
    ...: A.2.c orders them as GM, IM, WGM (a code it does not know would be "no title")."""
    t = read_trf(CASE)
    t = _with(t, {2: dict(rating=2000, title="  f", name="Aaa"),
                  3: dict(rating=2000, title="  m", name="Zzz"),
                  4: dict(rating=2000, title=" wg", name="Yyy"),
                  5: dict(rating=2000, title="  g", name="Xxx"),
                  6: dict(rating=2000, title="", name="Aaa")})
    ranks = a2_ranks(t, BOOK.readings())
    assert ranks[5] < ranks[4] < ranks[3] < ranks[2] < ranks[6]


def test_unrated_player_without_an_estimate_is_ranked_last_by_rating():
    t = _with(read_trf(CASE), {2: dict(rating=0)})
    no = a2_ranks(t, BOOK.readings())
    assert no[2] == len(t.players)
    listed = a2_ranks(t, BOOK.readings({"unrated-estimate": "start-list"}))
    assert listed[2] == 2


def test_round_one_pairs_by_the_a2_order_not_the_file_numbers():
    t = _with(read_trf(CASE), {1: dict(rating=1000)})
    trace = BOOK.pair(t)
    st = BOOK.standings(t, 1)
    order = [p.number for p in sorted(st.players, key=lambda p: p.initial_rank)]
    assert order[-1] == 1
    half = len(order) // 2
    pairs = {frozenset(b) for b in trace.result.boards}
    assert pairs == {frozenset((order[i], order[i + half])) for i in range(half)}
