"""The step-through page in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``, driven by selenium; ``.ci/run`` installs them).

Skipped when Chromium or its driver is missing, except under CI (the ``CI`` environment
variable set), where a missing browser fails the run.  A screenshot of the page is written
to ``$DUBOV_SCREENSHOT_DIR`` (default: the test's temporary directory).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.examples import load_example
from dubov_explain.render.steps import step_through_html

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,900",
]


def _find(*names: str) -> str | None:
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


@pytest.fixture(scope="module")
def driver():
    browser = _find("chromium", "chromium-browser")
    chromedriver = _find("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:  # pragma: no cover
        webdriver = None
    missing = [what for what, ok in (("chromium", browser), ("chromedriver", chromedriver),
                                      ("selenium", webdriver)) if not ok]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {', '.join(missing)} is missing (.ci/run installs them)")
        pytest.skip(f"{', '.join(missing)} not available")
    profile = tempfile.mkdtemp(prefix="dubov-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for f in FLAGS + [f"--user-data-dir={profile}"]:
        opts.add_argument(f)
    # an explicit driver path: selenium-manager never runs (it would go to the network)
    d = webdriver.Chrome(service=Service(executable_path=chromedriver), options=opts)
    d.set_page_load_timeout(30)
    try:
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tr = pair_round(load_example())
    path = tmp_path_factory.mktemp("steps") / "steps.html"
    path.write_text(step_through_html(tr, "Worked example"), encoding="utf-8")
    return path, tr


def _visible(d):
    shown = [s for s in d.find_elements("css selector", "section.step") if s.is_displayed()]
    assert len(shown) == 1, f"{len(shown)} steps visible"
    return shown[0]


def test_step_through_in_chromium(driver, page, tmp_path):
    from selenium.webdriver.common.keys import Keys

    path, tr = page
    n = len(tr.events)
    driver.get(path.as_uri())
    d = driver
    assert d.title == "Round 4, step by step: Worked example"
    first = _visible(d)
    assert first.get_attribute("id") == "step-1" and "The round opens" in first.text
    assert d.find_element("id", "counter").text == f"Step 1 of {n}"
    assert not d.find_element("id", "prev").is_enabled()

    # Next and Previous change the view
    d.find_element("id", "next").click()
    assert _visible(d).get_attribute("id") == "step-2"
    assert "Standings before round 4" in _visible(d).text
    d.find_element("id", "prev").click()
    assert _visible(d).get_attribute("id") == "step-1"

    # N and P step from anywhere on the page (the body has the focus)
    body = d.find_element("tag name", "body")
    for _ in range(6):
        body.send_keys("n")
    step = _visible(d)
    assert step.get_attribute("id") == "step-7" and "Which upfloaters" in step.text
    assert "{4, 8}" in step.text and "4.2.3.3" in step.text  # the decision and its article
    body.send_keys("p")
    assert _visible(d).get_attribute("id") == "step-6"
    assert d.find_element("id", "counter").text == f"Step 6 of {n}"
    # the arrow keys step while the stepper has the focus (here: the Next button)
    d.find_element("id", "next").send_keys(Keys.ARROW_RIGHT)
    assert _visible(d).get_attribute("id") == "step-7"
    for _ in range(3):
        d.find_element("id", "next").send_keys(Keys.ARROW_RIGHT)
    shift = _visible(d)
    assert shift.get_attribute("id") == "step-10" and "Players are shifted" in shift.text
    g1 = shift.find_element("css selector", ".g1").text
    assert "8" in g1 and "Horvat" in g1 and "Berg" not in g1  # G1 = {8} after the shift of 2

    screenshots = Path(os.environ.get("DUBOV_SCREENSHOT_DIR") or tmp_path)
    screenshots.mkdir(parents=True, exist_ok=True)
    shot = screenshots / "step-through.png"
    assert d.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # End (on the stepper): the last step shows the published pairing
    d.find_element("id", "next").send_keys(Keys.END)
    last = _visible(d)
    assert last.get_attribute("id") == f"step-{n}" and "The published pairing" in last.text
    rows = last.find_elements("css selector", "table.boards tbody tr")
    shown = []
    for r in rows:
        cells = r.find_elements("css selector", "td")
        shown.append(tuple(int(c.find_element("css selector", ".chip b").text) for c in cells[1:3]))
    assert tuple(shown) == tr.result.boards
    assert "Egger" in last.text  # the bye
    assert not d.find_element("id", "next").is_enabled()
    d.save_screenshot(str(screenshots / "step-through-last.png"))

    # the focus stays on the stepper when Next is disabled: Home goes back to the start
    assert d.switch_to.active_element.get_attribute("id") == "stepper"
    d.switch_to.active_element.send_keys(Keys.HOME)
    assert _visible(d).get_attribute("id") == "step-1"
    # clicking a step in the list jumps there
    d.find_element("css selector", "#item-4 a").click()
    assert _visible(d).get_attribute("id") == "step-4"


def _numbers(elements):
    return [int(e.find_element("css selector", "b").text) for e in elements]


def test_every_step_draws_the_state_the_rulebook_replays(driver, page):
    """The page ships each step's change, not the bracket: the script's replay must draw,
    at every step and walking back too, what ``step_states`` (the full copy) says."""
    from dubov_explain.render.steps import steps as full_steps
    from dubov_explain.render.view import pair

    path, tr = page
    driver.get(path.as_uri())
    ss = full_steps(tr)
    order = list(range(len(ss))) + [14, 3, 20, 9]  # forward, then jumps back and forth
    for k, i in enumerate(order):
        if k:
            driver.find_element("css selector", f"#item-{i + 1} a").click()
        s = ss[i]
        shown = _visible(driver)
        assert shown.get_attribute("id") == f"step-{i + 1}"
        board = shown.find_element("css selector", ".board")
        focus = set(_numbers(board.find_elements("css selector", ".chip.focus")))
        assert focus <= s.focus, (i, focus, s.focus)
        sofar = board.find_elements("css selector", ".sofar")
        text = sofar[0].text if sofar else ""
        if s.unpaired and s.boards is None and s.kind != "round-opened":
            assert f"Not yet paired: {', '.join(map(str, s.unpaired))}" in text, i
        else:
            assert "Not yet paired" not in text, i
        if s.done_pairs and s.boards is None:
            assert "Paired so far: " + ", ".join(pair(p) for p in s.done_pairs) in text, i
        b = s.bracket
        if b is None or s.kind == "standings" or s.boards is not None:
            continue
        dds = board.find_elements("css selector", ".who dd")
        assert _numbers(dds[0].find_elements("css selector", ".chip")) == b.residents, i
        if b.upfloaters:
            assert _numbers(dds[1].find_elements("css selector", ".chip")) == b.upfloaters, i
        if b.g1 or b.g2:
            assert _numbers(board.find_elements("css selector", ".g1 .chip")) == b.g1, i
            assert _numbers(board.find_elements("css selector", ".g2 .chip")) == b.g2, i
        rows = board.find_elements("css selector", "table.s1t2 tbody tr")
        assert len(rows) == len(b.s1), i
        for j, (r, (n, aro)) in enumerate(zip(rows, b.s1)):
            cells = r.find_elements("css selector", "td")
            assert _numbers(cells[1].find_elements("css selector", ".chip")) == [n]
            opp = _numbers(cells[2].find_elements("css selector", ".chip"))
            assert opp == ([b.t2[j]] if j < len(b.t2) else [])
            c = b.colour_of(n, opp[0]) if opp else None
            assert cells[3].text == (f"{c[0]} White, {c[1]} Black ({c[2]})" if c else "")


def test_a_player_named_script_is_shown_as_text(driver, tmp_path):
    """Names reach the page as JSON and are drawn with textContent: a ``<script>`` name is
    a chip's text, and no script of it runs."""
    from dubov_explain.records import replace

    t = load_example()
    evil = "<script>document.title='owned'</script><img src=x onerror=\"document.title='owned'\">"
    t = replace(t, players=tuple(replace(p, name=evil) if p.number == 1 else p for p in t.players))
    tr = pair_round(t)
    path = tmp_path / "evil.html"
    path.write_text(step_through_html(tr, "Evil"), encoding="utf-8")
    driver.get(path.as_uri())
    opened = next(i for i, e in enumerate(tr.events, start=1) if e.kind == "bracket-opened")
    driver.find_element("css selector", f"#item-{opened} a").click()
    names = [e.text for e in _visible(driver).find_elements("css selector", '.chip[data-player="1"] .nm')]
    assert names and all(n == evil for n in names)
    assert driver.title == "Round 4, step by step: Evil"
    assert not driver.find_elements("css selector", "main img")
    # found by a search and followed: still text, in the results and the "Following" line
    from selenium.webdriver.common.keys import Keys

    find = driver.find_element("id", "find")
    find.send_keys("<script>")
    assert [b.find_element("css selector", ".nm").text
            for b in driver.find_elements("css selector", "#found button")] == [evil]
    find.send_keys(Keys.ENTER)
    assert driver.find_element("id", "who").text == "1 " + evil
    assert driver.title == "Round 4, step by step: Evil"
    assert not driver.find_elements("css selector", "img")



