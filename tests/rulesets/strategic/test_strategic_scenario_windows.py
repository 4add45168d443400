"""Each of the six strategic scenarios opens in the window: the theatre board with its stacks,
the dock's week, and the first weeks played through the controller (the schedule's events in
the log's words)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.ui.app import build_window
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.rulesets.strategic.ui import StrategicUI
from tests.rulesets.strategic.test_strategic_window import plain
from tests.ui.play import board_of

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
NAMES = ["east_1862", "west_1862", "east_1863", "west_1863", "east_1864", "west_1864"]


@pytest.mark.parametrize("name", NAMES)
def test_the_scenario_opens_in_the_window_and_its_phases_end(qtbot: QtBot, name: str) -> None:
    path = SCENARIOS / f"{name}.yaml"
    window = build_window(str(path))
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    game = Game.from_scenario(path, seed=1)
    window.start_game(game)
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI) and isinstance(board_of(window), TheatreBoardScene)
    assert ui.layer is not None and len(ui.layer.items) > 20  # the stacks are drawn
    assert f"Week 1 of {game.scenario.turns}" in plain(ui.panel.week)
    for _ in range(8):  # week 1's six phases and more: the next week's schedule comes
        window.controller.end_phase()
    assert game.state.turn == 2
    assert any("initiative" in line.lower() for line in window.log_panel.lines())
