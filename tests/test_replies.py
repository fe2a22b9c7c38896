"""Replies an arbiter can hand to a player (``explain --reply``, ``--colour``, ``--round``).

Each reply is checked three ways: the topic chosen for the complaint, the words a player
needs (names, rounds, the criterion and its numbers, who was barred), and every claim it
makes re-derived from the trace by the consistency checker (``claims.py``).  No subgroup
or S1/T2 names unless ``--technical``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from dubov_explain import app
from dubov_explain.explain.why import choose_topic, explain_player, outcome, readings_that_matter, reply
from dubov_explain.render.explain import player_md, reply_text
from dubov_explain.rulebooks.dubov2025.claims import check_text, mismatches

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "golden" / "cases"
TECH = re.compile(r"\b(?:G1|G2|S1|S2|T1|T2)\b")


#: golden/cases is Dubov 2025's corpus; its files name no system nor date, so without
#: --system they would be paired by the Dubov text in force today (dubov-2026)
SYSTEM = "dubov-2025"


def load(case: str, round_no: int | None = None):
    req = app.open_request(str(CASES / f"{case}.trf"), system=SYSTEM)
    return req, app.pair(req, round_no)


def proven(text: str, req, trace, player: int) -> int:
    """Every claim of ``text`` true by the trace; the number of claims."""
    def wi(a, b):
        return req.rulebook.pair(req.tournament, req.readings, None, forced=((a, b),))
    claims = check_text(text, trace, player, wi, tournament=req.tournament)
    assert mismatches(claims) == []
    return len(claims)


def answer(case: str, player: int, **kw):
    req, tr = load(case)
    r = reply(req.tournament, player, req.readings, trace=tr, **kw)
    text = reply_text(r, tr)
    return r, text, proven(text, req, tr, player)


# --------------------------------------------------------------------- four complaints
def test_bye_complaint_names_the_rule_and_everyone_barred():
    r, text, claims = answer("2.1.1-c2-bye-barred-by-pab-fpb-and-forfeit-win", 5)
    assert r.topic == "bye" and claims >= 5
    assert "you (5 P5, 0 points) have the pairing-allocated bye" in text
    flat = " ".join(text.split())
    for bar in ("1 (received the pairing-allocated bye in round 2)", "2 (won by forfeit in round 2)",
                "3 (scored a win's points without playing in round 1 (F))",
                "4 (received the pairing-allocated bye in round 1)"):
        assert bar in flat
    assert "Rounds without a game: round 2 lost by forfeit (not played)" in flat


def test_upfloat_complaint_gives_the_bracket_and_the_set():
    r, text, claims = answer("reading-container-order", 5)
    flat = " ".join(text.split())
    assert r.topic == "upfloat"
    assert "5 (1 point) is upfloated into the 2.5-point bracket" in flat
    assert "Article 2.2.1: 1 resident(s), an odd number: 1 upfloater(s) needed" in flat


def test_colour_complaint_names_the_rule_of_5_2_and_both_players():
    # 1 is also an upfloater: asked nothing, the reply answers the float first (issue 24);
    # the colour is the question stated
    assert answer("5.2.3-stronger-preference-wins", 1)[0].topic == "upfloat"
    r, text, claims = answer("5.2.3-stronger-preference-wins", 1, question="colour")
    flat = " ".join(text.split())
    assert r.topic == "colour"
    assert 'You have White, not Black: Article 5.2.3, "Grant the stronger colour preference"' in flat
    assert "2 (strong Black) over 1 (mild Black)" in flat


def test_why_not_him_in_plain_words_with_the_reading_that_matters():
    r, text, claims = answer("reading-container-order", 8, against=7)
    flat = " ".join(text.split())
    assert r.topic == "opponent" and r.against.case == "shift-needed"
    assert "You do not play 7 Petrov, M. (2.5 points): with you and 7 paired, {2, 6}" in flat
    assert not TECH.search(text)
    # the reading flagged is real: paired under it, 8 meets someone else
    assert [g["name"] for g in r.readings] == ["container-order"]
    assert 'read as "listed" instead of "lowest-first", you would play Black against 5 Jones, N.' in flat


def test_technical_reply_keeps_the_procedures_terms():
    _, text, _ = answer("reading-container-order", 8, against=7, technical=True)
    assert TECH.search(text) and "the smaller subgroup is G1 ({2, 6}" in " ".join(text.split())


def test_readings_that_matter_are_exactly_those_that_change_the_round():
    req, tr = load("reading-container-order")
    mine = outcome(tr, 8)
    got = readings_that_matter(req.tournament, 8, req.readings, trace=tr)
    for g in got:
        assert g["outcome"] != mine
    other = req.rulebook.pair(req.tournament, req.rulebook.readings({"container-order": "listed"}))
    assert outcome(other, 8) == got[0]["outcome"] != mine


# --------------------------------------------------------------------- every reply, every player
SMALL = sorted(p.stem for p in CASES.glob("*.trf") if not p.stem.startswith("sim-"))


@pytest.mark.parametrize("case", SMALL)
def test_every_reply_is_plain_and_proven(case):
    req, tr = load(case)
    for n in sorted(r["number"] for r in tr.events[1].rows):
        r = reply(req.tournament, n, req.readings, trace=tr, check_readings=False)
        text = reply_text(r, tr)
        assert not TECH.search(text), text
        assert "(" not in text.split("\n")[0]  # the greeting is a name, nothing else
        assert text.count("\n\n") >= 3 and "Python" not in text and "((" not in text
        proven(text, req, tr, n)


def test_topic_is_the_alternative_the_player_expected():
    req, tr = load("reading-container-order")
    x = explain_player(req.tournament, 5, req.readings, trace=tr, mates=False, own=False)
    assert choose_topic(x) == "upfloat" and choose_topic(x, against=4) == "opponent"


# --------------------------------------------------------------------- a round already played
def test_round_in_the_file_is_paired_from_the_rounds_before_it():
    req, tr = load("reading-container-order", 4)
    x = explain_player(req.tournament, 8, req.readings, 4, trace=tr, mates=False, own=False)
    assert x.round == 4 and x.published == {"opponent": 9, "colour": "w", "code": "1"}
    md = player_md(x, tr)
    assert "The file already has round 4: 8 played White against 9 Muller, T. (won)." in md
    assert "gives the same" in md
    assert [h["round"] for h in x.history] == [1, 2, 3]


def test_round_the_file_paired_otherwise_says_so():
    # reading-container-order's round 5 under the other reading of container-order is what
    # py4swiss publishes; round 4 of the file differs from the procedure for nobody, so the
    # published entry is replaced here by another opponent
    req, tr = load("reading-container-order", 4)
    x = explain_player(req.tournament, 8, req.readings, 4, trace=tr, mates=False, own=False)
    x.published = {"opponent": 7, "colour": "b", "code": "0"}
    md = player_md(x, tr)
    assert "8 played Black against 7 Petrov, M. (lost)" in md and "the file's pairing differs for 8" in md


def run(*args):
    """The command; on a case of golden/cases, by its rulebook (:data:`SYSTEM`)."""
    if any(str(CASES) in str(a) or str(a).startswith("golden/cases/") for a in args) \
            and "--system" not in args:
        args = (*args, "--system", SYSTEM)
    return subprocess.run([sys.executable, "-m", "dubov_explain", *args], capture_output=True, text=True,
                          cwd=ROOT)


def test_cli_reply_colour_round():
    f = str(CASES / "5.2.3-stronger-preference-wins.trf")
    out = run("explain", f, "--player", "1", "--reply")
    assert out.returncode == 0 and out.stdout.startswith("Dear P1,\n\nRound 2: you (1 P1, 0 points) play White")
    col = run("explain", f, "--player", "2", "--colour")
    assert col.returncode == 0 and "You have Black, your preference: Article 5.2.3" in " ".join(col.stdout.split())
    rnd = run("explain", str(CASES / "reading-container-order.trf"), "--player", "8", "--round", "4")
    assert rnd.returncode == 0 and "## The file's own round 4" in rnd.stdout
    bad = run("explain", f, "--player", "1", "--round", "9")
    assert bad.returncode != 0 and "round 9" in bad.stderr and "Traceback" not in bad.stderr


def readme_replies() -> list[tuple[str, str]]:
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("### Replies to players", 1)[1]
    section = section.split("\n## ", 1)[0]
    out = []
    for block in section.split("```\n")[1::2]:
        first, _, rest = block.partition("\n")
        assert first.startswith("$ dubov-explain explain ")
        out.append((first[len("$ dubov-explain "):], rest))
    return out


def test_readme_replies_are_what_the_tool_writes():
    shown = readme_replies()
    assert len(shown) == 5 and sum("--reply" in c for c, _ in shown) == 5
    for cmd, text in shown:
        got = run(*cmd.split())
        assert got.returncode == 0 and got.stdout == text, cmd


def test_check_writes_sequence_numbers_not_python_tuples():
    out = run("check", str(CASES / "reading-upfloat-history.trf"), "--round", "3")
    flat = " ".join(out.stdout.split())
    assert "the procedure's set, sequence numbers #1, comes before the published one, #2." in flat
    assert not re.search(r"\(\d+,\)|\[\(|\{'|\{\d", out.stdout)


def test_reply_formats(tmp_path):
    f = str(CASES / "reading-container-order.trf")
    html = run("explain", f, "--player", "8", "--reply", "--format", "html")
    assert html.returncode == 0 and "<p>Dear Petrov, W.,</p>" in html.stdout
    import json
    # 8 (3 points) meets 6 (2 points), upfloated: asked nothing, the reply is about that
    # float (issue 24); the question "why not 7?" is stated
    js = run("explain", f, "--player", "8", "--reply", "--format", "json")
    assert json.loads(js.stdout)["topic"] == "float"
    js = run("explain", f, "--player", "8", "--reply", "--against", "7", "--format", "json")
    data = json.loads(js.stdout)
    assert data["topic"] == "opponent" and data["against"]["against"] == 7
    assert data["readings"][0]["name"] == "container-order"


def test_a_name_that_looks_like_markup_stays_text_in_the_html_reply(tmp_path):
    src = (CASES / "5.2.3-stronger-preference-wins.trf").read_text(encoding="utf-8")
    line = next(li for li in src.splitlines() if li.startswith("001    1"))
    bad = line[:14] + "<b>*x*</b>".ljust(len("P1") + 32)[:34] + line[48:]
    f = tmp_path / "t.trf"
    f.write_text(src.replace(line, bad), encoding="utf-8")
    out = run("explain", str(f), "--player", "1", "--reply", "--format", "html")
    assert out.returncode == 0, out.stderr
    assert "<b>*x*" not in out.stdout and "&lt;b&gt;" in out.stdout
