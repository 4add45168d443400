"""The hovered route: a line through the centres of the hexes entered and an arrowhead showing the
facing on arrival; or, while the player right-drags from a unit, the facing on offer.

One item and one paint call. It is antialiased: a route is a handful of segments, not hundreds of
hexes. A route lies over the counters and under the MP chips, so the chips along it stay
readable; a facing on offer lies over everything, the selected counter included, and points out
of the hex through the hexside it would face.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.ui.board.geometry import BoardGeometry

ROUTE_Z = 125.0  # over the counters (100), under the selected stack (150) and the MP chips (130)
FACING_Z = 160.0  # a facing on offer shows over the selected stack it turns
CASING = QColor("#10264f")
ROUTE = QColor("#ffc928")
ROUTE_STOP = QColor("#ff6f5e")
FACING_OK = QColor("#43c15a")
FACING_BAD = QColor("#e53935")


class RouteItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry) -> None:
        super().__init__()
        self._geo = geometry
        self.hexes: tuple[Hex, ...] = ()  # origin first, then the hexes entered
        self.facing: int | None = None
        self._points: list[QPointF] = []
        self._colour = ROUTE
        self._bounds = QRectF()
        self.setZValue(ROUTE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_route(self, origin: Hex, path: Sequence[Hex], facing: int, stop: bool) -> None:
        """A route from `origin` through `path`, arriving facing `facing`."""
        self._show((origin, *path), facing, ROUTE_STOP if stop else ROUTE)
        self.setZValue(ROUTE_Z)

    def show_facing(self, at: Hex, facing: int, legal: bool) -> None:
        """The facing a unit in `at` would turn to: green if it may, red if not."""
        self._show((at,), facing, FACING_OK if legal else FACING_BAD)
        self.setZValue(FACING_Z)

    def clear(self) -> None:
        if self.hexes:
            self.prepareGeometryChange()
            self.hexes, self.facing, self._points = (), None, []
            self._bounds = QRectF()

    def _show(self, hexes: tuple[Hex, ...], facing: int, colour: QColor) -> None:
        if (hexes, facing, colour) == (self.hexes, self.facing, self._colour):
            return
        self.prepareGeometryChange()
        self.hexes, self.facing, self._colour = hexes, facing, colour
        self._points = [self._geo.centre(h) for h in hexes]
        bounds = QRectF()
        for h in hexes:
            bounds = bounds.united(self._geo.polygon(h).boundingRect())
        reach = self._geo.size * 0.6  # a facing's arrowhead pokes into the next hex
        self._bounds = bounds.adjusted(-reach, -reach, reach, reach)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self._points or self.facing is None:
            return
        size = self._geo.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        end = self._points[-1]
        angle = math.radians(self._geo.layout.direction_angle(self.facing))
        ahead = QPointF(math.cos(angle), -math.sin(angle))
        side = QPointF(-ahead.y(), ahead.x())
        line = [*self._points]
        base, tip, half = 0.40 * size, 0.78 * size, 0.24 * size
        if len(line) == 1:  # a facing on offer: a long arrow out through the hexside
            line.append(end + ahead * (0.7 * size))
            base, tip, half = 0.65 * size, 1.15 * size, 0.32 * size
        head = QPolygonF(
            [end + ahead * tip, end + ahead * base + side * half, end + ahead * base - side * half]
        )
        for colour, width in ((CASING, 0.20 * size), (self._colour, 0.11 * size)):
            pen = QPen(colour, width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolyline(QPolygonF(line))
        painter.setPen(QPen(CASING, 0.05 * size))
        painter.setBrush(self._colour)
        painter.drawPolygon(head)
