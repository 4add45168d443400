"""The unit-definition form: one counter of the counters file, new or changed. The fields shown
are the counters schema's fields for the chosen kind (a leader has ratings, a battery a gun
code); "Save unit" asks the counters document for the edit, and a unit it refuses (the schema,
the d66 morale rule, a clashing id) keeps the form open with the reasons listed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.units import UnitKind
from gameapp.core.yamlsource import JsonPath
from gameapp.editor.counters_doc import CountersDocument, UnitError, fields_of, unit_schema
from gameapp.editor.edits import Edit

KINDS = (UnitKind.INFANTRY, UnitKind.CAVALRY, UnitKind.ARTILLERY, UnitKind.LEADER)
LABELS = {"id": "Id", "name": "Name", "strength": "SPs", "morale": "Morale (d66)",
          "weapon": "Weapon", "gun": "Gun code", "fire_power": "Fire power per SP",
          "horse": "Horse artillery", "detachment": "Detachment", "regular": "Regular (U.S.)",
          "morale_bonus": "Morale bonus", "command": "Command rating", "source": "Source note"}
ERROR_STYLE = "color: #b00020;"


class UnitForm(QDialog):
    """New (under `formation`) or edit (`unit_id`): `edit_ready` carries the checked edit."""

    edit_ready = Signal(object)  # Edit

    def __init__(self, counters: CountersDocument, *, formation: JsonPath = (),
                 unit_id: str = "", in_use: set[str] | frozenset[str] = frozenset(),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.counters = counters
        self.in_use = in_use  # the counters the scenario places (they keep their ids)
        self.formation = formation
        self.unit_id = unit_id
        found = counters.find(unit_id) if unit_id else None
        self.setWindowTitle(f"Edit unit {unit_id}" if found else "New unit")
        self.kind = QComboBox()
        self.kind.addItems([k.value for k in KINDS])
        self.fields: dict[str, QWidget] = {}
        self._form = QFormLayout()
        self._form.addRow("Type", self.kind)
        for key in _all_fields():
            widget = self._widget(key)
            self.fields[key] = widget
            self._form.addRow(LABELS.get(key, key), widget)
        self.errors = QLabel()
        self.errors.setStyleSheet(ERROR_STYLE)
        self.errors.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)  # fmt: skip
        buttons.button(QDialogButtonBox.StandardButton.Save).setText("Save unit")
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addLayout(self._form)
        layout.addWidget(self.errors)
        layout.addWidget(buttons)
        self.kind.currentTextChanged.connect(lambda _t: self._show_kind())
        if found is not None:
            self.formation = found.formation_path
            self.kind.setCurrentText(found.kind.value)
            self.set_values(found.fields)
        self._show_kind()

    # --- the widgets --------------------------------------------------------------------------
    def _widget(self, key: str) -> QWidget:
        spec = _spec(key)
        tip = str(spec.get("description", ""))
        widget: QWidget
        if key == "source":
            widget = QPlainTextEdit()
            widget.setMaximumHeight(70)
        elif "enum" in spec:
            widget = QComboBox()
            widget.addItems([str(v) for v in spec["enum"]])
        elif spec.get("type") == "boolean":
            widget = QCheckBox()
        elif spec.get("type") == "number":
            widget = QDoubleSpinBox()
            widget.setRange(0.0, 10.0)
            widget.setSingleStep(0.25)
            widget.setValue(1.0)
        elif spec.get("type") == "integer":
            widget = QSpinBox()
            # the range lets a wrong value be typed, so that the check can say why it is wrong
            widget.setRange(0, 99)
        else:
            widget = QLineEdit()
        widget.setToolTip(tip)
        return widget

    def _show_kind(self) -> None:
        wanted = set(fields_of(self.current_kind()))
        for key, widget in self.fields.items():
            self._form.setRowVisible(widget, key in wanted)

    def current_kind(self) -> UnitKind:
        return UnitKind(self.kind.currentText())

    # --- values -------------------------------------------------------------------------------
    def set_values(self, values: dict[str, Any]) -> None:
        for key, value in values.items():
            widget = self.fields.get(key)
            if isinstance(widget, QPlainTextEdit):
                widget.setPlainText(str(value))
            elif isinstance(widget, QComboBox):
                widget.setCurrentText(str(value))
            elif isinstance(widget, QCheckBox):
                widget.setChecked(value is True)
            elif isinstance(widget, QDoubleSpinBox) and isinstance(value, int | float):
                widget.setValue(float(value))
            elif isinstance(widget, QSpinBox) and isinstance(value, int):
                widget.setValue(value)
            elif isinstance(widget, QLineEdit):
                widget.setText(str(value))

    def values(self) -> dict[str, Any]:
        """The fields of the chosen kind as the form holds them (empty texts left out)."""
        found: dict[str, Any] = {}
        for key in fields_of(self.current_kind()):
            widget = self.fields[key]
            if isinstance(widget, QPlainTextEdit):
                found[key] = widget.toPlainText().strip()
            elif isinstance(widget, QComboBox):
                found[key] = widget.currentText()
            elif isinstance(widget, QCheckBox):
                found[key] = widget.isChecked()
            elif isinstance(widget, QDoubleSpinBox):
                found[key] = round(widget.value(), 2)
            elif isinstance(widget, QSpinBox):
                found[key] = widget.value()
            elif isinstance(widget, QLineEdit):
                found[key] = widget.text().strip()
        return found

    # --- saving -------------------------------------------------------------------------------
    def save(self) -> Edit | None:
        """Check the unit and hand on its edit; a refused unit lists the reasons and stays."""
        kind, values = self.current_kind(), self.values()
        try:
            if self.unit_id:
                edit = self.counters.edit_unit(self.unit_id, kind, values, self.in_use)
            else:
                edit = self.counters.add_unit(self.formation, kind, values)
        except UnitError as error:
            self.errors.setText("\n".join(error.messages))
            return None
        self.errors.setText("")
        self.edit_ready.emit(edit)
        self.accept()
        return edit


def _all_fields() -> list[str]:
    """Every kind's fields, the source note last."""
    seen: list[str] = []
    for kind in KINDS:
        seen += [f for f in fields_of(kind) if f not in seen]
    return sorted(seen, key=lambda f: f == "source")


def _spec(key: str) -> dict[str, Any]:
    for kind in KINDS:
        properties = unit_schema(kind)["properties"]
        if key in properties:
            return dict(properties[key])
    return {}
