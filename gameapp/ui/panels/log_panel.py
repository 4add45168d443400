"""The game log: every action taken, oldest first, as the engine recorded it (turn, phase, side
and the action's notation), each followed by what it did when there is more to say (a fire's
roll and result, casualties, each morale check, indented and in grey). Redrawn from `game.log`
and the controller's notes whenever the state changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from gameapp.core.dice import Roll
from gameapp.core.engine import LogEntry

NOTE_INDENT = "    "
NOTE_INK = QColor("#555555")


def log_line(entry: LogEntry) -> str:
    side = f"{entry.side.label} " if entry.side is not None else ""
    rolls = f"  [rolled {', '.join(_roll(r) for r in entry.rolls)}]" if entry.rolls else ""
    return f"T{entry.turn} {side}{entry.phase.value}: {entry.action}{rolls}"


def _roll(roll: Roll) -> str:
    """'63 (fire at 0604)': the d66 reading of two dice, the dice of any other throw."""
    value = roll.d66 if len(roll.dice) == 2 else "+".join(str(d) for d in roll.dice)
    return f"{value} ({roll.purpose})"


class LogPanel(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(80)

    def show_log(self, entries: Sequence[LogEntry],
                 notes: Mapping[int, Sequence[str]] | None = None) -> None:
        """The entries, each followed by its notes (what it did), if any."""
        rows: list[tuple[str, bool]] = []
        for i, entry in enumerate(entries):
            rows.append((log_line(entry), False))
            rows += [(NOTE_INDENT + line, True) for line in (notes or {}).get(i, ())]
        if [text for text, _ in rows] == self.lines():
            return
        self.clear()
        for text, is_note in rows:
            item = QListWidgetItem(text)
            if is_note:
                item.setForeground(NOTE_INK)
            self.addItem(item)
        self.scrollToBottom()

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]
