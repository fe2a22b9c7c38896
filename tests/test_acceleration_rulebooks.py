"""Accelerated rounds in the rulebooks other than Dubov 2025 (issue 14's done-when per
rulebook): ``pair --baku`` in round 1 of 20 players pairs the top ten among themselves and
the bottom ten among themselves, the trace names the accelerated scores, the standings
show the real score beside the pairing score, and a file without acceleration has none of
it in its trace."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from builders import build
from dubov_explain.cli import main
from dubov_explain.records import replace
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.trf.reader import read_trf
from dubov_explain.trf.writer import write_trf

SYSTEMS = ("dubov-1997", "dutch-2012", "swiss-rating-1992")
#: swiss-rating-1992 has no acceleration readings of its own (its text predates accelerated
#: systems; it reads earlier floats and top scorers as the standings it shares with Dutch
#: 2012 do) and its player page does not yet word the two scores
WITH_READINGS = ("dubov-1997", "dutch-2012")
F = Fraction


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def round1(tmp_path):
    """A 20-player tournament before round 1 (9 rounds)."""
    t = replace(build([2600 - 25 * i for i in range(20)], [], total_rounds=9), name="Open 20")
    x = tmp_path / "r1.trf"
    x.write_text(write_trf(t))
    return x


def boards(out: str) -> list[tuple[int, int]]:
    lines = out.split("\n")[1:]
    return [tuple(map(int, line.split())) for line in lines if line.strip()]


@pytest.mark.parametrize("system", SYSTEMS)
def test_round_one_of_twenty_with_baku_pairs_the_top_ten_and_the_bottom_ten_apart(
        round1, capsys, system):
    code, out, _ = run(capsys, "pair", round1, "--baku", "--system", system)
    assert code == 0
    pairs = boards(out)
    assert len(pairs) == 10
    top = set(range(1, 11))
    assert all((a in top) == (b in top) for a, b in pairs), pairs
    # without the acceleration the top half meets the bottom half
    code, out, _ = run(capsys, "pair", round1, "--system", system)
    assert code == 0 and all((a in top) != (b in top) for a, b in boards(out))


@pytest.mark.parametrize("system", WITH_READINGS)
def test_the_trace_names_the_accelerated_scores(round1, capsys, system):
    code, out, _ = run(capsys, "pair", round1, "--baku", "--system", system, "--format", "json")
    assert code == 0
    events = json.loads(out)["events"]
    acc = [e for e in events if e["kind"] == "acceleration-applied"]
    assert len(acc) == 1
    assert acc[0]["players"] == [[n, "0", "1", "1"] for n in range(1, 11)]
    assert dict(acc[0]["method"])["ga_size"] == "10"
    rows = {r["number"]: r for e in events if e["kind"] == "standings" for r in e["rows"]}
    assert (rows[1]["score"], rows[1]["real_score"], rows[1]["virtual"]) == ("1", "0", "1")
    assert (rows[11]["score"], rows[11]["real_score"], rows[11]["virtual"]) == ("0", "0", "0")
    # the readings of acceleration are in force (the header lists them)
    assert any(k.startswith("acceleration-") for k in events[0]["readings"])
    code, out, _ = run(capsys, "pair", round1, "--baku", "--system", system, "--format", "md")
    assert "1: 0 + 1 = 1; 2: 0 + 1 = 1;" in out
    assert "| Score | Real | Acc |" in out


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_file_without_acceleration_has_no_acceleration_in_its_trace(round1, system):
    trace = find_rulebook(system).pair(read_trf(round1))
    assert not [e for e in trace.events if e.kind == "acceleration-applied"]
    rows = [e for e in trace.events if e.kind == "standings"][0].rows
    assert not any("real_score" in r for r in rows)
    assert not any(k.startswith("acceleration-") for k in trace.events[0].readings)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_standings_command_shows_real_and_acceleration(tmp_path, capsys, system):
    t = build([2400 - 50 * i for i in range(6)], [[(1, 4, "1"), (5, 2, "="), (3, 6, "0")]],
              total_rounds=5)
    t = replace(t, acceleration={n: (F(1), F(1)) for n in (1, 2, 3)})
    f = tmp_path / "acc.trf"
    f.write_text(write_trf(t))
    code, out, _ = run(capsys, "standings", f, "--system", system)
    assert code == 0
    head = next(line for line in out.splitlines() if line.startswith("No "))
    assert "Score  Real  Acc" in head
    row2 = next(line for line in out.splitlines() if line.startswith("2 "))
    # pairing score 0.5 + 1, real 0.5, acceleration 1
    assert row2.split()[4:7] == ["1.5", "0.5", "1.0"], row2


# --------------------------------------------------------------------------- Dubov 1997
def test_dubov1997_round_one_odd_score_group_sends_its_last_player_down():
    """5 per score group (reading acceleration-first-round=score-groups): the 1-point group
    1-5 is odd, so 5 goes down to the 0-point list 5-10; the lot colours pairs 1, 2, 3 ...
    numbered on through the groups."""
    t = build([2400 - 40 * i for i in range(10)], [], total_rounds=7)
    t = replace(t, acceleration={n: (F(1),) for n in range(1, 6)})
    book = find_rulebook("dubov-1997")
    trace = book.pair(t)
    assert {frozenset(p) for p in trace.result.boards} == {
        frozenset(p) for p in [(1, 3), (2, 4), (5, 8), (6, 9), (7, 10)]}
    groups = [e for e in trace.events if e.kind == "first-round-group"]
    assert [(g.score, g.upper, g.lower, g.came_down, g.goes_down) for g in groups] == [
        ("1", (1, 2), (3, 4), (), (5,)), ("0", (5, 6, 7), (8, 9, 10), (5,), ())]
    colours = [(e.white, e.black) for e in trace.events if e.kind == "colour-allocated"]
    assert colours == [(1, 3), (4, 2), (5, 8), (9, 6), (7, 10)]  # odd pairs: White up
    whole = book.pair(t, book.readings({"acceleration-first-round": "whole-list"}))
    assert {frozenset(p) for p in whole.result.boards} == {
        frozenset((k, k + 5)) for k in range(1, 6)}


def test_dubov1997_bye_reads_the_score_the_reading_names():
    """Round 2 of 5 players: 5 had the bye, 3 and 4 lost; XXA gives 4 one point in round 2.
    Pairing score: the lowest group is 3 alone (0), real score: 3 and 4 (0), 4 lower R."""
    t = build([2400, 2300, 2200, 2100, 2000], [[(1, 3, "1"), (2, 4, "1"), (5, "U")]],
              total_rounds=5)
    t = replace(t, acceleration={4: (F(0), F(1))})
    book = find_rulebook("dubov-1997")
    assert book.pair(t).result.bye == 3
    assert book.pair(t, book.readings({"acceleration-bye": "real"})).result.bye == 4


def test_dubov1997_transfers_read_the_scores_the_reading_names():
    """Round 1 paired 1-2 while 2 had one virtual point: a transfer of 1 to a higher score
    group (2.5) on the pairing scores, none on the real scores."""
    t = build([2400, 2300, 2200, 2100], [[(1, 2, "="), (3, 4, "=")]], total_rounds=5)
    t = replace(t, acceleration={2: (F(1),)})
    book = find_rulebook("dubov-1997")
    st = book.standings(t, None, book.readings())
    assert st[1].upfloat_rounds == (1,) and st[1].points == st[1].score == F(1, 2)
    assert (st[2].score, st[2].points, st[2].virtual) == (F(1, 2), F(1, 2), 0)
    real = book.standings(t, None, book.readings({"acceleration-transfers": "real"}))
    assert real[1].upfloat_rounds == ()


@pytest.mark.parametrize("players,seed", [(8, 0), (10, 1), (12, 2), (9, 3)])
def test_dubov1997_accelerated_rounds_pair_the_rows_as_the_literal_search(players, seed):
    """The literal twin of 6.3 (tests/test_dubov1997_bruteforce.py) on accelerated rounds."""
    from test_dubov1997_bruteforce import groups_of, literal_63, met, pair_ok

    from dubov_explain.simulate import GeneratorOptions, simulate

    book = find_rulebook("dubov-1997")
    sim = simulate(players, 6, seed, options=GeneratorOptions(system="dubov-1997"),
                   keep_rounds=True)
    checked = 0
    for rec in sim.rounds[1:]:
        r = rec.round
        req = replace(rec.request, acceleration={
            n: (F(1),) * (r - 1) + (F(1, 2),) for n in range(1, players // 2 + 1)})
        trace = book.pair(req, round_no=r)
        played = met(req, r)

        def ok(a, b):
            return pair_ok(req, r, a, b, played)

        for g in groups_of(trace):
            W = [n for n in g["whites"] if n not in g["floaters"]]
            B = [n for n in g["blacks"] if n not in g["floaters"]]
            if W or B:
                assert literal_63(W, B, ok) == g["pairs"], (players, seed, r, W, B)
                checked += 1
    assert checked


# --------------------------------------------------------------------------- Dutch 2012
@pytest.mark.parametrize("reading", [None, "acceleration-floats=real",
                                     "acceleration-top-scorers=pairing",
                                     "acceleration-board-order=real"])
def test_dutch2012_accelerated_rounds_pair_as_the_literal_twin(reading):
    """The literal twin (tests/dutch2012_literal.py) on rounds with XXA points (the top half
    1 point in each round, a half in the round to pair), under each acceleration reading."""
    from dutch2012_literal import literal_round

    from dubov_explain.simulate import GeneratorOptions, simulate
    from dubov_explain.trace.events import Impossible

    book = find_rulebook("dutch-2012")
    readings = book.readings(dict([reading.split("=")]) if reading else {})
    compared = 0
    for players, seed in ((7, 1), (8, 2), (9, 3), (10, 4)):
        sim = simulate(players, 5, seed, options=GeneratorOptions(system="dutch-2012"),
                       keep_rounds=True)
        for rec in sim.rounds:
            r = rec.round
            req = replace(rec.request, acceleration={
                n: (F(1),) * (r - 1) + (F(1, 2),) for n in range(1, (players + 1) // 2 + 1)})
            trace = book.pair(req, readings, round_no=r)
            lit = literal_round(req, r, readings)
            if isinstance(trace.result, Impossible):
                assert lit is None
                continue
            assert lit == ({frozenset(p) for p in trace.result.boards}, trace.result.bye), (
                players, seed, r)
            compared += 1
    assert compared >= 10


@pytest.mark.parametrize("system", WITH_READINGS)
def test_explain_says_the_pairing_score_is_real_plus_acceleration(capsys, system):
    case = "golden/dubov-1997/cases/acceleration-points-drop.trf"
    code, out, _ = run(capsys, "explain", case, "--system", system, "--player", "2")
    assert code == 0
    assert "has 1.5 points for pairing (1 scored + 0.5 acceleration points) before round 3" in out
    code, out, _ = run(capsys, "explain", case, "--system", system, "--player", "5")
    assert code == 0 and "for pairing" not in out  # no acceleration points: nothing to say


def test_dubov1997_explain_finds_the_bye_of_round_one_by_score_groups(tmp_path, capsys):
    t = build([2400 - 40 * i for i in range(9)], [], total_rounds=7)
    f = tmp_path / "odd.trf"
    f.write_text(write_trf(replace(t, acceleration={n: (F(1),) for n in range(1, 5)})))
    code, out, _ = run(capsys, "explain", f, "--system", "dubov-1997", "--player", "9")
    assert code == 0 and "9 is the last of the list and gets the bye (5)" in out


def test_swiss_rating_1992_trace_names_the_accelerated_scores(round1, capsys):
    code, out, _ = run(capsys, "pair", round1, "--baku", "--system", "swiss-rating-1992",
                       "--format", "json")
    assert code == 0
    events = json.loads(out)["events"]
    acc = [e for e in events if e["kind"] == "acceleration-applied"]
    assert len(acc) == 1 and acc[0]["article"] == "A.3" and acc[0]["readings"] == []
    assert acc[0]["players"] == [[n, "0", "1", "1"] for n in range(1, 11)]
    code, out, _ = run(capsys, "pair", round1, "--baku", "--system", "swiss-rating-1992",
                       "--format", "md")
    assert "1: 0 + 1 = 1; 2: 0 + 1 = 1;" in out and "the 1992 text itself has no" in out
