"""Terrain patterns drawn inside one hex: tree crowns, pines, brush tufts, orchard rows, corn rows,
town blocks and rocks. Everything is laid out in units of the hex size, so one set of shapes serves
every zoom. Each terrain has a few precomputed variants so neighbouring hexes do not look stamped.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF

from gameapp.core.hexgrid import Orientation
from gameapp.core.terrain import Terrain
from gameapp.ui.board import palette as pal

VARIANTS = 4
Points = list[tuple[float, float, float]]  # x, y in hex sizes from the centre; a size factor


def _scatter(seed: int, count: int, radius: float, spacing: float) -> Points:
    """`count` points in a disc, kept `spacing` apart where possible (deterministic)."""
    rng = random.Random(seed)
    points: Points = []
    tries = 0
    while len(points) < count and tries < 2000:
        tries += 1
        angle = rng.uniform(0, 2 * math.pi)
        dist = radius * math.sqrt(rng.random())
        x, y = dist * math.cos(angle), dist * math.sin(angle)
        if all((x - px) ** 2 + (y - py) ** 2 >= spacing**2 for px, py, _ in points):
            points.append((x, y, rng.uniform(0.85, 1.15)))
    points.sort(key=lambda p: p[1])  # draw back to front
    return points


def _variants(base_seed: int, count: int, radius: float, spacing: float) -> list[Points]:
    return [_scatter(base_seed * 31 + v, count, radius, spacing) for v in range(VARIANTS)]


_OAKS = _variants(1, 5, 0.55, 0.36)
_WOODS = _variants(2, 8, 0.6, 0.28)
_PINES = _variants(3, 7, 0.58, 0.3)
_TUFTS = _variants(4, 9, 0.66, 0.2)
_ROCKS = _variants(5, 3, 0.5, 0.35)
_FEW_OAKS = _variants(6, 3, 0.5, 0.45)
_FEW_PINES = _variants(7, 4, 0.5, 0.4)


def _orchard_lattice() -> Points:
    step = 0.3
    pts: Points = []
    for row in range(-2, 3):
        for col in range(-3, 4):
            x, y = col * step + (step / 2 if row % 2 else 0.0), row * step * 0.9
            if x * x + y * y <= 0.62**2:
                pts.append((x, y, 1.0))
    return pts


_ORCHARD = _orchard_lattice()


def _town_blocks(seed: int) -> list[tuple[float, float, float, float]]:
    rng = random.Random(seed)
    blocks = []
    for bx, by in ((-0.3, -0.3), (0.12, -0.32), (-0.34, 0.12), (0.1, 0.1)):
        w, h = rng.uniform(0.16, 0.26), rng.uniform(0.14, 0.24)
        blocks.append((bx + rng.uniform(0, 0.06), by + rng.uniform(0, 0.06), w, h))
    return blocks


_TOWNS = [_town_blocks(40 + v) for v in range(VARIANTS)]


def _solid(color: QColor) -> QBrush:
    return QBrush(color)


def _pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


class TerrainArt:
    """Draws the pattern of one terrain type inside a hex, for a given orientation and hex size."""

    def __init__(self, orientation: Orientation, size: float) -> None:
        self.orientation = orientation
        self.size = size
        s = size
        self._edge_oak = _pen(pal.OAK_EDGE, 0.035 * s)
        self._edge_woods = _pen(pal.WOODS_EDGE, 0.03 * s)
        self._edge_pine = _pen(pal.PINE_EDGE, 0.025 * s)
        self._edge_orchard = _pen(pal.ORCHARD_EDGE, 0.025 * s)
        self._edge_rock = _pen(pal.ROCK_EDGE, 0.025 * s)
        self._edge_town = _pen(pal.TOWN_EDGE, 0.025 * s)
        self._tuft = _pen(pal.BRUSH_TUFT, 0.03 * s)
        self._corn = _pen(pal.CORN_ROW, 0.035 * s)
        self._highlight = _solid(QColor(255, 255, 255, 70))
        self._painters: dict[Terrain, Callable[[QPainter, float, float, int, bool], None]] = {
            Terrain.ORCHARD: self._orchard,
            Terrain.OAK: self._oak,
            Terrain.OAK_AND_BRUSH: self._oak_and_brush,
            Terrain.PINE: self._pine,
            Terrain.PINE_AND_BRUSH: self._pine_and_brush,
            Terrain.BRUSH: self._brush,
            Terrain.WOODS: self._woods,
            Terrain.ROCKY_WOODS: self._rocky_woods,
            Terrain.CORNFIELD: self._cornfield,
            Terrain.TOWN: self._town,
        }

    def paint(
        self, p: QPainter, terrain: Terrain, cx: float, cy: float, variant: int, fine: bool
    ) -> None:
        """Draw the pattern; `fine` adds outlines and highlights (worth it only when zoomed in)."""
        painter = self._painters.get(terrain)
        if painter is not None:
            painter(p, cx, cy, variant % VARIANTS, fine)

    # --- trees ------------------------------------------------------------------------------
    def _crowns(
        self,
        p: QPainter,
        cx: float,
        cy: float,
        points: Points,
        radius: float,
        fill: QColor,
        edge: QPen,
        fine: bool,
    ) -> None:
        s = self.size
        p.setPen(edge if fine else Qt.PenStyle.NoPen)
        p.setBrush(fill)
        for x, y, k in points:
            r = radius * k * s
            p.drawEllipse(QPointF(cx + x * s, cy + y * s), r, r)
        if fine:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self._highlight)
            for x, y, k in points:
                r = radius * k * s
                p.drawEllipse(QPointF(cx + x * s - r * 0.3, cy + y * s - r * 0.3), r * 0.4, r * 0.4)

    def _oak(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        self._crowns(p, cx, cy, _OAKS[v], 0.2, pal.OAK_CROWN, self._edge_oak, fine)

    def _woods(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        self._crowns(p, cx, cy, _WOODS[v], 0.15, pal.WOODS_CROWN, self._edge_woods, fine)

    def _pines(self, p: QPainter, cx: float, cy: float, points: Points, fine: bool) -> None:
        s = self.size
        p.setPen(self._edge_pine if fine else Qt.PenStyle.NoPen)
        p.setBrush(pal.PINE_FILL)
        for x, y, k in points:
            px, py, h, w = cx + x * s, cy + y * s, 0.2 * k * s, 0.11 * k * s
            p.drawPolygon(
                QPolygonF(
                    [
                        QPointF(px, py - h),
                        QPointF(px - w, py + h * 0.6),
                        QPointF(px + w, py + h * 0.6),
                    ]
                )
            )

    def _pine(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        self._pines(p, cx, cy, _PINES[v], fine)

    def _tufts(self, p: QPainter, cx: float, cy: float, points: Points) -> None:
        s = self.size
        lines: list[QLineF] = []
        for x, y, k in points:
            px, py, h = cx + x * s, cy + y * s, 0.09 * k * s
            lines.append(QLineF(px, py, px - h * 0.6, py - h))
            lines.append(QLineF(px, py, px, py - h * 1.15))
            lines.append(QLineF(px, py, px + h * 0.6, py - h))
        p.setPen(self._tuft)
        p.drawLines(lines)

    def _brush(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        self._tufts(p, cx, cy, _TUFTS[v])

    def _oak_and_brush(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        self._tufts(p, cx, cy, _TUFTS[(v + 1) % VARIANTS])
        self._crowns(p, cx, cy, _FEW_OAKS[v], 0.2, pal.OAK_CROWN, self._edge_oak, fine)

    def _pine_and_brush(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        self._tufts(p, cx, cy, _TUFTS[(v + 2) % VARIANTS])
        self._pines(p, cx, cy, _FEW_PINES[v], fine)

    def _rocky_woods(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        self._crowns(p, cx, cy, _FEW_OAKS[v], 0.17, pal.WOODS_CROWN, self._edge_woods, fine)
        s = self.size
        p.setPen(self._edge_rock)
        p.setBrush(pal.ROCK_FILL)
        for x, y, k in _ROCKS[(v + 1) % VARIANTS]:
            px, py, r = cx + x * s, cy + y * s + 0.12 * s, 0.1 * k * s
            p.drawPolygon(
                QPolygonF(
                    [
                        QPointF(px - r, py + r * 0.5),
                        QPointF(px - r * 0.6, py - r * 0.5),
                        QPointF(px + r * 0.2, py - r * 0.8),
                        QPointF(px + r, py - r * 0.1),
                        QPointF(px + r * 0.7, py + r * 0.6),
                    ]
                )
            )

    # --- fields and towns -------------------------------------------------------------------
    def _orchard(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        s = self.size
        p.setPen(self._edge_orchard if fine else Qt.PenStyle.NoPen)
        p.setBrush(pal.ORCHARD_TREE)
        r = 0.075 * s
        for x, y, _ in _ORCHARD:
            p.drawEllipse(QPointF(cx + x * s, cy + y * s), r, r)

    def _cornfield(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        s = self.size
        lines = []
        step = 0.15
        offset = -0.85 + step * 0.5 * (v % 2)
        while offset < 0.86:
            half = self._vertical_chord(offset) * 0.9
            if half > 0.05:
                x = cx + offset * s
                lines.append(QLineF(x, cy - half * s, x, cy + half * s))
            offset += step
        p.setPen(self._corn)
        p.drawLines(lines)

    def _vertical_chord(self, dx: float) -> float:
        """Half the height of the unit hex along the vertical line `dx` from its centre."""
        dx = abs(dx)
        if self.orientation is Orientation.FLAT:
            if dx <= 0.5:
                return math.sqrt(3) / 2
            return max(0.0, math.sqrt(3) * (1.0 - dx))
        limit = math.sqrt(3) / 2
        return max(0.0, 1.0 - dx / math.sqrt(3)) if dx <= limit else 0.0

    def _town(self, p: QPainter, cx: float, cy: float, v: int, fine: bool) -> None:
        s = self.size
        p.setPen(self._edge_town if fine else Qt.PenStyle.NoPen)
        p.setBrush(pal.TOWN_BLOCK)
        for x, y, w, h in _TOWNS[v]:
            p.drawRect(QRectF(cx + x * s, cy + y * s, w * s, h * s))
