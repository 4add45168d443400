"""The Broken Track panel: the units off the map in Broken Box 1 (their own map edge reached short
of a retreat) and Broken Box 3 (no legal retreat path), from `GameState.broken` (000 15.4), and
how units come back from it under the scenario's `broken_track_return` option. The panel shows
what it is handed; it computes nothing."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from gameapp.core.engine import Game
from gameapp.core.options import RuleOptions
from gameapp.core.rules.retreat import Outcome
from gameapp.core.state import BrokenEntry

BOXES = (Outcome.BROKEN_BOX_1.label, Outcome.BROKEN_BOX_3.label)
BOX_MEANING = {
    Outcome.BROKEN_BOX_1.label: "reached its own map edge short of the retreat",
    Outcome.BROKEN_BOX_3.label: "had no legal retreat path",
}
RETURN_WORDS = {
    "never": "Units on the Broken Track stay off the map for the rest of the game.",
}
COLUMNS = ("Unit", "Side", "SPs", "Since")
EMPTY = "No unit is on the Broken Track."


def return_words(option: str) -> str:
    """What the scenario's `broken_track_return` option means, in a sentence."""
    return RETURN_WORDS.get(option, f"Units come back from the Broken Track by the scenario's "
                                    f"rule '{option}'.")


class BrokenTrackPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setMinimumHeight(80)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.note)
        layout.addWidget(self.tree)
        self.show_track({})

    def show_game(self, game: Game | None) -> None:
        """The Broken Track of `game` (None: no game: an empty track)."""
        if game is None:
            self.show_track({})
            return
        option = RuleOptions.of(game.scenario.options).broken_track_return
        self.show_track(game.state.broken, option)

    def show_track(self, broken: Mapping[str, BrokenEntry], return_option: str = "never") -> None:
        """Each box with its units, in the order they arrived."""
        self.tree.clear()
        entries = sorted(broken.items(), key=lambda item: (item[1].turn, item[0]))
        for box in BOXES:
            units = [(uid, e) for uid, e in entries if e.box == box]
            if not units:
                continue
            head = QTreeWidgetItem([f"{box} ({len(units)}): {BOX_MEANING[box]}"])
            font = head.font(0)
            font.setBold(True)
            head.setFont(0, font)
            self.tree.addTopLevelItem(head)
            head.setFirstColumnSpanned(True)
            for uid, entry in units:
                unit = entry.unit
                self.tree.addTopLevelItem(QTreeWidgetItem([
                    f"{unit.defn.name} ({uid})", unit.side.label, str(unit.strength),
                    f"turn {entry.turn}"]))
        others = [(uid, e) for uid, e in entries if e.box not in BOXES]
        for uid, entry in others:  # a box this panel does not know yet: shown all the same
            self.tree.addTopLevelItem(QTreeWidgetItem([
                f"{entry.unit.defn.name} ({uid}), {entry.box}", entry.unit.side.label,
                str(entry.unit.strength), f"turn {entry.turn}"]))
        self.tree.resizeColumnToContents(1)
        count = len(broken)
        summary = EMPTY if not count else \
            f"{count} unit{'' if count == 1 else 's'} on the Broken Track (000 15.4)."
        self.note.setText(f"{summary} {return_words(return_option)}")

    def rows(self) -> list[str]:
        """Every row as its cells joined by " | " (for tests and screen readers)."""
        out = []
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            assert item is not None
            cells = [item.text(c) for c in range(len(COLUMNS))]
            out.append(" | ".join(c for c in cells if c))
        return out
