"""HistoryMode: clicking the log shows the board as it was then, read-only, in place of the live
board, until "Back to the game". The history is replayed from the seed (core/history.py) and
kept while the game only grows, so each click replays only what is new."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QStackedWidget

from gameapp.core.engine import Game
from gameapp.core.history import History, ReplayError
from gameapp.ui.board import BoardView
from gameapp.ui.controller import GameController
from gameapp.ui.panels.log_panel import LogPanel
from gameapp.ui.replay.past_board import PastBoard


class HistoryMode(QObject):
    looking_back = Signal(bool)  # True while a past position is shown instead of the game

    def __init__(self, controller: GameController, log_panel: LogPanel, pages: QStackedWidget,
                 live: BoardView, show_message: Callable[[str], None]) -> None:
        super().__init__(controller)
        self.controller = controller
        self.log_panel = log_panel
        self.pages = pages
        self.live = live
        self.show_message = show_message
        self.page = PastBoard(back_text="Back to the game")
        self.page.setObjectName("past_board")
        pages.addWidget(self.page)
        self._history: History | None = None
        self._game: Game | None = None
        log_panel.position_chosen.connect(self.view_position)
        self.page.back_requested.connect(self.back_to_live)
        controller.state_changed.connect(self._live_changed)

    @property
    def viewing(self) -> int | None:
        """The position shown (actions applied), or None when the live board is shown."""
        return self.page.index if self.pages.currentWidget() is self.page else None

    def history(self) -> History | None:
        """The live game's history so far (replayed as far as it has been looked at)."""
        game = self.controller.game
        if game is None:
            return None
        cached = self._history
        if cached is None or cached.scenario is not game.scenario:
            cached = History.of(game)
        self._history = cached.extended(game.log)
        return self._history

    def view_position(self, position: int) -> None:
        history = self.history()
        if history is None or not 0 <= position <= len(history):
            return
        try:
            self.page.show_position(history, position)
        except ReplayError as error:
            self._history = None
            self.show_message(f"Not allowed: the log does not replay here: {error}")
            return
        if self.pages.currentWidget() is self.live:
            self._match_live_view()
        self.pages.setCurrentWidget(self.page)
        self.log_panel.set_viewing(position)
        self.looking_back.emit(True)

    def back_to_live(self) -> None:
        if self.pages.currentWidget() is self.page:
            self.pages.setCurrentWidget(self.live)
        self.log_panel.set_viewing(None)
        self.looking_back.emit(False)

    def _match_live_view(self) -> None:
        """The past board seen as the live one was: same rotation, zoom and centre."""
        live, view = self.live, self.page.view
        for _ in range(4):
            if view.rotation_degrees == live.rotation_degrees:
                break
            view.rotate_right()
        view.set_zoom(live.zoom)
        view.centerOn(live.mapToScene(live.viewport().rect().center()))

    def _live_changed(self) -> None:
        game = self.controller.game
        self.log_panel.set_clock(game.scenario.clock if game is not None else None)
        viewing = self.viewing
        if game is not self._game:  # another game (or none): its history is another
            self._game, self._history = game, None
            self.back_to_live()
        elif viewing is not None and (game is None or viewing > len(game.log)):
            self.back_to_live()  # what was shown has been taken back
