"""The 1992 rating-based text's articles the independent reading of issue 27 found the engine
departing from, each on its golden case (``golden/swiss-rating-1992/cases``): the engine
pairs as the text says (the pairing written out here from the article) and as the literal
twin (``tests/swiss_rating1992_literal.py``, rewritten with it) does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402

from tests.swiss_rating1992_literal import LiteralBacktracking  # noqa: E402

BOOK = find_rulebook("swiss-rating-1992")
GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "swiss-rating-1992" / "cases"


def _pair(case, readings=None):
    t = read_trf(GOLDEN / f"{case}.trf")
    r = BOOK.readings(readings or {})
    trace = BOOK.pair(t, r)
    got = ({frozenset(p) for p in trace.result.boards}, trace.result.bye)
    assert LiteralBacktracking(t, None, r).round() == got
    return trace, got


def _pairs(*pairs):
    return {frozenset(p) for p in pairs}


def test_c9_comes_before_c10_in_a_remainder():
    # 1 (2 points) moved down to 2, 3, 4, 6 (1 point): 1-3 leaves a remainder that fails at
    # every level; C.9 drops B.6/B.5 for downfloats while 1-3 stands, then C.10 gives 1
    # the next opponent, 4, and the remainder 2, 3, 6 pairs 2-3 with 6 moved down.  C.10
    # first (1-4, then 1-6 at all criteria) paired 1-6, 2-3, 4-5.
    trace, got = _pair("C.9-before-C.10")
    assert got == (_pairs((1, 4), (2, 3), (5, 6)), None)
    steps = [e.next_step for e in trace.events if type(e).__name__ == "RequirementsFailed"]
    assert steps[:1] == ["C.9"]


def test_c14_moves_a_heterogeneous_bracket_down_whole_at_p_zero():
    # C.12 from the 1.5-point bracket pairs the 3-point bracket (1, 2 and 7 moved down to
    # it) again; at p = 0 C.14 moves "the entire score bracket" down: 1, 2, 7 go on down,
    # where pairing its remainder 1-2 at p zero was read before (1-9, 2-7, 3-4, 6-8)
    trace, got = _pair("C.14-p-zero-whole-bracket")
    assert got == (_pairs((1, 2), (3, 4), (6, 8), (7, 9)), 5)
    moved = [e.players for e in trace.events if type(e).__name__ == "BracketMovedDown"]
    assert (1, 2, 7) in moved


def test_c1_calls_c12_every_time():
    # the 2.5-point bracket finds player 1 (moved down) without an opponent twice, with
    # different players moved down to it each time; C.1 calls C.12 both times
    trace, got = _pair("C.1-C.12-every-time")
    assert got == (_pairs((1, 9), (2, 8), (4, 6), (5, 7)), 3)
    c1 = [(e.score, e.player) for e in trace.events
          if type(e).__name__ == "Backtracked" and e.trigger == "C.1"]
    assert c1.count(("2.5", 1)) == 2


def test_check_gives_c9_s_order_not_same_requirements(capsys):
    # round 3 of the C.9-before-C.10 tournament published as C.10-first paired it: the
    # published bracket meets B.5 for downfloats, which the procedure's pairing was found
    # without; "both meet the same requirements" would be false
    from dubov_explain.cli import main

    path = Path(__file__).resolve().parent / "data" / "swiss-rating-1992" / \
        "check-c9-before-c10.trf"
    assert main(["check", str(path), "--round", "3", "--system", "swiss-rating-1992"]) == 6
    out = " ".join(capsys.readouterr().out.split())
    assert "Both meet the same requirements" not in out
    assert "meets B.5 for downfloats, which the procedure's pairing does not" in out
    assert "C.9 comes before C.10's change of a moved-down player's opponent" in out


def test_last_round_top_scorers_have_no_absolute_preference():
    # A.7.a: "This rule is not in effect when pairing players with a score of over 50% in
    # the last round": 6 (WWBB) asks for White only mildly, 1 (BWB) strongly: E.2 gives
    # White to 1; the pair is free of B.2 (both over 50%, the note to B)
    trace, got = _pair("A.7.a-last-round-top-scorers")
    assert (1, 6) in trace.result.boards
    rule = [e.rule for e in trace.events if type(e).__name__ == "ColourAllocated"
            and (e.white, e.black) == (1, 6)]
    assert rule[-1:] == ["E.2"]


@pytest.mark.parametrize("value, pairs", [
    ("judged", ((1, 2), (5, 6), (4, 7))),
    ("move-only", ((1, 2), (4, 5), (6, 7))),
])
def test_reading_paired_downfloat(value, pairs):
    # A.4: the higher player of a pair of unequal scores receives the downfloat; judged,
    # B.5 for downfloats keeps 5 (a downfloat last round) from the lower 4 in the joined
    # bracket; move-only judges only his being moved down
    trace, got = _pair("reading-paired-downfloat", {"paired-downfloat": value})
    assert got == (_pairs(*pairs), 3)


@pytest.mark.parametrize("value, pairs, bye", [
    ("moved-down", ((1, 6), (4, 7), (5, 8)), 3),
    ("residents", ((3, 7), (4, 6), (5, 8)), 1),
])
def test_reading_rejoined(value, pairs, bye):
    # C.13 joins the lowest bracket again and again; the players of the earlier joins are
    # moved down (A.3: they came from a higher score bracket) or residents of the new one
    trace, got = _pair("reading-rejoined", {"rejoined": value})
    assert got == (_pairs(*pairs), bye)
    assert sum(type(e).__name__ == "BracketsJoined" for e in trace.events) >= 3


def test_c12_after_c11_every_time_the_bracket_reaches_it():
    # C.11 then C.12 "in case of a heterogeneous group": the 1-point bracket sends the
    # 1.5-point bracket back after C.11 at p = 1, gets 7, fails C.11 at p = 1 again with
    # him and sends it back again (then for 1, and for 2), until C.12 finds a set that
    # allows its pair; not once per p (the twin tells the same story, step for step)
    from tests.test_swiss_rating1992_backtracking import _story

    trace, got = _pair("C.14-p-zero-whole-bracket")
    after_c11 = [s for s in _story(trace) if s[0] == "C.12" and s[1] == ("C.11", 1)]
    assert len(after_c11) == 4 and all(found for _, _, found in after_c11)
    t = read_trf(GOLDEN / "C.14-p-zero-whole-bracket.trf")
    lit = LiteralBacktracking(t, None, BOOK.readings({}))
    lit.round()
    assert _story(trace) == lit.log
