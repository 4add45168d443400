"""The problems panel: every live problem of the scenario; clicking one goes to its hex."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from gameapp.editor.problems import DATA, STACKING, TERRAIN, EditorProblem, HexNames

HEX_ROLE = Qt.ItemDataRole.UserRole
KIND_COLOURS = {STACKING: "#b01515", TERRAIN: "#9a5a00", DATA: "#5a2a8a"}
KIND_LABELS = {STACKING: "Stacking", TERRAIN: "Terrain", DATA: "File"}


class ProblemsPanel(QWidget):
    hex_chosen = Signal(object)  # Hex

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        self.problems: list[EditorProblem] = []

    def show_problems(self, problems: list[EditorProblem], doc: HexNames) -> None:
        self.problems = list(problems)
        self.list.clear()
        for problem in problems:
            item = QListWidgetItem(f"{KIND_LABELS[problem.kind]}: {problem.text(doc)}")
            item.setForeground(QBrush(QColor(KIND_COLOURS[problem.kind])))
            item.setData(HEX_ROLE, problem.hex)
            self.list.addItem(item)
        count = len(problems)
        self.summary.setText("No problems." if not count else
                             f"{count} problem{'s' if count > 1 else ''}; click one to go there.")

    def item_texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _clicked(self, item: QListWidgetItem) -> None:
        h = item.data(HEX_ROLE)
        if h is not None:
            self.hex_chosen.emit(h)