# ------------------------------------------------------------------ seminar tools
def _shown_items(d):
    return [int(li.get_attribute("id").split("-")[1])
            for li in d.find_elements("css selector", "nav.steplist li") if li.is_displayed()]


#: the steps of the worked example that concern player 4 (Dahl, who upfloats into the
#: 2.5-point bracket): every player's (the round opens, the standings, the boards), the bye
#: candidates (4 is one), the upfloater choice and every later decision of that bracket,
#: 4's own opponent and colours, and nothing of the 1-point bracket or of 2-8's pair
STEPS_OF_4 = [1, 2, 3, 7, 8, 9, 10, 11, 12, 13, 15, 16, 18, 19, 28]


def test_following_a_player_filters_and_highlights_their_steps(driver, page):
    from selenium.webdriver.common.keys import Keys

    path, tr = page
    d = driver
    d.get(path.as_uri())
    n = len(tr.events)
    assert _shown_items(d) == list(range(1, n + 1))
    find = d.find_element("id", "find")
    find.send_keys("4", Keys.ENTER)
    assert "following" in d.find_element("tag name", "body").get_attribute("class")
    assert d.find_element("id", "who").text == "4 Dahl, Dora"
    assert _shown_items(d) == STEPS_OF_4  # the list is filtered to 4's steps
    # it starts at 4's first own step (not one of every player's) and N walks 4's steps only
    visited = [int(_visible(d).get_attribute("id").split("-")[1])]
    body = d.find_element("tag name", "body")
    while d.find_element("id", "next").is_enabled():
        body.send_keys("n")
        visited.append(int(_visible(d).get_attribute("id").split("-")[1]))
    assert visited == STEPS_OF_4[2:]
    assert d.find_element("id", "counter").text == f"Step {n} of {n} · {len(STEPS_OF_4)}/{len(STEPS_OF_4)} for 4"
    # the chips of 4 are highlighted, and only they: in the drawn bracket and in the boards
    for k in (7, 15, 18, 28):
        d.find_element("css selector", f"#item-{k} a").click()
        shown = _visible(d)
        lit = shown.find_elements("css selector", ".chip.followed")
        assert lit and {c.get_attribute("data-player") for c in lit} == {"4"}, k
        assert all("followed" in c.get_attribute("class")
                   for c in shown.find_elements("css selector", '.chip[data-player="4"]')), k
    # the pairs so far and the players not yet paired: 4's number marked
    d.find_element("css selector", "#item-16 a").click()
    assert [m.text for m in _visible(d).find_elements("css selector", ".sofar mark.followed")] == ["4"]
    # S1/T2: 4's row is highlighted
    d.find_element("css selector", "#item-15 a").click()
    rows = _visible(d).find_elements("css selector", "table.s1t2 tr.followed")
    assert len(rows) == 1 and "Dahl" in rows[0].text
    # the standings: 4's row
    d.find_element("css selector", "#item-2 a").click()
    rows = _visible(d).find_elements("css selector", "tr.followed")
    assert len(rows) == 1 and "Dahl, Dora" in rows[0].text
    # clicking a chip follows that player; Stop following shows every step again
    d.find_element("css selector", "#item-28 a").click()
    _visible(d).find_element("css selector", '.chip[data-player="6"]').click()
    assert d.find_element("id", "who").text.startswith("6 ")
    assert 20 in _shown_items(d) and 7 not in _shown_items(d)  # 6 is in the 1-point bracket
    d.find_element("id", "unfollow").click()
    assert _shown_items(d) == list(range(1, n + 1))
    assert not d.find_elements("css selector", ".chip.followed")
    assert "following" not in (d.find_element("tag name", "body").get_attribute("class") or "")


