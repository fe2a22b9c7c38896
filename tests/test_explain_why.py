"""Why and why-not explanations: each decision of the procedure, named the way an arbiter
would answer a complaint, and each why-not verified against a what-if engine run.

The small tournaments are hand-built (``tests/builders.py``) or the bundled worked example;
the expected reasons were checked by hand against ``rules/dubov-2025.txt``.
"""

from __future__ import annotations

import pytest

from builders import build
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.examples import load_example
from dubov_explain.explain.why import decisions, explain_player, first_divergence, why_not
from dubov_explain.render.explain import player_md, player_sentences, why_not_answer, why_not_md
from dubov_explain.tournament.model import Colour
from dubov_explain.rulebooks.dubov2025 import events as ev

# --------------------------------------------------------------------- cases
BYE_CASES = {
    # 2.1.1/[C2]: only 5 may have the bye (1, 4: PAB; 3: full-point bye; 2: forfeit win)
    "2.1.1": dict(ratings=[2200, 2150, 1850, 1800, 1600],
                  rounds=[[(4, "U"), (3, "F"), (1, 5, "1"), (2, "Z")], [(1, "U"), (2, 5, "+"), (4, 3, "1")]]),
    # 2.1.2/[C4]: the lowest candidates would leave 2 and 4 (forbidden pair) to meet
    "2.1.2": dict(ratings=[2150, 1900, 1800, 1600, 1550],
                  rounds=[[(4, "U"), (1, 2, "0"), (5, 3, "-")], [(1, "U"), (2, 3, "="), (4, 5, "0")]],
                  total_rounds=4, forbidden=((2, 4),)),
    "2.1.3": dict(ratings=[2250, 2100, 2100, 1750, 1600], rounds=[[(4, "U"), (3, 5, "="), (2, 1, "0")]],
                  total_rounds=2),
    "2.1.4": dict(ratings=[2400, 2300, 2200, 2100, 2000], rounds=[[(1, 2, "="), (3, 4, "1"), (5, "Z")]]),
    "2.1.5": dict(ratings=[2350, 2150, 1950, 1700, 1700], rounds=[], total_rounds=3),
}

COLOUR_CASES = {
    "5.2.1": dict(ratings=[2250, 1900, 1900, 1800], rounds=[], total_rounds=2),
    "5.2.2": dict(ratings=[2450, 2250, 1850, 1550], rounds=[[(1, 4, "="), (2, 3, "=")]], total_rounds=3,
                  forbidden=((3, 4),)),
    "5.2.3": dict(ratings=[2300, 2000, 1850, 1800], rounds=[[(4, "Z"), (2, 3, "1"), (1, "Z")]], total_rounds=3),
    "5.2.4": dict(ratings=[2100, 2000, 1850, 1800],
                  rounds=[[(4, 3, "0"), (1, 2, "=")], [(1, 2, "0"), (3, 4, "0")], [(3, 1, "1"), (4, 2, "0")]],
                  total_rounds=4),
    "5.2.5": dict(ratings=[2400, 2250, 1850, 1600], rounds=[[(1, 2, "1"), (3, 4, "1")]], total_rounds=3),
}

# 2.2.4.1 then 2.2.4.2: 1-3 must meet inside G1, so 1 moves to G2 and 2 comes back
SHIFT_BOTH = dict(ratings=[2450, 2150, 2000, 1650], rounds=[[(2, 3, "="), (4, 1, "=")]], total_rounds=4,
                  forbidden=((1, 2),))
# why-not lost to the shift of 2.2.4.2 (4.3 order): {4} is shifted, 1-5 needs {1}
LOST_TO_SHIFT_ORDER = dict(ratings=[2516, 2396, 2205, 2145, 1628], rounds=[[(1, 3, "0"), (4, 2, "1"), (5, "U")]],
                           total_rounds=4, initial_colour=Colour.WHITE)
# why-not lost to 2.2.4.1: 1 and 5 both in G2; no pair inside a subgroup is unavoidable
LOST_TO_SHIFT_NEED = dict(ratings=[2003, 2003, 1756, 1725, 1700], rounds=[[(1, 3, "1"), (4, 2, "0"), (5, "U")]],
                          total_rounds=4, initial_colour=Colour.WHITE)
# why-not lost to the transposition order (4.4): S1 #1 is given 2, before 5
LOST_TO_T2 = dict(ratings=[2234, 2201, 2140, 1813, 1800], rounds=[[(2, 4, "1"), (3, 1, "0"), (5, "U")]],
                  total_rounds=4, initial_colour=Colour.BLACK)
