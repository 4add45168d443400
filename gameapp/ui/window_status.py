"""The main window's status bar text: the game's messages (a refusal in red) and the board's
words for the hex under the mouse."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from gameapp.ui.window_menus import MenusAndBars


class StatusLine(MenusAndBars):
    """The status bar's messages (its labels are built in MainWindow.build_the_rest)."""

    message_label: QLabel
    _hover_text: str  # the board's words for the hex under the mouse

    def show_message(self, text: str) -> None:
        """A message from the game (a refusal with its reason and rule, a phase started)."""
        refused = text.startswith("Not allowed")
        self.message_label.setStyleSheet("color: #a31515;" if refused else "")
        self.message_label.setText(text)

    def _show_hover(self, text: str) -> None:
        self._hover_text = text
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _clear_stale_tip(self) -> None:
        if self.statusBar().currentMessage() != self._hover_text:
            self.statusBar().clearMessage()
