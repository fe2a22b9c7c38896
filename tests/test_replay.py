"""``replay``: re-pair every round from its history; bbpPairings-shaped report on stdout,
explanations and a summary line on stderr; generated tournaments replay identically."""

from __future__ import annotations

import io

import pytest

from builders import build
from dubov_explain import cli
from dubov_explain.batch import Progress
from dubov_explain.examples import example_text
from dubov_explain.explain.audit import DIFFERENT, IDENTICAL, ILLEGAL
from dubov_explain.app import replay_file as replay_path
from dubov_explain.explain.replay import replay_tournament
from dubov_explain.render.replay import explanation_text, report_text, summary_line
from dubov_explain.simulate import GeneratorOptions, simulate
from dubov_explain.trf.reader import parse_trf
from dubov_explain.trf.writer import write_trf

#: every irregularity of the generator, more often than by default
BUSY = GeneratorOptions(
    forfeit_rate=0.06, double_forfeit_rate=0.02, quick_game_rate=0.05, half_bye_rate=0.05,
    zero_bye_rate=0.05, full_point_byes=True, full_bye_rate=0.03, withdrawal_rate=0.03,
    late_entry_rate=0.1, unrated_rate=0.2, rating_tie_rate=0.2,
)


@pytest.mark.parametrize("players,rounds,seed,options", [
    (6, 5, 1, BUSY), (9, 7, 2, BUSY), (16, 9, 3, BUSY), (25, 11, 4, BUSY), (40, 8, 5, BUSY),
    (73, 9, 6, BUSY), (120, 7, 7, GeneratorOptions(full_point_byes=True)),
    (31, 6, 8, GeneratorOptions()),
])
def test_generated_tournaments_replay_with_zero_differences(players, rounds, seed, options):
    sim = simulate(players, rounds, seed, options=options)
    t = parse_trf(write_trf(sim.tournament), f"gen-{seed}.trf")  # what the file holds
    res = replay_tournament(t)
    assert len(res.rounds) == sim.rounds_played
    bad = [(r.round, r.verdict, [str(v) for v in r.violations],
            [(d.case, d.criterion) for d in r.departures]) for r in res.rounds if r.verdict != IDENTICAL]
    assert bad == []
    assert res.violations == 0
    assert report_text(res) == "".join(f"gen-{seed}: Round #{r}\n"
                                       for r in range(1, sim.rounds_played + 1))
    assert explanation_text(res) == ""


def test_worked_example_report_and_summary():
    t = parse_trf(example_text("dubov-example-after-round3.trf"), "dubov-example-after-round3.trf")
    res = replay_tournament(t)
    assert report_text(res) == (
        "dubov-example-after-round3: Round #1\n"
        "dubov-example-after-round3: Round #2\n"
        "dubov-example-after-round3: Round #3\n"
    )
    assert summary_line(res) == ("dubov-example-after-round3: 3 round(s) replayed: 3 identical, "
                                 "0 legal but different, 0 illegal (0 absolute violation(s))")


def _tampered():
    """Four players: round 1 published as 1-4, 3-2 (the engine: 1-3, 4-2; only the order
    rule 4.4 separates them), round 2 as the engine pairs it from that history."""
    from dubov_explain.rulebooks.dubov2025.engine import pair_round

    r1 = [(1, 4, "1"), (3, 2, "=")]
    t1 = build([2400, 2300, 2200, 2100], [r1], total_rounds=4)
    r2 = [(w, b, "=") for w, b in pair_round(t1, round_no=2).result.boards]
    return build([2400, 2300, 2200, 2100], [r1, r2], total_rounds=4)


def test_a_changed_round_is_reported_in_the_bbp_shape_and_explained():
    res = replay_tournament(_tampered(), name="tampered")
    assert [r.verdict for r in res.rounds] == [DIFFERENT, IDENTICAL]
    assert report_text(res) == (
        "tampered: Round #1\n"
        "  Checker pairings        Tournament pairings \n"
        "      1 -   3                  1 -   4\n"
        "      4 -   2                  3 -   2\n"
        "\n"
        "tampered: Round #2\n"
    )
    expl = explanation_text(res)
    assert expl.startswith("tampered: Round #1: legal but different\n"
                           "  1. [2.2.6; as good on [C5]-[C10]; departs only from the order "
                           "rule 4.4]\n")
    assert summary_line(res) == ("tampered: 2 round(s) replayed: 1 identical, 1 legal but "
                                 "different, 0 illegal (0 absolute violation(s))")


