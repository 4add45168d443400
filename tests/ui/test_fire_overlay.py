"""The fire highlights on the board: the field of fire in one shade per band (canister apart)
with an outline, rings and chips for the fire marks, each layer one item, all cleared at once."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.fire.field import FieldCell
from gameapp.core.rules.fire.weapons import RangeEffect
from gameapp.core.terrain import Terrain
from gameapp.present.fire import FireBand, band_of
from gameapp.ui.board.fire_overlay import (
    BAND_FILLS,
    EXPOSED_RING,
    FIRER_RING,
    REFUSED_RING,
    TARGET_RING,
)
from gameapp.ui.board.scene import BoardScene


def _image(scene: BoardScene) -> QImage:
    rect = scene.geometry.map_rect
    image = QImage(round(rect.width()), round(rect.height()), QImage.Format.Format_RGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def _at(image: QImage, point: QPointF) -> QColor:
    return image.pixelColor(round(point.x()), round(point.y()))


def _clear_hexes(m: HexMap, n: int) -> list[Hex]:
    return [h for h in m.hexes() if m.terrain_at(h) is Terrain.CLEAR and not m.features_at(h)][:n]


def _cell(factor: Fraction, canister: bool = False) -> FieldCell:
    return FieldCell(1, RangeEffect(factor, "x", "1 hex", "Range"), canister)


def test_bands_by_range_factor_with_canister_apart() -> None:
    assert band_of(_cell(Fraction(1))) is FireBand.FULL
    assert band_of(_cell(Fraction(1, 2))) is FireBand.STRONG
    assert band_of(_cell(Fraction(1, 4))) is FireBand.STRONG
    assert band_of(_cell(Fraction(1, 6))) is FireBand.WEAK
    assert band_of(_cell(Fraction(1, 9))) is FireBand.WEAK
    assert band_of(_cell(Fraction(1, 16))) is FireBand.FAINT
    assert band_of(_cell(Fraction(1), canister=True)) is FireBand.CANISTER
    assert len({c.rgb() for c in BAND_FILLS.values()}) == len(FireBand)


def test_the_field_is_shaded_band_by_band_and_cleared(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    hexes = _clear_hexes(board_map, len(FireBand))
    bands = dict(zip(hexes, FireBand, strict=True))
    plain = _image(scene)
    scene.fire.show_field(bands)
    assert scene.fire.bands == bands
    lit = _image(scene)
    geo = scene.geometry
    colours = {_at(lit, geo.centre(h)).rgb() for h in hexes}
    assert len(colours) == len(FireBand)  # every band its own shade
    for h in hexes:
        assert _at(lit, geo.centre(h)) != _at(plain, geo.centre(h))
    assert scene.fire.field.edges  # the outline round the field
    scene.fire.clear_field()
    assert scene.fire.bands == {} and scene.fire.field.boundingRect().isEmpty()
    assert _image(scene) == plain


def test_marks_ring_firers_targets_and_exposure(qtbot: QtBot, board_map: HexMap) -> None:
    scene = BoardScene(board_map)
    firer, target, refused, exposed = _clear_hexes(board_map, 4)
    scene.fire.show_marks({target: "33%", refused: ""}, [firer], [exposed])
    assert target in scene.fire and refused in scene.fire and firer not in scene.fire
    assert scene.fire.targets == {target: "33%", refused: ""}
    assert scene.fire.marks.ring_count == 4
    assert [text for _, text, _ in scene.fire.chips.labels] == ["33%"]  # no chip when refused
    image = _image(scene)
    geo = scene.geometry
    for h, colour in ((firer, FIRER_RING), (target, TARGET_RING), (exposed, EXPOSED_RING)):
        box = geo.polygon(h).boundingRect().toRect()
        found = {image.pixelColor(x, y).rgb() for x in range(box.left(), box.right())
                 for y in range(box.top(), box.bottom())}  # fmt: skip
        assert colour.rgb() in found
    box = geo.polygon(refused).boundingRect().toRect()
    found = {image.pixelColor(x, y).rgb() for x in range(box.left(), box.right())
             for y in range(box.top(), box.bottom())}  # fmt: skip
    assert REFUSED_RING.rgb() in found
    scene.fire.clear_marks()
    assert scene.fire.targets == {} and scene.fire.marks.ring_count == 0
    assert scene.fire.chips.labels == []
