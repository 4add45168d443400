"""The highlight overlay: any set of hexes in one item, shown and cleared at once."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.ui.board.scene import BoardScene


def _pixel(scene: BoardScene, x: float, y: float) -> QColor:
    rect = scene.geometry.map_rect
    image = QImage(round(rect.width()), round(rect.height()), QImage.Format.Format_RGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image.pixelColor(round(x), round(y))


def test_show_hexes_and_clear(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    hexes = board_map.hexes()[:30]
    centre = scene.geometry.centre(hexes[7])
    before = _pixel(scene, centre.x(), centre.y())
    scene.overlay.show_hexes(hexes, "#ff0000")
    assert set(scene.overlay.hexes) == set(hexes)
    assert scene.overlay.boundingRect().contains(centre)
    assert _pixel(scene, centre.x(), centre.y()) == QColor("#ff0000")
    scene.overlay.show_hexes(hexes[5:10], QColor("#0000ff"))
    assert _pixel(scene, centre.x(), centre.y()) == QColor("#0000ff")
    scene.overlay.clear()
    assert scene.overlay.hexes == {}
    assert scene.overlay.boundingRect().isEmpty()
    assert _pixel(scene, centre.x(), centre.y()) == before


def test_off_map_hexes_are_ignored(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    off = board_map.numbering.offset_to_hex(-3, -3)
    scene.overlay.show_hexes([off], "#00ff00")
    assert scene.overlay.hexes == {}
