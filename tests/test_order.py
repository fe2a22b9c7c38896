"""Article 4's own examples, pinned against dubov_explain.rulebooks.dubov2025.order (and its doctests)."""

import doctest
from fractions import Fraction as F
from itertools import permutations

import pytest

from dubov_explain.rulebooks.dubov2025 import engine, order


def seq_players():
    # 4.2.3.1: #1,#2,#3 have 3 points, #4 and #5 have 2.5, #6 has 1.5
    scores = {1: F(3), 2: F(3), 3: F(3), 4: F(5, 2), 5: F(5, 2), 6: F(3, 2)}
    return list(scores), scores


def test_4_2_3_1_containers_have_the_example_members():
    players, scores = seq_players()
    avail = {F(3): 3, F(5, 2): 2, F(3, 2): 1}
    members = {
        c: order.container_sets(players, c, scores.__getitem__)
        for c in order.containers(avail, 2)
    }
    assert members[(F(3), F(3))] == [(1, 2), (1, 3), (2, 3)]
    assert members[(F(5, 2), F(3))] == [(1, 4), (1, 5), (2, 4), (2, 5), (3, 4), (3, 5)]
    assert members[(F(3, 2), F(3))] == [(1, 6), (2, 6), (3, 6)]
    assert members[(F(5, 2), F(5, 2))] == [(4, 5)]
    assert members[(F(3, 2), F(5, 2))] == [(4, 6), (5, 6)]


def test_4_2_3_2_container_order_by_c6_and_as_listed():
    avail = {F(3): 3, F(5, 2): 2, F(3, 2): 1}
    lowest_first = order.containers(avail, 2)
    listed = order.containers(avail, 2, "listed")
    # [C6] maximises the lowest score: {2.5, 2.5} (lowest 2.5) before {3, 1.5} (lowest 1.5)
    assert lowest_first.index((F(5, 2), F(5, 2))) < lowest_first.index((F(3, 2), F(3)))
    # the example lists {3, 1.5} third and {2.5, 2.5} fourth
    assert listed == [(F(3), F(3)), (F(5, 2), F(3)), (F(3, 2), F(3)), (F(5, 2), F(5, 2)), (F(3, 2), F(5, 2))]
    assert set(listed) == set(lowest_first)


def test_4_3_3_middle_out_example():
    assert order.middle_out("ABCDEFG") == list("DCEBFAG")
    assert order.middle_out("ABCDEF") == list("CDBEAF")
    assert order.middle_out("AB") == list("AB")


@pytest.mark.parametrize("index, t2", list(enumerate(permutations("ABC"), start=1)))
def test_4_4_2_transposition_order(index, t2):
    # the note of 4.4.2: {A,B,C} {A,C,B} {B,A,C} {B,C,A} {C,A,B} {C,B,A}, in that order
    expected = ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]
    assert expected[index - 1] == "".join(t2)
    assert order.transposition_index("ABC", t2) == index


@pytest.mark.parametrize("module", [order, engine])
def test_doctests(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