def test_an_illegal_round_is_counted_with_its_violations():
    # round 2 repeats both games of round 1 (the engine's round 1: 1-3, 4-2)
    t = build([2200, 2100, 2000, 1900], [[(1, 3, "1"), (4, 2, "1")], [(3, 1, "="), (2, 4, "=")]],
              total_rounds=4)
    res = replay_tournament(t, name="rematch")
    assert [r.verdict for r in res.rounds] == [IDENTICAL, ILLEGAL]
    assert res.violations == 2  # both games are rematches
    assert "FAIL [C1] 3 and 1 already played each other in round 1" in explanation_text(res)


def test_cli_replay_streams_and_strict_exit_codes(tmp_path, capsys):
    t = _tampered()
    path = tmp_path / "tampered.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0  # bbpPairings: differences exit 0
    out, err = capsys.readouterr()
    assert "Checker pairings" in out and "Round #1:" not in out  # explanations not on stdout
    assert "tampered: Round #1: legal but different" in err
    assert "tampered: 2 round(s) replayed: 1 identical" in err
    assert cli.main(["replay", str(path), "--strict"]) == 6
    capsys.readouterr()
    expl = tmp_path / "why.txt"
    assert cli.main(["replay", str(path), "--explain", str(expl)]) == 0
    out, err = capsys.readouterr()
    assert "Round #1: legal" in expl.read_text() and "Round #1: legal" not in err


def test_cli_replay_several_files_is_deterministic_across_jobs(tmp_path, capsys):
    paths = []
    for seed in range(4):
        sim = simulate(8 + seed * 5, 5, seed, options=BUSY)
        p = tmp_path / f"g{seed}.trf"
        p.write_text(write_trf(sim.tournament), encoding="utf-8")
        paths.append(str(p))
    t = _tampered()
    bad = tmp_path / "tampered.trf"
    bad.write_text(write_trf(t), encoding="utf-8")
    paths.insert(2, str(bad))
    outs = []
    for jobs in ("1", "2"):
        assert cli.main(["replay", *paths, "--jobs", jobs]) == 0
        outs.append(capsys.readouterr())
    assert outs[0].out == outs[1].out and outs[0].err == outs[1].err
    assert "replay: 5 file(s), " in outs[0].err
    assert "\r" not in outs[0].err  # no progress bar when stderr is not a terminal


def test_replay_round_selection_and_errors(tmp_path, capsys):
    path = tmp_path / "ex.trf"
    path.write_text(example_text("dubov-example-after-round3.trf"), encoding="utf-8")
    assert cli.main(["replay", str(path), "--round", "2"]) == 0
    assert capsys.readouterr().out == "ex: Round #2\n"
    assert cli.main(["replay", str(path), "--round", "7"]) == 3
    assert cli.main(["replay", str(tmp_path / "missing.trf")]) == 5


def test_history_errors_before_a_checked_round_are_input_errors(tmp_path, capsys):
    # round 1 is one-sided (2 names 1, 1 names 3): checking round 2 needs a sound history
    text = write_trf(build([2200, 2100, 2000, 1900],
                           [[(1, 2, "1"), (3, 4, "1")], [(1, 3, "="), (2, 4, "=")]],
                           total_rounds=4))
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("001    1"))
    lines[i] = lines[i][:91] + "   3" + lines[i][95:]
    path = tmp_path / "broken.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["check", str(path), "--round", "2"]) == 3
    err = capsys.readouterr().err
    assert "recorded on this side only" in err
    # replaying every round reports it as round 1's violation instead
    assert cli.main(["replay", str(path)]) == 0
    captured = capsys.readouterr()
    assert "broken: Round #1: illegal" in captured.err


def test_progress_bar_only_on_a_terminal():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    quiet = io.StringIO()
    with Progress(3, "x", quiet) as p:
        for _ in range(3):
            p.update()
        p.write("hello")
    assert quiet.getvalue() == "hello\n"
    tty = Tty()
    with Progress(3, "x", tty) as p:
        for _ in range(3):
            p.update()
        p.write("hello")
    shown = tty.getvalue()
    assert "\r" in shown and "[" in shown and "3/3" in shown and "hello\n" in shown


# --------------------------------------------------------------------------- bounded replay


