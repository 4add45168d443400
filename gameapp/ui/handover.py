"""Hot-seat: the handover screen, and who the screen belongs to.

The screen belongs to the human side whose player-turn it is: the phasing side. In the fire
phase the shots alternate (1.23) and both players sit at the screen, so a shot passing to the
other side is no handover; the phase bar says whose decision it is. When the phasing side
changes to the other human side, the board is covered until that player clicks, and undo
cannot reach back into the other player's turn. With one human side the screen is always theirs
and nothing is covered.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QStackedWidget, QVBoxLayout, QWidget

from gameapp.core.engine import Game
from gameapp.core.newgame import ALL_HUMAN, Players, human_sides
from gameapp.core.units import Side
from gameapp.ui.board.counter_art import SIDE_COLOURS
from gameapp.ui.controller import GameController


def screen_owner(previous: Side | None, game: Game | None, players: Players) -> Side | None:
    """The human side the screen belongs to now (None: no human plays)."""
    humans = human_sides(players)
    if not humans or game is None:
        return None
    if len(humans) == 1:
        return humans[0]
    phasing = game.current_side  # None in the turn conclusion: the screen stays whose it was
    if phasing is None or game.is_over:
        return previous if previous is not None else game.state.first_side
    return phasing


class HandoverCover(QWidget):
    """The page that hides the board: whose turn it is, and a button for that player."""

    revealed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handover_cover")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # the side's colour
        self.title = QLabel()
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 2.4)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail = QLabel()
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.button = QPushButton()
        self.button.setMinimumHeight(48)
        self.button.clicked.connect(self.revealed)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self.title)
        layout.addWidget(self.detail)
        layout.addSpacing(24)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch(3)

    def show_side(self, side: Side, detail: str) -> None:
        colours = SIDE_COLOURS[side]
        self.setStyleSheet(f"#handover_cover {{ background: {colours.body.darker(160).name()}; }}"
                           " QLabel { color: white; }")
        self.title.setText(f"{side.label} player, your turn")
        self.detail.setText(f"{detail}\n\nThe board stays hidden until the {side.label} player "
                            "is at the screen.")
        self.button.setText(f"  I am the {side.label} player: show the board  ")
        self.button.setFocus()


class HotSeat(QObject):
    """Covers the board (the `pages`' `board_page`) with the handover page whenever the screen
    passes to the other human player; `owner_changed` tells who sees the board now."""

    owner_changed = Signal(object)  # Side | None
    covered_changed = Signal(bool)

    def __init__(self, controller: GameController, pages: QStackedWidget,
                 board_page: QWidget, on_cover: Callable[[bool], None] | None = None) -> None:
        super().__init__(controller)
        self.controller = controller
        self.pages = pages
        self.board_page = board_page
        self.cover = HandoverCover()
        pages.addWidget(self.cover)
        self.cover.revealed.connect(self.reveal)
        self.players: Players = dict(ALL_HUMAN)
        self.owner: Side | None = None
        self.handover = False  # two humans at one screen: cover the board between them
        self._on_cover = on_cover
        controller.state_changed.connect(self._state_changed)

    @property
    def covered(self) -> bool:
        return self.pages.currentWidget() is self.cover

    def begin(self, players: Players, handover: bool = False) -> None:
        """A new game (or a loaded one). With `handover` and two human sides the board is
        covered at each change of player-turn, and first until the first player clicks."""
        self.players = dict(players)
        self.handover = handover and len(human_sides(players)) > 1
        self.owner = None
        self.reveal()  # whatever the last game left
        self._state_changed(first=True)

    def end(self) -> None:
        """No game: nothing to hide any more."""
        self.players = dict(ALL_HUMAN)
        self.handover = False
        self.owner = None
        self.reveal()

    def _state_changed(self, first: bool = False) -> None:
        game = self.controller.game
        if game is None:
            return
        owner = screen_owner(self.owner, game, self.players)
        if owner == self.owner and not first:
            return
        self.owner = owner
        self.owner_changed.emit(owner)
        if owner is not None and self.handover:
            self._cover(owner, game)

    def _cover(self, side: Side, game: Game) -> None:
        self.controller.clear_selection()
        # the new player may not take back the other player's turn
        self.controller.undo_stack.clear()
        self.controller.history_changed.emit()
        turn = f"Turn {game.state.turn}, {game.clock}"
        phase = f"{game.current_side.label} {game.phase.value} phase" if game.current_side else ""
        self.cover.show_side(side, f"{turn}: {phase}" if phase else turn)
        if not self.covered:
            self.pages.setCurrentWidget(self.cover)
            self.covered_changed.emit(True)
            if self._on_cover is not None:
                self._on_cover(True)

    def reveal(self) -> None:
        """The player has clicked: show the board."""
        if self.covered:
            self.pages.setCurrentWidget(self.board_page)
            self.covered_changed.emit(False)
            if self._on_cover is not None:
                self._on_cover(False)
            self.board_page.setFocus()