def _found(d):
    return [int(b.get_attribute("data-player")) for b in d.find_elements("css selector", "#found button")]


def test_search_by_name_or_number(driver, page):
    from selenium.webdriver.common.keys import Keys

    path, tr = page
    d = driver
    d.get(path.as_uri())
    find = d.find_element("id", "find")
    find.send_keys("DAHL")  # by name, any case
    assert _found(d) == [4] and "Dahl, Dora" in d.find_element("id", "found").text
    find.clear()
    find.send_keys("a")  # a part of a name: every player whose name has it, by number
    names = {p.number: p.name for p in load_example().players}
    assert _found(d) == sorted(k for k, v in names.items() if "a" in v.lower())[:12]
    assert 4 in _found(d) and len(_found(d)) > 1
    find.clear()
    find.send_keys("6")  # by number: that player first
    assert _found(d)[0] == 6
    find.clear()
    find.send_keys("nobody")
    assert _found(d) == [] and d.find_element("id", "found").is_displayed()
    find.send_keys(Keys.ESCAPE)
    assert not d.find_element("id", "found").is_displayed()
    # choosing a result follows that player
    find.send_keys("horvat")
    d.find_element("css selector", '#found button[data-player="8"]').click()
    assert d.find_element("id", "who").text == "8 Horvat, Hana"
    assert not d.find_element("id", "found").is_displayed() and find.get_attribute("value") == ""
    assert 7 in _shown_items(d) and 20 not in _shown_items(d)