# [C7] decides the upfloater: {2} lets everyone have their colour, {4} does not
LOST_TO_C7 = dict(ratings=[2301, 1900, 1888, 1800], rounds=[[(2, 4, "="), (3, 1, "0")]], total_rounds=4,
                  initial_colour=Colour.BLACK)
# 4.2.3.3 decides the upfloater: {1} and {5} equal on [C6]-[C10], {1} first
LOST_TO_LEX = dict(ratings=[2234, 2201, 2140, 2025, 1813, 1800],
                   rounds=[[(1, 4, "="), (3, 6, "0"), (5, 2, "=")]], total_rounds=4, initial_colour=Colour.WHITE)
# [C3]: 4 and 5 both have an absolute preference for Black (WW in their last two games)
C3_CASE = dict(ratings=[2259, 2041, 2006, 2003, 1958, 1815, 1599],
               rounds=[[(2, 5, "0"), (4, 1, "0"), (6, 3, "0"), (7, "U")],
                       [(1, 3, "1"), (4, 2, "0"), (5, 7, "1"), (6, "U")],
                       [(3, 2, "0"), (4, "U"), (5, 1, "0"), (7, 6, "0")]],
               total_rounds=4, initial_colour=Colour.BLACK)


def _round(spec):
    t = build(**spec)
    return t, pair_round(t)


def reason(w, tr=None):
    """The answer's one line, as the rulebook's template words it (the answer is data)."""
    return why_not_answer(w, tr)


def words(x, tr):
    """A player explanation's sentences, as the rulebook's template words them."""
    return player_sentences(x, tr)


def check_what_if(t, tr, w):
    """A passed-over answer must be backed by a real what-if run that pairs the two."""
    wi = pair_round(t, forced=((w.player, w.against),))
    assert isinstance(wi.result, ev.PairingPublished)
    assert {w.player, w.against} in [set(b) for b in wi.result.boards]
    i, real_e, wi_e = first_divergence(tr, wi)
    assert i == w.step and real_e.to_dict() == w.real and wi_e.to_dict() == w.what_if
    assert tr.events[i - 1] is real_e
    return real_e, wi_e


# --------------------------------------------------------------------- the bye (2.1)
@pytest.mark.parametrize("step", sorted(BYE_CASES))
def test_bye_player_is_told_which_step_of_2_1_decided(step):
    t, tr = _round(BYE_CASES[step])
    bye = tr.result.bye
    x = explain_player(t, bye, trace=tr, mates=False)
    assert x.status == "bye"
    assert (x.bye["case"], x.bye["article"]) == ("has", step)
    assert f"has the pairing-allocated bye ({step})" in words(x, tr)["bye"]
    md = player_md(x, tr)
    assert "has the pairing-allocated bye." in md and f"({step})" in md


def test_bye_not_given_c2_names_the_bar():
    t, tr = _round(BYE_CASES["2.1.1"])
    x = explain_player(t, 2, trace=tr, mates=False)
    assert (x.bye["case"], x.bye["article"]) == ("ineligible", "[C2]")
    assert words(x, tr)["bye"] == "2 may not have the bye: won by forfeit in round 2 ([C2], 2.1.1)."


def test_bye_not_given_2_1_2_the_rest_could_not_be_paired():
    t, tr = _round(BYE_CASES["2.1.2"])
    rejected = [e.player for e in tr.of(ev.ByeRejected)]
    assert rejected
    x = explain_player(t, rejected[0], trace=tr, mates=False)
    assert x.bye["article"] == "2.1.2" and "[C4]" in words(x, tr)["bye"]


@pytest.mark.parametrize("step, player, text", [
    ("2.1.3", 5, "2 has a lower score (0 points against 0.5 points; 2.1.3)"),
    ("2.1.4", 5, "with equal scores, 4 has played more games (1 against 0; 2.1.4)"),
    ("2.1.5", 4, "with equal scores and games, 5 is lower in the initial ranking (rank 5 against 4; 2.1.5)"),
])
def test_bye_not_given_names_the_step_that_put_the_other_first(step, player, text):
    t, tr = _round(BYE_CASES[step])
    x = explain_player(t, player, trace=tr, mates=False)
    assert x.bye["article"] == step
    assert text in words(x, tr)["bye"]


def test_no_bye_in_an_even_round():
    t = build([2400, 2300, 2200, 2100], [])
    tr = pair_round(t)
    x = explain_player(t, 1, trace=tr, mates=False)
    assert (x.bye["case"], x.bye["article"], x.bye["players"]) == ("not-needed", "1.4.1", 4)
    assert "an even number" in words(x, tr)["bye"]


