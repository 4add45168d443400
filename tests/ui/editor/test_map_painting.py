"""Map painting in the editor window with the mouse: a terrain brush stroke and a hexside click,
each one undo command, undone and redone, saved, reloaded by the game and compared; a road
dragged from hex to hex; victory hexes; a map opened alone (`EditorWindow.open_map`)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import yaml
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.mapdata import HexMap
from gameapp.core.mapfile import load_map
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Terrain
from gameapp.editor.map_doc import MapDocument
from gameapp.ui.editor import EditorWindow
from gameapp.ui.editor.map_tools import Tool
from tests.ui.editor.editors import show_editor


def _painted(window: EditorWindow) -> MapDocument:
    doc = window.map_painting.doc
    assert doc is not None
    return doc


def _hex(window: EditorWindow, hex_id: str) -> Hex:
    return _painted(window).map.parse(hex_id)


def _board_map(window: EditorWindow) -> HexMap:
    board = window.view.board()
    assert board is not None
    return board.hex_map


def _at(window: EditorWindow, point: QPointF) -> QPoint:
    return window.view.mapFromScene(point)


def _centre(window: EditorWindow, h: Hex) -> QPointF:
    board = window.view.board()
    assert board is not None
    return board.geometry.centre(h)


def _stroke(qtbot: QtBot, window: EditorWindow, points: list[QPointF],
            keys: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Press on the first point, move over the others, release on the last."""
    viewport = window.view.viewport()
    window.view.centerOn(points[0])
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, keys, _at(window, points[0]))
    for point in points[1:]:
        _move(window, point, Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, keys, _at(window, points[-1]))


def _move(window: EditorWindow, point: QPointF,
          held: Qt.MouseButton = Qt.MouseButton.NoButton) -> None:
    """The mouse moved to a point, a button held or not (sent directly: QTest's moves are not
    always delivered to an offscreen window)."""
    viewport = window.view.viewport()
    local = QPointF(_at(window, point))
    move = QMouseEvent(QEvent.Type.MouseMove, local, QPointF(viewport.mapToGlobal(local)),
                       Qt.MouseButton.NoButton, held, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, move)


def _near_side(window: EditorWindow, a: Hex, b: Hex) -> QPointF:
    """A point just inside `a`, a fifth of the way from the middle of its side with `b`."""
    ca, cb = _centre(window, a), _centre(window, b)
    return ca + (cb - ca) * 0.4


def _wall(hex_map: HexMap, a: Hex, b: Hex) -> HexsideFeature:
    direction = a.direction_to(b)
    assert direction is not None
    return hex_map.hexside_at(a, direction)


