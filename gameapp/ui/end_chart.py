"""The end screen's chart, drawn with QPainter: each side's strength on the map (above) and
victory points (below), turn by turn, on one axis of turns.

Each side is a line in its ink with a dot per turn and its last value written at the end; the
strength lines shade the ground beneath them. The series are the core's (`History.turn_series`)
and are kept on the widget (`points`), so tests read what is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gameapp.core.history import TurnPoint
from gameapp.core.units import Side

INK: dict[Side, QColor] = {Side.UNION: QColor("#2f5597"), Side.CONFEDERATE: QColor("#9a6b2f")}
GRID = QColor("#d9d6cc")
AXIS = QColor("#6b675c")
TEXT = QColor("#2b2a26")
PAPER = QColor("#fbfaf5")
MARGINS = (58.0, 34.0, 60.0, 40.0)  # left, top, right, bottom


def nice_ticks(top: float, count: int = 4) -> list[float]:
    """0 and round steps up to at least `top` (1, 2, 2.5 or 5 times a power of ten)."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    ticks = [0.0]
    while ticks[-1] < top:
        ticks.append(ticks[-1] + step)
    return ticks


class TurnChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[TurnPoint] = []
        self.marker: str = ""  # a note at the last point, such as "sudden death"
        self.setMinimumSize(520, 340)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(760, 440)

    def show_series(self, points: Sequence[TurnPoint], marker: str = "") -> None:
        self.points = list(points)
        self.marker = marker
        self.update()

    def series(self, what: str, side: Side) -> list[float]:
        """The values drawn: `what` is "strength" or "points"."""
        return [float(getattr(p, what)[side]) for p in self.points]

    # --- drawing ----------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), PAPER)
        if len(self.points) < 1:
            painter.setPen(TEXT)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No turns played")
            painter.end()
            return
        left, top, right, bottom = MARGINS
        area = QRectF(left, top, self.width() - left - right, self.height() - top - bottom)
        gap = 34.0
        upper = QRectF(area.left(), area.top(), area.width(), (area.height() - gap) * 0.58)
        lower = QRectF(area.left(), upper.bottom() + gap, area.width(),
                       area.height() - gap - upper.height())
        self._legend(painter, area)
        self._panel(painter, upper, "strength", "Strength on the map (SPs)", shade=True)
        self._panel(painter, lower, "points", "Victory points", shade=False)
        self._turn_axis(painter, lower)
        painter.end()

    def _x(self, rect: QRectF) -> Callable[[int], float]:
        count = max(len(self.points) - 1, 1)
        return lambda i: rect.left() + rect.width() * i / count

    def _panel(self, painter: QPainter, rect: QRectF, what: str, title: str,
               shade: bool) -> None:
        values = {side: self.series(what, side) for side in Side}
        ticks = nice_ticks(max(max(v) for v in values.values()) * 1.08)
        high = ticks[-1]
        x = self._x(rect)

        def y(value: float) -> float:
            return rect.bottom() - rect.height() * value / high

        small = QFont(self.font())
        small.setPointSizeF(max(7.5, small.pointSizeF() - 1))
        painter.setFont(small)
        for tick in ticks:
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(QPointF(rect.left(), y(tick)), QPointF(rect.right(), y(tick)))
            painter.setPen(AXIS)
            label = f"{tick:g}"
            painter.drawText(QRectF(rect.left() - 52, y(tick) - 8, 46, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
        for i in range(len(self.points)):
            painter.setPen(QPen(GRID, 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(x(i), rect.top()), QPointF(x(i), rect.bottom()))
        painter.setPen(QPen(AXIS, 1.2))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        heading = QFont(self.font())
        heading.setBold(True)
        painter.setFont(heading)
        painter.setPen(TEXT)
        painter.drawText(QRectF(rect.left(), rect.top() - 24, rect.width(), 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        for side in Side:
            self._line(painter, rect, values[side], INK[side], x, y, shade)
        self._end_labels(painter, rect, values, y)

    def _line(self, painter: QPainter, rect: QRectF, values: list[float], ink: QColor,
              x: Callable[[int], float], y: Callable[[float], float], shade: bool) -> None:
        points = [QPointF(x(i), y(v)) for i, v in enumerate(values)]
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        if shade and len(points) > 1:
            ground = QPainterPath(path)
            ground.lineTo(points[-1].x(), rect.bottom())
            ground.lineTo(points[0].x(), rect.bottom())
            ground.closeSubpath()
            fill = QColor(ink)
            fill.setAlpha(38)
            painter.fillPath(ground, fill)
        painter.setPen(QPen(ink, 2.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setBrush(QBrush(PAPER))
        painter.setPen(QPen(ink, 2))
        for point in points:
            painter.drawEllipse(point, 3.6, 3.6)

    def _end_labels(self, painter: QPainter, rect: QRectF, values: dict[Side, list[float]],
                    y: Callable[[float], float]) -> None:
        """Each side's last value beside the end of its line, nudged apart when they meet."""
        spots = sorted(((y(v[-1]), side) for side, v in values.items()), key=lambda s: s[0])
        if len(spots) == 2 and spots[1][0] - spots[0][0] < 16:
            middle = (spots[0][0] + spots[1][0]) / 2
            spots = [(middle - 8, spots[0][1]), (middle + 8, spots[1][1])]
        bold = QFont(self.font())
        bold.setBold(True)
        painter.setFont(bold)
        for at, side in spots:
            painter.setPen(INK[side])
            text = f"{values[side][-1]:g}"
            painter.drawText(QRectF(rect.right() + 8, at - 8, 90, 16),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)

    def _turn_axis(self, painter: QPainter, rect: QRectF) -> None:
        x = self._x(rect)
        painter.setFont(self.font())
        painter.setPen(AXIS)
        every = max(1, math.ceil(len(self.points) / 16))  # at most about 16 labels
        for i, point in enumerate(self.points):
            if i % every and i != len(self.points) - 1:
                continue
            label = "start" if point.index == 0 and point.label == "start" else str(point.turn)
            painter.drawText(QRectF(x(i) - 30, rect.bottom() + 4, 60, 16),
                             Qt.AlignmentFlag.AlignCenter, label)
        painter.drawText(QRectF(rect.left(), rect.bottom() + 20, rect.width(), 16),
                         Qt.AlignmentFlag.AlignCenter, "end of turn")
        if self.marker:
            painter.setPen(QPen(QColor("#b3261e"), 1.5, Qt.PenStyle.DashLine))
            last = x(len(self.points) - 1)
            painter.drawLine(QPointF(last, MARGINS[1]), QPointF(last, rect.bottom()))

    def _legend(self, painter: QPainter, area: QRectF) -> None:
        painter.setFont(self.font())
        right = area.right() + MARGINS[2] - 8
        at = QPointF(right, 8)
        for side in reversed(list(Side)):
            width = painter.fontMetrics().horizontalAdvance(side.label)
            at.setX(at.x() - width)
            painter.setPen(TEXT)
            painter.drawText(QRectF(at.x(), at.y(), width + 2, 16),
                             Qt.AlignmentFlag.AlignVCenter, side.label)
            painter.setPen(QPen(INK[side], 3))
            painter.drawLine(QPointF(at.x() - 26, at.y() + 8), QPointF(at.x() - 6, at.y() + 8))
            at.setX(at.x() - 40)
        if self.marker:
            painter.setPen(QColor("#b3261e"))
            painter.drawText(QRectF(area.left(), 8, area.width() / 2, 16),
                             Qt.AlignmentFlag.AlignVCenter, f"┆ {self.marker}")
