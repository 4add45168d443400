"""The additional hex features: buildings, sunken roads, railroad cuts, rifle pits and slope tops.

Sunken roads and railroad cuts run along "arms": the directions, from the hex centre, of their
road links or of neighbours with the same feature, so a chain of hexes reads as one line.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPolygonF

from gameapp.core.terrain import HexFeature
from gameapp.ui.board import palette as pal
from gameapp.ui.board.hexside_art import line_pen

Point = tuple[float, float]


class FeatureArt:
    def __init__(self, size: float) -> None:
        s = size
        self.s = s
        self.sunken = line_pen(pal.SUNKEN, 0.3 * s, Qt.PenCapStyle.FlatCap)
        self.sunken_tick = line_pen(pal.SUNKEN, 0.03 * s)
        self.cut_tick = line_pen(pal.DEEP_CUT, 0.03 * s)
        self.rail = line_pen(pal.RAIL, 0.05 * s)
        self.tie = line_pen(pal.RAIL, 0.03 * s)
        self.pits = line_pen(pal.RIFLE_PITS, 0.05 * s, Qt.PenCapStyle.FlatCap)
        self.building_edge = line_pen(pal.TOWN_EDGE, 0.02 * s)

    def paint_under_roads(
        self, p: QPainter, flags: int, centre: Point, sunken_arms: Sequence[Point]
    ) -> None:
        """The sunken road's banks, drawn beneath the road that runs in it."""
        if flags & HexFeature.SUNKEN_ROAD:
            arms = sunken_arms or _default_arms(self.s)
            lines = [QLineF(*centre, centre[0] + dx, centre[1] + dy) for dx, dy in arms]
            p.setPen(self.sunken)
            p.drawLines(lines)
            ticks: list[QLineF] = []
            for line in lines:
                ticks += _ticks_both_sides(line, 0.1 * self.s, 0.15 * self.s, 0.24 * self.s)
            p.setPen(self.sunken_tick)
            p.drawLines(ticks)

    def paint_over_roads(
        self, p: QPainter, flags: int, centre: Point, rail_arms: Sequence[Point]
    ) -> None:
        s = self.s
        cx, cy = centre
        if flags & HexFeature.RAILROAD_CUT:
            arms = rail_arms or _default_arms(s)
            lines = [QLineF(cx, cy, cx + dx, cy + dy) for dx, dy in arms]
            ticks: list[QLineF] = []
            ties: list[QLineF] = []
            for line in lines:
                ticks += _ticks_both_sides(line, 0.09 * s, 0.12 * s, 0.24 * s)
                ties += _ticks_both_sides(line, 0.12 * s, -0.07 * s, 0.07 * s, one_side=True)
            p.setPen(self.cut_tick)
            p.drawLines(ticks)
            p.setPen(self.rail)
            p.drawLines(lines)
            p.setPen(self.tie)
            p.drawLines(ties)
        if flags & HexFeature.RIFLE_PITS:
            p.setPen(self.pits)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(_crenel(cx - 0.36 * s, cy + 0.42 * s, 0.72 * s, 0.08 * s, 6))
        if flags & HexFeature.BUILDINGS:
            p.setPen(self.building_edge)
            p.setBrush(pal.BUILDING_BLACK)
            p.drawRect(QRectF(cx + 0.12 * s, cy - 0.3 * s, 0.22 * s, 0.16 * s))
            p.drawRect(QRectF(cx + 0.2 * s, cy - 0.08 * s, 0.13 * s, 0.13 * s))
        if flags & HexFeature.SLOPE_TOP:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(pal.SLOPE_TOP)
            x, y, r = cx - 0.5 * s, cy - 0.05 * s, 0.1 * s
            p.drawPolygon(
                QPolygonF(
                    [QPointF(x, y - r), QPointF(x - r, y + r * 0.7), QPointF(x + r, y + r * 0.7)]
                )
            )


def _default_arms(s: float) -> list[Point]:
    """A short east-west stub for an isolated feature hex."""
    return [(-0.55 * s, 0.0), (0.55 * s, 0.0)]


def _ticks_both_sides(
    line: QLineF, spacing: float, inner: float, outer: float, one_side: bool = False
) -> list[QLineF]:
    length = line.length()
    if length <= 0:
        return []
    ux, uy = line.dx() / length, line.dy() / length
    nx, ny = -uy, ux
    result = []
    count = max(1, int(length / spacing))
    for i in range(count):
        t = (i + 0.5) / count
        px, py = line.x1() + line.dx() * t, line.y1() + line.dy() * t
        sides = (1,) if one_side else (1, -1)
        for side in sides:
            result.append(
                QLineF(
                    px + nx * inner * side,
                    py + ny * inner * side,
                    px + nx * outer * side,
                    py + ny * outer * side,
                )
            )
    return result


def _crenel(x: float, y: float, width: float, height: float, teeth: int) -> QPolygonF:
    """A square-wave trench line, like a rampart seen from above."""
    step = width / (teeth * 2)
    points = [QPointF(x, y)]
    for i in range(teeth * 2):
        top = y - height if i % 2 == 0 else y
        points.append(QPointF(x + i * step, top))
        points.append(QPointF(x + (i + 1) * step, top))
    points.append(QPointF(x + width, y))
    return QPolygonF(points)
