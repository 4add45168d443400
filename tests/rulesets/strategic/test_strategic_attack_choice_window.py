"""Choosing an attack's units one by one in the strategic battle dialog (issue 26): each unit of
the commanded force next to the target has a tick box (the rules' proposal ticked at first, a
unit that cannot attack greyed with its reason and rule); the odds, shifts and each outcome's
chance are remade as boxes are ticked; an attack the rules refuse shows the refusal with its
rule and cannot be rolled; Roll fights the ticked units."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack
from gameapp.core.rulesets.strategic.pieces import Arm
from gameapp.core.rulesets.strategic.previews import battle_preview
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.present.strategic_battle import exact_chance
from tests.rulesets.strategic.battles import commanded_force, empty_board, train, unit
from tests.rulesets.strategic.positions import to_phase
from tests.rulesets.strategic.windows import open_game
from tests.ui.play import click_hex

U, C = Side.UNION, Side.CONFEDERATE


def three_hexes() -> Game:
    """x (12 SP) and a garrison g at 0603, y (6) at 0602, z (4) at 0504, all next to c (6) at
    0503; 0602 and 0504 are not next to each other; far (2) in the force but not next to c."""
    game = empty_board()
    unit(game, "x", U, "0603", 12)
    unit(game, "g", U, "0603", 2, arm=Arm.GARRISON)
    unit(game, "y", U, "0602", 6)
    unit(game, "z", U, "0504", 4)
    unit(game, "far", U, "0604", 2)
    unit(game, "c", C, "0503", 6)
    train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", "g", "ut"], "0602": ["y"], "0504": ["z"],
                           "0604": ["far"]})
    return game


def test_ticking_units_remakes_the_odds_and_roll_fights_the_ticked_ones(qtbot: QtBot) -> None:
    game = three_hexes()
    window, ui = open_game(qtbot, game)
    target = game.map.parse("0503")
    click_hex(qtbot, window, target)
    dialog = ui.battle_dialog
    assert dialog is not None and dialog.isVisible()
    # the units next to c, strongest first; far is not next to it; the garrison is greyed
    boxes = dialog.findChildren(QCheckBox)  # each unit once, though in two forces
    assert [b.objectName() for b in boxes] == [f"attacker_{u}" for u in ("x", "y", "z", "g")]
    assert list(dialog.boxes) == ["x", "y", "z", "g"]
    assert not dialog.boxes["g"].isEnabled()
    assert "cannot: g (garrison) cannot attack (R&C strategic combat)" in (
        dialog.boxes["g"].text().replace("&&", "&"))
    assert dialog.ticked() == ("x", "y")  # the rules' proposal: the strongest pair of hexes
    assert dialog.preview == battle_preview(game, Attack(target, ("x", "y")))
    assert "attack 18 against defence 6: column 3:1" in dialog.plain_text()

    dialog.tick("y", False)  # x alone: 12 against 6
    assert dialog.preview == battle_preview(game, Attack(target, ("x",)))
    text = dialog.plain_text()
    assert "attack 12 against defence 6: column 2:1" in text
    for r in dialog.preview.results:  # every chance remade
        assert f"{exact_chance(r.chance)}: {r.outcome.text}" in text
    assert dialog.roll_button.isEnabled()

    dialog.tick("y", True)
    dialog.tick("z", True)  # three hexes, 0602 and 0504 apart: refused, with the rule
    assert dialog.preview is None and not dialog.roll_button.isEnabled()
    assert ("x, y, z on 0503: the attackers must stand in at most two hexes next to each "
            "other (004 8.21)") in dialog.plain_text()

    for u in ("x", "y", "z"):
        dialog.tick(u, False)
    assert not dialog.roll_button.isEnabled() and "tick the units" in dialog.plain_text()

    dialog.tick("x", True)
    dialog.tick("z", True)  # 0603 and 0504 are next to each other: 16 against 6
    assert "attack 16 against defence 6" in dialog.plain_text()
    game.dice.forced = [3]
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert game.log[-1].action == Attack(target, ("x", "z"))
    assert dialog.fought is not None
    assert not any(box.isEnabled() for box in dialog.boxes.values())  # fought: no more ticks
