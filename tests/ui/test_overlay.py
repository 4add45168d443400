"""The highlight overlay: any set of hexes in one item, shown and cleared at once."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem
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


class _CountingPainter(QPainter):
    """A painter that notes every polygon the item asks it to draw."""

    def __init__(self, device: QImage) -> None:
        super().__init__(device)
        self.polygons: list[QRectF] = []

    def drawPolygon(self, *args: object) -> None:  # type: ignore[override]
        polygon = args[0]
        assert isinstance(polygon, QPolygonF)
        self.polygons.append(polygon.boundingRect())
        super().drawPolygon(polygon)


def _painted(scene: BoardScene, exposed: QRectF) -> list[QRectF]:
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    painter = _CountingPainter(image)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = exposed
    scene.overlay.paint(painter, option, None)
    painter.end()
    return painter.polygons


def test_a_paint_draws_only_the_hexes_meeting_the_exposed_area(
    qtbot: QtBot, board_map: HexMap
) -> None:
    """Issue 28: at a close zoom most of a large highlight is off screen; a paint draws the
    hexes (and rings) that meet the exposed area, not all of them."""
    scene = BoardScene(board_map)
    hexes = board_map.hexes()[:40]
    scene.overlay.show_hexes(hexes, "#803a7fd0")
    scene.overlay.rings(hexes[:3], "#ff0000")
    one = scene.geometry.polygon(hexes[20]).boundingRect()
    exposed = one.adjusted(one.width() * 0.3, one.height() * 0.3, -one.width() * 0.3,
                           -one.height() * 0.3)  # the middle of one hex
    painted = _painted(scene, exposed)
    assert painted == [one]  # that hex's fill; its neighbours' boxes do not reach the middle
    everything = _painted(scene, scene.geometry.map_rect)
    assert len(everything) == len(hexes) + 3  # every fill and every ring
