"""The game log: every action taken, oldest first, as the engine recorded it (turn, phase, side
and the action's notation). Redrawn from `game.log` whenever the state changes."""

from __future__ import annotations

from PySide6.QtWidgets import QListWidget, QWidget

from gameapp.core.engine import LogEntry


def log_line(entry: LogEntry) -> str:
    side = f"{entry.side.label} " if entry.side is not None else ""
    rolls = f"  [rolled {', '.join(str(r) for r in entry.rolls)}]" if entry.rolls else ""
    return f"T{entry.turn} {side}{entry.phase.value}: {entry.action}{rolls}"


class LogPanel(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(80)

    def show_log(self, entries: list[LogEntry]) -> None:
        lines = [log_line(e) for e in entries]
        if lines == [self.item(i).text() for i in range(self.count())]:
            return
        self.clear()
        self.addItems(lines)
        self.scrollToBottom()

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]
