"""The reinforcements table: one row per arriving group (turn, entry hex, facing, counters).
Cells are edited in place; "Add" makes a group of the counters selected in the palette."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gameapp.editor.scenario_doc import ReinforcementGroup

COLUMNS = (("turn", "Turn"), ("hex", "Entry hex"), ("facing", "Facing"), ("units", "Counters"))
INDEX_ROLE = Qt.ItemDataRole.UserRole


class ReinforcementsPanel(QWidget):
    add_requested = Signal()
    remove_requested = Signal(int)  # group index
    change_requested = Signal(int, str, object)  # group index, key, new value
    hex_chosen = Signal(object)  # Hex: a row was selected

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([label for _, label in COLUMNS])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.itemChanged.connect(self._changed)
        self.table.currentCellChanged.connect(self._current)
        self.add_button = QPushButton("Add from palette selection")
        self.add_button.setToolTip("A new group of the counters selected in the palette, "
                                   "entering at the selected hex")
        self.add_button.clicked.connect(self.add_requested)
        self.remove_button = QPushButton("Remove group")
        self.remove_button.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self._groups: list[ReinforcementGroup] = []
        self._filling = False

    def show_groups(self, groups: list[ReinforcementGroup]) -> None:
        self._groups = list(groups)
        self._filling = True
        self.table.setRowCount(len(groups))
        for row, group in enumerate(groups):
            values = (str(group.turn), group.hex_id, str(group.facing), ", ".join(group.unit_ids))
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(INDEX_ROLE, group.index)
                self.table.setItem(row, column, item)
        self._filling = False

    def rows(self) -> list[list[str]]:
        return [[_text(self.table.item(r, c)) for c in range(len(COLUMNS))]
                for r in range(self.table.rowCount())]

    def _changed(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        key = COLUMNS[item.column()][0]
        index = int(item.data(INDEX_ROLE))
        text = item.text().strip()
        value: Any = text
        if key == "turn":
            value = int(text) if text.lstrip("-").isdigit() else text
        elif key == "units":
            value = [u for u in text.replace(",", " ").split() if u]
        self.change_requested.emit(index, key, value)

    def _current(self, row: int, *_: int) -> None:
        if 0 <= row < len(self._groups) and self._groups[row].hex is not None:
            self.hex_chosen.emit(self._groups[row].hex)

    def _remove(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self._groups):
            self.remove_requested.emit(self._groups[row].index)


def _text(item: QTableWidgetItem | None) -> str:
    return item.text() if item is not None else ""
