"""Highlight overlays: one item draws any number of hexes in a single paint call.

Following the measured drawing costs: no antialiasing and no pen, only fills. A layer's hexes are
drawn polygon by polygon; distinct hexes never overlap and non-antialiased fills tile exactly, so
even a semi-transparent colour blends once per pixel. (Filling one path made of all the hexes is
several times slower with a translucent colour, and dither patterns are slower still.)
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.ui.board.geometry import BoardGeometry

OVERLAY_Z = 50.0


class HexOverlayItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry) -> None:
        super().__init__()
        self._geo = geometry
        self._layers: list[tuple[QColor, list[QPolygonF]]] = []
        self._bounds = QRectF()
        self._hexes: dict[Hex, QColor] = {}
        self.setZValue(OVERLAY_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def hexes(self) -> dict[Hex, QColor]:
        """Every highlighted hex and its colour (the last layer wins)."""
        return dict(self._hexes)

    def show_hexes(self, hexes: Iterable[Hex], colour: QColor | str) -> None:
        """Add a layer on top of earlier ones: these hexes filled with `colour` (alpha allowed,
        such as "#803a7fd0"). Hexes off the map are ignored; repeats count once."""
        colour = QColor(colour)
        polygons = []
        bounds = QRectF()
        for h in dict.fromkeys(hexes):
            if self._geo.numbering.contains(h):
                polygon = self._geo.polygon(h)
                polygons.append(polygon)
                bounds = bounds.united(polygon.boundingRect())
                self._hexes[h] = colour
        if not polygons:
            return
        self.prepareGeometryChange()
        self._layers.append((colour, polygons))
        self._bounds = self._bounds.united(bounds)
        self.update()

    def clear(self) -> None:
        if not self._layers:
            return
        self.prepareGeometryChange()
        self._layers.clear()
        self._hexes.clear()
        self._bounds = QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, polygons in self._layers:
            painter.setBrush(colour)
            for polygon in polygons:
                painter.drawPolygon(polygon)
