"""A hand case per article of the 1997 Dubov text.

Small histories built in code (``builders.build``) test the definitions (1), the
limitations (2) and the colour priorities (3) directly; the procedure (4-9) is tested on
the golden cases of ``golden/dubov-1997/cases``, each checked by hand (the facts asserted
here are the ones read in the snapshot and re-derived from the standings by hand).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from builders import build
from dubov_explain.records import replace
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov1997 import events as ev
from dubov_explain.rulebooks.dubov1997.colours import allocate
from dubov_explain.rulebooks.dubov1997.limits import Limits, colour_allowed
from dubov_explain.rulebooks.dubov1997.readings import Readings
from dubov_explain.rulebooks.dubov1997.standings import compute_standings, due_colour, transfer_limit
from dubov_explain.tournament.model import Colour
from dubov_explain.trf.reader import read_trf

W, B = Colour.WHITE, Colour.BLACK
BOOK = find_rulebook("dubov-1997")
CASES = Path(__file__).resolve().parent.parent / "golden" / "dubov-1997" / "cases"


def case(name: str, **readings):
    return BOOK.pair(read_trf(str(CASES / f"{name}.trf")), Readings.from_pairs(readings))


def one(trace, cls, **where):
    found = [e for e in trace.of(cls) if all(getattr(e, k) == v for k, v in where.items())]
    assert len(found) == 1, (cls.__name__, where, found)
    return found[0]


# ---------------------------------------------------------------- 1: definitions
@pytest.mark.parametrize("colours,due,rule", [
    ((), None, "none"),
    ((B,), W, "more-black"),
    ((W, W, B), B, "more-white"),
    ((W, B), W, "equal-last-black"),
    ((B, W), B, "equal-last-white"),
])
def test_1_due_colour(colours, due, rule):
    assert due_colour(colours) == (due, rule)


def test_1_aro_and_its_readings():
    # 1 beat 2 (2000) over the board and 3 (1800) by forfeit; 4 had a bye: no game
    t = build([2200, 2000, 1800, 1900], [[(1, 2, "1"), (4, "U"), (3, "Z")], [(3, 1, "-"), (2, 4, "=")]])
    st = compute_standings(t)
    assert st[1].aro_exact == 2000  # forfeits are no games (aro-unplayed=played)
    assert st[4].aro_exact == 2000
    paired = compute_standings(t, readings=Readings.from_pairs({"aro-unplayed": "paired"}))
    assert paired[1].aro_exact == 1900
    t2 = build([2200, 2000, 1800, 1900], [[(1, 2, "1"), (3, "U"), (4, "Z")]])
    assert compute_standings(t2)[3].aro_exact == 0
    own = compute_standings(t2, readings=Readings.from_pairs({"aro-no-games": "own-rating"}))
    assert own[3].aro_exact == 1800 and own[1].aro_exact == 2000


# ---------------------------------------------------------------- 2: limitations
def test_2_1_rematch_and_2_3_2_4_colours():
    t = build([2000] * 4, [[(1, 2, "1"), (3, 4, "1")], [(1, 3, "="), (4, 2, "1")]])
    st = compute_standings(t)
    lim = Limits(st)
    assert lim.reason(1, 2)[0] == "2.1" and not lim(1, 2)
    # 1 has WW (+2): a third White breaks 2.3 first (+3); 2 has BB likewise
    assert colour_allowed(st[1], W) == "2.3" and colour_allowed(st[1], B) == ""
    assert colour_allowed(st[2], B) == "2.3"
    assert lim(1, 4)  # 1 Black, 4 White is fine for both
    # two players who can both take only White cannot meet (no colour for the pair)
    t3 = build([2000] * 6, [[(2, 1, "1"), (4, 3, "1")], [(5, 1, "="), (6, 3, "1")]])
    st3 = compute_standings(t3)
    assert st3[1].colours == (B, B) and st3[3].colours == (B, B)
    assert Limits(st3).reason(1, 3)[0] == "2.3/2.4"


def test_2_3_colour_difference_at_most_two():
    t = build([2000] * 6, [[(1, 2, "1"), (3, 4, "1"), (5, 6, "1")], [(4, 1, "1"), (2, 3, "1"), (6, 5, "1")],
                           [(1, 5, "1"), (4, 3, "1"), (2, 6, "1")]])
    st = compute_standings(t)
    assert [c.value for c in st[1].colours] == ["w", "b", "w"]  # +1: White would make +2
    assert colour_allowed(st[1], W) == ""
    # B W W (+1): a White keeps the difference at +2 (2.3) but is the third in a row (2.4)
    t2 = build([2000] * 2, [[(2, 1, "1")], [(1, 2, "1")], [(1, 2, "1")]])
    p = compute_standings(t2)[1]
    assert p.colour_difference == 1 and colour_allowed(p, W) == "2.4"
    assert colour_allowed(compute_standings(t2)[2], B) == "2.4"


def test_2_2_bye_bar():
    trace = case("2.2-bye-bar")
    cand = trace.of(ev.ByeCandidates)[0]
    assert [r[:2] for r in cand.ineligible] == [(6, "pab")]
    assert trace.result.bye == 4 and 6 not in [r[0] for r in cand.keys]


def test_2_2_half_point_bye_by_reading():
    t = build([2000] * 5, [[(1, 2, "1"), (3, 4, "1"), (5, "H")]])
    assert compute_standings(t)[5].bye_eligible
    st = compute_standings(t, readings=Readings.from_pairs({"bye-bar": "any-points"}))
    assert not st[5].bye_eligible and st[5].bye_bar.kind == "half-point-bye"


def test_2_3_2_4_colours_reversed_and_2_6_kept():
    trace = case("2.3-2.4-colours-reversed")
    # 6 (WBW) meets 3 (BBWW): the second priority gives 3 White, a third White in a row
    c = one(trace, ev.ColourAllocated, black=3)
    assert (c.white, c.rule, c.forced) == (6, "2", "2.4")
    bal = one(trace, ev.ColourBalance, score="2.5")
    assert bal.article == "7.4" and bal.moved == (6,) and bal.kept == ((3, "2.4"),)


def test_2_5_transfer_limits():
    assert transfer_limit(9) == 3 and transfer_limit(10) == 4
    trace = case("2.5-transfer-limit")
    t = one(trace, ev.TransferMade, article="7.1")
    assert (t.player, t.for_player) == (2, 10)
    assert (3, "2.5-running") in t.rejected and (5, "2.5-limit") in t.rejected
    rows = {r["number"]: r for r in trace.of(ev.StandingsSnapshot)[0].rows}
    assert rows[5]["upfloats"] == 3 and rows[5]["max_upfloater"]
    assert rows[3]["upfloated_previous"] and rows[3]["max_upfloater"]


def test_2_5_lifted_in_the_last_round():
    t = build([2000] * 4, [[(1, 2, "1"), (3, 4, "=")], [(2, 1, "1"), (4, 3, "1")]], total_rounds=3)
    st = compute_standings(t)
    # 2 (0 points) met 1 (1 point) in round 2: transferred up two times running would be
    # barred, but round 3 is the last
    assert st[2].upfloat_rounds == (2,) and st[2].upfloated_previous
    assert not st[2].max_upfloater
    t4 = build([2000] * 4, [[(1, 2, "1"), (3, 4, "=")], [(2, 1, "1"), (4, 3, "1")]], total_rounds=4)
    assert compute_standings(t4)[2].max_upfloater


# ---------------------------------------------------------------- 3: colour allocation
def _pair(a, b, **changes):
    t = build([2000, 2000], [[(1, 2, "=")]])
    st = compute_standings(t)
    pa, pb = replace(st[1], **a), replace(st[2], **b)
    return allocate(pa, pb)[:3]


def test_3_priorities_in_order():
    due_w = dict(preference=W, colours=(B,), colour_by_round=(B,), colour_difference=-1)
    due_b = dict(preference=B, colours=(W,), colour_by_round=(W,), colour_difference=1)
    assert _pair(due_b, due_w) == (2, 1, "1")
    # both due White: the one with more Blacks gets White (2)
    a = dict(preference=W, colours=(B, B, W), colour_by_round=(B, B, W), colour_difference=-1)
    b = dict(preference=W, colours=(W, B), colour_by_round=(None, W, B), colour_difference=0)
    assert _pair(a, b) == (1, 2, "2")
    # same difference: alternate at the first difference going back (3)
    a = dict(preference=W, colours=(W, B, B, W), colour_by_round=(W, B, B, W), colour_difference=0)
    b = dict(preference=W, colours=(B, W, B, W), colour_by_round=(B, W, B, W), colour_difference=0)
    assert _pair(a, b) == (1, 2, "3")  # round 3: 1 had Black, 2 White
    same = dict(preference=B, colours=(W,), colour_by_round=(W,), colour_difference=1)
    assert _pair({**same, "aro_exact": Fraction(2100)}, {**same, "aro_exact": Fraction(2000)}) == (1, 2, "4")
    assert _pair({**same, "rating": 2300}, {**same, "rating": 2100}) == (2, 1, "5")


def test_3_last_tie_is_a_reading():
    low = case("reading-colour-last-tie", **{"colour-last-tie": "lower-number"})
    high = case("reading-colour-last-tie", **{"colour-last-tie": "higher-number"})
    assert (4, 1) in high.result.boards and (1, 4) in low.result.boards
    assert one(high, ev.ColourAllocated, white=4).rule == "last-tie"


# ---------------------------------------------------------------- 4: the bye
@pytest.mark.parametrize("name,bye,decided,runner", [
    ("4-bye-lowest-rating", 4, "rating", 3),
    ("4-bye-dominating-colour", 15, "dominating", 14),
    ("4-bye-higher-aro", 12, "aro", 13),
    ("reading-bye-tie", 4, "bye-tie", 3),
])
def test_4_bye(name, bye, decided, runner):
    a = one(case(name), ev.ByeAssigned)
    assert (a.player, a.decided_by, a.runner_up) == (bye, decided, runner)


def test_4_bye_tie_reading_takes_the_other_player():
    assert case("reading-bye-tie", **{"bye-tie": "highest-in-list"}).result.bye == 3


# ---------------------------------------------------------------- 5: round 1
def test_5_first_round_odd():
    trace = case("5-first-round-odd")
    f = trace.of(ev.FirstRound)[0]
    assert (f.upper, f.lower, f.bye, f.lot) == ((1, 2), (3, 5), 6, "Black")
    assert [(c.white, c.black, c.rule) for c in trace.of(ev.ColourAllocated)] == [(3, 1, "odd"), (2, 5, "even")]


# ---------------------------------------------------------------- 6: the standard procedure
def test_6_2_columns_and_6_3_next_lower_row():
    trace = case("6.3-lower-and-upper-rows")
    cols = one(trace, ev.ColumnsWritten, score="1")
    assert [r[0] for r in cols.whites] == [3, 1] and [r[0] for r in cols.blacks] == [2, 4]
    # 3-2 would leave 1-4, who met: row 1 changes to the lower row, row 2 takes the upper Black
    r1 = one(trace, ev.PairMade, player=3)
    assert (r1.opponent, r1.how, r1.rejected) == (4, "lower", ((2, "6.3"),))
    assert one(trace, ev.PairMade, player=1).how == "upper"


def test_6_3_white_meets_white_when_every_black_was_met():
    trace = case("2.1-6.3-rematch-black-lower-white-pair")
    p = one(trace, ev.PairMade, player=5)
    assert (p.opponent, p.how) == (4, "white-lower") and p.rejected == ((2, "2.1"), (6, "2.1"))
    assert one(trace, ev.PairMade, player=2).how == "black-lower"
    t = one(trace, ev.TransferMade, score="2")
    assert t.player == 3 and (4, "2.5-running") in t.rejected


def test_6_4_floaters_by_category():
    trace = case("4-bye-lowest-rating")
    f = one(trace, ev.FloatersChosen)
    assert f.players == ((5, 1),) and f.minimum == 1
    closed = one(trace, ev.GroupClosed, score="1.5")
    assert closed.floaters == (5,)
    this = case("reading-floater-history", **{"floater-history": "this-round"})
    earlier = case("reading-floater-history", **{"floater-history": "earlier-rounds"})
    assert one(this, ev.FloatersChosen).players == ((7, 1), (5, 1))
    assert one(earlier, ev.FloatersChosen).players == ((3, 1), (7, 3))


# ---------------------------------------------------------------- 7: transfers
def test_7_1_transfer_for_a_player_who_met_his_group():
    trace = case("7.1-transfer-for-a-player")
    t = one(trace, ev.TransferMade, article="7.1")
    assert (t.player, t.for_player, t.sought, t.decided_by) == (4, 1, "Black", "highest-rating")
    assert (1, 4) in trace.result.boards or (4, 1) in trace.result.boards


def test_7_1_opposite_due_colour_first():
    t = one(case("7.1-transfer-due-colour"), ev.TransferMade, article="7.1")
    assert (t.player, t.for_player, t.sought, t.decided_by, t.runner_up) == (6, 1, "White", "colour", 2)


def test_7_2_odd_group():
    t = one(case("7.2-odd-group"), ev.TransferMade, score="2")
    assert (t.article, t.player, t.sought, t.decided_by, t.runner_up) == ("7.2", 3, "Black", "colour", 4)


def test_7_3_and_7_4():
    trace = case("2.6-7.3-7.4-balance")
    assert one(trace, ev.ColourBalance, article="7.3").moved == (1,)
    b = one(trace, ev.ColourBalance, article="7.4")
    assert b.moved == (5,) and b.kept == ((6, "2.4"),)


def test_7_no_supply_reading():
    float_ = case("7-no-supply", **{"transfer-no-supply": "float"})
    stop = case("7-no-supply", **{"transfer-no-supply": "stop"})
    assert float_.result.kind == "pairing-published"
    a = stop.of(ev.ArbiterDecides)[0]
    assert (a.situation, a.players) == ("no-supply", (1,)) and stop.result.article == "9"


# ---------------------------------------------------------------- 8: floaters
def test_8_1_order_and_8_2_partner():
    trace = case("2.5-transfer-limit")
    o = one(trace, ev.FloaterOrder, score="2")
    assert (o.whites, o.blacks, o.order) == ((5, 3), (1,), (5, 1, 3))
    p = one(trace, ev.FloaterPaired, floater=5)
    assert p.partner == 4 and (1, "9") in p.rejected and (9, "2.1") in p.rejected


# ---------------------------------------------------------------- 9: the arbiter
def test_9_no_complete_pairing():
    wise = case("9-no-complete-pairing", wise="round")
    a = wise.of(ev.ArbiterDecides)[0]
    assert a.situation == "no-complete-pairing" and wise.result.kind == "impossible"
    literal = case("9-no-complete-pairing", wise="literal")
    assert literal.of(ev.ArbiterDecides)[0].situation == "lowest-group"


def test_9_no_bye():
    trace = case("9-no-bye")
    assert [e.player for e in trace.of(ev.ByeRejected)] == [1, 3, 2]
    assert trace.of(ev.ArbiterDecides)[0].situation == "no-bye"


def test_9_absences_reading():
    assert case("4-bye-lowest-rating", absences="stop").of(ev.ArbiterDecides)[0].situation == "absence"


def test_limits_degrees_count_what_the_pairs_say():
    """Article 9's count (``Limits.degrees``, read by ``rest_pairable``) counts each
    player's possible opponents from the sets of colours 2.3/2.4 leave and each player's
    barred partners: the same numbers as asking every pair, with what-if pairs held too,
    on generated rounds where 2.1, 2.3/2.4 and the what-if each bar some pair."""
    import random

    from dubov_explain.simulate.generator import GeneratorOptions, simulate

    book = find_rulebook("dubov-1997")
    reasons = set()
    for seed in range(12):
        sim = simulate(30, 7, seed, pair_rounds=6, options=GeneratorOptions(system="dubov-1997"))
        st = book.standings(sim.tournament, None, None)
        ps = [p.number for p in st.players]
        rng = random.Random(seed)
        for forced in ({}, {ps[0]: ps[5], ps[5]: ps[0]}, {ps[3]: ps[7]}):
            lim = Limits(st, forced)
            some = [n for n in ps if rng.random() < 0.8]
            assert lim.degrees(some) == {
                n: sum(1 for m in some if m != n and lim(n, m)) for n in some}, (seed, forced)
            reasons |= {lim.reason(a, b)[0] for a in some for b in some
                        if a != b and lim.reason(a, b) is not None}
    assert {"2.1", "2.3/2.4", "what-if"} <= reasons
