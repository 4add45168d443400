"""The question of a pending decision (retreat before combat, retire by prolong, one roll or one
each): whose it is, the question with its rule, and one button per option, each saying what it
does and the roll it needs (for one roll or one each: the exact chances under each). A note-3
question also lists the units that must check, each with its morale level and its terms. A
button hands its option's action to `choose` and closes the dialog. The dialog computes nothing:
the engine's `PendingDecision` says it all."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from gameapp.core.actions import Decision
from gameapp.core.decisions import DueCheck, PendingDecision
from gameapp.core.rules.stack_roll import morale_level


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
        self.units = QLabel("\n".join(check_line(c) for c in decision.checks))
        self.units.setObjectName("decision_units")
        self.units.setTextFormat(Qt.TextFormat.PlainText)
        self.units.setVisible(bool(decision.checks))
        layout.addWidget(self.units)
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
        units = [self.units.text()] if self.decision.checks else []
        return "\n".join([self.question.text(), *units, *(b.text() for b in self.buttons)])


def check_line(check: DueCheck) -> str:
    """One unit of a note-3 question: its check, its level and the terms that make it."""
    terms = [f"printed {check.printed}", *(str(t) for t in check.level_terms)]
    roll = "; roll " + ", ".join(str(t) for t in check.roll_terms) if check.roll_terms else ""
    return (f"{check.unit_id}: {check.kind} check against level {morale_level(check)} "
            f"({', '.join(terms)}){roll}")
