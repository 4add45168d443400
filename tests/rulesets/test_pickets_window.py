"""The Pickets ruleset in the window: its own tool and dock, registered by name, with no edit to
the main window or the board view; its moves go through the controller, undo and the log."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from gameapp.core.dice import Dice
from gameapp.ui.app import build_window
from gameapp.ui.main_window import MainWindow
from tests.rulesets.pickets import Advance
from tests.rulesets.pickets.ui import PicketsUI
from tests.ui.play import board_of, click_hex, game_of

SCENARIO = Path(__file__).parent / "pickets" / "skirmish.yaml"


def open_pickets(qtbot: QtBot) -> MainWindow:
    window = build_window(str(SCENARIO))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(1.0)
    return window


def test_the_window_plays_pickets_with_its_tool_and_dock(qtbot: QtBot) -> None:
    window = open_pickets(qtbot)
    ui = window.ruleset_ui
    assert isinstance(ui, PicketsUI) and window.ruleset_name == "pickets"
    docks = {d.objectName() for d in window.findChildren(QDockWidget) if d.isVisible()}
    assert docks == {"pickets_dock", "log_dock"}  # none of the tactical docks
    game = game_of(window)
    m = game.map
    assert {u.id for u in board_of(window).units_at(m.parse("0604"))} == {"u1"}  # drawn

    click_hex(qtbot, window, m.parse("0604"))  # pick u1
    click_hex(qtbot, window, m.parse("0605"))  # an empty neighbour: advance (P1)
    assert game.log[-1].action == Advance("u1", m.parse("0605"))
    assert game.log[-1].notation == "advance u1 0605"
    assert "u1" in {u.id for u in board_of(window).units_at(m.parse("0605"))}
    assert "u1 at 0605" in ui.roster.text()
    assert window.log_panel.lines()[-1].endswith("advance u1 0605")

    window.controller.undo_stack.undo()  # a move with no die: it can be taken back
    assert game.state.units["u1"].hex == m.parse("0604")

    click_hex(qtbot, window, m.parse("0604"))
    click_hex(qtbot, window, m.parse("0605"))
    window.controller.end_phase()  # the Confederates' step
    game.dice = Dice(forced=[5])
    click_hex(qtbot, window, m.parse("0606"))  # pick c1
    click_hex(qtbot, window, m.parse("0605"))  # skirmish with u1: 5 drives it off (P2)
    assert "u1" not in game.state.units
    assert "Skirmish: u1 driven off: the die 5 (P2), drives off on 5 (P2)" in ui.roster.text()
    assert not board_of(window).units_at(m.parse("0605"))
