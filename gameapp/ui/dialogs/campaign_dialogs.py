"""The campaign's dialogs (docs/campaigns.md): the offer to fight a battle out, and the two
conversions, into the tactical game and back to the campaign, with their arithmetic (the words
are gameapp/present/campaign_text.py's)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gameapp.core.campaign.actions import BattleChoice
from gameapp.core.decisions import PendingDecision


class ConversionDialog(QDialog):
    """A heading, the conversion's lines, one button to go on."""

    def __init__(self, title: str, lines: list[str], go_on: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.lines = lines
        layout = QVBoxLayout(self)
        heading = QLabel(f"<b>{title}</b>")
        layout.addWidget(heading)
        self.list = QListWidget()
        self.list.addItems(lines)
        self.list.setWordWrap(True)
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.list.setMinimumSize(720, 60 + 26 * len(lines))
        layout.addWidget(self.list)
        self.buttons = QDialogButtonBox()
        self.go_on = self.buttons.addButton(go_on, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        layout.addWidget(self.buttons)

    def add_link(self, text: str, follow: Callable[[], object]) -> QPushButton:
        """A button beside the main one (the replay of the battle)."""
        button = self.buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
        button.clicked.connect(lambda _=False: follow())
        return button

    def plain_text(self) -> str:
        return "\n".join([self.windowTitle(), *self.lines])


class BattleOfferDialog(QDialog):
    """The offer put to one side: fight it out on the tactical map, or resolve on the table."""

    def __init__(self, decision: PendingDecision, choose: Callable[[BattleChoice], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decision = decision
        self.setWindowTitle(f"{decision.side.label}: fight it out?")
        layout = QVBoxLayout(self)
        question = QLabel(decision.question[:1].upper() + decision.question[1:] + ".")
        question.setWordWrap(True)
        layout.addWidget(question)
        self.buttons: list[QPushButton] = []
        for option in decision.options:
            button = QPushButton(option.label[:1].upper() + option.label[1:])
            button.setToolTip(f"{option.notation} ({option.rule})")
            button.clicked.connect(lambda _=False, a=option.action: self._choose(choose, a))
            layout.addWidget(button)
            self.buttons.append(button)

    def _choose(self, choose: Callable[[BattleChoice], bool], action: BattleChoice) -> None:
        if choose(action):
            self.accept()
