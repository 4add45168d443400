"""The static map as one graphics item that blits pre-rendered tiles.

Tiles are rendered in *device* orientation: the tile grid lives in the space of the painter's
linear transform (zoom, rotation and device pixel ratio, without translation), so drawing a cached
tile is always a plain 1:1 blit at an integer position, whatever the zoom or rotation. Tiles are
keyed by that transform and kept in an LRU cache with a byte budget.

With `progressive` on (the interactive view), a paint renders new tiles only for a time budget
and schedules another paint for the rest; so a zoom step never freezes the window. Until the new
tiles are ready, the gaps show the tiles of the last transform the layer finished painting (the
zoom before the wheel turned), scaled to the new one, and under them a low-resolution overview
of the whole map for what those do not cover. The very first paint has nothing to stand in: it
draws every tile it shows at once (a view shows a few; the overview is the whole map). While
the wheel turns (`hold`), no new tiles are drawn at all: the frames stay cheap, and the new zoom
sharpens once the wheel rests. Offscreen renders draw everything at once.
"""

from __future__ import annotations

import contextlib
import math
import time
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QPaintDevice, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.ui.board.device import device_linear, key_of, scale_of
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.pixmap_cache import PixmapCache

TILE = 256
OVERVIEW_MAX = 2048


def _logical_rect(device: QPaintDevice, dpr: float) -> QRectF:
    """The device's area in painter (logical) coordinates: widgets count logical pixels already."""
    scale = 1.0 if isinstance(device, QWidget) else dpr
    return QRectF(0, 0, device.width() / scale, device.height() / scale)


class LayerPainter(Protocol):
    """What the layer draws with: a battle map's `MapPainter` or a theatre map's painter."""

    geo: BoardGeometry

    def paint(self, p: QPainter, rect: QRectF, scale: float) -> None: ...


