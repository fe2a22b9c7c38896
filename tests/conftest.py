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
