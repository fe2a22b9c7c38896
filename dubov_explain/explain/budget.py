"""A time budget for one explanation: the work is interrupted when the budget runs out.

Explaining a difference (``check_round(..., explain=True)``) pairs the round again with the
published pairs forced, and again per bracket once the paths part; on a large round paired
by another system that search can take minutes.  ``replay`` bounds it per round with
:func:`time_limit`: an interval timer (``SIGALRM``) raises :class:`BudgetExceeded` inside
the search, which only computes (no file, no shared state is left half-written), and the
caller reports the explanation as cut short.

A budget of CPU time (``time_limit(seconds, cpu=True)``: the process's own time, which a
loaded machine does not eat into) bounds the optional what-if runs of an answer (a player
page's bracket-mates, :mod:`dubov_explain.explain.why`).

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


#: seconds between the timer's signals once a budget has run out
REPEAT = 0.05


class BudgetExceeded(Exception):
    """The time budget ran out."""


def _can_interrupt() -> bool:
    return (hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
            and threading.current_thread() is threading.main_thread())


@contextmanager
def time_limit(seconds: float | None, cpu: bool = False) -> Iterator[bool]:
    """Raise :class:`BudgetExceeded` in the body after ``seconds`` (None or <= 0: no limit)
    of real time, or with ``cpu`` of the process's CPU time (user and system).

    Yields whether the limit is enforced.  A timer already running (an outer budget, a test
    runner's timeout) is suspended and re-armed with what was left of it."""
    if not seconds or seconds <= 0 or not _can_interrupt():
        yield False
        return

    def expired(signum, frame):
        raise BudgetExceeded(f"{seconds:g} s")

    which, sig, clock = ((signal.ITIMER_PROF, signal.SIGPROF, time.process_time) if cpu else
                         (signal.ITIMER_REAL, signal.SIGALRM, time.monotonic))
    start = clock()
    previous = signal.signal(sig, expired)
    # once expired, the timer fires again every REPEAT seconds until the body is left: an
    # exception raised while a finaliser or a garbage-collector callback runs is ignored by
    # Python (it was seen in the tests: the budget then never cut), the next one is not
    outer, every = signal.setitimer(which, seconds, REPEAT)
    try:
        yield True
    finally:
        signal.setitimer(which, 0)
        signal.signal(sig, previous)
        if outer > 0:
            signal.setitimer(which, max(outer - (clock() - start), 1e-3), every)