def test_jump_by_bracket(driver, page):
    from selenium.webdriver.support.ui import Select

    path, tr = page
    d = driver
    d.get(path.as_uri())
    jump = Select(d.find_element("id", "jump"))
    opened = [i for i, e in enumerate(tr.events, start=1) if e.kind == "bracket-opened"]
    assert [o.text for o in jump.options[1:]] == [
        f"Bracket of 2.5 points — step {opened[0]}", f"Bracket of 1 point — step {opened[1]}"]
    jump.select_by_index(2)
    shown = _visible(d)
    assert shown.get_attribute("id") == f"step-{opened[1]}"
    assert "1 point" in shown.find_element("css selector", "h2").text  # the score in the title
    # the list follows the step shown: inside the first bracket it names that bracket
    d.find_element("css selector", f"#item-{opened[0] + 3} a").click()
    assert Select(d.find_element("id", "jump")).first_selected_option.text.startswith("Bracket of 2.5 points")
    d.find_element("css selector", "#item-1 a").click()
    assert Select(d.find_element("id", "jump")).first_selected_option.get_attribute("value") == ""


def test_arrow_keys_on_the_page_scroll_instead_of_stepping(driver, page):
    """The arrows, Page Up/Down and Space are the reader's: on the page they scroll, and the
    page's script neither steps nor cancels them (only N/P, or the arrows on the stepper)."""
    from selenium.webdriver.common.keys import Keys

    path, tr = page
    d = driver
    d.set_window_size(1000, 420)
    try:
        d.get("about:blank")
        d.get(path.as_uri() + "#step-2")  # the standings: a long step (no click: the
        # browser would scroll the list clicked in, not the page)
        assert _visible(d).get_attribute("id") == "step-2"
        d.execute_script(
            "window.scrollTo(0, 0); window.__cancelled = [];"
            "window.addEventListener('keydown', function (e) {"
            "  if (e.defaultPrevented) { window.__cancelled.push(e.key); } });")
        body = d.find_element("tag name", "body")
        for key in (Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_RIGHT, Keys.ARROW_LEFT,
                    Keys.PAGE_DOWN, Keys.ARROW_UP, Keys.END, Keys.HOME, Keys.SPACE):
            body.send_keys(key)
            assert _visible(d).get_attribute("id") == "step-2", key
        assert d.execute_script("return window.__cancelled") == []
        body.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        # the page scrolled (a smooth scroll lands a moment later: on a loaded machine the
        # first read could still be 0, so wait for it, up to 10 s)
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(d, 10, poll_frequency=0.05).until(
            lambda drv: drv.execute_script("return window.pageYOffset") > 0)
    finally:
        d.set_window_size(1400, 900)


def test_article_numbers_link_to_the_article_text(driver, page):
    path, tr = page
    d = driver
    d.get(path.as_uri())
    up = next(i for i, e in enumerate(tr.events, start=1) if e.kind == "upfloaters-chosen")
    d.find_element("css selector", f"#item-{up} a").click()
    links = _visible(d).find_elements("css selector", ".what a.artlink")
    texts = [a.text for a in links]
    assert {"2.2.2", "4.2", "4.2.3.3", "C6", "C7"} <= set(texts)
    assert all(a.get_attribute("href").endswith("#article-" + a.get_attribute("data-article"))
               for a in links)  # in the page: no network
    assert d.find_element("id", "article").is_displayed() is False
    next(a for a in links if a.text == "4.2.3.3").click()
    box = d.find_element("id", "article")
    assert box.is_displayed() and d.find_element("id", "article-num").text == "4.2.3.3"
    assert "The sets belonging to each container" in box.text
    next(a for a in links if a.text == "C7").click()
    assert d.find_element("id", "article-num").text == "C7" and "colour" in box.text.lower()
    d.find_element("id", "article-close").click()
    assert not box.is_displayed()
    # a score is not an article: the 2.5-point bracket's 2.5 and "0.5 points" stay text
    for k in range(1, len(tr.events) + 1):
        d.find_element("css selector", f"#item-{k} a").click()
        for a in _visible(d).find_elements("css selector", "a.artlink"):
            assert a.text not in ("2.5", "0.5", "1.5"), k


