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

from PySide6.QtWidgets import QWidget

from gameapp.core.units import UnitKind
from gameapp.present.fire import TargetOption
from gameapp.present.fire_text import PlanRows, StepRow, percent, plan_rows, signed
from gameapp.present.html import Raw, para, table
from gameapp.ui.dialogs.roll_dialog import RollDialog, RollOutcome

BAR = "█"
BAR_STEPS = 18  # a bar this long is a certainty
BAR_INK = {"N": "#9e9e9e", "A": "#f29d12", "C": "#c62828", "o": "#1b2f5e"}  # by first letter
STEP_WIDTHS = (24, 52, 12, 12)  # rule, label, operation, running figure


class FireDialog(RollDialog):
    def __init__(self, option: TargetOption, target_id: str, roll: Callable[[], RollOutcome],
                 parent: QWidget | None = None) -> None:
        super().__init__(f"Fire at {target_id}", "fire_dialog", roll, 600, parent)
        assert option.plan is not None, "only a legal attack is offered"
        self.option = option
        self.show_before(plan_html(plan_rows(option.plan), target_id, _target_words(option)))


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
