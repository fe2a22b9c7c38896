"""``generate``: seeded, reproducible files with the seed in ``012``; batches by count and
file-name pattern, the same bytes on one or two workers; configuration keys; quiet when
not on a terminal."""

from __future__ import annotations


import pytest

from dubov_explain import cli
from dubov_explain.simulate.batch import file_name, read_config, sizes_for
from dubov_explain.trf.reader import read_trf


def gen(capsys, *args):
    code = cli.main(["generate", *map(str, args)])
    return code, capsys.readouterr()


def test_single_file_carries_its_seed_and_is_reproducible(tmp_path, capsys):
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    code, out = gen(capsys, "--players", 12, "--rounds", 5, "--seed", 77, "-o", a)
    assert code == 0 and out.out == ""
    assert out.err == "seed 77\n"  # no progress bar: stderr is not a terminal
    assert gen(capsys, "--players", 12, "--rounds", 5, "--seed", 77, "-o", b)[0] == 0
    assert a.read_bytes() == b.read_bytes()
    first = a.read_text().splitlines()[0]
    assert first.startswith("012 ") and "77" in first
    t = read_trf(a)
    assert len(t.players) == 12 and t.total_rounds == 5 and t.rounds_with_games == 5
    assert gen(capsys, "--players", 12, "--rounds", 5, "--seed", 78, "-o", b)[0] == 0
    assert a.read_bytes() != b.read_bytes()


def test_generated_file_replays_identically(tmp_path, capsys):
    a = tmp_path / "a.trf"
    assert gen(capsys, "--players", 23, "--rounds", 7, "--seed", 5, "-o", a,
               "--full-point-byes")[0] == 0
    assert cli.main(["replay", str(a), "--strict"]) == 0
    err = capsys.readouterr().err
    assert "7 round(s) replayed: 7 identical" in err


def test_batch_pattern_seeds_and_determinism_across_workers(tmp_path, capsys):
    d1, d2 = tmp_path / "one", tmp_path / "two"
    d1.mkdir()
    d2.mkdir()
    for d, jobs in ((d1, 1), (d2, 2)):
        code, out = gen(capsys, "--players", "6-40", "--rounds", "5-8", "--seed", 100,
                        "--count", 5, "-o", d / "t-{i:02d}-{seed}.trf", "--jobs", jobs)
        assert code == 0
        assert out.err.splitlines()[0] == "seeds 100-104"
    names = sorted(p.name for p in d1.iterdir())
    assert names == [f"t-{i:02d}-{99 + i}.trf" for i in range(1, 6)]
    for name in names:
        assert (d1 / name).read_bytes() == (d2 / name).read_bytes()
    # each member is the single file of its own seed, with the size drawn from that seed
    n, r = sizes_for(102, (6, 40), (5, 8))
    single = tmp_path / "single.trf"
    assert gen(capsys, "--players", n, "--rounds", r, "--seed", 102, "-o", single)[0] == 0
    assert single.read_bytes() == (d1 / "t-03-102.trf").read_bytes()


def test_batch_without_placeholder_numbers_the_files(tmp_path, capsys):
    code, _ = gen(capsys, "--players", 8, "--rounds", 5, "--seed", 1, "--count", 3,
                  "-o", tmp_path / "x.trf", "--jobs", 1)
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x-1.trf", "x-2.trf", "x-3.trf"]
    assert file_name("out/t.trf", 7, 9, 120) == "out/t-007.trf"
    assert file_name("t{i}.trf", 7, 9, 1) == "t7.trf"
    with pytest.raises(ValueError):
        file_name("t{k}.trf", 1, 1, 2)


