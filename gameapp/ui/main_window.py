"""The main window: the start screen or the board, the phase bar, the log, and menus and toolbars
built from the action registry. What the ruleset being played adds (its docks, commands, board
tools and markers) comes from its UI, found by the scenario's ruleset name (gameapp/ui/rulesets);
the window names none of it. It shows scenarios and starts games on them (`start_game`: from the
new-game dialog, a saved file, or app.py when `scenario_opened` fires); the controllers play
them, the presenters draw them into these widgets, and beside them: the hot-seat handover
(handover.py), hiding what the side to play cannot see (fog.py), the computer's sides
(computer.py) and the game's files (session.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from gameapp.core.yamlsource import DataError
from gameapp.ui import settings
from gameapp.ui.actions import (
    ACTIONS,
    GAME,
    MAIN,
    UNIT,
    WINDOW,
    Placed,
    build_actions,
    combined,
    populate,
    unpopulate,
)
from gameapp.ui.screen_fit import open_inside_screen
from gameapp.ui.start_screen import StartScreen

if TYPE_CHECKING:  # the rest is imported when the window is built in full (build_the_rest);
    # the editor, the dialogs and the replay when first opened
    from gameapp.core.engine import Game
    from gameapp.core.newgame import GameSetup, Players
    from gameapp.core.savegame import SavedGame
    from gameapp.core.scenario import Scenario
    from gameapp.ui.controller import GameController
    from gameapp.ui.editor import EditorWindow
    from gameapp.ui.replay.replay_window import ReplayWindow
    from gameapp.ui.rulesets import RulesetUI
    from gameapp.ui.start_screen import ScenarioLoader

log = logging.getLogger(__name__)


def _load_scenario_file(path: Path) -> Any:
    """The window's loader unless given one: core/ruleset.py's, imported when first used."""
    from gameapp.core.ruleset import load_scenario_file

    return load_scenario_file(path)


def ruleset_name_of(scenario: Scenario) -> str:
    """The name of the ruleset that plays `scenario` (gameapp/ui/rulesets, imported with the
    rest of the window)."""
    from gameapp.ui.rulesets import ruleset_name_of as name_of

    return name_of(scenario)


BOARD_ACTIONS = ("zoom_in", "zoom_out", "fit", "rotate_left", "rotate_right", "save", "save_as")


class MainWindow(QMainWindow):
    scenario_opened = Signal(object)  # Scenario: now on the board, ready to be played

    def __init__(
        self,
        scenarios_dir: Path | None = None,
        loader: ScenarioLoader | None = None,
        parent: QWidget | None = None,
        controller: GameController | None = None,
        in_two_steps: bool = False,
    ) -> None:
        """The window; `in_two_steps`: only the start screen now (its first frame can be drawn
        before the rules, the board and the ruleset's UI are imported), the rest when
        `build_the_rest` is called (the program does it once that frame is painted)."""
        super().__init__(parent)
        self.setWindowTitle(settings.APPLICATION)
        self.setWindowIcon(QIcon(":/icons/app.svg"))
        self._loader = loader or _load_scenario_file
        self._given_controller = controller
        self.scenario: Scenario | None = None
        self.start_screen = StartScreen(scenarios_dir)  # headers only: no scenario loaded
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start_screen)
        self.setCentralWidget(self.pages)
        # a scenario chosen on the start screen goes through the new-game choices (players,
        # hot-seat, options, seed); `gameapp play FILE` opens one directly (open_scenario)
        for signal, slot in ((self.start_screen.scenario_chosen, self.new_game_dialog),
                             (self.start_screen.browse_requested, self.open_scenario_dialog),
                             (self.start_screen.new_game_requested, self.new_game_dialog),
                             (self.start_screen.open_game_requested, self.open_game_dialog),
                             (self.start_screen.editor_requested, self.open_editor)):
            signal.connect(self._built_first(slot))
        self.start_screen.select_path(settings.last_scenario())
        self.complete = False  # built in full (build_the_rest)
        self._layout_to_restore = False
        if not in_two_steps:
            self.build_the_rest()

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
        from gameapp.core.newgame import ALL_HUMAN
        from gameapp.ui.board import BoardView
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
        self.view = BoardView()
        self.router = ToolRouter(self.view, self.controller)  # the board's input to the tools
        self.pages.addWidget(self.view)
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

    # --- the ruleset's part ------------------------------------------------------------------
    def _install_ruleset(self, name: str) -> None:
        """Play games of ruleset `name` here: its UI's docks, commands and tools replace the
        ones before (if another ruleset's)."""
        if name != self.ruleset_name:
            self._wire_ruleset_ui(self._make_ruleset_ui(name), name)

    def _make_ruleset_ui(self, name: str) -> RulesetUI:
        """The UI of ruleset `name`, in place of the one before, with its docks added."""
        from gameapp.ui.rulesets import ruleset_ui_factory

        make_ui = ruleset_ui_factory(name)
        if self.ruleset_ui is not None:
            self._uninstall_ruleset(self.ruleset_ui)
        ui = make_ui(self)
        self.ruleset_docks.add(list(ui.docks()))
        return ui

    def _wire_ruleset_ui(self, ui: RulesetUI, name: str) -> None:
        """Its commands in the menus and bars, its tools on the board, its words and markers."""
        specs = tuple(ui.commands())
        targets = dict(ui.command_targets())
        actions = build_actions({WINDOW: self, GAME: self.controller, **targets}, self, specs)
        self.actions_by_id.update(actions)
        self._ruleset_placed = populate(self.menuBar(), self._toolbars, self.actions_by_id, specs)
        self._help_menu_last()
        ui.actions_built(actions)
        self.presenter.set_commands(combined(ACTIONS, specs), targets, ui.markers)
        self.controller.words = ui
        self.router.tools = tuple(ui.tools())
        # the board's selection reaches the controller after the ruleset's UI has shown it
        if self.ruleset_name:  # wired before
            self.view.stack_selected.disconnect(self.presenter.stack_clicked)
        self.view.stack_selected.connect(self.presenter.stack_clicked)
        self.ruleset_ui, self.ruleset_name = ui, name

    def _uninstall_ruleset(self, ui: RulesetUI) -> None:
        from gameapp.ui.controller import PlainWords

        ui.uninstall()
        unpopulate(self._ruleset_placed)
        self._ruleset_placed = []
        for spec in ui.commands():
            self.actions_by_id.pop(spec.id).deleteLater()
        self.ruleset_docks.remove()
        self.router.tools = ()
        self.controller.words = PlainWords()
        self.ruleset_ui = None
        ui.setParent(None)
        shiboken6.delete(ui)  # now: its controllers and presenters stop listening at once

    def _toolbar(self, title: str, name: str) -> QToolBar:
        toolbar = QToolBar(title, self)
        toolbar.setObjectName(name)
        return toolbar

    @property
    def docks(self) -> tuple[QDockWidget, ...]:
        return self.ruleset_docks.docks

    def show_message(self, text: str) -> None:
        """A message from the game (a refusal with its reason and rule, a phase started)."""
        refused = text.startswith("Not allowed")
        self.message_label.setStyleSheet("color: #a31515;" if refused else "")
        self.message_label.setText(text)

    # --- pages ------------------------------------------------------------------------------
    def show_start_screen(self) -> None:
        """Back to the list of scenarios, scanned afresh."""
        self.start_screen.refresh()
        self._enter_start_page()

    def _enter_start_page(self) -> None:
        self.hot_seat.end()  # first: no handover screen left over the pages or the bars
        self.start_screen.select_path(settings.last_scenario())
        self.pages.setCurrentWidget(self.start_screen)
        for dock in self.docks:
            dock.hide()
        self.zoom_label.clear()
        self.message_label.clear()
        self.seed_label.clear()
        self._enable_board_actions(False)
        self.controller.stop()

    def open_scenario_dialog(self) -> None:
        """File > Open scenario: a scenario file, then the new-game choices on it."""
        start = str(self.start_screen.directory or Path.cwd())
        name, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", start, "Scenarios (*.yaml *.yml);;All files (*)"
        )
        if name:
            self.new_game_dialog(Path(name))

    def open_scenario(self, path: Path, loaded: Scenario | None = None) -> bool:
        """Load and show a scenario (`loaded`: already loaded from `path`, shown as it is); on
        failure show the file:line messages and keep the page."""
        if not self.session.may_discard("opening another scenario"):
            return False
        path = Path(path)
        try:
            scenario = loaded if loaded is not None else self._loader(path)
        except DataError as error:
            missing = len(error.problems) == 1 and not path.exists()  # no line to point at
            self._load_failed(path, f"{path}: no such file" if missing else str(error))
            return False
        except Exception as error:  # never a traceback in the user's face
            log.exception("loading %s failed", path)
            self._load_failed(path, f"{path}:1: cannot load: {error!r}")
            return False
        self.show_scenario(scenario)
        settings.set_last_scenario(path)
        return True

    def show_scenario(self, scenario: Scenario) -> None:
        """Show the scenario's board; `scenario_opened` then asks for a game of it (app.py)."""
        self._show_board(scenario)
        self.scenario_opened.emit(scenario)

    def _show_board(self, scenario: Scenario) -> None:
        self._install_ruleset(ruleset_name_of(scenario))
        self.scenario = scenario
        self._show_hover("")  # the hex words of the map before
        old = self.view.board()
        assert self.ruleset_ui is not None  # installed just above
        board = self.ruleset_ui.board_scene(scenario)
        self.view.set_board(board)
        if old is not None:
            old.deleteLater()
        if self.ruleset_ui is not None:
            self.ruleset_ui.board_shown(scenario)
        self.pages.setCurrentWidget(self.view)
        self.ruleset_docks.show_for_board()
        self._enable_board_actions(True)
        self.setWindowTitle(f"{scenario.name} — {settings.APPLICATION}")
        self.view.show_opening()
        self.view.setFocus()

    # --- games ------------------------------------------------------------------------------
    def start_game(self, game: Game, players: Players | None = None, hide_unseen: bool = False,
                   path: Path | None = None, hot_seat: bool = False) -> None:
        """Play `game`: on its board, by `players` (all human by default: one person playing
        both sides unless `hot_seat`), from `path` if it was opened from a file."""
        from gameapp.core.newgame import ALL_HUMAN
        from gameapp.core.seats import Seats

        self._install_ruleset(ruleset_name_of(game.scenario))
        if self.scenario is not game.scenario or self.pages.currentWidget() is self.start_screen:
            self._show_board(game.scenario)
        self.players = dict(players or ALL_HUMAN)
        self.controller.start(game)
        self.session.begin(path, Seats(self.players, hot_seat, hide_unseen))
        self.unseen.set_enabled(hide_unseen)
        self.hot_seat.begin(self.players, hot_seat)
        self.computer.set_players(self.players, game.dice.seed, fog=hide_unseen)
        self.seed_label.setText(f"Dice seed {game.dice.seed}")
        self._show_title()

    def new_game_dialog(self, scenario: Path | None = None) -> GameSetup | None:
        """File > New game: the dialog (on `scenario`, else the last one played), then the
        game it sets up."""
        if not self.session.may_discard("starting a new game"):
            return None
        from gameapp.ui.new_game_dialog import NewGameDialog

        dialog = NewGameDialog(self.start_screen.directory, self._loader,
                               Path(scenario) if scenario else settings.last_scenario(), self)
        setup = dialog.setup() if dialog.exec() == NewGameDialog.DialogCode.Accepted else None
        dialog.deleteLater()
        if setup is not None:
            self.start_game(setup.start(), setup.players, setup.hide_unseen,
                            hot_seat=setup.hot_seat)
            settings.set_last_scenario(Path(setup.scenario.path))
        return setup

    def open_game_dialog(self) -> None:
        if not self.session.may_discard("opening another game"):
            return
        path = self.session.choose_file()
        if path is not None:
            self.open_game(path)

    def open_game(self, path: Path) -> bool:
        """Open a saved game; False (after a message box) if it will not open."""
        saved = self.session.load(Path(path))
        if saved is not None:
            if self.session.opened_campaign is not None:
                self.campaign.adopt(self.session.opened_campaign)
            self.resume(saved, Path(path))
        return saved is not None

    def resume(self, saved: SavedGame, path: Path | None = None) -> None:
        """Go on with a saved game, played by whoever played it (all human for an old save)."""
        from gameapp.core.seats import Seats

        seats = saved.seats or Seats()
        self.start_game(saved.game, seats.players, seats.hide_unseen, path, seats.hot_seat)

    def save_game(self) -> bool:
        return self.session.save()

    def save_game_as(self) -> bool:
        return self.session.save_as()

    def open_replay_dialog(self) -> None:
        """File > Replay…: a saved game in the replay viewer."""
        from gameapp.ui.replay.replay_window import open_replay_dialog

        self.replay_window = open_replay_dialog(self, self.start_screen.directory)

    def show_result(self) -> None:
        """Game > Result…: the end screen of the game so far."""
        self.end_of_game.show_result()

    def replay_game(self) -> None:
        """File > Replay this game: the game so far, from the other side's last turn on."""
        from gameapp.ui.replay.replay_window import replay_live_game

        self.replay_window = replay_live_game(self, self.controller.game)

    def _show_title(self) -> None:
        if self.scenario is None:
            return
        where = f" [{self.session.path.name}]" if self.session.path is not None else ""
        from gameapp.ui.computer import describe

        players = describe(self.players)
        self.setWindowTitle(f"{self.scenario.name}{where} — {players} — {settings.APPLICATION}")

    def _hold(self) -> str | None:
        """Why the player at the screen may not act now: the computer is to act, or the board
        is covered for the other player."""
        return self.computer.hold() or self.hot_seat.hold()

    def _board_covered(self, covered: bool) -> None:
        """While the handover screen hides the board, the docks are hidden too."""
        if covered:
            self._uncovered_docks = [d for d in self.docks if d.isVisible()]
        for dock in self._uncovered_docks:
            dock.setVisible(not covered)
        for bar in (self.phase_bar, self.toolbar, self.unit_toolbar):
            bar.setEnabled(not covered)

    # --- the scenario editor (gameapp/ui/editor) ---------------------------------------------
    def _editor_action(self) -> QAction:
        """File > Scenario editor, beside the registry's File entries."""
        action = QAction("Scenario &editor…", self)
        action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        action.setStatusTip("Edit a scenario: counters, reinforcements, options")
        action.triggered.connect(lambda _checked=False: self.open_editor(None))
        menus = [a.menu() for a in self.menuBar().actions() if a.text() == "&File"]
        file_menu = menus[0] if menus and isinstance(menus[0], QMenu) else self.menuBar()
        quit_action = self.actions_by_id["quit"]
        if quit_action in file_menu.actions():  # Quit stays last
            at = file_menu.actions().index(quit_action)
            file_menu.insertAction(file_menu.actions()[at - 1], action)  # before its separator
        else:
            file_menu.addAction(action)
        return action

    def open_editor(self, path: Path | None = None) -> EditorWindow:
        """The editor in its own window, on `path` (else the last scenario, if any)."""
        path = path or settings.last_scenario()
        from gameapp.ui.editor import EditorWindow

        editor = EditorWindow(path if path is not None and Path(path).is_file() else None, self)
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.show()
        return editor

    def _load_failed(self, path: Path, message: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            "Cannot open scenario",
            f"{path.name} could not be opened.",
            parent=self,
        )
        box.setInformativeText(message)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.exec()

    def _enable_board_actions(self, enabled: bool) -> None:
        for action_id in BOARD_ACTIONS:
            self.actions_by_id[action_id].setEnabled(enabled)

    def _show_hover(self, text: str) -> None:
        self._hover_text = text
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _clear_stale_tip(self) -> None:
        if self.statusBar().currentMessage() != self._hover_text:
            self.statusBar().clearMessage()

    # --- the Help menu (gameapp/ui/help_dialogs.py, imported when first asked for) -----------
    def show_how_to_play(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, "How to play",
                                      markdown=help_dialogs.markdown_page("how-to-play.md"))

    def show_rules_reference(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, "Rules reference", find=True,
                                      markdown=help_dialogs.markdown_page("rules.md"))

    def show_shortcuts(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, "Keyboard shortcuts",
                                      html=help_dialogs.shortcuts_html(self))

    def show_about(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, f"About {settings.APPLICATION}",
                                      html=help_dialogs.about_html())

    def _help_menu_last(self) -> None:
        """The Help menu stays last, after any menu a ruleset's UI adds."""
        bar = self.menuBar()
        for action in bar.actions():
            if action.text() == "&Help":
                bar.removeAction(action)
                bar.addAction(action)
                return

    # --- view commands (the registry's handlers) -------------------------------------------
    def zoom_in(self) -> None:
        self.view.zoom_in()

    def zoom_out(self) -> None:
        self.view.zoom_out()

    def fit(self) -> None:
        self.view.fit()

    def rotate_left(self) -> None:
        self.view.rotate_left()

    def rotate_right(self) -> None:
        self.view.rotate_right()

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
