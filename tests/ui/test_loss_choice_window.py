"""The 6.76 question in the window: one button per unit that may take the next casualty step,
each naming the unit, its SPs left and the rule; a click answers it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp.core.actions import Decision
from gameapp.ui.dialogs.decision_dialog import DecisionDialog
from tests.core.test_fire_losses_choice import fired_at_personnel


def test_the_loss_question_names_each_unit_and_the_rule(qtbot: QtBot) -> None:
    # C2 on the hex of g (4 guns) and c (4 infantry SPs): two steps to give, one at a time
    game, _ = fired_at_personnel()
    decision = game.pending_decision
    assert decision is not None

    def choose(action: Decision) -> bool:
        game.apply(action)
        return True

    dialog = DecisionDialog(decision, choose)
    qtbot.addWidget(dialog)
    text = dialog.plain_text()
    assert "which unit takes the next one?" in text and "(6.76)" in text
    assert [b.text() for b in dialog.buttons] == [
        "c (c, infantry, 4 SPs left) takes it (6.76)",
        "g (g, artillery, 4 SPs left) takes it (6.76)"]
    qtbot.mouseClick(dialog.buttons[0], Qt.MouseButton.LeftButton)
    assert game.state.units["c"].losses == 1
    assert game.log[-1].notation == "loss c"
