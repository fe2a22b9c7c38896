"""A time budget for one explanation: the work is interrupted when the budget runs out.

Explaining a difference (``check_round(..., explain=True)``) pairs the round again with the
published pairs forced, and again per bracket once the paths part; on a large round paired
by another system that search can take minutes.  ``replay`` bounds it per round with
:func:`time_limit`: an interval timer (``SIGALRM``) raises :class:`BudgetExceeded` inside
the search, which only computes (no file, no shared state is left half-written), and the
caller reports the explanation as cut short.

The timer needs POSIX signals and the main thread (where the command line and its worker
processes run).  Elsewhere (Windows, a thread of a host program) :func:`time_limit` yields
False and the work runs unbounded.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from typing import Iterator

__all__ = ["BudgetExceeded", "time_limit"]


class BudgetExceeded(Exception):
    """The time budget ran out."""


def _can_interrupt() -> bool:
    return (hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
            and threading.current_thread() is threading.main_thread())


@contextmanager
def time_limit(seconds: float | None) -> Iterator[bool]:
    """Raise :class:`BudgetExceeded` in the body after ``seconds`` (None or <= 0: no limit).

    Yields whether the limit is enforced.  A timer already running (an outer budget, a test
    runner's timeout) is suspended and re-armed with what was left of it."""
    if not seconds or seconds <= 0 or not _can_interrupt():
        yield False
        return

    def expired(signum, frame):
        raise BudgetExceeded(f"{seconds:g} s")

    start = time.monotonic()
    previous = signal.signal(signal.SIGALRM, expired)
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer > 0:
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - start), 1e-3))
