"""The main window's menus and bars beside the action registry (gameapp/ui/actions.py): its
toolbars, File > Scenario editor, the board's commands enabled with a board, and the view
commands the registry calls (zoom, fit, rotate)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from gameapp.ui import settings
from gameapp.ui.window_help import HelpMenu

if TYPE_CHECKING:  # the board and the editor are imported when the window is built in full
    from gameapp.ui.board import BoardView
    from gameapp.ui.editor import EditorWindow

BOARD_ACTIONS = ("zoom_in", "zoom_out", "fit", "rotate_left", "rotate_right", "save", "save_as")


class MenusAndBars(HelpMenu):
    """The main window's menus and bars (built in MainWindow.build_the_rest)."""

    actions_by_id: dict[str, QAction]  # the registry's, the ruleset's included
    view: BoardView

    def _toolbar(self, title: str, name: str) -> QToolBar:
        toolbar = QToolBar(title, self)
        toolbar.setObjectName(name)
        return toolbar

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

    def _enable_board_actions(self, enabled: bool) -> None:
        for action_id in BOARD_ACTIONS:
            self.actions_by_id[action_id].setEnabled(enabled)

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
