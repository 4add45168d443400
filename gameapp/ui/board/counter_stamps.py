"""Counter stamps: each counter drawn once per look and screen transform into a device-aligned
pixmap, then blitted. Qt's own DeviceCoordinateCache redraws rotated items on every paint, and
most counters are rotated to their facing, so the board keeps its own cache.

A stamp's key is everything that changes the picture: the unit's printed definition, formation,
status, derived markers (engaged, checks ignored), whether its stack is selected, and the linear
part of the device transform (zoom, view rotation, counter rotation, device pixel ratio). A
changed unit simply makes a new key; old stamps age out of the LRU cache.

A zoom step makes every key new. In the window (a frame begun with `begin_frame`), new stamps
are drawn only for a time budget per frame; past it, a counter whose last stamp (at another
zoom) is at hand shows that one scaled, and `on_deferred` asks for another frame, which draws
more. Offscreen renders, with no frame begun, draw every stamp at once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter, QPixmap, QTransform

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
from gameapp.ui.board.device import Linear, centred_stamp, device_linear, key_of, scale_of
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
    def __init__(self, art: CounterArt, budget: int = 96 * 1024 * 1024) -> None:
        self.art = art
        self.cache = PixmapCache(budget)
        bounds = art.bounds(upright=True)  # the larger: a stamp holds either kind
        corners = (bounds.topLeft(), bounds.topRight(), bounds.bottomLeft(), bounds.bottomRight())
        self._radius = max(math.hypot(c.x(), c.y()) for c in corners)
        self.rendered = 0
        self.stood_in = 0  # counters drawn from an older stamp, scaled, while new ones wait
        self.on_deferred: Callable[[float], None] | None = None  # another frame in so long
        self._deadline: float | None = None  # no frame begun: draw every stamp at once
        self._fresh = 0  # stamps drawn in this frame
        self._budget = 0.0
        self._held_until = 0.0
        # each look's last stamp shown: its transform and cache key (the stamp itself stays in
        # the cache's budget; an evicted one stands in for nothing)
        self._latest: dict[Look, tuple[Linear, Hashable]] = {}
        self._stand_in_transforms: dict[object, QTransform] = {}

    def begin_frame(self, budget_ms: float = 5.0) -> None:
        """A frame of the window begins: new stamps for at most `budget_ms` in it, counted
        from the first one (the terrain under the counters has its own budget)."""
        self._budget = budget_ms / 1000.0
        self._deadline = math.inf
        self._fresh = 0

    def end_frame(self) -> None:
        self._deadline = None

    def draw(self, painter: QPainter, look: Look) -> None:
        """Draw a counter centred on the painter's origin, from the cache when possible."""
        m, dpr = device_linear(painter)
        screen_side = self.art.side * scale_of(m) / dpr
        full = look
        look = look.at(detail_for(screen_side))
        key = (look, *key_of(m))
        stamp = self.cache.get(key)
        if stamp is None:
            older = self._latest.get(full)
            stand_in = self.cache.peek(older[1]) if older is not None else None
            if older is not None and stand_in is not None and self._over_budget():
                self._draw_scaled(painter, m, dpr, older[0], stand_in)
                return
            if self._fresh == 0 and self._deadline is not None:
                self._deadline = time.perf_counter() + self._budget
            self._fresh += 1
            unit, selected, markers, facing = look.unit, look.selected, look.markers, look.facing
            stamp = centred_stamp(
                self._radius,
                m,
                lambda p: self.art.paint(p, unit, screen_side, selected, markers, facing),
            )
            stamp.setDevicePixelRatio(dpr)
            self.cache.put(key, stamp)
            self.rendered += 1
        if len(self._latest) > 8192:  # looks of units long changed: start afresh
            self._latest.clear()
        self._latest[full] = (m, key)
        world = painter.worldTransform()
        half = stamp.width() / 2
        x = round(world.dx() * dpr) - half
        y = round(world.dy() * dpr) - half
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(QPointF(x / dpr, y / dpr), stamp)
        painter.setWorldTransform(world)

    def hold(self, seconds: float) -> None:
        """The wheel is turning: for `seconds`, counters with a stamp of another zoom show it
        scaled, and new stamps wait (those with none are drawn)."""
        self._held_until = time.perf_counter() + seconds

    def _over_budget(self) -> bool:
        """Past this frame's budget, once at least one new stamp was drawn (progress), or held
        while the wheel turns."""
        if self._deadline is None:
            return False
        now = time.perf_counter()
        return now < self._held_until or (self._fresh > 0 and now > self._deadline)

    def _draw_scaled(self, painter: QPainter, m: Linear, dpr: float, old: Linear,
                     stamp: QPixmap) -> None:
        """A stamp made under `old` drawn under `m`: stamp pixels -> counter -> device pixels."""
        key = (key_of(old), key_of(m), stamp.width(), dpr)
        to_device = self._stand_in_transforms.get(key)
        if to_device is None:
            half = stamp.width() / 2
            old_to_counter, _ = QTransform(old[0], old[1], old[2], old[3], 0, 0).inverted()
            to_device = (QTransform.fromScale(dpr, dpr) * QTransform.fromTranslate(-half, -half)
                         * old_to_counter * QTransform(m[0], m[1], m[2], m[3], 0, 0)
                         * QTransform.fromScale(1 / dpr, 1 / dpr))
            if len(self._stand_in_transforms) > 1024:
                self._stand_in_transforms.clear()
            self._stand_in_transforms[key] = to_device
        world = painter.worldTransform()
        painter.setWorldTransform(QTransform(
            to_device.m11(), to_device.m12(), to_device.m21(), to_device.m22(),
            to_device.dx() + world.dx(), to_device.dy() + world.dy()))
        painter.drawPixmap(QPointF(0, 0), stamp)  # unsmoothed: for a frame or two, and cheap
        painter.setWorldTransform(world)
        self.stood_in += 1
        if self.on_deferred is not None:
            self.on_deferred(max(0.0, self._held_until - time.perf_counter()))
