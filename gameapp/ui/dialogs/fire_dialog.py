"""The combat dialog of a fire attack: the whole breakdown before the roll, and what the roll did.

Before the roll it shows each firer's fire-point steps with their rules, the attack's own steps
(adding up, the target's formation and morale), the FCRT column, every dice-roll modifier with
its rule and the exact chance of each result over the 36 throws. **Roll** hands the attack to
the controller (`roll`, which applies it through the undo stack) and then shows the dice, the
modified roll, the result, the casualties and each morale check. **Cancel** fires nothing.

The dialog computes nothing: it renders `fire_text.plan_rows` and the lines it is given back.
"""

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
from gameapp.core.units import UnitKind
from gameapp.ui.fire import TargetOption
from gameapp.ui.fire_text import PlanRows, StepRow, percent, plan_rows, signed
from gameapp.ui.html import REFUSAL_INK, Raw, para, table

BAR = "█"
BAR_STEPS = 18  # a bar this long is a certainty
BAR_INK = {"N": "#9e9e9e", "A": "#f29d12", "C": "#c62828", "o": "#1b2f5e"}  # by first letter
STEP_WIDTHS = (24, 52, 12, 12)  # rule, label, operation, running figure

# What a roll gives back: the lines saying what it did, or the engine's refusal.
RollOutcome = list[str] | IllegalActionError


class FireDialog(QDialog):
    def __init__(self, option: TargetOption, target_id: str, roll: Callable[[], RollOutcome],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        assert option.plan is not None, "only a legal attack is offered"
        self.option = option
        self._roll = roll
        self.rolled = False
        self.setWindowTitle(f"Fire at {target_id}")
        self.setObjectName("fire_dialog")
        self.browser = QTextBrowser()
        self.browser.setMinimumSize(600, 560)
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
        self._plan_html = plan_html(plan_rows(option.plan), target_id, _target_words(option))
        self._result_html = ""
        self._render()

    def roll(self) -> None:
        """Apply the attack (once) and show what it did."""
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
        self.browser.setHtml(self._plan_html + self._result_html)


def _target_words(option: TargetOption) -> str:
    assert option.plan is not None
    parts = []
    for u in option.plan.target.units:
        if u.kind is UnitKind.LEADER:
            parts.append(f"{u.defn.name} ({u.id}), officer")
        else:
            parts.append(f"{u.defn.name} ({u.id}), {u.strength} SPs in {u.formation.value}")
    return "; ".join(parts)


def _steps(rows: list[StepRow]) -> str:
    return table(((r.rule, r.label, r.operation, f"→ {r.result}" if r.result else "")
                  for r in rows), right=(2, 3), widths=STEP_WIDTHS)


def _bar(result: str, chance: float) -> Raw:
    ink = BAR_INK.get(result[:1], "#555")
    length = max(1, round(chance * BAR_STEPS)) if chance else 0
    return Raw(f"<span style='color:{ink}'>{BAR * length}</span>")


def plan_html(rows: PlanRows, target_id: str, target: str) -> str:
    """The breakdown before the roll, as rich text."""
    parts = [f"<h3>Fire at {target_id}</h3>", para(f"Target: {target}")]
    parts.append(para("Fire points, firer by firer (6.0 steps 1–4)", bold=True))
    for firer in rows.firers:
        hexes = f"{firer.distance} hex" + ("" if firer.distance == 1 else "es")
        head = f"{firer.name} ({firer.unit_id}), at {hexes}"
        parts.append(para(head if firer.fires else f"{head}: does not fire"))
        parts.append(_steps(firer.steps))
    parts.append(para("The attack (steps 5–8)", bold=True))
    parts.append(_steps(rows.attack))
    parts.append(para(f"{rows.total} fire points: column {rows.column}", bold=True))
    parts.append(para("Dice-roll modifiers", bold=True))
    modifiers = [(t.rule, t.label, signed(t.value), "") for t in rows.modifiers]
    total = ("", "total", signed(rows.modifier_total), "")
    parts.append(table(modifiers, total, right=(2,), widths=STEP_WIDTHS)
                 if modifiers else para("none"))
    parts.append("<br>" + para("Chance of each result (the 36 throws of two dice)", bold=True))
    odds = [(r.result, percent(r.chance), _bar(r.result, float(r.chance)), r.meaning)
            for r in rows.odds]
    parts.append(table(odds, right=(1,), muted=(), widths=(12, 10, 30, 48)))
    return "".join(parts)


def result_html(lines: list[str]) -> str:
    """What the roll did: the first line (dice, modified roll, result) in bold."""
    if not lines:
        return para("The attack was made.")
    body = [para(lines[0], bold=True)]
    body += [para(line.strip(), "#555" if line.startswith(" ") else "") for line in lines[1:]]
    return para("Result", bold=True) + "".join(body)
