"""The strategic battle dialog: the attacker's units, one tick box each (the rules' proposed
attack ticked at first; a unit that cannot attack at all greyed with its reason and rule);
before the die, the odds with each strength term, the column shifts, the die modifier, the
combat supply and each outcome's exact chance, remade as the boxes are ticked (or the rules'
refusal of the ticked units, with its rule, and Roll disabled); **Roll** hands the attack to the
controller and then shows the die, the outcome and the losses spread over the units, each with
the reason it fell there. The dialog computes nothing: it renders
`gameapp/present/strategic_battle.py`'s boxes, plans and sections."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QGroupBox, QScrollArea, QVBoxLayout, QWidget

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.rulesets.strategic.actions import Attack
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.odds import BattlePreview
from gameapp.present.html import para
from gameapp.present.strategic_battle import AttackerBox, AttackPlan, result_sections
from gameapp.ui.dialogs.roll_dialog import RollDialog, RollOutcome

Fight = Callable[[Attack], BattleFought | IllegalActionError | list[str]]


def sections_html(sections: list[tuple[str, list[str]]]) -> str:
    return "".join(para(title, bold=True) + "".join(para(line) for line in lines)
                   for title, lines in sections)


def result_lines(event: BattleFought, name: Callable[[str], str]) -> list[str]:
    """The roll dialog's result lines: the roll first (bold), then each section's lines."""
    sections = result_sections(event, name)
    lines = list(sections[0][1])
    for title, rows in sections[1:]:
        lines.append(title)
        lines += [f"  {row}" for row in rows]
    return lines


class BattleDialog(RollDialog):
    def __init__(self, title: str, boxes: list[AttackerBox], proposal: Attack,
                 plan_of: Callable[[tuple[str, ...]], AttackPlan], fight: Fight,
                 name: Callable[[str], str], parent: QWidget | None = None) -> None:
        super().__init__(title, "strategic_battle_dialog", lambda: self._fight(), 640, parent)
        self._plan_of = plan_of
        self._fight_it = fight
        self._name = name
        self.fought: BattleFought | None = None
        self.boxes: dict[str, QCheckBox] = {}
        group = QGroupBox("Attacking units (tick those that attack)")
        column = QVBoxLayout(group)
        for box in boxes:
            tick = QCheckBox(box.text.replace("&", "&&"))  # 'R&C': no mnemonic
            tick.setObjectName(f"attacker_{box.unit}")
            tick.setChecked(box.unit in proposal.attackers and box.enabled)
            tick.setEnabled(box.enabled)
            tick.toggled.connect(self._ticked)
            column.addWidget(tick)
            self.boxes[box.unit] = tick
        scroll = QScrollArea()
        scroll.setWidget(group)
        scroll.setWidgetResizable(True)
        scroll.setMaximumHeight(min(60 + 26 * len(boxes), 200))
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(0, scroll)
        self.plan: AttackPlan = plan_of(self.ticked())
        self._show_plan()

    @property
    def preview(self) -> BattlePreview | None:
        """The battle the ticked units would fight (None: the rules refuse it)."""
        return self.plan.preview

    def ticked(self) -> tuple[str, ...]:
        return tuple(unit for unit, tick in self.boxes.items() if tick.isChecked())

    def tick(self, unit: str, on: bool) -> None:
        self.boxes[unit].setChecked(on)

    def _ticked(self) -> None:
        if self.rolled:
            return
        self.plan = self._plan_of(self.ticked())
        self._show_plan()

    def _show_plan(self) -> None:
        self.show_before(sections_html(self.plan.sections))
        self.roll_button.setEnabled(self.plan.allowed)

    def _fight(self) -> RollOutcome:
        outcome = self._fight_it(self.plan.action)
        if isinstance(outcome, IllegalActionError | list):
            return outcome  # a refusal, or what happened instead (a campaign's offer)
        self.fought = outcome
        for tick in self.boxes.values():
            tick.setEnabled(False)
        return result_lines(outcome, self._name)