def test_paint_terrain_and_a_hexside_undo_redo_save_and_reload(
        qtbot: QtBot, window: EditorWindow, demo: Path) -> None:
    panel = window.map_painting.panel
    scenario_text = demo.read_text(encoding="utf-8")
    panel.set_tool(Tool.TERRAIN)
    panel.terrain.setCurrentIndex(panel.terrain.findText("woods"))
    panel.radius.setValue(0)
    # one drag over three hexes of the Gaskins Pines: one stroke, one command
    strip = [_hex(window, i) for i in ("0302", "0303", "0304")]
    assert {_painted(window).map.terrain_at(h) for h in strip} == {Terrain.PINE}
    _stroke(qtbot, window, [_centre(window, h) for h in strip])
    assert window.undo_stack.count() == 1
    assert {_painted(window).map.terrain_at(h) for h in strip} == {Terrain.WOODS}
    assert {_board_map(window).terrain_at(h) for h in strip} == {Terrain.WOODS}  # repainted
    # the hexside tool: hovering lights the nearest hexside, a click puts a stone wall there
    panel.set_tool(Tool.HEXSIDE)
    panel.feature.setCurrentIndex(panel.feature.findText("stone wall"))
    a, b = _hex(window, "0505"), _hex(window, "0506")
    point = _near_side(window, a, b)
    window.view.centerOn(point)
    _move(window, point)
    assert window.map_painting.stroke_tool.hovered_side == Hexside.between(a, b)
    _stroke(qtbot, window, [point])
    assert window.undo_stack.count() == 2
    assert _wall(_board_map(window), a, b) is HexsideFeature.STONE_WALL
    assert "*" in window.windowTitle()
    # undo both, redo both
    window.actions_by_id["undo"].trigger()
    assert _wall(_board_map(window), a, b) is HexsideFeature.NONE
    window.actions_by_id["undo"].trigger()
    assert {_board_map(window).terrain_at(h) for h in strip} == {Terrain.PINE}
    assert not _painted(window).doc.modified
    window.actions_by_id["redo"].trigger()
    window.actions_by_id["redo"].trigger()
    assert _wall(_board_map(window), a, b) is HexsideFeature.STONE_WALL
    # save writes the map (the scenario did not change); the game reads back what was painted
    assert window.save()
    assert "*" not in window.windowTitle()
    assert demo.read_text(encoding="utf-8") == scenario_text
    saved = yaml.safe_load((demo.parent.parent / "maps" / "demo.yaml").read_text("utf-8"))
    assert {h: saved["overrides"][h] for h in ("0302", "0303", "0304")} == {
        "0302": {"terrain": "woods"}, "0303": {"terrain": "woods"}, "0304": {"terrain": "woods"}}
    reloaded = load_map(demo.parent.parent / "maps" / "demo.yaml")
    assert {reloaded.terrain_at(h) for h in strip} == {Terrain.WOODS}
    assert _wall(reloaded, a, b) is HexsideFeature.STONE_WALL
    assert (reloaded.hexsides == _board_map(window).hexsides).all()
    assert (reloaded.terrain == _board_map(window).terrain).all()


def test_a_brush_of_radius_one_and_elevation(qtbot: QtBot, window: EditorWindow) -> None:
    panel = window.map_painting.panel
    panel.set_tool(Tool.TERRAIN)
    panel.terrain.setCurrentIndex(panel.terrain.findText("cornfield"))
    panel.radius.setValue(1)
    centre = _hex(window, "1010")
    _stroke(qtbot, window, [_centre(window, centre)])
    assert {_board_map(window).terrain_at(h) for h in centre.range(1)} == {Terrain.CORNFIELD}
    panel.set_tool(Tool.ELEVATION)
    panel.radius.setValue(0)
    before = _board_map(window).elevation_at(centre)
    _stroke(qtbot, window, [_centre(window, centre)])
    assert _board_map(window).elevation_at(centre) == before + panel.step.value()
    # Shift lowers: two steps down from there
    viewport = window.view.viewport()
    at = _at(window, _centre(window, centre))
    for _ in range(2):
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, at)
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                           at)
    assert _board_map(window).elevation_at(centre) == before - panel.step.value()
    assert window.undo_stack.count() == 4


def test_a_road_dragged_from_hex_to_hex(qtbot: QtBot, window: EditorWindow) -> None:
    panel = window.map_painting.panel
    panel.set_tool(Tool.ROAD)
    panel.grade.setCurrentIndex(panel.grade.findText("lane"))
    # dragged from 0603 straight to 0606: the hexes between are filled in
    ends = [_hex(window, "0603"), _hex(window, "0606")]
    _stroke(qtbot, window, [_centre(window, h) for h in ends])
    chain = [_hex(window, i) for i in ("0603", "0604", "0605", "0606")]
    for x, y in pairwise(chain):
        direction = x.direction_to(y)
        assert direction is not None
        assert _board_map(window).road_at(x, direction) is RoadGrade.LANE
    road = yaml.safe_load(_painted(window).doc.text())["roads"][-1]
    assert road == {"grade": "lane", "hexes": ["0603", "0604", "0605", "0606"]}
    # Shift+drag along its middle link takes that link off: the lane is left in two pieces
    _stroke(qtbot, window, [_centre(window, h) for h in chain[1:3]],
            Qt.KeyboardModifier.ShiftModifier)
    assert yaml.safe_load(_painted(window).doc.text())["roads"][-2:] == [
        {"grade": "lane", "hexes": ["0603", "0604"]}, {"grade": "lane", "hexes": ["0605", "0606"]}]
    direction = chain[1].direction_to(chain[2])
    assert direction is not None
    assert _board_map(window).road_at(chain[1], direction) is RoadGrade.NONE
    assert window.undo_stack.count() == 2


