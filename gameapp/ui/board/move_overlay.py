"""The legal-move highlight: where the selected unit can go, and the MPs it would have left there.

Two items, each drawing everything it shows in one paint call:
- `MoveFillItem`, under the counters: a translucent, non-antialiased fill per reachable hex (red
  where the unit must stop in an enemy front), one solid outline around the whole reachable area
  and an inset red ring around each stop hex. Outlines are cosmetic pens without antialiasing,
  which the measured drawing costs (DESIGN.md) allow on hundreds of hexes.
- `MoveLabelItem`, over the counters: a chip per hex with the MPs left, blitted from
  `LabelStamps` at whole device pixels, red octagons for stop hexes. Chips are left out when the
  zoom makes them too small to read; the fills still show.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.label_stamps import ChipStyle, LabelStamps

FILL_Z = 50.0  # over the terrain, under the counters (100)
LABEL_Z = 130.0  # over the counters

REACH_FILL = QColor(30, 100, 255, 100)
STOP_FILL = QColor(225, 40, 30, 95)
REACH_EDGE = QColor("#0d2f8a")
STOP_EDGE = QColor("#c62828")
LABEL_SCALE = 0.40  # figure height in hex sizes
MIN_LABEL_PX = 8  # smaller chips are not drawn
MAX_LABEL_PX = 17
OCCUPIED_DROP = 0.58  # chips in hexes holding counters sit this far below the centre (hex sizes)
STOP_INSET = 0.86  # the stop ring's size relative to the hex


class MoveFillItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.reach_polygons: list[QPolygonF] = []
        self.stop_polygons: list[QPolygonF] = []
        self.stop_rings: list[QPolygonF] = []
        self.edges: list[QLineF] = []
        self.bounds = QRectF()
        self.setZValue(FILL_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        layers = ((REACH_FILL, self.reach_polygons), (STOP_FILL, self.stop_polygons))
        for colour, polygons in layers:
            painter.setBrush(colour)
            for polygon in polygons:
                painter.drawPolygon(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(_cosmetic(REACH_EDGE, 2))
        painter.drawLines(self.edges)
        painter.setPen(_cosmetic(STOP_EDGE, 2))
        for ring in self.stop_rings:
            painter.drawPolygon(ring)


class MoveLabelItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry, stamps: LabelStamps) -> None:
        super().__init__()
        self._geo = geometry
        self._stamps = stamps
        self.labels: list[tuple[QPointF, str, ChipStyle]] = []
        self.bounds = QRectF()
        self.setZValue(LABEL_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self.bounds

    def label_pixels(self, scale: float) -> int:
        """The chip figure height, in device pixels, at a view scale; 0 when too small."""
        px = round(self._geo.size * LABEL_SCALE * scale)
        return 0 if px < MIN_LABEL_PX else min(px, MAX_LABEL_PX)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        world = painter.worldTransform()
        px = self.label_pixels(QStyleOptionGraphicsItem.levelOfDetailFromTransform(world))
        if not px or not self.labels:
            return
        pad = self._geo.size
        exposed = option.exposedRect.adjusted(-pad, -pad, pad, pad)
        dpr = painter.device().devicePixelRatioF()
        painter.save()
        painter.resetTransform()
        for anchor, text, style in self.labels:
            if not exposed.contains(anchor):
                continue
            chip = self._stamps.chip(text, style, px, dpr)
            at = world.map(anchor)
            w, h = chip.width() / dpr, chip.height() / dpr
            painter.drawPixmap(QPointF(round(at.x() - w / 2), round(at.y() - h / 2)), chip)
        painter.restore()


class MoveOverlay:
    """The two items of the move highlight, filled and cleared together."""

    def __init__(self, geometry: BoardGeometry, stamps: LabelStamps) -> None:
        self._geo = geometry
        self.fills = MoveFillItem()
        self.labels = MoveLabelItem(geometry, stamps)
        self._remaining: dict[Hex, int] = {}
        self._stops: frozenset[Hex] = frozenset()
        self.origin: Hex | None = None
        self.chips: dict[Hex, tuple[str, ChipStyle]] = {}  # what each hex's label says

    def add_to(self, scene: QGraphicsScene) -> None:
        scene.addItem(self.fills)
        scene.addItem(self.labels)

    # --- reading ----------------------------------------------------------------------------
    @property
    def remaining(self) -> dict[Hex, int]:
        """Every highlighted hex and the MPs its label shows."""
        return dict(self._remaining)

    @property
    def stops(self) -> frozenset[Hex]:
        return self._stops

    def __contains__(self, h: object) -> bool:
        return h in self._remaining

    # --- showing ----------------------------------------------------------------------------
    def show(
        self,
        origin: Hex,
        remaining: Mapping[Hex, int],
        stops: Collection[Hex] = (),
        occupied: Collection[Hex] = (),
    ) -> None:
        """Highlight the hexes a unit in `origin` can reach, labelled with the MPs left; `stops`
        are drawn as must-stop hexes; labels in `occupied` hexes drop below the counters."""
        geo = self._geo
        hexes = {h: mp for h, mp in remaining.items() if geo.numbering.contains(h)}
        stop_set = frozenset(h for h in stops if h in hexes)
        fills, labels = self.fills, self.labels
        fills.prepareGeometryChange()
        labels.prepareGeometryChange()
        fills.reach_polygons = [geo.polygon(h) for h in hexes if h not in stop_set]
        fills.stop_polygons = [geo.polygon(h) for h in stop_set]
        ring = QPolygonF([QPointF(x * STOP_INSET, y * STOP_INSET) for x, y in geo.corner_offsets])
        fills.stop_rings = [ring.translated(geo.centre(h)) for h in stop_set]
        fills.edges = _outline(geo, set(hexes) | {origin})
        bounds = QRectF()
        for polygon in (*fills.reach_polygons, *fills.stop_polygons):
            bounds = bounds.united(polygon.boundingRect())
        fills.bounds = labels.bounds = bounds
        self.chips = {
            h: (str(mp), ChipStyle.STOP if h in stop_set else ChipStyle.REACH)
            for h, mp in hexes.items()
        }
        drop = QPointF(0.0, geo.size * OCCUPIED_DROP)
        labels.labels = [
            (geo.centre(h) + (drop if h in occupied else QPointF()), text, style)
            for h, (text, style) in self.chips.items()
        ]
        self._remaining, self._stops, self.origin = hexes, stop_set, origin
        fills.update()
        labels.update()

    def clear(self) -> None:
        if self.origin is None:
            return
        for item in (self.fills, self.labels):
            item.prepareGeometryChange()
            item.bounds = QRectF()
        self.fills.reach_polygons, self.fills.stop_polygons = [], []
        self.fills.stop_rings, self.fills.edges = [], []
        self.labels.labels, self.chips = [], {}
        self._remaining, self._stops, self.origin = {}, frozenset(), None


def _outline(geo: BoardGeometry, region: set[Hex]) -> list[QLineF]:
    """The hexsides between the region and the hexes outside it."""
    lines = []
    for h in region:
        for direction in range(6):
            if h.neighbor(direction) not in region:
                (ax, ay), (bx, by) = geo.layout.hexside_endpoints(Hexside(h, direction))
                lines.append(QLineF(ax, ay, bx, by))
    return lines


def _cosmetic(colour: QColor, width: int) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return pen
