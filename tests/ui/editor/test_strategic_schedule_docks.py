"""The strategic editor's Schedule and Victory places docks on East '62: a reinforcement added at
the hex selected and changed in its form, a bad week told under the form, a victory place added
and its points changed in the table, undo, and the file saved as the game's loader reads it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.units import Side
from gameapp.ui.editor import EditorWindow
from tests.ui.editor.editors import show_editor, strategic_editor


def test_a_reinforcement_is_added_at_the_hex_selected_edited_and_saved(
        qtbot: QtBot, east: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    panel = editor.schedule_panel
    assert editor.schedule_dock.isVisible() or editor.victory_dock.isVisible()
    assert editor.doc is not None and editor.schedule is not None
    rows = panel.table.rowCount()
    assert rows == len(editor.schedule.rows()) > 0
    weeks = [int(panel.table.item(r, 0).text()) for r in range(rows)]
    assert weeks == sorted(weeks) and weeks[0] == 1  # by week, not in the file's order
    richmond = editor.doc.parse_at("Richmond, VA")
    editor.select_hex(richmond)
    panel.week.setValue(6)
    panel.side.setCurrentText("confederate")
    qtbot.mouseClick(panel.add_buttons["reinforcements"], Qt.MouseButton.LeftButton)
    assert panel.table.rowCount() == rows + 1
    assert editor.entry is not None and editor.entry[0] == "reinforcements"
    assert panel.form_box.title() == "Reinforcement of week 6"
    at = panel.editors["at"]
    assert isinstance(at, QLineEdit) and at.text() == "Richmond, VA"
    sp = panel.editors["sp"]
    assert isinstance(sp, QSpinBox)
    sp.setValue(7)
    week = panel.editors["week"]
    assert isinstance(week, QSpinBox) and week.maximum() == 27  # the scenario's turns
    qtbot.mouseClick(panel.findChild(type(panel.add_buttons["reinforcements"]),
                                     "schedule_apply"), Qt.MouseButton.LeftButton)
    kind, index = editor.entry
    assert editor.schedule.entry(kind, index)["sp"] == 7
    assert window.problems == []
    assert window.save()
    scenario = load_strategic(east)
    arrivals = [p for s in scenario.schedule if s.week == 6 and s.side is Side.CONFEDERATE
                for p in s.arrive if p.hex == richmond]
    assert [getattr(p, "sp", None) for p in arrivals] == [7]


def test_a_bad_value_is_told_under_the_form_and_undo_takes_an_entry_back(
        qtbot: QtBot, east: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    panel = editor.schedule_panel
    before = editor.document.text()
    panel.table.selectRow(0)
    assert editor.entry is not None
    at = panel.editors.get("at")
    if not isinstance(at, QLineEdit):  # the first entry (a leader event) may have no `at`
        editor.choose_entry("reinforcements", 0)
        at = panel.editors["at"]
    assert isinstance(at, QLineEdit)
    at.setText("Atlantis, VA")
    panel.apply()
    assert "'Atlantis, VA' is neither" in panel.error.text()
    assert editor.document.text() == before  # nothing changed
    panel.side.setCurrentText("union")
    qtbot.mouseClick(panel.add_buttons["withdrawals"], Qt.MouseButton.LeftButton)
    assert editor.document.text() != before
    window.undo_stack.undo()
    assert editor.document.text() == before
    editor.selected_hex = None
    qtbot.mouseClick(panel.add_buttons["reinforcements"], Qt.MouseButton.LeftButton)
    assert "select a hex first" in panel.error.text()


def test_a_victory_place_is_added_and_its_points_changed_in_the_table(
        qtbot: QtBot, east: Path) -> None:
    window = show_editor(qtbot, EditorWindow(east))
    editor = strategic_editor(window)
    panel = editor.victory_panel
    editor.victory_dock.raise_()
    assert editor.doc is not None
    rows = panel.table.rowCount()
    assert panel.table.item(0, 0).text() == "Richmond, VA"
    assert panel.table.item(0, 3).checkState() == Qt.CheckState.Checked  # sudden death
    leesburg = editor.doc.parse_at("Leesburg, VA")
    editor.select_hex(leesburg)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert panel.table.rowCount() == rows + 1
    assert panel.table.item(rows, 0).text() == "Leesburg, VA"
    panel.table.item(rows, 2).setText("4")  # as a designer types in the cell
    assert panel.table.item(rows, 2).text() == "4"
    panel.table.item(rows, 2).setText("lots")
    assert "points must be a whole number" in panel.error.text()
    assert panel.table.item(rows, 2).text() == "4"  # the cell as it was
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)  # Leesburg again
    assert "is a victory place already (Leesburg, VA)" in panel.error.text()
    assert window.save()
    victory = load_strategic(east).victory
    assert victory is not None
    assert [(p.name, p.points) for p in victory.places if p.hex == leesburg] == [
        ("Leesburg, VA", 4)]
