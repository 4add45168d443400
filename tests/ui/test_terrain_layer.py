"""The terrain layer renders each tile once per zoom and rotation, then only blits; progressive
mode stops rendering at its time budget and finishes on later paints."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter, QPixmap
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.ui.board.pixmap_cache import PixmapCache
from gameapp.ui.board.scene import BoardScene


def _render(scene: BoardScene, zoom: float) -> QImage:
    rect = scene.geometry.map_rect
    image = QImage(
        round(rect.width() * zoom), round(rect.height() * zoom), QImage.Format.Format_RGB32
    )
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def test_tiles_are_rendered_once_then_reused(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    layer = scene.terrain
    first = _render(scene, 1.0)
    rendered = layer.tiles_rendered
    assert rendered > 0
    second = _render(scene, 1.0)
    assert layer.tiles_rendered == rendered
    assert first == second
    _render(scene, 0.5)
    assert layer.tiles_rendered > rendered  # a new zoom gets its own sharp tiles


def test_progressive_mode_respects_its_budget(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map, progressive=True)
    layer = scene.terrain
    layer.budget_ms = 0.0  # one tile per paint, the rest from the overview
    _render(scene, 2.0)
    assert layer.tiles_rendered == 1
    qtbot.waitUntil(lambda: not layer._update_pending)
    _render(scene, 2.0)
    assert layer.tiles_rendered == 2


def test_tile_cache_drops_least_recently_used() -> None:
    cache = PixmapCache(budget=3 * 16 * 16 * 4)
    tiles = [QPixmap(16, 16) for _ in range(4)]
    for key, tile in enumerate(tiles[:3]):
        cache.put(key, tile)
    assert cache.get(0) is not None  # 0 is now the most recent
    cache.put(3, tiles[3])
    assert len(cache) == 3
    assert cache.get(1) is None and cache.get(0) is not None
