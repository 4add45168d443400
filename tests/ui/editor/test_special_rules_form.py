"""The special rules in the metadata form: the rules the engine knows, their parameters as fields.
An edit of Slaughter Mountain's release rule rewrites one line, saves and loads in the game; a
new rule on the demo takes its parameters; a value the schema refuses is not written."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from gameapp.core.scenario import load_scenario
from gameapp.core.specialrules import HeldUntilReleased
from gameapp.ui.editor import EditorWindow
from tests.editor.demo_files import copy_demo

COMMENT = "# 6:00 pm: Jackson's general advance as Hill's brigades go in"
ROOT = Path(__file__).resolve().parents[3]


def _window(qtbot: QtBot, path: Path) -> EditorWindow:
    window = EditorWindow(path)
    window.ask_before_closing = False
    qtbot.addWidget(window)
    return window


def _type(field: object, text: str) -> None:
    assert isinstance(field, QLineEdit)
    field.setText(text)
    field.editingFinished.emit()


def _changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                  lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def test_the_release_rule_s_turn_round_trips(qtbot: QtBot, tmp_path: Path) -> None:
    for folder, name in (("scenarios", "slaughter_mountain.yaml"), ("maps", "cedar_mountain.yaml"),
                         ("counters", "cedar_mountain.yaml")):
        (tmp_path / folder).mkdir()
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    path = tmp_path / "scenarios" / "slaughter_mountain.yaml"
    before = path.read_text(encoding="utf-8")
    window = _window(qtbot, path)
    box = window.metadata_form.special_rules
    assert box.choice.count() == 2
    box.choice.setCurrentIndex(1)
    assert list(box.fields) == ["name", "case", "units", "may_fire", "release_turn",
                                "release_hexrow", "released_by"]
    assert box.fields["may_fire"].text() == "CS-Latimer, CS-Terry"  # type: ignore[attr-defined]
    _type(box.fields["release_turn"], "9")
    assert _changed_lines(before, window.doc.doc.text()) == [  # type: ignore[union-attr]
        "-    release_turn: 10        " + COMMENT,
        "+    release_turn: 9         " + COMMENT,
    ]
    assert window.save()
    rule = next(r for r in load_scenario(path).special_rules if isinstance(r, HeldUntilReleased))
    assert rule.release_turn == 9 and rule.release_hexrow == "29"
    assert len(rule.units) == 11  # the wrapped list of held units kept every id
    again = _window(qtbot, path)
    again.metadata_form.special_rules.choice.setCurrentIndex(1)
    field = again.metadata_form.special_rules.fields["release_turn"]
    assert isinstance(field, QLineEdit) and field.text() == "9"


def test_a_new_rule_with_its_parameters_and_a_refused_value(
        qtbot: QtBot, tmp_path: Path) -> None:
    path = copy_demo(tmp_path)
    window = _window(qtbot, path)
    box = window.metadata_form.special_rules
    assert box.choice.count() == 0
    box.add_rule("held_until_released")
    assert box.choice.currentText() == "1. held_until_released: Held until released"
    _type(box.fields["units"], "CS-50GA, CS-51GA")
    _type(box.fields["release_hexrow"], "2x")  # not two digits: refused
    assert box.error.text().startswith("release_hexrow: '2x' does not fit")
    _type(box.fields["release_hexrow"], "19")
    released_by = box.fields["released_by"]
    assert isinstance(released_by, QComboBox)
    released_by.setCurrentText("union")
    text = window.doc.doc.text()  # type: ignore[union-attr]
    assert text.endswith("special_rules:\n"
                         "  - rule: held_until_released\n"
                         "    name: Held until released\n"
                         "    units: [CS-50GA, CS-51GA]\n"
                         '    release_hexrow: "19"\n'
                         "    released_by: union\n")
    assert window.validate() == []
    box.add_rule("leader_falls")
    optional = box.fields["optional"]
    assert isinstance(optional, QCheckBox) and optional.isChecked()  # the loader's default
    for _ in range(window.undo_stack.count()):
        window.undo_stack.undo()
    assert window.doc.doc.text() == path.read_text(encoding="utf-8")  # type: ignore[union-attr]
