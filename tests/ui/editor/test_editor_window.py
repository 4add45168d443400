"""The editor window: counters dragged from the palette, dragged, rotated and given a formation
on the board, undone and redone, saved and reloaded; problems listed live; reinforcements and
metadata edited; test play and back."""

from __future__ import annotations

from pathlib import Path

import yaml
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex
from gameapp.core.units import Formation
from gameapp.editor.scenario_doc import ScenarioDocument
from gameapp.ui.editor import EditorWindow


def _doc(window: EditorWindow) -> ScenarioDocument:
    assert window.doc is not None
    return window.doc


def _hex(window: EditorWindow, hex_id: str) -> Hex:
    return _doc(window).map.parse(hex_id)


def _point(window: EditorWindow, h: Hex) -> QPoint:
    board = window.view.board()
    assert board is not None
    centre = board.geometry.centre(h)
    window.view.centerOn(centre)
    return window.view.mapFromScene(centre)


def _entry(window: EditorWindow, unit_id: str) -> dict[str, object] | None:
    saved = yaml.safe_load(_doc(window).doc.text())
    return next((e for e in saved["setup"] if e["unit"] == unit_id), None)


def _take_off(window: EditorWindow, unit_id: str) -> None:
    window.view.select_unit(unit_id)
    window.actions_by_id["remove"].trigger()
    assert _entry(window, unit_id) is None


def _drag_from_palette(window: EditorWindow, unit_id: str, h: Hex) -> None:
    """What a drag from the palette delivers: the tree's own mime data, dropped on the hex."""
    item = window.oob_palette.item_of(unit_id)
    assert item is not None
    _drop(window, window.oob_palette.tree.mimeData([item]), h)


def _drop(window: EditorWindow, mime: QMimeData, h: Hex) -> None:
    at = _point(window, h)
    viewport = window.view.viewport()
    enter = QDragEnterEvent(at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(at), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, drop)


def _drag_counter(qtbot: QtBot, window: EditorWindow, unit_id: str, to: Hex) -> None:
    board = window.view.board()
    assert board is not None
    item = board.counter_item(unit_id)
    assert item is not None
    start = _point(window, board.geometry.centre(item.unit.hex) and item.unit.hex)  # type: ignore[union-attr]
    target = window.view.mapFromScene(board.geometry.centre(to))
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + (target - start) * step / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)


def test_drag_a_unit_from_the_palette_to_a_hex(window: EditorWindow) -> None:
    _take_off(window, "US-9NH")
    item = window.oob_palette.item_of("US-9NH")
    assert item is not None and item.text(1) == ""
    _drag_from_palette(window, "US-9NH", _hex(window, "0605"))
    assert _entry(window, "US-9NH") == {"unit": "US-9NH", "hex": "0605", "facing": "SE",
                                        "formation": "line"}
    board = window.view.board()
    assert board is not None
    assert [u.id for u in board.units_at(_hex(window, "0605"))] == ["US-9NH"]
    assert item.text(1) == "✓ hex 0605"
    assert window.view.selected_unit == "US-9NH"


def test_drag_a_brigade_from_the_palette(window: EditorWindow) -> None:
    brigade = ["US-Ferrero", "US-21MA", "US-35MA", "US-51PA"]
    for unit_id in brigade:
        _take_off(window, unit_id)
    tree = window.oob_palette.tree
    node = tree.findItems("Ferrero's Brigade", Qt.MatchFlag.MatchRecursive)[0]
    mime = tree.mimeData([node])
    assert bytes(mime.data("application/x-rally-charge-units").data()).decode().split() == brigade
    _drop(window, mime, _hex(window, "0605"))
    placed = {u.id for u in _doc(window).units()}
    assert set(brigade) <= placed
    window.undo_stack.undo()  # the brigade is one command
    assert not set(brigade) & {u.id for u in _doc(window).units()}