def test_why_not_lost_to_the_bye():
    t = load_example()
    w = why_not(t, 2, 5)
    assert (w.verdict, w.criterion, w.where, w.case) == ("passed-over", "2.1.3", "bye", "bye-to-player")
    assert w.facts == {"bye": 5}
    assert reason(w).startswith("2.1.3: 5 receives the pairing-allocated bye and plays nobody")


# --------------------------------------------------------------------- upfloats
def test_upfloater_is_told_why():
    t = load_example()
    tr = pair_round(t)
    x = explain_player(t, 8, trace=tr)
    assert (x.bracket_score, x.resident, x.residents, x.upfloaters) == ("2.5", False, [1, 2], [4, 8])
    assert [i["case"] for i in x.upfloat] == ["upfloated", "minimum"]
    assert x.upfloat[0]["players"] == [4, 8] and x.upfloat[0]["score"] == "2.5"
    said = words(x, tr)["upfloat"]
    assert said[0].startswith("8 (2 points) is upfloated into the 2.5-point bracket (2.2.2)")
    assert any(s.startswith("2.2.1: 2 resident(s), no two of them may meet") for s in said)
    assert "as an upfloater" in player_md(x, tr)


def test_not_upfloated_is_told_who_was():
    t = load_example()
    tr = pair_round(t)
    x = explain_player(t, 6, trace=tr)
    assert (x.upfloat[0]["case"], x.upfloat[0]["players"]) == ("not-taken", [4, 8])
    assert words(x, tr)["upfloat"][0].startswith("The 2.5-point bracket took {4, 8} as upfloaters, not 6")
    assert x.bracket_score == "1" and x.resident and x.opponent == 9


# --------------------------------------------------------------------- shifts (2.2.4)
def test_shift_step_1_and_step_2_are_explained_to_the_shifted_players():
    t, tr = _round(SHIFT_BOTH)
    one = explain_player(t, 1, trace=tr, mates=False)
    two = explain_player(t, 2, trace=tr, mates=False)
    assert {"case": "shifted", "shift": "2.2.4.1", "source": "G1", "target": "G2"}.items() <= next(
        i for i in one.groups if i["case"] == "shifted").items()
    assert "2.2.4.1: 1 is shifted from G1 to G2 — the first set in the order of 4.3 that leaves a legal pairing." in words(one, tr)["groups"]
    assert "2.2.4.2: 2 is shifted from G2 to G1 — the first set in the order of 4.3 that leaves a legal pairing." in words(two, tr)["groups"]
    assert any(s.startswith("2.2.4.1: every legal pairing of the bracket pairs at least 1") for s in words(one, tr)["groups"])


def test_why_not_lost_to_the_order_of_shifters():
    t, tr = _round(LOST_TO_SHIFT_ORDER)
    w = why_not(t, 1, 5, trace=tr)
    assert (w.verdict, w.criterion, w.article, w.case) == ("passed-over", "4.3", "2.2.4.2", "shift-order")
    assert (w.facts["players"], w.facts["sequence"], w.facts["instead"], w.facts["instead_sequence"]) == ([4], [1], [1], [2])
    assert reason(w, tr) == ("4.3: the shift of 2.2.4.2 moves {4} (#1 in the order of 4.3) from G2 to G1, the "
                        "first set that leaves a legal pairing; 1–5 would need {1} (#2)")
    real, wi = check_what_if(t, tr, w)
    assert isinstance(real, ev.Shift) and isinstance(wi, ev.Shift) and wi.players == (1,)


def test_why_not_lost_to_the_unavoidable_pairs_of_2_2_4_1():
    t, tr = _round(LOST_TO_SHIFT_NEED)
    w = why_not(t, 1, 5, trace=tr)
    assert (w.verdict, w.criterion, w.case) == ("passed-over", "2.2.4.1", "shift-needed")
    # 2.2.4.1 looks at G1 = {2, 3}: G1 and G2 = {1, 5} are the same size, and then the text
    # takes G1 (not "the smaller" one); 1 and 5 are both in G2, and held for each other they
    # leave 2 and 3 only each other: the answer names that subgroup
    assert (w.facts, w.where, w.score) == (
        {"source": "G1", "members": [2, 3], "player_side": "G2", "against_side": "G2",
         "count": 0, "instead": 1, "shifted": [2], "mode": "colour", "equal": True},
        "bracket", w.what_if["score"])
    assert reason(w, tr).startswith("2.2.4.1: in the 1-point bracket the subgroups are the same size, so the "
                                    "one looked at is G1 ({2, 3}; "
                                    "1 starts in G2, 5 in G2)")
    assert "no pair inside G1 is unavoidable in the pairing made, but with 1–5 1 pair inside G1" in reason(w, tr)
    real, wi = check_what_if(t, tr, w)
    assert isinstance(wi, ev.ShiftNeeded) and wi.step == 1 and wi.count == 1


