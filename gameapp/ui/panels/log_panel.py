"""The game log, turn by turn: each turn headed by its number, clock time and light, then every
action taken in it, oldest first, as the engine recorded it (side, phase, the action's notation
and the dice it rolled), each followed by what it did when there is more to say (a fire's roll
and result, casualties, each morale check, in grey). Redrawn from `game.log` and the
controller's notes whenever the state changes.

Clicking an action asks to see the board as it was just after it (`position_chosen(n)`, n being
the number of actions applied); clicking a turn's heading, as it was when the turn began. The
position being viewed is marked (`set_viewing`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from gameapp.core.dice import Roll
from gameapp.core.engine import LogEntry
from gameapp.core.scenario import Light, TurnClock
from gameapp.present.labels import light_word

NOTE_INDENT = "    "
NOTE_INK = QColor("#555555")
WHY = "why: "  # a computer's reason for its action, the first note under it
POSITION = Qt.ItemDataRole.UserRole  # the number of actions applied at this row
TURN = Qt.ItemDataRole.UserRole + 1  # a heading's turn
VIEWED = QColor("#ffe9a8")
# the heading's background by the light of the turn
LIGHT_TINTS: dict[Light, QColor] = {
    Light.DAWN: QColor("#f6e3cf"),
    Light.DAY: QColor("#eef0e6"),
    Light.DUSK: QColor("#eed9c8"),
    Light.TWILIGHT: QColor("#d9d6e6"),
    Light.NIGHT: QColor("#c5c9d9"),
}


def log_line(entry: LogEntry) -> str:
    """'Union fire: fire US-DPA 1812  [rolled 66 (fire at 1812), 65 (morale CS-15GA)]'."""
    side = f"{entry.side.label} " if entry.side is not None else ""
    rolls = f"  [rolled {', '.join(_roll(r) for r in entry.rolls)}]" if entry.rolls else ""
    return f"{side}{entry.phase.value}: {entry.notation}{rolls}"


def turn_heading(turn: int, clock: TurnClock | None) -> str:
    """'Turn 3 · 3:40 pm · daylight'; a clock without light (the strategic game's weeks):
    'Turn 3 · week of 15 Mar 1862'."""
    if clock is None:
        return f"Turn {turn}"
    if not isinstance(clock, TurnClock):
        return f"Turn {turn} · {clock.time_of(turn)}"
    return f"Turn {turn} · {clock.time_of(turn)} · {light_word(clock.light_of(turn))}"


def _roll(roll: Roll) -> str:
    """'63 (fire at 0604)': the d66 reading of two dice, the dice of any other throw."""
    value = roll.d66 if len(roll.dice) == 2 else "+".join(str(d) for d in roll.dice)
    return f"{value} ({roll.purpose})"


class WrappingRows(QStyledItemDelegate):
    """Row heights for wrapped text: Qt's tree asks a row's size without the width it will
    have, so a long line would stay one line high; here the width is the row's own."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self._tree = tree

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        depth, parent = 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        width = self._tree.viewport().width() - self._tree.indentation() * (depth + 1) - 8
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font if isinstance(font, QFont) else option.font)
        flags = int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft)
        box = metrics.boundingRect(QRect(0, 0, max(40, width), 100_000), flags, text)
        return QSize(max(40, width), box.height() + 4)


