"""Batch work: a deterministic parallel map and a progress bar that only a terminal sees.

* :func:`parallel_map` runs a picklable function over items on ``jobs`` worker processes,
  or on a Dask distributed cluster when asked (``dask="tcp://scheduler:8786"``, or
  ``"local"`` for a LocalCluster of ``jobs`` workers), and yields the results **in the
  order of the items**, whatever the number of workers or the engine, so that a batch gives
  the same output with one core, two, or a cluster.
* :class:`Progress` draws a one-line bar on a stream only when that stream is a terminal
  (``isatty``); redirected to a file or a pipe it writes nothing.  Text printed through
  :meth:`Progress.write` goes above the bar.

Dask (``distributed``) is an optional extra (``pip install "dubov-explain[dask]"``) and is
imported only when a map is asked to run on it; the process pool stays the default.
"""

from __future__ import annotations

import os
import sys
import time
from collections import deque
from typing import Callable, Iterable, Iterator, TextIO, TypeVar

from .errors import EXIT_FILE, EXIT_INVALID_INPUT, DubovError

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["parallel_map", "Progress", "default_jobs", "ClusterError", "LOCAL"]

#: ``--dask local``: a LocalCluster on this machine instead of a scheduler's address
LOCAL = "local"
#: seconds to wait for the Dask scheduler before giving up (exit 5)
CONNECT_TIMEOUT = 10.0


class ClusterError(DubovError):
    """Dask cannot be used: not installed or a bad address (exit 3, an invalid request),
    or the scheduler cannot be reached or was lost (exit 5, like a file that cannot be
    read: the resource named on the command line is not there)."""

    def __init__(self, address: str, reason: str, exit_code: int) -> None:
        self.address = address
        self.reason = reason
        self.exit_code = exit_code
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"--dask {self.address}: {self.reason}"


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def parallel_map(fn: Callable[[T], R], items: Iterable[T], jobs: int = 1,
                 dask: str | None = None, main_thread: bool = False) -> Iterator[R]:
    """``map(fn, items)`` on ``jobs`` processes, results in item order (deterministic).

    ``dask``: None, the process pool; ``"local"``, a Dask LocalCluster of ``jobs``
    single-threaded worker processes; otherwise the address of a running Dask scheduler
    (``tcp://host:8786``), whose workers decide the parallelism (``jobs`` is not used).
    The results and their order are the same on every engine.  ``main_thread``: ``fn``
    needs a process's main thread (a ``SIGALRM`` time budget); a Dask worker runs tasks in
    a thread, so each task then runs in a child process of the worker.
    """
    items = list(items)
    if dask is not None:
        yield from _dask_map(fn, items, jobs, dask, main_thread)
        return
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield fn(item)
        return
    import multiprocessing  # here: a plain `pair` builds its parser without it

    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(min(jobs, len(items))) as pool:
        yield from pool.imap(fn, items, chunksize=1)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _import_distributed(address: str):
    """The ``distributed`` module, once ``address`` is seen to be one; errors as
    :class:`ClusterError` (exit 3)."""
    if address != LOCAL and "://" not in address and ":" not in address:
        raise ClusterError(address, "not a scheduler address: give tcp://HOST:PORT (e.g. "
                           "tcp://scheduler:8786) or 'local'", EXIT_INVALID_INPUT)
    try:
        import distributed
    except ImportError:
        raise ClusterError(address, "Dask distributed is not installed: install "
                           "dubov-explain[dask] (pip install \"dubov-explain[dask]\")",
                           EXIT_INVALID_INPUT) from None
    return distributed


def _connect(distributed, address: str, jobs: int):
    """(client, cluster or None) for ``address``; errors as :class:`ClusterError`."""
    import logging

    if address == LOCAL:
        try:
            cluster = distributed.LocalCluster(
                n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.CRITICAL)
        except OSError as exc:
            raise ClusterError(address, f"cannot start a LocalCluster ({_first_line(exc)})",
                               EXIT_FILE) from None
        try:
            return distributed.Client(cluster, set_as_default=False), cluster
        except BaseException:
            cluster.close()
            raise
    try:
        return distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False), None
    except (ValueError, TypeError) as exc:
        raise ClusterError(address, f"not a scheduler address ({_first_line(exc)}): give "
                           "tcp://HOST:PORT or 'local'", EXIT_INVALID_INPUT) from None
    except OSError as exc:  # refused, unknown host, timed out (TimeoutError is an OSError)
        raise ClusterError(address, f"cannot reach the scheduler ({_first_line(exc)})",
                           EXIT_FILE) from None


