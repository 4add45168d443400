"""Several placed counters at once: a band dragged over empty ground selects them, Ctrl+click adds
one, "Select …'s Brigade" takes a counter's brigade; dragging one of them moves them all by the
same offset in one undo command, and a move off the map is refused."""

from __future__ import annotations

import yaml
from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex
from gameapp.ui.editor import EditorWindow


def _hex(window: EditorWindow, hex_id: str) -> Hex:
    assert window.doc is not None
    return window.doc.map.parse(hex_id)


def _hexes(window: EditorWindow) -> dict[str, str]:
    """Where the saved text puts each counter: id -> hex id."""
    assert window.doc is not None
    return {e["unit"]: e["hex"] for e in yaml.safe_load(window.doc.doc.text())["setup"]}


def _view_point(window: EditorWindow, scene: QPointF) -> QPoint:
    return window.view.mapFromScene(scene)


def _band(qtbot: QtBot, window: EditorWindow, first: QPointF, last: QPointF,
          modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    viewport = window.view.viewport()
    a, b = _view_point(window, first), _view_point(window, last)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, a)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, a + (b - a) * step / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, b)


def test_a_band_selects_three_counters_and_a_drag_moves_them_all(
        qtbot: QtBot, window: EditorWindow) -> None:
    board = window.view.board()
    assert board is not None
    top, bottom = board.geometry.centre(_hex(window, "1303")), \
        board.geometry.centre(_hex(window, "1304"))  # fmt: skip
    window.view.centerOn(top)
    # a band from above-left of 1303 to below-right of 1304, inside the column of hexes 13xx:
    # it holds US-2MD (1303), US-6NH and US-Nagle (1304)
    margin = (bottom.y() - top.y()) * 0.35
    _band(qtbot, window, QPointF(top.x() - margin, top.y() - margin),
          QPointF(bottom.x() + margin, bottom.y() + margin))
    assert sorted(window.view.selection) == ["US-2MD", "US-6NH", "US-Nagle"]
    before = _hexes(window)
    # drag US-6NH from 1304 to 1305: every selected counter moves one hex down the column
    item = board.counter_item("US-6NH")
    assert item is not None
    start = _view_point(window, item.pos())
    shift = board.geometry.centre(_hex(window, "1305")) - bottom
    end = _view_point(window, item.pos() + shift)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + (end - start) * step / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    after = _hexes(window)
    assert {u: after[u] for u in ("US-2MD", "US-6NH", "US-Nagle")} == {
        "US-2MD": "1304", "US-6NH": "1305", "US-Nagle": "1305"}
    assert {u: h for u, h in after.items() if u not in ("US-2MD", "US-6NH", "US-Nagle")} == {
        u: h for u, h in before.items() if u not in ("US-2MD", "US-6NH", "US-Nagle")}
    assert window.undo_stack.count() == 1
    assert board.unit("US-2MD").hex == _hex(window, "1304")  # type: ignore[union-attr]
    window.undo_stack.undo()
    assert _hexes(window) == before
    assert board.unit("US-6NH").hex == _hex(window, "1304")  # type: ignore[union-attr]


def test_ctrl_click_adds_and_a_move_off_the_map_is_refused(
        qtbot: QtBot, window: EditorWindow) -> None:
    board = window.view.board()
    assert board is not None
    viewport = window.view.viewport()
    for unit_id in ("US-9NH", "US-E2US"):
        item = board.counter_item(unit_id)
        assert item is not None
        window.view.centerOn(item.pos())
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                         _view_point(window, item.pos()))
    assert window.view.selection == ["US-9NH", "US-E2US"]
    before = _hexes(window)
    # E2US stands in 1004: ten columns to the west is off the map
    assert not window.group_moves.move(window.view.selection, Hex(-10, 0))
    assert "US-E2US would leave the map" in window.message.text()
    assert _hexes(window) == before and window.undo_stack.count() == 0


def test_select_the_brigade_from_a_counter_s_menu(window: EditorWindow) -> None:
    menu = window.counter_menu(_hex(window, "1209"))
    assert menu is not None
    action = next(a for a in menu.actions() if a.objectName() == "select_formation")
    assert action.text() == "Select Ferrero's Brigade (4)"
    action.trigger()
    assert window.view.selection == ["US-21MA", "US-Ferrero", "US-35MA", "US-51PA"]
