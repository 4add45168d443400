"""A worker thread beside the window's that never runs Python's cyclic garbage collection.

CPython runs a cyclic collection in whichever thread happens to allocate past the threshold,
and the computer's worker thread allocates a lot (its reach searches). A collection frees every
unreachable cycle in the process, and many hold Qt objects: a closed window's wrappers, the
QTimer and QEventLoop of a finished wait, an animation's closures. Freed on the worker thread,
their C++ destructors run there, while the window's thread is using the same event dispatcher
and scene: Qt objects must be deleted on the thread that owns them, and doing otherwise
corrupts memory (an intermittent segfault in the UI tests). Such a cycle was seen freed on the
worker ("computer_0": a QTimer and a QEventLoop) in one run of the computer's UI tests, and
scripts/gc_on_worker_crash.py crashes this way in seconds.

So a `Worker` runs Python only while automatic collection is off (`gc.disable` is process-wide,
so no thread collects by itself): from before a piece of work is handed over until its thread
is waiting for the next one, as the thread itself says as the last thing before it waits; from
`close` until the thread has ended; and from before the thread starts. Meanwhile the window's
thread runs the young collections that are due, every `TEND_MS`, as CPython would have (by the
generations' counts and thresholds): garbage is still collected, but only where the Qt objects
live. Once no worker runs Python any more, automatic collection is on again, unless someone
else had turned it off. Every thread of the program is a `Worker` (tests/test_worker_threads.py
checks the source).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from queue import Empty, SimpleQueue
from typing import Any, ParamSpec, TypeVar

from PySide6.QtCore import QTimer

TEND_MS = 15  # how often the window's thread runs the collections that are due

P = ParamSpec("P")
T = TypeVar("T")

# (the work's number, its future, the work); None: end the thread
_Job = tuple[int, Future[Any], Callable[[], Any]]

_holding: set[Worker] = set()  # workers that may be running Python
_turned_off = False  # automatic collection was on, and we turned it off
_tending = False  # a tend is scheduled on the window's thread


class Worker:
    """One thread that does the work handed to it (`submit`), one piece after another; its
    thread is started with the first piece and ends at `close`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._queue: SimpleQueue[_Job | None] = SimpleQueue()
        self._handed = 0  # pieces of work handed over
        self._finished = [0]  # the number of the last piece done, written by the thread
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Do `fn(*args, **kwargs)` on the thread; its future."""
        _on_window_thread()
        if self._closed:
            raise RuntimeError(f"the {self.name} worker is closed")
        _hold(self)  # before the thread runs anything
        future: Future[T] = Future()
        self._handed += 1
        if self._thread is None:
            self._thread = threading.Thread(target=_serve, name=self.name, daemon=True,
                                            args=(self._queue.get, self._finished))
            self._thread.start()
        self._queue.put((self._handed, future, partial(fn, *args, **kwargs)))
        return future

    def close(self) -> None:
        """End the thread once the work under way is done; work not begun is cancelled."""
        _on_window_thread()
        if self._closed:
            return
        self._closed = True
        while True:
            try:
                job = self._queue.get_nowait()
            except Empty:
                break
            if job is not None:
                job[1].cancel()
        if self._thread is not None:
            _hold(self)
            self._queue.put(None)

    @property
    def running_python(self) -> bool:
        """Whether the thread may be running Python: work under way, or ending."""
        if self._thread is None:
            return False
        if self._closed:
            return self._thread.is_alive()  # False only once its last line has run
        return self._finished[0] != self._handed


def _serve(take: Callable[[], _Job | None], finished: list[int]) -> None:
    """The worker's thread. While it waits (`take`, bound before: a call allocating nothing)
    it runs no Python, so saying it has finished is the last thing it does before waiting."""
    while True:
        job = take()
        if job is None:
            return
        number, future, work = job
        del job
        if future.set_running_or_notify_cancel():
            try:
                future.set_result(work())
            except BaseException as error:
                future.set_exception(error)
        del future, work
        finished[0] = number


def collections_held() -> bool:
    """Whether automatic collection is kept off for a worker (for tests)."""
    return _turned_off


def _on_window_thread() -> None:
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("a worker is handed its work from the window's thread only")


def _hold(worker: Worker) -> None:
    global _turned_off
    if not _turned_off and gc.isenabled():
        gc.disable()
        _turned_off = True
    _holding.add(worker)
    _schedule()


def _schedule() -> None:
    global _tending
    if not _tending:
        _tending = True
        QTimer.singleShot(TEND_MS, _tend)


def _tend() -> None:
    """On the window's thread: run the collection that is due; once no worker runs Python,
    give collection back to CPython."""
    global _tending, _turned_off
    _tending = False
    if _turned_off:
        collect_due()
    for worker in [w for w in _holding if not w.running_python]:
        _holding.discard(worker)
    if _holding:
        _schedule()
    elif _turned_off:
        _turned_off = False
        gc.enable()


def collect_due() -> int | None:
    """The young collection CPython would run now on its own: none unless the young generation's
    count is over its threshold; then of generation 1 if its count is over its threshold too,
    else of generation 0; the generation collected, or None.
    The worker's garbage is young. A full collection (generation 2) is left for when CPython
    collects by itself again: it keeps full ones rare by a measure Python cannot read (the
    objects that survived since the last one), and one over a big game stalls the window."""
    counts, limits = gc.get_count(), gc.get_threshold()
    if not limits[0] or counts[0] <= limits[0]:
        return None  # nothing due (a threshold of 0 turns automatic collection off)
    generation = 1 if counts[1] > limits[1] else 0
    gc.collect(generation)
    return generation
