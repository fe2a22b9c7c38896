"""One small hand-built case per article of the procedure, each saying what it teaches.

The histories are tiny (4-8 players) so that each can be checked by hand against
``rules/dubov-2025.txt``; ``tests/test_engine_bruteforce.py`` checks the same engine against
a literal enumeration on hundreds of generated tournaments.
"""

from __future__ import annotations

import pytest

from builders import build
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.rulebooks.dubov2025.readings import Readings
from dubov_explain.examples import load_example
from dubov_explain.rulebooks.dubov2025 import events as ev


def first(trace, cls, **match):
    for e in trace.events:
        if isinstance(e, cls) and all(getattr(e, k) == v for k, v in match.items()):
            return e
    raise AssertionError(f"no {cls.__name__} with {match}")


def pairing(trace):
    r = trace.result
    return set(r.boards), r.bye


# --------------------------------------------------------------------- 2.1 the bye
def test_2_1_1_c2_bars_pab_and_full_point_bye_holders():
    """2.1.1/[C2]: a PAB (U) or a full-point bye (F) earlier bars the bye, a forfeit win too."""
    t = build([2200, 2150, 1850, 1800, 1600],
              [[(4, "U"), (3, "F"), (1, 5, "1"), (2, "Z")], [(1, "U"), (2, 5, "+"), (4, 3, "1")]])
    tr = pair_round(t)
    inel = {n: bar for n, *bar in first(tr, ev.ByeCandidates).ineligible}
    assert set(inel) == {1, 2, 3, 4}
    assert inel[1] == ["pab", 2, "U"] and inel[4] == ["pab", 1, "U"]
    assert inel[2] == ["forfeit-win", 2, "+"]
    assert inel[3] == ["win-points-unplayed", 1, "F"]
    bye = first(tr, ev.ByeAssigned)
    assert (bye.player, bye.decided_by) == (5, "2.1.1")


def test_2_1_2_bye_must_leave_a_complete_pairing():
    """2.1.2/[C4]: the lowest candidate is passed over when the others could not all be paired."""
    t = build([2150, 1900, 1800, 1600, 1550],
              [[(4, "U"), (1, 2, "0"), (5, 3, "-")], [(1, "U"), (2, 3, "="), (4, 5, "0")]],
              total_rounds=4, forbidden=((2, 4),))
    tr = pair_round(t)
    rejected = [e.player for e in tr.of(ev.ByeRejected)]
    assert rejected and all(e.article == "2.1.2" for e in tr.of(ev.ByeRejected))
    assert first(tr, ev.ByeAssigned).player not in rejected


def test_2_1_3_lowest_score_gets_the_bye():
    """2.1.3: among eligible players the lowest score is chosen."""
    t = build([2250, 2100, 2100, 1750, 1600], [[(4, "U"), (3, 5, "="), (2, 1, "0")]], total_rounds=2)
    bye = first(pair_round(t), ev.ByeAssigned)
    assert (bye.player, bye.decided_by) == (2, "2.1.3")  # 2 lost to 1: score 0


def test_2_1_4_most_games_played_before_ranking():
    """2.1.4: equal scores: the player with more games played takes it, though ranked higher."""
    t = build([2400, 2300, 2200, 2100, 2000], [[(1, 2, "="), (3, 4, "1"), (5, "Z")]])
    bye = first(pair_round(t), ev.ByeAssigned)
    assert (bye.player, bye.decided_by, bye.runner_up) == (4, "2.1.4", 5)


def test_2_1_5_lowest_initial_ranking_in_round_one():
    """2.1.5: in round 1 everything is equal, so the lowest-ranked player gets the bye."""
    tr = pair_round(build([2350, 2150, 1950, 1700, 1700], [], total_rounds=3))
    bye = first(tr, ev.ByeAssigned)
    assert (bye.player, bye.decided_by) == (5, "2.1.5")


