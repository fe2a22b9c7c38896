"""``check``: the absolute test, the comparison with the engine, and the explanation of
every difference (where the published pairing leaves the procedure, which criterion
prefers the engine's choice, or that only an order rule of Article 4 separates them).

The four cases of the issue use the worked example (round 4 of
``dubov-example-round4-request.trf``, engine: ``4-1, 2-8, 6-9``, bye 5): a rematch, swapped
colours, the bye to an ineligible player, and a legal but different pairing.  The property
test at the end pairs small random histories every legal way and checks that every
difference is explained by a criterion, never by an engine disagreement.
"""

from __future__ import annotations

import itertools

import pytest

from builders import build
from dubov_explain import cli
from dubov_explain.rulebooks.dubov2025.colours import allocate
from dubov_explain.rulebooks.dubov2025.engine import DubovEngine, pair_round
from dubov_explain.errors import InputError
from dubov_explain.examples import example_text, load_example
from dubov_explain.explain.audit import (
    DIFFERENT,
    EXIT_DIFFERENT,
    EXIT_ILLEGAL,
    IDENTICAL,
    ILLEGAL,
    check_round,
    compat_table,
    parse_pairing_file,
    published_from_pairs,
    published_from_round,
    request_for_round,
)
from dubov_explain.rulebooks.dubov2025 import events as ev
from dubov_explain.tournament.model import Colour, RoundEntry
from dubov_explain.trf.reader import parse_trf
from dubov_explain.render.check import departure_tag, departure_text, violation_text
from dubov_explain.trf.writer import write_trf

REQUEST = "dubov-example-round4-request.trf"


def msg(v):
    """A violation's sentence, as check words it (the answer itself holds facts)."""
    return violation_text(v, "dubov-2025")


def expl(res, d):
    """A departure's explanation, as check words it."""
    return departure_text(d, res.trace)


def check_example(pairs, byes=()):
    t = load_example(REQUEST)
    return check_round(t, 4, published_from_pairs(4, pairs, byes))