# --------------------------------------------------------------------- colours (5.2)
@pytest.mark.parametrize("rule", sorted(COLOUR_CASES))
def test_colour_is_explained_by_its_rule_with_both_histories(rule):
    t, tr = _round(COLOUR_CASES[rule])
    e = next(e for e in tr.of(ev.ColourAllocated) if e.rule == rule)
    x = explain_player(t, e.black, trace=tr, mates=False)
    assert (x.colour_rule, x.colour, x.opponent) == (rule, "Black", e.white)
    md = player_md(x, tr)
    assert f"has Black by {rule} (" in md
    rows = {r["number"]: r for r in tr.events[1].rows}
    for n in (e.white, e.black):  # both colour histories are shown, in the table
        line = next(li for li in md.splitlines() if li.startswith(f"| {n} P{n} "))
        assert f"| {rows[n]['colours'] or 'none'} " in line and rows[n]["preference"] in line


# --------------------------------------------------------------------- why not: illegal
def test_why_not_illegal_c1_names_the_round():
    w = why_not(load_example(), 1, 2)
    assert (w.verdict, w.criterion, w.article, w.where) == ("illegal", "[C1]", "3.1.1", "criteria")
    assert reason(w) == "[C1]: 1 and 2 met in round 3"
    # no decision of the procedure is involved: the what-if run's header names the criterion
    assert w.real is None and w.what_if is None
    assert w.evidence["kind"] == "what-if" and w.evidence["pairs"][0][:3] == [1, 2, "[C1]"]


def test_why_not_illegal_c3_names_the_colour():
    t, tr = _round(C3_CASE)
    w = why_not(t, 4, 5, trace=tr)
    assert (w.verdict, w.criterion) == ("illegal", "[C3]")
    assert reason(w, tr) == "[C3]: 4 and 5 both have an absolute preference for Black"
    rows = {r["number"]: r for r in tr.events[1].rows}
    assert rows[4]["strength"] == rows[5]["strength"] == "absolute"


def test_why_not_forbidden_pair():
    t, tr = _round(SHIFT_BOTH)
    w = why_not(t, 2, 1, trace=tr)
    assert (w.verdict, w.criterion) == ("illegal", "XXP")


# --------------------------------------------------------------------- why not: passed over
def test_why_not_lost_to_the_upfloater_container_c6():
    t = load_example()
    tr = pair_round(t)
    w = why_not(t, 1, 6, trace=tr)
    assert (w.verdict, w.criterion, w.where, w.score) == ("passed-over", "[C6]", "bracket", "2.5")
    assert (w.case, w.facts["chosen"], w.facts["instead"], w.facts["kept"], w.facts["only"]) == (
        "upfloaters-c6", [4, 8], [8, 6], "2", "1")
    assert reason(w, tr).startswith("[C6]: upfloater set {4, 8} keeps a 2-point player where {8, 6}, the set 1–6 "
                                    "needs, has only a 1-point one")
    real, wi = check_what_if(t, tr, w)
    assert isinstance(real, ev.UpfloatersChosen) and real.players == (4, 8) and wi.players == (8, 6)


def test_why_not_lost_to_the_upfloater_colours_c7():
    t, tr = _round(LOST_TO_C7)
    w = why_not(t, 1, 4, trace=tr)
    assert (w.verdict, w.criterion, w.case) == ("passed-over", "[C7]", "upfloaters-criterion")
    assert (w.facts["name"], w.facts["count"], w.facts["instead_count"]) == ("C7", 0, 1)
    assert reason(w, tr) == ("[C7]: with upfloater set {2} the bracket has 0 player(s) without their colour "
                        "preference, with {4}, the set 1–4 needs, 1")
    check_what_if(t, tr, w)


def test_why_not_lost_to_the_lexicographic_order_of_upfloater_sets():
    t, tr = _round(LOST_TO_LEX)
    w = why_not(t, 1, 2, trace=tr)
    assert (w.verdict, w.criterion, w.case) == ("passed-over", "4.2.3.3", "upfloaters-order")
    assert (w.facts["sequence"], w.facts["instead_sequence"]) == ([1], [4])
    assert "{1} (#1) and {5} (#4), the set 1–2 needs, are equally good on [C6]-[C10]" in reason(w, tr)
    check_what_if(t, tr, w)


