"""The unit-definition form, reached from the palette: a new unit appears in the palette and the
saved counters file reloads with it; a bad morale is refused with its reason; an edit rewrites
only the changed line; undo takes the unit back out."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from gameapp.core.counters import load_counters
from gameapp.core.units import SmallArms
from gameapp.ui.editor import EditorWindow
from gameapp.ui.editor.unit_form import UnitForm


def _counters_file(demo: Path) -> Path:
    return demo.parent.parent / "counters" / "demo.yaml"


def _menu_action(window: EditorWindow, label: str, text: str) -> None:
    tree = window.oob_palette.tree
    item = tree.findItems(label, Qt.MatchFlag.MatchRecursive | Qt.MatchFlag.MatchStartsWith)[0]
    menu = window.oob_palette.context_menu(item)
    assert menu is not None
    next(a for a in menu.actions() if a.text() == text).trigger()


def _fill(form: UnitForm, **values: object) -> None:
    for key, value in values.items():
        widget = form.fields[key]
        if isinstance(widget, QLineEdit):
            widget.setText(str(value))
        elif isinstance(widget, QSpinBox):
            assert isinstance(value, int)
            widget.setValue(value)
        else:
            form.set_values({key: value})


def _save(qtbot: QtBot, form: UnitForm) -> None:
    button = form.buttons.button(QDialogButtonBox.StandardButton.Save)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_new_unit_appears_in_the_palette_and_the_saved_file(
        qtbot: QtBot, window: EditorWindow, demo: Path) -> None:
    _menu_action(window, "Nagle's Brigade", "New unit…")
    form = window.unit_editing.form
    assert form is not None and form.isVisible()
    assert not form.fields["gun"].isVisible()  # an infantry counter has a weapon, not a gun
    _fill(form, id="US-7RI", name="7th Rhode Island", strength=4, morale=33, weapon="R",
          source="Raised in 1862.")
    _save(qtbot, form)
    assert not form.isVisible()
    item = window.oob_palette.item_of("US-7RI")
    assert item is not None and item.parent() is not None
    assert item.parent().text(0) == "Nagle's Brigade"  # type: ignore[union-attr]
    reloaded = load_counters(_counters_file(demo))["US-7RI"]
    assert (reloaded.name, reloaded.strength, reloaded.morale, reloaded.weapon,
            reloaded.brigade, reloaded.source) == ("7th Rhode Island", 4, 33, SmallArms.R,
                                                   "Nagle's Brigade", "Raised in 1862.")
    assert "US-7RI" in window.doc.oob  # type: ignore[union-attr]  # placeable at once
    window.undo_stack.undo()
    assert window.oob_palette.item_of("US-7RI") is None
    window.save()  # the undone unit leaves the file too
    assert "US-7RI" not in load_counters(_counters_file(demo))


def test_an_invalid_morale_is_refused_and_nothing_is_written(
        qtbot: QtBot, window: EditorWindow, demo: Path) -> None:
    before = _counters_file(demo).read_bytes()
    _menu_action(window, "Nagle's Brigade", "New unit…")
    form = window.unit_editing.form
    assert form is not None
    _fill(form, id="US-7RI", name="7th Rhode Island", strength=4, morale=37, weapon="R")
    _save(qtbot, form)
    assert form.isVisible()
    assert form.errors.text() == ("morale: 37 is not a d66 value (two digits, each 1 to 6, "
                                  "such as 35 or 42)")
    assert _counters_file(demo).read_bytes() == before
    assert window.undo_stack.count() == 0
    form.reject()


def test_edit_a_unit_rewrites_only_its_changed_field(
        qtbot: QtBot, window: EditorWindow, demo: Path) -> None:
    before = _counters_file(demo).read_text(encoding="utf-8")
    _menu_action(window, "US-9NH", "Edit unit…")
    form = window.unit_editing.form
    assert form is not None
    assert form.kind.currentText() == "infantry"
    morale = form.fields["morale"]
    assert isinstance(morale, QSpinBox) and morale.value() == 26
    morale.setValue(36)
    _save(qtbot, form)
    after = _counters_file(demo).read_text(encoding="utf-8")
    assert after == before.replace("                    morale: 26\n",
                                   "                    morale: 36\n")
    assert window.doc is not None and window.doc.oob["US-9NH"].morale == 36


def test_a_placed_unit_cannot_be_removed(window: EditorWindow) -> None:
    _menu_action(window, "US-9NH", "Remove unit")
    assert "placed in the scenario" in window.message.text()
    assert window.oob_palette.item_of("US-9NH") is not None
