"""The round report's story (issue 10, item 6): boards first, the exceptions sheet built from
trace facts by each rulebook (``rulebooks/<name>/sheet.py``), the story with routine pairs
folded; the HTML page's article links and player anchors; ``pair``/``compare --round R``.

The sheet's claims are checked against facts computed here independently of the sheet:
the colours not granted from the published boards and the standings' preferences, the bye
from the published pairing, the players who changed score group from the boards' scores.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_small import random_tournament  # noqa: E402
from golden_ext import ROOT, load_cases  # noqa: E402
from dubov_explain.cli import main  # noqa: E402
from dubov_explain.examples import load_example  # noqa: E402
from dubov_explain.rulebooks import RULEBOOKS  # noqa: E402
from dubov_explain.rulebooks import sections as S  # noqa: E402
from dubov_explain.render.report import round_report_html, round_report_md  # noqa: E402
from dubov_explain.trace.events import StandingsSnapshot  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402

SYSTEMS = sorted(RULEBOOKS)
CORPUS = {"dubov-2025": ROOT / "golden" / "cases", "dubov-1997": ROOT / "golden" / "dubov-1997" / "cases",
          "dubov-2026": ROOT / "golden" / "dubov-2026" / "cases",
          "dutch-2012": ROOT / "golden" / "dutch-2012" / "cases",
          "swiss-rating-1992": ROOT / "golden" / "swiss-rating-1992" / "cases",
          "dutch-2026": ROOT / "golden" / "dutch-2026" / "cases",
          "dutch-2017": ROOT / "golden" / "dutch-2017" / "cases"}


@lru_cache(maxsize=None)
def _traces(system: str) -> tuple:
    """The system's golden cases and 25 generated rounds, paired (those that pair)."""
    book = RULEBOOKS[system]
    out = []
    tournaments = [read_trf(c.path) for c in load_cases(CORPUS[system])]
    tournaments += [random_tournament(seed) for seed in range(25)]
    for t in tournaments:
        try:
            out.append(book.pair(t))
        except Exception:  # a case of another rulebook's corpus this one refuses
            continue
    return tuple(out)


def _rows(trace) -> dict[int, dict]:
    snap = next(e for e in trace.events if isinstance(e, StandingsSnapshot))
    return {r["number"]: r for r in snap.rows}


def _players(sheet, kind) -> set[int]:
    return {n for i in sheet.of(kind) for n in i.players}


@pytest.mark.parametrize("system", SYSTEMS)
def test_sheet_claims_match_the_facts(system):
    """Colours not granted: exactly the players whose recorded preference is not the colour
    the boards give them; the bye player in the bye items; every player who meets someone of
    another score is named among the floaters (upfloaters, transfers, moved down)."""
    book = RULEBOOKS[system]
    checked = floats = 0
    for trace in _traces(system):
        pub = trace.result
        if not hasattr(pub, "boards"):
            continue
        sheet = S.sheet(trace, book)
        assert set(sheet.kinds) >= {"bye", "floaters", "colours", "shifts", "readings"}
        rows = _rows(trace)
        lost = set()
        for w, b in pub.boards:
            for n, got in ((w, "White"), (b, "Black")):
                if rows[n]["preference"] in ("White", "Black") and rows[n]["preference"] != got:
                    lost.add(n)
        assert _players(sheet, "colours") == lost
        if pub.bye is not None:
            assert pub.bye in _players(sheet, "bye")
        moved = _players(sheet, "floaters")
        for w, b in pub.boards:
            if rows[w]["score"] != rows[b]["score"]:
                floats += 1
                assert {w, b} & moved, (w, b)
        checked += 1
    assert checked >= 20 and floats > 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_sheet_kind_is_worded_and_a_none_is_only_said_of_an_empty_kind(system):
    book = RULEBOOKS[system]
    for trace in _traces(system)[:40]:
        if not hasattr(trace.result, "boards"):
            assert "## Exceptions" not in round_report_md(trace)  # nothing claimed
            continue
        sheet = S.sheet(trace, book)
        md = round_report_md(trace)
        part = md[md.index("## Exceptions\n"):md.index("## Readings in force")]
        blocks = re.split(r"^### .+$", part, flags=re.M)[1:]
        assert len(blocks) == len(sheet.kinds)
        for kind, block in zip(sheet.kinds, blocks):
            items = [li for li in block.splitlines() if li.startswith("- ")]
            if sheet.of(kind):
                assert len(items) >= len(sheet.of(kind)), (kind, block)
            assert items or block.strip(), kind  # a kind is never left blank
            if not sheet.of(kind) and kind not in ("bye", "readings"):
                assert not items, (kind, block)  # a none-line, no item without its facts


def test_dubov_2025_sheet_of_the_worked_example():
    from dubov_explain.rulebooks.dubov2025.engine import pair_round

    tr = pair_round(load_example())
    md = round_report_md(tr)
    assert md.index("## Boards") < md.index("## Exceptions") < md.index("## Standings before")
    sheet = md[md.index("## Exceptions"):md.index("## Readings in force")]
    assert "- Not eligible for the pairing-allocated bye ([C2]): 8 Horvat, Hana (won by forfeit in round 1)" in sheet
    assert "**Bye: 5 Egger, Emil (2.1.3)**: 5 has the lowest score" in sheet
    assert "4 Dahl, Dora, 8 Horvat, Hana upfloated (scores 2, 2; 2.2.2, 4.2)" in sheet
    assert "Next-best {4, 9}, beaten on [C6]" in sheet
    assert "not granted: 8. Both prefer White" in sheet and "not granted: 4. Both prefer Black" in sheet
    assert "{2} shifted from G1 to G2 (2.2.4.1)" in sheet and "{1} shifted from G2 to G1 (2.2.4.2)" in sheet
    assert "rests on reading `unavoidable-pairs` = minimum" in sheet
    # the routine pair is one line of the story, with its opponent and its colours
    assert "- S1 #1: 6 meets 9; 6 White, 9 Black (5.2.2: both preferences granted:" in md
    assert "**S1 #1: 6 meets 9 (2.2.6).**" not in md


