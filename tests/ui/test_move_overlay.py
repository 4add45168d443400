"""The move highlight's two items: fills and outlines under the counters, MP chips over them;
stop hexes apart; chips left out when too small to read; everything cleared at once."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import Terrain
from gameapp.ui.board.label_stamps import ChipStyle
from gameapp.ui.board.move_overlay import MIN_LABEL_PX, STOP_EDGE
from gameapp.ui.board.scene import BoardScene


def _inner(m: HexMap) -> Hex:
    """A clear hex whose six neighbours are on the map."""
    return next(
        h for h in m.hexes()
        if m.terrain_at(h) is Terrain.CLEAR and all(m.contains(n) for n in h.neighbors())
    )  # fmt: skip


def _image(scene: BoardScene, scale: float = 1.0) -> QImage:
    rect = scene.geometry.map_rect
    image = QImage(round(rect.width() * scale), round(rect.height() * scale),
                   QImage.Format.Format_RGB32)  # fmt: skip
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def _at(image: QImage, point: QPointF) -> QColor:
    return image.pixelColor(round(point.x()), round(point.y()))


def test_fills_chips_and_stop_marks(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    origin = _inner(board_map)
    reach, stop = origin.neighbor(0), origin.neighbor(3)
    plain = _image(scene)
    scene.moves.show(origin, {reach: 7, stop: 2}, stops={stop})
    assert scene.moves.remaining == {reach: 7, stop: 2}
    assert scene.moves.stops == {stop}
    assert scene.moves.chips == {reach: ("7", ChipStyle.REACH), stop: ("2", ChipStyle.STOP)}
    lit = _image(scene)
    geo = scene.geometry
    inside = QPointF(0.0, geo.size * 0.6)  # between the chip and the hex edge
    for h in (reach, stop):
        assert _at(lit, geo.centre(h) + inside) != _at(plain, geo.centre(h) + inside)
        assert _at(lit, geo.centre(h)) != _at(lit, geo.centre(h) + inside)  # a chip
    assert _at(lit, geo.centre(reach) + inside) != _at(lit, geo.centre(stop) + inside)
    assert _at(lit, geo.centre(origin)) == _at(plain, geo.centre(origin))  # the start: plain
    box = geo.polygon(stop).boundingRect().toRect()
    ring = {lit.pixelColor(x, y).name() for x in range(box.left(), box.right())
            for y in range(box.top(), box.bottom())}  # fmt: skip
    assert STOP_EDGE.name() in ring
    scene.moves.clear()
    assert scene.moves.remaining == {} and scene.moves.chips == {}
    assert scene.moves.fills.boundingRect().isEmpty()
    cleared = _image(scene)
    assert _at(cleared, geo.centre(reach) + inside) == _at(plain, geo.centre(reach) + inside)


def test_the_outline_runs_round_the_area_only(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    origin = _inner(board_map)
    scene.moves.show(origin, {origin.neighbor(0): 1})
    assert len(scene.moves.fills.edges) == 10  # two hexes: 12 sides, less the shared one
    ring = {h: 1 for h in origin.ring(1)}
    scene.moves.show(origin, ring)
    assert len(scene.moves.fills.edges) == 18  # seven hexes in a flower: its 18 outer sides


def test_chips_are_left_out_when_too_small(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    labels = scene.moves.labels
    assert labels.label_pixels(1.0) >= MIN_LABEL_PX
    assert labels.label_pixels(0.2) == 0
    origin = _inner(board_map)
    target = origin.neighbor(0)
    scene.moves.show(origin, {target: 7})
    small = _image(scene, 0.2)
    scene.moves.show(origin, {target: 8})  # another figure: only a chip would differ
    again = _image(scene, 0.2)
    assert small == again
