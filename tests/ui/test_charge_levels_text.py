"""The charge dialog's morale levels (8.41, 8.42), from the preview of
tests/present/test_charge_text.py."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gameapp.ui.dialogs.charge_dialog import ChargeDialog
from tests.present.test_charge_text import preview


def test_the_dialog_shows_them(qtbot: QtBot) -> None:
    dialog = ChargeDialog(preview(), "0604", lambda: [], {"CS-1": "1st Texas"})
    qtbot.addWidget(dialog)
    text = dialog.plain_text()
    # with the open flanks and what fire would subtract (tests/present/test_charge_text.py)
    assert "Defender 1st Texas (CS-1), 8.41: morale level 21" in text
    assert "Attacker US-1 (US-1), 8.42: morale level 42" in text
    assert "left flank 0704: no formed unit" in text
