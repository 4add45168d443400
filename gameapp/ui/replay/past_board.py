"""PastBoard: the board as it was at one point of a game's history, read-only, under a banner
that says so ("Viewing turn 3, action 5 — read-only"), with what the step changed marked:
the route of a move, hexes units left (dashed grey rings) and entered (amber), and units hit
(red rings). Its board view is wired to nothing that changes a game."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gameapp.core.history import Changes, History, ReplayError
from gameapp.ui.board import BoardScene, BoardView
from gameapp.ui.rulesets.registry import PositionBoard, position_board

LEFT_INK = "#707070"
ENTERED_FILL = "#60ffb000"
HIT_INK = "#d01010"
BANNER_STYLE = ("QFrame#past_banner { background: #fff1c4; border-bottom: 2px solid #c9a227; }"
                " QLabel { color: #4a3b00; }")


def position_text(history: History, index: int) -> str:
    """'Viewing turn 3, action 5 of 12 — read-only' (0: the start of the game)."""
    if index == 0:
        return "Viewing the start of the game — read-only"
    turn, k = history.action_in_turn(index)
    in_turn = sum(1 for e in history.log if e.turn == turn)
    return f"Viewing turn {turn}, action {k} of {in_turn} — read-only"


def step_text(history: History, index: int) -> str:
    """The step's action in words: 'Union fire: fire US-DPA 1812 (rolled 66, 65)'."""
    entry = history.entry(index)
    if entry is None:
        return "the armies as the scenario sets them up"
    side = f"{entry.side.label} " if entry.side is not None else ""
    dice = [str(r.d66) if len(r.dice) == 2 else str(r.dice[0]) for r in entry.rolls]
    rolls = f" (rolled {', '.join(dice)})" if dice else ""
    return f"{side}{entry.phase.value}: {entry.notation}{rolls}"


class PastBoard(QWidget):
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None, back_text: str = "") -> None:
        """`back_text`: the label of a button on the banner that emits `back_requested`
        (none when empty)."""
        super().__init__(parent)
        self.banner = QFrame()
        self.banner.setObjectName("past_banner")
        self.banner.setStyleSheet(BANNER_STYLE)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.detail = QLabel()
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout(self.banner)
        row.setContentsMargins(10, 4, 10, 4)
        row.addWidget(self.title)
        row.addWidget(self.detail, 1)
        self.back_button: QPushButton | None = None
        if back_text:
            self.back_button = QPushButton(back_text)
            self.back_button.clicked.connect(self.back_requested.emit)
            row.addWidget(self.back_button)
        self.view = BoardView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.banner)
        layout.addWidget(self.view, 1)
        self._positions: PositionBoard | None = None
        self._scenario: object = None
        self.index: int | None = None
        self.changes: Changes | None = None

    @property
    def board(self) -> BoardScene | None:
        return self.view.board()

    def banner_text(self) -> str:
        return f"{self.title.text()}  {self.detail.text()}".replace("<b>", "").replace(
            "</b>", "")

    def show_position(self, history: History, index: int) -> None:
        """The board after the first `index` actions of `history`, with that step's changes,
        drawn by the position board of the game's ruleset (gameapp/ui/rulesets/registry.py).
        ReplayError for a game whose ruleset draws no positions."""
        state = history.state_at(index)
        if self._positions is None or self._scenario is not history.scenario:
            positions = position_board(history.scenario)
            if positions is None:
                raise ReplayError(index, f"the past positions of a {history.scenario.ruleset} "
                                  "game are not drawn: the log says what happened")
            old = self.board
            self._positions, self._scenario = positions, history.scenario
            positions.show(state)
            self.view.set_board(positions.scene)
            if old is not None:
                old.deleteLater()
            self.view.show_opening()  # the whole map, or where its counters read
        self._positions.show(state)
        board = self.board
        assert board is not None
        self.index = index
        self.changes = history.changes(index)
        self._mark(board, history, index, self.changes, self._positions)
        self.title.setText(f"<b>{position_text(history, index)}</b>")
        self.detail.setText(step_text(history, index))

    def _mark(self, board: BoardScene, history: History, index: int, changes: Changes,
              positions: PositionBoard) -> None:
        board.overlay.clear()
        board.route.clear()
        board.overlay.show_hexes(changes.entered, ENTERED_FILL)
        board.overlay.rings(changes.left - changes.entered, LEFT_INK, 2,
                            style=Qt.PenStyle.DashLine)
        board.overlay.rings(changes.hit_hexes, HIT_INK, 3, inset=0.78)
        entry = history.entry(index)
        if entry is None:
            return
        route = positions.route(history.state_at(index - 1), history.state_at(index),
                                entry.action)
        if route is not None:
            board.route.show_route(route.origin, route.path, route.facing, False)