def test_config_keys_and_unknown_key(tmp_path, capsys):
    cfg = tmp_path / "rtg.cfg"
    cfg.write_text("# JaVaFo / bbpPairings style\nPlayersNumber=14\nRoundsNumber = 6\n"
                   "HighestRating=2300\nLowestRating=1800\nForfeitRate=50\nHPBRate=40\n"
                   "FPBRate=10\nDrawPercentage=40\nPointsForWin=3\nPointsForDraw=1\n"
                   "late_entry_rate=0.2\n", encoding="utf-8")
    c = read_config(cfg.read_text(), str(cfg))
    assert (c.players, c.rounds) == ((14, 14), (6, 6))
    o = c.options
    assert (o.max_rating, o.min_rating, o.forfeit_rate, o.half_bye_rate) == (2300, 1800, 0.05, 0.04)
    assert o.full_point_byes and o.full_bye_rate == 0.01 and o.draw_rate == 0.4
    assert o.late_entry_rate == 0.2
    assert o.scoring.value("WW") == 3 and o.scoring.value("PAB") == 3 and o.scoring.value("WD") == 1
    out = tmp_path / "c.trf"
    code, _ = gen(capsys, "--config", cfg, "--seed", 3, "-o", out)
    assert code == 0
    t = read_trf(out)
    assert len(t.players) == 14 and t.total_rounds == 6
    assert all(1800 <= p.rating <= 2300 for p in t.players)
    assert "XXS" in out.read_text()  # non-standard scoring is written
    assert cli.main(["replay", str(out), "--strict"]) == 0
    capsys.readouterr()
    cfg.write_text("ZPBRate=10\nNoSuchKey=1\n", encoding="utf-8")
    code, err = gen(capsys, "--config", cfg, "--seed", 3, "-o", out)
    assert code == 3 and ":2: NoSuchKey: unknown key" in err.err


def test_bad_arguments_exit_3(tmp_path, capsys):
    assert gen(capsys, "--players", "9-3", "--rounds", 5, "-o", tmp_path / "a.trf")[0] == 3
    assert gen(capsys, "--players", 9, "--rounds", 5, "--count", 0, "-o", tmp_path / "a.trf")[0] == 3
    assert gen(capsys, "--players", 9, "--rounds", 5, "--set", "draw_rate=2",
               "-o", tmp_path / "a.trf")[0] == 3
    # an unwritable destination is a file error
    code, out = gen(capsys, "--players", 9, "--rounds", 5, "--seed", 1,
                    "-o", tmp_path / "no" / "dir" / "a.trf")
    assert code == 5


def test_seed_is_printed_when_drawn(tmp_path, capsys):
    out = tmp_path / "r.trf"
    code, res = gen(capsys, "--players", 7, "--rounds", 5, "-o", out, "--regular")
    assert code == 0
    seed = int(res.err.split()[1])
    assert str(seed) in out.read_text().splitlines()[0]


def test_bbppairings_config_keys_one_in_n(tmp_path, capsys):
    """bbpPairings' rates are "one in N" (RetiredRate, HalfPointByeRate, and ForfeitRate in a
    file of bbpPairings keys); JaVaFo's ForfeitRate is per thousand."""
    text = ("PlayersNumber=20\nRoundsNumber=5\nDrawPercentage=30\nForfeitRate=25\n"
            "RetiredRate=50\nHalfPointByeRate=40\nPointsForWin=1\nPointsForDraw=0.5\n")
    o = read_config(text).options
    assert (o.forfeit_rate, o.withdrawal_rate, o.half_bye_rate) == (1 / 25, 1 / 50, 1 / 40)
    assert read_config("HalfPointByteRate=8\n").options.half_bye_rate == 1 / 8  # bbp's spelling
    assert read_config("ForfeitRate=25\n").options.forfeit_rate == 0.025  # JaVaFo: per mille
    assert read_config("ForfeitRate=25\nZPBRate=5\n").options.forfeit_rate == 0.025
    with pytest.raises(ValueError, match=r"<config>:1: RetiredRate: expected a number N >= 2"):
        read_config("RetiredRate=1\n")
    cfg = tmp_path / "bbp.cfg"
    cfg.write_text(text.replace("\n", "\r\n"), encoding="utf-8")
    out = tmp_path / "b.trf"
    code, _ = gen(capsys, "--config", cfg, "--seed", 5, "-o", out)
    assert code == 0 and len(read_trf(out).players) == 20
