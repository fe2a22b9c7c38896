"""A whole tournament from the command line: pair, enter results, pair the next round...

Start: the worked example's nine players before round 1 (written by the writer, 5 rounds,
White first). Each round: ``pair --write-trf``, a results list in the order ``pair``
printed, ``result``, then ``check`` of the round (exit 0: it passes the rulebook's absolute
test and is the engine's pairing). After every round the points add up (the consistency
checker finds nothing, and the total is what the results gave) and the ranks are 1..N by
points; the final file is read back identically. Also the ``result`` command's refusals.
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest

import dubov_explain
from dubov_explain.cli import main
from dubov_explain.examples import load_example
from dubov_explain.explain.audit import published_from_round
from dubov_explain.records import replace
from dubov_explain.tournament.consistency import check_consistency
from dubov_explain.tournament.model import standings_ranks
from dubov_explain.tournament.request import request_for_round
from dubov_explain.trf.reader import parse_trf, read_trf
from dubov_explain.trf.results import TOKENS
from dubov_explain.trf.writer import write_trf

ROUNDS = 5


def round1_request(path: Path, fmt: str) -> Path:
    """The example's players with no rounds played: a round-1 request."""
    t = load_example("dubov-example-round4-request.trf")
    players = tuple(replace(p, entries=(), points=Fraction(0), rank=None) for p in t.players)
    t = replace(t, players=players, total_rounds=ROUNDS, source=str(path))
    path.write_text(write_trf(t, fmt), encoding="utf-8")
    return path


def results_for(pairing: list[tuple[int, int]], r: int) -> list[str]:
    """Deterministic results, all kinds: the higher-rated player mostly wins; a draw, a
    forfeit each way and a double forfeit now and then."""
    t = load_example("dubov-example-round4-request.trf")
    rating = {p.number: p.rating for p in t.players}
    out = []
    for board, (w, b) in enumerate(pairing, start=1):
        k = (r * 7 + board * 3) % 11
        if r == 2 and board == 2:
            out.append("--")
        elif k == 0:
            out.append("1/2")
        elif k == 1:
            out.append("+-")
        elif k == 2:
            out.append("-+")
        elif k == 4:
            out.append("½-½")
        else:
            out.append("1-0" if rating[w] >= rating[b] else "0-1")
    return out


GAIN = {"1-0": 1, "0-1": 1, "1/2": 1, "½-½": 1, "+-": 1, "-+": 1, "--": 0}


@pytest.mark.parametrize("fmt", ["trfx", "trf26"])
def test_a_whole_tournament_from_the_command_line(tmp_path, capsys, fmt):
    current = round1_request(tmp_path / "start.trf", fmt)
    total = Fraction(0)
    kinds: set[str] = set()
    for r in range(1, ROUNDS + 1):
        entered, pairing_file = tmp_path / f"r{r}-paired.trf", tmp_path / f"r{r}.pairs"
        done, results = tmp_path / f"r{r}-done.trf", tmp_path / f"r{r}.results"
        before = current.read_bytes()
        assert main(["pair", str(current), "--write-trf", str(entered),
                     "-o", str(pairing_file)]) == 0, capsys.readouterr().err
        assert current.read_bytes() == before
        lines = pairing_file.read_text().split("\n")
        rows = [tuple(int(x) for x in line.split()) for line in lines[1:int(lines[0]) + 1]]
        boards = [(w, b) for w, b in rows if b != 0]
        bye = [w for w, b in rows if b == 0]
        tokens = results_for(boards, r)
        kinds.update(tokens)
        results.write_text("# round %d\n" % r + "\n".join(tokens) + "\n", encoding="utf-8")
        assert main(["result", str(entered), "--round", str(r), "--results", str(results),
                     "-o", str(done)]) == 0, capsys.readouterr().err
        out = capsys.readouterr().out
        assert f"round {r}: {len(boards)} result(s) written to {done}" in out

        t = read_trf(done)
        assert t.dialect == fmt
        assert t.rounds_with_games == r and not any(e.pending for p in t.players
                                                    for e in p.entries)
        # the round entered is the one paired, with the results given, board by board
        for (w, b), token in zip(boards, tokens):
            ew, eb = t.player(w).entry(r), t.player(b).entry(r)
            assert (ew.opponent, eb.opponent, ew.code, eb.code) == (b, w) + TOKENS[token]
            assert (ew.colour.value, eb.colour.value) == ("w", "b")
        # legal by the rulebook's absolute test, and what the engine pairs
        book = dubov_explain.find_rulebook("dubov-2025")
        request, published = request_for_round(t, r), published_from_round(t, r)
        assert book.absolute_test(request, r, published) == []
        res = dubov_explain.check_round(request, r, published, system=book.name)
        assert not res.violations and res.exit_code == 0
        assert main(["check", str(done), "--round", str(r)]) == 0
        capsys.readouterr()
        # points add up: each game gives one point (none for a double forfeit), the PAB one
        total += sum(GAIN[k] for k in tokens) + len(bye)
        assert check_consistency(t) == []
        assert sum((p.points for p in t.players), Fraction(0)) == total
        assert {p.number: p.rank for p in t.players} == standings_ranks(t.players)
        current = done
    assert {"1-0", "0-1", "+-", "-+", "--"} <= kinds and kinds & {"1/2", "½-½"}
    final = read_trf(current)
    text = current.read_text(encoding="utf-8")
    assert write_trf(final) == text
    again = parse_trf(text, final.source)
    assert again == final
    assert final.total_rounds == ROUNDS
    # after the last round there is nothing left to pair
    assert final.round_to_pair == ROUNDS + 1


# ------------------------------------------------------------------ result: refusals


