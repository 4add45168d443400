"""The strategic editor's dock: the palette of pieces to place (for the side chosen), the stack
in the hex selected, and the form of the piece selected, built from the schema's fields
(gameapp/editor/strategic_fields.py), so its spin boxes hold the very bounds the loader checks.
It only shows and asks; the StrategicEditor turns its signals into edits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.rulesets.strategic.pieces import Piece
from gameapp.core.units import Side
from gameapp.editor.strategic_doc import TEMPLATES
from gameapp.editor.strategic_fields import FieldSpec, editable_fields
from gameapp.present.strategic import piece_line

ID_ROLE = Qt.ItemDataRole.UserRole
NO_ROSTER = "(on no roster)"
Editor = QLineEdit | QComboBox | QSpinBox | QCheckBox


class StrategicEditorPanel(QWidget):
    template_chosen = Signal(object)  # a template key, or None: placing off
    piece_chosen = Signal(str)  # a piece id of the stack shown
    fields_applied = Signal(str, object)  # piece id, {field: value}
    roster_chosen = Signal(str, object)  # unit id, HQ id or None
    find_requested = Signal(str)  # words of a piece's id or name

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = QComboBox()
        self.side.setObjectName("strategic_side")
        for side in Side:
            self.side.addItem(side.label, side)
        self.templates = QListWidget()
        self.templates.setObjectName("strategic_palette")
        for template in TEMPLATES:
            item = QListWidgetItem(template.label)
            item.setData(ID_ROLE, template.key)
            self.templates.addItem(item)
        self.templates.itemClicked.connect(self._template_clicked)
        self.hint = QLabel("Pick a piece, then click a hex to place it (Shift+click: place "
                           "more). Drag a stack to move it; Delete removes the piece selected.")
        self.hint.setWordWrap(True)
        self.find_box = QLineEdit()
        self.find_box.setObjectName("strategic_find")
        self.find_box.setPlaceholderText("Find a piece (id or name), Enter: go to it")
        self.find_box.setClearButtonEnabled(True)
        self.find_box.returnPressed.connect(lambda: self.find_requested.emit(self.find_box.text()))
        self.stack = QListWidget()
        self.stack.setObjectName("strategic_stack")
        self.stack.currentItemChanged.connect(self._piece_clicked)
        self.form_box = QGroupBox("Piece")
        self.form = QFormLayout(self.form_box)
        self.error = _error_label()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(QLabel("Side of new pieces"))
        layout.addWidget(self.side)
        layout.addWidget(self.templates, 2)
        layout.addWidget(self.hint)
        layout.addWidget(self.find_box)
        layout.addWidget(QLabel("Stack in the hex selected (top first)"))
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.form_box, 2)
        self.editors: dict[str, Editor] = {}
        self.shown: dict[str, Any] = {}  # the values the form opened with
        self.roster: QComboBox | None = None
        self.piece_id = ""

    # --- the palette ------------------------------------------------------------------------
    @property
    def chosen_side(self) -> Side:
        side: Side = self.side.currentData()
        return side

    def armed(self) -> str | None:
        item = self.templates.currentItem()
        return str(item.data(ID_ROLE)) if item is not None and item.isSelected() else None

    def choose_template(self, key: str | None) -> None:
        """Arm placing `key` (None: placing off)."""
        self.templates.clearSelection()
        for n in range(self.templates.count()):
            item = self.templates.item(n)
            if item is not None and item.data(ID_ROLE) == key:
                self.templates.setCurrentItem(item)
                item.setSelected(True)
        self.template_chosen.emit(key)

    def _template_clicked(self, item: QListWidgetItem) -> None:
        self.template_chosen.emit(self.armed())

    # --- the stack and the form ---------------------------------------------------------------
    def show_stack(self, pieces: Sequence[Piece], selected: str | None) -> None:
        self.stack.blockSignals(True)
        self.stack.clear()
        for piece in pieces:
            item = QListWidgetItem(piece_line(piece))
            item.setToolTip(piece_line(piece))
            item.setData(ID_ROLE, piece.id)
            self.stack.addItem(item)
            if piece.id == selected:
                self.stack.setCurrentItem(item)
        self.stack.blockSignals(False)

    def show_piece(self, piece_id: str, section: str, entry: dict[str, Any],
                   hqs: Sequence[str], hq: str | None, leaders: Sequence[str]) -> None:
        """The form of one piece: its fields, and for a unit its HQ roster."""
        self.clear_form()
        self.piece_id = piece_id
        self.form_box.setTitle(f"Piece {piece_id} ({section})")
        for spec in editable_fields(section):
            editor = field_editor(spec, entry.get(spec.key), leaders if spec.key == "commander"
                             else ())
            editor.setObjectName(f"field_{spec.key}")
            editor.setToolTip(spec.description)
            self.editors[spec.key] = editor
            self.form.addRow(spec.key, editor)
        self.shown = self.values()
        if section in ("divisions", "trains"):
            self.roster = QComboBox()
            self.roster.setObjectName("field_roster")
            self.roster.addItems([NO_ROSTER, *hqs])
            self.roster.setCurrentText(hq or NO_ROSTER)
            self.roster.setToolTip("16.16: a roster's units stand in its HQ's hex; choosing an "
                                   "HQ moves the unit there")
            self.roster.activated.connect(self._roster_changed)
            self.form.addRow("HQ roster", self.roster)
        apply = QPushButton("Apply")
        apply.setObjectName("strategic_apply")
        apply.clicked.connect(self.apply)
        self.form.addRow(apply)
        self.form.addRow(self.error)

    def clear_form(self) -> None:
        self.error.setText("")
        while self.form.rowCount():
            self.form.removeRow(0)  # deletes the row's widgets, the error line's too
        self.error = _error_label()
        self.editors, self.roster, self.piece_id = {}, None, ""
        self.shown = {}
        self.form_box.setTitle("Piece")

    def values(self) -> dict[str, Any]:
        return {key: field_value(editor) for key, editor in self.editors.items()}

    def changed(self) -> dict[str, Any]:
        """The fields the designer changed since the form opened."""
        return {k: v for k, v in self.values().items() if self.shown.get(k) != v}

    def apply(self) -> None:
        if self.piece_id:
            self.fields_applied.emit(self.piece_id, self.changed())

    def show_error(self, text: str) -> None:
        self.error.setText(text)

    def _piece_clicked(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.piece_chosen.emit(str(item.data(ID_ROLE)))

    def _roster_changed(self) -> None:
        if self.roster is not None and self.piece_id:
            text = self.roster.currentText()
            self.roster_chosen.emit(self.piece_id, None if text == NO_ROSTER else text)


def _error_label() -> QLabel:
    label = QLabel()
    label.setObjectName("strategic_field_error")
    label.setWordWrap(True)
    label.setStyleSheet("color: #b01515")
    return label


def field_editor(spec: FieldSpec, value: Any, names: Sequence[str]) -> Editor:
    if spec.kind == "int":
        box = QSpinBox()
        box.setRange(spec.minimum if spec.minimum is not None else -999,
                     spec.maximum if spec.maximum is not None else 999)
        box.setValue(value if isinstance(value, int) else box.minimum())
        return box
    if spec.kind == "flag":
        check = QCheckBox()
        check.setChecked(bool(value))
        return check
    if spec.kind == "choice" or names:
        combo = QComboBox()
        combo.addItems(list(spec.choices) or ["", *names])
        combo.setCurrentText(str(value or ""))
        return combo
    line = QLineEdit(str(value) if value is not None else "")
    if spec.max_length is not None:
        line.setMaxLength(spec.max_length)
    return line


def field_value(editor: Editor) -> Any:
    if isinstance(editor, QSpinBox):
        return editor.value()
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QComboBox):
        return editor.currentText()
    return editor.text()
