"""Round reports, explanation pages and the step-through page: snapshots of the Markdown
(one readable ``.md`` file per case in ``tests/__snapshots__/test_render_report/``), the
HTML built from it, and names that try to inject markup.

Update the snapshots after a deliberate wording change with
``python -m pytest tests/test_render_report.py --snapshot-update`` and review the diff.
"""

from __future__ import annotations

import re

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from builders import build
from dubov_explain.records import replace
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.examples import load_example
from dubov_explain.explain.why import explain_player, why_not
from dubov_explain.render.explain import player_html, player_md, why_not_html, why_not_md
from dubov_explain.render.report import round_report_html, round_report_md
from dubov_explain.render.steps import step_through_html, steps
from dubov_explain.trace.events import Trace

from test_explain_why import BYE_CASES, C3_CASE, COLOUR_CASES, LOST_TO_SHIFT_ORDER, LOST_TO_T2, SHIFT_BOTH


class MarkdownSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "md"


@pytest.fixture
def md_snapshot(snapshot):
    return snapshot.use_extension(MarkdownSnapshot)


CASES = {
    "worked-example": None,
    **{f"bye-{k}": v for k, v in BYE_CASES.items()},
    **{f"colour-{k}": v for k, v in COLOUR_CASES.items()},
    "shift-2.2.4.1-then-2.2.4.2": SHIFT_BOTH,
    "shift-2.2.4.2-order": LOST_TO_SHIFT_ORDER,
    "transposition-4.4": LOST_TO_T2,
    "c3-absolute-colours": C3_CASE,
    "first-legal-transposition": dict(ratings=[2450, 2400, 2100, 2050], rounds=[], total_rounds=2,
                                      forbidden=((4, 2),)),
    "c1-rejection": dict(ratings=[2450, 2450, 2100, 1600], rounds=[[(2, 4, "="), (1, 3, "=")]], total_rounds=4,
                         forbidden=((2, 4),)),
    "impossible": dict(ratings=[2450, 2400, 2100, 1650],
                       rounds=[[(4, 2, "0"), (1, 3, "1")], [(1, 2, "0"), (4, 3, "1")]], total_rounds=3),
}


def tournament(name):
    spec = CASES[name]
    return load_example() if spec is None else build(**spec)


# --------------------------------------------------------------------- snapshots
@pytest.mark.parametrize("name", sorted(CASES))
def test_round_report_markdown(name, md_snapshot):
    t = tournament(name)
    assert round_report_md(pair_round(t), name) == md_snapshot


@pytest.mark.parametrize("player", [1, 5, 6, 8])
def test_player_explanation_markdown(player, md_snapshot):
    t = load_example()
    tr = pair_round(t)
    assert player_md(explain_player(t, player, trace=tr), tr) == md_snapshot


