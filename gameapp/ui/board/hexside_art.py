"""Hexside features drawn along one hexside: water, fences, walls, crests, embankments, cuts,
and the fords and bridges that cross them. A hexside is given by its two corner points and the unit
normal pointing to its lower (downhill) side, so crests hachure the right way.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from gameapp.core.terrain import HexsideFeature as HF
from gameapp.ui.board import palette as pal

Point = tuple[float, float]
# Plain ints: `flags & int` is much faster than IntFlag arithmetic in the drawing loops.
_DEEP_CUT = int(HF.DEEP_CUT)
_EMBANKMENTS = int(HF.EMBANKMENT | HF.HIGH_EMBANKMENT)
_HIGH_EMBANKMENT = int(HF.HIGH_EMBANKMENT)
_CREST = int(HF.CREST)
_CREEK = int(HF.CREEK)
_STREAM = int(HF.STREAM)
_STONE_WALL = int(HF.STONE_WALL)
_FENCE = int(HF.FENCE)
_POST_AND_RAIL = int(HF.POST_AND_RAIL_FENCE)
_FORD = int(HF.FORD)
_BRIDGE = int(HF.BRIDGE)


def line_pen(color: QColor, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    pen = QPen(color, width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


class Segment:
    """A hexside's geometry: ends a and b, unit direction u, unit normal n toward the lower side."""

    __slots__ = ("a", "b", "length", "n", "u")

    def __init__(self, a: Point, b: Point, down: Point) -> None:
        self.a, self.b = a, b
        dx, dy = b[0] - a[0], b[1] - a[1]
        self.length = math.hypot(dx, dy) or 1.0
        self.u = (dx / self.length, dy / self.length)
        self.n = down

    def at(self, t: float, off: float = 0.0) -> QPointF:
        """The point a fraction t along the side, moved `off` along the normal."""
        return QPointF(
            self.a[0] + (self.b[0] - self.a[0]) * t + self.n[0] * off,
            self.a[1] + (self.b[1] - self.a[1]) * t + self.n[1] * off,
        )

    def line(self, off: float = 0.0) -> QLineF:
        return QLineF(self.at(0.0, off), self.at(1.0, off))

    def ticks(self, spacing: float, start: float, end: float) -> list[QLineF]:
        """Short strokes across the side, from `start` to `end` along the normal."""
        count = max(2, int(self.length / spacing))
        result = []
        for i in range(count):
            t = (i + 0.5) / count
            result.append(QLineF(self.at(t, start), self.at(t, end)))
        return result

    def wave(self, amplitude: float) -> QPainterPath:
        path = QPainterPath(self.at(0.0))
        path.quadTo(self.at(0.25, amplitude), self.at(0.5))
        path.quadTo(self.at(0.75, -amplitude), self.at(1.0))
        return path

    def zigzag(self, amplitude: float, steps: int) -> QPolygonF:
        return QPolygonF(
            [
                self.at(i / steps, amplitude * (1 if i % 2 else -1) if 0 < i < steps else 0.0)
                for i in range(steps + 1)
            ]
        )


