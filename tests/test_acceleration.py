"""Accelerated rounds: XXA / 250 kept through the round trip, the pairing score in the
Dubov 2025 rulebook and its trace, and ``pair --baku`` (the Baku Acceleration Method)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from builders import build
from dubov_explain.cli import main
from dubov_explain.errors import InputError
from dubov_explain.records import replace
from dubov_explain.rulebooks.acceleration.baku import (
    BakuReadings, accelerate, ga_size, plan, round_points,
)
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.rulebooks.dubov2025.readings import Readings
from dubov_explain.rulebooks.dubov2025.standings import compute_standings
from dubov_explain.tournament.facts import round_facts
from dubov_explain.tournament.model import RoundEntry
from dubov_explain.trf.reader import parse_trf, read_trf
from dubov_explain.trf.writer import write_trf

HERE = Path(__file__).parent
DIALECTS = HERE / "dialects"
CASES = HERE.parent / "golden" / "cases"
F = Fraction


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def round1(tmp_path):
    """A 20-player tournament before round 1 (9 rounds), in TRF(x) and in TRF26."""
    t = replace(build([2600 - 25 * i for i in range(20)], [], total_rounds=9), name="Open 20")
    x, t26 = tmp_path / "r1.trf", tmp_path / "r1-26.trf"
    x.write_text(write_trf(t))
    t26.write_text(write_trf(t, "trf26"))
    return x, t26


def boards(out: str) -> list[tuple[int, int]]:
    lines = out.split("\n")[1:]
    return [tuple(map(int, line.split())) for line in lines if line.strip()]


# --------------------------------------------------------------------------- done-when
def test_round_one_of_twenty_with_baku_pairs_the_top_ten_and_the_bottom_ten_apart(round1, capsys):
    x, _ = round1
    code, out, _ = run(capsys, "pair", x, "--baku")
    assert code == 0
    pairs = boards(out)
    assert len(pairs) == 10
    top = set(range(1, 11))
    assert all((a in top) == (b in top) for a, b in pairs), pairs
    # without the acceleration the top half meets the bottom half (1.3.1: one scoregroup)
    code, out, _ = run(capsys, "pair", x)
    assert code == 0 and all((a in top) != (b in top) for a, b in boards(out))


def test_the_xxa_round_trip_is_byte_for_byte():
    original = (DIALECTS / "javafo.trf").read_text()
    xxa = [line for line in original.splitlines() if line.startswith("XXA")]
    text = write_trf(parse_trf(original))
    assert [line for line in text.splitlines() if line.startswith("XXA")] == xxa
    assert write_trf(parse_trf(text)) == text
    assert "250 " not in text and "XXA" in write_trf(parse_trf(original), "trf26")


def test_the_250_round_trip_is_byte_for_byte():
    original = (DIALECTS / "trf26.trf").read_text()
    line = "250      01.0 001 004 0001 0004"
    assert line in original.splitlines()
    t = parse_trf(original)
    assert t.acceleration_250 == {1, 2, 3, 4}
    text = write_trf(t)
    assert line in text.splitlines() and "XXA" not in text
    assert write_trf(parse_trf(text)) == text
    # the golden late-entrant case is a TRF26 file whose points are 250 records
    case = (CASES / "1.3.1-baku-late-entrant.trf").read_text()
    assert "250      01.0 001 002 0001 0003" in case
    assert write_trf(read_trf(CASES / "1.3.1-baku-late-entrant.trf")) == case


def test_the_trace_names_the_accelerated_scores(round1, capsys):
    x, _ = round1
    code, out, _ = run(capsys, "pair", x, "--baku", "--format", "json")
    assert code == 0
    events = json.loads(out)["events"]
    acc = [e for e in events if e["kind"] == "acceleration-applied"]
    assert len(acc) == 1
    assert acc[0]["players"] == [[n, "0", "1", "1"] for n in range(1, 11)]
    method = dict(acc[0]["method"])
    assert (method["method"], method["text"], method["ga_size"], method["last_ga"]) == (
        "baku", "C.04.5.1", "10", "10")
    rows = {r["number"]: r for e in events if e["kind"] == "standings" for r in e["rows"]}
    assert (rows[1]["score"], rows[1]["real_score"], rows[1]["virtual"]) == ("1", "0", "1")
    assert (rows[11]["score"], rows[11]["real_score"], rows[11]["virtual"]) == ("0", "0", "0")
    code, out, _ = run(capsys, "pair", x, "--baku", "--format", "md")
    assert "Baku Acceleration Method (FIDE Handbook C.04.5.1" in out
    assert "1: 0 + 1 = 1; 2: 0 + 1 = 1;" in out
    assert "| Score | Real | Acc |" in out


def test_a_file_without_acceleration_has_no_acceleration_in_its_trace(round1):
    trace = pair_round(read_trf(round1[0]))
    assert not [e for e in trace.events if e.kind == "acceleration-applied"]
    rows = [e for e in trace.events if e.kind == "standings"][0].rows
    assert not any("real_score" in r for r in rows)
    assert "acceleration-bye" not in trace.events[0].readings  # not in force


# --------------------------------------------------------------------------- round trip
def test_250_records_in_canonical_form_read_back_to_the_same_points():
    player = (DIALECTS / "trf26.trf").read_text().splitlines()[11]
    lines = [player.replace("   1 w", f"{n:4d} w", 1) for n in range(1, 7)]
    text = "\n".join(["142 5"] + lines + [
        "250      01.0 001 002 0001 0003",
        "250      00.5 003 003 0001 0002",
        "250      02.0 001 001 0005 0006",
    ]) + "\n"
    t = parse_trf(text)
    assert t.acceleration == {1: (F(1), F(1), F(1, 2)), 2: (F(1), F(1), F(1, 2)),
                              3: (F(1), F(1)), 5: (F(2),), 6: (F(2),)}
    out = write_trf(t)
    assert out.splitlines()[-4:] == [
        "250      01.0 001 002 0001 0002",
        "250      00.5 003 003 0001 0002",
        "250      01.0 001 002 0003 0003",
        "250      02.0 001 001 0005 0006",
    ]
    assert parse_trf(out).acceleration == t.acceleration
    assert write_trf(parse_trf(out)) == out
    # TRF26 written as TRF(x): XXA, which JaVaFo and py4swiss read (they do not read 250)
    as_x = write_trf(t, "trfx")
    assert "250 " not in as_x and "XXA    1  1.0  1.0  0.5" in as_x
    assert parse_trf(as_x).acceleration == t.acceleration


def test_a_trfx_file_with_250_records_keeps_them():
    player = (DIALECTS / "javafo.trf").read_text().splitlines()[4]
    text = "XXR 5\n" + player + "\n250      01.0 001 002 0001 0001\n"
    t = parse_trf(text)
    assert t.dialect == "trfx" and write_trf(t).splitlines()[-1] == "250      01.0 001 002 0001 0001"


# --------------------------------------------------------------------------- the fact
def test_the_pairing_points_are_points_plus_the_rounds_acceleration():
    t = read_trf(DIALECTS / "trf26.trf")
    f = round_facts(t)
    assert (f[1].points, f[1].virtual_points, f[1].pairing_points) == (7, 1, 8)
    assert f[1].pairing_points_before == (1, 4, 7, 8)  # 3/1/0 scoring, 1 point a round
    assert f[5].pairing_points == f[5].points == 3 and not f[5].accelerated
    st = compute_standings(t)
    assert (st[1].score, st[1].points, st[1].virtual) == (8, 7, 1)


# --------------------------------------------------------------------------- readings
def _case(name: str):
    return read_trf(CASES / f"{name}.trf")


@pytest.mark.parametrize("reading", ["acceleration-bye", "acceleration-upfloats",
                                     "acceleration-upfloaters",
                                     "acceleration-ranking"])
def test_each_acceleration_reading_changes_its_golden_case(reading):
    t = _case(f"reading-{reading}")
    a = pair_round(t, Readings.from_pairs({reading: "pairing"})).result
    b = pair_round(t, Readings.from_pairs({reading: "real"})).result
    assert (a.boards, a.bye) != (b.boards, b.bye)


def test_the_bye_reading_reads_the_real_score():
    t = _case("reading-acceleration-bye")
    st = compute_standings(t, None, Readings.from_pairs({"acceleration-bye": "real"}))
    assert (st[3].score, st[3].points) == (1, 0)
    assert pair_round(t, Readings.from_pairs({"acceleration-bye": "real"})).result.bye == 3
    assert pair_round(t).result.bye == 6


# --------------------------------------------------------------------------- Baku
def test_baku_group_sizes_and_rounds():
    assert [ga_size(n) for n in (1, 2, 3, 4, 5, 20, 21, 161)] == [2, 2, 2, 2, 4, 10, 12, 82]
    assert [ga_size(n, "half-up") for n in (5, 21, 161)] == [3, 11, 81]
    assert [round_points(k, 6) for k in range(1, 7)] == [1, 1, F(1, 2), 0, 0, 0]
    assert [round_points(k, 5) for k in range(1, 6)] == [1, 1, F(1, 2), 0, 0]


def test_baku_late_entrant_keeps_the_last_ga_player():
    t = _case("1.3.1-baku-late-entrant")  # 13 players; 4 entered before round 2
    keep = plan(t)
    assert (keep.ga, keep.last_ga, keep.ga_from) == (tuple(range(1, 8)), 7, "file")
    recount = plan(t, readings=BakuReadings.from_pairs({"baku-late-entries": "recount"}))
    assert (recount.ga, recount.ga_from) == (tuple(range(1, 9)), "count")  # 2 * ceil(13/4)
    assert accelerate(t).acceleration[4] == (F(0), F(1))  # none in round 1: not there yet


def test_baku_points_drop_and_stop():
    t = _case("1.3.1-baku-round4-half")
    assert {n: v[-1] for n, v in accelerate(t).acceleration.items()} == {
        n: F(1, 2) for n in range(1, 11)}
    t6 = _case("1.3.1-baku-round6-none")
    p = plan(t6)
    assert p.points[-1] == 0 and accelerate(t6).acceleration == t6.acceleration


def test_baku_refuses_other_scoring_unless_scaled(capsys, tmp_path):
    f = tmp_path / "x.trf"
    text = (DIALECTS / "javafo.trf").read_text()
    f.write_text("".join(l for l in text.splitlines(True) if not l.startswith("XXA")))
    code, out, err = run(capsys, "pair", f, "--baku")
    assert code == 3 and "--baku: the tournament scores a win 3, a draw 1" in err
    assert "Traceback" not in err
    code, out, err = run(capsys, "pair", f, "--baku", "--baku-reading", "baku-scoring=scaled")
    assert code == 3 and "not worth two draws" in err
    g = tmp_path / "two.trf"
    g.write_text(f.read_text().replace("XXS W=3 D=1 PAB=3", "XXS W=2 D=1 PAB=2")
                 .replace(" 7.0 ", " 4.0 "))
    t = parse_trf(g.read_text().replace("XXS W=2 D=1 PAB=2", "XXS W=2 D=1 PAB=2"))
    scaled = accelerate(t, BakuReadings.from_pairs({"baku-scoring": "scaled"}))
    assert set(scaled.acceleration[1]) <= {F(2), F(1)}
    with pytest.raises(InputError):
        accelerate(t)


def test_baku_write_trf_carries_the_points_to_the_next_round(round1, capsys, tmp_path):
    x, t26 = round1
    before = x.read_text()
    out_x, out_26 = tmp_path / "next.trf", tmp_path / "next26.trf"
    assert run(capsys, "pair", x, "--baku", "--write-trf", out_x)[0] == 0
    assert run(capsys, "pair", t26, "--baku", "--write-trf", out_26)[0] == 0
    assert x.read_text() == before  # the input is never overwritten
    text_x, text_26 = out_x.read_text(), out_26.read_text()
    acc_x = [line for line in text_x.splitlines() if line[:3] in ("XXA", "250")]
    acc_26 = [line for line in text_26.splitlines() if line[:3] in ("XXA", "250")]
    assert acc_x == [f"XXA {n:4d}  1.0" for n in range(1, 11)]
    assert acc_26 == ["250      01.0 001 001 0001 0010"]
    # explicit dialects: a TRF(x) file written as TRF26 gets 250, a TRF26 one as TRF(x) XXA
    out_c = tmp_path / "conv.trf"
    assert run(capsys, "pair", x, "--baku", "--write-trf", out_c, "--trf-format", "trf26")[0] == 0
    assert "250      01.0 001 001 0001 0010" in out_c.read_text()
    assert parse_trf(text_x).acceleration == parse_trf(text_26).acceleration


def test_baku_reading_needs_baku(round1, capsys):
    with pytest.raises(SystemExit) as info:
        main(["pair", str(round1[0]), "--baku-reading", "baku-ga-size=half-up"])
    assert info.value.code == 3
    assert "--baku-reading goes with --baku" in capsys.readouterr().err
    code, out, _ = run(capsys, "pair", round1[0], "--baku", "--baku-reading",
                       "baku-ga-size=half-up", "--format", "json")
    method = dict(next(e for e in json.loads(out)["events"]
                       if e["kind"] == "acceleration-applied")["method"])
    assert (method["ga_size"], method["baku-ga-size"]) == ("10", "half-up")


def test_a_baku_192_without_points_is_paired_as_it_is_with_a_warning(round1, capsys, tmp_path):
    _, t26 = round1
    f = tmp_path / "baku.trf"
    f.write_text(t26.read_text().replace("142 9", "142 9\n192 FIDE_DUBOV_BAKU"))
    code, out, err = run(capsys, "pair", f)
    assert code == 0 and "192 names FIDE_DUBOV_BAKU (Baku acceleration) but the file gives no " \
        "XXA/250 points for round 1" in err
    plain = run(capsys, "pair", t26)[1]
    assert out == plain  # not accelerated
    code, out, err = run(capsys, "pair", f, "--baku")
    assert code == 0 and "warning" not in err and out != plain


# --------------------------------------------------------------------------- literal twin
@pytest.mark.parametrize("pairs", [{}, {"acceleration-upfloats": "real"},
                                   {"acceleration-bye": "real"},
                                   {"acceleration-ranking": "real"},
                                   {"acceleration-upfloaters": "real"}],
                         ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "defaults")
def test_accelerated_rounds_pair_as_the_literal_twin(pairs):
    """The engine's searches return what the brute-force literal procedure returns on
    small tournaments with Baku virtual points, under every acceleration reading (the twin
    honours them: ``tests/literal.py``); before the twin read acceleration-bye and
    acceleration-upfloaters, 9 and 23 of 300 such seeds (150 of each profile) parted, so
    these tournaments do exercise them."""
    from tests.test_engine_bruteforce import engine_result, literal_result
    from gen_small import random_tournament

    readings = Readings.from_pairs(pairs)
    accelerated = 0
    for seed in range(40):
        for hard in (False, True):
            t = accelerate(random_tournament(seed, hard=hard))
            accelerated += any(t.acceleration.values())
            assert engine_result(t, readings) == literal_result(t, readings), (seed, hard)
    assert accelerated == 80


def test_baku_field_counts_the_file_or_the_players_to_pair():
    """Reading baku-field: 3 is absent from round 1 (a pre-entered half-point bye)."""
    t = build([2600 - 25 * i for i in range(20)], [], total_rounds=9)
    players = tuple(replace(p, entries=(RoundEntry(None, None, "H"),), points=F(1, 2))
                    if p.number == 3 else p for p in t.players)
    t = replace(t, players=players)
    registered = plan(t)
    assert (registered.field, registered.ga) == (20, tuple(range(1, 11)))
    to_pair = plan(t, readings=BakuReadings.from_pairs({"baku-field": "to-pair"}))
    # 19 to pair: 2 * ceil(19 / 4) = 10 of them, 1 2 4 ... 11; 3 ranks above 11, so GA 1-11
    assert (to_pair.field, to_pair.ga, to_pair.last_ga) == (19, tuple(range(1, 12)), 11)


def test_baku_ga_size_readings_pair_differently(tmp_path, capsys):
    """22 players: GA is 2 * ceil(22 / 4) = 12 by the text, ceil(22 / 2) = 11 by bbpPairings'
    code; with 11 the GA scoregroup is odd and 12, the first GB player, upfloats into it:
    the same boards in round 1, but 12 has an upfloat on record (1.7, [C10] next round)
    and no virtual point."""
    t = replace(build([2600 - 20 * i for i in range(22)], [], total_rounds=7), name="Open 22")
    f = tmp_path / "r1.trf"
    f.write_text(write_trf(t))

    def trace(*extra):
        events = json.loads(run(capsys, "pair", f, "--baku", "--format", "json", *extra)[1])
        return events["events"]

    even, half = trace(), trace("--baku-reading", "baku-ga-size=half-up")
    acc = [dict(next(e for e in tr if e["kind"] == "acceleration-applied")["method"])
           for tr in (even, half)]
    assert [a["ga_size"] for a in acc] == ["12", "11"]
    ups = [[e["players"] for e in tr if e["kind"] == "upfloaters-chosen"] for tr in (even, half)]
    assert ups == [[], [[12]]]