def _dask_map(fn, items: list, jobs: int, address: str, main_thread: bool) -> Iterator:
    distributed = _import_distributed(address)
    import logging

    # a scheduler that cannot be reached or is lost is said in one line (ClusterError),
    # not in the client's own log records and tracebacks on stderr
    # (distributed's loggers have levels of their own: quiet the handler they all reach)
    handlers = logging.getLogger("distributed").handlers
    levels = [h.level for h in handlers]
    for h in handlers:
        h.setLevel(logging.CRITICAL + 1)
    try:
        yield from _on_dask(distributed, fn, items, jobs, address, main_thread)
    finally:
        for h, level in zip(handlers, levels):
            h.setLevel(level)


def _on_dask(distributed, fn, items: list, jobs: int, address: str,
             main_thread: bool) -> Iterator:
    """Submit in item order, a window ahead of the results, and yield in item order."""
    client, cluster = _connect(distributed, address, jobs)
    pending: deque = deque()
    try:
        task = fn
        if main_thread:
            import functools

            import cloudpickle  # a dependency of distributed

            task = functools.partial(_in_child, cloudpickle.dumps(fn))
        todo = iter(items)
        window, since = 0, 0
        while True:
            if since == 0:  # workers may come and go: look again every `window` results
                try:
                    threads = sum(client.nthreads().values())
                except OSError as exc:
                    raise ClusterError(address, f"lost the scheduler ({_first_line(exc)})",
                                       EXIT_FILE) from None
                window = since = max(16, 4 * threads)
            while len(pending) < window:
                item = next(todo, _END)
                if item is _END:
                    break
                # one graph per item: the scheduler runs earlier graphs first, so the
                # results come back roughly in the order they are consumed
                pending.append(client.submit(task, item, pure=False))
            if not pending:
                return
            future = pending.popleft()
            since -= 1
            try:
                result = future.result()
            except Exception as exc:
                if future.status == "error":  # fn's own exception, as from a process pool
                    raise
                raise ClusterError(address, f"lost the cluster ({_first_line(exc)})",
                                   EXIT_FILE) from None
            future.release()
            yield result
    finally:
        for future in pending:  # stopped early (an error, ^C): drop what is left
            future.cancel()
        client.close()
        if cluster is not None:
            cluster.close()


_END = object()


def _in_child(payload: bytes, item):
    """Run ``fn(item)`` (``fn`` cloudpickled in ``payload``) in the main thread of a child
    process of this Dask worker thread.  A plain subprocess, not multiprocessing: a worker
    started by a nanny is a daemon process, which multiprocessing forbids to have children;
    and not forked (the worker has threads)."""
    import pickle
    import threading

    import cloudpickle

    global _CHILDREN
    if _CHILDREN is None:
        _CHILDREN = threading.local()
    child = getattr(_CHILDREN, "child", None)
    if child is None or child.poll() is not None:
        import subprocess

        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        child = _CHILDREN.child = subprocess.Popen(
            [sys.executable, "-c", "from dubov_explain.batch import _serve; _serve()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    _send(child.stdin, cloudpickle.dumps((payload, item)))
    answer = _receive(child.stdout)
    if answer is None:
        raise ChildProcessError(f"the child process of a Dask worker ended "
                                f"(exit {child.wait()})")
    ok, value = pickle.loads(answer)
    if not ok:
        raise value
    return value


#: per thread of a Dask worker process: its child process (``_CHILDREN.child``)
_CHILDREN = None


def _send(stream, data: bytes) -> None:
    stream.write(len(data).to_bytes(8, "big") + data)
    stream.flush()


def _receive(stream) -> bytes | None:
    head = stream.read(8)
    if len(head) < 8:
        return None
    return stream.read(int.from_bytes(head, "big"))


def _serve() -> None:
    """The child's loop: ``(fn, item)`` in, ``(ok, result or exception)`` out, until EOF.
    Its stdout is the channel, so what ``fn`` prints goes to stderr."""
    import pickle

    import cloudpickle

    channel = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    requests = sys.stdin.buffer
    while (data := _receive(requests)) is not None:
        payload, item = cloudpickle.loads(data)
        try:
            answer = (True, cloudpickle.loads(payload)(item))
        except Exception as exc:
            answer = (False, exc)
        try:
            out = pickle.dumps(answer)
        except Exception as exc:  # an unpicklable result or exception
            out = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        _send(channel, out)


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
