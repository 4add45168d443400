"""Terrain patterns as stamps: each (terrain, variant) drawn once per tile transform into a small
device-aligned pixmap, then blitted into every hex of that terrain. Drawing a pattern's trees one
by one costs tens of microseconds per hex; a blit costs a few."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter, QTransform

from gameapp.core.terrain import Terrain
from gameapp.ui.board.device import Linear, centred_stamp, key_of
from gameapp.ui.board.pixmap_cache import PixmapCache
from gameapp.ui.board.terrain_art import TerrainArt


class PatternStamps:
    def __init__(self, art: TerrainArt, budget: int = 32 * 1024 * 1024) -> None:
        self.art = art
        self.cache = PixmapCache(budget)

    def paint(
        self,
        p: QPainter,
        centres: Sequence[tuple[float, float]],
        terrains: list[Terrain],
        variants: list[int],
        fine: bool,
    ) -> None:
        """Stamp the pattern of each hex (its centre in `centres`, scene units) under p's transform.
        The painter is a tile's, whose device pixel ratio is 1."""
        t = p.transform()
        m: Linear = (t.m11(), t.m12(), t.m21(), t.m22())
        dx, dy = t.dx(), t.dy()
        xs = [x * m[0] + y * m[2] + dx for x, y in centres]
        ys = [x * m[1] + y * m[3] + dy for x, y in centres]
        transform_key = key_of(m)
        p.setTransform(QTransform())
        for x, y, terrain, variant in zip(xs, ys, terrains, variants, strict=True):
            if terrain is Terrain.CLEAR:
                continue
            key = (terrain, variant, fine, transform_key)
            stamp = self.cache.get(key)
            if stamp is None:
                stamp = centred_stamp(
                    self.art.size, m, partial(self._pattern, terrain, variant, fine)
                )
                self.cache.put(key, stamp)
            half = stamp.width() / 2
            p.drawPixmap(QPointF(round(x - half), round(y - half)), stamp)
        p.setTransform(t)

    def _pattern(self, terrain: Terrain, variant: int, fine: bool, painter: QPainter) -> None:
        self.art.paint(painter, terrain, 0.0, 0.0, variant, fine)
