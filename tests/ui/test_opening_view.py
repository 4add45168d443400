"""Every way into a game opens the map fitted to the window, or, where the whole map would
shrink its counters past reading, at the zoom where they read, centred on the counters (issue
27, items 6 and 7; docs/playing.md "The opening view")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF
from pytestqt.qtbot import QtBot

from gameapp.ui.app import build_window
from gameapp.ui.board.view import READABLE_COUNTER_PIXELS
from gameapp.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
SLAUGHTER_MOUNTAIN = ROOT / "scenarios" / "slaughter_mountain.yaml"
TUTORIAL = ROOT / "scenarios" / "tutorial_crossroads.yaml"


def opened(qtbot: QtBot, scenario: Path, width: int = 1400, height: int = 900) -> MainWindow:
    """The window as `gameapp play FILE` opens it: the scenario opened before the window shows."""
    window = build_window(str(scenario), seed=1)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    return window


def counter_pixels(window: MainWindow) -> float:
    board = window.view.board()
    assert board is not None
    return board.counter_side * window.view.zoom


def visible_scene(window: MainWindow) -> QRectF:
    view = window.view
    return view.mapToScene(view.viewport().rect()).boundingRect()


def test_slaughter_mountain_opens_with_counters_big_enough_to_read(qtbot: QtBot) -> None:
    window = opened(qtbot, SLAUGHTER_MOUNTAIN)
    board = window.view.board()
    assert board is not None
    assert counter_pixels(window) >= READABLE_COUNTER_PIXELS - 0.5
    # the whole map would not read: the view shows the armies, not a corner of the map
    assert not visible_scene(window).contains(board.geometry.map_rect)
    centre = visible_scene(window).center()
    middle = board.units_centre()
    assert abs(centre.x() - middle.x()) < board.geometry.size
    assert abs(centre.y() - middle.y()) < board.geometry.size


def test_a_map_small_enough_is_fitted_whole_to_the_window(qtbot: QtBot) -> None:
    window = opened(qtbot, TUTORIAL, 2200, 1500)  # a big screen
    board = window.view.board()
    assert board is not None
    seen = visible_scene(window).adjusted(-1, -1, 1, 1)
    assert seen.contains(board.geometry.map_rect)
    assert counter_pixels(window) >= READABLE_COUNTER_PIXELS


def test_the_opening_view_follows_the_window_until_the_player_zooms(qtbot: QtBot) -> None:
    window = opened(qtbot, TUTORIAL, 2200, 1500)
    small = window.view.zoom
    window.resize(2600, 1800)  # maximised on a bigger screen
    qtbot.waitUntil(lambda: window.view.zoom > small)
    assert window.view.showing_opening
    window.view.zoom_in()
    zoomed = window.view.zoom
    assert not window.view.showing_opening
    window.resize(1200, 800)
    qtbot.wait(20)
    assert window.view.zoom == zoomed


def test_the_fit_command_still_shows_the_whole_map(qtbot: QtBot) -> None:
    window = opened(qtbot, SLAUGHTER_MOUNTAIN)
    board = window.view.board()
    assert board is not None
    window.fit()
    seen = visible_scene(window).adjusted(-1, -1, 1, 1)
    assert seen.contains(board.geometry.map_rect)
    assert seen.contains(QPointF(board.units_centre()))


def test_a_saved_game_opens_at_the_opening_view_too(qtbot: QtBot, tmp_path: Path) -> None:
    """From the start screen, File > Open saved game: the board opens as a new game does."""
    from gameapp.core.engine import Game
    from gameapp.core.savegame import save_game

    path = tmp_path / "sm.yaml"
    save_game(Game.from_scenario(SLAUGHTER_MOUNTAIN, seed=2), path)
    window = build_window(None, seed=1)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_game(path)
    qtbot.wait(20)
    assert window.view.showing_opening
    assert counter_pixels(window) >= READABLE_COUNTER_PIXELS - 0.5
