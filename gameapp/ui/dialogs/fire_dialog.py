"""The combat dialog of a fire attack: the whole breakdown before the roll, and what the roll did.

Before the roll it shows each firer's fire-point steps with their rules, the attack's own steps
(adding up, the target's formation and morale), the FCRT column, every dice-roll modifier with
its rule and the exact chance of each result over the 36 throws. **Roll** hands the attack to
the controller (`roll`, which applies it through the undo stack) and then shows the dice, the
modified roll, the result, the casualties and each morale check. **Cancel** fires nothing.

An **Aim at** list above the breakdown offers the aims the present layer lists (`fire.aims`):
the personnel, the guns, an officer (6.75); choosing one shows the engine's plan of that attack
(or its refusal) and Roll fires it.

The dialog computes nothing: it renders `fire_text.plan_rows` and the lines it is given back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QFormLayout, QVBoxLayout, QWidget

from gameapp.core.actions import Fire
from gameapp.core.units import UnitKind
from gameapp.present.fire import Aim, TargetOption
from gameapp.present.fire_text import PlanRows, StepRow, percent, plan_rows, signed
from gameapp.present.html import REFUSAL_INK, Raw, para, table
from gameapp.ui.dialogs.roll_dialog import RollDialog, RollOutcome

BAR = "█"
BAR_STEPS = 18  # a bar this long is a certainty
BAR_INK = {"N": "#9e9e9e", "A": "#f29d12", "C": "#c62828", "o": "#1b2f5e"}  # by first letter
STEP_WIDTHS = (24, 52, 12, 12)  # rule, label, operation, running figure


class FireDialog(RollDialog):
    def __init__(self, option: TargetOption, target_id: str,
                 roll: Callable[[TargetOption], RollOutcome],
                 parent: QWidget | None = None, aims: list[Aim] | None = None,
                 plan: Callable[[Fire], TargetOption] | None = None) -> None:
        super().__init__(f"Fire at {target_id}", "fire_dialog", lambda: roll(self.option),
                         600, parent)
        assert option.plan is not None, "only a legal attack is offered"
        self.option = option
        self.target_id = target_id
        self._plan = plan
        self._target = _target_words(option)
        self.aim = QComboBox()
        for aim in aims or [Aim("the personnel (crews included)", option.action)]:
            self.aim.addItem(aim.label, aim.action)
        self.aim.setEnabled(self.aim.count() > 1 and plan is not None)
        self.aim.currentIndexChanged.connect(self._aimed)
        row = QWidget()
        form = QFormLayout(row)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Aim at", self.aim)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(0, row)
        self._show(option)

    def _aimed(self, index: int) -> None:
        action = self.aim.itemData(index)
        if self._plan is not None and isinstance(action, Fire):
            self._show(self._plan(action))

    def _show(self, option: TargetOption) -> None:
        self.option = option
        if option.plan is None:
            refusal = option.refusal
            words = f"{refusal.reason} ({refusal.rule})" if refusal else "not allowed"
            self.roll_button.setEnabled(False)
            self.show_before(f"<h3>Fire at {self.target_id}</h3>"
                             + para(f"Target: {self._target}")
                             + para(f"Not allowed: {words}", REFUSAL_INK, bold=True))
            return
        self.roll_button.setEnabled(True)
        self.show_before(plan_html(plan_rows(option.plan), self.target_id, self._target))


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
    if rows.aim:
        parts.append(para(f"Aimed at {rows.aim}", bold=True))
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
