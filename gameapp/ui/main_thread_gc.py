"""Work handed to a worker thread, with Python's cyclic garbage collection kept on the window's
thread while it runs.

CPython runs a cyclic collection in whichever thread happens to allocate past the threshold,
and the computer's worker thread allocates a lot (its reach searches). A collection frees every
unreachable cycle in the process, and many hold Qt objects: a closed window's wrappers, the
QTimer and QEventLoop of a finished wait, an animation's closures. Freed on the worker thread,
their C++ destructors run there, while the window's thread is using the same event dispatcher
and scene: Qt objects must be deleted on the thread that owns them, and doing otherwise
corrupts memory (an intermittent segfault in the UI tests). Such a cycle was seen freed on the
worker ("computer_0": a QTimer and a QEventLoop) in one run of the computer's UI tests, and
scripts/gc_on_worker_crash.py crashes this way in seconds.

So while such work runs, automatic collection is off (`gc.disable` is process-wide, so no
thread collects by itself), and the window's thread runs the young collections that are due,
every `TEND_MS`, as CPython would have (by the generations' counts and thresholds): garbage is
still collected, but only where the Qt objects live. Once the last such work is done, automatic
collection is on again, unless someone else had turned it off. An executor's idle thread
waits without running Python, so it starts no collection after its work. Every thread of the
program is handed its work here (tests/test_worker_threads.py checks the source).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

from PySide6.QtCore import QTimer

TEND_MS = 15  # how often the window's thread runs the collections that are due

P = ParamSpec("P")
T = TypeVar("T")

_running: set[Future[Any]] = set()  # work submitted here and not done yet
_turned_off = False  # automatic collection was on, and we turned it off
_tending = False  # a tend is scheduled on the window's thread


def submit(pool: Executor, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
    """`pool.submit(fn, ...)`, with no cyclic collection on any other thread until it is done.
    Called on the window's (main) thread, which then runs the collections."""
    global _turned_off
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("work is handed to a worker from the window's thread only")
    if not _running and gc.isenabled():
        gc.disable()  # before the worker starts: it must never collect
        _turned_off = True
    try:
        future = pool.submit(fn, *args, **kwargs)
    except BaseException:
        _give_back_if_idle()  # nothing started
        raise
    _running.add(future)
    _schedule()
    return future


def collections_held() -> bool:
    """Whether automatic collection is kept off for work still running (for tests)."""
    return bool(_running) and _turned_off


def _schedule() -> None:
    global _tending
    if not _tending:
        _tending = True
        QTimer.singleShot(TEND_MS, _tend)


def _tend() -> None:
    """On the window's thread: run the collection that is due; once no work is running any
    more, give collection back to CPython."""
    global _tending
    _tending = False
    if _turned_off:
        collect_due()
    for future in [f for f in _running if f.done()]:
        _running.discard(future)
    if _running:
        _schedule()
    else:
        _give_back_if_idle()


def _give_back_if_idle() -> None:
    global _turned_off
    if not _running and _turned_off:
        _turned_off = False
        gc.enable()


def collect_due() -> int | None:
    """The young collection CPython would run now on its own: of generation 1 if its count is
    over its threshold, else of generation 0 if its count is; the generation collected, or None.
    The worker's garbage is young. A full collection (generation 2) is left for when CPython
    collects by itself again: it keeps full ones rare by a measure Python cannot read (the
    objects that survived since the last one), and one over a big game stalls the window."""
    counts, limits = gc.get_count(), gc.get_threshold()
    if not limits[0]:
        return None  # a threshold of 0 turns automatic collection off
    due = [g for g in range(2) if counts[g] > limits[g]]
    if not due:
        return None
    gc.collect(due[-1])
    return due[-1]
