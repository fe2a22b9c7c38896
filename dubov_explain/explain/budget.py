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

__all__ = ["ANSWER_SECONDS", "BudgetExceeded", "answer_clock", "share", "time_limit"]


#: seconds between the timer's signals once a budget has run out
REPEAT = 0.05


#: the CPU seconds one answer of the command line may spend, counted from the start of the
#: command, before it renders what it found (issue 29: an answer at a 1,000-player open
#: within 5 s of CPU, the whole process: Python's start and the rendering take the rest).
#: The required work (reading the file, the pairing) comes first; the optional parts (the
#: bracket-mates' what-if runs, the other readings, ``--against``'s what-if run, ``check``'s
#: explanation) each keep their own budget, capped by what is left of this one (:func:`share`)
ANSWER_SECONDS = 4.0

#: the process time at which the running answer's budget ends (:func:`answer_clock`)
_answer_end: float | None = None


@contextmanager
def answer_clock(seconds: float | None = ANSWER_SECONDS) -> Iterator[None]:
    """Within the body, :func:`share` caps an optional part's budget at what is left of
    ``seconds`` of CPU from now (the command line wraps each command in it; a program
    calling the API directly has no such clock, and each part its own budget); None: no
    clock in the body (a budget the user chose is his, whole)."""
    global _answer_end
    outer = _answer_end
    _answer_end = None if seconds is None else time.process_time() + seconds
    try:
        yield
    finally:
        _answer_end = outer


def share(own: float) -> float:
    """The CPU seconds an optional part of an answer may spend: ``own``, its own budget, or
    what is left of the running answer's (:func:`answer_clock`), if less; 0 when nothing
    is left (the part is then not run, and the answer names what it left, as for a part
    its own budget cut).  Rounded down to hundredths: the answer states it."""
    if _answer_end is None:
        return own
    left = _answer_end - time.process_time()
    return max(0.0, min(own, int(left * 100) / 100))


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
