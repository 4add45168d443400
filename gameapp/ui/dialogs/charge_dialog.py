"""The charge dialog: the whole breakdown before the roll, and what the roll did.

Before the roll it shows each side's SPs unit by unit, every step with its rule (the stacking
cap, formation, orientation, terrain, the rounding after each multiplication), the odds column
and its effect on morale, each checking unit's morale level term by term (8.41 defenders, 8.42
attackers), and the exact chance of each outcome, of each unit routing and of a leader falling.
**Roll** hands the charge to the caller (`roll`, which applies it through the undo stack) and
then shows what it did: the dice, the checks, casualties, routs and rout
movement, the advance. **Cancel** resolves nothing.

The dialog computes nothing: it renders `charge_text.charge_rows` and the lines it is given back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import QWidget

from gameapp.core.rules.charge.preview import ChargePreview
from gameapp.present.charge_text import ChanceRow, ChargeRows, SideRows, charge_rows
from gameapp.present.fire_text import StepRow, percent
from gameapp.present.html import Raw, para, table
from gameapp.ui.dialogs.fire_dialog import BAR, BAR_STEPS, STEP_WIDTHS
from gameapp.ui.dialogs.roll_dialog import RollDialog, RollOutcome

OUTCOME_INK = {"Defenders rout": "#1b5e20", "Attackers rout": "#c62828", "Both stand": "#9e9e9e"}
CHANCE_WIDTHS = (30, 10, 24, 36)

__all__ = ["ChargeDialog", "RollOutcome", "preview_html"]


class ChargeDialog(RollDialog):
    def __init__(self, preview: ChargePreview, target_id: str, roll: Callable[[], RollOutcome],
                 names: Mapping[str, str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(f"Charge on {target_id}", "charge_dialog", roll, 620, parent)
        self.preview = preview
        if preview.automatic is not None:
            self.roll_button.setText("&Resolve")  # decided without dice
        self.show_before(preview_html(charge_rows(preview, names), target_id))


def _steps(rows: list[StepRow]) -> str:
    return table(((r.rule, r.label, r.operation, f"→ {r.result}" if r.result else "")
                  for r in rows), right=(2, 3), widths=STEP_WIDTHS)


def _side_html(side: SideRows) -> str:
    parts = [para(f"{side.title}'s SPs, unit by unit (8.0)", bold=True)]
    if side.notes:
        parts.append(_steps(side.notes))
    for unit in side.units:
        parts.append(para(f"{unit.name} ({unit.unit_id}): {unit.sps} SPs"))
        parts.append(_steps(unit.steps))
    parts.append(para(f"{side.title}: {side.total} SPs", bold=True))
    return "".join(parts)


def _bar(chance: float, ink: str) -> Raw:
    length = max(1, round(chance * BAR_STEPS)) if chance else 0
    return Raw(f"<span style='color:{ink}'>{BAR * length}</span>")


def _chances(rows: list[ChanceRow], ink: Callable[[ChanceRow], str]) -> str:
    return table(((r.label, percent(r.chance), _bar(float(r.chance), ink(r)), r.meaning)
                  for r in rows), right=(1,), muted=(), widths=CHANCE_WIDTHS)


def preview_html(rows: ChargeRows, target_id: str) -> str:
    """The breakdown before the roll, as rich text."""
    parts = [f"<h3>Charge on {target_id}</h3>", _side_html(rows.attacker),
             _side_html(rows.defender), para("Odds (8.0)", bold=True)]
    parts.append(table(rows.odds, widths=(STEP_WIDTHS[0], 100 - STEP_WIDTHS[0])))
    if rows.levels:
        parts.append(para("Morale levels for the 7.33 check (a roll above the level routs)",
                          bold=True))
    for level in rows.levels:
        parts.append(para(f"{level.title}: morale level {level.level}"))
        parts.append(_steps(level.steps))
    if rows.automatic:
        parts.append(para(f"No roll: {rows.automatic}", bold=True))
    parts.append(para("Chance of each outcome (the defender's roll, then the "
                               "attacker's if any defender stands: 36 × 36 throws)", bold=True))
    parts.append(_chances(rows.outcomes, lambda r: OUTCOME_INK.get(r.label, "#555")))
    if rows.routs:
        parts.append(para("Chance each unit routs", bold=True))
        parts.append(_chances(rows.routs, lambda r: "#c62828" if r.meaning == "attacker"
                              else "#1b5e20"))
    if rows.leaders:
        parts.append(_chances(rows.leaders, lambda r: "#555"))
    return "".join(parts)
