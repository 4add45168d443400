"""The combat dialog's Aim at list: the personnel, the guns, an officer (6.75); each aim shows
the engine's own breakdown, and Roll fires the attack so aimed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp.core.actions import EndPhase, Fire, Pass
from gameapp.core.dice import Dice
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, artillery, blank_map, infantry, leader, place

from .boards import make_scenario
from .play import click_hex, game_of, open_window


def test_aiming_at_the_guns_and_at_an_officer(qtbot: QtBot) -> None:
    # Union 8-SP rifles (u) at 0606; in 0605 a 4-gun battery (g), 4 SPs of infantry (c) and an
    # officer (L). At personnel the density is 4 + 4 x 2 = 12 SPs: +6; at the guns 4 gun SPs:
    # -4; at the officer the density is the personnel's again, plus the officer term.
    m = blank_map()
    window = open_window(qtbot, make_scenario(m, [
        place(infantry("u", strength=8), m, "0606", N),
        place(artillery("g", Side.CONFEDERATE, strength=4), m, "0605", S, Formation.UNLIMBERED),
        place(infantry("c", Side.CONFEDERATE, strength=4), m, "0605", S),
        place(leader("L", Side.CONFEDERATE), m, "0605"),
    ]))
    game = game_of(window)
    window.controller.apply(EndPhase())
    window.controller.apply(Pass())
    click_hex(qtbot, window, m.parse("0606"))
    click_hex(qtbot, window, m.parse("0605"))
    dialog = window.ruleset_ui.fire_presenter.dialog
    assert dialog is not None
    labels = [dialog.aim.itemText(i) for i in range(dialog.aim.count())]
    assert labels[0].startswith("the personnel") and labels[1].startswith("the guns")
    assert labels[2].startswith("officer") and "(6.75)" in labels[2]
    text = dialog.plain_text()
    assert "target density 12 SPs (artillery personnel count double)\n+6" in text
    assert "Aimed at the personnel: the artillery crews count double (6.63)" in text

    dialog.aim.setCurrentIndex(2)
    text = dialog.plain_text()
    assert "Aimed at an officer: the first casualty step incapacitates him (6.75, 6.77)" in text
    assert "target is an officer" in text

    dialog.aim.setCurrentIndex(1)
    text = dialog.plain_text()
    assert "target density 4 gun SPs\n-4" in text and "Aimed at the guns" in text
    game.dice = Dice.forcing([66, 11, 11, 11])  # 66 - 4 = 62: C1, off the battery
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert game.log[-1].action == Fire(("u",), m.parse("0605"), at_guns=True)
    assert game.log[-1].notation.startswith("fire u 0605 at=guns")
    assert game.state.units["g"].losses == 1
