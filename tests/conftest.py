"""Property tests are repeatable: the same examples on every run, so that a red CI is a
regression and not a draw.  ``DUBOV_HYPOTHESIS=explore`` runs them with fresh random
examples instead (do that when you change a generator or a property, and after a release);
the fuzzer's long run has its own switch (tests/test_fuzz.py)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("DUBOV_HYPOTHESIS") == "explore" else "repeatable")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say it in one line when the browser tests were skipped (no Chromium or no driver):
    a silent skip would read as a green browser test."""
    skipped = [r for r in terminalreporter.stats.get("skipped", ())
               if getattr(r, "nodeid", "").startswith("tests/test_browser.py")]
    if skipped:
        reason = ""
        longrepr = getattr(skipped[0], "longrepr", None)
        if isinstance(longrepr, tuple) and len(longrepr) == 3:
            reason = f" ({str(longrepr[2]).removeprefix('Skipped: ')})"
        terminalreporter.write_line(
            f"{len(skipped)} browser test(s) skipped{reason}: install Chromium and its driver "
            "to run them (Debian/Ubuntu: apt-get install chromium chromium-driver)",
            yellow=True)
