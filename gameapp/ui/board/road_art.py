"""Roads drawn as lines between hex centres, by grade: a cased pike, a solid road, a thin lane and
a dotted path. All casings go down before any fill so junctions merge cleanly."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QPainter, QPen

from gameapp.core.terrain import RoadGrade
from gameapp.ui.board import palette as pal
from gameapp.ui.board.hexside_art import line_pen

RoadSegment = tuple[QLineF, RoadGrade]


class RoadArt:
    def __init__(self, size: float) -> None:
        s = size
        self.pike_casing = line_pen(pal.ROAD_CASING, 0.2 * s)
        self.pike_fill = line_pen(pal.PIKE_FILL, 0.12 * s)
        self.road = line_pen(pal.ROAD_FILL, 0.1 * s)
        self.lane = line_pen(pal.ROAD_FILL, 0.06 * s)
        self.path = QPen(pal.PATH, 0.05 * s)
        self.path.setCapStyle(Qt.PenCapStyle.FlatCap)
        self.path.setDashPattern([2.0, 1.5])

    def paint(self, p: QPainter, segments: Sequence[RoadSegment]) -> None:
        by_grade: dict[RoadGrade, list[QLineF]] = {}
        for line, grade in segments:
            by_grade.setdefault(grade, []).append(line)
        passes = (
            (RoadGrade.PATH, self.path),
            (RoadGrade.LANE, self.lane),
            (RoadGrade.ROAD, self.road),
            (RoadGrade.PIKE, self.pike_casing),
            (RoadGrade.PIKE, self.pike_fill),
        )
        for grade, pen in passes:
            lines = by_grade.get(grade)
            if lines:
                p.setPen(pen)
                p.drawLines(lines)
