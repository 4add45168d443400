"""What the fire and charge dialogs share: the breakdown before the roll in a text browser, a
**Roll** button that hands the action to the caller once, then what the roll did below the
breakdown (or the engine's refusal), and **Cancel**, which becomes **Close** after the roll."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.breakdown import IllegalActionError
from gameapp.present.html import REFUSAL_INK, para

# What a roll gives back: the lines saying what it did, or the engine's refusal.
RollOutcome = list[str] | IllegalActionError


class RollDialog(QDialog):
    def __init__(self, title: str, object_name: str, roll: Callable[[], RollOutcome],
                 min_width: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._roll = roll
        self.rolled = False
        self.setWindowTitle(title)
        self.setObjectName(object_name)
        self.browser = QTextBrowser()
        self.browser.setMinimumSize(min_width, 560)
        self.browser.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.browser.setOpenLinks(False)
        self.buttons = QDialogButtonBox()
        self.roll_button: QPushButton = self.buttons.addButton(
            "&Roll", QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button: QPushButton = self.buttons.addButton(
            QDialogButtonBox.StandardButton.Cancel)
        self.roll_button.setDefault(True)
        self.roll_button.clicked.connect(self.roll)
        self.cancel_button.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(self.buttons)
        self._before_html = ""
        self._result_html = ""

    def show_before(self, html: str) -> None:
        """The breakdown shown before the roll."""
        self._before_html = html
        self._render()

    def roll(self) -> None:
        """Hand the action to the caller (once) and show what it did."""
        if self.rolled:
            return
        outcome = self._roll()
        if isinstance(outcome, IllegalActionError):
            self._result_html = "<hr>" + para(
                f"Not allowed: {outcome.reason} ({outcome.rule})", REFUSAL_INK, bold=True)
        else:
            self.rolled = True
            self._result_html = "<hr>" + result_html(outcome)
            self.roll_button.hide()
            self.cancel_button.setText("&Close")
            self.cancel_button.setDefault(True)
        self._render()
        bar = self.browser.verticalScrollBar()
        bar.setValue(bar.maximum())

    def plain_text(self) -> str:
        return self.browser.toPlainText()

    def _render(self) -> None:
        self.browser.setHtml(self._before_html + self._result_html)


def result_html(lines: list[str]) -> str:
    """What the roll did: the first line (dice, modified roll, result) in bold."""
    if not lines:
        return para("The action was made.")
    body = [para(lines[0], bold=True)]
    body += [para(line.strip(), "#555" if line.startswith(" ") else "") for line in lines[1:]]
    return para("Result", bold=True) + "".join(body)