def run_cli(tmp_path, capsys, pairing_text, extra=()):
    trf = tmp_path / "req.trf"
    trf.write_text(example_text(REQUEST), encoding="utf-8")
    pairing = tmp_path / "pairing.txt"
    pairing.write_text(pairing_text, encoding="utf-8")
    code = cli.main(["check", str(trf), "--pairing", str(pairing), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------------ the four cases


def test_identical_pairing_exits_0(tmp_path, capsys):
    res = check_example([(4, 1), (2, 8), (6, 9)], [5])
    assert res.verdict == IDENTICAL and res.exit_code == 0
    assert not res.violations and not res.departures
    assert compat_table(res) == []
    code, out, _ = run_cli(tmp_path, capsys, "4\n4 1\n2 8\n6 9\n5 0\n")
    assert code == 0 and "identical" in out


def test_rematch_is_illegal_c1(tmp_path, capsys):
    res = check_example([(1, 2), (8, 4), (6, 9)], [5])
    assert res.verdict == ILLEGAL and res.exit_code == EXIT_ILLEGAL == 7
    assert [(v.rule, v.players) for v in res.violations] == [("[C1]", (1, 2))]
    assert "already played each other in round 3" in msg(res.violations[0])
    assert (res.violations[0].article, res.violations[0].facts) == ("3.1.1", {"rounds": (3,)})
    code, out, _ = run_cli(tmp_path, capsys, "4\n1 2\n8 4\n6 9\n5 0\n")
    assert code == 7
    assert "illegal" in out and "FAIL [C1] 1 and 2 already played each other in round 3" in out
    # the engine's pairing is still shown, in the JaVaFo/bbpPairings table
    assert "  Checker pairings        Tournament pairings" in out
    assert "      4 -   1                  1 -   2" in out


def test_swapped_colours_are_legal_but_different_by_5_2_3(tmp_path, capsys):
    res = check_example([(1, 4), (2, 8), (6, 9)], [5])
    assert res.verdict == DIFFERENT and res.exit_code == EXIT_DIFFERENT == 6
    (d,) = res.departures
    assert (d.kind, d.article, d.criterion) == ("colour", "5.2.3", "5.2.3")
    assert d.engine == ((4, 1),) and d.published == ((1, 4),)
    assert "stronger preference" in expl(res, d) and "1 (strong Black)" in expl(res, d)
    assert compat_table(res) == [
        "  Checker pairings        Tournament pairings ",
        "      4 -   1                  1 -   4",
    ]
    code, out, _ = run_cli(tmp_path, capsys, "4\n1 4\n2 8\n6 9\n5 0\n")
    assert code == 6 and "legal but different" in out and "[5.2.3;" in out


def test_swapped_colours_against_an_absolute_preference_are_illegal():
    # 1: W W (absolute Black), 3: B W (mild Black): 1 must have Black
    t = build([2200, 2100, 2000, 1900],
              [[(1, 2, "1"), (3, 4, "0")], [(1, 4, "="), (2, 3, "=")]], total_rounds=4)
    assert set(pair_round(t).result.boards) == {(3, 1), (4, 2)}
    res = check_round(t, 3, published_from_pairs(3, [(1, 3), (4, 2)]))
    assert res.verdict == ILLEGAL and res.exit_code == 7
    (v,) = res.violations
    assert v.rule == "colours" and v.players == (1,)
    assert "absolute preference for Black but gets White" in msg(v)


def test_bye_to_an_ineligible_player_is_illegal_c2(tmp_path, capsys):
    res = check_example([(4, 1), (2, 8), (6, 5)], [9])
    assert res.verdict == ILLEGAL
    (v,) = res.violations
    assert v.rule == "[C2]" and v.players == (9,)
    assert "received the pairing-allocated bye in round 1" in msg(v)
    # a forfeit win bars the bye too (Basic Rule 4)
    res = check_example([(4, 1), (2, 5), (6, 9)], [8])
    assert [(v.rule, v.players) for v in res.violations] == [("[C2]", (8,))]
    assert "won by forfeit in round 1" in msg(res.violations[0])
    code, out, _ = run_cli(tmp_path, capsys, "4\n4 1\n2 8\n6 5\n9 0\n")
    assert code == 7 and "FAIL [C2] pairing-allocated bye to 9" in out


def test_legal_but_different_names_the_bye_rule(tmp_path, capsys):
    res = check_example([(4, 1), (2, 8), (9, 5)], [6])
    assert res.verdict == DIFFERENT and res.exit_code == 6
    first = res.departures[0]
    assert (first.kind, first.article, first.criterion) == ("bye", "2.1", "2.1.3")
    assert "5 has the lower score (0.5 against 1 of 6)" in expl(res, first)
    assert (first.facts["engine_key"], first.facts["published_key"]) == (("0.5", 2, 5), ("1", 2, 6))
    # with another PAB no bracket starts from a state the procedure reached: none is judged;
    # the colours of 5-9 are the rules' own (Article 5 reads only the two players)
    assert [(d.kind, d.criterion) for d in res.departures[1:]] == [("colour", "5.2.5")]
    # the smallest set of board changes: the bye moves, board 3 becomes the procedure's
    assert [(c.kind, c.board, c.published, c.procedure) for c in res.changes] == [
        ("pair", 3, (9, 5), (6, 9)), ("bye", None, (6, 0), (5, 0))]
    assert compat_table(res) == [
        "  Checker pairings        Tournament pairings ",
        "      6 -   9                  9 -   5",
        "      5 -   0                  6 -   0",
    ]
    code, out, _ = run_cli(tmp_path, capsys, "4\n4 1\n2 8\n5 9\n6 0\n")
    assert code == 6
    assert "[3.1; 3.1.3 prefers the procedure's choice]" in out  # the example: dubov-2026


# ------------------------------------------------------------------ bracket departures


def test_c5_more_upfloaters_than_needed():
    # after round 1, 1 2 3 have a point, 4 5 6 none: one upfloater is enough for {1, 2, 3}
    t = build([2400, 2300, 2200, 2100, 2000, 1900],
              [[(1, 4, "1"), (5, 2, "0"), (3, 6, "1")]], total_rounds=5)
    eng = pair_round(t)
    res = check_round(t, 2, published_from_pairs(2, [(5, 1), (6, 2), (4, 3)]))
    assert res.verdict == DIFFERENT, eng.result
    d = res.departures[0]
    assert (d.kind, d.article, d.criterion, d.as_good) == ("bracket", "2.2.1", "[C5]", False)
    assert "brings 3 upfloater(s)" in expl(res, d)


def test_order_rule_4_4_only_in_round_one():
    t = build([2400, 2300, 2200, 2100], [], total_rounds=3)
    assert set(pair_round(t).result.boards) == {(1, 3), (4, 2)}
    res = check_round(t, 1, published_from_pairs(1, [(1, 4), (3, 2)]))
    assert res.verdict == DIFFERENT
    (d,) = res.departures
    assert (d.article, d.criterion, d.as_good, d.order_only) == ("2.2.6", "4.4", True, True)
    assert "departs only from the order rule 4.4" in departure_tag(d, "dubov-2025")
    assert "transposition #1, the published one #2" in expl(res, d)


def test_pairs_inside_a_subgroup_in_round_one_depart_from_2_2_4_1():
    t = build([2400, 2300, 2200, 2100], [], total_rounds=3)
    res = check_round(t, 1, published_from_pairs(1, [(1, 2), (3, 4)]))
    (d,) = [d for d in res.departures if d.kind == "bracket"]
    assert (d.article, d.criterion, d.as_good, d.order_only) == ("2.2.4.1", "2.2.4.1", True, False)
    assert "1-2" in expl(res, d) and "3-4" in expl(res, d)


# ------------------------------------------------------------------ the absolute test


def test_completeness_and_bye_count():
    res = check_example([(4, 1), (2, 8)], [5, 6])
    rules = sorted(v.rule for v in res.violations)
    assert rules == ["bye", "completeness"]  # two byes; 9 left out
    assert any("not paired and without the bye: 9" in msg(v) for v in res.violations)
    res = check_example([(4, 1), (2, 8), (6, 9), (5, 3)])
    msgs = " | ".join(msg(v) for v in res.violations)
    assert "3 is paired but is not to be paired in round 4 (absent: H)" in msgs
    res = check_example([(4, 1), (2, 8), (6, 9), (4, 5)])
    assert any("appears 2 times" in msg(v) for v in res.violations)


def test_c3_same_absolute_preference():
    # 1 and 2 both W W: both absolutely want Black
    t = build([2200, 2100, 2000, 1900],
              [[(1, 3, "1"), (2, 4, "1")], [(1, 4, "="), (2, 3, "=")]], total_rounds=4)
    res = check_round(t, 3, published_from_pairs(3, [(1, 2), (3, 4)]))
    assert res.verdict == ILLEGAL
    # 1, 2 (W W) both want Black absolutely; 3, 4 (B B) both want White
    assert [(v.rule, v.players) for v in res.violations] == [("[C3]", (1, 2)), ("[C3]", (3, 4))]


def test_forbidden_pair_is_a_violation():
    t = build([2200, 2100, 2000, 1900], [], total_rounds=3, forbidden=((1, 3),))
    res = check_round(t, 1, published_from_pairs(1, [(1, 3), (4, 2)]))
    assert [v.rule for v in res.violations] == ["XXP"]


# ------------------------------------------------------------------ reading rounds from a TRF


def test_request_for_round_keeps_pre_entered_absences_and_drops_the_round():
    t = load_example("dubov-example-after-round3.trf")
    req = request_for_round(t, 3)
    assert all(len(p.entries) <= 3 for p in req.players)
    assert req.player(5).entries[-1] == RoundEntry(None, None, "Z")  # pre-entered absence
    assert len(req.player(1).entries) == 2  # the game of round 3 is left out


def test_request_points_are_recomputed():
    t = load_example("dubov-example-after-round3.trf")
    req = request_for_round(t, 3)
    assert req.player(6).points == req.scoring.points(RoundEntry(None, None, "H"))
    assert req.player(1).points == 2


def test_round_in_the_file_with_a_rematch_is_reported_not_rejected(tmp_path, capsys):
    # round 3 repeats the game 1-2 of round 1: the checker reports [C1], exit 7 (not exit 3)
    t = build([2200, 2100, 2000, 1900],
              [[(1, 2, "1"), (3, 4, "1")], [(1, 3, "="), (2, 4, "=")], [(2, 1, "="), (4, 3, "=")]],
              total_rounds=4)
    path = tmp_path / "rematch.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    pub = published_from_round(parse_trf(write_trf(t)), 3)
    assert {(p.white, p.black) for p in pub.pairs} == {(2, 1), (4, 3)}
    code = cli.main(["check", str(path)])
    out = capsys.readouterr().out
    assert code == 7
    assert "Round #3: illegal" in out and "FAIL [C1] 2 and 1 already played each other" in out


def test_check_round_of_the_file_identical(tmp_path, capsys):
    path = tmp_path / "ar3.trf"
    path.write_text(example_text("dubov-example-after-round3.trf"), encoding="utf-8")
    for r in (1, 2, 3):
        assert cli.main(["check", str(path), "--round", str(r)]) == 0
    capsys.readouterr()
    assert cli.main(["check", str(path), "--round", "4"]) == 3  # no pairing of round 4


def test_forfeit_without_colours_is_compared_without_colours():
    t = build([2200, 2100, 2000, 1900], [], total_rounds=3)
    eng = pair_round(t).result.boards
    # enter round 1 as the engine paired it, but one game a forfeit written "- -"
    players = []
    rows = {w: RoundEntry(b, Colour.WHITE, "1") for w, b in eng}
    rows.update({b: RoundEntry(w, Colour.BLACK, "0") for w, b in eng})
    (w0, b0) = eng[0]
    rows[w0] = RoundEntry(b0, None, "+")
    rows[b0] = RoundEntry(w0, None, "-")
    from dubov_explain.records import replace

    for p in t.players:
        players.append(replace(p, entries=(rows[p.number],)))
    t1 = replace(t, players=tuple(players))
    pub = published_from_round(t1, 1)
    res = check_round(request_for_round(t1, 1), 1, pub)
    assert res.verdict == IDENTICAL


def test_malformed_round_entries_are_record_violations():
    from dubov_explain.records import replace

    t = build([2200, 2100, 2000, 1900], [[(1, 3, "1"), (4, 2, "=")]], total_rounds=3)
    p1 = t.player(1)
    t = t.replace_players([replace(p1, entries=(RoundEntry(3, None, "1"),)) if p.number == 1
                           else p for p in t.players])
    res = check_round(request_for_round(t, 1), 1, published_from_round(t, 1))
    assert res.verdict == ILLEGAL
    assert [(v.rule, v.players) for v in res.violations] == [("record", (1, 3))]
    assert "is not a forfeit but 1 has no colour" in msg(res.violations[0])


# ------------------------------------------------------------------ pairing files


def test_pairing_file_format():
    assert parse_pairing_file("4\n4 1\n2 8\n6 9\n5 0\n") == ([(4, 1), (2, 8), (6, 9)], [5])
    assert parse_pairing_file("1\r\n3 0\r\n") == ([], [3])
    with pytest.raises(InputError) as e:
        parse_pairing_file("3\n4 1\nx y\n")
    msgs = [str(p) for p in e.value.problems]
    assert any(":3:1: expected 'white black'" in m for m in msgs)
    assert any("announces 3 pair(s) but 2 follow" in m for m in msgs)


def test_bad_pairing_file_exits_3_and_missing_file_exits_5(tmp_path, capsys):
    code, _, err = run_cli(tmp_path, capsys, "2\n4 1\n")
    assert code == 3 and "announces 2 pair(s) but 1 follow" in err
    trf = tmp_path / "req.trf"
    assert cli.main(["check", str(trf), "--pairing", str(tmp_path / "nope.txt")]) == 5


# ------------------------------------------------------------------ property: every difference explained


def _matchings(ps, ok):
    if not ps:
        yield []
        return
    a = ps[0]
    for i in range(1, len(ps)):
        if ok(a, ps[i]):
            for rest in _matchings(ps[1:i] + ps[i + 1:], ok):
                yield [(a, ps[i])] + rest


@pytest.mark.parametrize("seeds,reading", [
    (range(30), ()),
    (range(150, 170), ("container-order=listed", "unavoidable-pairs=isolated", "c9-measure=max",
                       "bye-eligibility=article-2.1.1", "colour-history-5.2.4=by-round")),
])
def test_every_legal_alternative_is_explained_by_a_criterion(seeds, reading):
    """Small random histories (tests/gen_small.py), every legal pairing (up to a cap) with
    Article 5 colours: never illegal, identical only for the engine's, and every other one
    has departures, none of them an engine disagreement."""
    from gen_small import random_tournament

    from dubov_explain.rulebooks.dubov2025.readings import Readings

    readings = Readings.parse(list(reading))
    kinds = set()
    checked = 0
    for seed in seeds:
        t = random_tournament(seed)
        trace = pair_round(t, readings)
        if isinstance(trace.result, ev.Impossible):
            continue
        r = trace.events[0].round
        eng = DubovEngine(t, readings)
        present = sorted(p.number for p in eng.st.players if p.present)
        byes = ([None] if len(present) % 2 == 0
                else [p for p in present if eng.p(p).bye_eligible])
        n = 0
        for b in byes:
            rest = [p for p in present if p != b]
            for m in itertools.islice(_matchings(rest, eng.compat), 10):
                pairs = [allocate(eng.p(x), eng.p(y), eng.initial_colour, readings)[:2]
                         for x, y in m]
                res = check_round(t, r, published_from_pairs(r, pairs, [b] if b else []),
                                  readings, trace=trace)
                same = (set(pairs) == set(trace.result.boards) and b == trace.result.bye)
                assert res.verdict == (IDENTICAL if same else DIFFERENT), (seed, pairs, b)
                if not same:
                    assert res.departures, (seed, pairs, b)
                    assert all(d.kind != "engine" for d in res.departures), (
                        seed, pairs, b, [expl(res, d) for d in res.departures])
                    kinds |= {d.criterion for d in res.departures}
                checked += 1
                n += 1
    assert checked > 100
    # the sample reaches the main criteria and order rules
    assert {"[C5]", "[C6]", "[C7]", "2.1.3", "4.4"} <= kinds


def test_dutch2026_words_its_own_criteria_codes(tmp_path, capsys):
    """Dutch 2026's check codes its absolute criteria as its engine does ("C1"-"C3"); its
    check.md.j2 words each (was: branches on "[C1]"-"[C3]" no finding carries, so a rematch
    read "FAIL C1 rematch (C1)")."""
    from dubov_explain.render.check import violation_text
    from dubov_explain.rulebooks.base import Violation

    for pairing, line in (("4\n1 2\n8 4\n6 9\n5 0\n", "FAIL C1 1 and 2 already played each other in round 3 ([C1])"),
                          ("4\n4 1\n2 8\n6 5\n9 0\n",
                           "FAIL C2 bye to 9, who received the pairing-allocated bye in round 1 ([C2])")):
        code, out, _ = run_cli(tmp_path, capsys, pairing, ("--system", "dutch-2026"))
        assert code == 7 and line in out, out
    v = Violation("C3", (3, 5), "same-absolute", "2.1.3", {"preference": "White"})
    assert violation_text(v, "dutch-2026") == "3 and 5 both have an absolute preference for White ([C3])"
