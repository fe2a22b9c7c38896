"""The public API runs the command line's checks: one checked path (issue 26).

``dubov_explain.pair`` (and ``standings``, ``why_not``, ``explain_player``, ``check``,
``player_letter``) refuse what ``dubov-explain pair`` refuses, with the same located
messages, and take a request checked by ``open_request``; ``checked=False`` pairs a
tournament built in code as it is.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import dubov_explain as d
from dubov_explain.cli import main

EXAMPLES = Path(d.__file__).parent / "data" / "examples"
REQUEST = EXAMPLES / "dubov-example-round4-request.trf"
AFTER3 = EXAMPLES / "dubov-example-after-round3.trf"
PAIRING = (((4, 1), (2, 8), (6, 9)), 5)


def cli_error(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().err


def write(tmp_path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_finished_tournament_is_refused_as_the_command_line_refuses_it(tmp_path, capsys):
    finished = write(tmp_path, "finished.trf",
                     AFTER3.read_text().replace("\nXXR 5\n", "\nXXR 3\n"))
    code, err = cli_error(capsys, "pair", finished)
    with pytest.raises(d.InputError) as exc:
        d.pair(d.read_trf(finished))
    assert code == exc.value.exit_code == 3
    assert str(exc.value) + "\n" == err
    assert "round 4 of 3" in err


def test_points_that_do_not_add_up_are_refused_and_lenient_warns(tmp_path, capsys):
    lines = REQUEST.read_text().splitlines()
    lines = [ln[:80] + " 3.0" + ln[84:] if ln.startswith("001    1") else ln for ln in lines]
    bad = write(tmp_path, "points.trf", "\n".join(lines) + "\n")
    code, err = cli_error(capsys, "pair", bad)
    with pytest.raises(d.InputError) as exc:
        d.pair(bad)
    assert code == 3 and str(exc.value) + "\n" == err and ":81: points field says 3.0" in err
    with pytest.warns(d.DubovWarning, match=r"points\.trf:\d+:81: points field says 3\.0"):
        trace = d.pair(bad, lenient=True)
    assert (trace.result.boards, trace.result.bye) == PAIRING


def test_no_total_number_of_rounds_is_refused_and_rounds_gives_it(tmp_path):
    open_ended = write(tmp_path, "open.trf", REQUEST.read_text().replace("XXR 5\n", ""))
    with pytest.raises(d.InputError, match="the total number of rounds must be given"):
        d.pair(open_ended)
    assert d.pair(open_ended, rounds=5).result.bye == 5


def test_a_checked_request_is_accepted_and_checked_false_stays_for_code(tmp_path):
    req = d.open_request(str(REQUEST))
    trace = d.pair(req)
    assert (trace.result.boards, trace.result.bye) == PAIRING
    assert d.pair(req, readings={"c9-measure": "max"}).events[0].readings[
        "c9-measure"] == "max"
    # the worked example names Dubov and starts in 2026: the text in force pairs it
    with pytest.raises(ValueError, match="prepared for dubov-2026"):
        d.pair(req, system="dutch-2012")
    # a tournament built in code without a total number of rounds: refused when checked,
    # paired as it is with checked=False (tests and internal callers)
    t = d.load_example("dubov-example-round4-request.trf")
    from dubov_explain.records import replace

    bare = replace(t, total_rounds=None)
    with pytest.raises(d.InputError):
        d.pair(bare)
    assert d.pair(bare, checked=False).result.bye == 5
    with pytest.raises(TypeError, match="a TRF file name, a Tournament or a Request"):
        d.pair(42)


def test_the_other_entry_points_are_checked_too(tmp_path):
    finished = write(tmp_path, "finished.trf",
                     AFTER3.read_text().replace("\nXXR 5\n", "\nXXR 3\n"))
    for call in (lambda: d.why_not(finished, 1, 6), lambda: d.explain_player(finished, 1),
                 lambda: d.player_letter(finished, 1)):
        with pytest.raises(d.InputError, match="round 4 of 3"):
            call()
    # the standings of a finished tournament are no error (nothing is paired)
    assert d.standings(finished).players
    assert d.why_not(REQUEST, 1, 6).criterion == "[C6]"
    assert d.explain_player(REQUEST, 5).player == 5
    with pytest.raises(d.InputError, match="there is no player 99"):
        d.why_not(REQUEST, 1, 99)
    # round 3 of the file, paired again from rounds 1-2 (as explain --round 3)
    assert d.explain_player(AFTER3, 1, round_no=3).player == 1
    with pytest.raises(d.InputError, match="round 9 is neither in the file"):
        d.pair(AFTER3, round_no=9)
    res = d.check(AFTER3, round_no=3)
    assert res.exit_code in (0, 6)


def test_renderers_are_public():
    trace = d.pair(REQUEST)
    assert d.round_report(trace, "md", "Worked").startswith("# Round 4 pairing: Worked")
    assert "<html" in d.round_report(trace, "html").lower()
    assert json.loads(d.round_report(trace, "json"))["events"]
    st, t = d.standings(REQUEST), d.read_trf(REQUEST)
    text = d.render_standings(st, t)
    assert text.startswith("Standings before round 4 of 5")
    md = d.render_standings(st, t, "md")
    assert md.startswith("# Standings: Worked Example Open") and "|  No | Name" in md
    assert "<table" in d.render_standings(st, t, "html")
    doc = json.loads(d.render_standings(st, t, "json"))
    assert doc["round"] == 4 and len(doc["players"]) == 9 and doc["players"][0]["No"] in (1, 2)
    letter = d.player_letter(REQUEST, 5)
    assert letter.startswith("Dear Egger, Emil,") and "pairing-allocated bye" in letter
    assert "<" in d.player_letter(REQUEST, 5, format="html")
    for name in ("pair", "standings", "why_not", "explain_player", "check", "player_letter",
                 "round_report", "render_standings", "DubovWarning"):
        assert name in d.__all__


def test_accepted_history_is_recorded_in_the_trace():
    path = Path(__file__).parent / "data" / "third-party" / "rematch-round3.trf"
    with pytest.raises(d.InputError, match="--accept-history"):
        d.pair(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        trace = d.pair(path, accept_history=True)
    assert any("accepted as played" in str(w.message) for w in caught)
    assert trace.meta["history_accepted"] == [
        {"rule": "rematch", "round": 3, "players": [4, 7], "file": str(path), "line": 14,
         "column": 112}]
