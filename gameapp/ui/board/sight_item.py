"""The line of sight being measured: a line from the centre of one hex to the centre of another,
green when clear and red when blocked, with a ring round the hex where it is blocked.

One item and one paint call. It is antialiased: it is one line and one ring, not hundreds of
hexes. It lies over everything on the board, so the counters never hide it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.ui.board.geometry import BoardGeometry

SIGHT_Z = 170.0  # over the counters, the fire marks and a facing on offer
CASING = QColor("#10264f")
CLEAR = QColor("#43c15a")
BLOCKED = QColor("#e53935")
BLOCK_RING = 0.78  # the ring round the blocking hex, relative to the hex
LINE_PX = 4  # the line's width on screen


class SightItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry) -> None:
        super().__init__()
        self._geo = geometry
        self.start: Hex | None = None
        self.end: Hex | None = None
        self.clear_line = True
        self.blocked_at: Hex | None = None
        self._bounds = QRectF()
        self.setZValue(SIGHT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def colour(self) -> QColor:
        return CLEAR if self.clear_line else BLOCKED

    def show_line(self, start: Hex, end: Hex, clear: bool, blocked_at: Hex | None) -> None:
        if (start, end, clear, blocked_at) == (self.start, self.end, self.clear_line,
                                               self.blocked_at):
            return
        self.prepareGeometryChange()
        self.start, self.end, self.clear_line, self.blocked_at = start, end, clear, blocked_at
        bounds = self._geo.polygon(start).boundingRect().united(
            self._geo.polygon(end).boundingRect())
        if blocked_at is not None:
            bounds = bounds.united(self._geo.polygon(blocked_at).boundingRect())
        pad = self._geo.size * 0.2
        self._bounds = bounds.adjusted(-pad, -pad, pad, pad)
        self.update()

    def clear(self) -> None:
        if self.start is not None:
            self.prepareGeometryChange()
            self.start = self.end = self.blocked_at = None
            self._bounds = QRectF()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.start is None or self.end is None:
            return
        geo, size = self._geo, self._geo.size
        a, b = geo.centre(self.start), geo.centre(self.end)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, px in ((CASING, LINE_PX + 3), (self.colour, LINE_PX)):
            pen = QPen(colour, px)  # device pixels: as readable zoomed out as in
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(a, b)
        painter.setPen(QPen(CASING, 0.04 * size))
        painter.setBrush(self.colour)
        for end in (a, b):
            painter.drawEllipse(end, 0.14 * size, 0.14 * size)
        if self.blocked_at is not None:
            ring = QPolygonF([QPointF(x * BLOCK_RING, y * BLOCK_RING)
                              for x, y in geo.corner_offsets])
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for colour, width in ((CASING, 0.14 * size), (BLOCKED, 0.07 * size)):
                painter.setPen(QPen(colour, width))
                painter.drawPolygon(ring.translated(geo.centre(self.blocked_at)))
