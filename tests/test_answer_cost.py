"""What an answer costs is what its question needs (issue 29), and the shortcuts change no
answer: a what-if run stopped at the end of the bracket where it parts from the real trace
gives the same why-not as the whole run; a reply that asks the bracket-mates only until its
expected opponent is settled names the same one; a player page cut by its budget of what-if
runs gives the same answers for the mates it asks and names the others."""

from __future__ import annotations

import time

import pytest

from dubov_explain.explain import why as W
from dubov_explain.render import explain as R
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.simulate import history_before, simulate

ROUND = 4


def _round(system: str, seed: int):
    sim = simulate(36, ROUND, seed, system=system)
    t = history_before(sim.tournament, ROUND)
    rb = find_rulebook(system)
    return t, rb, rb.pair(t, None, ROUND)


def _without_what_if_pairing(w: W.WhyNot) -> dict:
    d = w.to_dict()
    d.pop("what_if_boards"), d.pop("what_if_bye")
    return d


@pytest.mark.parametrize("system", ["dubov-2025", "dubov-1997"])
@pytest.mark.parametrize("seed", [3, 11])
def test_a_stopped_what_if_gives_the_whole_runs_answer(system, seed):
    t, rb, trace = _round(system, seed)
    watch = rb.parting_watch(trace)
    assert watch is not None
    stopped = 0
    for n in (1, 9, 20, 33):
        x = W.explain_player(t, n, None, ROUND, trace, mates=False, own=False)
        for m in [m for m in x.residents + x.upfloaters if m != n]:
            full = W.why_not(t, n, m, None, ROUND, trace)
            cut = W.why_not(t, n, m, None, ROUND, trace, watch=watch)
            assert _without_what_if_pairing(cut) == _without_what_if_pairing(full), (n, m)
            # the stopped run is the whole run's beginning
            whole = rb.pair(t, None, ROUND, forced=((n, m),))
            from dubov_explain.rulebooks.machine import until_parted
            with until_parted(watch):
                part = rb.pair(t, None, ROUND, forced=((n, m),))
            assert part.events == whole.events[:len(part.events)]
            if "stopped" in part.meta:
                stopped += 1
                assert len(part.events) < len(whole.events)
    assert stopped, "no what-if run was stopped: the test proves nothing"


@pytest.mark.parametrize("system", ["dutch-2012", "swiss-rating-1992"])
def test_a_text_that_goes_back_to_a_bracket_runs_every_what_if_whole(system):
    t, rb, trace = _round(system, 3)
    assert rb.parting_watch(trace) is None


@pytest.mark.parametrize("system", ["dubov-2025", "dubov-1997"])
@pytest.mark.parametrize("seed", [3, 5, 11])
def test_a_reply_names_the_expected_opponent_of_the_whole_page(system, seed):
    t, rb, trace = _round(system, seed)
    for n in (2, 14, 27):
        full = W.explain_player(t, n, None, ROUND, trace)
        r = W.reply(t, n, None, ROUND, trace, check_readings=False)
        # the topic as the full page would choose it (the replies issue: a bye the player
        # could expect comes first)
        assert r.topic == W.choose_topic(full, bye_expected=W.bye_expected(trace, full))
        if r.topic == "opponent":
            want = W.expected_opponent(full)
            got = r.against
            assert (got and got.to_dict()["against"]) == (want and want.to_dict()["against"])
            # the mates asked are the page's first ones, answered alike
            k = len(r.explanation.mates)
            assert [_without_what_if_pairing(w) for w in r.explanation.mates] == \
                [_without_what_if_pairing(w) for w in full.mates[:k]]
        else:
            assert r.explanation.mates == []


