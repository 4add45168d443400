"""The board in the main window: clicks select stacks into the panel, hover reports the hex, and
the keys and the wheel zoom, pan and rotate the view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import Terrain
from gameapp.core.units import Unit
from gameapp.ui.main_window import MainWindow

from .boards import make_scenario, plain_hex


@pytest.fixture
def window(qtbot: QtBot, board_map: HexMap, board_units: list[Unit]) -> MainWindow:
    w = MainWindow(scenarios_dir=None)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    w.show_scenario(make_scenario(board_map, board_units))
    w.view.set_zoom(1.0)
    qtbot.waitExposed(w)
    return w


def _viewport_point(window: MainWindow, scene_point: QPointF) -> QPoint:
    window.view.centerOn(scene_point)
    return window.view.mapFromScene(scene_point)


def test_clicking_a_counter_shows_its_stack_in_the_panel(
    qtbot: QtBot, window: MainWindow, board_units: list[Unit]
) -> None:
    top = board_units[0]  # 2nd Wisconsin, top of the three-counter stack in its hex
    board = window.view.board()
    assert board is not None
    item = board.counter_item(top.id)
    assert item is not None
    point = _viewport_point(window, item.scenePos())
    with qtbot.waitSignal(window.view.stack_selected) as selected:
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert [u.id for u in selected.args[0]] == ["wis2", "wis6", "meredith"]
    text = window.ruleset_ui.panel.plain_text()
    assert "2nd Wisconsin" in text
    assert "Strength: 7 SP" in text
    assert "Morale: 44" in text
    assert "6th Wisconsin" in text and "Meredith" in text
    assert board.selected_hex == top.hex


def test_clicking_empty_ground_clears_the_selection(
    qtbot: QtBot, window: MainWindow, board_map: HexMap, board_units: list[Unit]
) -> None:
    board = window.view.board()
    assert board is not None
    board.select_hex(board_units[0].hex)
    empty = plain_hex(board_map, Terrain.CLEAR, board_units)
    point = _viewport_point(window, board.geometry.centre(empty))
    with qtbot.waitSignal(window.view.stack_selected) as selected:
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert selected.args[0] == []
    assert board.selected_hex is None
    assert window.ruleset_ui.panel.plain_text() == ""


def test_hover_puts_hex_id_and_terrain_in_the_status_bar(
    qtbot: QtBot, window: MainWindow, board_map: HexMap, board_units: list[Unit]
) -> None:
    board = window.view.board()
    assert board is not None
    woods = plain_hex(board_map, Terrain.WOODS, board_units)
    point = _viewport_point(window, board.geometry.centre(woods))
    qtbot.mouseMove(window.view.viewport(), point)
    qtbot.waitUntil(lambda: board_map.hex_id(woods) in window.statusBar().currentMessage())
    message = window.statusBar().currentMessage()
    assert "woods" in message
    assert f"{board_map.elevation_at(woods)} ft" in message


def test_plus_and_minus_keys_zoom(qtbot: QtBot, window: MainWindow) -> None:
    view = window.view
    before = view.transform().m11()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.transform().m11() == pytest.approx(before * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.transform().m11() == pytest.approx(before / 1.25)


def test_rotate_shortcuts_turn_the_view_by_quarters(qtbot: QtBot, window: MainWindow) -> None:
    view = window.view
    window.activateWindow()
    view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    qtbot.keyClick(view, Qt.Key.Key_BracketRight)
    t = view.transform()
    assert view.rotation_degrees == 90
    assert t.m11() == pytest.approx(0.0, abs=1e-9) and t.m12() == pytest.approx(view.zoom)
    qtbot.keyClick(view, Qt.Key.Key_BracketLeft)
    qtbot.keyClick(view, Qt.Key.Key_BracketLeft)
    assert view.rotation_degrees == 270
    assert view.transform().m12() == pytest.approx(-view.zoom)


def test_wheel_zooms_around_the_mouse(window: MainWindow) -> None:
    view = window.view
    view.set_zoom(0.8)
    spot = QPoint(300, 200)
    under = view.mapToScene(spot)
    event = QWheelEvent(
        QPointF(spot),
        QPointF(view.viewport().mapToGlobal(spot)),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)
    assert view.zoom == pytest.approx(1.0)
    after = view.mapFromScene(under)
    assert abs(after.x() - spot.x()) <= 2 and abs(after.y() - spot.y()) <= 2


def test_dragging_the_background_pans(
    qtbot: QtBot, window: MainWindow, board_map: HexMap, board_units: list[Unit]
) -> None:
    view = window.view
    view.set_zoom(2.0)
    board = view.board()
    assert board is not None
    empty = plain_hex(board_map, Terrain.CLEAR, board_units)
    start = _viewport_point(window, board.geometry.centre(empty))
    before = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + QPoint(-20 * step, -12 * step))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start + QPoint(-100, -60))
    after = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    assert after != before


def test_fit_shows_the_whole_map(window: MainWindow) -> None:
    view = window.view
    view.set_zoom(3.0)
    window.fit()
    board = view.board()
    assert board is not None
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    rect = board.geometry.map_rect
    assert shown.contains(rect.adjusted(2, 2, -2, -2))


def test_arrow_keys_pan(qtbot: QtBot, window: MainWindow) -> None:
    view = window.view
    view.set_zoom(2.0)
    before = view.horizontalScrollBar().value(), view.verticalScrollBar().value()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    after = view.horizontalScrollBar().value(), view.verticalScrollBar().value()
    assert after[0] > before[0] and after[1] > before[1]
