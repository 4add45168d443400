"""The strategic editor's Territory dock on East '62: the sides' counts and entries listed, a hex
painted Confederate by a click and a box painted Union by a drag on the map, the territory
tinted on the map, undo, a refusal told in the dock, and the file saved as the game reads it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.units import Side
from gameapp.ui.editor import EditorWindow
from gameapp.ui.rulesets.strategic.editor import StrategicEditor
from gameapp.ui.rulesets.strategic.territory_panel import FILLS
from tests.ui.editor.editors import show_editor, strategic_editor


def _point(window: EditorWindow, h: Hex) -> QPoint:
    board = window.view.board()
    assert board is not None
    return window.view.mapFromScene(board.geometry.centre(h))


def richmond_of(editor: StrategicEditor) -> Hex:
    assert editor.doc is not None
    h = editor.doc.parse_at("Richmond, VA")
    assert h is not None
    return h


def _open(qtbot: QtBot, east: Path) -> tuple[EditorWindow, StrategicEditor]:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    editor.territory_dock.raise_()
    return window, editor


def test_the_dock_lists_the_territory_and_a_click_paints_a_hex(qtbot: QtBot,
                                                                east: Path) -> None:
    window, editor = _open(qtbot, east)
    panel = editor.territory_panel
    assert editor.territory_dock.isVisible()
    assert panel.default.currentData() == "confederate"
    assert panel.table.rowCount() == 54
    assert panel.table.item(0, 1).text() == "C0101:C0115"
    assert panel.counts.text().startswith("Union 397 hexes in 54 entries")
    washington = editor.doc.parse_at("Washington, DC")  # type: ignore[union-attr]
    assert washington is not None
    before = editor.document.text()
    panel.paint_buttons["confederate"].click()
    assert panel.painting() == "confederate" and panel.show_box.isChecked()
    window.view.centerOn(window.view.board().geometry.centre(washington))  # type: ignore[union-attr]
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=_point(window, washington))
    assert editor.territory is not None and editor.territory.owner(washington) == "confederate"
    assert panel.counts.text().startswith("Union 396 hexes")
    board = window.view.board()
    assert board is not None  # the sides tinted on the map
    assert board.overlay.hexes[washington] == QColor(FILLS["confederate"])
    assert board.overlay.hexes[richmond_of(editor)] == QColor(FILLS["confederate"])
    assert board.overlay.edges  # the frontier drawn
    window.actions_by_id["undo"].trigger()
    assert editor.document.text() == before
    assert editor.territory.owner(washington) == "union"


def test_a_drag_paints_a_box_and_the_game_reads_the_saved_file(qtbot: QtBot,
                                                                east: Path) -> None:
    window, editor = _open(qtbot, east)
    panel = editor.territory_panel
    doc = editor.doc
    assert doc is not None and editor.territory is not None
    richmond = doc.parse_at("Richmond, VA")
    assert richmond is not None
    col, row = doc.map.numbering.hex_to_offset(richmond)
    corner = doc.map.numbering.offset_to_hex(col + 2, row + 1)
    box = editor.territory.box(f"{doc.hex_id(richmond)}:{doc.hex_id(corner)}")
    assert len(box) == 6
    stacks_before = {p.id: p.hex for p in doc.pieces()}
    panel.paint_buttons["union"].click()
    viewport = window.view.viewport()
    window.view.centerOn(window.view.board().geometry.centre(richmond))  # type: ignore[union-attr]
    start, target = _point(window, richmond), _point(window, corner)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + (target - start) * step / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    assert all(editor.territory.owner(h) == "union" for h in box)
    assert {p.id: p.hex for p in doc.pieces()} == stacks_before  # painting moves no stack
    assert window.problems == []
    assert window.save()
    home = load_strategic(east).home
    assert all(home[h] is Side.UNION for h in box)
    panel.paint_buttons["union"].click()  # put the tool down: a drag moves stacks again
    assert panel.painting() is None


def test_the_default_side_and_a_refusal_are_told_in_the_dock(qtbot: QtBot, east: Path) -> None:
    _, editor = _open(qtbot, east)
    panel = editor.territory_panel
    panel.default.setCurrentIndex(panel.default.findData("union"))
    panel.default.activated.emit(panel.default.currentIndex())
    assert editor.territory is not None and editor.territory.default == "union"
    doc = editor.doc
    assert doc is not None
    assert panel.counts.text().startswith(f"Union {len(doc.map.hexes())} hexes (the default)")
    checkers = [h for h in doc.map.hexes() if sum(doc.map.numbering.hex_to_offset(h)) % 2]
    before = editor.document.text()
    panel.paint_buttons["confederate"].click()
    editor.paint_territory(checkers[:900])
    assert "the file allows 400" in panel.error.text()
    assert editor.document.text() == before
    panel.table.selectRow(0)
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert panel.table.rowCount() == 53 and panel.error.text() == ""