@pytest.mark.parametrize("pair", [(1, 2), (1, 6), (2, 5), (4, 8), (1, 3), (4, 1)],
                         ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_why_not_markdown(pair, md_snapshot):
    t = load_example()
    tr = pair_round(t)
    assert why_not_md(why_not(t, *pair, trace=tr), tr) == md_snapshot


@pytest.mark.parametrize("name, pair", [("transposition-4.4", (1, 5)), ("shift-2.2.4.2-order", (1, 5)),
                                        ("c3-absolute-colours", (4, 5))],
                         ids=lambda x: f"{x[0]}-vs-{x[1]}" if isinstance(x, tuple) else x)
def test_why_not_markdown_small_cases(name, pair, md_snapshot):
    t = tournament(name)
    tr = pair_round(t)
    assert why_not_md(why_not(t, *pair, trace=tr), tr) == md_snapshot


# --------------------------------------------------------------------- report content
def test_report_cites_an_article_for_every_decision():
    """Every event of the story is a paragraph naming its article in its bold lead, or one
    line of a folded routine pair (its opponent and its colours) that cites its rule."""
    tr = pair_round(load_example())
    md = round_report_md(tr)
    story = md[md.index("\n## Bye\n"):]
    leads = re.findall(r"^\*\*(.+?)\*\*", md, flags=re.M)  # the sheet's lines are a list
    folded = re.findall(r"^- S1 #\d+: (\d+) meets (\d+); \d+ White, \d+ Black \((5\.2\.[12]):", story,
                        flags=re.M)
    assert folded and all(re.search(r"routine pairs? \(the first G2 player still free, 2\.2\.6",
                                    story) for _ in folded)
    # all but the standings and the published pairing, which are tables (the board table
    # cites GHR 3.6 in its section); a folded pair is two events, its opponent and colours
    assert len(leads) + 2 * len(folded) == len(tr.events) - 2
    assert "## Boards\n\nBoard order of GHR 3.6" in md
    for lead in leads:
        assert re.search(r"\((?:[^()]*\d\.\d[^()]*)\)", lead), lead


def test_report_sections_and_tables():
    tr = pair_round(load_example())
    md = round_report_md(tr, "Worked example")
    heads = re.findall(r"^## (.+)$", md, flags=re.M)
    assert heads == ["Boards", "Exceptions", "Readings in force", "Standings before round 4", "Bye",
                     "Bracket of 2.5 points", "Bracket of 1 point"]
    assert re.findall(r"^### (.+)$", md, flags=re.M) == [
        "The bye (2.1)", "Upfloaters (2.2.1, 2.2.2)", "Colour preferences not granted (5.2)",
        "Shifts (2.2.4)", "Ties broken by ranking, pairing number or sequence order", "Named readings"]
    assert "| container-order        | lowest-first |" in md
    assert "|   1 |   1 | Adler, Anton   | 2412 |   2.5 | 2196 | WBW     |   +1 | strong Black (1.5.2.2)" in md
    assert "|     1 |     4 | Dahl, Dora   |   2 |     1 | Adler, Anton | 2.5 |" in md
    assert "Pairing-allocated bye: 5 Egger, Emil (1.4.1)." in md


def test_report_reads_as_plain_text():
    """No HTML, no link syntax, lines of tables aligned: the Markdown is the text format."""
    md = round_report_md(pair_round(load_example()))
    assert "<" not in md and "](" not in md
    for block in re.findall(r"((?:^\|.*\n)+)", md, flags=re.M):
        widths = {len(li) for li in block.splitlines()}
        assert len(widths) == 1, block


def test_report_of_an_impossible_round_says_why():
    md = round_report_md(pair_round(tournament("impossible")))
    assert "## No pairing" in md and "**No complete pairing (1.8.3).**" in md and "## Boards" not in md


def test_report_from_a_json_trace_is_the_same():
    tr = pair_round(load_example())
    again = Trace.from_json(tr.to_json())
    assert round_report_md(again) == round_report_md(tr)
    assert step_through_html(again) == step_through_html(tr)


# --------------------------------------------------------------------- HTML
def _self_contained(html: str) -> None:
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", html)
    assert "<link" not in html and "@import" not in html and "url(" not in html
    assert "<script src" not in html


def test_html_report_is_the_markdown_rendered_plus_navigation():
    tr = pair_round(load_example())
    md = round_report_md(tr, "Worked example")
    html = round_report_html(tr, "Worked example")
    _self_contained(html)
    ids = re.findall(r'<h2 id="([^"]+)">', html)
    assert ids == ["boards", "exceptions", "readings-in-force", "standings-before-round-4", "bye",
                   "bracket-of-2-5-points", "bracket-of-1-point", "articles-cited"]
    for i in ids:
        assert f'<a href="#{i}">' in html
    # one source of wording: every sentence of the Markdown is in the HTML (the article
    # numbers and the names as links there)
    text = re.sub(r"<a [^>]*>|</a>", "", html)
    for lead in re.findall(r"^\*\*(.+?)\*\*", md, flags=re.M):
        assert f"<strong>{lead}</strong>" in text.replace("\\", ""), lead
    assert "<table>" in html and "<th style=\"text-align:right\">ARO</th>" in html


def test_step_through_page_has_one_step_per_event_and_ends_with_the_pairing():
    tr = pair_round(load_example())
    html = step_through_html(tr, "Worked example")
    _self_contained(html)
    sections = re.findall(r'<section class="step" id="step-(\d+)"', html)
    assert [int(s) for s in sections] == list(range(1, len(tr.events) + 1))
    last = html[html.index(f'id="step-{len(tr.events)}"'):]
    assert "The published pairing" in last
    for w, b in tr.result.boards:
        assert re.search(rf'data-player="{w}".*?data-player="{b}"', last, flags=re.S)
    assert html.count("<script>") == 1 and "ArrowRight" in html and "ArrowLeft" in html


def test_step_states_follow_the_bracket():
    tr = pair_round(load_example())
    ss = steps(tr)
    by_kind = {}
    for s in ss:
        by_kind.setdefault(s.kind, []).append(s)
    shift = by_kind["shift"][0]
    assert (shift.bracket.g1, shift.bracket.g2, shift.focus) == ([8], [1, 2, 4], {2})
    s1 = by_kind["s1-sorted"][0].bracket
    assert s1.s1 == [(8, 2181), (1, 2196)] and s1.t2 == []
    closed = by_kind["bracket-closed"][0]
    assert closed.bracket.pairs == [(8, 2), (1, 4)] and closed.bracket.closed
    assert by_kind["bracket-opened"][1].done_pairs == [(2, 8), (4, 1)]
    assert by_kind["bye-assigned"][0].bye == 5
    assert [a for a, _ in by_kind["upfloaters-chosen"][0].law] == ["2.2.2", "4.2.3.3", "4.2"]
    assert "4.2.3.3 The sets belonging to each container" in by_kind["upfloaters-chosen"][0].law[1][1]
    assert ss[-1].boards == tr.result.boards


def test_rejections_are_listed_at_their_step():
    t = tournament("c1-rejection")
    tr = pair_round(t)
    ss = steps(tr)
    rej = [s for s in ss if s.kind == "opponent-chosen" and s.rejected]
    assert rej and any("[C1]" in why and "met in round 1" in why for s in rej for _, why in s.rejected)
    html = step_through_html(tr)
    assert "Rejected at this step" in html and "met in round 1" in html


# --------------------------------------------------------------------- injection
EVIL = "<script>alert(1)</script>"
LINK = "[x](javascript:alert(2))"


def evil_tournament():
    t = load_example()
    players = tuple(
        replace(p, name=EVIL) if p.number == 1 else replace(p, name=LINK) if p.number == 4 else p
        for p in t.players
    )
    return replace(t, players=players, name="<b>Open</b>")


def _inert(html: str, own_scripts: int = 0, shows_evil: bool = True) -> None:
    assert EVIL not in html
    if shows_evil:
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert html.count("<script") == own_scripts
    assert "javascript:" not in html.replace("[x](javascript:alert(2))", "")
    assert 'href="javascript' not in html and "<b>Open</b>" not in html


def test_a_player_named_script_is_inert_in_every_html_output():
    t = evil_tournament()
    tr = pair_round(t)
    _inert(round_report_html(tr, t.name))
    _inert(step_through_html(tr, t.name), own_scripts=1)
    for n in (1, 4, 2):
        _inert(player_html(explain_player(t, n, trace=tr), tr, t.name))
    for a, b in ((1, 2), (1, 6), (2, 1)):
        _inert(why_not_html(why_not(t, a, b, trace=tr), tr, t.name))
    link = why_not_html(why_not(t, 4, 9, trace=tr), tr, t.name)
    _inert(link, shows_evil=False)
    assert "4 [x](javascript:alert(2))" in link  # shown as text, not as a link


def test_names_are_escaped_in_markdown_too():
    t = evil_tournament()
    tr = pair_round(t)
    md = round_report_md(tr, t.name)
    assert EVIL not in md and r"\<script\>alert(1)\</script\>" in md
    assert LINK not in md and r"\[x\](javascript:alert(2))" in md
