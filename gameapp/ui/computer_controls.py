"""The window's controls for the computer's turn: Game > Computer > Pause / Step (also on the
phase bar, shown while the computer plays a side), Edit > Preferences (the computer's pace).
It also wires the computer's driver into the window: the pace of the preferences, the board
show, the player's hold while the computer acts, and its reasons in the log panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QStyle

from gameapp.ui import settings
from gameapp.ui.computer import ComputerTurns
from gameapp.ui.dialogs.preferences_dialog import PreferencesDialog
from gameapp.ui.pace import saved_pace

if TYPE_CHECKING:
    from gameapp.ui.main_window import MainWindow

PAUSE_KEYS = ("Space", "Pause")
STEP_KEYS = ("N",)


class ComputerControls(QObject):
    def __init__(self, window: MainWindow, computer: ComputerTurns) -> None:
        super().__init__(window)
        self.window = window
        self.computer = computer
        computer.set_pace(saved_pace())
        window.controller.hold = computer.hold
        window.log_panel.set_reasons(computer.reasons)
        computer.reasons_changed.connect(lambda: window.log_panel.set_reasons(computer.reasons))
        style = window.style()
        self.pause_action = self._action(
            "&Pause the computer", PAUSE_KEYS, computer.toggle_pause,
            "Stop the computer after its current action; look at the board, then step or resume")
        self.pause_action.setCheckable(True)
        self.pause_action.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaPause))
        self.step_action = self._action(
            "&Step the computer", STEP_KEYS, computer.advance,
            "The computer takes exactly one action, then waits")
        self.step_action.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward))
        self.preferences_action = self._action(
            "&Preferences…", (QKeySequence.StandardKey.Preferences,), self.preferences,
            "How the computer's turn plays out; how many autosaves to keep")
        self._separator = window.phase_bar.addSeparator()
        window.phase_bar.addAction(self.pause_action)
        window.phase_bar.addAction(self.step_action)
        self._menu(window, "&Game").addMenu(self._computer_menu())
        edit = self._menu(window, "&Edit")
        edit.addSeparator()
        edit.addAction(self.preferences_action)
        computer.paused_changed.connect(lambda _paused: self.refresh())
        computer.players_changed.connect(self.refresh)
        window.controller.state_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Shown while the computer plays a side; Step only when paused on its action."""
        playing = bool(self.computer.players)
        for item in (self.pause_action, self.step_action, self._separator):
            item.setVisible(playing)
        self.pause_action.setEnabled(playing)
        self.pause_action.setChecked(self.computer.paused)
        self.pause_action.setText("&Resume the computer" if self.computer.paused
                                  else "&Pause the computer")
        self.pause_action.setIconText("Resume" if self.computer.paused else "Pause")
        self.step_action.setEnabled(self.computer.paused and self.computer.to_play() is not None)
        self.step_action.setIconText("Step")

    def preferences(self) -> bool:
        """Edit > Preferences; True if they were changed."""
        dialog = PreferencesDialog(self.window)
        accepted = dialog.exec() == PreferencesDialog.DialogCode.Accepted
        if accepted:
            self.computer.set_pace(dialog.chosen_pace())
            board = self.window.view.board()
            if board is not None:
                board.set_upright(settings.upright_counters())
        dialog.deleteLater()
        return accepted

    # --- inside -----------------------------------------------------------------------------
    def _action(self, text: str, keys: tuple[str | QKeySequence.StandardKey, ...],
                handler: Callable[[], object], tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcuts([QKeySequence(k) for k in keys])
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: handler())
        self.window.addAction(action)  # its shortcut works wherever the focus is
        return action

    def _computer_menu(self) -> QMenu:
        menu = QMenu("&Computer", self.window)
        menu.setToolTipsVisible(True)
        menu.addAction(self.pause_action)
        menu.addAction(self.step_action)
        return menu

    @staticmethod
    def _menu(window: MainWindow, title: str) -> QMenu:
        found = [a.menu() for a in window.menuBar().actions() if a.text() == title]
        if found and isinstance(found[0], QMenu):
            return found[0]
        return window.menuBar().addMenu(title)
