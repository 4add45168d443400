"""Highlight overlays: one item draws any number of hexes in a single paint call.

Following the measured drawing costs: fills without antialiasing and without a pen; outlines and
rings with cosmetic pens, also without antialiasing. A layer's hexes are drawn polygon by polygon;
distinct hexes never overlap and non-antialiased fills tile exactly, so even a semi-transparent
colour blends once per pixel. (Filling one path made of all the hexes is several times slower with
a translucent colour, and dither patterns are slower still.)

One `HexOverlayItem` carries, in paint order: fill layers (`show_hexes`), outlines round regions
(`outline`: only the hexsides between the region and the rest) and inset rings (`rings`). The move
highlight, the field of fire and the fire marks are each one such item (or two, under and over
the counters).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.ui.board.geometry import BoardGeometry

OVERLAY_Z = 50.0
RING_INSET = 0.86  # a ring's size relative to the hex


class HexOverlayItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry, z: float = OVERLAY_Z) -> None:
        super().__init__()
        self._geo = geometry
        self._layers: list[tuple[QColor, list[QPolygonF]]] = []
        self._outlines: list[tuple[QPen, list[QLineF]]] = []
        self._rings: list[tuple[QPen, list[QPolygonF]]] = []
        self._bounds = QRectF()
        self._hexes: dict[Hex, QColor] = {}
        self._sides: list[tuple[QPointF, QPointF]] = []  # a hex's sides around its centre
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # --- reading ----------------------------------------------------------------------------
    @property
    def hexes(self) -> dict[Hex, QColor]:
        """Every filled hex and its colour (the last layer wins)."""
        return dict(self._hexes)

    @property
    def edges(self) -> list[QLineF]:
        """Every outline segment, of every outline."""
        return [line for _, lines in self._outlines for line in lines]

    @property
    def ring_count(self) -> int:
        return sum(len(polygons) for _, polygons in self._rings)

    # --- showing ----------------------------------------------------------------------------
    def show_hexes(self, hexes: Iterable[Hex], colour: QColor | str) -> None:
        """Add a layer on top of earlier ones: these hexes filled with `colour` (alpha allowed,
        such as "#803a7fd0"). Hexes off the map are ignored; repeats count once."""
        colour = QColor(colour)
        polygons = []
        for h in self._on_map(hexes):
            polygons.append(self._geo.polygon(h))
            self._hexes[h] = colour
        if polygons:
            self._layers.append((colour, polygons))
            self._grow(polygons)

    def outline(self, region: Collection[Hex], colour: QColor | str, width: int = 2) -> None:
        """A line along the hexsides between `region` and the hexes outside it."""
        if not self._sides:
            self._sides = _side_offsets(self._geo)
        lines = []
        for h in region:
            centre: QPointF | None = None
            for direction, (a, b) in enumerate(self._sides):
                if h.neighbor(direction) not in region:
                    if centre is None:
                        centre = self._geo.centre(h)
                    lines.append(QLineF(centre + a, centre + b))
        if lines:
            self._outlines.append((cosmetic_pen(colour, width), lines))
            self._grow_to(lines)

    def rings(self, hexes: Iterable[Hex], colour: QColor | str, width: int = 2,
              inset: float = RING_INSET, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> None:
        """An inset hexagon drawn round each of these hexes."""
        geo = self._geo
        shape = QPolygonF([QPointF(x * inset, y * inset) for x, y in geo.corner_offsets])
        polygons = [shape.translated(geo.centre(h)) for h in self._on_map(hexes)]
        if polygons:
            pen = cosmetic_pen(colour, width)
            pen.setStyle(style)
            self._rings.append((pen, polygons))
            self._grow(polygons)

    def clear(self) -> None:
        if not (self._layers or self._outlines or self._rings):
            return
        self.prepareGeometryChange()
        self._layers.clear()
        self._outlines.clear()
        self._rings.clear()
        self._hexes.clear()
        self._bounds = QRectF()
        self.update()

    def _on_map(self, hexes: Iterable[Hex]) -> list[Hex]:
        return [h for h in dict.fromkeys(hexes) if self._geo.numbering.contains(h)]

    def _grow(self, polygons: list[QPolygonF]) -> None:
        self._grow_to([p.boundingRect() for p in polygons])

    def _grow_to(self, shapes: list[QRectF] | list[QLineF]) -> None:
        """Take in the bounding box of these rectangles or lines."""
        xs: list[float] = []
        ys: list[float] = []
        for shape in shapes:
            if isinstance(shape, QLineF):
                xs += (shape.x1(), shape.x2())
                ys += (shape.y1(), shape.y2())
            else:
                xs += (shape.left(), shape.right())
                ys += (shape.top(), shape.bottom())
        bounds = QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))
        self.prepareGeometryChange()
        self._bounds = self._bounds.united(bounds)
        self.update()

    # --- drawing ----------------------------------------------------------------------------
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
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen, lines in self._outlines:
            painter.setPen(pen)
            painter.drawLines(lines)
        for pen, polygons in self._rings:
            painter.setPen(pen)
            for polygon in polygons:
                painter.drawPolygon(polygon)


def _side_offsets(geo: BoardGeometry) -> list[tuple[QPointF, QPointF]]:
    """The ends of each of a hex's six sides, relative to its centre, by direction."""
    origin = Hex(0, 0)
    centre = geo.centre(origin)
    ends = []
    for direction in range(6):
        (ax, ay), (bx, by) = geo.layout.hexside_endpoints(Hexside(origin, direction))
        ends.append((QPointF(ax, ay) - centre, QPointF(bx, by) - centre))
    return ends


def cosmetic_pen(colour: QColor | str, width: int) -> QPen:
    """A pen of `width` device pixels whatever the zoom, with mitred joins."""
    pen = QPen(QColor(colour), width)
    pen.setCosmetic(True)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return pen
