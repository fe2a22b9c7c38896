"""Standings before round 4 of the worked example (trf.md section 12), worked out by hand.

Ratings: 1:2412 2:2366 3:2301 4:2255 5:2198 6:2140 7:2087 8:2023 9:1950.
"""

from fractions import Fraction

import pytest

from dubov_explain.rulebooks.dubov2025.readings import Readings
from dubov_explain.examples import load_example
from dubov_explain.tournament.model import Colour
from dubov_explain.rulebooks.dubov2025.standings import (
    ByeBar,
    Strength,
    colour_preference,
    compute_standings,
    max_t,
    round_half_up,
)

W, B = Colour.WHITE, Colour.BLACK

# number: (score, played colours, diff, preference, strength, ARO, games, upfloats, PAB ok, present)
HAND = {
    # WBW, +1 -> strong Black; ARO (2198+2023+2366)/3 = 2195.67 -> 2196
    1: ("2.5", "WBW", 1, B, Strength.STRONG, 2196, 3, 0, True, True),
    # BWB, -1 -> strong White; ARO (2140+1950+2412)/3 = 2167.33 -> 2167
    2: ("2.5", "BWB", -1, W, Strength.STRONG, 2167, 3, 0, True, True),
    # WBB: two Blacks in a row -> absolute White; pre-entered H: not paired, H not in score
    3: ("1", "WBB", -1, W, Strength.ABSOLUTE, 2180, 3, 0, True, False),
    # round 1 forfeit loss is not a game: BW -> mild Black; upfloated in round 2 (0 vs 0.5)
    4: ("2", "BW", 0, B, Strength.MILD, 2194, 2, 1, True, True),
    # BW -> mild Black; ARO (2412+2301)/2 = 2356.5 -> 2357 (half up, 1.6.1)
    5: ("0.5", "BW", 0, B, Strength.MILD, 2357, 2, 1, True, True),
    # WB -> mild White; the half-point bye counts for the score: 0 + 0.5 + 0.5
    6: ("1", "WB", 0, W, Strength.MILD, 2227, 2, 0, True, True),
    # BWW -> absolute Black; absent (Z) in round 4
    7: ("1", "BWW", 1, B, Strength.ABSOLUTE, 2232, 3, 0, True, False),
    # forfeit win in round 1: two played games WB -> mild White; PAB barred ([C2])
    8: ("2", "WB", 0, W, Strength.MILD, 2181, 2, 0, False, True),
    # PAB in round 1: BW -> mild Black; PAB barred
    9: ("1", "BW", 0, B, Strength.MILD, 2195, 2, 0, False, True),
}


@pytest.fixture(scope="module")
def st():
    return compute_standings(load_example("dubov-example-round4-request.trf"))


def test_round_and_max_t(st):
    assert st.round == 4 and st.total_rounds == 5 and not st.last_round
    assert st.max_t == 3  # 2 + [5/5]


@pytest.mark.parametrize("number", sorted(HAND))
def test_hand_worked_row(st, number):
    score, colours, diff, pref, strength, aro, games, floats, bye_ok, present = HAND[number]
    p = st[number]
    assert p.score == Fraction(score)
    assert "".join(c.value.upper() for c in p.colours) == colours
    assert p.colour_difference == diff
    assert (p.preference, p.strength) == (pref, strength)
    assert p.aro == aro
    assert p.games_played == games
    assert p.upfloats == floats
    assert p.bye_eligible is bye_ok
    assert p.present is present


def test_bye_bars_name_the_round(st):
    assert st[8].bye_bar == ByeBar("forfeit-win", 1, "+")
    assert st[9].bye_bar == ByeBar("pab", 1, "U")
    assert st[1].bye_bar is None and st[1].bye_eligible


def test_forfeit_is_not_a_meeting(st):
    # 4 and 8 were paired in round 1 but the game was forfeited: they may meet again
    assert frozenset((4, 8)) not in st.met
    assert st.met[frozenset((1, 2))] == (3,)


def test_upfloat_rounds_and_previous_round(st):
    assert st[4].upfloat_rounds == (2,) and not st[4].upfloated_previous
    assert st[5].upfloat_rounds == (2,)


def test_games_paired_counts_forfeits(st):
    assert st[4].games_paired == 3 and st[4].games_played == 2


def test_after_round3_file_pairs_round4_with_everybody_present():
    st = compute_standings(load_example("dubov-example-after-round3.trf"))
    assert st.round == 4
    # player 5's round-3 Z is history there; nobody is pre-entered for round 4
    assert all(p.present for p in st.players)
    assert st[5].score == Fraction(1, 2)


@pytest.mark.parametrize(
    "colours, expected",
    [
        ("", (B, Strength.MILD, "1.5.2.4")),
        ("W", (B, Strength.STRONG, "1.5.2.2")),
        ("WB", (W, Strength.MILD, "1.5.2.3")),
        ("BW", (B, Strength.MILD, "1.5.2.3")),
        ("WW", (B, Strength.ABSOLUTE, "1.5.2.1")),
        ("BWBB", (W, Strength.ABSOLUTE, "1.5.2.1")),
        ("WWBWB", (B, Strength.STRONG, "1.5.2.2")),
        ("WBWWBW", (B, Strength.ABSOLUTE, "1.5.2.1")),  # difference +2
    ],
)
def test_colour_preference_clauses(colours, expected):
    seq = tuple(W if c == "W" else B for c in colours)
    assert colour_preference(seq) == expected


def test_absolute_conflict_reading():
    # W W W W B B: difference +2 asks for Black, two Blacks in a row ask for White
    seq = (W, W, W, W, B, B)
    assert colour_preference(seq)[0] is B
    assert colour_preference(seq, Readings.from_pairs({"absolute-conflict": "last-two"}))[0] is W


def test_round_half_up_and_max_t():
    assert round_half_up(4713, 2) == 2357 and round_half_up(4389, 2) == 2195
    assert round_half_up(6502, 3) == 2167
    assert [max_t(n) for n in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]


def test_points_sum_is_the_exact_fraction_sum():
    """``PointsSum`` (integer units, used by the facts and the consistency check instead of a
    Fraction addition per game) gives exactly the Fraction sum at every step, also when the
    denominators change along the way (XXS values like 0.125 next to halves and thirds)."""
    from hypothesis import given, strategies as s

    from dubov_explain.tournament.model import PointsSum

    points = s.fractions(min_value=-5, max_value=5, max_denominator=12)

    @given(s.lists(points, max_size=30))
    def check(values):
        acc, running = PointsSum(), Fraction(0)
        assert acc.value == 0
        for v in values:
            acc.add(v)
            running += v
            assert acc.value == running and isinstance(acc.value, Fraction)

    check()


def test_places_order_exactly_as_the_values():
    """``places`` (ints the engine sorts by instead of Fractions): equal values share a
    place, a higher value has a smaller place (or a larger one with highest_first=False),
    and the places are 0..k-1 for k distinct values."""
    from hypothesis import given, strategies as s

    from dubov_explain.tournament.model import places

    values = s.dictionaries(s.integers(1, 60), s.fractions(0, 12, max_denominator=8), max_size=40)

    @given(values, s.booleans())
    def check(vals, highest_first):
        at = places(vals, highest_first=highest_first)
        assert set(at) == set(vals)
        assert sorted(set(at.values())) == list(range(len(set(vals.values()))))
        for a in vals:
            for b in vals:
                assert (at[a] == at[b]) == (vals[a] == vals[b])
                if vals[a] > vals[b]:
                    assert (at[a] < at[b]) == highest_first

    check()
