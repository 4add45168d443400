"""The main window: the start screen or the board, the phase bar, the stack, movement, fire and
log panels, and menus and toolbars built from the action registry. It shows scenarios; playing
them is the controllers' (app.py creates the Game when `scenario_opened` fires), and the
presenters draw the game into these widgets."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QIcon
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from gameapp.core.scenario import Scenario, load_scenario
from gameapp.core.yamlsource import DataError
from gameapp.ui import settings
from gameapp.ui.actions import FIRE, GAME, MAIN, UNIT, WINDOW, build_actions, populate
from gameapp.ui.board import BoardScene, BoardView
from gameapp.ui.controller import GameController
from gameapp.ui.fire_controller import FireController
from gameapp.ui.fire_presenter import FirePresenter
from gameapp.ui.game_presenter import GamePresenter
from gameapp.ui.panels.fire_panel import FirePanel
from gameapp.ui.panels.log_panel import LogPanel
from gameapp.ui.panels.move_panel import MovePanel
from gameapp.ui.panels.unit_panel import UnitPanel
from gameapp.ui.phase_bar import PhaseBar
from gameapp.ui.start_screen import ScenarioLoader, StartScreen

log = logging.getLogger(__name__)
BOARD_ACTIONS = ("zoom_in", "zoom_out", "fit", "rotate_left", "rotate_right")


class MainWindow(QMainWindow):
    scenario_opened = Signal(object)  # Scenario: now on the board, ready to be played

    def __init__(
        self,
        scenarios_dir: Path | None = None,
        loader: ScenarioLoader = load_scenario,
        parent: QWidget | None = None,
        controller: GameController | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller or GameController(self)
        self.fire_controller = FireController(self.controller)
        self.setWindowTitle(settings.APPLICATION)
        self.setWindowIcon(QIcon(":/icons/app.svg"))
        self._loader = loader
        self.scenario: Scenario | None = None
        self.view = BoardView()
        self.start_screen = StartScreen(scenarios_dir, loader)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start_screen)
        self.pages.addWidget(self.view)
        self.setCentralWidget(self.pages)
        self.panel = UnitPanel()
        self.move_panel = MovePanel()
        self.log_panel = LogPanel()
        self.fire_panel = FirePanel()
        self.dock = self._dock("Stack", "stack_dock", self.panel)
        self.move_dock = self._dock("Movement", "movement_dock", self.move_panel)
        self.fire_dock = self._dock("Fire", "fire_dock", self.fire_panel)
        self.log_dock = self._dock("Log", "log_dock", self.log_panel)
        self.tabifyDockWidget(self.dock, self.log_dock)  # the stack in front, the log behind
        self.tabifyDockWidget(self.move_dock, self.fire_dock)  # the phase's own in front
        self._docks_sized = False
        self.phase_bar = PhaseBar(self)
        self.addToolBar(self.phase_bar)
        self.addToolBarBreak()
        self.toolbar = self._toolbar("Main", "main_toolbar")
        self.unit_toolbar = self._toolbar("Unit", "unit_toolbar")
        self.unit_toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        targets = {WINDOW: self, GAME: self.controller, FIRE: self.fire_controller}
        self.actions_by_id = build_actions(targets, self)
        populate(self.menuBar(), {MAIN: self.toolbar, UNIT: self.unit_toolbar}, self.actions_by_id)
        self.phase_bar.set_pass_action(self.actions_by_id["pass"])
        self.phase_bar.set_end_action(self.actions_by_id["end_phase"])
        self.view.hover_text_changed.connect(self._show_hover)
        self.view.stack_selected.connect(self.panel.show_units)
        self.start_screen.scenario_chosen.connect(self.open_scenario)
        self.start_screen.browse_requested.connect(self.open_scenario_dialog)
        self.message_label = QLabel()
        self.zoom_label = QLabel()
        self.statusBar().addPermanentWidget(self.message_label)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.zoom_changed.connect(lambda zoom: self.zoom_label.setText(f"{zoom:.0%}"))
        self.presenter = GamePresenter(
            self.controller, self.view, self.panel, self.move_panel, self.log_panel,
            self.phase_bar, self.actions_by_id, self.show_message, self.fire_controller,
        )  # fmt: skip
        self.fire_presenter = FirePresenter(
            self.fire_controller, self.view, self.fire_panel, self.fire_dock, self.move_dock
        )
        self._enter_start_page()  # the start screen has just scanned its directory

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    def _toolbar(self, title: str, name: str) -> QToolBar:
        toolbar = QToolBar(title, self)
        toolbar.setObjectName(name)
        self.addToolBar(toolbar)
        return toolbar

    @property
    def docks(self) -> tuple[QDockWidget, ...]:
        return (self.dock, self.move_dock, self.fire_dock, self.log_dock)

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
        self.start_screen.select_path(settings.last_scenario())
        self.pages.setCurrentWidget(self.start_screen)
        for dock in self.docks:
            dock.hide()
        self.zoom_label.clear()
        self.message_label.clear()
        self._enable_board_actions(False)
        self.controller.stop()

    def open_scenario_dialog(self) -> None:
        start = str(self.start_screen.directory or Path.cwd())
        name, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", start, "Scenarios (*.yaml *.yml);;All files (*)"
        )
        if name:
            self.open_scenario(Path(name))

    def open_scenario(self, path: Path) -> bool:
        """Load and show a scenario; on failure show the file:line messages and keep the page."""
        path = Path(path)
        try:
            scenario = self._loader(path)
        except DataError as error:
            self._load_failed(path, str(error))
            return False
        except Exception as error:  # never a traceback in the user's face
            log.exception("loading %s failed", path)
            self._load_failed(path, f"{path}:1: cannot load: {error!r}")
            return False
        self.show_scenario(scenario)
        settings.set_last_scenario(path)
        return True

    def show_scenario(self, scenario: Scenario) -> None:
        self.scenario = scenario
        old = self.view.board()
        board = BoardScene(scenario.map, scenario.units, progressive=True)
        self.view.set_board(board)
        if old is not None:
            old.deleteLater()
        self.panel.set_numbering(scenario.map.numbering)
        self.panel.show_units([])
        self.pages.setCurrentWidget(self.view)
        for dock in self.docks:
            dock.show()
        self.dock.raise_()
        self.move_dock.raise_()
        if not self._docks_sized:  # first board of a session without saved window state
            self._docks_sized = True
            self.resizeDocks([self.dock, self.move_dock], [2, 3], Qt.Orientation.Vertical)
        self._enable_board_actions(True)
        self.setWindowTitle(f"{scenario.name} — {settings.APPLICATION}")
        self.view.fit()
        self.view.setFocus()
        self.scenario_opened.emit(scenario)

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
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

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
        geometry = settings.saved_bytes(settings.GEOMETRY)
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1400, 900)
        state = settings.saved_bytes(settings.WINDOW_STATE)
        if state is not None:
            self.restoreState(state)
        self._docks_sized = state is not None
        for dock in self.docks:
            dock.setVisible(self.pages.currentWidget() is self.view)

    def closeEvent(self, event: QCloseEvent) -> None:
        settings.save_bytes(settings.GEOMETRY, self.saveGeometry())
        settings.save_bytes(settings.WINDOW_STATE, self.saveState())
        super().closeEvent(event)
