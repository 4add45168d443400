"""The strategic battle dialog and the supply overlay in the window (issue 26): a click on an
enemy stack the commanded force can attack opens the battle before the die (odds, every
strength term, the shifts, the modifier, each outcome's exact chance adding up to 1); Roll
fights it and the dialog spreads the losses over the units with each reason. The supply overlay
colours the side's stacks in and out of supply and draws the selected stack's path to its
source."""

from __future__ import annotations

import html
from collections import Counter
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.previews import battle_preview
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.present.strategic_battle import exact_chance
from gameapp.ui.rulesets.strategic.ui import SUPPLIED, UNSUPPLIED
from tests.rulesets.strategic.battles import commanded_force, empty_board, train, unit
from tests.rulesets.strategic.positions import to_phase
from tests.rulesets.strategic.windows import open_game
from tests.ui.play import click_hex

U, C = Side.UNION, Side.CONFEDERATE


def two_hex_attack() -> Game:
    """x (12 SP) at 0603 and y (6) at 0602 next to c (6) at 0503; a train with 5 supply points
    beside x; a Union unit far off at 1006, cut off; the Union combat phase, the army
    commanded."""
    game = empty_board()
    unit(game, "x", U, "0603", 12)
    unit(game, "y", U, "0602", 6)
    unit(game, "c", C, "0503", 6)
    unit(game, "far", U, "1006", 2)
    train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", "ut"], "0602": ["y"]}, tactical=1)
    return game


def test_a_click_on_the_enemy_opens_the_battle_and_roll_spreads_the_losses(
        qtbot: QtBot) -> None:
    game = two_hex_attack()
    window, ui = open_game(qtbot, game)
    m = game.map
    click_hex(qtbot, window, m.parse("0503"))  # the Confederate stack next to the force
    dialog = ui.battle_dialog
    assert dialog is not None and dialog.isVisible()
    preview = dialog.preview
    assert preview == battle_preview(game, Attack(m.parse("0503"), ("x", "y")))
    before = dialog.plain_text()
    # 18 SP against 6 in the open: 3:1; the General's tactical +1 shifts the die
    assert "attack 18 against defence 6: column 3:1" in before
    assert "x x: +12 (R&C strategic combat)" in before
    assert "General leads the attack: +1" in before
    assert "drawn from ut: +2 (R&C strategic combat supply)" in before
    assert sum((r.chance for r in preview.results), Fraction(0)) == 1
    for r in preview.results:  # each outcome with its exact chance, before the die
        assert f"{exact_chance(r.chance)}: {r.outcome.text}" in before
    assert "in all 1 in 1 (100.0%)" in before

    game.dice.forced = [3]
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    fought = dialog.fought
    assert isinstance(fought, BattleFought) and fought.roll == 3
    assert isinstance(game.log[-1].action, Attack)
    after = dialog.plain_text()
    assert f"rolled 3: {fought.outcome}" in after
    assert f"Attacker's losses: {fought.attacker_loss} SP" in after
    assert f"Defender's losses: {fought.defender_loss} SP" in after
    for line in (*fought.attacker_lines, *fought.defender_lines):  # every SP with its reason
        assert f"{line.why} ({line.rule})" in after
    assert dialog.cancel_button.text() == "&Close"
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_the_battle_result_names_each_unit_that_lost(qtbot: QtBot) -> None:
    """The loss lines after the die read the units' names, not their ids."""
    game = empty_board()
    unit(game, "x", U, "0603", 12, name="King's Division")
    unit(game, "c", C, "0503", 6, name="Ewell's Division")
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x"]})
    window, ui = open_game(qtbot, game)
    click_hex(qtbot, window, game.map.parse("0503"))
    dialog = ui.battle_dialog
    assert dialog is not None
    game.dice.forced = [6]
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    fought = dialog.fought
    assert isinstance(fought, BattleFought)
    after = dialog.plain_text()
    lost: Counter[str] = Counter()
    for line in (*fought.attacker_lines, *fought.defender_lines):
        lost[line.piece] += line.sp
    del lost[""]  # notes that fall on no unit
    assert lost, "the forced roll must cost someone SP"
    names = {"x": "King's Division", "c": "Ewell's Division"}
    for piece, sp in lost.items():
        assert f"{names[piece]} loses {sp} SP" in after
        assert f"{piece} loses" not in after


def test_the_supply_overlay_shows_in_and_out_of_supply_and_the_path(qtbot: QtBot) -> None:
    game = two_hex_attack()
    window, ui = open_game(qtbot, game)
    m = game.map
    assert ui.supply_fill is not None and ui.supply_path is not None
    assert not ui.supply_fill.hexes  # off until asked for
    ui.panel.supply_toggle.setChecked(True)
    fills = ui.supply_fill.hexes
    assert fills[m.parse("0603")] == QColor(SUPPLIED)  # on the train
    assert fills[m.parse("0602")] == QColor(SUPPLIED)
    assert fills[m.parse("1006")] == QColor(UNSUPPLIED)  # cut off
    assert m.parse("0503") not in fills  # the enemy's supply is not the Union's to see

    window.controller.end_phase()  # a click on y's stack in the Confederate phase...
    ui.select_hex(m.parse("0602"))
    assert ui.supply is not None and ui.supply.side is C  # the overlay follows the side to play
    ui.panel.supply_toggle.setChecked(False)
    assert not ui.supply_fill.hexes and not ui.supply_path.hexes


def test_the_supply_path_of_a_selected_stack_is_drawn_with_its_words(qtbot: QtBot) -> None:
    game = empty_board()
    unit(game, "x", U, "0304", 4)  # Union ground, two hexes from the railroad at 0302
    window, ui = open_game(qtbot, game)
    m = game.map
    ui.panel.supply_toggle.setChecked(True)
    click_hex(qtbot, window, m.parse("0304"))
    assert ui.supply is not None
    path = ui.supply.path(m.parse("0304"))
    assert ui.supply_path is not None and ui.supply_path.hexes == path
    assert len(path) > 1 and path[0] == m.parse("0304")
    what, far = ui.supply.net.reach[m.parse("0304")]
    assert far == len(path) - 1
    text = html.unescape(ui.panel.supply.text())  # the label is rich text
    assert f"0304: in supply, {far} hex(es) to {what}" in text
    assert " → ".join(m.hex_id(h) for h in path) in text