def test_a_page_cut_by_its_budget_says_so_and_answers_the_mates_it_asks(monkeypatch):
    t, rb, trace = _round("dubov-2025", 3)
    n = 20
    full = W.explain_player(t, n, None, ROUND, trace)
    assert len(full.mates) > 6 and not full.mates_unasked and full.mates_budget is None
    real_why_not = W.why_not

    def slow_why_not(*args, **kw):  # each answer costs at least 30 ms of CPU
        start = time.process_time()
        while time.process_time() - start < 0.03:
            pass
        return real_why_not(*args, **kw)

    monkeypatch.setattr(W, "why_not", slow_why_not)
    monkeypatch.setattr(W, "MATE_SECONDS", 0.1)
    cut = W.explain_player(t, n, None, ROUND, trace)
    assert cut.mates_unasked and cut.mates_budget == 0.1
    asked = [w.against for w in cut.mates]
    # the mates asked are the first ones in the bracket's order (and the opponent's answer,
    # read from the trace); every other one is named as unasked
    order = [w.against for w in full.mates]
    assert sorted(asked + cut.mates_unasked, key=order.index) == order
    assert not set(asked) & set(cut.mates_unasked)
    firsts = [m for m in asked if m != full.opponent]
    assert firsts == order[:len(firsts)] or firsts == [m for m in order if m != full.opponent][:len(firsts)]
    by = {w.against: w.to_dict() for w in full.mates}
    for w in cut.mates:
        assert w.to_dict() == by[w.against]
    if full.opponent is not None:  # the opponent's answer is read from the trace, never cut
        assert full.opponent in asked
    page = R.player_md(cut, trace, "t")
    assert "The page's budget of 0.1 s of CPU for what-if runs left these unasked" in page
    assert str(cut.mates_unasked[-1]) in page
    assert "left these unasked" not in R.player_md(full, trace, "t")


def test_a_why_not_cut_by_its_budget_says_it_is_unsettled():
    t, rb, trace = _round("dutch-2012", 3)
    # 20-15: the what-if run searches the bracket's levels down (about half a second)
    full = W.why_not(t, 20, 15, None, ROUND, trace)
    assert full.verdict == "passed-over"
    cut = W.why_not(t, 20, 15, None, ROUND, trace, seconds=0.02)
    assert (cut.verdict, cut.case, cut.facts) == ("unsettled", "budget", {"seconds": 0.02})
    page = R.why_not_md(cut, trace, "t")
    assert "**Answer:** not settled within the page's budget of 0.02 s of CPU" in page
    # within its budget the answer is the whole one
    assert W.why_not(t, 20, 15, None, ROUND, trace, seconds=60).to_dict() == full.to_dict()


def test_a_page_budget_that_runs_out_inside_a_what_if_run_cuts_the_page(monkeypatch):
    # a Dutch what-if run of this round takes about half a second (20-15, 20-23): the
    # page's budget runs out inside one, which is then unasked, not "unsettled"
    t, rb, trace = _round("dutch-2012", 3)
    monkeypatch.setattr(W, "MATE_SECONDS", 0.05)
    cut = W.explain_player(t, 20, None, ROUND, trace)
    assert cut.mates_unasked and cut.mates_budget == 0.05
    assert all(w.verdict != "unsettled" for w in cut.mates)


@pytest.mark.parametrize("system", ["dubov-2025", "dutch-2012", "dutch-2026"])
def test_a_reply_cut_by_its_readings_budget_names_the_values_left(monkeypatch, system):
    t, rb, trace = _round(system, 3)
    n = 9
    full = W.reply(t, n, None, ROUND, trace)
    assert not full.readings_unasked and full.readings_budget is None
    untried = "left these untried"
    assert untried not in R.reply_text(full, trace)
    real_pair = type(rb).pair

    def slow_pair(self, *args, **kw):  # each pairing costs at least 30 ms of CPU
        start = time.process_time()
        while time.process_time() - start < 0.03:
            pass
        return real_pair(self, *args, **kw)

    monkeypatch.setattr(type(rb), "pair", slow_pair)
    cut = W.reply(t, n, None, ROUND, trace, readings_seconds=0.1)
    assert cut.readings_unasked and cut.readings_budget == 0.1
    # the values paired are the first ones, answered as the whole reply answers them; the
    # others are named, each once
    every = [f"{r.name}={v}" for r in rb.catalogue for v in r.choices
             if v != rb.readings().value(r.name)]
    assert set(cut.readings_unasked) <= set(every)
    assert len(set(cut.readings_unasked)) == len(cut.readings_unasked)
    for g in cut.readings:
        assert g in full.readings
    letter = R.reply_text(cut, trace)
    one_line = " ".join(letter.split())
    assert f"The reply's budget of 0.1 s of CPU" in one_line or \
        f"the reply's budget of 0.1 s of CPU" in one_line
    assert untried in one_line
    assert cut.readings_unasked[-1] in one_line
    # "none changes this" is never said of values not tried
    assert "No named reading of an unclear article changes this" not in one_line


