"""A rout caused by fire, through the window: while the combat dialog waits for its roll the
board previews the target's rout paths; after the roll the engine asks the owner to pick
between the two equally good paths (7.6), the board draws both and a click takes one.

The position is tests/core/test_rout_pick.py's: the routed US-1 at 0507 (a creek on its N
side) routs 4 hexes towards its own edge xx01 along 0406 0405 0404 0403 (the engine's first)
or 0606 0605 0604 0603; CS-1 (8 SPs) fires from 0508.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp.core.dice import Dice
from gameapp.core.events import RoutMoved
from gameapp.core.phases import Phase
from gameapp.core.units import Side
from gameapp.present.retreat_text import PathRole
from gameapp.ui import settings
from gameapp.ui.main_window import MainWindow
from tests.core.positions import N, game_on, infantry, place
from tests.core.test_rout_pick import edged_map, union_router

from .play import click_hex, game_of, open_window

WEST = ["0507", "0406", "0405", "0404", "0403"]
EAST = ["0507", "0606", "0605", "0604", "0603"]


def fire_at_the_router(qtbot: QtBot) -> MainWindow:
    """The window on the position above, in the Confederate shot: CS-1 at 0508 has aimed at
    US-1 in 0507 and the combat dialog waits for its roll."""
    m = edged_map()
    scenario = game_on(m, [union_router(m), place(infantry("CS-1", Side.CONFEDERATE, 8), m,
                                                  "0508", N)]).scenario
    window = open_window(qtbot, scenario)
    game = game_of(window)
    window.actions_by_id["end_phase"].trigger()
    assert (game.phase, game.acting_side) == (Phase.FIRE, Side.CONFEDERATE)
    click_hex(qtbot, window, m.parse("0508"))  # CS-1 fires
    click_hex(qtbot, window, m.parse("0507"))  # at US-1: the combat dialog
    return window


def test_a_fire_rout_previews_its_paths_and_the_owner_clicks_one(qtbot: QtBot) -> None:
    window = fire_at_the_router(qtbot)
    game, presenter = game_of(window), window.ruleset_ui.charge_presenter
    m = game.map
    p = m.parse
    dialog = window.ruleset_ui.fire_presenter.dialog
    assert dialog is not None and dialog.isVisible()

    # before the roll: US-1's rout paths away from CS-1, the engine's first bold
    overlay = presenter.overlay
    assert overlay is not None and overlay.options is not None and not overlay.choosing
    assert overlay.options.unit_id == "US-1" and overlay.options.distance == 4
    assert [m.hex_id(h) for h in overlay.chosen_hexes] == WEST
    assert sorted([m.hex_id(h) for h in c.hexes] for c in overlay.options.choices) == [
        WEST, EAST]
    assert overlay.tooltip(p("0606")).startswith("0606:")

    game.dice = Dice.forcing([66, 66])  # C2, and the 7.34 check: rout movement
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    decision = game.pending_decision
    assert decision is not None and decision.rout is not None and decision.side is Side.UNION
    assert overlay.choosing  # the question replaces the preview
    roles = [r for r, _ in overlay.lines.lines]
    assert roles.count(PathRole.CHOSEN) == 1 and roles.count(PathRole.CHOICE) == 1
    assert overlay.tooltip(p("0603")).endswith("Click to take this path")
    dialog.accept()
    click_hex(qtbot, window, p("0603"))  # the owner takes the east path
    rout = next(e for e in window.controller.last_events if isinstance(e, RoutMoved))
    assert [m.hex_id(h) for h in rout.path] == EAST
    assert game.state.units["US-1"].hex == p("0603") and game.pending_decision is None
    assert game.log[-1].notation == "retreat-path US-1 0606>0605>0604>0603"
    assert overlay.options is None


def test_with_the_preference_off_the_first_path_is_taken_without_asking(qtbot: QtBot) -> None:
    settings.set_pick_paths(False)
    window = fire_at_the_router(qtbot)
    game = game_of(window)
    p = game.map.parse
    dialog = window.ruleset_ui.fire_presenter.dialog
    assert dialog is not None
    game.dice = Dice.forcing([66, 66])  # C2 and rout movement, as above
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: game.pending_decision is None)
    assert game.log[-1].notation == "retreat-path US-1 0406>0405>0404>0403"  # the engine's first
    assert game.state.units["US-1"].hex == p("0403")