def test_reading_bye_games_played_counts_forfeits_or_not():
    """Reading bye-games-played (2.1.4): a forfeit loss is a game only under 'paired'."""
    t = build([2400, 2300, 2200, 2100, 2000, 1900, 1800],
              [[(1, 2, "="), (3, 4, "1"), (5, 6, "-"), (7, "U")]])
    assert first(pair_round(t), ev.ByeAssigned).player == 4  # 5 played no game
    alt = pair_round(t, Readings.from_pairs({"bye-games-played": "paired"}))
    assert (first(alt, ev.ByeAssigned).player, first(alt, ev.ByeAssigned).decided_by) == (5, "2.1.5")


def test_reading_bye_eligibility_full_point_bye():
    """Reading bye-eligibility: a full-point bye bars the PAB by [C2], not by 2.1.1's wording."""
    h = [[(1, 2, "="), (3, 4, "="), (5, "F")], [(5, 1, "0"), (2, 3, "="), (4, "U")],
         [(5, 2, "0"), (1, 4, "="), (3, "U")]]
    t = build([2400, 2300, 2200, 2100, 2000], h)
    assert first(pair_round(t), ev.ByeAssigned).player == 2
    alt = pair_round(t, Readings.from_pairs({"bye-eligibility": "article-2.1.1"}))
    assert first(alt, ev.ByeAssigned).player == 5


# --------------------------------------------------------------------- 2.2.1-2.2.2
def test_2_2_1_two_upfloaters_when_the_top_pair_met():
    """2.2.1: the 2.5-point pair already met (worked example), so two upfloaters are needed."""
    tr = pair_round(load_example())
    k = first(tr, ev.MinimumUpfloaters, score="2.5")
    assert k.count == 2
    up = first(tr, ev.UpfloatersChosen, score="2.5")
    assert up.players == (4, 8) and up.criteria["C6"] == ("2", "2")


def test_2_2_2_c6_container_without_legal_set_is_skipped():
    """[C6]/4.2.3: the 1-point container has no legal set ([C1]), so a 0.5-point player floats."""
    t = build([1950, 1750, 1700, 1600], [[(4, 1, "="), (2, 3, "0")], [(3, 4, "0"), (1, 2, "=")]], total_rounds=4)
    up = first(pair_round(t), ev.UpfloatersChosen)
    assert up.players == (2,) and up.containers_skipped == ((("1",), "no-legal-set"),)


def test_2_2_2_c7_beats_the_order_of_sequence_numbers():
    """[C7]: {3} is second in 4.2 order but lets both players have their colour."""
    t = build([2150, 1850, 1800, 1500], [[(1, 4, "0"), (3, 2, "=")]], total_rounds=3)
    up = first(pair_round(t), ev.UpfloatersChosen)
    assert up.players == (3,) and up.decided_by == "[C7]"
    assert up.first_in_order["players"] == (2,)
    assert up.first_in_order["criteria"]["C7"] == 1 and up.criteria["C7"] == 0


def test_2_2_2_c10_previous_round_upfloater_is_spared():
    """[C10]: the player who upfloated in the previous round is not upfloated again."""
    t = build([2250, 2000, 1950, 1600, 1500],
              [[(2, "U"), (4, 5, "-"), (1, 3, "0")], [(4, "U"), (2, 5, "1"), (1, 3, "1")]])
    up = first(pair_round(t), ev.UpfloatersChosen)
    assert up.decided_by == "[C10]" and up.criteria["C10"] == 0


def test_2_2_2_c4_rejects_a_set_that_strands_the_lower_groups():
    """[C4]: an upfloater whose departure leaves the lower players unpairable is rejected."""
    t = build([2250, 2100, 1900, 1900], [[(1, 2, "-"), (3, 4, "=")]], total_rounds=2, forbidden=((1, 3),))
    up = first(pair_round(t), ev.UpfloatersChosen)
    assert up.examined.get("[C4]", 0) > 0


