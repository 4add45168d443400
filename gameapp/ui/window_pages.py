"""The main window's pages: the start screen, or a scenario's board (opened from a file, with its
problems shown at their file and line if it will not load)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QMessageBox, QStackedWidget

from gameapp.core.yamlsource import DataError
from gameapp.ui import settings
from gameapp.ui.window_ruleset import RulesetParts

if TYPE_CHECKING:  # imported when the window is built in full
    from gameapp.core.scenario import Scenario
    from gameapp.ui.board import BoardScene, BoardView
    from gameapp.ui.handover import HotSeat
    from gameapp.ui.session import GameSession
    from gameapp.ui.start_screen import ScenarioLoader, StartScreen

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


class Pages(RulesetParts):
    """The start screen and the board, one page at a time."""

    scenario_opened = Signal(object)  # Scenario: now on the board, ready to be played
    scenario: Scenario | None
    start_screen: StartScreen
    pages: QStackedWidget
    hot_seat: HotSeat
    session: GameSession
    zoom_label: QLabel
    seed_label: QLabel
    _loader: ScenarioLoader
    _first_board: tuple[Scenario, BoardScene] | None  # show_first_board's, till it is played

    def _board_view(self) -> BoardView:
        """The board view, made once: for the first board, else with the rest of the window."""
        from gameapp.ui.board import BoardView

        view: BoardView | None = getattr(self, "view", None)
        if view is None:
            view = self.view = BoardView()
            self.pages.addWidget(view)
        return view

    def show_first_board(self, scenario: Scenario) -> bool:
        """Before the rest of the window is built: `scenario`'s board alone, its map and its
        counters, so that its first frame is not kept waiting for the docks, the menus and the
        rules (start-up, issue 28). Opening the scenario (`open_scenario`, once the rest is
        built) then plays on this board. False, and nothing shown, if its ruleset's UI draws
        its own board (ui/rulesets: register_first_board)."""
        from gameapp.ui.rulesets.registry import first_board

        board = first_board(scenario)
        if board is None:
            return False
        view = self._board_view()
        view.set_board(board)
        self._first_board = (scenario, board)
        self.pages.setCurrentWidget(view)
        self.setWindowTitle(f"{scenario.name} — {settings.APPLICATION}")
        view.show_opening()
        view.setFocus()
        return True

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
        first, self._first_board = self._first_board, None
        opening = True
        if first is not None and first[0] is scenario and first[1] is old:  # shown already
            opening = self.view.showing_opening  # kept as the player may have left it
        else:
            self.view.set_board(self.ruleset_ui.board_scene(scenario))
            if old is not None:
                old.deleteLater()
        if self.ruleset_ui is not None:
            self.ruleset_ui.board_shown(scenario)
        self.pages.setCurrentWidget(self.view)
        self.ruleset_docks.show_for_board()
        self._enable_board_actions(True)
        self.setWindowTitle(f"{scenario.name} — {settings.APPLICATION}")
        if opening:
            self.view.show_opening()
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
