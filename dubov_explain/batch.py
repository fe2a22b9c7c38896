"""Batch work: a deterministic parallel map and a progress bar that only a terminal sees.

* :func:`parallel_map` runs a picklable function over items on ``jobs`` worker processes
  and yields the results **in the order of the items**, whatever the number of workers, so
  that a batch gives the same output with one core or two.
* :class:`Progress` draws a one-line bar on a stream only when that stream is a terminal
  (``isatty``); redirected to a file or a pipe it writes nothing.  Text printed through
  :meth:`Progress.write` goes above the bar.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Callable, Iterable, Iterator, TextIO, TypeVar

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["parallel_map", "Progress", "default_jobs"]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def parallel_map(fn: Callable[[T], R], items: Iterable[T], jobs: int = 1) -> Iterator[R]:
    """``map(fn, items)`` on ``jobs`` processes, results in item order (deterministic)."""
    items = list(items)
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield fn(item)
        return
    import multiprocessing  # here: a plain `pair` builds its parser without it

    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(min(jobs, len(items))) as pool:
        yield from pool.imap(fn, items, chunksize=1)


class Progress:
    """``[#####.....]  12/100  0:07`` on ``stream`` when it is a terminal; silent otherwise."""

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None,
                 enabled: bool | None = None, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.total = max(total, 0)
        self.done = 0
        self.label = label
        self.width = width
        self.start = time.monotonic()
        self._last = 0.0
        self._shown = False

    def _line(self) -> str:
        frac = self.done / self.total if self.total else 1.0
        filled = int(round(frac * self.width))
        secs = int(time.monotonic() - self.start)
        bar = "#" * filled + "." * (self.width - filled)
        label = f"{self.label} " if self.label else ""
        return f"{label}[{bar}] {self.done}/{self.total} {secs // 60}:{secs % 60:02d}"

    def _draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self._last < 0.1 and self.done < self.total:
            return
        self._last = now
        self.stream.write("\r\x1b[2K" + self._line())
        self.stream.flush()
        self._shown = True

    def _clear(self) -> None:
        if self.enabled and self._shown:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self._shown = False

    def update(self, n: int = 1) -> None:
        self.done += n
        self._draw()

    def set(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` (when the total is known only once the work starts)."""
        self.done, self.total = done, max(total, 0)
        self._draw()

    def write(self, text: str) -> None:
        """Print ``text`` to the progress stream above the bar."""
        if not text:
            return
        self._clear()
        self.stream.write(text if text.endswith("\n") else text + "\n")
        self.stream.flush()
        self._draw(force=True)

    def close(self) -> None:
        self._clear()

    def __enter__(self) -> "Progress":
        self._draw(force=True)
        return self

    def __exit__(self, *exc) -> None:
        self.close()
