"""The mark around each counter of the editor's multiple selection: a frame drawn over the
counter wherever its item stands (so it follows a drag), never hit by the mouse."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.ui.board import BoardScene

MARK_COLOUR = QColor("#00b7ff")
MARK_Z = 20_000.0  # over the counters, also over one being dragged
MARK_WIDTH = 3.0


class SelectionMarks(QGraphicsItem):
    def __init__(self, board: BoardScene) -> None:
        super().__init__()
        self.board = board
        self.unit_ids: list[str] = []
        self.setZValue(MARK_Z)
        board.addItem(self)

    def show_units(self, unit_ids: list[str]) -> None:
        self.unit_ids = list(unit_ids)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.board.sceneRect()

    def shape(self) -> QPainterPath:
        return QPainterPath()  # the mouse goes through to the counters

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pen = QPen(MARK_COLOUR, MARK_WIDTH)
        pen.setCosmetic(True)
        painter.setPen(pen)
        for unit_id in self.unit_ids:
            item = self.board.counter_item(unit_id)
            if item is not None:
                painter.drawPolygon(item.mapToScene(item.rect()))
