"""The main window: the start screen or the board, the phase bar, the log, and menus and toolbars
built from the action registry. What the ruleset being played adds (its docks, commands, board
tools and markers) comes from its UI, found by the scenario's ruleset name (gameapp/ui/rulesets);
the window names none of it. It shows scenarios and starts games on them (`start_game`: from the
new-game dialog, a saved file, or app.py when `scenario_opened` fires); the controllers play
them, the presenters draw them into these widgets, and beside them: the hot-seat handover
(handover.py), hiding what the side to play cannot see (fog.py), the computer's sides
(computer.py) and the game's files (session.py).

This module builds the window (at once, or the start screen first and `build_the_rest` after
the first frame) and keeps its layout; each other job is a layer it inherits, one module each:
window_games.py (games: start, save, replay, title) on window_pages.py (the start screen or a
scenario's board) on window_ruleset.py (the ruleset's UI) on window_status.py (the status bar)
on window_menus.py (bars, editor entry, view commands) on window_help.py (the Help menu)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QIcon
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QStackedWidget,
    QWidget,
)

from gameapp.ui import settings
from gameapp.ui.actions import (
    GAME,
    MAIN,
    UNIT,
    WINDOW,
    Placed,
    build_actions,
    populate,
)
from gameapp.ui.screen_fit import open_inside_screen
from gameapp.ui.window_games import Games
from gameapp.ui.window_menus import BOARD_ACTIONS
from gameapp.ui.window_pages import _load_scenario_file, ruleset_name_of

if TYPE_CHECKING:  # the rest is imported when the window is built in full (build_the_rest);
    # the editor, the dialogs and the replay when first opened
    from gameapp.core.newgame import Players
    from gameapp.core.scenario import Scenario
    from gameapp.ui.controller import GameController
    from gameapp.ui.replay.replay_window import ReplayWindow
    from gameapp.ui.rulesets import RulesetUI
    from gameapp.ui.start_screen import ScenarioLoader

__all__ = ["BOARD_ACTIONS", "MainWindow", "ruleset_name_of"]


class MainWindow(Games):
    def __init__(
        self,
        scenarios_dir: Path | None = None,
        loader: ScenarioLoader | None = None,
        parent: QWidget | None = None,
        controller: GameController | None = None,
        in_two_steps: bool = False,
        board_first: bool = False,
    ) -> None:
        """The window; `in_two_steps`: only the start screen now (its first frame can be drawn
        before the rules, the board and the ruleset's UI are imported), the rest when
        `build_the_rest` is called (the program does it once that frame is painted).
        `board_first` (with `in_two_steps`): not even the start screen, which is made with the
        rest: the window opens on a scenario's board (`show_first_board`)."""
        super().__init__(parent)
        self.setWindowTitle(settings.APPLICATION)
        self.setWindowIcon(QIcon(":/icons/app.svg"))
        self._loader = loader or _load_scenario_file
        self._given_controller = controller
        self._scenarios_dir = scenarios_dir
        self.scenario: Scenario | None = None
        self.pages = QStackedWidget()
        self.setCentralWidget(self.pages)
        if not (board_first and in_two_steps):
            self._make_start_screen()
        self.complete = False  # built in full (build_the_rest)
        self._layout_to_restore = False
        self._first_board = None  # show_first_board's (window_pages.py)
        if not in_two_steps:
            self.build_the_rest()

    def _make_start_screen(self) -> None:
        """The list of scenarios, the window's first page (made once)."""
        if getattr(self, "start_screen", None) is not None:
            return
        from gameapp.ui.start_screen import StartScreen

        self.start_screen = StartScreen(self._scenarios_dir)  # headers only: no scenario loaded
        self.pages.insertWidget(0, self.start_screen)
        # a scenario chosen on the start screen goes through the new-game choices (players,
        # hot-seat, options, seed); `gameapp play FILE` opens one directly (open_scenario)
        for signal, slot in ((self.start_screen.scenario_chosen, self.new_game_dialog),
                             (self.start_screen.browse_requested, self.open_scenario_dialog),
                             (self.start_screen.new_game_requested, self.new_game_dialog),
                             (self.start_screen.open_game_requested, self.open_game_dialog),
                             (self.start_screen.editor_requested, self.open_editor)):
            signal.connect(self._built_first(slot))
        self.start_screen.select_path(settings.last_scenario())

    def _built_first(self, slot: Callable[..., object]) -> Callable[..., None]:
        """`slot`, once the window is built in full (a click on the start screen before then)."""
        def call(*args: object) -> None:
            self.build_the_rest()
            slot(*args)
        return call

    def build_the_rest(self) -> None:
        """The board, the docks, the menus and bars, and the parts that play games: imported
        and built here (once), after the start screen."""
        if self.complete:
            return
        self.complete = True
        self._make_start_screen()
        from gameapp.core.newgame import ALL_HUMAN
        from gameapp.ui.campaign_presenter import CampaignPresenter
        from gameapp.ui.computer import ComputerTurns
        from gameapp.ui.computer_controls import ComputerControls
        from gameapp.ui.computer_show import ActionShow
        from gameapp.ui.controller import GameController
        from gameapp.ui.end_screen import EndOfGame
        from gameapp.ui.fog import UnseenFilter
        from gameapp.ui.game_presenter import GamePresenter
        from gameapp.ui.handover import HotSeat
        from gameapp.ui.panels.log_panel import LogPanel
        from gameapp.ui.phase_bar import PhaseBar
        from gameapp.ui.replay.history_mode import HistoryMode
        from gameapp.ui.ruleset_docks import RulesetDocks
        from gameapp.ui.rulesets import ToolRouter, default_ruleset_name
        from gameapp.ui.rulesets.base import make_dock
        from gameapp.ui.session import GameSession

        self.controller = self._given_controller or GameController(self)
        self.view = self._board_view()
        self.router = ToolRouter(self.view, self.controller)  # the board's input to the tools
        self.log_panel = LogPanel()
        self.log_dock = make_dock(self, "Log", "log_dock", self.log_panel)
        self.phase_bar = PhaseBar(self)
        self.toolbar = self._toolbar("Main", "main_toolbar")
        self.unit_toolbar = self._toolbar("Unit", "unit_toolbar")
        self.unit_toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self._toolbars = {MAIN: self.toolbar, UNIT: self.unit_toolbar}
        self.actions_by_id: dict[str, QAction] = {}  # the registry's, the ruleset's included
        self.presenter = GamePresenter(
            self.controller, self.view, self.log_panel, self.phase_bar, self.actions_by_id,
            self.show_message,
        )  # fmt: skip
        # the ruleset's part: the first registered until a game of another ruleset starts
        self.ruleset_ui: RulesetUI | None = None
        self.ruleset_name = ""
        self.ruleset_docks = RulesetDocks(self, self.log_dock)
        self._ruleset_placed: Placed = []
        # the docks first, then the menus and the bars: their first heights depend on the order
        first = self._make_ruleset_ui(default_ruleset_name())
        self.actions_by_id.update(build_actions({WINDOW: self, GAME: self.controller}, self))
        populate(self.menuBar(), self._toolbars, self.actions_by_id)
        self._wire_ruleset_ui(first, default_ruleset_name())
        self.phase_bar.set_end_action(self.actions_by_id["end_phase"])
        self.addToolBar(self.phase_bar)
        self.addToolBarBreak()
        self.addToolBar(self.toolbar)
        self.addToolBar(self.unit_toolbar)
        self._hover_text = ""  # the board's words for the hex under the mouse
        self.view.hover_text_changed.connect(self._show_hover)
        # a menu entry's tip in the status bar ("End this phase…") is stale once the game moves
        self.controller.state_changed.connect(self._clear_stale_tip)
        self.editor_action = self._editor_action()
        self.message_label = QLabel()
        self.zoom_label = QLabel()
        self.seed_label = QLabel()  # the game's dice seed, so a game can be played again
        self.seed_label.setToolTip("The dice's seed, kept in the save: the same seed and the "
                                   "same actions give the same rolls")
        self.statusBar().addPermanentWidget(self.message_label)
        self.statusBar().addPermanentWidget(self.seed_label)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.zoom_changed.connect(lambda zoom: self.zoom_label.setText(f"{zoom:.0%}"))
        # after the presenters: these read what they have drawn
        self.hot_seat = HotSeat(self.controller, self.pages, self.view, self._board_covered)
        self.unseen = UnseenFilter(self.controller, self.view)
        self.hot_seat.owner_changed.connect(self.unseen.set_viewer)
        self.computer = ComputerTurns(self.controller, show=ActionShow(self.view, self))
        self.computer_controls = ComputerControls(self, self.computer)  # pause, step, pace
        self.computer.summary_ready.connect(self.show_message)  # what it did to you
        self.controller.hold = self._hold  # the computer's side, or the other player's
        self.hot_seat.covered_changed.connect(lambda _covered: self.presenter.refresh_actions())
        self.session = GameSession(self.controller, self)
        self.session.message.connect(self.show_message)
        self.session.path_changed.connect(self._show_title)
        self.players: Players = dict(ALL_HUMAN)
        self._uncovered_docks: list[QDockWidget] = []
        self.replay_window: ReplayWindow | None = None
        self.end_of_game = EndOfGame(self.controller, self)  # the end screen, when it ends
        self.campaign = CampaignPresenter(self, self)  # battles fought out (docs/campaigns.md)
        self.session.campaign_for = self.campaign.campaign_for
        self.history_mode = HistoryMode(self.controller, self.log_panel, self.pages, self.view,
                                        self.show_message)  # the log's look back
        self.history_mode.looking_back.connect(self.presenter.set_looking_back)
        self._enter_start_page()  # the start screen has just scanned its directory
        if self._layout_to_restore:
            self._restore_layout()

    # --- settings ---------------------------------------------------------------------------
    def restore_settings(self) -> None:
        """The saved size and place now; the docks' and bars' layout once they are built."""
        geometry = settings.saved_bytes(settings.GEOMETRY)
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            open_inside_screen(self, 1400, 900)
        if self.complete:
            self._restore_layout()
        else:
            self._layout_to_restore = True

    def _restore_layout(self) -> None:
        self._layout_to_restore = False
        state = settings.saved_bytes(settings.WINDOW_STATE)
        if state is not None:
            self.restoreState(state)
        self.ruleset_docks.sized = state is not None
        for dock in self.docks:
            dock.setVisible(self.pages.currentWidget() is self.view)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.build_the_rest()  # closed before it was: its session and layout are saved alike
        if not self.session.may_discard("quitting"):
            event.ignore()
            return
        self.computer.shut_down()
        for dialog in self.findChildren(QDialog):  # an open report or viewer goes with it
            if dialog.isVisible():
                dialog.close()
        settings.save_bytes(settings.GEOMETRY, self.saveGeometry())
        settings.save_bytes(settings.WINDOW_STATE, self.saveState())
        super().closeEvent(event)
