"""Hot-seat: the handover screen, and who the screen belongs to.

With two players at one screen, the screen belongs to the human side that decides now (the
engine's `acting_side`): the phasing side, but also the other side for its shots in the fire
phase (1.23: the non-phasing side fires first, and the shots alternate) and for a decision the
rules leave to it. Whenever that changes to the other human side, the board is covered until that
player clicks, undo cannot reach back into the other player's actions, and while the cover is up
nobody may act (`hold`): no Pass, End phase or Ctrl+E for the player who is away. One person
playing both sides follows the phasing side and is never covered; with one human side the
screen is always theirs.
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


def screen_owner(previous: Side | None, game: Game | None, players: Players,
                 deciding: bool = False) -> Side | None:
    """The human side the screen belongs to now (None: no human plays): the phasing side, or
    with `deciding` (two players at one screen) the side that decides now."""
    humans = human_sides(players)
    if not humans or game is None:
        return None
    if len(humans) == 1:
        return humans[0]
    # None in the turn conclusion: the screen stays whose it was
    side = game.acting_side if deciding else game.current_side
    if side is None or game.is_over:
        return previous if previous is not None else game.state.first_side
    return side


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
        self.cover.revealed.connect(self._player_arrived)
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
        owner = screen_owner(self.owner, game, self.players, deciding=self.handover)
        if owner == self.owner and not first:
            return
        self.owner = owner
        self.owner_changed.emit(owner)
        if owner is not None and self.handover:
            self._cover(owner, game)

    def hold(self) -> str | None:
        """Why the player at the screen may not act now (the board is covered for the other
        player), None when they may."""
        game = self.controller.game
        if not self.handover or game is None:
            return None
        if self.covered and self.owner is not None:
            return f"the board is hidden until the {self.owner.label} player is at the screen"
        acting = game.acting_side  # before the handover has caught up with a change
        if acting is not None and acting is not self.owner and acting in human_sides(self.players):
            return f"the {acting.label} player is not at the screen yet"
        return None

    def _cover(self, side: Side, game: Game) -> None:
        self.controller.clear_selection()
        # the new player may not take back the other player's turn
        self.controller.undo_stack.clear()
        self.controller.history_changed.emit()
        turn = f"Turn {game.state.turn}, {game.clock}"
        phase = f"{game.current_side.label} {game.phase.value} phase" if game.current_side else ""
        if phase and side is not game.current_side:  # the other side's shot or decision
            phase += f": the {side.label} player's decision"
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

    def _player_arrived(self) -> None:
        """The player clicked through: the board, and what waited for them (a question the
        rules put to their side) is shown now."""
        self.reveal()
        if self.controller.game is not None:
            self.controller.state_changed.emit()
