"""The terrain layer renders each tile once per zoom and rotation, then only blits; progressive
mode stops rendering at its time budget and finishes on later paints, showing the last zoom's
tiles (and counter stamps) scaled until then."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.ui.board.pixmap_cache import PixmapCache
from gameapp.ui.board.scene import BoardScene

from .boards import sample_units


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
    _render(scene, 1.0)  # the first paint: all at once (below)
    rendered = layer.tiles_rendered
    layer.budget_ms = 0.0  # one tile per paint, the rest stood in
    _render(scene, 2.0)
    assert layer.tiles_rendered == rendered + 1
    qtbot.waitUntil(lambda: not layer._update_pending)
    _render(scene, 2.0)
    assert layer.tiles_rendered == rendered + 2


def test_the_first_paint_is_sharp_without_the_overview(qtbot: QtBot, board_map: HexMap) -> None:
    """Issue 28: the board's first frame has nothing to stand in for its missing tiles; it
    draws the tiles it shows, whatever the budget, not the whole map's overview under one."""
    scene = BoardScene(board_map, progressive=True)
    layer = scene.terrain
    layer.budget_ms = 0.0
    first = _render(scene, 2.0)
    assert layer.tiles_rendered > 1 and layer.overview_paints == 0
    assert first == _render(BoardScene(board_map), 2.0)  # as an offscreen render draws it


def test_tile_cache_drops_least_recently_used() -> None:
    cache = PixmapCache(budget=3 * 16 * 16 * 4)
    tiles = [QPixmap(16, 16) for _ in range(4)]
    for key, tile in enumerate(tiles[:3]):
        cache.put(key, tile)
    assert cache.get(0) is not None  # 0 is now the most recent
    cache.put(3, tiles[3])
    assert len(cache) == 3
    assert cache.get(1) is None and cache.get(0) is not None


def _colour_distance(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def test_after_a_zoom_step_the_old_tiles_stand_in_scaled(qtbot: QtBot, board_map: HexMap) -> None:
    """Issue 28: until a zoom's tiles are drawn, the gaps show the last zoom's tiles scaled to
    the new one (not blanks, nor only the coarse overview)."""
    scene = BoardScene(board_map, progressive=True)
    layer = scene.terrain
    layer.budget_ms = 1000.0
    _render(scene, 1.0)  # every tile of zoom 1: a whole picture to stand in
    layer.budget_ms = 0.0  # then one new tile per paint
    stepped = _render(scene, 1.25)
    assert layer.tiles_stood_in > 0
    assert layer.overview_paints == 0  # the old tiles covered the whole picture
    sharp = _render(BoardScene(board_map), 1.25)
    far = scene.geometry.centre(board_map.hexes()[-1])  # far from the one new tile
    x, y = round(far.x() * 1.25), round(far.y() * 1.25)
    assert _colour_distance(stepped.pixelColor(x, y), sharp.pixelColor(x, y)) < 30
    assert stepped.pixelColor(x, y) != QColor(0, 0, 0)  # not a blank


def test_counters_stand_in_with_their_last_stamp_scaled(qtbot: QtBot, board_map: HexMap) -> None:
    """In a frame of the window, past its budget, a counter whose stamp at the new zoom is not
    made yet shows its stamp of the zoom before, scaled, and asks for another frame."""
    units = sample_units(board_map)
    scene = BoardScene(board_map, units)
    stamps = scene.counter_stamps
    _render(scene, 1.0)  # no frame begun: every stamp drawn at once
    rendered = stamps.rendered
    assert stamps.stood_in == 0
    asked: list[float] = []
    stamps.on_deferred = asked.append
    stamps.begin_frame(budget_ms=0.0)
    stepped = _render(scene, 1.25)
    stamps.end_frame()
    assert stamps.rendered == rendered + 1  # progress: one new stamp in the frame
    assert stamps.stood_in == len(units) - 1 and asked
    sharp = _render(BoardScene(board_map, units), 1.25)
    centre = scene.geometry.centre(units[-1].hex)
    x, y = round(centre.x() * 1.25), round(centre.y() * 1.25)
    assert _colour_distance(stepped.pixelColor(x, y), sharp.pixelColor(x, y)) < 60
    _render(scene, 1.25)  # outside a frame: the missing stamps are all made
    assert stamps.rendered == rendered + len(units)


def test_while_the_wheel_turns_no_new_tiles_are_drawn(qtbot: QtBot, board_map: HexMap) -> None:
    """A zoom step holds the new zoom's tiles back until the zoom rests: the frames in between
    show the last finished zoom scaled; once it rests, the new tiles are drawn."""
    scene = BoardScene(board_map, progressive=True)
    layer = scene.terrain
    layer.budget_ms = 1000.0
    _render(scene, 1.0)
    rendered = layer.tiles_rendered
    scene.zoom_stepped(rest_s=60.0)  # the wheel turns
    _render(scene, 1.25)
    assert layer.tiles_rendered == rendered and layer.tiles_stood_in > 0
    layer.hold(0.0)  # the zoom rests
    _render(scene, 1.25)
    assert layer.tiles_rendered > rendered