class HexsideArt:
    """Pens sized for one hex size, and the drawing of every hexside feature."""

    def __init__(self, size: float) -> None:
        s = size
        self.s = s
        self.stream = line_pen(pal.WATER, 0.09 * s)
        self.creek_outer = line_pen(pal.WATER_DARK, 0.2 * s)
        self.creek_inner = line_pen(pal.WATER_LIGHT, 0.12 * s)
        self.fence = line_pen(pal.FENCE, 0.035 * s)
        self.rail = line_pen(pal.RAIL_FENCE, 0.04 * s)
        self.wall_dark = line_pen(pal.STONE_DARK, 0.13 * s, Qt.PenCapStyle.FlatCap)
        self.wall_light = line_pen(pal.STONE_LIGHT, 0.075 * s, Qt.PenCapStyle.FlatCap)
        self.wall_light.setDashPattern([1.4, 0.6])
        self.crest = line_pen(pal.CREST, 0.06 * s)
        self.crest_tick = line_pen(pal.CREST, 0.035 * s)
        self.embank = line_pen(pal.EMBANKMENT, 0.045 * s)
        self.embank_tick = line_pen(pal.EMBANKMENT, 0.028 * s)
        self.high_embank = line_pen(pal.EMBANKMENT, 0.07 * s)
        self.cut = line_pen(pal.DEEP_CUT, 0.045 * s)
        self.cut_tick = line_pen(pal.DEEP_CUT, 0.028 * s)
        self.ford_edge = line_pen(pal.ROAD_CASING, 0.03 * s)
        self.bridge = line_pen(pal.BRIDGE, 0.045 * s)
        # zoomed out: (feature, pen, offset along the downhill normal), bottom layer first
        self.coarse: tuple[tuple[int, QPen, float], ...] = (
            (_DEEP_CUT, line_pen(pal.DEEP_CUT, 0.09 * s), 0.0),
            (_EMBANKMENTS, line_pen(pal.EMBANKMENT, 0.09 * s), 0.0),
            (_CREST, line_pen(pal.CREST, 0.1 * s), 0.04 * s),
            (_CREEK, line_pen(pal.WATER_DARK, 0.22 * s), 0.0),
            (_STREAM, line_pen(pal.WATER, 0.14 * s), 0.0),
            (_STONE_WALL, line_pen(pal.STONE_DARK, 0.13 * s), -0.04 * s),
            (_FENCE, line_pen(pal.FENCE, 0.07 * s), -0.05 * s),
            (_POST_AND_RAIL, line_pen(pal.RAIL_FENCE, 0.08 * s), -0.05 * s),
        )

    def paint(self, p: QPainter, flags: int, seg: Segment, fine: bool = True) -> None:
        """Draw the line features of one hexside, bottom layer first. Without `fine` (zoomed
        out) each feature is a plain line in its colour: ticks and waves would be mush."""
        if not fine:
            for feature, pen, off in self.coarse:
                if flags & feature:
                    p.setPen(pen)
                    p.drawLine(seg.line(off))
            return
        s = self.s
        if flags & _DEEP_CUT:
            p.setPen(self.cut)
            p.drawLine(seg.line())
            p.setPen(self.cut_tick)
            p.drawLines(seg.ticks(0.1 * s, -0.12 * s, 0.12 * s))
        if flags & _EMBANKMENTS:
            high = bool(flags & _HIGH_EMBANKMENT)
            p.setPen(self.high_embank if high else self.embank)
            p.drawLine(seg.line())
            reach = (0.16 if high else 0.1) * s
            p.setPen(self.embank_tick)
            p.drawLines(seg.ticks(0.08 * s, 0.0, reach) + seg.ticks(0.08 * s, 0.0, -reach))
        if flags & _CREST:
            p.setPen(self.crest)
            p.drawLine(seg.line(0.02 * s))
            p.setPen(self.crest_tick)
            p.drawLines(seg.ticks(0.08 * s, 0.02 * s, 0.18 * s))
        if flags & _CREEK:
            path = seg.wave(0.05 * s)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(self.creek_outer)
            p.drawPath(path)
            p.setPen(self.creek_inner)
            p.drawPath(path)
        elif flags & _STREAM:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(self.stream)
            p.drawPath(seg.wave(0.06 * s))
        if flags & _STONE_WALL:
            p.setPen(self.wall_dark)
            p.drawLine(seg.line(-0.04 * s))
            p.setPen(self.wall_light)
            p.drawLine(seg.line(-0.04 * s))
        if flags & _FENCE:
            p.setPen(self.fence)
            p.drawLine(seg.line(-0.05 * s))
            p.drawLines(seg.ticks(0.1 * s, -0.11 * s, 0.01 * s))
        if flags & _POST_AND_RAIL:
            p.setPen(self.rail)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(seg.zigzag(0.07 * s, max(4, int(seg.length / (0.1 * s)))))

    def paint_crossing(self, p: QPainter, flags: int, seg: Segment) -> None:
        """Fords and bridges, drawn after the roads that use them."""
        if flags & _FORD:
            self._crossing(p, seg, bridge=False)
        if flags & _BRIDGE:
            self._crossing(p, seg, bridge=True)

    def _crossing(self, p: QPainter, seg: Segment, bridge: bool) -> None:
        """A ford (dashed tan oval) or a bridge (two parapets), across the middle of the side."""
        s = self.s
        mid = seg.at(0.5)
        angle = math.degrees(math.atan2(seg.n[1], seg.n[0]))
        p.save()
        p.translate(mid)
        p.rotate(angle)
        if bridge:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(pal.PIKE_FILL)
            p.drawRect(QRectF(-0.2 * s, -0.08 * s, 0.4 * s, 0.16 * s))
            p.setPen(self.bridge)
            for side in (-1, 1):
                y = side * 0.1 * s
                p.drawPolyline(
                    QPolygonF(
                        [
                            QPointF(-0.26 * s, y + side * 0.06 * s),
                            QPointF(-0.2 * s, y),
                            QPointF(0.2 * s, y),
                            QPointF(0.26 * s, y + side * 0.06 * s),
                        ]
                    )
                )
        else:
            p.setBrush(pal.FORD)
            p.setPen(self.ford_edge)
            p.drawEllipse(QPointF(0, 0), 0.26 * s, 0.15 * s)
        p.restore()