@pytest.fixture
def paired(tmp_path, capsys):
    start = round1_request(tmp_path / "start.trf", "trfx")
    entered = tmp_path / "paired.trf"
    assert main(["pair", str(start), "--write-trf", str(entered)]) == 0
    capsys.readouterr()
    return entered


def test_result_reads_standard_input_and_defaults_to_the_pending_round(paired, tmp_path,
                                                                      capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1-0 0-1\n= 1/2\n"))
    out = tmp_path / "done.trf"
    assert main(["result", str(paired), "-o", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"round 1: 4 result(s) written to {out}"
    assert not any(e.pending for p in read_trf(out).players for e in p.entries)


@pytest.mark.parametrize("text, where, message", [
    ("1-0\n0-1\n1:0\n=\n", "3:1", "'1:0' is not a result; write one of 1-0, 0-1"),
    ("1-0 0-1 = x\n", "1:11", "'x' is not a result"),
    ("1-0\n0-1\n=\n", "4:1", "round 1 has 4 board(s), the results list gives 3: board 4"),
    ("1-0 0-1 = = 1-0\n", "1:13", "gives 5: result 5 ('1-0') has no board"),
])
def test_result_errors_are_located_in_the_results_file(paired, tmp_path, capsys, text, where,
                                                       message):
    res = tmp_path / "res.txt"
    res.write_text(text, encoding="utf-8")
    out = tmp_path / "done.trf"
    assert main(["result", str(paired), "--results", str(res), "-o", str(out)]) == 3
    err = capsys.readouterr().err
    assert f"{res}:{where}: " in err and message in err
    assert "Traceback" not in err
    assert not out.exists()


def test_result_never_overwrites_its_input_unless_in_place(paired, tmp_path, capsys):
    res = tmp_path / "res.txt"
    res.write_text("1-0 1-0 1-0 1-0\n", encoding="utf-8")
    before = paired.read_bytes()
    assert main(["result", str(paired), "--results", str(res), "-o", str(paired)]) == 5
    assert "refusing to overwrite the input file" in capsys.readouterr().err
    assert paired.read_bytes() == before
    with pytest.raises(SystemExit) as exc:  # neither -o nor --in-place: a usage error
        main(["result", str(paired), "--results", str(res)])
    assert exc.value.code != 0 and paired.read_bytes() == before
    capsys.readouterr()
    os.chmod(paired, 0o640)
    assert main(["result", str(paired), "--results", str(res), "--in-place"]) == 0
    after = read_trf(paired)
    assert not any(e.pending for p in after.players for e in p.entries)
    assert os.stat(paired).st_mode & 0o777 == 0o640  # replaced, permissions kept
    assert sorted(os.listdir(tmp_path)) == ["paired.trf", "res.txt", "start.trf"]  # no temp


def test_result_refuses_a_file_without_pending_results_unless_round_given(paired, tmp_path,
                                                                          capsys):
    res = tmp_path / "res.txt"
    res.write_text("1-0 1-0 1-0 1-0\n", encoding="utf-8")
    done = tmp_path / "done.trf"
    assert main(["result", str(paired), "--results", str(res), "-o", str(done)]) == 0
    capsys.readouterr()
    assert main(["result", str(done), "--results", str(res), "-o", str(tmp_path / "x")]) == 3
    assert "no round has pending results; give --round R" in capsys.readouterr().err
    # a correction of round 1: all draws now
    res.write_text("= = = =\n", encoding="utf-8")
    fixed = tmp_path / "fixed.trf"
    assert main(["result", str(done), "--round", "1", "--results", str(res),
                 "-o", str(fixed)]) == 0
    assert {p.points for p in read_trf(fixed).players} == {Fraction(1, 2), Fraction(1)}
    assert main(["result", str(done), "--round", "2", "--results", str(res),
                 "-o", str(tmp_path / "y")]) == 3
    assert "--round 2: the file has pairings for rounds 1-1" in capsys.readouterr().err


def test_a_failed_write_leaves_nothing_behind(paired, tmp_path, capsys):
    res = tmp_path / "res.txt"
    res.write_text("1-0 1-0 1-0 1-0\n", encoding="utf-8")
    missing = tmp_path / "no-such-dir" / "done.trf"
    assert main(["result", str(paired), "--results", str(res), "-o", str(missing)]) == 5
    assert "cannot write" in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["paired.trf", "res.txt", "start.trf"]


def test_result_format_converts_the_dialect(paired, tmp_path, capsys):
    res = tmp_path / "res.txt"
    res.write_text("1-0 1-0 1-0 1-0\n", encoding="utf-8")
    done = tmp_path / "done.trf"
    assert main(["result", str(paired), "--results", str(res), "-o", str(done),
                 "--format", "trf26"]) == 0
    text = done.read_text()
    assert "142 5" in text and "152 W" in text and "XXR" not in text
    assert read_trf(done).dialect == "trf26"


def test_pair_write_trf_keeps_or_converts_the_dialect_and_never_overwrites(tmp_path, capsys):
    start = round1_request(tmp_path / "start.trf", "trf26")
    before = start.read_bytes()
    assert main(["pair", str(start), "--write-trf", str(start)]) == 5
    assert "refusing to overwrite the input file" in capsys.readouterr().err
    assert start.read_bytes() == before
    same, other = tmp_path / "same.trf", tmp_path / "other.trf"
    assert main(["pair", str(start), "--write-trf", str(same)]) == 0
    assert main(["pair", str(start), "--write-trf", str(other), "--trf-format", "trfx"]) == 0
    assert read_trf(same).dialect == "trf26" and "142 5" in same.read_text()
    assert read_trf(other).dialect == "trfx" and "XXR 5" in other.read_text()
    assert all(p.rank for p in read_trf(other).players)
