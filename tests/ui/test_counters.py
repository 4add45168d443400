"""Counter pictures: less detail when small, stamps shared where pictures are equal, and a
changed unit gets a new picture."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.core.units import Status, Unit
from gameapp.ui.board.counter_art import BLOCK, FULL, SYMBOL, detail_for
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


def test_detail_levels() -> None:
    assert detail_for(8) == BLOCK
    assert detail_for(20) == SYMBOL
    assert detail_for(60) == FULL


def test_small_counters_share_stamps(
    qtbot: QtBot, board_map: HexMap, board_units: list[Unit]
) -> None:
    # The two Wisconsin regiments stand in one hex with the same facing: same look when small.
    scene = BoardScene(board_map, board_units[:2])
    stamps = scene.counter_stamps
    _render(scene, 0.3)
    assert stamps.rendered == 1
    _render(scene, 1.5)
    assert stamps.rendered == 3  # full detail shows names and figures: one picture each


def test_a_changed_unit_is_redrawn(
    qtbot: QtBot, board_map: HexMap, board_units: list[Unit]
) -> None:
    scene = BoardScene(board_map, board_units)
    before = _render(scene, 1.5)
    rendered = scene.counter_stamps.rendered
    routed = dataclasses.replace(board_units[0], status=frozenset({Status.ROUTED}))
    scene.update_units([routed, *board_units[1:]])
    after = _render(scene, 1.5)
    assert scene.counter_stamps.rendered == rendered + 1
    assert before != after


def test_an_upright_counter_points_an_arrow_the_way_it_faces(
    qtbot: QtBot, board_units: list[Unit]
) -> None:
    """Facing east (90 degrees clockwise from the top), the arrow stands off the right edge and
    nothing off the left; the top edge has no front band then."""
    from PySide6.QtCore import Qt

    from gameapp.ui.board.counter_art import SIDE_COLOURS, CounterArt

    art = CounterArt(100.0)
    unit = board_units[0]
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.translate(100, 100)
    art.paint(painter, unit, 100.0, selected=False, facing=90.0)
    painter.end()
    band = SIDE_COLOURS[unit.side].band.rgb()
    just_outside = 50 + round(art.tick * 0.5)
    assert image.pixel(100 + just_outside, 100) == band
    assert image.pixelColor(100 - just_outside, 100).alpha() == 0
    assert image.pixelColor(100, 100 - just_outside).alpha() == 0
