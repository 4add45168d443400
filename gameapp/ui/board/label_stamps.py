"""Small number chips (the MPs left in a hex) rendered once and blitted device-aligned.

Text is the dearest thing to draw many times per frame, and text drawn in scene coordinates
turns with the view and blurs when scaled. So each chip is rendered once per (text, style, pixel
size) into a pixmap and the overlay blits it at a whole device pixel, upright whatever the view's
rotation, at a size chosen for the zoom.
"""

from __future__ import annotations

import math
from enum import Enum

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap, QPolygonF


class ChipStyle(Enum):
    REACH = "reach"  # dark figures on a light chip: the MPs left there
    STOP = "stop"  # white figures on a red octagon: the unit must stop there (3.310)
    FIRE = "fire"  # white figures on a dark red chip: the chance a shot has an effect


INK = QColor("#10264f")
PAPER = QColor("#fffdf2")
STOP_RED = QColor("#c62828")
STOP_EDGE = QColor("#5c0b0b")
FIRE_RED = QColor("#8e1010")


class LabelStamps:
    def __init__(self) -> None:
        self._cache: dict[tuple[str, ChipStyle, int, float], QPixmap] = {}

    def chip(self, text: str, style: ChipStyle, pixel_size: int, dpr: float = 1.0) -> QPixmap:
        """The chip for `text` with figures `pixel_size` device pixels tall."""
        key = (text, style, pixel_size, dpr)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = _render(text, style, pixel_size, dpr)
        return found

    def __len__(self) -> int:
        return len(self._cache)


def _render(text: str, style: ChipStyle, pixel_size: int, dpr: float) -> QPixmap:
    font = QFont()
    font.setPixelSize(pixel_size)
    font.setBold(True)
    metrics = QFontMetricsF(font)
    text_w, text_h = metrics.horizontalAdvance(text), metrics.height()
    if style is ChipStyle.STOP:
        side = max(text_w + 0.45 * text_h, 1.15 * text_h)
        w = h = side
    else:
        w, h = text_w + 0.55 * text_h, text_h * 0.95
    size_w, size_h = math.ceil(w) + 2, math.ceil(h) + 2
    pixmap = QPixmap(round(size_w * dpr), round(size_h * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    box = QRectF(1, 1, w, h)
    if style is ChipStyle.STOP:
        p.setPen(QPen(STOP_EDGE, 1.0))
        p.setBrush(STOP_RED)
        p.drawPolygon(_octagon(box))
        ink = QColor("white")
    elif style is ChipStyle.FIRE:
        p.setPen(QPen(STOP_EDGE, 1.0))
        p.setBrush(FIRE_RED)
        p.drawRoundedRect(box, h * 0.3, h * 0.3)
        ink = QColor("white")
    else:
        p.setPen(QPen(INK, 1.0))
        p.setBrush(PAPER)
        p.drawRoundedRect(box, h * 0.3, h * 0.3)
        ink = INK
    p.setPen(ink)
    p.setFont(font)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    p.end()
    return pixmap


def _octagon(box: QRectF) -> QPolygonF:
    c = box.width() * (1 - 1 / math.sqrt(2)) / 2  # corner cut of a regular octagon
    x0, y0, x1, y1 = box.left(), box.top(), box.right(), box.bottom()
    return QPolygonF(
        [
            QPointF(x0 + c, y0),
            QPointF(x1 - c, y0),
            QPointF(x1, y0 + c),
            QPointF(x1, y1 - c),
            QPointF(x1 - c, y1),
            QPointF(x0 + c, y1),
            QPointF(x0, y1 - c),
            QPointF(x0, y0 + c),
        ]
    )
