"""The scenario's metadata, rules options and special rules as a form. The options come from
the published scenario schema (its enums become choices, its booleans and its list of
line-of-sight conventions checkboxes), so a new option of the rules shows up here without code.
Every change is asked of the window as (path, value); None takes the field out of the file. The
special rules (special_rules_box.py) ask for whole edits (`edit_requested`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.yamlsource import load_schema
from gameapp.ui.editor.special_rules_box import SpecialRulesBox

DEFAULT = "(default)"
Path_ = tuple[str, ...]


class _TextBox(QPlainTextEdit):
    """A multi-line field that reports its text when it loses the focus."""

    finished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.finished.emit()


class MetadataForm(QWidget):
    change_requested = Signal(object, object)  # path tuple, value (None: remove the field)
    edit_requested = Signal(object)  # a function of the ScenarioDocument building an Edit

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._data: dict[str, Any] = {}
        self._filling = False
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self._text(("name",), self.name.text()))
        self.description = _TextBox()
        self.description.setMaximumHeight(90)
        self.description.finished.connect(
            lambda: self._text(("description",), self.description.toPlainText()))
        self.first_side = QComboBox()
        self.first_side.addItems(["union", "confederate"])
        self.first_side.currentTextChanged.connect(lambda t: self._ask(("first_side",), t))
        self.first_turn, self.last_turn, self.minutes = QSpinBox(), QSpinBox(), QSpinBox()
        for box, key in ((self.first_turn, "first"), (self.last_turn, "last"),
                         (self.minutes, "minutes")):
            box.setRange(0 if key == "first" else 1, 200)
            box.valueChanged.connect(lambda v, k=key: self._ask(("turns", k), v))
        self.start = QLineEdit()
        self.start.setPlaceholderText("15:00")
        self.start.editingFinished.connect(
            lambda: self._text(("turns", "start"), self.start.text()))
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Description", self.description)
        form.addRow("First side", self.first_side)
        form.addRow("First turn", self.first_turn)
        form.addRow("Last turn", self.last_turn)
        form.addRow("Start (24 h)", self.start)
        form.addRow("Minutes a turn", self.minutes)
        self.options = QGroupBox("Rules options")
        self._option_form = QFormLayout(self.options)
        self.option_widgets: dict[str, QWidget] = {}
        self.los_boxes: dict[str, QCheckBox] = {}
        self._build_options()
        self.special_rules = SpecialRulesBox()
        self.special_rules.edit_requested.connect(self.edit_requested)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(form)
        layout.addWidget(self.options)
        layout.addWidget(self.special_rules)
        scroll = QScrollArea()  # the special rules' fields make the form taller than the dock
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        layout.addStretch(1)

    def _build_options(self) -> None:
        schema = load_schema("scenario")["properties"]["options"]["properties"]
        for key, spec in schema.items():
            tip = str(spec.get("description", ""))
            if "enum" in spec:
                combo = QComboBox()
                combo.addItems([DEFAULT, *spec["enum"]])
                combo.setToolTip(tip)
                combo.currentTextChanged.connect(lambda t, k=key: self._option(k, t))
                self._option_form.addRow(key, combo)
                self.option_widgets[key] = combo
            elif spec.get("type") == "boolean":
                box = QCheckBox(key)
                box.setToolTip(tip)
                box.toggled.connect(lambda on, k=key: self._ask(("options", k), on))
                self._option_form.addRow(box)
                self.option_widgets[key] = box
            elif spec.get("type") == "array":
                group = QGroupBox(key)
                group.setToolTip(tip)
                column = QVBoxLayout(group)
                for name in spec["items"]["enum"]:
                    box = QCheckBox(name)
                    box.toggled.connect(lambda _on: self._los_changed())
                    column.addWidget(box)
                    self.los_boxes[name] = box
                self._option_form.addRow(group)

    # --- showing ----------------------------------------------------------------------------
    def show_data(self, data: dict[str, Any]) -> None:
        self._data = data
        self._filling = True
        try:
            self.name.setText(str(data.get("name", "")))
            self.description.setPlainText(str(data.get("description", "")).strip())
            self.first_side.setCurrentText(str(data.get("first_side", "union")))
            turns = _mapping(data.get("turns"))
            self.first_turn.setValue(_int(turns.get("first"), 1))
            self.last_turn.setValue(_int(turns.get("last"), 1))
            self.minutes.setValue(_int(turns.get("minutes"), 20))
            self.start.setText(str(turns.get("start", "")))
            options = _mapping(data.get("options"))
            for key, widget in self.option_widgets.items():
                if isinstance(widget, QComboBox):
                    widget.setCurrentText(str(options.get(key, DEFAULT)))
                elif isinstance(widget, QCheckBox):
                    widget.setChecked(options.get(key) is True)
            los = options.get("los")
            los = los if isinstance(los, list) else []
            for name, box in self.los_boxes.items():
                box.setChecked(name in los)
        finally:
            self._filling = False
        rules = data.get("special_rules")
        self.special_rules.show_rules(rules if isinstance(rules, list) else [])

    # --- asking for changes -----------------------------------------------------------------
    def _ask(self, path: Path_, value: Any) -> None:
        if not self._filling and _value_at(self._data, path) != value:
            self.change_requested.emit(path, value)

    def _text(self, path: Path_, text: str) -> None:
        current = _value_at(self._data, path)
        if str(current or "").strip() != text.strip():
            self._ask(path, text.strip() if text.strip() else None)

    def _option(self, key: str, text: str) -> None:
        self._ask(("options", key), None if text == DEFAULT else text)

    def _los_changed(self) -> None:
        chosen = [name for name, box in self.los_boxes.items() if box.isChecked()]
        self._ask(("options", "los"), chosen or None)


def _value_at(data: dict[str, Any], path: Path_) -> Any:
    node: Any = data
    for part in path:
        if not isinstance(node, dict):
            return None
        node = node.get(part)
    if isinstance(node, list):
        return list(node)
    return node


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
