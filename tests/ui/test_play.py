"""Playing the movement phase through the window, mouse and keys on the viewport: select a unit
and its legal moves light up with the MPs left; hover one and the route and its cost appear;
click it and the unit moves; Ctrl+Z and Ctrl+Shift+Z take the move back and make it again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gameapp.core.actions import Move
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.tactical import tactical
from gameapp.present.labels import mps
from gameapp.ui.board.label_stamps import ChipStyle
from gameapp.ui.main_window import MainWindow

from .boards import make_scenario, sample_units, showcase_map
from .play import DEMO, aim, board_of, click_hex, game_of, hover_hex, open_window

UNIT = "US-9NH"  # 9th New Hampshire, in column, alone in its hex

pytestmark = pytest.mark.skipif(not DEMO.exists(), reason="scenarios/demo.yaml not shipped")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return open_window(qtbot)


def _select(qtbot: QtBot, window: MainWindow, unit_id: str) -> None:
    click_hex(qtbot, window, game_of(window).state.units[unit_id].hex)
    assert window.controller.selected == unit_id


def _target(window: MainWindow, rule: str) -> Hex:
    """An empty reachable hex whose cheapest route has a term of `rule`."""
    game = game_of(window)
    occupied = {u.hex for u in game.state.units.values()}
    for h, reach in sorted(tactical(game).movement.reachable(UNIT).items()):
        terms = tactical(game).movement.path_breakdown(UNIT, reach.path)
        if h not in occupied and any(t.rule == rule for t in terms):
            return h
    raise LookupError(rule)


def test_selecting_a_unit_lights_its_legal_moves_with_the_mps_left(
    qtbot: QtBot, window: MainWindow
) -> None:
    board = board_of(window)
    assert board.moves.remaining == {}
    _select(qtbot, window, UNIT)
    reach = tactical(game_of(window)).movement.reachable(UNIT)
    assert reach
    assert board.moves.remaining == {h: r.remaining for h, r in reach.items()}
    assert board.moves.chips == {h: (str(r.remaining), ChipStyle.REACH) for h, r in reach.items()}
    assert len(board.moves.labels.labels) == len(reach)  # what the label item paints
    assert "Movement allowance" in window.ruleset_ui.move_panel.plain_text()


def test_clicking_elsewhere_clears_the_highlight(qtbot: QtBot, window: MainWindow) -> None:
    _select(qtbot, window, UNIT)
    board = board_of(window)
    far = next(h for h in board.geometry.hexes if h not in board.moves and not board.units_at(h))
    click_hex(qtbot, window, far)
    assert window.controller.selected is None
    assert board.moves.remaining == {}


def test_hovering_a_lit_hex_shows_the_route_and_its_cost_term_by_term(
    qtbot: QtBot, window: MainWindow
) -> None:
    _select(qtbot, window, UNIT)
    game = game_of(window)
    target = _target(window, "TEC oak and brush")
    hover_hex(qtbot, window, target)
    reach = tactical(game).movement.reachable(UNIT)[target]
    board = board_of(window)
    assert board.route.hexes == (game.state.units[UNIT].hex, *reach.path)
    text = window.ruleset_ui.move_panel.plain_text()
    assert f"Move to {game.map.hex_id(target)}" in text
    cost = tactical(game).movement.path_breakdown(UNIT, reach.path)
    for term in cost:
        assert f"{term.rule}\n{term.label}\n{term.value:+g}" in text
    assert any(t.rule == "TEC oak and brush" for t in cost)
    assert "TEC oak and brush\nenter oak and brush\n+" in text
    assert f"left there\n{mps(reach.remaining)}" in text
    for term in tactical(game).movement.allowance(game.state.units[UNIT]):  # MPA, command control
        assert f"{term.rule}\n{term.label}\n{term.value:+g}" in text
    hover_hex(qtbot, window, game.state.units[UNIT].hex)  # off the highlight: no route
    assert board.route.hexes == ()


def test_click_moves_the_unit_and_undo_redo_take_it_back_and_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    _select(qtbot, window, UNIT)
    game, board = game_of(window), board_of(window)
    start = game.state.units[UNIT].hex
    target = _target(window, "TEC town")
    path = tactical(game).movement.reachable(UNIT)[target].path
    click_hex(qtbot, window, target)
    moved = game.state.units[UNIT]
    assert moved.hex == target
    before = path[-2] if len(path) > 1 else start
    assert moved.facing == before.direction_to(target)  # it faces the way it moved
    item = board.counter_item(UNIT)
    assert item is not None
    assert item.pos() == board.geometry.centre(target)
    assert game.log[-1].notation == Move(UNIT, path).to_text(game.map.numbering)
    assert window.log_panel.lines()[-1].endswith(game.log[-1].notation)
    assert window.controller.selected == UNIT  # still selected: what is left of its move shows
    left = tactical(game).movement.reachable(UNIT)
    assert board.moves.remaining == {h: r.remaining for h, r in left.items()}

    view = window.view
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.state.units[UNIT].hex == start
    assert item.pos() == board.geometry.centre(start)
    assert game.log == []
    assert board.moves.origin == start

    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(view, Qt.Key.Key_Z, redo)
    assert game.state.units[UNIT] == moved
    assert item.pos() == board.geometry.centre(target)
    assert game.log[-1].notation == Move(UNIT, path).to_text(game.map.numbering)
    assert window.controller.undo_stack.count() == 1


def test_keys_turn_open_the_menu_and_clear(qtbot: QtBot, window: MainWindow) -> None:
    _select(qtbot, window, UNIT)
    game = game_of(window)
    facing = game.state.units[UNIT].facing
    qtbot.keyClick(window.view, Qt.Key.Key_Period)  # clockwise
    assert game.state.units[UNIT].facing == (facing - 1) % 6
    assert game.log[-1].notation == f"face {UNIT} {(facing - 1) % 6}"
    qtbot.keyClick(window.view, Qt.Key.Key_Comma)  # anticlockwise
    assert game.state.units[UNIT].facing == facing
    assert window.controller.undo_stack.count() == 2
    qtbot.keyClick(window.view, Qt.Key.Key_Menu)  # the keyboard's right-click
    menu = window.presenter.menu
    assert menu is not None and "formation_line" in {a.objectName() for a in menu.actions()}
    menu.close()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.controller.selected is None and board_of(window).moves.remaining == {}
    assert board_of(window).selected_hex is None and window.ruleset_ui.panel.units == []


def test_right_drag_turns_the_unit_toward_the_mouse(qtbot: QtBot, window: MainWindow) -> None:
    _select(qtbot, window, UNIT)
    game, board = game_of(window), board_of(window)
    unit = game.state.units[UNIT]
    wanted = (unit.facing + 1) % 6  # 60 degrees: free, so always legal
    start = aim(window, unit.hex)
    toward = board.geometry.centre(unit.hex.neighbor(wanted))
    end = window.view.mapFromScene(toward)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.RightButton, pos=start)
    qtbot.mouseMove(viewport, (start + end) / 2)
    qtbot.mouseMove(viewport, end)
    preview = window.ruleset_ui.moves.facing_preview
    assert preview is not None and (preview.facing, preview.legal) == (wanted, True)
    assert board.route.facing == wanted
    qtbot.mouseRelease(viewport, Qt.MouseButton.RightButton, pos=end)
    assert game.state.units[UNIT].facing == wanted
    assert window.ruleset_ui.moves.facing_preview is None


def test_a_right_click_on_a_unit_opens_its_menu_with_reasons(
    qtbot: QtBot, window: MainWindow
) -> None:
    game = game_of(window)
    cavalry = game.state.units["US-8IL"]  # mounted cavalry: no line, no square
    point = aim(window, cavalry.hex)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, pos=point)
    menu = window.presenter.menu
    assert menu is not None and menu.isVisible() and menu.toolTipsVisible()
    names = {a.objectName() for a in menu.actions() if a.objectName()}
    assert window.controller.selected == "US-8IL"
    assert {"dismount", "formation_column", "cover", "turn_left"} <= names
    assert not names & {"formation_square", "formation_line", "limber"}
    menu.close()
    square = window.actions_by_id["formation_square"]  # still on the toolbar, disabled
    assert not square.isEnabled()
    assert "cannot go from mounted to square (2.5)" in square.toolTip()
    mounted = window.actions_by_id["mount"]
    assert not mounted.isEnabled() and mounted.isChecked()
    assert "already in mounted" in mounted.toolTip()
    column = window.actions_by_id["formation_column"]
    assert column.isEnabled() and "MPs: " in column.toolTip()


def test_menus_say_why_a_unit_of_the_other_side_cannot_act(
    qtbot: QtBot, window: MainWindow
) -> None:
    _select(qtbot, window, "CS-20GA")
    assert board_of(window).moves.remaining == {}
    assert "not yours to move this phase (1.22)" in window.ruleset_ui.move_panel.plain_text()
    column = window.actions_by_id["formation_column"]
    assert not column.isEnabled()
    assert "not yours to move this phase (1.22)" in column.toolTip()
    unit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Unit")
    assert isinstance(unit_menu, QMenu) and unit_menu.toolTipsVisible()


def test_end_phase_advances_the_phase_bar_and_can_be_undone(
    qtbot: QtBot, window: MainWindow
) -> None:
    bar = window.phase_bar
    assert "Turn 1 of 9" in bar.plain_text() and "Union" in bar.plain_text()
    assert "Movement phase" in bar.plain_text()
    _select(qtbot, window, UNIT)
    button = bar.widgetForAction(window.actions_by_id["end_phase"])
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert "Union fire phase" in bar.plain_text()
    assert "Confederate to fire" in bar.plain_text()  # the non-phasing side shoots first
    assert board_of(window).moves.remaining == {}  # no moves in the fire phase
    assert "only in their movement phase" in window.ruleset_ui.move_panel.plain_text()
    tip = window.actions_by_id["formation_line"].toolTip()
    assert "units move only in their movement phase, not in the fire phase (1.22)" in tip
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "Movement phase" in bar.plain_text()
    assert board_of(window).moves.remaining  # the unit is still selected: its moves are back


def test_a_refused_action_reports_reason_and_rule_and_is_not_pushed(
    qtbot: QtBot, window: MainWindow
) -> None:
    _select(qtbot, window, "US-DPA")  # unlimbered artillery cannot move
    game = game_of(window)
    far = game.state.units["US-DPA"].hex.neighbor(0)
    assert not window.controller.apply(Move("US-DPA", (far,)))
    assert window.controller.undo_stack.count() == 0
    message = window.message_label.text()
    assert "limber first (TEC movement cost)" in message and message.startswith("Not allowed")
    assert "cannot move in unlimbered" in window.ruleset_ui.move_panel.plain_text()


def test_must_stop_hexes_are_marked_apart(qtbot: QtBot) -> None:
    m = showcase_map()
    window = open_window(qtbot, make_scenario(m, sample_units(m)))
    game, board = game_of(window), board_of(window)
    click_hex(qtbot, window, game.state.units["cav1"].hex)
    assert window.controller.selected == "cav1"
    reach = tactical(game).movement.reachable("cav1")
    stops = {h for h, r in reach.items() if r.must_stop}
    assert stops and board.moves.stops == stops
    for h, r in reach.items():
        style = ChipStyle.STOP if h in stops else ChipStyle.REACH
        assert board.moves.chips[h] == (str(r.remaining), style)
    stop = next(iter(stops))
    hover_hex(qtbot, window, stop)
    assert "must stop there (3.310)" in window.ruleset_ui.move_panel.plain_text()

