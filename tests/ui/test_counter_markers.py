"""Derived markers on the counters: engaged (000 13.6) and "further morale checks ignored this
phase" (7.65/7.83), worked out by the presenter from the game state and shown by the board (item
markers, tooltip, stamp key) and the unit panel."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gameapp.core.units import Unit
from gameapp.present.markers import Marker
from gameapp.ui.board.counter_item import CounterItem
from gameapp.ui.board.counter_stamps import Look
from tests.ui.play import board_of, click_hex, game_of, open_window


def test_markers_reach_the_counters_and_the_panel(qtbot: QtBot) -> None:
    window = open_window(qtbot)
    game, board = game_of(window), board_of(window)
    engaged, routed, plain = list(game.state.units)[:3]
    # Set by hand: reaching these through play takes a whole fire and melee sequence. The unit
    # that made rout movement is also engaged, so it wears both markers.
    game.state.engaged.update({engaged, routed})
    game.state.rout_moved.add(routed)
    window.controller.state_changed.emit()

    def item(unit_id: str) -> CounterItem:
        found = board.counter_item(unit_id)
        assert found is not None
        return found

    def item_markers(unit_id: str) -> frozenset[Marker]:
        return item(unit_id).markers

    assert item_markers(engaged) == {Marker.ENGAGED}
    assert item_markers(routed) == {Marker.ENGAGED, Marker.CHECKS_IGNORED}
    assert item_markers(plain) == frozenset()
    assert item(routed).toolTip() == "Engaged; further morale checks ignored this phase"
    assert item(plain).toolTip() == ""

    click_hex(qtbot, window, game.state.units[routed].hex)
    stack = window.ruleset_ui.panel.plain_text()
    assert "Markers: engaged; further morale checks ignored this phase" in stack

    # A new phase forgets rout movement: the marker goes (7.65 lasts the phase only).
    game.state.rout_moved.clear()
    window.controller.state_changed.emit()
    assert item_markers(routed) == {Marker.ENGAGED}


def test_markers_are_part_of_the_stamp_key(board_units: list[Unit]) -> None:
    unit = board_units[0]
    bare = Look(unit, False)
    assert Look(unit, False, markers=frozenset({Marker.ENGAGED})) != bare
    assert Look(unit, False, markers=frozenset()) == bare
