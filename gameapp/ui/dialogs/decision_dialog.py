"""The question of a pending decision (retreat before combat, retire by prolong, one roll or one
each): whose it is, the question with its rule, and one button per option, each saying what it
does and the roll it needs. A button hands its option's action to `choose` and closes the dialog.
The dialog computes nothing: the engine's `PendingDecision` says it all."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from gameapp.core.actions import Decision
from gameapp.core.decisions import PendingDecision


class DecisionDialog(QDialog):
    def __init__(self, decision: PendingDecision, choose: Callable[[Decision], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decision = decision
        self._choose = choose
        self.setObjectName("decision_dialog")
        self.setWindowTitle(f"{decision.side.label}: {decision.kind.value}")
        self.question = QLabel(f"{decision.side.label}: {decision.question} ({decision.rule})")
        self.question.setTextFormat(Qt.TextFormat.PlainText)
        self.question.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.question)
        self.buttons: list[QPushButton] = []
        for option in decision.options:
            button = QPushButton(f"{option.label} ({option.rule})")
            button.setToolTip(option.notation)
            button.clicked.connect(lambda _=False, action=option.action: self.choose(action))
            layout.addWidget(button)
            self.buttons.append(button)

    def choose(self, action: Decision) -> None:
        if self._choose(action):
            self.accept()

    def plain_text(self) -> str:
        return "\n".join([self.question.text(), *(b.text() for b in self.buttons)])
