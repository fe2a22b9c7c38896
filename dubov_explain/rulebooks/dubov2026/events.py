"""The events of Dubov 2026: Dubov 2025's, registered under the 2026 name as well.

The 2026 text decides the same things as the 2025 text (its engine runs Dubov 2025's
states), so its trace holds the same kinds; only the numbers they cite differ (the trace
is renumbered by ``numbering.ARTICLES``).
"""

from __future__ import annotations

from ...trace.events import event_types, register
from ..dubov2025 import events as family
from ..dubov2025.events import *  # noqa: F401,F403  (the kinds, by their 2025 names)

NAME = "dubov-2026"

for _kind in event_types(family.NAME).values():
    register(NAME)(_kind)
