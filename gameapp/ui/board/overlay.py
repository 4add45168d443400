"""Highlight overlays: one item draws any number of hexes in a single paint call.

Following the measured drawing costs: fills without antialiasing and without a pen; outlines and
rings with cosmetic pens, also without antialiasing. A layer's hexes are drawn polygon by polygon;
distinct hexes never overlap and non-antialiased fills tile exactly, so even a semi-transparent
colour blends once per pixel. (Filling one path made of all the hexes is several times slower with
a translucent colour, and dither patterns are slower still.)

A paint draws only the shapes whose bounding boxes meet the exposed area (`Culled`): at a close
zoom most of a large highlight is off screen, and a scroll exposes a strip.

One `HexOverlayItem` carries, in paint order: fill layers (`show_hexes`), outlines round regions
(`outline`: only the hexsides between the region and the rest) and inset rings (`rings`). The move
highlight, the field of fire and the fire marks are each one such item (or two, under and over
the counters).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.ui.board.geometry import BoardGeometry

if TYPE_CHECKING:  # numpy with the first highlight: the board's first frame has none (issue 28)
    import numpy as np

OVERLAY_Z = 50.0
RING_INSET = 0.86  # a ring's size relative to the hex

Shape = TypeVar("Shape", QPolygonF, QLineF)


class Culled(Generic[Shape]):
    """Shapes with their bounding boxes, to pick those meeting a rectangle at C speed."""

    def __init__(self, shapes: Sequence[Shape]) -> None:
        import numpy as np

        self.shapes: list[Shape] = list(shapes)
        self._boxes = np.array([_box(shape) for shape in self.shapes], dtype=float).reshape(-1, 4)

    def meeting(self, rect: QRectF) -> list[Shape]:
        """The shapes whose bounding boxes meet `rect` (all of them for a null rect)."""
        import numpy as np

        if rect.isNull():
            return self.shapes
        b = self._boxes
        hit = ((b[:, 2] >= rect.left()) & (b[:, 0] <= rect.right())
               & (b[:, 3] >= rect.top()) & (b[:, 1] <= rect.bottom()))
        return [self.shapes[i] for i in np.flatnonzero(hit)]

    def bounds(self) -> QRectF:
        b: np.ndarray = self._boxes
        return QRectF(QPointF(b[:, 0].min(), b[:, 1].min()), QPointF(b[:, 2].max(), b[:, 3].max()))


def _box(shape: QPolygonF | QLineF) -> tuple[float, float, float, float]:
    if isinstance(shape, QLineF):
        return (min(shape.x1(), shape.x2()), min(shape.y1(), shape.y2()),
                max(shape.x1(), shape.x2()), max(shape.y1(), shape.y2()))
    r = shape.boundingRect()
    return r.left(), r.top(), r.right(), r.bottom()


class HexOverlayItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry, z: float = OVERLAY_Z) -> None:
        super().__init__()
        self._geo = geometry
        self._layers: list[tuple[QColor, Culled[QPolygonF]]] = []
        self._outlines: list[tuple[QPen, Culled[QLineF]]] = []
        self._rings: list[tuple[QPen, Culled[QPolygonF]]] = []
        self._bounds = QRectF()
        self._hexes: dict[Hex, QColor] = {}
        self._sides: list[tuple[QPointF, QPointF]] = []  # a hex's sides around its centre
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    # --- reading ----------------------------------------------------------------------------
    @property
    def hexes(self) -> dict[Hex, QColor]:
        """Every filled hex and its colour (the last layer wins)."""
        return dict(self._hexes)

    @property
    def edges(self) -> list[QLineF]:
        """Every outline segment, of every outline."""
        return [line for _, lines in self._outlines for line in lines.shapes]

    @property
    def ring_count(self) -> int:
        return sum(len(polygons.shapes) for _, polygons in self._rings)

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
            culled = Culled(polygons)
            self._layers.append((colour, culled))
            self._grow(culled.bounds())

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
            culled_lines = Culled(lines)
            self._outlines.append((cosmetic_pen(colour, width), culled_lines))
            self._grow(culled_lines.bounds())

    def rings(self, hexes: Iterable[Hex], colour: QColor | str, width: int = 2,
              inset: float = RING_INSET, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> None:
        """An inset hexagon drawn round each of these hexes."""
        geo = self._geo
        shape = QPolygonF([QPointF(x * inset, y * inset) for x, y in geo.corner_offsets])
        polygons = [shape.translated(geo.centre(h)) for h in self._on_map(hexes)]
        if polygons:
            pen = cosmetic_pen(colour, width)
            pen.setStyle(style)
            culled = Culled(polygons)
            self._rings.append((pen, culled))
            self._grow(culled.bounds())

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

    def _grow(self, bounds: QRectF) -> None:
        """Take in these bounds."""
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
        exposed = option.exposedRect  # only what this paint shows is drawn
        # a cosmetic pen reaches a pixel or two past the shapes: take in a little more
        pad = 4.0 / max(1e-6, painter.worldTransform().mapRect(QRectF(0, 0, 1, 1)).width())
        wider = exposed.adjusted(-pad, -pad, pad, pad) if not exposed.isNull() else exposed
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, polygons in self._layers:
            painter.setBrush(colour)
            for polygon in polygons.meeting(exposed):
                painter.drawPolygon(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen, lines in self._outlines:
            shown = lines.meeting(wider)
            if shown:
                painter.setPen(pen)
                painter.drawLines(shown)
        for pen, rings in self._rings:
            painter.setPen(pen)
            for polygon in rings.meeting(wider):
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
