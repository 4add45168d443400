"""The strategic editor's schedule and victory docks: the reinforcements, withdrawals and leader
events by week, with a form for the entry selected (its fields from the schema, as the piece
form), and the victory places in a table edited in place. They only show and ask; the
StrategicEditor turns their signals into edits of gameapp/editor/strategic_schedule.py and
strategic_victory.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gameapp.editor.strategic_fields import FieldSpec
from gameapp.editor.strategic_schedule import KIND, LISTS, SIDES, ScheduleRow
from gameapp.editor.strategic_victory import VictoryPlaceRow
from gameapp.ui.rulesets.strategic.editor_panel import Editor, field_editor, field_value

KEY_ROLE = Qt.ItemDataRole.UserRole
Fixed, Stretch = QHeaderView.ResizeMode.Interactive, QHeaderView.ResizeMode.Stretch
SCHEDULE_COLUMNS = ("Week", "Side", "Kind", "What", "At")
VICTORY_COLUMNS = (("place", "Place"), ("hex", "Hex"), ("points", "Points"),
                   ("sudden_death", "Sudden death"), ("why", "Why"))


def _table(columns: Sequence[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(columns))
    table.horizontalHeader().setStretchLastSection(True)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    return table


def _error_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet("color: #b01515")
    return label


class SchedulePanel(QWidget):
    entry_chosen = Signal(str, int)  # list, index
    add_requested = Signal(str, int, str)  # list, week, side
    remove_requested = Signal(str, int)
    fields_applied = Signal(str, int, object)  # list, index, {field: value}
    at_from_map = Signal()  # put the hex selected on the map in the form's `at`

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = _table(SCHEDULE_COLUMNS, "schedule_table")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        for column, mode in enumerate((Fixed, Fixed, Fixed, Stretch, Fixed)):
            header.setSectionResizeMode(column, mode)
        for column, width in ((0, 44), (1, 86), (2, 92), (4, 120)):
            self.table.setColumnWidth(column, width)
        self.table.setWordWrap(False)
        self.table.currentCellChanged.connect(self._current)
        self.week = QSpinBox()
        self.week.setObjectName("schedule_new_week")
        self.week.setPrefix("week ")
        self.side = QComboBox()
        self.side.setObjectName("schedule_new_side")
        self.side.addItems(list(SIDES))
        self.add_buttons: dict[str, QPushButton] = {}
        new = QHBoxLayout()
        new.addWidget(QLabel("New:"))
        new.addWidget(self.week)
        new.addWidget(self.side)
        for kind in LISTS:
            button = QPushButton(KIND[kind])
            button.setObjectName(f"schedule_add_{kind}")
            button.setToolTip(f"Add a {KIND[kind]} in that week for that side"
                              + (", arriving at the hex selected on the map"
                                 if kind == "reinforcements" else ""))
            button.clicked.connect(lambda _=False, k=kind: self.add_requested.emit(
                k, self.week.value(), self.side.currentText()))
            new.addWidget(button)
            self.add_buttons[kind] = button
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("schedule_remove")
        self.remove_button.clicked.connect(self._remove)
        new.addWidget(self.remove_button)
        new.addStretch(1)
        self.form_box = QGroupBox("Entry")
        self.form = QFormLayout(self.form_box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form_box)
        self.error = _error_label("schedule_error")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.table, 3)
        layout.addLayout(new)
        layout.addWidget(scroll, 2)
        layout.addWidget(self.error)
        self.rows: list[ScheduleRow] = []
        self.editors: dict[str, Editor] = {}
        self.shown: dict[str, Any] = {}
        self.entry: tuple[str, int] | None = None

    # --- the list ---------------------------------------------------------------------------
    def show_rows(self, rows: list[ScheduleRow], turns: int,
                  selected: tuple[str, int] | None) -> None:
        self.rows = list(rows)
        self.week.setRange(1, turns)
        self.table.blockSignals(True)
        self.table.setRowCount(len(rows))
        for n, row in enumerate(rows):
            week = str(row.week) if row.week is not None else "?"
            for column, text in enumerate((week, row.side, KIND[row.kind], row.words, row.at)):
                item = QTableWidgetItem(text)
                item.setToolTip(row.words)
                item.setData(KEY_ROLE, (row.kind, row.index))
                self.table.setItem(n, column, item)
            if (row.kind, row.index) == selected:
                self.table.selectRow(n)
        if selected is None:
            self.table.clearSelection()
        self.table.blockSignals(False)

    def _current(self, row: int, *_: int) -> None:
        if 0 <= row < len(self.rows):
            self.entry_chosen.emit(self.rows[row].kind, self.rows[row].index)

    def _remove(self) -> None:
        if self.entry is not None:
            self.remove_requested.emit(*self.entry)

    # --- the form ---------------------------------------------------------------------------
    def show_entry(self, kind: str, index: int, fields: Sequence[FieldSpec],
                   values: dict[str, Any], ids: Sequence[str]) -> None:
        """The form of one entry: its fields (a piece field offers the scenario's ids)."""
        self.clear_form()
        self.entry = (kind, index)
        week = values.get("week")
        self.form_box.setTitle(f"{KIND[kind].capitalize()} of week {week}")
        for spec in fields:
            names = ids if spec.key in ("unit", "by", "replaces", "with") else ()
            editor = field_editor(spec, values.get(spec.key), names)
            if spec.key == "week":
                assert isinstance(editor, QSpinBox)
                editor.setMaximum(self.week.maximum())
            editor.setObjectName(f"schedule_{spec.key}")
            editor.setToolTip(spec.description)
            self.editors[spec.key] = editor
            self.form.addRow(spec.key, editor)
            if spec.key == "at":
                pick = QPushButton("at ← the hex selected on the map")
                pick.setObjectName("schedule_at_from_map")
                pick.clicked.connect(self.at_from_map)
                self.form.addRow(pick)
        self.shown = self.values()
        apply = QPushButton("Apply")
        apply.setObjectName("schedule_apply")
        apply.clicked.connect(self.apply)
        self.form.addRow(apply)

    def set_at(self, text: str) -> None:
        editor = self.editors.get("at")
        if isinstance(editor, QLineEdit):
            editor.setText(text)

    def clear_form(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.editors, self.shown, self.entry = {}, {}, None
        self.form_box.setTitle("Entry")

    def values(self) -> dict[str, Any]:
        return {key: field_value(editor) for key, editor in self.editors.items()}

    def changed(self) -> dict[str, Any]:
        return {k: v for k, v in self.values().items() if self.shown.get(k) != v}

    def apply(self) -> None:
        if self.entry is not None:
            self.fields_applied.emit(*self.entry, self.changed())

    def show_error(self, text: str) -> None:
        self.error.setText(text)


class VictoryPanel(QWidget):
    add_requested = Signal()  # at the hex selected on the map
    remove_requested = Signal(int)
    change_requested = Signal(int, str, object)  # index, field, value
    place_chosen = Signal(object)  # its Hex

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = _table([label for _, label in VICTORY_COLUMNS], "victory_table")
        self.table.itemChanged.connect(self._changed)
        self.table.currentCellChanged.connect(self._current)
        self.add_button = QPushButton("Add at the hex selected")
        self.add_button.setObjectName("victory_add")
        self.add_button.clicked.connect(self.add_requested)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("victory_remove")
        self.remove_button.clicked.connect(self._remove)
        self.error = _error_label("victory_error")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.error)
        self.rows: list[VictoryPlaceRow] = []
        self._filling = False

    def show_rows(self, rows: list[VictoryPlaceRow]) -> None:
        self.rows = list(rows)
        self._filling = True
        self.table.setRowCount(len(rows))
        for n, row in enumerate(rows):
            values = (row.place, row.hex_id, "" if row.points is None else str(row.points),
                      "", row.why)
            for column, ((key, _), text) in enumerate(zip(VICTORY_COLUMNS, values,
                                                          strict=True)):
                item = QTableWidgetItem(text)
                item.setData(KEY_ROLE, row.index)
                if key == "sudden_death":
                    item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
                                  | Qt.ItemFlag.ItemIsSelectable)
                    item.setCheckState(Qt.CheckState.Checked if row.sudden_death
                                       else Qt.CheckState.Unchecked)
                if key == "why":
                    item.setToolTip(row.why)
                self.table.setItem(n, column, item)
        self._filling = False

    def show_error(self, text: str) -> None:
        self.error.setText(text)

    def _changed(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        key = VICTORY_COLUMNS[item.column()][0]
        value: Any = item.text().strip()
        if key == "sudden_death":
            value = item.checkState() == Qt.CheckState.Checked
        elif key == "points":
            value = int(value) if value.isdigit() else value
        self.change_requested.emit(int(item.data(KEY_ROLE)), key, value)

    def _current(self, row: int, *_: int) -> None:
        if 0 <= row < len(self.rows) and self.rows[row].hex is not None:
            self.place_chosen.emit(self.rows[row].hex)

    def _remove(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.rows):
            self.remove_requested.emit(self.rows[row].index)