def test_reading_container_order_changes_the_upfloaters():
    """Reading container-order (4.2.3.2 vs its example): {2.5, 2.5} before {3, 1.5} or not."""
    # residents 1, 2 (3 points) met; pool 3 (2.5), 4, 5 (2.0) ... built so both containers are legal
    from dubov_explain.rulebooks.dubov2025.order import containers
    from fractions import Fraction as F

    avail = {F(5, 2): 1, F(2): 2, F(1): 1}
    assert containers(avail, 2)[:3] == [(F(2), F(5, 2)), (F(2), F(2)), (F(1), F(5, 2))]
    assert containers(avail, 2, "listed")[:3] == [(F(2), F(5, 2)), (F(1), F(5, 2)), (F(2), F(2))]


# --------------------------------------------------------------------- 2.2.3-2.2.6
def test_2_2_3_round_one_groups_by_initial_ranking():
    """2.2.3: when nobody in the bracket has played, G1 is the first half by initial ranking."""
    tr = pair_round(build([2400, 2300, 2200, 2100, 2000, 1900], []))
    g = first(tr, ev.GroupsFormed)
    assert (g.mode, g.g1, g.g2) == ("initial-ranking", (1, 2, 3), (4, 5, 6))
    assert set(tr.result.boards) == {(1, 4), (5, 2), (3, 6)}


def test_2_2_4_1_unavoidable_pair_shifts_then_equalises():
    """2.2.4.1 then 2.2.4.2: 1-3 must meet inside G1, so 1 moves to G2 and 2 comes back."""
    t = build([2450, 2150, 2000, 1650], [[(2, 3, "="), (4, 1, "=")]], total_rounds=4, forbidden=((1, 2),))
    tr = pair_round(t)
    s1, s2 = tr.of(ev.Shift)
    assert (s1.article, s1.players, s1.pool) == ("2.2.4.1", (1,), ((1, 1), (3, 2)))
    assert (s2.article, s2.players, s2.pool) == ("2.2.4.2", (2,), ((2, 1), (4, 2)))
    assert (s2.g1, s2.g2) == ((2, 3), (1, 4))
    assert set(tr.result.boards) == {(4, 2), (1, 3)}


def test_2_2_4_2_equalising_shift_alone():
    """2.2.4.2: two White seekers and no Black seeker: the middle-out first moves to G2."""
    t = build([1950, 1750, 1700, 1600], [[(4, 1, "="), (2, 3, "0")], [(3, 4, "0"), (1, 2, "=")]], total_rounds=4)
    shift = first(pair_round(t), ev.Shift, score="1.5")
    assert shift.step == 2 and shift.players == (2,) and shift.g1 == (4,)


def test_2_2_5_s1_sorted_by_aro():
    """2.2.5: S1 is G1 by ascending ARO: 8 (ARO 2181) before 1 (ARO 2196) in the worked example."""
    s1 = first(pair_round(load_example()), ev.S1Sorted, score="2.5")
    assert [row[0] for row in s1.s1] == [8, 1] and [row[1] for row in s1.s1] == [2181, 2196]


def test_2_2_6_first_legal_transposition_skips_a_dead_end():
    """2.2.6/4.4: 1-3 is legal alone but leaves 2-4 (forbidden), so T2 is the 2nd transposition."""
    t = build([2450, 2400, 2100, 2050], [], total_rounds=2, forbidden=((4, 2),))
    tr = pair_round(t)
    o = first(tr, ev.OpponentChosen, player=1)
    assert o.opponent == 4 and o.rejected == ((3, "2.2.6", {}),)
    tp = first(tr, ev.TranspositionChosen)
    assert (tp.t2, tp.index, tp.skipped) == ((4, 3), "2", "1")


def test_2_2_6_c1_rejection_is_named():
    """[C1]: the trace names the round in which the rejected opponents met."""
    t = build([2450, 2450, 2100, 1600], [[(2, 4, "="), (1, 3, "=")]], total_rounds=4, forbidden=((2, 4),))
    tr = pair_round(t)
    crits = {r[1] for e in tr.of(ev.OpponentChosen) for r in e.rejected}
    assert "[C1]" in crits
    facts = [r[2] for e in tr.of(ev.OpponentChosen) for r in e.rejected if r[1] == "[C1]"][0]
    assert facts == {"rounds": (1,)}


