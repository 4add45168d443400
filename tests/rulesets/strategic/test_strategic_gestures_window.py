"""The strategic board's gestures for the actions beyond march and attack (issue 26), each
played with the mouse in the window: a rail move (Shift+click on a ringed hex), a ship's
voyage (pick the ship, click a ringed hex), embarking and landing, a brigade split off and
roster edits (Ctrl+click on a stack: its command menu), and the advance after a battle (a click
on the emptied hex)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gameapp.core.rulesets.strategic.actions import (
    Advance,
    Assign,
    Embark,
    Land,
    Rail,
    Release,
    Sail,
    SplitBrigade,
)
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Division, Ship, Vessel
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.present.strategic_gestures import rail_options, sail_options
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets.strategic.ui import StrategicUI
from tests.rulesets.strategic.battles import emptied_0503
from tests.rulesets.strategic.positions import add, command, hazel_game, state_of, to_phase
from tests.rulesets.strategic.windows import open_game
from tests.ui.play import aim, click_hex

U, C = Side.UNION, Side.CONFEDERATE


def ctrl_click(qtbot: QtBot, window: MainWindow, hex_id: str) -> QMenu:
    game = window.controller.game
    assert game is not None
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ControlModifier, aim(window, game.map.parse(hex_id)))
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI) and ui.stack_menu is not None
    return ui.stack_menu


def choose(menu: QMenu, text: str) -> None:
    """Trigger the menu entry that says `text` (and close the menu)."""
    entry = next(a for a in menu.actions() if a.text() == text)
    assert entry.isEnabled()
    entry.trigger()
    menu.close()


def rings(ui: StrategicUI) -> int:
    assert ui.transport is not None
    return ui.transport.ring_count


def test_shift_click_on_a_ringed_hex_goes_by_rail(qtbot: QtBot) -> None:
    game = hazel_game()
    command(game, "u3", at="0302")  # on the railroad, commanded, the movement phase
    window, ui = open_game(qtbot, game)
    m = game.map
    rails = rail_options(game, "u3")
    assert m.parse("0102") in rails  # Westport, two rail hexes up the line
    click_hex(qtbot, window, m.parse("0302"))
    while ui.tool.picked != "u3":  # the stack's pieces in turn
        click_hex(qtbot, window, m.parse("0302"))
    assert ui.tool.rails == rails and rings(ui) == len(rails)
    # 0102 is also in marching reach: a plain click would march; Shift asks for the rail
    assert m.parse("0102") in ui.tool.options
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, aim(window, m.parse("0102")))
    assert game.log[-1].action == Rail("u3", m.parse("0102"))
    assert state_of(game).pieces["u3"].hex == m.parse("0102")
    assert state_of(game).rail_used[U] > 0


def test_a_ship_is_picked_and_sails_to_a_ringed_hex_and_troops_embark_and_land(
        qtbot: QtBot) -> None:
    game = hazel_game()
    m = game.map
    add(game, Ship("ut", U, Vessel.TRANSPORT, 0, m.parse("0402"), capacity=6))
    add(game, Division("x", U, "x", Arm.INFANTRY, 5, 3, m.parse("0402")))
    command(game, "x", at="0402")
    window, ui = open_game(qtbot, game)

    menu = ctrl_click(qtbot, window, "0402")  # the stack's command menu
    texts = [a.text() for a in menu.actions()]
    assert "Embark x on ut (9.5)" in texts
    choose(menu, "Embark x on ut (9.5)")
    assert game.log[-1].action == Embark("x", "ut")

    sails = sail_options(game, "ut")
    click_hex(qtbot, window, m.parse("0402"))
    while ui.tool.picked != "ut":
        click_hex(qtbot, window, m.parse("0402"))
    assert ui.tool.sails == sails and rings(ui) == len(sails)
    to = m.parse("0403")
    assert to in sails
    click_hex(qtbot, window, to)
    assert game.log[-1].action == Sail("ut", sails[to].path)
    assert state_of(game).pieces["x"].hex == to  # carried aboard

    menu = ctrl_click(qtbot, window, "0403")
    choose(menu, "Land x (9.5)")
    assert game.log[-1].action == Land("x")
    unit_x = state_of(game).pieces["x"]
    assert isinstance(unit_x, Division) and unit_x.aboard is None


def test_ctrl_click_splits_a_brigade_and_edits_an_hqs_roster(qtbot: QtBot) -> None:
    game = hazel_game()
    window, _ui = open_game(qtbot, game)  # the Union command phase
    m = game.map
    banks = state_of(game).pieces["ii-corps"]
    assert isinstance(banks, HQ) and banks.roster == ("u1", "u2")
    menu = ctrl_click(qtbot, window, "0303")  # Banks's II Corps with u1 and u2
    texts = [a.text() for a in menu.actions()]
    split = next(t for t in texts if t.startswith("Split a brigade of") and "Williams" in t)
    choose(menu, split)
    action = game.log[-1].action
    assert isinstance(action, SplitBrigade) and action.division == "u1"
    assert f"of {action.sp} SP" in split

    to_phase(game, StrategicPhase.MOVEMENT)  # roster changes: the movement phase (16.16)
    menu = ctrl_click(qtbot, window, "0303")
    texts = [a.text() for a in menu.actions()]
    release = next(t for t in texts if t.startswith("Release"))
    choose(menu, release)
    released = game.log[-1].action
    assert isinstance(released, Release)
    hq = state_of(game).pieces["ii-corps"]
    assert isinstance(hq, HQ) and released.unit not in hq.roster
    menu = ctrl_click(qtbot, window, "0303")
    name = state_of(game).pieces[released.unit].name  # type: ignore[union-attr]
    choose(menu, f"Assign {name} to II Corps's roster (16.16)")
    assert game.log[-1].action == Assign(released.unit, "ii-corps")
    hq = state_of(game).pieces["ii-corps"]
    assert isinstance(hq, HQ) and released.unit in hq.roster
    assert m.hex_id(hq.hex) == "0303"


def test_a_click_on_the_emptied_hex_advances_after_the_battle(qtbot: QtBot) -> None:
    game = emptied_0503()  # x and y took 0503: c, 1 SP, is gone
    target = game.map.parse("0503")
    window, _ui = open_game(qtbot, game)
    click_hex(qtbot, window, target)
    assert game.log[-1].action == Advance(target, ("x", "y"))  # the strongest that fit
    assert state_of(game).pieces["x"].hex == target == state_of(game).pieces["y"].hex


def test_ctrl_click_where_nothing_applies_says_so(qtbot: QtBot) -> None:
    game = hazel_game()
    window, _ui = open_game(qtbot, game)
    menu = ctrl_click(qtbot, window, "1006")  # an empty mountain hex
    (entry,) = menu.actions()
    assert not entry.isEnabled() and "No command for this stack now" in entry.text()
    menu.close()
