"""Dubov 1997 as a rulebook: the registry, the protocol, facts-only traces, the templates
that word every event, and one smoke test per command (each asserting what a broken
rulebook would not print)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.examples import example_text
from dubov_explain.render import env as E
from dubov_explain.render.view import View
from dubov_explain.rulebooks import RULEBOOKS, Rulebook, find_rulebook, system_for, system_named_by
from dubov_explain.rulebooks.dubov1997 import events as ev
from dubov_explain.rulebooks.dubov1997.decisions import PROJECTION
from dubov_explain.simulate import GeneratorOptions, simulate
from dubov_explain.trace.events import event_types
from dubov_explain.trf.reader import parse_trf, read_trf
from dubov_explain.trf.writer import write_trf
from test_trace_facts import BUSY, trace_prose

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden" / "dubov-1997" / "cases"
BOOK = find_rulebook("dubov-1997")


@pytest.fixture(scope="module")
def busy():
    """Round 5 of a 9-round, 60-player tournament paired by dubov-1997 (busy options)."""
    o = GeneratorOptions(**{**BUSY.__dict__, "system": "dubov-1997"})
    sim = simulate(60, 9, 1997, options=o, keep_rounds=True)
    assert sim.rounds_played >= 5
    return sim.rounds[4]


@pytest.fixture
def request_file(tmp_path, busy):
    p = tmp_path / "r5.trf"
    p.write_text(write_trf(busy.request), encoding="utf-8")
    return p


# ---------------------------------------------------------------- registry and protocol
def test_registered_after_the_newer_dubov_texts():
    assert list(RULEBOOKS)[:3] == ["dubov-2026", "dubov-2025", "dubov-1997"]
    assert isinstance(BOOK, Rulebook) and BOOK.name == "dubov-1997"
    assert "1997" in BOOK.edition
    assert (BOOK.templates / "events.md.j2").is_file()


@pytest.mark.parametrize("line", ["092 Individual: Swiss Dubov", "092 Dubov 1997", "192 FIDE_DUBOV"])
def test_a_file_naming_dubov_still_means_the_current_text(line):
    text = example_text("dubov-example-round4-request.trf")
    lines = [ln for ln in text.splitlines(keepends=True) if not ln.startswith("092")]
    lines.insert(7, line + "\n")
    t = parse_trf("".join(lines), "t.trf")
    named = system_named_by(t)
    # never the 1997 text: the family (092) or the 2026 code (192), and the file starts in
    # 2026, when the 2026 text was in force
    assert named is not None and (named.system or named.family) in ("dubov-2026", "dubov")
    assert system_for(t)[0].name == "dubov-2026"


def test_every_event_kind_is_projected_and_worded(busy):
    kinds = set(event_types("dubov-1997"))
    assert kinds <= set(PROJECTION), sorted(kinds - set(PROJECTION))
    template = (BOOK.templates / "events.md.j2").read_text(encoding="utf-8")
    for k in kinds:
        assert f'"{k}"' in template, k


def test_the_trace_records_facts_only(busy):
    assert trace_prose(busy.trace) == []
    a, b = busy.trace.result.boards[0]
    c, d = busy.trace.result.boards[1]
    what_if = BOOK.pair(busy.request, round_no=busy.round, forced=((a, c),))
    assert trace_prose(what_if) == []
    for path in sorted(GOLDEN.glob("*.trf")):
        assert trace_prose(BOOK.pair(read_trf(str(path)))) == [], path.name


def test_every_event_of_the_corpus_is_worded_by_its_own_branch():
    for path in sorted(GOLDEN.glob("*.trf")):
        trace = BOOK.pair(read_trf(str(path)))
        v = View(trace)
        for e in trace.events:
            md = E.event_markdown(e, v)
            assert md and not md.startswith(f"**{e.kind}**"), (path.name, e.kind)


def test_articles_have_their_text():
    nums = BOOK.article_numbers()
    assert {"1", "2.1", "2.5", "2.6", "3", "4", "5", "6.2", "6.3", "6.4", "7.1", "7.4", "8.2", "9"} <= nums
    (num, text), = BOOK.article_text("2.5")
    assert num == "2.5" and "two times running" in text
    assert BOOK.article_text("6.3 7.1")[1][0] == "7.1"


def test_step_states_follow_the_groups(busy):
    states = BOOK.step_states(busy.trace)
    assert len(states) == len(busy.trace.events)
    last = states[-1]
    assert last.boards == busy.trace.result.boards and last.unpaired == []
    changes = BOOK.step_changes(busy.trace)
    assert sum(1 for c in changes if "open" in c.change) == len(busy.trace.of(ev.GroupOpened))


def test_player_round_and_bracket_of(busy):
    trace = busy.trace
    w, b = trace.result.boards[0]
    x = BOOK.player_round(trace, w)
    assert x["bracket_score"] is not None and x["colour_rule"]
    i = next(i for i, e in enumerate(trace.events) if isinstance(e, ev.GroupOpened))
    assert BOOK.bracket_of(trace, i) == trace.events[i].score
    assert BOOK.bracket_of(trace, 0) is None


# ---------------------------------------------------------------- one smoke test per command
def _run(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().out


def test_pair(capsys, request_file, busy, tmp_path):
    code, out = _run(capsys, "pair", request_file, "--system", "dubov-1997",
                     "--report", tmp_path / "r.md", "--step-through", tmp_path / "s.html",
                     "--trace", tmp_path / "t.json")
    assert code == 0
    boards = busy.trace.result.boards
    assert out.splitlines()[0] == str(len(boards))
    assert f"{boards[0][0]} {boards[0][1]}" in out
    report = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "approved by the 1997 General Assembly" in report and "| transfer-order" in report
    assert "dubov-1997" in (tmp_path / "t.json").read_text(encoding="utf-8")
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "The two columns" in page and "A score group opens" in page


def test_pair_html_report(capsys, request_file, tmp_path):
    code, _ = _run(capsys, "pair", request_file, "--system", "dubov-1997", "--report",
                   tmp_path / "r.html")
    assert code == 0 and "<html" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_standings(capsys, request_file):
    code, out = _run(capsys, "standings", request_file, "--system", "dubov-1997")
    assert code == 0
    assert "due White" in out or "due Black" in out


def test_explain_plain_and_against(capsys, request_file, busy):
    w, b = busy.trace.result.boards[0]
    code, out = _run(capsys, "explain", request_file, "--system", "dubov-1997", "--player", w)
    assert code == 0 and f"# {w} " in out and "score group" in out
    other = busy.trace.result.boards[-1][0]
    code, out = _run(capsys, "explain", request_file, "--system", "dubov-1997", "--player", w,
                     "--against", other)
    assert code == 0 and f"Why not {w}–{other}?" in out and "**Answer:**" in out


def test_check_and_replay(capsys, tmp_path):
    path = tmp_path / "g.trf"
    code, _ = _run(capsys, "generate", "--players", 20, "--rounds", 5, "--seed", 7,
                   "-o", path, "--system", "dubov-1997")
    assert code == 0 and path.is_file()
    code, out = _run(capsys, "check", path, "--round", 3, "--system", "dubov-1997")
    assert code == 0 and "identical" in out and "2.1 no rematch" in out
    code = main(["replay", str(path), "--system", "dubov-1997"])
    cap = capsys.readouterr()
    assert code == 0 and "Round #5" in cap.out and "5 identical" in cap.err


def test_check_explains_a_departure(capsys, tmp_path):
    """A tournament paired by Dubov 2025, checked against 1997: legal but different, and
    the departure cites a 1997 article."""
    path = tmp_path / "g.trf"
    assert main(["generate", "--players", "30", "--rounds", "6", "--seed", "5", "-o", str(path)]) == 0
    capsys.readouterr()
    code, out = _run(capsys, "check", path, "--round", 4, "--system", "dubov-1997")
    assert code == 6 and "Where the published pairing leaves the procedure" in out
    assert "[7.2;" in out or "[3;" in out or "[6.3;" in out


def test_readings_and_systems(capsys):
    code, out = _run(capsys, "readings", "--system", "dubov-1997")
    assert code == 0 and "transfer-no-supply" in out and "improvement-exhausted" in out
    code, out = _run(capsys, "systems")
    assert code == 0 and "dubov-1997" in out


def test_round_1_needs_the_lot(capsys, tmp_path):
    text = example_text("dubov-example-round4-request.trf")
    lines = [ln[:80].rstrip() + "\n" if ln.startswith("001") else ln for ln in text.splitlines(keepends=True)
             if not ln.startswith(("XXC", "152"))]
    path = tmp_path / "r1.trf"
    path.write_text("".join(lines), encoding="utf-8")
    code = main(["pair", str(path), "--system", "dubov-1997"])
    err = capsys.readouterr().err
    assert code == 3 and "drawn by lot" in err
    code, out = _run(capsys, "pair", path, "--system", "dubov-1997", "--initial-colour", "white")
    # 5: halves 1-4 / 5-8, the lot's White to 1, odd pairs alike, even pairs the other way;
    # 9, the last of the list, has the bye
    assert code == 0 and out.splitlines() == ["5", "1 5", "6 2", "3 7", "8 4", "9 0"]


def test_trace_json_is_deterministic(busy):
    again = BOOK.pair(busy.request, round_no=busy.round)
    assert again.to_json() == busy.trace.to_json()
    assert json.loads(again.to_json())["meta"]["system"] == "dubov-1997"


def test_why_not_names_a_1997_article_for_every_pair(busy):
    """Every why-not of a sample of pairs is answered by a case of the 1997 rulebook (none
    falls through to the generic 'the procedure decides otherwise')."""
    import itertools

    from dubov_explain.explain.why import why_not
    from dubov_explain.render.explain import why_not_answer

    cases = set()
    sample = [n for n in busy.trace.events[0].to_pair][::4]
    for n, m in itertools.combinations(sample, 2):
        w = why_not(busy.request, n, m, round_no=busy.round, trace=busy.trace, system="dubov-1997")
        assert w.case != "differs", (n, m, w.facts)
        answer = why_not_answer(w, busy.trace)
        assert answer and "?" not in answer.split(":")[0], (n, m, answer)
        cases.add(w.case)
    assert {"illegal", "transfer"} <= cases


def test_why_not_does_not_call_players_of_one_score_different_groups(capsys):
    # 8 and 2 both have 3.5 points: the answer used to say they were in different groups
    case = Path(__file__).resolve().parent.parent / "golden/dubov-1997/cases/reading-cannot-pair.trf"
    assert main(["explain", str(case), "--system", "dubov-1997", "--player", "8",
                "--against", "2"]) == 0
    out = capsys.readouterr().out
    assert "different score groups" not in out
    assert "8 and 2 both have 3.5 points; only with 8–2 held does the 3.5-point group need " \
           "a transfer (7.1)" in out
