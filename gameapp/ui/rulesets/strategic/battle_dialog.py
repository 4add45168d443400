"""The strategic battle dialog: before the die, the odds with each strength term, the column
shifts, the die modifier, the combat supply and each outcome's exact chance; **Roll** hands the
attack to the controller and then shows the die, the outcome and the losses spread over the
units, each with the reason it fell there. The dialog computes nothing: it renders the
sections of `gameapp/present/strategic_battle.py`."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.odds import BattlePreview
from gameapp.present.html import para
from gameapp.present.strategic_battle import HexId, preview_sections, result_sections
from gameapp.ui.dialogs.roll_dialog import RollDialog, RollOutcome


def sections_html(sections: list[tuple[str, list[str]]]) -> str:
    return "".join(para(title, bold=True) + "".join(para(line) for line in lines)
                   for title, lines in sections)


def result_lines(event: BattleFought) -> list[str]:
    """The roll dialog's result lines: the roll first (bold), then each section's lines."""
    sections = result_sections(event)
    lines = list(sections[0][1])
    for title, rows in sections[1:]:
        lines.append(title)
        lines += [f"  {row}" for row in rows]
    return lines


class BattleDialog(RollDialog):
    def __init__(self, preview: BattlePreview, hex_id: HexId,
                 fight: Callable[[], BattleFought | IllegalActionError | list[str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(f"Battle at {hex_id(preview.target)}", "strategic_battle_dialog",
                         lambda: self._fight(), 640, parent)
        self.preview = preview
        self._fight_it = fight
        self.fought: BattleFought | None = None
        self.show_before(sections_html(preview_sections(preview, hex_id)))

    def _fight(self) -> RollOutcome:
        outcome = self._fight_it()
        if isinstance(outcome, IllegalActionError | list):
            return outcome  # a refusal, or what happened instead (a campaign's offer)
        self.fought = outcome
        return result_lines(outcome)