class LogPanel(QTreeWidget):
    position_chosen = Signal(int)  # show the board after this many actions

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(80)
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setIndentation(12)
        # long lines wrap at the panel's edge, never run off under a scroll bar
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header().setStretchLastSection(True)
        self.header().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.setItemDelegate(WrappingRows(self))
        self.clock: TurnClock | None = None
        self._collapsed: set[int] = set()  # turns the player folded away
        self._viewing: int | None = None
        self._shown: tuple[list[LogEntry], dict[int, Sequence[str]]] = ([], {})
        self._items: list[tuple[QTreeWidgetItem, int]] = []  # every row and its depth, in order
        self._reasons: Mapping[int, str] = {}  # log index -> why the computer took that action
        self.itemClicked.connect(self._clicked)
        self.itemCollapsed.connect(lambda item: self._folded(item, True))
        self.itemExpanded.connect(lambda item: self._folded(item, False))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.scheduleDelayedItemsLayout()  # the rows wrap anew at the new width

    def set_clock(self, clock: TurnClock | None) -> None:
        """The scenario's clock, for the time and light of each turn's heading."""
        if clock != self.clock:
            self.clock = clock
            self.show_log(*self._shown)

    def set_reasons(self, reasons: Mapping[int, str]) -> None:
        """Why the computer took each of its actions, by log index (the mapping is kept and
        read at each redraw): shown first under the action, "why: ..."."""
        self._reasons = reasons
        self.show_log(*self._shown)

    def show_log(self, entries: Sequence[LogEntry],
                 notes: Mapping[int, Sequence[str]] | None = None) -> None:
        """The entries under their turns, each followed by its notes (what it did), if any."""
        self._shown = (list(entries), dict(notes or {}))
        rows = self._rows(entries, notes or {})
        if [text for text, _, _ in rows] == self.lines():
            return
        self.clear()
        self._items = []
        turn_of = {i: entry.turn for i, entry in enumerate(entries)}
        parents: list[QTreeWidgetItem] = []  # the heading, then the action, being filled
        for text, depth, position in rows:
            item = QTreeWidgetItem([text.strip()])
            item.setData(0, POSITION, position)
            del parents[depth:]
            if depth == 0:
                item.setData(0, TURN, turn_of[position])
                self._style_heading(item)
                self.addTopLevelItem(item)
            else:
                parents[-1].addChild(item)
            if depth == 2:
                item.setForeground(0, NOTE_INK)
                if text.strip().startswith(WHY):
                    font = QFont(item.font(0))
                    font.setItalic(True)
                    item.setFont(0, font)
            parents.append(item)
            self._items.append((item, depth))
        for item, depth in self._items:
            item.setExpanded(depth > 0 or item.data(0, TURN) not in self._collapsed)
        self.set_viewing(self._viewing)
        if self._viewing is None:
            self.scrollToBottom()

    @property
    def shown_notes(self) -> dict[int, Sequence[str]]:
        """The notes last shown, by log index."""
        return dict(self._shown[1])

    def lines(self) -> list[str]:
        """Every row, top to bottom, as text (notes indented)."""
        return [NOTE_INDENT * (depth == 2) + item.text(0) for item, depth in self._items]

    def set_viewing(self, position: int | None) -> None:
        """Mark the row of the position the board shows (None: the live game, no mark)."""
        self._viewing = position
        # a heading means the same position as the action before it: mark the action
        actions = {item.data(0, POSITION) for item, depth in self._items if depth == 1}
        for item, depth in self._items:
            if depth == 2:
                continue
            marked = position is not None and item.data(0, POSITION) == position
            if depth == 0:
                marked = marked and position not in actions
            if marked:
                item.setBackground(0, QBrush(VIEWED))
                self.scrollToItem(item)
            elif depth == 1:
                item.setBackground(0, QBrush())
            else:
                self._style_heading(item)

    # --- inside -----------------------------------------------------------------------------
    def _rows(self, entries: Sequence[LogEntry],
              notes: Mapping[int, Sequence[str]]) -> list[tuple[str, int, int]]:
        """(text, depth, position): headings at depth 0, actions at 1, notes at 2."""
        rows: list[tuple[str, int, int]] = []
        turn: int | None = None
        for i, entry in enumerate(entries):
            if entry.turn != turn:
                turn = entry.turn
                rows.append((turn_heading(turn, self.clock), 0, i))
            rows.append((log_line(entry), 1, i + 1))
            if self._reasons.get(i):
                rows.append((f"{NOTE_INDENT}{WHY}{self._reasons[i]}", 2, i + 1))
            rows += [(NOTE_INDENT + line, 2, i + 1) for line in notes.get(i, ())]
        return rows

    def _style_heading(self, item: QTreeWidgetItem) -> None:
        turn = int(item.data(0, TURN))
        font = QFont(item.font(0))
        font.setBold(True)
        item.setFont(0, font)
        light = self.clock.light_of(turn) if isinstance(self.clock, TurnClock) else Light.DAY
        item.setBackground(0, QBrush(LIGHT_TINTS[light]))

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        position = item.data(0, POSITION)
        if isinstance(position, int):
            self.position_chosen.emit(position)

    def _folded(self, item: QTreeWidgetItem, collapsed: bool) -> None:
        if item.data(0, TURN) is not None:
            turn = int(item.data(0, TURN))
            (self._collapsed.add if collapsed else self._collapsed.discard)(turn)
