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

    # the arrow keys work
    body = d.find_element("tag name", "body")
    for _ in range(6):
        body.send_keys(Keys.ARROW_RIGHT)
    step = _visible(d)
    assert step.get_attribute("id") == "step-7" and "Which upfloaters" in step.text
    assert "{4, 8}" in step.text and "4.2.3.3" in step.text  # the decision and its article
    body.send_keys(Keys.ARROW_LEFT)
    assert _visible(d).get_attribute("id") == "step-6"
    assert d.find_element("id", "counter").text == f"Step 6 of {n}"
    for _ in range(4):
        body.send_keys(Keys.ARROW_RIGHT)
    shift = _visible(d)
    assert shift.get_attribute("id") == "step-10" and "Players are shifted" in shift.text
    g1 = shift.find_element("css selector", ".g1").text
    assert "8" in g1 and "Horvat" in g1 and "Berg" not in g1  # G1 = {8} after the shift of 2

    screenshots = Path(os.environ.get("DUBOV_SCREENSHOT_DIR") or tmp_path)
    screenshots.mkdir(parents=True, exist_ok=True)
    shot = screenshots / "step-through.png"
    assert d.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # End: the last step shows the published pairing
    body.send_keys(Keys.END)
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

    # clicking a step in the list jumps there; Home goes back to the start
    d.find_element("css selector", "#item-4 a").click()
    assert _visible(d).get_attribute("id") == "step-4"
    body.send_keys(Keys.HOME)
    assert _visible(d).get_attribute("id") == "step-1"


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
    from dataclasses import replace

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

