"""PySide6 6.12 on Python 3.11 drops a reference to None on every wrapped call that returns
nothing and aborts with `none_dealloc` after a few thousand (DESIGN.md, platform facts). This
makes 10,000 such calls of each kind; on a good build it simply passes."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene
from pytestqt.qtbot import QtBot

CALLS = 10_000


def test_ten_thousand_void_calls_survive(qtbot: QtBot) -> None:
    scene = QGraphicsScene()
    item = QGraphicsRectItem(0, 0, 10, 10)
    scene.addItem(item)
    none_refs = sys.getrefcount(None)
    for i in range(CALLS):
        item.setZValue(float(i % 7))
        item.setPos(QPointF(i % 13, i % 17))
        item.update()
    assert item.zValue() == float((CALLS - 1) % 7)
    # the interpreter's count of references to None must not have been drained
    assert sys.getrefcount(None) >= none_refs - 100
