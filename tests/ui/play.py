"""Helpers for the tests that play through the window: a window wired by the composition root,
and the mouse aimed at hexes through the viewport."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.scenario import Scenario
from gameapp.ui.app import build_window
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scenarios" / "demo.yaml"


def open_window(qtbot: QtBot, scenario: Scenario | None = None) -> MainWindow:
    """The window as `gameapp play` builds it, on the demo or on `scenario`, at zoom 1, with
    the dice seeded 0."""
    if scenario is None:
        window = build_window(str(DEMO), seed=0)
    else:
        window = build_window("given.yaml", loader=lambda path: scenario, seed=0)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(1.0)
    return window


def game_of(window: MainWindow) -> Game:
    game = window.controller.game
    assert game is not None
    return game


def board_of(window: MainWindow) -> BoardScene:
    board = window.view.board()
    assert board is not None
    return board


def aim(window: MainWindow, h: Hex) -> QPoint:
    """The viewport point over the centre of `h`, scrolled into view if need be (scrolling
    only then, so that aiming at two hexes in turn gives two different points)."""
    board = board_of(window)
    window.view.ensureVisible(board.hex_rect(h), 80, 80)
    return window.view.mapFromScene(board.geometry.centre(h))


def click_hex(qtbot: QtBot, window: MainWindow, h: Hex) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=aim(window, h))


def hover_hex(qtbot: QtBot, window: MainWindow, h: Hex) -> None:
    qtbot.mouseMove(window.view.viewport(), aim(window, h))
    qtbot.waitUntil(lambda: window.view.board() is not None and window.controller.hovered == h)
