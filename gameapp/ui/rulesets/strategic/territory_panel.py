"""The strategic editor's territory dock: which side holds each hex at the start (3.23). The
default side, a paint tool for each side (click a hex, or drag from corner to corner for a box),
the territory tinted on the map, and each side's entries (hexes and boxes) listed, to go to or
remove. It only shows and asks; the StrategicEditor turns its signals into edits of
gameapp/editor/strategic_territory.py."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gameapp.editor.strategic_territory import SIDE_WORDS, SIDES, TerritoryEntry
from gameapp.ui.rulesets.strategic.schedule_panel import KEY_ROLE, _error_label, _table

COLUMNS = ("Side", "Hex or box", "Hexes")
FILLS = {"union": "#552f5fb0", "confederate": "#40a04040"}  # the map's tint, by side
FRONTIER = "#1d3f8a"  # the line between the sides


class TerritoryPanel(QWidget):
    default_chosen = Signal(str)  # a side
    painting_changed = Signal()  # a paint tool armed or put down
    shown_changed = Signal(bool)
    entry_chosen = Signal(object)  # the first Hex of the entry
    remove_requested = Signal(str, int)  # side, index

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.default = QComboBox()
        self.default.setObjectName("territory_default")
        for side in SIDES:
            self.default.addItem(SIDE_WORDS[side], side)
        self.default.setToolTip("The side that holds every hex no list names")
        self.default.activated.connect(
            lambda n: self.default_chosen.emit(self.default.itemData(n)))
        self.paint_buttons: dict[str, QPushButton] = {}
        self.paint_group = QButtonGroup(self)
        self.paint_group.setExclusive(False)
        paint = QHBoxLayout()
        paint.addWidget(QLabel("Paint:"))
        for side in SIDES:
            button = QPushButton(SIDE_WORDS[side])
            button.setObjectName(f"territory_paint_{side}")
            button.setCheckable(True)
            button.setToolTip(f"Click a hex to make it {SIDE_WORDS[side]} at the start; drag "
                              "from a hex to another for the whole box between them")
            button.toggled.connect(lambda on, s=side: self._armed(s, on))
            self.paint_group.addButton(button)
            paint.addWidget(button)
            self.paint_buttons[side] = button
        paint.addStretch(1)
        self.show_box = QCheckBox("Show the territory on the map")
        self.show_box.setObjectName("territory_show")
        self.show_box.toggled.connect(self.shown_changed)
        self.counts = QLabel()
        self.counts.setObjectName("territory_counts")
        self.counts.setWordWrap(True)
        self.table = _table(COLUMNS, "territory_table")
        self.table.setEditTriggers(self.table.EditTrigger.NoEditTriggers)
        self.table.currentCellChanged.connect(self._current)
        self.remove_button = QPushButton("Remove the entry")
        self.remove_button.setObjectName("territory_remove")
        self.remove_button.setToolTip("Its hexes go back to the default side")
        self.remove_button.clicked.connect(self._remove)
        self.error = _error_label("territory_error")
        top = QHBoxLayout()
        top.addWidget(QLabel("Every hex not listed:"))
        top.addWidget(self.default)
        top.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addLayout(paint)
        layout.addWidget(self.show_box)
        layout.addWidget(self.counts)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.error)
        self.entries: list[TerritoryEntry] = []

    def painting(self) -> str | None:
        """The side the paint tool is armed for, or None."""
        return next((s for s, b in self.paint_buttons.items() if b.isChecked()), None)

    def stop_painting(self) -> None:
        for button in self.paint_buttons.values():
            button.setChecked(False)

    def _armed(self, side: str, on: bool) -> None:
        if on:
            for other, button in self.paint_buttons.items():
                if other != side:
                    button.setChecked(False)
            self.show_box.setChecked(True)  # see what is painted
        self.painting_changed.emit()

    def show_territory(self, default: str | None, entries: Sequence[TerritoryEntry],
                       held: dict[str, int]) -> None:
        """The default side, the entries, and how many hexes each side holds."""
        self.default.blockSignals(True)
        self.default.setCurrentIndex(SIDES.index(default) if default in SIDES else -1)
        self.default.blockSignals(False)
        self.entries = list(entries)
        words = [f"{SIDE_WORDS[side]} {held.get(side, 0)} hexes"
                 + (" (the default)" if side == default else
                    f" in {sum(e.side == side for e in entries)} entries") for side in SIDES]
        self.counts.setText(", ".join(words) if default else
                            "No default side yet: choose the side that holds every hex no list "
                            "names.")
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.entries))
        for n, entry in enumerate(self.entries):
            size = str(len(entry.hexes)) if entry.hexes else "not on the map"
            for column, text in enumerate((SIDE_WORDS[entry.side], entry.text, size)):
                item = QTableWidgetItem(text)
                item.setData(KEY_ROLE, (entry.side, entry.index))
                self.table.setItem(n, column, item)
        self.table.blockSignals(False)

    def show_error(self, text: str) -> None:
        self.error.setText(text)

    def _current(self, row: int, *_: int) -> None:
        if 0 <= row < len(self.entries) and self.entries[row].hexes:
            self.entry_chosen.emit(self.entries[row].hexes[0])

    def _remove(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.entries):
            self.remove_requested.emit(self.entries[row].side, self.entries[row].index)
