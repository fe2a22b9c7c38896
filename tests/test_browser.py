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
