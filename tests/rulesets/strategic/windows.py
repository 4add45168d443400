"""The strategic window tests' common step: a game shown on the Hazel map in the main window."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.ui.app import build_window
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets.strategic.ui import StrategicUI
from tests.rulesets.strategic.positions import HAZEL


def open_game(qtbot: QtBot, game: Game) -> tuple[MainWindow, StrategicUI]:
    """The window showing `game` at zoom 1, with its strategic UI."""
    window = build_window(str(HAZEL))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.start_game(game)
    window.view.set_zoom(1.0)
    ui = window.ruleset_ui
    assert isinstance(ui, StrategicUI)
    return window, ui
