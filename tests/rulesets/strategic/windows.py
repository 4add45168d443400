"""The strategic window tests' common step: a game shown in the main window."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.ui.app import build_window
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets.strategic.ui import StrategicUI
from tests.rulesets.strategic.positions import HAZEL


def open_game(qtbot: QtBot, game: Game, scenario: Path = HAZEL, zoom: float | None = 1.0,
              size: tuple[int, int] = (1400, 900)) -> tuple[MainWindow, StrategicUI]:
    """The window opened on `scenario` showing `game` (at `zoom`, if given), with its
    strategic UI."""
    window = build_window(str(scenario))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.start_game(game)
    if zoom is not None:
        window.view.set_zoom(zoom)
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI)
    return window, ui
