"""Reproduce the crash that gameapp/ui/main_thread_gc.py prevents, in a few seconds.

The window's thread keeps making Qt objects that end up in reference cycles (a running QTimer
and a QEventLoop, as waits and closures leave them) and runs its event loop; a worker thread
only allocates plain Python objects, as the computer's reach searches do. Its allocations start
cyclic collections on the worker, which free the window's Qt objects there: the process dies
with a segmentation fault, the window's thread often 'Garbage-collecting', as in CI. With
`--fixed` the worker is a `main_thread_gc.Worker`, and it runs clean.

    QT_QPA_PLATFORM=offscreen python -X faulthandler scripts/gc_on_worker_crash.py 10
    QT_QPA_PLATFORM=offscreen python -X faulthandler scripts/gc_on_worker_crash.py 10 --fixed
"""

from __future__ import annotations

import argparse
import gc
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

from gameapp.ui import main_thread_gc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", type=float, nargs="?", default=10.0)
    parser.add_argument("--fixed", action="store_true", help="a main_thread_gc.Worker")
    args = parser.parse_args()
    app = QCoreApplication([])
    collections: list[str] = []

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collections.append(threading.current_thread().name)

    gc.callbacks.append(note)
    stop = threading.Event()

    def allocate() -> None:
        while not stop.is_set():
            junk = [[i] for i in range(2000)]
            del junk

    if args.fixed:
        worker = main_thread_gc.Worker("computer")
        done = worker.submit(allocate)
    else:
        pool = ThreadPoolExecutor(1, thread_name_prefix="computer")
        done = pool.submit(allocate)
    made = 0
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        _cyclic_qt_garbage()
        made += 1
        app.processEvents()
    stop.set()
    done.result()
    by_thread = {name: collections.count(name) for name in sorted(set(collections))}
    print(f"{made} cycles of Qt objects made; collections by thread: {by_thread}")


def _cyclic_qt_garbage() -> None:
    loop = QEventLoop()
    timer = QTimer()
    timer.start(1)
    loop.me = loop  # type: ignore[attr-defined]
    timer.me = timer  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
