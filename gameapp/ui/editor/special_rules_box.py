"""The scenario's special rules in the metadata form: the rules the engine knows (from the
scenario schema, see gameapp/editor/rule_params.py), each with its parameters as fields. A
changed field asks the window for an edit (`edit_requested` carries a function of the scenario
document that builds it); a value the rule cannot take is refused with a message beside it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gameapp.editor.edits import Edit
from gameapp.editor.rule_params import Parameter, known_rules, parameters, parse, shown
from gameapp.editor.scenario_doc import ScenarioDocument

DEFAULT = "(default)"
ERROR_STYLE = "color: #b00020;"
EditBuilder = Callable[[ScenarioDocument], Edit | None]


class SpecialRulesBox(QGroupBox):
    edit_requested = Signal(object)  # EditBuilder

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Special rules", parent)
        self._rules: list[Any] = []
        self._filling = False
        self._shown: tuple[int, str] | None = None  # the rule whose fields are shown
        self.choice = QComboBox()
        self.choice.currentIndexChanged.connect(lambda _i: self._show_parameters())
        self.add_button = QToolButton()
        self.add_button.setText("Add")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        add_menu = QMenu(self.add_button)
        for rule in known_rules():
            action = add_menu.addAction(rule)
            action.triggered.connect(lambda _c=False, r=rule: self.add_rule(r))
        self.add_button.setMenu(add_menu)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self._remove)
        row = QHBoxLayout()
        row.addWidget(self.choice, 1)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        self.fields: dict[str, QWidget] = {}
        self._params = QFormLayout()
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(self._params)
        layout.addWidget(self.error)

    # --- showing ----------------------------------------------------------------------------
    def show_rules(self, rules: list[Any]) -> None:
        self._rules = [r if isinstance(r, dict) else {} for r in rules]
        keep = self.choice.currentIndex()
        self._filling = True
        try:
            self.choice.clear()
            for n, rule in enumerate(self._rules):
                self.choice.addItem(f"{n + 1}. {rule.get('rule', '?')}: {rule.get('name', '')}")
            if self._rules:
                self.choice.setCurrentIndex(min(max(keep, 0), len(self._rules) - 1))
        finally:
            self._filling = False
        self.remove_button.setEnabled(bool(self._rules))
        self._show_parameters()

    def current(self) -> int:
        return self.choice.currentIndex()

    def _show_parameters(self) -> None:
        """Fields for the chosen rule; the same rule shown again only gets its values (the
        field being edited may be the one asking, so it must not be deleted under it)."""
        if self._filling:
            return
        index = self.current()
        rule = self._rules[index] if 0 <= index < len(self._rules) else {}
        shown_now = (index, str(rule.get("rule", "")))
        if shown_now == self._shown and rule:
            self._fill_values(rule)
            return
        self._shown = shown_now
        while self._params.rowCount():
            self._params.removeRow(0)
        self.fields.clear()
        if not rule:
            return
        for parameter in parameters(str(rule.get("rule", ""))):
            widget = self._field(index, parameter, rule.get(parameter.key))
            widget.setToolTip(parameter.description)
            self.fields[parameter.key] = widget
            self._params.addRow(parameter.key, widget)

    def _fill_values(self, rule: dict[str, Any]) -> None:
        self._filling = True
        try:
            for key, widget in self.fields.items():
                value = rule.get(key)
                if isinstance(widget, QCheckBox):
                    widget.setChecked(value is not False)
                elif isinstance(widget, QComboBox):
                    widget.setCurrentText(str(value) if value is not None else DEFAULT)
                elif isinstance(widget, QLineEdit):
                    widget.setText(shown(value))
                    widget.setCursorPosition(0)
        finally:
            self._filling = False

    def _field(self, index: int, parameter: Parameter, value: Any) -> QWidget:
        key = parameter.key
        if parameter.kind == "bool":
            box = QCheckBox()
            box.setChecked(value is not False)  # the loader's default is true
            box.toggled.connect(lambda on: self._set(index, key, on))
            return box
        if parameter.kind == "choice":
            combo = QComboBox()
            combo.addItems([DEFAULT, *parameter.choices])
            combo.setCurrentText(str(value) if value is not None else DEFAULT)
            combo.currentTextChanged.connect(
                lambda t: self._set(index, key, None if t == DEFAULT else t))
            return combo
        edit = QLineEdit(shown(value))
        edit.setCursorPosition(0)  # a long list shows its first ids
        if parameter.kind == "ids":
            edit.setPlaceholderText("unit ids, separated by commas")
        edit.editingFinished.connect(lambda: self._typed(index, parameter, edit.text()))
        return edit

    # --- asking for edits -------------------------------------------------------------------
    def _typed(self, index: int, parameter: Parameter, text: str) -> None:
        if self._filling:
            return
        try:
            value = parse(parameter, text)
        except ValueError as error:
            self.error.setText(str(error))
            return
        self._set(index, parameter.key, value)

    def _set(self, index: int, key: str, value: Any) -> None:
        if self._filling or not 0 <= index < len(self._rules):
            return
        self.error.setText("")
        old = self._rules[index].get(key)
        if (list(old) if isinstance(old, list) else old) == value:
            return
        self._ask(lambda doc: doc.set_rule_parameter(index, key, value))

    def add_rule(self, rule: str) -> None:
        def build(doc: ScenarioDocument) -> Edit | None:
            return doc.add_special_rule(rule)

        self._ask(build, select=len(self._rules))

    def _remove(self) -> None:
        index = self.current()
        if 0 <= index < len(self._rules):
            self._ask(lambda doc: doc.remove_special_rule(index), select=max(index - 1, 0))

    def _ask(self, build: EditBuilder, select: int | None = None) -> None:
        self.edit_requested.emit(build)
        if select is not None and 0 <= select < self.choice.count():
            self.choice.setCurrentIndex(select)