def test_cli_replay_explains_only_when_asked(tmp_path, capsys, monkeypatch):
    """Without --explain no difference is analysed (the costly part); --explain - puts the
    explanations on stderr."""
    from dubov_explain.rulebooks import find_rulebook

    path = tmp_path / "tampered.trf"
    path.write_text(write_trf(_tampered()), encoding="utf-8")
    book = type(find_rulebook("dubov-2025"))
    real = book.analyse_departures
    calls = []

    def counting(self, *a, **k):
        calls.append(a[1])
        return real(self, *a, **k)

    monkeypatch.setattr(book, "analyse_departures", counting)
    assert cli.main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert calls == [] and "Checker pairings" in out
    # the example names Dubov: paired by dubov-2026, whose 3.2.6 is 2025's 2.2.6
    assert "tampered: Round #1: legal but different\n" in err and "[3.2.6" not in err
    assert "(differences not explained: --explain FILE, or - for stderr)" in err
    assert cli.main(["replay", str(path), "--explain", "-"]) == 0
    out, err = capsys.readouterr()
    assert calls == [1] and "1. [3.2.6; as good on [C5]-[C10]" in err
    assert "not explained" not in err


def test_the_budget_cuts_an_explanation_short_and_says_so(tmp_path, capsys, monkeypatch):
    import time

    from dubov_explain.rulebooks import find_rulebook

    path = tmp_path / "tampered.trf"
    path.write_text(write_trf(_tampered()), encoding="utf-8")
    book = type(find_rulebook("dubov-2025"))

    def endless(self, *a, **k):
        while True:  # a search that would run for minutes
            time.sleep(0.01)

    monkeypatch.setattr(book, "analyse_departures", endless)
    expl = tmp_path / "why.txt"
    start = time.monotonic()
    assert cli.main(["replay", str(path), "--explain", str(expl), "--budget", "0.3"]) == 0
    assert time.monotonic() - start < 3
    text = expl.read_text()
    assert ("tampered: Round #1: legal but different\n  explanation cut short: the budget "
            "of 0.3 s per round ran out (--budget SECONDS, 0 for none)\n") in text
    assert "1 explanation(s) cut short by the budget" in text
    assert "Checker pairings" in capsys.readouterr().out  # the table is still complete
    with pytest.raises(SystemExit) as exc:
        cli.main(["replay", str(path), "--budget", "-1"])
    assert exc.value.code == 3


def test_time_limit_restores_an_outer_timer():
    import signal
    import time

    from dubov_explain.explain.budget import BudgetExceeded, time_limit

    with pytest.raises(BudgetExceeded):
        with time_limit(0.05):
            time.sleep(1)
    signal.setitimer(signal.ITIMER_REAL, 0)
    fired = []
    old = signal.signal(signal.SIGALRM, lambda *a: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 5)
        with time_limit(0.5) as enforced:
            assert enforced
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 4 < left <= 5 and not fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    with time_limit(None) as enforced:
        assert not enforced


def test_replay_reports_progress_per_round(tmp_path):
    path = tmp_path / "tampered.trf"
    path.write_text(write_trf(_tampered()), encoding="utf-8")
    seen = []
    outcome = replay_path(str(path), on_round=lambda done, total: seen.append((done, total)),
                          explain=False)
    assert seen == [(1, 2), (2, 2)] and outcome.different == 1
    stream = io.StringIO()
    stream.isatty = lambda: True
    bar = Progress(0, "replay", stream)
    bar.set(1, 2)
    assert "1/2" in stream.getvalue()


def test_a_budget_whose_first_signal_is_lost_still_cuts():
    """Python ignores an exception raised while a finaliser or a garbage-collector callback
    runs (the test suite saw a budget's BudgetExceeded lost so); the timer fires again after
    expiry, so the next signal cuts the work.  Here the body swallows the first one itself
    and burns CPU on: the budget must still end it, long before 2 s of CPU."""
    import signal
    import time

    from dubov_explain.explain.budget import BudgetExceeded, time_limit

    if not hasattr(signal, "setitimer"):
        pytest.skip("no POSIX interval timers")
    lost = again = 0
    start = time.process_time()
    with pytest.raises(BudgetExceeded):
        with time_limit(0.05, cpu=True) as enforced:
            assert enforced
            while time.process_time() - start < 2.0:
                try:
                    while time.process_time() - start < 2.0:
                        pass
                except BudgetExceeded:
                    if lost:
                        again += 1
                        raise
                    lost += 1  # the first signal, as if raised in a finaliser
    assert lost == 1 and again == 1
    assert time.process_time() - start < 1.0
