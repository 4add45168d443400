"""TheatrePainter: draws any rectangle of a theatre map in the manner of a period campaign map.

Layers, bottom to top: hex tints, terrain marks (hachures on mountains, strokes on rough ground,
tree rings in forest, tufts in swamps), the faint hex grid, state lines (faint, dashed), closed
waters, rivers along hexsides (navigable ones darker and heavier, shoals dashed, sandbars
dotted), ridges with their gaps left open, roads, railroads with ties, place symbols and their
names, and hex ids when the hexes are large on screen. It offers what `TerrainLayerItem` needs
(`geo`, `paint`), so the map is drawn into cached tiles like a battle map.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from gameapp.core.theatre.chart import HexFlag, PlaceRole, PlaceSize, TheatreHexside, TheatreTerrain
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.ui.board import theatre_palette as pal
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.theatre_model import TheatreModel

MARKS_MIN = 6.0  # on-screen hex size (device px) from which terrain marks are drawn
GRID_MIN = 5.0
ID_MIN = 40.0
TIES_MIN = 8.0


class TheatrePainter:
    def __init__(self, theatre: TheatreMap, geometry: BoardGeometry, year: int | None = None,
                 borders: str = "1861") -> None:
        self.geo = geometry
        self.model = TheatreModel(theatre, geometry, year, borders)
        size = geometry.size
        self.grid_pen = QPen(pal.GRID, 1.0)
        self.grid_pen.setCosmetic(True)
        self.border_pen = QPen(pal.BORDER, 0.09 * size, Qt.PenStyle.DashDotLine)
        self.rail_pen = QPen(pal.RAIL, 0.07 * size)
        self.tie_pen = QPen(pal.RAIL, 0.035 * size)
        self.road_pen = QPen(pal.ROAD, 0.06 * size, Qt.PenStyle.DashLine)
        self.ridge_pen = QPen(pal.RIDGE, 0.12 * size)
        self.ridge_pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        self.id_font = QFont("DejaVu Sans")
        self.id_font.setPixelSize(max(1, round(0.2 * size)))

    def paint(self, p: QPainter, rect: QRectF, scale: float) -> None:
        """Draw the part of the map inside `rect` (scene units); `scale` is device px per unit."""
        model, geo = self.model, self.geo
        on_screen = geo.size * scale
        idx = geo.indices_in(rect, pad=1.0)
        p.fillRect(rect.intersected(geo.map_rect), pal.PAPER)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(Qt.PenStyle.NoPen)
        for i in idx:
            p.setBrush(model.fills[i])
            p.drawPolygon(model.polygons[i])
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if on_screen >= MARKS_MIN:
            self._paint_marks(p, idx)
        if on_screen >= GRID_MIN:
            p.setPen(self.grid_pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for i in idx:
                p.drawPolygon(model.polygons[i])
        self._paint_closed_waters(p, idx)
        p.setPen(self.border_pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for line in model.borders:
            if line.boundingRect().intersects(rect):
                p.drawPolyline(line)
        self._paint_rivers(p, rect)
        self._paint_ridges(p, rect)
        near = rect.adjusted(-geo.size, -geo.size, geo.size, geo.size)
        p.setPen(self.road_pen)
        p.drawLines([line for line in model.roads if _touches(line, near)])
        self._paint_rails(p, near, on_screen >= TIES_MIN)
        self._paint_places(p, rect)
        if on_screen >= ID_MIN:
            self._paint_ids(p, idx)

    # --- terrain ----------------------------------------------------------------------------
    def _paint_marks(self, p: QPainter, idx: list[int]) -> None:
        size = self.geo.size
        centres = self.geo.centres
        for i in idx:
            t = self.model.terrain[i]
            x, y = centres[i]
            if t is TheatreTerrain.MOUNTAIN:
                p.setPen(QPen(pal.HACHURE, 0.06 * size))
                for dx, dy in ((-0.35, 0.15), (0.05, -0.2), (0.4, 0.2)):
                    _peak(p, x + dx * size, y + dy * size, 0.22 * size)
            elif t is TheatreTerrain.ROUGH:
                p.setPen(QPen(pal.ROUGH_MARK, 0.05 * size))
                for dx, dy in ((-0.3, 0.1), (0.3, -0.15)):
                    _peak(p, x + dx * size, y + dy * size, 0.14 * size)
            elif t is TheatreTerrain.FOREST:
                p.setPen(QPen(pal.TREE, 0.05 * size))
                p.setBrush(Qt.BrushStyle.NoBrush)
                for dx, dy in ((-0.3, 0.0), (0.0, -0.3), (0.3, 0.05), (0.0, 0.32)):
                    p.drawEllipse(QPointF(x + dx * size, y + dy * size), 0.11 * size, 0.11 * size)
            elif t is TheatreTerrain.SWAMP:
                p.setPen(QPen(pal.SWAMP_MARK, 0.045 * size))
                for dx, dy in ((-0.3, -0.15), (0.25, -0.05), (-0.05, 0.3)):
                    cx, cy = x + dx * size, y + dy * size
                    p.drawLine(QLineF(cx - 0.16 * size, cy, cx + 0.16 * size, cy))
                    for k in (-1, 0, 1):
                        p.drawLine(QLineF(cx + k * 0.08 * size, cy, cx + k * 0.11 * size,
                                          cy - 0.13 * size))

    def _paint_closed_waters(self, p: QPainter, idx: list[int]) -> None:
        theatre = self.model.map
        closed = [i for i in idx
                  if theatre.flags_at(self.geo.hexes[i]) & HexFlag.CLOSED_WATER]
        if closed:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(pal.CLOSED_WATER, Qt.BrushStyle.BDiagPattern))
            for i in closed:
                p.drawPolygon(self.model.polygons[i])

    # --- hexsides ---------------------------------------------------------------------------
    def _paint_rivers(self, p: QPainter, rect: QRectF) -> None:
        size = self.geo.size
        for line, flags in self.model.rivers:
            if not _touches(line, rect):
                continue
            major = bool(flags & TheatreHexside.MAJOR_RIVER)
            navigable = bool(flags & TheatreHexside.NAVIGABLE)
            width = (0.16 if navigable else 0.12 if major else 0.07) * size
            pen = QPen(pal.NAVIGABLE if navigable else pal.RIVER, width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            if flags & TheatreHexside.SANDBAR:  # no ship crosses (7.52)
                pen.setStyle(Qt.PenStyle.DotLine)
            elif flags & TheatreHexside.SHOALS:
                pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(line)

    def _paint_ridges(self, p: QPainter, rect: QRectF) -> None:
        size = self.geo.size
        for line, gap in self.model.ridges:
            if not _touches(line, rect):
                continue
            if gap:  # the ridge stops short of the gap: two stubs with a pale opening
                p.setPen(self.ridge_pen)
                p.drawLine(QLineF(line.p1(), line.pointAt(0.25)))
                p.drawLine(QLineF(line.pointAt(0.75), line.p2()))
                continue
            p.setPen(self.ridge_pen)
            p.drawLine(line)
            normal = line.normalVector().unitVector()
            dx, dy = normal.dx() * 0.14 * size, normal.dy() * 0.14 * size
            p.setPen(QPen(pal.RIDGE, 0.04 * size))
            for t in (0.2, 0.4, 0.6, 0.8):
                at = line.pointAt(t)
                p.drawLine(QLineF(at, QPointF(at.x() + dx, at.y() + dy)))

    # --- links and places -------------------------------------------------------------------
    def _paint_rails(self, p: QPainter, rect: QRectF, ties: bool) -> None:
        lines = [line for line in self.model.rails if _touches(line, rect)]
        p.setPen(self.rail_pen)
        p.drawLines(lines)
        if not ties:
            return
        size = self.geo.size
        p.setPen(self.tie_pen)
        for line in lines:
            normal = line.normalVector().unitVector()
            dx, dy = normal.dx() * 0.1 * size, normal.dy() * 0.1 * size
            steps = max(2, round(line.length() / (0.3 * size)))
            for k in range(1, steps):
                at = line.pointAt(k / steps)
                p.drawLine(QLineF(at.x() - dx, at.y() - dy, at.x() + dx, at.y() + dy))

    def _paint_places(self, p: QPainter, rect: QRectF) -> None:
        size = self.geo.size
        for label in self.model.labels:
            c, r = label.centre, label.radius
            if not rect.intersects(label.bounds):
                continue
            place = label.place
            p.setPen(QPen(pal.CITY_INK, 0.05 * size))
            if place.size is PlaceSize.MAJOR_CITY:
                p.setBrush(QColor("#b8322a"))
                p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
            elif place.size is PlaceSize.CITY:
                p.setBrush(QColor("#b8322a"))
                p.drawEllipse(c, r, r)
            else:
                p.setBrush(pal.CITY_INK if place.roles & ~PlaceRole.VICTORY else pal.PAPER)
                p.drawEllipse(c, r, r)
            if place.roles & PlaceRole.FORT:
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(_star(c, r * 1.9))
            if label.text_at is None:
                continue
            path = QPainterPath()
            path.addText(label.text_at, label.font, place.name)
            p.setPen(QPen(pal.LABEL_HALO, 0.12 * size))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(pal.CITY_INK)
            p.drawPath(path)

    def _paint_ids(self, p: QPainter, idx: list[int]) -> None:
        p.setFont(self.id_font)
        p.setPen(pal.HEX_ID)
        top = self.geo.half_extent[1] * 0.92
        for i in idx:
            x, y = self.geo.centres[i]
            text = self.model.hex_ids[i]
            p.drawText(QRectF(x - self.geo.size, y - top, 2 * self.geo.size, self.geo.size * 0.3),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)


def _touches(line: QLineF, rect: QRectF) -> bool:
    return QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(rect)


def _peak(p: QPainter, x: float, y: float, half: float) -> None:
    p.drawLine(QLineF(x - half, y + half * 0.6, x, y - half * 0.6))
    p.drawLine(QLineF(x, y - half * 0.6, x + half, y + half * 0.6))


def _star(c: QPointF, r: float) -> QPolygonF:
    """A five-pointed star's outline round a fort's symbol."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(QPointF(c.x() + radius * math.cos(angle), c.y() + radius * math.sin(angle)))
    return QPolygonF(points)