class TerrainLayerItem(QGraphicsItem):
    def __init__(
        self, painter: LayerPainter, progressive: bool = False, budget_ms: float = 6.0
    ) -> None:
        super().__init__()
        self.map_painter = painter
        self.rect = painter.geo.map_rect
        self.progressive = progressive
        self.budget_ms = budget_ms
        self.cache = PixmapCache(128 * 1024 * 1024)
        self._overview: QPixmap | None = None
        self._overview_scale = 1.0
        self._update_pending = False
        self._finished: tuple[tuple[int, int, int, int], QTransform] | None = None  # last whole
        self.tiles_rendered = 0
        self.tiles_stood_in = 0  # old tiles drawn scaled in the place of missing new ones
        self.overview_paints = 0  # paints that needed the coarse overview under the gaps
        self._held_until = 0.0  # while the wheel turns, no new tiles (hold)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self.rect

    def invalidate(self) -> None:
        """Forget every tile (the map changed) and repaint."""
        self.cache.clear()
        self._overview = None
        self._finished = None
        self.update()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        world = painter.worldTransform()
        device = painter.device()
        m, dpr = device_linear(painter)
        if scale_of(m) < 1e-6:
            return
        linear = QTransform(m[0], m[1], m[2], m[3], 0, 0)
        exposed = option.exposedRect.intersected(self.rect)
        if device is not None:  # never render tiles the device cannot show
            inverse, _ = world.inverted()
            exposed = exposed.intersected(inverse.mapRect(_logical_rect(device, dpr)))
        if exposed.isEmpty():
            return
        level = linear.mapRect(exposed)
        key = key_of(m)
        first_i, last_i = math.floor(level.left() / TILE), math.floor(level.right() / TILE)
        first_j, last_j = math.floor(level.top() / TILE), math.floor(level.bottom() / TILE)
        now = time.perf_counter()
        deadline = now + self.budget_ms / 1000.0
        held = now < self._held_until and self._finished is not None
        # the first frame: nothing finished to stand in, and the whole map's overview would cost
        # several times the few tiles the view shows, so they are all drawn now, sharp
        first = self._finished is None and self._overview is None
        ready: list[tuple[int, int, QPixmap]] = []
        missing = False
        fresh = 0
        for j in range(first_j, last_j + 1):
            for i in range(first_i, last_i + 1):
                tile = self.cache.get((key, i, j))
                in_time = not self.progressive or first or (
                    not held and (not fresh or time.perf_counter() < deadline))
                if tile is None and in_time:  # at least one new tile per paint: progress
                    tile = self._render_tile(linear, i, j, dpr)
                    self.cache.put((key, i, j), tile)
                    fresh += 1
                if tile is None:
                    missing = True
                else:
                    ready.append((i, j, tile))
        tx, ty = round(world.dx() * dpr), round(world.dy() * dpr)
        if missing:
            stand_ins, covered = self._stand_ins(exposed, key)
            if not covered:
                self._draw_overview(painter, exposed)
                self.overview_paints += 1
            self._draw_stand_ins(painter, stand_ins, linear, tx, ty, dpr)
            self._schedule_update(self._held_until - now if held else 0.0)
        else:
            self._finished = (key, linear)
        painter.save()
        painter.resetTransform()
        for i, j, tile in ready:
            painter.drawPixmap(QPointF((i * TILE + tx) / dpr, (j * TILE + ty) / dpr), tile)
        painter.restore()

    def _stand_ins(
        self, exposed: QRectF, key: tuple[int, int, int, int]
    ) -> tuple[list[tuple[int, int, QPixmap]], bool]:
        """The cached tiles of the last transform painted whole, over `exposed`, and whether
        they cover all of it (else the overview goes under them)."""
        if self._finished is None or self._finished[0] == key:
            return [], False
        old_key, old_linear = self._finished
        level = old_linear.mapRect(exposed)
        found: list[tuple[int, int, QPixmap]] = []
        covered = True
        for j in range(math.floor(level.top() / TILE), math.floor(level.bottom() / TILE) + 1):
            for i in range(math.floor(level.left() / TILE), math.floor(level.right() / TILE) + 1):
                tile = self.cache.peek((old_key, i, j))
                if tile is None:
                    covered = False
                else:
                    found.append((i, j, tile))
        return found, covered

    def _draw_stand_ins(self, painter: QPainter, tiles: list[tuple[int, int, QPixmap]],
                        linear: QTransform, tx: int, ty: int, dpr: float) -> None:
        """Draw the old transform's tiles mapped to the painter's: old level pixels -> scene ->
        new device pixels -> the painter's logical pixels."""
        if not tiles or self._finished is None:
            return
        old_to_scene, _ = self._finished[1].inverted()
        to_device = (QTransform.fromScale(dpr, dpr) * old_to_scene * linear
                     * QTransform.fromTranslate(tx, ty) * QTransform.fromScale(1 / dpr, 1 / dpr))
        painter.save()
        painter.setTransform(to_device)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)  # a frame or two
        for i, j, tile in tiles:
            painter.drawPixmap(QPointF(i * TILE / dpr, j * TILE / dpr), tile)
        painter.restore()
        self.tiles_stood_in += len(tiles)

    def _render_tile(self, linear: QTransform, i: int, j: int, dpr: float) -> QPixmap:
        tile = QPixmap(TILE, TILE)
        tile.fill(Qt.GlobalColor.transparent)
        m11, m12, m21, m22 = linear.m11(), linear.m12(), linear.m21(), linear.m22()
        to_tile = QTransform(m11, m12, m21, m22, -i * TILE, -j * TILE)
        inverse, _ = to_tile.inverted()
        scene_rect = inverse.mapRect(QRectF(0, 0, TILE, TILE))
        p = QPainter(tile)
        p.setTransform(to_tile)
        self.map_painter.paint(p, scene_rect, scale_of((m11, m12, m21, m22)))
        p.end()
        tile.setDevicePixelRatio(dpr)
        self.tiles_rendered += 1
        return tile

    def _draw_overview(self, painter: QPainter, exposed: QRectF) -> None:
        if self._overview is None:
            r = self.rect
            self._overview_scale = min(1.0, OVERVIEW_MAX / max(r.width(), r.height()))
            s = self._overview_scale
            pix = QPixmap(max(1, math.ceil(r.width() * s)), max(1, math.ceil(r.height() * s)))
            pix.fill(Qt.GlobalColor.transparent)
            p = QPainter(pix)
            p.scale(s, s)
            self.map_painter.paint(p, r, s)
            p.end()
            self._overview = pix
        s = self._overview_scale
        source = QRectF(exposed.x() * s, exposed.y() * s, exposed.width() * s, exposed.height() * s)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, not self.progressive)
        painter.drawPixmap(exposed, self._overview, source)
        painter.restore()

    def hold(self, seconds: float) -> None:
        """The wheel is turning: for `seconds`, draw no new tiles, only the last finished
        zoom's scaled (and the overview), then draw the new ones."""
        self._held_until = time.perf_counter() + seconds

    def _schedule_update(self, after_s: float = 0.0) -> None:
        if self._update_pending:
            return
        self._update_pending = True
        QTimer.singleShot(max(0, math.ceil(after_s * 1000)), self._deferred_update)

    def _deferred_update(self) -> None:
        self._update_pending = False
        with contextlib.suppress(RuntimeError):  # the item may have gone with its scene
            self.update()
