"""The Broken Track on screen: a dock listing the units in Broken Box 1 and Broken Box 3 from
`GameState.broken`, and how they come back under the scenario's option."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from gameapp.core.actions import Move, RetreatBeforeCombat
from gameapp.core.dice import Dice
from gameapp.core.state import BrokenEntry
from gameapp.core.units import Side
from gameapp.ui.panels.broken_track_panel import EMPTY, BrokenTrackPanel
from tests.core.positions import N, S, blank_map, game_on, infantry, place

from .play import game_of, open_window


def test_the_panel_lists_each_box_with_its_units(qtbot: QtBot) -> None:
    m = blank_map()
    a = place(infantry("US-1", strength=6), m, "0203", N)
    b = replace(place(infantry("CS-1", Side.CONFEDERATE), m, "0504", S), losses=2)
    c = place(infantry("CS-2", Side.CONFEDERATE), m, "0505", S)
    panel = BrokenTrackPanel()
    qtbot.addWidget(panel)
    assert panel.rows() == [] and panel.note.text().startswith(EMPTY)
    panel.show_track({
        "CS-1": BrokenEntry(b, "Broken Box 3", 2),
        "US-1": BrokenEntry(a, "Broken Box 1", 3),
        "CS-2": BrokenEntry(c, "Broken Box 1", 1),
    })
    # box 1 first, then box 3; within a box in the order the units arrived (CS-2 on turn 1);
    # CS-1 printed 5 SPs and lost 2: 3 left
    assert panel.rows() == [
        "Broken Box 1 (2): reached its own map edge short of the retreat",
        "CS-2 (CS-2) | Confederate | 5 | turn 1",
        "US-1 (US-1) | Union | 6 | turn 3",
        "Broken Box 3 (1): had no legal retreat path",
        "CS-1 (CS-1) | Confederate | 3 | turn 2",
    ]
    assert panel.note.text() == ("3 units on the Broken Track (000 15.4). Units on the Broken "
                                 "Track stay off the map for the rest of the game.")
    panel.show_track({})
    assert panel.rows() == []


def test_a_unit_routed_off_its_own_edge_appears_in_the_dock(qtbot: QtBot) -> None:
    m = blank_map()
    m.friendly_edges["confederate"] = ["00xx"]  # the west edge, one hex from 0203
    us = place(infantry("US-1"), m, "0204", N)
    cs = place(infantry("CS-1", Side.CONFEDERATE), m, "0203", S)
    window = open_window(qtbot, game_on(m, [us, cs]).scenario)
    dock = window.ruleset_ui.broken_dock
    assert dock.isVisible() and dock.windowTitle() == "Broken Track"
    assert window.ruleset_ui.broken_panel.rows() == []
    game = game_of(window)
    game.dice = Dice.forcing([65])  # the defender's 8.41 roll, above its ML 35: it routs
    # an immediate charge (5 MPs, under 9: 3.411.a), resolved once CS-1 chooses to stand
    # (3.5); the rout meets the west edge 1 hex short
    assert window.controller.apply(Move("US-1", (m.parse("0203"),)))
    assert window.controller.apply(RetreatBeforeCombat(m.parse("0203"), False))
    assert "CS-1" in game.state.broken
    assert window.ruleset_ui.broken_panel.rows() == [
        "Broken Box 1 (1): reached its own map edge short of the retreat",
        "CS-1 (CS-1) | Confederate | 4 | turn 1",  # 5 SPs less 1 by 8.52 (5 / 8 rounds to 1)
    ]
    assert window.ruleset_ui.broken_panel.note.text().startswith("1 unit on the Broken Track")
