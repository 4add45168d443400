"""The main window: the start screen or the board, the stack panel, and menus and toolbar built
from the action registry. It shows scenarios; it does not play them (that is the controller's)."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import Qt
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
from gameapp.ui.actions import build_actions, populate
from gameapp.ui.board import BoardScene, BoardView
from gameapp.ui.panels.unit_panel import UnitPanel
from gameapp.ui.start_screen import ScenarioLoader, StartScreen

log = logging.getLogger(__name__)
BOARD_ACTIONS = ("zoom_in", "zoom_out", "fit", "rotate_left", "rotate_right")


class MainWindow(QMainWindow):
    def __init__(
        self,
        scenarios_dir: Path | None = None,
        loader: ScenarioLoader = load_scenario,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
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
        self.dock = QDockWidget("Stack", self)
        self.dock.setObjectName("stack_dock")
        self.dock.setWidget(self.panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.toolbar = QToolBar("Main")
        self.toolbar.setObjectName("main_toolbar")
        self.addToolBar(self.toolbar)
        self.actions_by_id = build_actions(self, self)
        populate(self.menuBar(), self.toolbar, self.actions_by_id)
        self.view.hover_text_changed.connect(self._show_hover)
        self.view.stack_selected.connect(self.panel.show_units)
        self.start_screen.scenario_chosen.connect(self.open_scenario)
        self.start_screen.browse_requested.connect(self.open_scenario_dialog)
        self.zoom_label = QLabel()
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.zoom_changed.connect(lambda zoom: self.zoom_label.setText(f"{zoom:.0%}"))
        self._enter_start_page()  # the start screen has just scanned its directory

    # --- pages ------------------------------------------------------------------------------
    def show_start_screen(self) -> None:
        """Back to the list of scenarios, scanned afresh."""
        self.start_screen.refresh()
        self._enter_start_page()

    def _enter_start_page(self) -> None:
        self.start_screen.select_path(settings.last_scenario())
        self.pages.setCurrentWidget(self.start_screen)
        self.dock.hide()
        self.zoom_label.clear()
        self._enable_board_actions(False)

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
        self.dock.show()
        self._enable_board_actions(True)
        self.setWindowTitle(f"{scenario.name} — {settings.APPLICATION}")
        self.view.fit()
        self.view.setFocus()

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
        self.dock.setVisible(self.pages.currentWidget() is self.view)

    def closeEvent(self, event: QCloseEvent) -> None:
        settings.save_bytes(settings.GEOMETRY, self.saveGeometry())
        settings.save_bytes(settings.WINDOW_STATE, self.saveState())
        super().closeEvent(event)
