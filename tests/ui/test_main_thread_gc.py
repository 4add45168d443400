"""The worker thread that never runs Python's cyclic garbage collection (main_thread_gc.py): its
work's result or error comes back in its future; collection is off while its thread may run
Python and back on after, but not if someone else had turned it off; closing it cancels the
work not begun and ends its thread; the window's thread runs the collections that are due."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from gameapp.ui.main_thread_gc import Worker, collect_due, collections_held


@pytest.fixture(autouse=True)
def collection_as_it_was() -> Iterator[None]:
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    yield
    gc.set_threshold(*thresholds)
    if enabled:
        gc.enable()


def _given_back(qtbot: QtBot, worker: Worker) -> None:
    qtbot.waitUntil(lambda: not worker.running_python and not collections_held(), timeout=5_000)


def test_the_work_is_done_on_the_thread_with_collection_off_until_it_waits(qtbot: QtBot) -> None:
    worker = Worker("test")
    gate = threading.Event()
    seen: list[tuple[str, bool]] = []

    def work(x: int) -> int:
        gate.wait(5)
        seen.append((threading.current_thread().name, gc.isenabled()))
        return x * 2

    future = worker.submit(work, 21)
    assert collections_held() and not gc.isenabled() and worker.running_python
    gate.set()
    assert future.result(timeout=5) == 42
    assert seen == [("test", False)]
    _given_back(qtbot, worker)
    assert gc.isenabled()
    failing = worker.submit(lambda: 1 // 0)
    assert isinstance(failing.exception(timeout=5), ZeroDivisionError)
    worker.close()
    _given_back(qtbot, worker)


def test_closing_cancels_the_work_not_begun_and_ends_the_thread(qtbot: QtBot) -> None:
    worker = Worker("test")
    gate, started = threading.Event(), threading.Event()

    def work() -> bool:
        started.set()
        return gate.wait(5)

    under_way = worker.submit(work)
    waiting = worker.submit(lambda: "never")
    assert started.wait(5)
    worker.close()
    assert waiting.cancelled() and not under_way.cancelled()
    assert worker.running_python  # the work under way is left to finish
    gate.set()
    assert under_way.result(timeout=5) is True
    _given_back(qtbot, worker)  # its thread has ended
    assert gc.isenabled()
    with pytest.raises(RuntimeError, match="closed"):
        worker.submit(print)


def test_collection_turned_off_by_someone_else_stays_off(qtbot: QtBot) -> None:
    gc.disable()
    worker = Worker("test")
    worker.submit(print, end="").result(timeout=5)
    worker.close()
    qtbot.waitUntil(lambda: not worker.running_python, timeout=5_000)
    qtbot.wait(50)  # a few tends
    assert not gc.isenabled()


def test_the_collection_due_is_the_young_one_cpython_would_run() -> None:
    gc.disable()
    gc.set_threshold(100, 10, 10)
    gc.collect()
    assert collect_due() is None  # nothing allocated yet
    litter = [[] for _ in range(150)]
    assert collect_due() == 0 and gc.get_count()[0] < 100
    for _ in range(11):  # eleven young collections: the next one due is of generation 1 ...
        gc.collect(0)
    assert collect_due() is None  # ... once the young generation's count is over its own
    litter += [[] for _ in range(150)]
    assert collect_due() == 1 and gc.get_count()[1] == 0
