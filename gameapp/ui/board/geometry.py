"""Board geometry in scene units: where each hex sits, the map's rectangle, and point -> hex.

A scene unit is one screen pixel at zoom 1. `HEX_SIZE` is the centre-to-corner distance.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

from gameapp.core.hexgrid import Hex, Layout, Orientation
from gameapp.core.numbering import Numbering
from gameapp.ui.board.point_rows import PointRows

HEX_SIZE = 48.0


class BoardGeometry:
    """Hex centres and shapes of one map; the map's top-left corner sits near (margin, margin)."""

    def __init__(self, numbering: Numbering, size: float = HEX_SIZE, margin: float = 0.0) -> None:
        self.numbering = numbering
        self.size = size
        flat = numbering.orientation is Orientation.FLAT
        half_w = size if flat else size * math.sqrt(3) / 2
        half_h = size * math.sqrt(3) / 2 if flat else size
        self.half_extent = (half_w, half_h)
        hexes = list(numbering.hexes())
        raw = Layout(numbering.orientation, size)
        points = [raw.hex_to_pixel(h) for h in hexes]
        ox = margin + half_w - min(x for x, _ in points)
        oy = margin + half_h - min(y for _, y in points)
        self.layout = Layout(numbering.orientation, size, (ox, oy))
        self.hexes: list[Hex] = hexes
        self.centres: list[tuple[float, float]] = [(x + ox, y + oy) for x, y in points]
        self._rows = PointRows(self.centres)
        self.index_of: dict[Hex, int] = {h: i for i, h in enumerate(hexes)}
        right = max(x for x, _ in self.centres) + half_w + margin
        bottom = max(y for _, y in self.centres) + half_h + margin
        self.map_rect = QRectF(0.0, 0.0, float(right), float(bottom))
        self.corner_offsets: list[tuple[float, float]] = [
            self.layout.corner_offset(i) for i in range(6)
        ]
        self.hex_shape = QPolygonF([QPointF(x, y) for x, y in self.corner_offsets])

    @property
    def orientation(self) -> Orientation:
        return self.numbering.orientation

    def centre(self, h: Hex) -> QPointF:
        x, y = self.layout.hex_to_pixel(h)
        return QPointF(x, y)

    def polygon(self, h: Hex) -> QPolygonF:
        return self.hex_shape.translated(self.centre(h))

    def hex_at(self, point: QPointF) -> Hex | None:
        """The map hex under a scene point, or None off the map."""
        h = self.layout.pixel_to_hex(point.x(), point.y())
        return h if self.numbering.contains(h) else None

    def indices_in(self, rect: QRectF, pad: float = 0.0) -> list[int]:
        """Indices, in order, of hexes whose shape (grown by `pad`) may touch `rect`."""
        hw, hh = self.half_extent
        left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
        return self._rows.inside(lambda x: x + hw + pad >= left, lambda x: x - hw - pad <= right,
                                 lambda y: y + hh + pad >= top, lambda y: y - hh - pad <= bottom)

    def direction_towards(self, h: Hex, point: QPointF) -> int:
        """The hex direction (0..5) nearest the line from the centre of `h` to a scene point."""
        centre = self.centre(h)
        angle = math.degrees(math.atan2(centre.y() - point.y(), point.x() - centre.x()))
        return min(
            range(6),
            key=lambda d: abs((self.layout.direction_angle(d) - angle + 180.0) % 360.0 - 180.0),
        )

    def facing_rotation(self, direction: int) -> float:
        """Item rotation (degrees, clockwise on screen) turning an item's top toward a hexside."""
        return (90.0 - self.layout.direction_angle(direction)) % 360.0
