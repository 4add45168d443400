"""The fire views of the window in any phase: the field-of-fire and exposure toggles of the View
menu and unit toolbar light exactly the engine's hexes; the line-of-sight tool draws a dragged
line green or red and says what blocked it, where and by which rule."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp.core.rules.fire.field import exposure
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation
from gameapp.present.fire import band_of
from gameapp.ui.board.sight_item import BLOCKED, CLEAR
from gameapp.ui.main_window import MainWindow

from .fire_positions import duel
from .play import aim, board_of, click_hex, game_of, open_window


def woods_window(qtbot: QtBot) -> MainWindow:
    """The duel, with a wood at 0309 away from the units."""
    return open_window(qtbot, duel(woods=("0309",)))


def test_the_field_of_fire_toggle_lights_exactly_the_engine_field(qtbot: QtBot) -> None:
    window = woods_window(qtbot)
    game, board = game_of(window), board_of(window)
    toggle = window.actions_by_id["field_of_fire"]
    assert toggle in window.unit_toolbar.actions()
    click_hex(qtbot, window, game.state.units["u"].hex)  # the movement phase: any phase will do
    assert board.fire.bands == {}
    toggle.trigger()
    assert toggle.isChecked()
    field = tactical(game).fire.field("u")
    assert field and set(board.fire.bands) == set(field)
    assert board.fire.bands == {h: band_of(cell) for h, cell in field.items()}
    assert set(board.fire.field.hexes) == set(field)  # what the one item paints
    text = window.ruleset_ui.fire_panel.plain_text()
    assert "Field of fire of u (u)" in text and "N: full fire points" in text
    click_hex(qtbot, window, game.state.units["c"].hex)  # it follows the selection
    assert set(board.fire.bands) == set(tactical(game).fire.field("c"))
    toggle.trigger()
    assert not toggle.isChecked() and board.fire.bands == {}
    assert board.fire.field.boundingRect().isEmpty()


def test_a_unit_without_a_field_says_why(qtbot: QtBot) -> None:
    window = woods_window(qtbot)
    game, board = game_of(window), board_of(window)
    window.actions_by_id["field_of_fire"].trigger()
    assert "Select a unit to see its field of fire." in window.ruleset_ui.fire_panel.plain_text()
    click_hex(qtbot, window, game.state.units["u"].hex)
    assert board.fire.bands
    window.actions_by_id["formation_general_order"].trigger()  # no front: no field of fire
    assert game.state.units["u"].formation is Formation.GENERAL_ORDER
    assert board.fire.bands == {}
    text = window.ruleset_ui.fire_panel.plain_text()
    assert "u: a unit in general order has no front to fire through (3.310)" in text
    assert "(3.310)" in window.actions_by_id["field_of_fire"].toolTip()


def test_exposure_rings_the_hexes_enemies_can_fire_from(qtbot: QtBot) -> None:
    window = woods_window(qtbot)
    game, board = game_of(window), board_of(window)
    click_hex(qtbot, window, game.state.units["c"].hex)
    window.actions_by_id["exposure"].trigger()
    c = game.state.units["c"]
    expected = exposure(c, game.state.units, game.map, game.scenario.los_conventions)
    assert expected and board.fire.exposed == set(expected)
    assert board.fire.marks.ring_count == len(expected)
    text = window.ruleset_ui.fire_panel.plain_text()
    assert "Enemy units that can fire at c now" in text and "0606" in text


def _drag(qtbot: QtBot, window: MainWindow, start: str, end: str) -> None:
    game, geometry = game_of(window), board_of(window).geometry
    viewport = window.view.viewport()
    ends = [game.map.parse(start), game.map.parse(end)]
    for h in ends:
        aim(window, h)  # scrolls it into view if need be
    a, b = (window.view.mapFromScene(geometry.centre(h)) for h in ends)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, (a + b) / 2)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)


def test_the_line_of_sight_tool_reports_the_blocking_hex(qtbot: QtBot) -> None:
    window = woods_window(qtbot)
    game, board = game_of(window), board_of(window)
    tool = window.actions_by_id["los_tool"]
    assert tool in window.toolbar.actions()
    tool.trigger()
    assert window.view.hex_drags
    _drag(qtbot, window, "0307", "0311")
    sight = board.sight
    assert (sight.start, sight.end) == (game.map.parse("0307"), game.map.parse("0311"))
    assert not sight.clear_line and sight.colour == BLOCKED
    assert sight.blocked_at == game.map.parse("0309")
    message = window.message_label.text()
    assert message.startswith("Line of sight 0307 → 0311: blocked at 0309: woods in 0309")
    assert message.endswith("(LOS obstacles)")
    assert "blocked at 0309" in window.ruleset_ui.fire_panel.plain_text()
    assert window.controller.selected is None  # a drag measures; it selects nothing

    _drag(qtbot, window, "0207", "0211")  # beside the wood
    assert sight.clear_line and sight.colour == CLEAR and sight.blocked_at is None
    assert "Line of sight 0207 → 0211: clear (LOS)" in window.message_label.text()

    click_hex(qtbot, window, game.state.units["u"].hex)  # a click still selects
    assert window.controller.selected == "u"
    tool.trigger()
    assert not window.view.hex_drags and sight.start is None