def test_a_ford_refused_off_the_water_is_said_not_painted(
        qtbot: QtBot, window: EditorWindow) -> None:
    panel = window.map_painting.panel
    panel.set_tool(Tool.CROSSING)
    a, b = _hex(window, "0505"), _hex(window, "0506")
    _stroke(qtbot, window, [_near_side(window, a, b)])
    assert window.undo_stack.count() == 0
    assert "stream or creek" in window.message.text()


def test_victory_hexes_painted_on_the_scenario(qtbot: QtBot, window: EditorWindow) -> None:
    panel = window.map_painting.panel
    panel.set_tool(Tool.VICTORY)
    panel.victory_name.setText("the crossroads")
    panel.victory_points.setValue(4)
    h = _hex(window, "0505")
    _stroke(qtbot, window, [_centre(window, h)])
    assert window.doc is not None
    entries = yaml.safe_load(window.doc.doc.text())["victory_hexes"]
    assert entries[-1] == {"hex": "0505", "name": "the crossroads", "points": 4}
    _stroke(qtbot, window, [_centre(window, h)])  # a second click takes it off again
    assert "0505" not in [e["hex"] for e in yaml.safe_load(window.doc.doc.text())["victory_hexes"]]


def test_friendly_edges_ticked_per_side(window: EditorWindow) -> None:
    boxes = window.map_painting.panel.edge_boxes
    # demo: the Union retreats toward xx01 (the top edge), the Confederates toward 24xx (right)
    assert [k for k, box in boxes.items() if box.isChecked()] == [
        ("union", "top"), ("confederate", "right")]
    boxes[("union", "bottom")].click()
    assert _board_map(window).friendly_edges["union"] == ["xx01", "xx18"]
    window.undo_stack.undo()
    assert _board_map(window).friendly_edges["union"] == ["xx01"]
    assert not boxes[("union", "bottom")].isChecked()


def test_a_map_opened_alone_is_painted_and_saved(qtbot: QtBot, demo: Path) -> None:
    map_path = demo.parent.parent / "maps" / "demo.yaml"
    window = show_editor(qtbot, EditorWindow())
    assert window.open_map(map_path)
    assert window.doc is None
    assert "demo.yaml — Map editor" in window.windowTitle()
    panel = window.map_painting.panel
    assert panel.tool is Tool.TERRAIN
    assert not panel.tool_buttons[Tool.VICTORY].isEnabled()
    assert not window.palette_dock.isVisible()
    panel.terrain.setCurrentIndex(panel.terrain.findText("town"))
    h = _hex(window, "1010")
    _stroke(qtbot, window, [_centre(window, h)])
    assert window.validate() == []
    assert window.save()
    assert load_map(map_path).terrain_at(h) is Terrain.TOWN
    assert not window.open_map(demo.parent / "missing.yaml")


def test_a_hex_feature_clicked_on_and_off(qtbot: QtBot, window: EditorWindow) -> None:
    panel = window.map_painting.panel
    panel.set_tool(Tool.FEATURE)
    panel.hex_feature.setCurrentIndex(panel.hex_feature.findText("buildings"))
    panel.radius.setValue(0)
    h = _hex(window, "0505")
    _stroke(qtbot, window, [_centre(window, h)])
    assert _board_map(window).features_at(h) is HexFeature.BUILDINGS
    _stroke(qtbot, window, [_centre(window, h)])
    assert _board_map(window).features_at(h) is HexFeature.NONE
    assert window.undo_stack.count() == 2
