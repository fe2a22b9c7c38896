"""The step-through page as shipped (sizes, the data its script reads, the titles), for every
rulebook; what the script does with it is driven in a browser in test_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dubov_explain.examples import load_example
from dubov_explain.render.steps import ARTICLE_TOKEN, page_steps, step_through_html
from dubov_explain.render.view import View, points
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.simulate import history_before, simulate

SYSTEMS = ["dubov-2025", "dubov-1997", "dutch-2012", "swiss-rating-1992"]
OPENS = {"dubov-2025": "bracket-opened", "dubov-1997": "group-opened",
         "dutch-2012": "bracket-opened", "swiss-rating-1992": "bracket-opened"}


def _round(system: str, players: int, rnd: int = 5, seed: int = 3):
    sim = simulate(players, rnd, seed, system=system)
    return find_rulebook(system).pair(history_before(sim.tournament, rnd))


def _data(html: str) -> dict:
    m = re.search(r"var DUBOV_STEPS = (\{.*?\});\n", html, flags=re.S)
    return json.loads(m.group(1))["data"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_page_of_200_players_is_under_1_mb_and_grows_linearly(system):
    """A middle round (5 of 9) of 60 and of 200 players: under 1 MB, and the page grows with
    the field, not with the field times the steps (each step ships its change only)."""
    small = step_through_html(_round(system, 60), "60").encode("utf-8")
    large = step_through_html(_round(system, 200), "200").encode("utf-8")
    assert len(large) < 1_000_000, len(large)
    # 140 players more cost well under 2 KB each (a copy of the bracket per step would
    # cost that many times the steps of a bracket)
    assert (len(large) - len(small)) / 140 < 2_000, (len(small), len(large))


@pytest.mark.parametrize("system", SYSTEMS)
def test_same_round_same_bytes_and_the_score_in_the_bracket_titles(system):
    tr = _round(system, 24, rnd=4, seed=7)
    html = step_through_html(tr, system)
    assert step_through_html(tr, system) == html
    steps, _, _ = page_steps(tr, View(tr))
    opened = [s for s in steps if s.kind == OPENS[system]]
    assert opened
    for s in opened:  # the step's heading and its item in the list say the score
        assert s.title.endswith(": " + points(s.score)), s.title
        assert re.search(rf'<span class="num">{s.index}</span> {re.escape(s.title)} ', html)
        assert re.search(rf'<li id="item-{s.index}" value="{s.index}"><a [^>]*>{re.escape(s.title)}</a>', html)
    inside = [s for s in steps if s.score is not None and s.kind != OPENS[system]
              and s.list_score is not None]
    assert inside and all(f"<small>({s.score})</small>" in html for s in inside[:5])


def test_whom_each_step_concerns_is_shipped_for_following_a_player():
    tr = pair_round(load_example())
    data = _data(step_through_html(tr))["steps"]
    kinds = [e.kind for e in tr.events]
    by_kind = {}
    for k, d in zip(kinds, data):
        by_kind.setdefault(k, []).append(d)
    # every player's steps, and the bracket's decisions
    assert all(d.get("s") == "r" for k in ("round-opened", "standings", "pairing-published")
               for d in by_kind[k])
    assert all(d.get("s") == "b" for k in ("bracket-opened", "upfloaters-chosen", "groups-formed",
                                           "shift", "s1-sorted", "bracket-closed")
               for d in by_kind[k])
    # a pair's steps concern its two players only
    assert all("s" not in d and len(d["f"]) == 2 for d in by_kind["opponent-chosen"])
    assert all("s" not in d for d in by_kind["colour-allocated"])
    # the bye candidates: every player it names (the eligible and the barred ones)
    cand = by_kind["bye-candidates"][0]
    assert sorted(cand.get("f", []) + cand.get("x", [])) == [1, 2, 4, 5, 6, 8, 9]
    bye = by_kind["bye-assigned"][0]
    assert bye["f"] == [5] and 6 in bye.get("x", [])  # the runner-up is named


def test_article_tokens_of_the_words_are_shipped_with_their_text():
    tr = pair_round(load_example())
    data = _data(step_through_html(tr))
    laws, aliases = data["laws"], data["aliases"]
    for key in ("4.2.3.3", "2.1.1", "C6", "C7", "1.5.2"):  # named in the words
        assert key in laws or aliases.get(key) in laws, key
    assert "The sets belonging to each container" in laws["4.2.3.3"]
    assert all(v in laws for v in aliases.values())
    # a score is not an article token; an item of a range is
    words = "The 2.5-point bracket (0.5 points); 2.1.3-2.1.5, [C1]/[C3], A.6 and C.10.e"
    assert [m.group(2) for m in ARTICLE_TOKEN.finditer(words)] == [
        "2.1.3", "2.1.5", "C1", "C3", "A.6", "C.10.e"]


def test_the_script_finds_article_numbers_by_the_same_pattern():
    """One pattern, in two languages: the page links exactly the tokens whose text the
    renderer shipped."""
    js = (Path(__file__).parent.parent / "templates" / "steps.js").read_text(encoding="utf-8")
    m = re.search(r"var TOKEN = /(.*)/g;", js)
    assert m and m.group(1) == ARTICLE_TOKEN.pattern


def test_the_keys_do_not_take_the_arrows_from_the_page():
    """The arrows, Home and End step only on the stepper; N and P anywhere; Page Up/Down and
    Space are never the page's (a static check; test_browser drives the keys)."""
    js = (Path(__file__).parent.parent / "templates" / "steps.js").read_text(encoding="utf-8")
    handler = js[js.index('document.addEventListener("keydown"'):]
    guard = handler.index("if (!stepper.contains(document.activeElement)) { return; }")
    assert guard < handler.index('"ArrowRight"') and guard < handler.index('"Home"')
    assert "PageDown" not in js and "PageUp" not in js and '" "' not in handler