@pytest.mark.parametrize("system, words", [
    ("dubov-2025", "Bracket of"), ("dubov-1997", "Score group of"),
    ("dutch-2012", "Score bracket of"), ("swiss-rating-1992", "Score bracket of")])
def test_every_rulebook_page_follows_and_jumps(driver, tmp_path, system, words):
    """The shell is generic: each rulebook's page has its words for the bracket list, and
    following its top player filters the list to a part of it."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.simulate import history_before, simulate

    sim = simulate(24, 4, 7, system=system)
    tr = find_rulebook(system).pair(history_before(sim.tournament, 4))
    path = tmp_path / f"{system}.html"
    path.write_text(step_through_html(tr, system), encoding="utf-8")
    d = driver
    d.get(path.as_uri())
    options = Select(d.find_element("id", "jump")).options[1:]
    assert options and all(o.text.startswith(words) for o in options)
    Select(d.find_element("id", "jump")).select_by_index(len(options))
    assert _visible(d).get_attribute("id") == f"step-{int(options[-1].get_attribute('value')) + 1}"
    d.find_element("id", "find").send_keys("1", Keys.ENTER)
    mine = _shown_items(d)
    assert 1 < len(mine) < len(tr.events)
    assert _visible(d).find_elements("css selector", ".chip.followed") or \
        _visible(d).get_attribute("data-kind") in ("bye-candidates", "bye-assigned", "what-if")


def test_a_dutch_backtrack_takes_the_undone_pairs_back(driver, tmp_path):
    """C.12/C.13 pair a closed bracket again: the page must drop its earlier pairs from
    "Paired so far" when the new attempt closes, exactly as the rulebook's ``step_states``
    says (golden case C.12-backtrack-found, where a bracket above is paired twice)."""
    from dubov_explain.render.steps import steps as full_steps
    from dubov_explain.render.view import pair
    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.rulebooks.dutch2012.steps import step_states
    from dubov_explain.trf.reader import read_trf

    case = Path(__file__).resolve().parent.parent / "golden" / "dutch-2012" / "cases"
    tr = find_rulebook("dutch-2012").pair(read_trf(str(case / "C.12-backtrack-found.trf")))
    states = step_states(tr)
    assert any(e.kind == "backtrack-ended" and e.found for e in tr.events), \
        "the case no longer backtracks successfully"
    path = tmp_path / "dutch.html"
    path.write_text(step_through_html(tr, "C.12"), encoding="utf-8")
    driver.get(path.as_uri())
    ss = full_steps(tr)
    for i, s in enumerate(ss):
        if i:
            driver.find_element("css selector", f"#item-{i + 1} a").click()
        board = _visible(driver).find_element("css selector", ".board")
        sofar = board.find_elements("css selector", ".sofar")
        text = sofar[0].text if sofar else ""
        if s.done_pairs and s.boards is None:
            assert "Paired so far: " + ", ".join(pair(p) for p in s.done_pairs) in text, i
    seen = [tuple(p) for s in states for p in s.done_pairs]
    final = {tuple(b) for b in tr.result.boards}
    last = [tuple(p) for p in states[-2].done_pairs]
    assert set(last) <= final | {tuple(reversed(b)) for b in final}, (last, final)
    assert len(set(seen)) > len(set(last))  # some pair was shown, then taken back


def test_compare_page_shows_its_boards_in_the_first_screen(driver, tmp_path):
    """The compare page is laid out like the reports (the contents beside the text, not above
    it): its first board row is inside the first screen (issue 24: it opened on a blank
    screen, only the table of contents showing)."""
    from dubov_explain.explain.compare import compare_sides, parse_sides
    from dubov_explain.render.compare import render_html

    t = load_example()
    left, right = parse_sides([], system="dubov-2025", right_system="dutch-2012")
    c = compare_sides(t, ("dubov-2025", left), ("dutch-2012", right))
    path = tmp_path / "compare.html"
    path.write_text(render_html(c, "Worked example"), encoding="utf-8")
    driver.get(path.as_uri())
    row = driver.find_element("css selector", "main table tbody tr")
    height = driver.execute_script("return window.innerHeight")
    assert row.is_displayed() and 0 <= row.location["y"] < height, (row.location, height)
    driver.save_screenshot(str(Path(os.environ.get("DUBOV_SCREENSHOT_DIR", tmp_path)) / "compare.png"))