def test_rotate_and_move_a_counter_then_undo_and_redo(qtbot: QtBot, window: EditorWindow) -> None:
    board = window.view.board()
    assert board is not None
    before = _entry(window, "US-9NH")
    assert before == {"unit": "US-9NH", "hex": "1205", "facing": "SE", "formation": "column"}
    at = _point(window, _hex(window, "1205"))
    qtbot.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert window.view.selected_unit == "US-9NH"
    # E turns it one hexside clockwise: flat-top SE -> S
    qtbot.keyClick(window.view, Qt.Key.Key_E)
    assert _entry(window, "US-9NH")["facing"] == "S"  # type: ignore[index]
    # the wheel over its hex turns it back anticlockwise
    wheel = QWheelEvent(QPointF(at), QPointF(window.view.viewport().mapToGlobal(at)),
                        QPoint(0, 0), QPoint(0, 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    zoom = window.view.zoom
    QApplication.sendEvent(window.view.viewport(), wheel)
    assert _entry(window, "US-9NH")["facing"] == "SE"  # type: ignore[index]
    assert window.view.zoom == zoom
    qtbot.keyClick(window.view, Qt.Key.Key_Q)  # anticlockwise: SE -> NE
    _drag_counter(qtbot, window, "US-9NH", _hex(window, "1306"))
    assert _entry(window, "US-9NH") == {"unit": "US-9NH", "hex": "1306", "facing": "NE",
                                        "formation": "column"}
    assert board.unit("US-9NH").hex == _hex(window, "1306")  # type: ignore[union-attr]
    assert window.undo_stack.count() == 4
    assert "*" in window.windowTitle()
    for _ in range(4):
        window.undo_stack.undo()
    assert _entry(window, "US-9NH") == before
    assert _doc(window).doc.text() == _doc(window).path.read_text(encoding="utf-8")
    assert board.unit("US-9NH").hex == _hex(window, "1205")  # type: ignore[union-attr]
    assert "*" not in window.windowTitle()
    window.undo_stack.redo()
    window.undo_stack.redo()
    assert _entry(window, "US-9NH")["facing"] == "SE"  # type: ignore[index]
    window.actions_by_id["redo"].trigger()
    window.actions_by_id["redo"].trigger()
    assert _entry(window, "US-9NH")["hex"] == "1306"  # type: ignore[index]


def test_formation_and_status_from_the_context_menu(window: EditorWindow) -> None:
    menu = window.counter_menu(_hex(window, "1205"))
    assert menu is not None
    formations = next(a.menu() for a in menu.actions() if a.text() == "Formation")
    checked = [a.text() for a in formations.actions() if a.isChecked()]
    assert checked == ["column"]
    next(a for a in formations.actions() if a.text() == "skirmish").trigger()
    menu = window.counter_menu(_hex(window, "1205"))
    assert menu is not None
    markers = next(a.menu() for a in menu.actions() if a.text() == "Status")
    assert "low ammunition" not in [a.text() for a in markers.actions()]  # artillery only
    next(a for a in markers.actions() if a.text() == "shaken").trigger()
    assert _entry(window, "US-9NH") == {"unit": "US-9NH", "hex": "1205", "facing": "SE",
                                        "formation": "skirmish", "status": ["shaken"]}
    assert _doc(window).unit("US-9NH").formation is Formation.SKIRMISH  # type: ignore[union-attr]


def test_save_reload_and_compare(window: EditorWindow, demo: Path, qtbot: QtBot) -> None:
    original = demo.read_text(encoding="utf-8")
    window.push(_doc(window).move("US-9NH", _hex(window, "1206")))
    window.push(_doc(window).set_field(("turns", "last"), 10))
    assert window.save_to(None)
    assert "*" not in window.windowTitle()
    saved = demo.read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(original.splitlines(), saved.splitlines(), strict=True)
               if a != b]
    assert changed == [
        ("turns: {first: 1, last: 9, start: \"15:00\", minutes: 20}",
         "turns: {first: 1, last: 10, start: \"15:00\", minutes: 20}"),
        ('  - {unit: US-9NH, hex: "1205", facing: SE, formation: column}',
         '  - {unit: US-9NH, hex: "1206", facing: SE, formation: column}'),
    ]
    again = EditorWindow(demo)
    again.ask_before_closing = False
    qtbot.addWidget(again)
    assert again.doc is not None
    assert again.doc.units() == _doc(window).units()
    assert again.doc.doc.text() == saved


def test_an_illegal_stack_is_listed_and_marked(window: EditorWindow) -> None:
    assert window.problems_panel.item_texts() == []
    _drag_counter_to = _hex(window, "1303")
    window.push(_doc(window).move("US-9NH", _drag_counter_to))
    assert window.problems_panel.item_texts() == [
        "Stacking: 1303: 14 SPs (cavalry counting 2) in oak and brush: the limit is 12 (TEC N1)"]
    board = window.view.board()
    assert board is not None
    assert _drag_counter_to in board.overlay.hexes
    window.view.centerOn(board.geometry.centre(_hex(window, "0101")))
    item = window.problems_panel.list.item(0)
    window.problems_panel.list.itemClicked.emit(item)
    assert board.selected_hex == _drag_counter_to
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert board.hex_at(centre) == _drag_counter_to
    window.undo_stack.undo()
    assert window.problems_panel.item_texts() == []
    assert _drag_counter_to not in board.overlay.hexes


def test_add_a_reinforcement(qtbot: QtBot, window: EditorWindow) -> None:
    _take_off(window, "US-9NH")
    assert len(window.reinforcements_panel.rows()) == 2
    window.go_to(_hex(window, "0108"))
    item = window.oob_palette.item_of("US-9NH")
    window.oob_palette.tree.setCurrentItem(item)
    qtbot.mouseClick(window.reinforcements_panel.add_button, Qt.MouseButton.LeftButton)
    assert window.reinforcements_panel.rows()[-1] == ["2", "0108", "SE", "US-9NH"]
    board = window.view.board()
    assert board is not None
    assert board.overlay.ring_count == 3 + 3  # entry hexes 2406, 0107, 0108; 3 victory hexes
    assert item is not None and item.text(1) == "✓ turn 2 at 0108"
    # edit the turn in the table
    window.reinforcements_panel.table.item(2, 0).setText("5")  # type: ignore[union-attr]
    saved = yaml.safe_load(_doc(window).doc.text())["reinforcements"][-1]
    assert saved == {"turn": 5, "hex": "0108", "facing": "SE", "units": ["US-9NH"]}
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert len(window.reinforcements_panel.rows()) == 2


def test_metadata_and_options(window: EditorWindow) -> None:
    form = window.metadata_form
    assert form.last_turn.value() == 9
    form.last_turn.setValue(11)
    assert _doc(window).turn_range() == (1, 11)
    form.los_boxes["same_hill"].setChecked(True)
    options = yaml.safe_load(_doc(window).doc.text())["options"]
    assert options["los"] == ["short_range_obstacles", "same_hill", "orchard_endpoints"] or \
        set(options["los"]) == {"short_range_obstacles", "orchard_endpoints", "same_hill"}
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert _doc(window).doc.text() == _doc(window).path.read_text(encoding="utf-8")
    assert form.last_turn.value() == 9


def test_validate_and_test_play(qtbot: QtBot, window: EditorWindow) -> None:
    assert window.validate() == []
    window.push(_doc(window).move("CS-15GA", _hex(window, "1303")))
    problems = window.validate()
    assert len(problems) == 1 and problems[0].startswith(f"{_doc(window).path}:58: ")
    window.undo_stack.undo()
    game = window.test_play()
    assert game is not None
    qtbot.waitExposed(game)
    assert not window.isVisible()
    assert game.scenario is not None and game.scenario.name == "Demo: the fight at Hazel Run"
    with qtbot.waitSignal(game.destroyed, timeout=5000):
        game.close()
    assert window.isVisible()
