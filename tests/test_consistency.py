"""Consistency checker: what is legal passes, what is not is reported at its field.

The malformed-file suite (test_malformed.py) pins one message per defect on the worked
example; here the legal corner cases and the scoring arithmetic are tested on small
tournaments built in code (players' ``line`` = their position, so columns are checkable).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dubov_explain.tournament.consistency import _history_words, check_consistency
from dubov_explain.tournament.model import PENDING, Colour, Player, RoundEntry, Scoring, Tournament
from dubov_explain.trf.reader import read_trf

EXAMPLES = Path(__file__).resolve().parents[1] / "dubov_explain" / "data" / "examples"
W, B = Colour.WHITE, Colour.BLACK


def E(opponent, colour, code):  # noqa: N802
    return RoundEntry(opponent, colour, code)


def make(rows, scoring=None, points=None, **kw) -> Tournament:
    """``rows``: player number -> entries. Points default to the correct sum."""
    scoring = scoring or Scoring()
    players = []
    for i, (n, entries) in enumerate(rows.items(), start=1):
        es = tuple(entries)
        pts = (points or {}).get(n, sum((scoring.points(e) for e in es), Fraction(0)))
        players.append(Player(number=n, name=f"P{n}", rating=2000, points=pts, entries=es,
                              line=i))
    return Tournament(players=tuple(players), scoring=scoring, source="c.trf", **kw)


#: what the strict points-mismatch error adds: the option that makes it a warning
HINT = ("; scores for pairing are recomputed from the results, so --lenient (or "
        "lenient=True) lets the file be paired with this as a warning")


def messages(t, lenient=False):
    return [str(p) for p in check_consistency(t, lenient)]


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.trf")))
def test_examples_are_consistent(name):
    assert check_consistency(read_trf(EXAMPLES / name)) == []


@pytest.mark.parametrize("a,b", [("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("L", "W"),
                                 ("D", "D")])
def test_played_complements_are_legal(a, b):
    assert messages(make({1: [E(2, W, a)], 2: [E(1, B, b)]})) == []


@pytest.mark.parametrize("ca,cb", [(W, B), (None, None), (B, None), (None, W)])
@pytest.mark.parametrize("a,b", [("+", "-"), ("-", "+"), ("-", "-")])
def test_forfeits_with_scheduled_or_no_colours_are_legal(a, b, ca, cb):
    # trf.md 3.2: a forfeit may keep its scheduled colours or carry '-'; '- -' is a
    # double forfeit
    assert messages(make({1: [E(2, ca, a)], 2: [E(1, cb, b)]})) == []


@pytest.mark.parametrize("a,b", [("1", "1"), ("0", "0"), ("=", "0"), ("W", "0"),
                                 ("D", "="), ("+", "+"), ("+", "0"), ("1", "-")])
def test_non_complementary_results(a, b):
    t = make({1: [E(2, W, a)], 2: [E(1, B, b)]})
    got = [m for m in messages(t) if "does not match" in m]
    assert len(got) == 1 and got[0].startswith("c.trf:1:99: round 1: result ")


def test_pending_on_both_sides_is_legal_pending_needs_colours():
    assert messages(make({1: [E(2, W, PENDING)], 2: [E(1, B, PENDING)]})) == []
    assert messages(make({1: [E(2, None, PENDING)], 2: [E(1, B, PENDING)]})) == [
        "c.trf:1:97: round 1: a pending game needs colour w or b, found '-'"]


def test_pending_counts_zero_points():
    t = make({1: [E(2, W, PENDING)], 2: [E(1, B, PENDING)]}, points={1: Fraction(1)})
    assert messages(t) == ["c.trf:1:81: points field says 1.0 but the results add up to 0.0" + HINT]


def _nine_rounds(scoring, p1_points=None):
    """Player 1 meets 2..10 in rounds 1..9: five wins, two draws, two losses."""
    results = ["1", "1", "1", "1", "1", "=", "=", "0", "0"]
    comp = {"1": "0", "=": "=", "0": "1"}
    rows = {1: [E(k + 2, W if k % 2 else B, r) for k, r in enumerate(results)]}
    for k, r in enumerate(results):
        rows[k + 2] = [E(None, None, "Z")] * 9
        rows[k + 2][k] = E(1, B if k % 2 else W, comp[r])
    return make(rows, scoring=scoring, points={1: p1_points} if p1_points is not None else None)


def test_points_use_the_scoring_system():
    # trf.md 6: with 3/1/0, five wins, two draws and two losses give 17.0
    three = Scoring({"WW": Fraction(3), "BW": Fraction(3), "WD": Fraction(1),
                     "BD": Fraction(1)})
    assert messages(_nine_rounds(three, Fraction(17))) == []
    assert messages(_nine_rounds(three, Fraction(13, 2))) == [
        "c.trf:1:81: points field says 6.5 but the results add up to 17.0" + HINT]
    assert messages(_nine_rounds(Scoring(), Fraction(6))) == []  # 1 / 0.5 / 0: 5 + 1


def test_colour_dependent_scoring_and_bye_values():
    scoring = Scoring({"BW": Fraction(2), "PAB": Fraction(1, 2), "HPB": Fraction(0),
                       "ZPB": Fraction(1, 4)})
    rows = {1: [E(2, B, "1"), E(None, None, "U")], 2: [E(1, W, "0"), E(None, None, "H")],
            3: [E(None, None, "Z"), E(None, None, "Z")]}
    t = make(rows, scoring=scoring,
             points={1: Fraction(5, 2), 2: Fraction(0), 3: Fraction(1, 2)})
    assert messages(t) == []
    t = make(rows, scoring=scoring, points={1: Fraction(2)})
    assert messages(t) == ["c.trf:1:81: points field says 2.0 but the results add up to 2.5" + HINT]


def test_acceleration_is_not_in_the_points_field():
    rows = {1: [E(2, W, "1")], 2: [E(1, B, "0")]}
    t = make(rows, acceleration={1: (Fraction(1),)})
    assert messages(t) == []
    t = make(rows, points={1: Fraction(2)}, acceleration={1: (Fraction(1),)})
    assert messages(t) == ["c.trf:1:81: points field says 2.0 but the results add up to 1.0" + HINT]


def test_forfeits_do_not_count_as_a_meeting():
    # GHR 2026 3.5: unplayed games are no meeting; the pair may play later
    rows = {1: [E(2, W, "+"), E(2, B, "1"), E(2, W, "-")],
            2: [E(1, B, "-"), E(1, W, "0"), E(1, B, "+")]}
    assert messages(make(rows)) == []
    rows = {1: [E(2, W, "1"), E(2, B, "=")], 2: [E(1, B, "0"), E(1, W, "=")]}
    assert messages(make(rows)) == [
        "c.trf:1:102: round 2: 1 and 2 already played each other in round 1"
        + _history_words(2, False)]


def test_one_pab_per_round_but_one_in_each_round_is_fine():
    rows = {1: [E(None, None, "U"), E(2, W, "1")], 2: [E(3, W, "1"), E(1, B, "0")],
            3: [E(2, B, "0"), E(None, None, "U")]}
    assert messages(make(rows)) == []
    rows[2] = [E(None, None, "U"), E(1, B, "0")]
    rows[3] = [E(None, None, "Z"), E(None, None, "U")]
    assert messages(make(rows)) == [
        "c.trf:2:99: round 1: second pairing-allocated bye (U); player 1 already has one"
        + _history_words(1, False)]


def test_missing_block_of_the_opponent():
    rows = {1: [E(None, None, "Z"), E(2, W, "1")], 2: [E(None, None, "Z")]}
    assert messages(make(rows)) == [
        "c.trf:1:102: round 2: game against 2 is recorded on this side only (player 2 shows "
        "no block in round 2)"]


def test_duplicate_player_is_reported_once_and_not_checked_further():
    rows = {1: [E(2, W, "1")], 2: [E(1, B, "0")]}
    t = make(rows)
    dup = Player(number=2, name="Again", rating=0, entries=(E(7, W, "x"),), line=3)
    t = t.replace_players(t.players + (dup,))
    assert messages(t) == ["c.trf:3:5: starting rank 2 is used again (first on line 2)"]


def test_lenient_downgrades_only_points_and_bye_colour():
    rows = {1: [E(2, W, "1"), E(None, W, "H")], 2: [E(1, W, "0"), E(None, None, "Z")]}
    t = make(rows, points={1: Fraction(3)})
    strict = check_consistency(t)
    lenient = check_consistency(t, lenient=True)
    assert [str(p) for p in strict][0] == str(lenient[0]) + HINT
    assert [str(p) for p in strict][1:] == [str(p) for p in lenient][1:]
    assert [str(p) for p in lenient] == [
        "c.trf:1:81: points field says 3.0 but the results add up to 1.5",
        "c.trf:1:97: round 1: both players have colour 'w' (player 2, line 2)",
        "c.trf:1:107: round 2: bye 'H' must have colour '-', found 'w'",
    ]
    assert [(p.column, p.severity) for p in strict] == [
        (81, "error"), (97, "error"), (107, "error")]
    assert [(p.column, p.severity) for p in lenient] == [
        (81, "warning"), (97, "error"), (107, "warning")]


def test_problems_are_sorted_and_located_in_the_source():
    rows = {1: [E(2, W, "1"), E(3, B, "1")], 2: [E(1, W, "0"), E(None, None, "Z")],
            3: [E(None, None, "Z"), E(1, W, "1")]}
    problems = check_consistency(make(rows, points={3: Fraction(5)}))
    assert [(p.file, p.line, p.column) for p in problems] == [
        ("c.trf", 1, 97), ("c.trf", 1, 109), ("c.trf", 3, 81)]
    assert [p.message for p in problems] == [
        "round 1: both players have colour 'w' (player 2, line 2)",
        "round 2: result '1' does not match '1' of player 3 (line 3); expected '0'",
        "points field says 5.0 but the results add up to 1.0" + HINT,
    ]
