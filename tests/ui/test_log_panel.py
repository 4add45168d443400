"""The log panel turn by turn, and clicking it to see the board as it was then, read-only."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from gameapp.ai.random_player import RandomPlayer
from gameapp.core.actions import EndPhase, Fire, Move
from gameapp.core.dice import Roll
from gameapp.core.engine import LogEntry
from gameapp.core.hexgrid import Orientation
from gameapp.core.history import History
from gameapp.core.numbering import Numbering
from gameapp.core.phases import Phase
from gameapp.core.scenario import Light, TurnClock
from gameapp.core.units import Side
from gameapp.ui.main_window import MainWindow
from gameapp.ui.panels.log_panel import LIGHT_TINTS, VIEWED, LogPanel

from .play import game_of, open_window

CLOCK = TurnClock(1, 9, 18 * 60, 20, ((18 * 60 + 20, Light.DUSK),))
NUMBERING = Numbering(Orientation.FLAT, 12, 10)
AT = NUMBERING.parse("0604")
LOG = [
    LogEntry(1, Phase.MOVEMENT, Side.UNION, Move("US-1", (AT,)), (), NUMBERING),
    LogEntry(1, Phase.FIRE, Side.CONFEDERATE, Fire(("CS-1",), AT),
             (Roll("fire at 0604", (6, 3)), Roll("morale US-1", (4, 1))), NUMBERING),
    LogEntry(2, Phase.MOVEMENT, Side.UNION, EndPhase(), (), NUMBERING),
]


def _click(qtbot: QtBot, panel: LogPanel, item: QTreeWidgetItem) -> None:
    panel.scrollToItem(item)
    where = panel.visualItemRect(item).center()
    qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton, pos=where)


def test_turns_are_headed_by_clock_and_light(qtbot: QtBot) -> None:
    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.set_clock(CLOCK)
    panel.show_log(LOG, {1: ["C1: US-1 loses 1 step"]})
    # turn 1 starts at 6:00 pm (daylight), turn 2 at 6:20 pm, when dusk begins
    assert panel.lines() == [
        "Turn 1 · 6:00 pm · daylight",
        "Union movement: move US-1 0604",
        "Confederate fire: fire CS-1 0604  [rolled 63 (fire at 0604), 41 (morale US-1)]",
        "    C1: US-1 loses 1 step",
        "Turn 2 · 6:20 pm · dusk",
        "Union movement: end-phase",
    ]
    second = panel.topLevelItem(1)
    assert second.background(0).color() == LIGHT_TINTS[Light.DUSK]
    assert second.font(0).bold()


def test_a_click_asks_for_the_position_after_that_action(qtbot: QtBot) -> None:
    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.resize(500, 300)
    panel.show()
    panel.show_log(LOG, {1: ["C1: US-1 loses 1 step"]})
    chosen: list[int] = []
    panel.position_chosen.connect(chosen.append)
    turn1 = panel.topLevelItem(0)
    _click(qtbot, panel, turn1.child(1))  # the fire, the second action: after 2 actions
    _click(qtbot, panel, turn1.child(1).child(0))  # its note means the same
    _click(qtbot, panel, panel.topLevelItem(1))  # turn 2's heading: the turn's start
    _click(qtbot, panel, turn1.child(0))
    assert chosen == [2, 2, 2, 1]
    panel.set_viewing(2)
    assert turn1.child(1).background(0).color() == VIEWED
    assert panel.topLevelItem(1).background(0).color() != VIEWED  # only the action is marked
    panel.set_viewing(None)
    assert turn1.child(1).background(0).style() == Qt.BrushStyle.NoBrush


def _play(window: MainWindow, actions: int) -> None:
    game = game_of(window)
    players = {side: RandomPlayer(side, seed=3, end_chance=0.3) for side in Side}
    for _ in range(actions):
        side = game.acting_side
        assert side is not None
        assert window.controller.apply(players[side].choose(game))


def test_clicking_an_entry_shows_that_board_read_only_and_back(qtbot: QtBot) -> None:
    window = open_window(qtbot)
    game = game_of(window)
    _play(window, 12)
    live_units = dict(game.state.units)
    mode = window.history_mode
    panel = window.log_panel
    assert panel.lines()[0] == "Turn 1 · 3:00 pm · daylight"
    first = panel.topLevelItem(0).child(0)  # the first action of turn 1
    _click(qtbot, panel, first)
    assert window.pages.currentWidget() is mode.page and mode.viewing == 1
    history = History.of(game)
    shown = mode.page.board
    assert shown is not None and shown is not window.view.board()
    assert {u.id: u for u in shown.units()} == history.state_at(1).units
    total = sum(1 for e in game.log if e.turn == 1)
    assert mode.page.banner_text().startswith(
        f"Viewing turn 1, action 1 of {total} — read-only  Union movement: "
        f"{game.log[0].notation}")
    assert first.background(0).color() == VIEWED
    # the live game is untouched, and may go on behind the banner
    assert game.state.units == live_units and len(game.log) == 12
    _click(qtbot, panel, panel.topLevelItem(0))  # the heading: the start of the game
    assert mode.viewing == 0
    assert {u.id: u for u in shown.units()} == history.state_at(0).units
    assert mode.page.banner_text().startswith("Viewing the start of the game — read-only")
    back = mode.page.back_button
    assert back is not None
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.view and mode.viewing is None
    assert first.background(0).style() == Qt.BrushStyle.NoBrush


def test_game_shortcuts_are_off_while_a_past_position_is_shown(qtbot: QtBot) -> None:
    window = open_window(qtbot)
    game = game_of(window)
    _play(window, 6)
    end_phase = window.actions_by_id["end_phase"]
    assert end_phase.isEnabled()
    _click(qtbot, window.log_panel, window.log_panel.topLevelItem(0).child(0))
    assert not end_phase.isEnabled() and not window.actions_by_id["undo"].isEnabled()
    assert "past position" in end_phase.toolTip()
    before = len(game.log)
    end_phase.trigger()  # as Ctrl+E would: a disabled action does nothing
    assert len(game.log) == before
    back = window.history_mode.page.back_button
    assert back is not None
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert end_phase.isEnabled() and window.actions_by_id["undo"].isEnabled()


def test_a_long_line_wraps_at_the_panel_edge(qtbot: QtBot) -> None:
    """Log lines wrap (issue 27, item 7): a narrow panel shows a long line on several lines,
    whole, with no sideways scrolling."""
    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.resize(220, 400)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_log(LOG, {1: ["C1: US-1 loses 1 step, is shaken and falls back two hexes"]})
    qtbot.wait(10)
    fire = panel.topLevelItem(0).child(1)  # the fire line with its rolls
    rect = panel.visualItemRect(fire)
    assert rect.right() <= panel.viewport().width()
    assert rect.height() >= 2 * panel.fontMetrics().height()
    assert not panel.horizontalScrollBar().isVisible()