# ---------------------------------------------------------------- the answer's clock
def test_share_is_the_parts_own_budget_or_what_the_answer_has_left():
    from dubov_explain.explain import budget as B

    assert B.share(3.0) == 3.0  # no clock (a program calling the API): the part's own
    with B.answer_clock(100.0):
        assert B.share(3.0) == 3.0  # plenty left: the part's own
        with B.answer_clock(0.5):  # an inner clock: its own end
            assert 0 < B.share(3.0) <= 0.5
        with B.answer_clock(None):  # a budget the user chose: no clock inside
            assert B.share(3.0) == 3.0
        assert B.share(3.0) == 3.0
    with B.answer_clock(0.02):
        start = time.process_time()
        while time.process_time() - start < 0.05:
            pass
        assert B.share(3.0) == 0.0  # spent: nothing left, never a negative budget
    assert B.share(3.0) == 3.0


def _cli(argv):
    import contextlib
    import io

    from dubov_explain import cli

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(argv)
    return code, out.getvalue()


def test_the_command_lines_answers_share_one_clock(tmp_path, monkeypatch):
    """With the answer's clock spent by the required work, every optional part is named as
    left, never run (issue 29: the whole answer within its seconds); with time left, the
    same questions are answered whole.  The clock is the command line's; a budget the
    arbiter gives ``check`` is his, whole."""
    from dubov_explain.explain import budget as B
    from dubov_explain.trf.writer import write_trf

    sim = simulate(36, ROUND, 3, system="dubov-2025")
    f = tmp_path / "r.trf"
    f.write_text(write_trf(sim.tournament), encoding="utf-8")
    base = [str(f), "--round", str(ROUND), "--system", "dubov-2025"]
    page = ["explain", *base, "--player", "20"]
    against = ["explain", *base, "--player", "20", "--against", "15"]
    reply = ["explain", *base, "--player", "9", "--reply"]
    # round 3 paired by Dubov 2025, checked by Dutch 2012: another pairing, explained
    check = ["check", str(f), "--round", "3", "--system", "dutch-2012"]
    code, whole = _cli(page)
    assert code == 0 and "left these unasked" not in whole and "Not paired under" not in whole
    assert "not settled" not in _cli(against)[1]
    assert "left these untried" not in _cli(reply)[1]
    code, checked = _cli(check)
    assert code == 6 and "cut short" not in checked
    assert "Where the published pairing leaves the procedure" in checked

    monkeypatch.setattr(B, "ANSWER_SECONDS", 0.0)
    code, cut = _cli(page)
    assert code == 0
    assert "The page's budget of 0.0 s of CPU for what-if runs left these unasked" in cut
    assert "Not paired under, beyond the page's budget of 0.0 s of CPU" in cut
    code, out = _cli(against)
    assert code == 0 and "not settled within the page's budget of 0.0 s of CPU" in out
    code, out = _cli(reply)
    assert code == 0 and "budget of 0.0 s of CPU for pairing the round under other readings " \
        "left these untried" in " ".join(out.split())
    code, out = _cli(check)
    assert code == 6 and "the budget of 0 s of CPU ran out" in " ".join(out.split())
    code, out = _cli(check + ["--budget", "60"])
    assert out == checked
