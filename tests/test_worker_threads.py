"""No thread runs Python beside the window but through gameapp/ui/main_thread_gc.py: a thread
that allocates starts cyclic collections on itself, which free Qt objects on the wrong thread
and crash the window (scripts/gc_on_worker_crash.py shows it). The program's one worker, the
computer's, is handed its work through `main_thread_gc.submit`; any other way of running code
on another thread (threading, an executor's own submit or map, QThread, QThreadPool,
QRunnable, QtConcurrent, multiprocessing's thread pools) is caught here."""

from __future__ import annotations

import ast
from pathlib import Path

import gameapp

PACKAGE = Path(gameapp.__file__).resolve().parent
THREAD_NAMES = {"Thread", "Timer", "QThread", "QThreadPool", "QRunnable", "QtConcurrent",
                "ThreadPool", "start_new_thread", "_start_new_thread"}
THE_WAY = "main_thread_gc"  # the one receiver of `submit` allowed


def _threads_started(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        name = node.attr if isinstance(node, ast.Attribute) else \
            node.id if isinstance(node, ast.Name) else None
        if name in THREAD_NAMES:
            found.append(f"line {node.lineno}: {name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and _hands_over(node.func):
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}")
        if isinstance(node, ast.ImportFrom) and node.module in ("threading", "_thread"):
            found += [f"line {node.lineno}: {a.name}" for a in node.names
                      if a.name in THREAD_NAMES]
    return found


def _hands_over(call: ast.Attribute) -> bool:
    """An executor's `submit`, or its `map` (told from the builtin's kin by the receiver's
    name), on anything but `main_thread_gc`."""
    receiver = ast.unparse(call.value)
    if call.attr == "submit":
        return receiver != THE_WAY
    return call.attr == "map" and any(w in receiver.lower() for w in ("pool", "executor"))


def _offending_files() -> dict[str, list[str]]:
    offending = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in ("main_thread_gc.py", "resources_rc.py"):
            continue
        found = _threads_started(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            offending[str(path.relative_to(PACKAGE))] = found
    return offending


def test_no_thread_is_started_but_through_main_thread_gc() -> None:
    assert _offending_files() == {}


def test_the_check_catches_a_thread() -> None:
    """The check itself can fail: each way of starting a thread is found."""
    for source in ("import threading\nthreading.Thread(target=print).start()",
                   "from threading import Thread\nThread(target=print).start()",
                   "self._pool.submit(print, 1)", "pool.submit(print, 1)",
                   "executor.map(print, [1])",
                   "from PySide6.QtCore import QThreadPool\nQThreadPool.globalInstance()"):
        assert _threads_started(ast.parse(source)), source
    assert _threads_started(ast.parse("main_thread_gc.submit(self._pool, print, 1)")) == []