def test_html_links_stay_inside_the_page():
    from dubov_explain.rulebooks.dubov2025.engine import pair_round

    tr = pair_round(load_example())
    html = round_report_html(tr, "Worked example")
    ids = set(re.findall(r'id="([^"]+)"', html))
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert hrefs and all(h.startswith("#") and h[1:] in ids for h in hrefs), \
        [h for h in hrefs if h[1:] not in ids]
    for n in _rows(tr):
        assert f'<tr id="p-{n}">' in html  # every player has an anchor
    assert '<a href="#p-5">5 Egger, Emil</a>' in html
    assert '<a href="#art-2.2.6" class="art">2.2.6</a>' in html
    assert '<a href="#art-C7" class="art">[C7]</a>' in html
    assert '<dt id="art-C7">C7</dt><dd class="quote">3.3.3 [C7] Minimise' in html
    assert html.count('<details class="routine">') == 1 and html.count("</details>") == 1
    # a score is no article: "(scores 2, 2; 2.2.2, 4.2)" links only the article numbers
    assert "scores 2, 2; <a href=\"#art-2.2.2\"" in html


@pytest.mark.parametrize("system", SYSTEMS)
def test_html_of_every_rulebook_links_only_inside(system):
    for trace in _traces(system)[:6]:
        html = round_report_html(trace)
        ids = set(re.findall(r'id="([^"]+)"', html))
        assert all(h[1:] in ids for h in re.findall(r'href="(#[^"]*)"', html))
        assert not re.search(r'href="(?!#)', html)


# --------------------------------------------------------------------- --round
@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    path = tmp_path_factory.mktemp("round") / "t.trf"
    assert main(["generate", "--players", "14", "--rounds", "5", "--seed", "2", "-o", str(path)]) == 0
    return path


def test_pair_round_of_the_file_reproduces_it(finished, tmp_path, capsys):
    report = tmp_path / "r.md"
    assert main(["pair", str(finished), "--round", "4", "--report", str(report)]) == 0
    out = capsys.readouterr().out
    t = read_trf(finished)
    from dubov_explain import app

    games = app.round_games(t, 4)
    assert {tuple(map(int, li.split())) for li in out.splitlines()[1:]} >= set(games)
    md = report.read_text()
    assert "## The file's own round 4" in md and "gives the same pairing" in md
    assert "`dubov-explain explain t.trf --round 4 --player N`" in md


def test_pair_round_under_another_rulebook_says_where_the_file_differs(finished, capsys):
    assert main(["pair", str(finished), "--round", "5", "--system", "dutch-2012", "--format", "md"]) == 0
    md = capsys.readouterr().out
    part = md[md.index("## The file's own round 5"):md.index("## Exceptions")]
    assert "differs from it" in part or "gives the same pairing" in part
    if "differs from it" in part:
        assert "- in the file: " in part and ": not in the file" in part


def test_round_outside_the_file_and_write_trf_are_refused(finished, tmp_path, capsys):
    assert main(["pair", str(finished), "--round", "9"]) == 3
    assert "round 9 is neither in the file nor the next round to pair" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:  # a usage error
        main(["pair", str(finished), "--round", "3", "--write-trf", str(tmp_path / "w.trf")])
    assert exit_.value.code == 3
    assert "--write-trf enters the round to pair" in capsys.readouterr().err
    assert main(["compare", str(finished), "--round", "0"]) == 3


def test_compare_and_explain_take_a_round_of_a_finished_file(finished, capsys):
    assert main(["compare", str(finished), "--round", "3", "--system", "dubov-2025",
                 "--system", "dutch-2012", "--format", "md"]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["explain", str(finished), "--round", "3", "--player", "1"]) == 0
    assert "round 3" in capsys.readouterr().out.lower()


def test_report_names_the_readings_that_change_the_round(capsys):
    """pair --format md pairs the round under every other reading value: the golden case
    that tells container-order's values apart is listed with the players it moves, and a
    round no other value changes says every value was tried."""
    case = ROOT / "golden" / "cases" / "reading-container-order.trf"
    # a reading of the 2025 text (the 2026 text settles it): the case names no system nor
    # date, so --system chooses the 2025 text
    assert main(["pair", str(case), "--format", "md", "--system", "dubov-2025"]) == 0
    md = capsys.readouterr().out
    part = md[md.index("### Named readings"):md.index("## Readings in force")]
    assert re.search(r"- With `container-order` = listed instead of lowest-first \(4\.2\.3\.2[^)]*\) "
                     r"the round pairs otherwise for \d+ players: [\d, ]+ \(`dubov-explain compare "
                     r"--round \d+ --reading container-order=listed`\)", part), part
    from dubov_explain import app

    req = app.open_request(str(case), system="dubov-2025")
    trace = app.pair(req)
    changes = app.readings_that_change(req, None, trace)
    other = app.pair(app.open_request(str(case), system="dubov-2025",
                                      readings=["container-order=listed"]))
    moved = {n for w, b in trace.result.boards for n in (w, b)} - {
        n for p in other.result.boards if p in trace.result.boards for n in p}
    assert next(c for c in changes if c["name"] == "container-order")["players"] == tuple(sorted(moved))
