"""The scenario editor on a strategic scenario (East '62): the theatre map with its stacks,
a division placed by a click, moved by a drag, edited in the form, saved and found again by
the game's loader; undo, and bad input told in the form."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import HQ, Division
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.ui.editor import EditorWindow
from tests.editor.demo_files import copy_demo
from tests.ui.editor.editors import show_editor, strategic_editor


def _point(window: EditorWindow, h: Hex) -> QPoint:
    board = window.view.board()
    assert board is not None
    window.view.centerOn(board.geometry.centre(h))
    return window.view.mapFromScene(board.geometry.centre(h))


def _click(qtbot: QtBot, window: EditorWindow, h: Hex) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_point(window, h))


def _hex(window: EditorWindow, at: str) -> Hex:
    h = strategic_editor(window).doc.parse_at(at)  # type: ignore[union-attr]
    assert h is not None
    return h


def test_east_62_opens_with_its_stacks_and_a_placed_division_is_saved(
        qtbot: QtBot, east: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    stacks = {(p.hex, p.side) for p in load_strategic(east).pieces}
    assert editor.layer is not None and set(editor.layer.items) == stacks  # drawn as in play
    assert window.problems == []
    assert window.windowTitle().startswith("east_1862.yaml")
    richmond = _hex(window, "Richmond, VA")
    panel = editor.panel
    panel.side.setCurrentIndex(panel.side.findText("Confederate"))
    panel.choose_template("infantry")
    _click(qtbot, window, richmond)
    new = editor.selected
    assert new is not None and new.startswith("cs_new_infantry")
    assert panel.armed() is None  # one piece a pick
    assert new in [p.id for p in editor.layer.pieces_at(richmond)]
    assert window.save()
    pieces = {p.id: p for p in load_strategic(east).pieces}
    placed = pieces[new]
    assert isinstance(placed, Division) and placed.hex == richmond and placed.sp == 8
    again = show_editor(qtbot, EditorWindow(east))
    assert strategic_editor(again).doc.piece(new) == placed  # type: ignore[union-attr]


def test_a_drag_moves_an_hq_with_its_roster_and_undo_puts_it_back(
        qtbot: QtBot, east: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    manassas, culpeper = _hex(window, "C2409"), _hex(window, "Culpeper, VA")
    before = editor.document.text()
    _click(qtbot, window, manassas)
    editor.select_piece("cs_army_nva")
    viewport = window.view.viewport()
    start = _point(window, manassas)
    target = window.view.mapFromScene(window.view.board().geometry.centre(culpeper))  # type: ignore[union-attr]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + (target - start) * step / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    army = editor.doc.piece("cs_army_nva")  # type: ignore[union-attr]
    assert isinstance(army, HQ) and army.hex == culpeper
    assert {editor.doc.piece(u).hex for u in army.roster} == {culpeper}  # type: ignore[union-attr]
    assert window.problems == []
    window.actions_by_id["undo"].trigger()
    assert editor.document.text() == before


def test_the_form_edits_a_leader_and_refuses_what_the_loader_would(
        qtbot: QtBot, east: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    _click(qtbot, window, _hex(window, "Winchester, VA"))
    editor.select_piece("jackson")
    panel = editor.panel
    assert panel.piece_id == "jackson"
    panel.editors["tactical"].setValue(2)  # type: ignore[union-attr]
    panel.apply()
    assert 'tactical: 2' in editor.document.text().split("id: jackson,")[1].split("\n")[0]
    panel.editors["name"].setText("")  # type: ignore[union-attr]
    panel.apply()
    assert "name may not be empty" in panel.error.text()
    editor.select_piece("cs_jackson")
    assert panel.roster is not None and panel.roster.currentText() == "(on no roster)"
    window.actions_by_id["remove"].trigger()
    assert editor.doc.piece("cs_jackson") is None  # type: ignore[union-attr]
    assert window.problems == []


def test_a_tactical_scenario_after_a_strategic_one_gets_the_tactical_editor_back(
        qtbot: QtBot, east: Path, tmp_path: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    assert window.view.hex_drags and not window.palette_dock.isVisible()
    demo_folder = tmp_path / "demo"
    demo_folder.mkdir()
    assert window.open_path(copy_demo(demo_folder))
    assert window.ruleset_editor is None and window.doc is not None
    assert not window.view.hex_drags  # left drags move counters again
    assert window.palette_dock.isVisible()
    assert window.oob_palette.item_of("US-9NH") is not None


def test_a_strategic_file_with_a_bad_map_is_refused_with_its_line(
        qtbot: QtBot, east: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: strategic\nname: Bad\n# the map\nmap: nowhere.yaml\n", "utf-8")
    window = show_editor(qtbot, EditorWindow(east))
    before = strategic_editor(window)
    assert not window.open_path(bad)
    assert window.ruleset_editor is before and before.document.path == east  # still open
    assert window.view.hex_drags
    assert "bad.yaml could not be opened" in window.message.text()
    box = window.findChild(QMessageBox)
    assert box is not None and f"{bad}:4: map: cannot read" in box.informativeText()
    assert "nowhere.yaml" in box.informativeText()


def test_find_goes_to_a_piece_and_test_play_opens_the_game(qtbot: QtBot, east: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    editor.panel.find_box.setText("stuart")
    qtbot.keyClick(editor.panel.find_box, Qt.Key.Key_Return)
    assert editor.selected in ("stuart", "cs_stuart")
    assert editor.selected_hex == _hex(window, "Centreville, VA")
    assert editor.panel.piece_id == editor.selected
    game = window.test_play()
    assert game is not None
    qtbot.waitExposed(game)
    assert not window.isVisible()
    assert type(game.ruleset_ui).__name__ == "StrategicUI"  # type: ignore[attr-defined]
    assert game.scenario.name.startswith("East '62")  # type: ignore[attr-defined]
    with qtbot.waitSignal(game.destroyed, timeout=5000):
        game.close()
    assert window.isVisible()
