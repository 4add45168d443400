"""File > New map… (the dialog and the file it writes), File > Import GeoJSON… (one undoable
edit), and File > Background image… (a picture under the grid, remembered per map)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialog, QDialogButtonBox
from pytestqt.qtbot import QtBot

from gameapp.core.mapfile import load_map
from gameapp.core.terrain import Terrain
from gameapp.ui.board.geometry import HEX_SIZE
from gameapp.ui.editor import EditorWindow
from gameapp.ui.editor.new_map_dialog import NewMapDialog
from gameapp.ui.editor.underlay import GRID_Z, PICTURE_Z, Underlay, stored_settings


@pytest.fixture
def dialog(qtbot: QtBot, tmp_path: Path) -> NewMapDialog:
    d = NewMapDialog(tmp_path)
    qtbot.addWidget(d)
    return d


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[EditorWindow]:
    w = EditorWindow()
    w.ask_before_closing = False
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    yield w


def _save_button(d: NewMapDialog) -> QDialogButtonBox:
    return d.buttons.button(QDialogButtonBox.StandardButton.Save)  # type: ignore[return-value]


def _four_by_three(d: NewMapDialog, orientation: str = "flat") -> None:
    d.name.setText("Four by three")
    d.orientation.setCurrentText(orientation)
    d.width_box.setValue(4)
    d.height_box.setValue(3)


def test_the_corner_ids_follow_the_convention(dialog: NewMapDialog) -> None:
    # flat 4 x 3 from 0101, hexrows growing right: 0101 0401 / 0103 0403
    _four_by_three(dialog)
    text = dialog.corners.text()
    for corner in ("top-left <b>0101", "top-right <b>0401", "bottom-left <b>0103",
                   "bottom-right <b>0403", "12 hexes"):
        assert corner in text
    # pointy: hexrows are screen rows; the growth choices follow the orientation
    dialog.orientation.setCurrentText("pointy")
    assert [dialog.hexrows_grow.itemText(i) for i in range(2)] == ["down", "up"]
    assert [dialog.positions_grow.itemText(i) for i in range(2)] == ["right", "left"]
    assert "top-right <b>0104" in dialog.corners.text()
    # hexrows growing up: hexrow 01 is the bottom row, so the bottom-left hex is 0101
    dialog.hexrows_grow.setCurrentText("up")
    assert "bottom-left <b>0101" in dialog.corners.text()
    assert "top-right <b>0304" in dialog.corners.text()


def test_bad_settings_disable_create_and_say_why(dialog: NewMapDialog) -> None:
    dialog.first.setText("01")
    assert not _save_button(dialog).isEnabled()
    assert "'01' is not four digits" in dialog.corners.text()
    dialog.first.setText("9001")
    dialog.width_box.setValue(20)  # hexrows 90 .. 109
    assert "20 hexrows from 90 run past 99" in dialog.corners.text()
    dialog.first.setText("0101")
    assert _save_button(dialog).isEnabled()


def test_create_writes_a_map_the_game_loads(dialog: NewMapDialog, tmp_path: Path) -> None:
    _four_by_three(dialog)
    dialog.base_terrain.setCurrentText("pine")
    dialog.letter.setCurrentText("C")
    asked: list[Path] = []
    target = tmp_path / "maps" / "four"
    target.parent.mkdir()

    def choose(suggested: Path) -> Path:
        asked.append(suggested)
        return target

    dialog.choose_path = choose
    _save_button(dialog).click()
    assert asked == [tmp_path / "four_by_three.yaml"]
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.saved_path == target.with_name("four.yaml")  # .yaml added
    text = dialog.saved_path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../")
    hexmap = load_map(dialog.saved_path)
    assert len(hexmap.hexes()) == 12
    assert hexmap.terrain_at(hexmap.parse("C0403")) is Terrain.PINE


def test_cancelling_the_file_dialog_keeps_the_dialog_open(dialog: NewMapDialog) -> None:
    dialog.show()
    dialog.choose_path = lambda _suggested: None
    _save_button(dialog).click()
    assert dialog.isVisible()
    assert dialog.saved_path is None


def test_new_map_from_the_file_menu_opens_it_for_painting(
    window: EditorWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    assert window.actions_by_id["new_map"].text() == "&New map…"
    dialog = window.map_sources.new_map()
    _four_by_three(dialog, "pointy")
    dialog.choose_path = lambda _suggested: tmp_path / "pointy.yaml"
    _save_button(dialog).click()
    assert window.map_painting.doc is not None
    assert window.map_painting.doc.path == tmp_path / "pointy.yaml"
    board = window.view.board()
    assert board is not None
    assert len(board.geometry.hexes) == 12


def _geojson(tmp_path: Path) -> Path:
    square = [[0.5, -0.9], [3.5, -0.9], [3.5, 3.0], [0.5, 3.0], [0.5, -0.9]]
    path = tmp_path / "woods.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"terrain": "woods", "name": "Square wood"},
         "geometry": {"type": "Polygon", "coordinates": [square]}}]}), encoding="utf-8")
    return path


def _new_map(window: EditorWindow, tmp_path: Path) -> Path:
    dialog = window.map_sources.new_map()
    dialog.width_box.setValue(6)
    dialog.height_box.setValue(5)
    dialog.choose_path = lambda _suggested: tmp_path / "six.yaml"
    _save_button(dialog).click()
    assert window.map_painting.doc is not None
    return tmp_path / "six.yaml"


def test_import_geojson_is_one_undoable_edit(window: EditorWindow, tmp_path: Path) -> None:
    path = _new_map(window, tmp_path)
    original = path.read_text(encoding="utf-8")
    result = window.map_sources.import_file(_geojson(tmp_path))
    assert result is not None
    map_doc = window.map_painting.doc
    assert map_doc is not None
    woods = {map_doc.map.hex_id(h) for h in map_doc.map.hexes()
             if map_doc.map.terrain_at(h) is Terrain.WOODS}
    assert woods == {"0201", "0202", "0301", "0302"}  # worked in tests/editor/test_geojson_import
    board = window.view.board()
    assert board is not None and board.hex_map.terrain_at(map_doc.map.parse("0201")) is (
        Terrain.WOODS)  # the board shows the recompiled map
    assert window.undo_stack.count() == 1
    assert window.undo_stack.undoText() == "Import woods.geojson"
    assert "1 terrain area" in window.message.text()
    window.undo_stack.undo()
    assert map_doc.doc.text() == original
    assert map_doc.map.terrain_at(map_doc.map.parse("0201")) is Terrain.CLEAR
    window.undo_stack.redo()
    assert map_doc.map.terrain_at(map_doc.map.parse("0201")) is Terrain.WOODS


def test_a_bad_geojson_is_a_message_not_an_edit(window: EditorWindow, tmp_path: Path) -> None:
    _new_map(window, tmp_path)
    bad = tmp_path / "bad.geojson"
    bad.write_text('{"type": "FeatureCollection", "features": [}', encoding="utf-8")
    assert window.map_sources.import_file(bad) is None
    assert window.undo_stack.count() == 0
    assert window.message.text() == "bad.geojson was not imported."


def test_import_without_a_map_says_so(window: EditorWindow, tmp_path: Path) -> None:
    assert window.map_sources.import_file(_geojson(tmp_path)) is None
    assert "Open a map to paint first" in window.message.text()


def _picture(tmp_path: Path) -> Path:
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("#3366aa"))
    path = tmp_path / "scan.png"
    image.save(str(path))
    return path


def test_a_background_picture_lies_under_the_grid_and_is_remembered(
    window: EditorWindow, tmp_path: Path
) -> None:
    map_path = _new_map(window, tmp_path)
    underlay = window.map_sources.underlay
    assert underlay.load_image(_picture(tmp_path))
    underlay.update_settings(opacity=0.4, hex_across=50.0, origin_x=10.0, origin_y=20.0)
    picture, grid = underlay.picture, underlay.grid
    assert picture is not None and grid is not None
    board = window.view.board()
    assert board is not None
    assert picture.scene() is board and picture.isVisible()
    assert board.terrain.zValue() < PICTURE_Z < GRID_Z
    assert picture.opacity() == pytest.approx(0.4)
    # 50 picture pixels between neighbouring hex centres = sqrt(3) * HEX_SIZE scene units, and
    # the picture's pixel (10, 20) sits on the centre of the top-left hex (offset 0, 0)
    scale = math.sqrt(3) * HEX_SIZE / 50.0
    assert picture.scale() == pytest.approx(scale)
    top_left = board.geometry.centre(board.geometry.numbering.offset_to_hex(0, 0))
    assert picture.mapToScene(10.0, 20.0).x() == pytest.approx(top_left.x())
    assert picture.mapToScene(10.0, 20.0).y() == pytest.approx(top_left.y())
    # editor only: the map file does not mention it; QSettings keeps it for this map
    assert "scan.png" not in map_path.read_text(encoding="utf-8")
    stored = stored_settings(map_path)
    assert stored is not None and stored.hex_across == 50.0 and stored.opacity == 0.4
    again = Underlay(window.view, lambda: map_path)
    again.sync()
    assert again.settings == underlay.settings and not again.pixmap.isNull()


def test_the_dock_controls_move_the_picture(window: EditorWindow, tmp_path: Path) -> None:
    _new_map(window, tmp_path)
    underlay = window.map_sources.underlay
    underlay.load_image(_picture(tmp_path))
    dock = window.map_sources.show_underlay(choose=False)
    panel = dock.widget()
    panel.opacity.setValue(75)  # type: ignore[attr-defined]
    panel.hex_across.setValue(25.0)  # type: ignore[attr-defined]
    assert underlay.picture is not None
    assert underlay.picture.opacity() == pytest.approx(0.75)
    assert underlay.picture.scale() == pytest.approx(math.sqrt(3) * HEX_SIZE / 25.0)
    panel.show_box.setChecked(False)  # type: ignore[attr-defined]
    assert not underlay.picture.isVisible()
    panel.remove_button.setEnabled(True)  # type: ignore[attr-defined]
    panel.remove_button.click()  # type: ignore[attr-defined]
    assert underlay.pixmap.isNull() and not panel.fit_button.isEnabled()  # type: ignore[attr-defined]


def test_a_file_that_is_not_a_picture_is_refused(window: EditorWindow, tmp_path: Path) -> None:
    _new_map(window, tmp_path)
    text = tmp_path / "notes.png"
    text.write_text("not a picture", encoding="utf-8")
    assert not window.map_sources.underlay.load_image(text)


def test_the_picture_follows_the_map_shown(
    window: EditorWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    first = _new_map(window, tmp_path)
    underlay = window.map_sources.underlay
    underlay.load_image(_picture(tmp_path))
    second = tmp_path / "other.yaml"
    second.write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    assert window.open_map(second)
    # once the old board is gone the underlay takes up the new map: no picture stored for it
    qtbot.waitUntil(lambda: underlay.pixmap.isNull() and not underlay.shown)
    assert window.open_map(first)
    qtbot.waitUntil(lambda: underlay.shown)  # the old scene went; the picture came back
    board = window.view.board()
    assert underlay.picture is not None and underlay.picture.scene() is board