def test_impossible_pairing_says_who_and_why():
    """1.8.3: 1 has met 2 and 3 and 4 has met 2 and 3: no complete pairing; exit code 1 in the CLI."""
    t = build([2450, 2400, 2100, 1650], [[(4, 2, "0"), (1, 3, "1")], [(1, 2, "0"), (4, 3, "1")]], total_rounds=3)
    tr = pair_round(t)
    r = tr.result
    assert isinstance(r, ev.Impossible) and r.article == "1.8.3"
    assert r.context == "all" and r.players == (1, 2, 3, 4)
    # each can meet none of the other three: [C1] excludes two, [C3] the third (1-4, 2-3
    # both have an absolute preference for the same colour)
    assert r.details == tuple((n, 0, 3, (("[C1]", 2), ("[C3]", 1))) for n in (1, 2, 3, 4))


# --------------------------------------------------------------------- Article 5
@pytest.mark.parametrize(
    "rule, spec, pair",
    [
        ("5.2.1", dict(ratings=[2250, 1900, 1900, 1800], rounds=[], total_rounds=2), (4, 2)),
        ("5.2.2", dict(ratings=[2450, 2250, 1850, 1550], rounds=[[(1, 4, "="), (2, 3, "=")]],
                       total_rounds=3, forbidden=((3, 4),)), None),
        ("5.2.3", dict(ratings=[2300, 2000, 1850, 1800], rounds=[[(4, "Z"), (2, 3, "1"), (1, "Z")]],
                       total_rounds=3), None),
        ("5.2.4", dict(ratings=[2100, 2000, 1850, 1800],
                       rounds=[[(4, 3, "0"), (1, 2, "=")], [(1, 2, "0"), (3, 4, "0")], [(3, 1, "1"), (4, 2, "0")]],
                       total_rounds=4), (1, 4)),
        ("5.2.5", dict(ratings=[2400, 2250, 1850, 1600], rounds=[[(1, 2, "1"), (3, 4, "1")]], total_rounds=3), None),
    ],
)
def test_article_5_each_rule_decides_somewhere(rule, spec, pair):
    """Article 5: each of 5.2.1-5.2.5 is the deciding rule for some pair."""
    tr = pair_round(build(**spec))
    rules = {(e.white, e.black): e.rule for e in tr.of(ev.ColourAllocated)}
    assert rule in rules.values()
    if pair:
        assert rules[pair] == rule


def test_5_2_4_alternates_from_the_last_difference():
    """5.2.4: both seek Black strongly; 1 had Black when 4 had White last, so 1 now gets White."""
    spec = dict(ratings=[2100, 2000, 1850, 1800],
                rounds=[[(4, 3, "0"), (1, 2, "=")], [(1, 2, "0"), (3, 4, "0")], [(3, 1, "1"), (4, 2, "0")]],
                total_rounds=4)
    e = first(pair_round(build(**spec)), ev.ColourAllocated, rule="5.2.4")
    assert (e.white, e.black) == (1, 4)
    # the most recent played game in which they differed: one back, 1 Black and 4 White
    assert (e.games_back, e.differed_round, e.then) == (1, None, ("Black", "White"))
    assert e.players == ((1, "strong", "Black"), (4, "strong", "Black"))


# --------------------------------------------------------------------- trace
def test_trace_header_lists_readings_and_json_round_trips():
    tr = pair_round(load_example(), Readings.from_pairs({"c9-measure": "max"}))
    head = tr.events[0]
    assert isinstance(head, ev.RoundOpened) and head.readings["c9-measure"] == "max"
    from dubov_explain.trace.events import Trace

    again = Trace.from_json(tr.to_json())
    assert again.to_json() == tr.to_json() and again.events == tr.events
