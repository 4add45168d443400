"""Note 3 in the window: a fire at a two-unit stack asks the stack's owner, in the decision
dialog, for one roll or one each, with the units and their morale levels; "one roll" throws one
d66 for both, and the log says so."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp.core.actions import EndPhase, Pass
from gameapp.core.decisions import DecisionKind
from gameapp.core.dice import Dice
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, infantry, place

from .boards import make_scenario
from .play import click_hex, game_of, open_window


def test_a_fire_at_a_stack_asks_and_one_roll_serves_both(qtbot: QtBot) -> None:
    m = blank_map()
    units = [place(infantry("u"), m, "0606", N),
             place(infantry("c1", Side.CONFEDERATE, 4), m, "0604", S),
             place(replace(infantry("c2", Side.CONFEDERATE, 4), morale=45), m, "0604", S)]
    window = open_window(qtbot, make_scenario(m, units))
    game, presenter = game_of(window), window.ruleset_ui.charge_presenter
    window.controller.apply(EndPhase())
    window.controller.apply(Pass())  # the Confederates pass; the Union shoots
    click_hex(qtbot, window, m.parse("0606"))
    click_hex(qtbot, window, m.parse("0604"))
    fire_dialog = window.ruleset_ui.fire_presenter.dialog
    assert fire_dialog is not None and fire_dialog.isVisible()

    game.dice = Dice.forcing([63, 41])  # C1 (63 + 2 density = 65), then the stack's one roll
    qtbot.mouseClick(fire_dialog.roll_button, Qt.MouseButton.LeftButton)
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.STACK_ROLL
    assert "Confederate to decide" in window.phase_bar.plain_text()  # not "to fire"
    asked = presenter.decision_dialog  # the Confederate player is asked
    assert asked is not None and asked.isVisible() and asked.decision == decision
    text = asked.plain_text()
    assert "Confederate: 2 units in 0604 must check morale" in text
    assert "c1: 7.31 check against level 35 (printed 35)" in text
    assert "c2: 7.31 check against level 45 (printed 45)" in text
    one = asked.buttons[0]
    assert one.text().startswith("one roll for the stack, read against each unit's own level: "
                                 "all hold 44.4%")
    qtbot.mouseClick(one, Qt.MouseButton.LeftButton)

    assert game.pending_decision is None and presenter.decision_dialog is None
    lines = window.log_panel.lines()
    assert any(line.endswith("stack-roll one  [rolled 41 (morale 0604: one roll for the "
                             "stack)]") for line in lines)
    notes = [line.strip() for line in lines]
    assert notes.count("Morale N3 one roll for the stack 0") == 2  # the same roll, c1 and c2
    assert "7.31 morale check of c1" in notes and "7.31 morale check of c2" in notes
    assert notes.count("roll 41") == 2
