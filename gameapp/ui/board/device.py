"""Device-aligned drawing helpers shared by the terrain tiles and the stamps.

A cached picture is only sharp, and only cheap to draw, when it is rendered in device pixels
under exactly the transform it is shown with. `Linear` is that transform without its translation
(zoom, rotation, device pixel ratio): the part a cached picture depends on.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

Linear = tuple[float, float, float, float]


def device_linear(painter: QPainter) -> tuple[Linear, float]:
    """The painter's world transform without translation, in device pixels, and the ratio of
    device pixels to logical ones."""
    world = painter.worldTransform()
    device = painter.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    return (world.m11() * dpr, world.m12() * dpr, world.m21() * dpr, world.m22() * dpr), dpr


def scale_of(m: Linear) -> float:
    """Device pixels per scene unit (the square root of the area scale)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def key_of(m: Linear) -> tuple[int, int, int, int]:
    """A hashable cache key for a transform, stable against float noise."""
    return int(m[0] * 1e4), int(m[1] * 1e4), int(m[2] * 1e4), int(m[3] * 1e4)


def centred_stamp(radius: float, m: Linear, draw: Callable[[QPainter], None]) -> QPixmap:
    """A square transparent pixmap holding everything within `radius` scene units of the
    origin, drawn by `draw` under `m` with the origin at the pixmap's centre."""
    size = 2 * math.ceil(radius * scale_of(m)) + 2
    stamp = QPixmap(size, size)
    stamp.fill(Qt.GlobalColor.transparent)
    painter = QPainter(stamp)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setTransform(QTransform(m[0], m[1], m[2], m[3], size / 2, size / 2))
    draw(painter)
    painter.end()
    return stamp
