"""Counter stamps: each counter drawn once per look and screen transform into a device-aligned
pixmap, then blitted. Qt's own DeviceCoordinateCache redraws rotated items on every paint, and
most counters are rotated to their facing, so the board keeps its own cache.

A stamp's key is everything that changes the picture: the unit's printed definition, formation,
status, derived markers (engaged, checks ignored), whether its stack is selected, and the linear
part of the device transform (zoom, view rotation, counter rotation, device pixel ratio). A
changed unit simply makes a new key; old stamps age out of the LRU cache.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter, QTransform

from gameapp.core.units import Unit
from gameapp.present.markers import NO_MARKERS, Marker
from gameapp.ui.board.counter_art import (
    BLOCK,
    FULL,
    MORALE_MARKS,
    SYMBOL,
    CounterArt,
    detail_for,
)
from gameapp.ui.board.device import centred_stamp, device_linear, key_of, scale_of
from gameapp.ui.board.pixmap_cache import PixmapCache


class Look:
    """What a counter looks like, hashed once: a cheap, reusable part of a stamp's key."""

    __slots__ = ("_coarser", "_hash", "_parts", "facing", "markers", "selected", "unit")

    def __init__(
        self,
        unit: Unit,
        selected: bool,
        detail: int = FULL,
        markers: frozenset[Marker] = NO_MARKERS,
        facing: float | None = None,
    ) -> None:
        self.unit = unit
        self.selected = selected
        self.markers = markers
        self.facing = facing  # an upright counter's facing arrow (CounterArt.paint)
        self._parts = (facing, *_parts(unit, selected, detail, markers))
        self._hash = hash(self._parts)
        self._coarser: dict[int, Look] = {}

    def at(self, detail: int) -> Look:
        """The same counter's look at a level of detail (less detail, fewer distinct looks)."""
        if detail == FULL:
            return self
        look = self._coarser.get(detail)
        if look is None:
            look = self._coarser[detail] = Look(
                self.unit, self.selected, detail, self.markers, self.facing
            )
        return look

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Look) and self._parts == other._parts


def _parts(
    unit: Unit, selected: bool, detail: int, markers: frozenset[Marker]
) -> tuple[object, ...]:
    """What the picture depends on at a level of detail (markers show only at full detail)."""
    if detail == FULL:
        return (FULL, unit.defn, unit.formation, unit.status, markers, selected)
    if detail == SYMBOL:
        marks = tuple(st for st in MORALE_MARKS if st in unit.status)
        return (SYMBOL, unit.side, unit.kind, marks, selected)
    return (BLOCK, unit.side, selected)


class CounterStamps:
    def __init__(self, art: CounterArt, budget: int = 64 * 1024 * 1024) -> None:
        self.art = art
        self.cache = PixmapCache(budget)
        bounds = art.bounds(upright=True)  # the larger: a stamp holds either kind
        corners = (bounds.topLeft(), bounds.topRight(), bounds.bottomLeft(), bounds.bottomRight())
        self._radius = max(math.hypot(c.x(), c.y()) for c in corners)
        self.rendered = 0

    def draw(self, painter: QPainter, look: Look) -> None:
        """Draw a counter centred on the painter's origin, from the cache when possible."""
        m, dpr = device_linear(painter)
        screen_side = self.art.side * scale_of(m) / dpr
        look = look.at(detail_for(screen_side))
        key = (look, *key_of(m))
        stamp = self.cache.get(key)
        if stamp is None:
            unit, selected, markers, facing = look.unit, look.selected, look.markers, look.facing
            stamp = centred_stamp(
                self._radius,
                m,
                lambda p: self.art.paint(p, unit, screen_side, selected, markers, facing),
            )
            stamp.setDevicePixelRatio(dpr)
            self.cache.put(key, stamp)
            self.rendered += 1
        world = painter.worldTransform()
        half = stamp.width() / 2
        x = round(world.dx() * dpr) - half
        y = round(world.dy() * dpr) - half
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(QPointF(x / dpr, y / dpr), stamp)
        painter.setWorldTransform(world)
