"""No thread runs Python beside the window but a gameapp/ui/main_thread_gc.py `Worker`: a
thread that allocates starts cyclic collections on itself, which free Qt objects on the wrong
thread and crash the window (scripts/gc_on_worker_crash.py shows it). The program's one worker,
the computer's, is such a `Worker`; any other way of running code on another thread
(threading, concurrent.futures' thread pool, QThread, QThreadPool, QRunnable, QtConcurrent,
multiprocessing's thread pools) is caught here."""

from __future__ import annotations

import ast
from pathlib import Path

import gameapp

PACKAGE = Path(gameapp.__file__).resolve().parent
THREAD_NAMES = {"Thread", "Timer", "ThreadPoolExecutor", "QThread", "QThreadPool", "QRunnable",
                "QtConcurrent", "ThreadPool", "start_new_thread", "_start_new_thread"}


def _threads_started(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        name = node.attr if isinstance(node, ast.Attribute) else \
            node.id if isinstance(node, ast.Name) else None
        if name in THREAD_NAMES:
            found.append(f"line {node.lineno}: {name}")
        if isinstance(node, ast.ImportFrom):
            found += [f"line {node.lineno}: {a.name}" for a in node.names
                      if a.name in THREAD_NAMES]
    return found


def _offending_files() -> dict[str, list[str]]:
    offending = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in ("main_thread_gc.py", "resources_rc.py"):
            continue
        found = _threads_started(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            offending[str(path.relative_to(PACKAGE))] = found
    return offending


def test_no_thread_is_started_but_a_main_thread_gc_worker() -> None:
    assert _offending_files() == {}


def test_the_check_catches_a_thread() -> None:
    """The check itself can fail: each way of starting a thread is found."""
    for source in ("import threading\nthreading.Thread(target=print).start()",
                   "from threading import Thread\nThread(target=print).start()",
                   "from concurrent.futures import ThreadPoolExecutor\n"
                   "ThreadPoolExecutor(1).submit(print, 1)",
                   "from PySide6.QtCore import QThreadPool\nQThreadPool.globalInstance()"):
        assert _threads_started(ast.parse(source)), source
    assert _threads_started(ast.parse("main_thread_gc.Worker('computer').submit(print)")) == []