def test_why_not_lost_to_the_transposition_order():
    t, tr = _round(LOST_TO_T2)
    w = why_not(t, 1, 5, trace=tr)
    assert (w.verdict, w.criterion, w.article, w.case) == ("passed-over", "4.4", "2.2.6", "opponent-given")
    assert w.facts == {"s1": 1, "index": 1, "given": 2, "other": 5}
    assert reason(w, tr).startswith("4.4: 1 (S1 #1) is given 2, who comes before 5 in the initial-ranking order of G2")
    real, wi = check_what_if(t, tr, w)
    assert isinstance(real, ev.OpponentChosen) and (real.player, real.opponent, wi.opponent) == (1, 2, 5)


def test_why_not_lost_to_the_number_of_upfloaters_c5():
    t = build([2201, 2140, 1813, 1800], [[(2, 4, "0"), (3, 1, "0")]], total_rounds=4, initial_colour=Colour.BLACK)
    tr = pair_round(t)
    w = why_not(t, 1, 2, trace=tr)
    assert (w.verdict, w.criterion, w.facts) == ("passed-over", "[C5]", {"count": 0, "instead": 2})
    assert reason(w, tr) == "[C5]: the 1-point bracket needs 0 upfloater(s) (2.2.1); pairing 1 with 2 would need 2"
    check_what_if(t, tr, w)


def test_why_not_answers_for_paired_and_absent_players():
    t = load_example()
    w = why_not(t, 4, 1)
    assert (w.verdict, w.where, w.board, w.facts) == ("paired", "board", 1, {"white": 4, "black": 1})
    assert reason(w) == "4 and 1 are paired: board 1, 4 White, 1 Black"
    w = why_not(t, 1, 3)
    assert (w.verdict, w.article, w.facts) == ("absent", "1.8.2", {"player": 3, "absence": "H"})
    assert reason(w) == "1.8.2: 3 is not paired this round (absent: H)"
    assert why_not(t, 1, 99).verdict == "unknown"


def test_every_pair_of_the_example_gets_an_answer_backed_by_the_engine():
    """Each answer is 'paired' exactly for the published boards, and every passed-over
    answer is the first difference between the real and a what-if trace."""
    t = load_example()
    tr = pair_round(t)
    boards = {frozenset(b) for b in tr.result.boards}
    players = tr.events[0].to_pair
    for a in players:
        for b in players:
            if a < b:
                w = why_not(t, a, b, trace=tr)
                assert (w.verdict == "paired") == (frozenset((a, b)) in boards)
                assert w.verdict != "unknown" and w.case and reason(w, tr)
                if w.verdict == "passed-over":
                    check_what_if(t, tr, w)


def test_divergence_ignores_what_if_artefacts_of_the_bye_list():
    """The what-if run lists the held players as not eligible for the bye; that is not a
    decision, so the comparison starts at the bye itself."""
    t = load_example()
    real, wi = pair_round(t), pair_round(t, forced=((1, 6),))
    assert real.of(ev.ByeCandidates) != wi.of(ev.ByeCandidates)
    i, r, w = first_divergence(real, wi)
    assert isinstance(r, ev.UpfloatersChosen)
    assert [type(e) for _, e in decisions(real)][:2] == [ev.ByeAssigned, ev.BracketOpened]


# --------------------------------------------------------------------- the player page
def test_player_page_lists_bracket_mates_with_reasons():
    t = load_example()
    tr = pair_round(t)
    md = player_md(explain_player(t, 1, trace=tr), tr)
    assert "- 2 Berg, Bianca: [C1]: 1 and 2 met in round 3." in md
    assert "- 4 Dahl, Dora: paired with 1." in md
    assert "Board 1: 1 has Black against 4 Dahl, Dora (2 points)." in md


def test_why_not_page_shows_both_decisions():
    t = load_example()
    tr = pair_round(t)
    md = why_not_md(why_not(t, 1, 6, trace=tr), tr)
    assert "**Answer:** [C6]: upfloater set {4, 8}" in md
    assert "In the pairing the procedure made:\n\n**Upfloaters {4, 8} (2.2.2, 4.2).**" in md
    assert "With 1–6 forced:\n\n**Upfloaters {8, 6} (2.2.2, 4.2).**" in md
    assert "2–8, 6–1, 9–4; bye 5." in md
