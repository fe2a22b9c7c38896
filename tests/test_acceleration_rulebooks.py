"""Accelerated rounds in the rulebooks other than Dubov 2025 (issue 14's done-when per
rulebook): ``pair --baku`` in round 1 of 20 players pairs the top ten among themselves and
the bottom ten among themselves, the trace names the accelerated scores, the standings
show the real score beside the pairing score, and a file without acceleration has none of
it in its trace."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from builders import build
from dubov_explain.cli import main
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.trf.reader import read_trf
from dubov_explain.trf.writer import write_trf

SYSTEMS = ("dubov-1997", "dutch-2012")
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


@pytest.mark.parametrize("system", SYSTEMS)
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
