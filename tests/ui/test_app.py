"""The composition root builds the window, opening a scenario or the start screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from gameapp.ui import app as app_module
from gameapp.ui.app import build_window

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scenarios" / "demo.yaml"


def test_without_a_scenario_the_start_screen_shows(qtbot: QtBot, tmp_path: Path) -> None:
    window = build_window(None, tmp_path)
    qtbot.addWidget(window)
    assert window.pages.currentWidget() is window.start_screen
    assert window.start_screen.directory == tmp_path


def test_a_missing_scenario_is_reported_and_the_start_screen_stays(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.informativeText()))
    window = build_window(str(tmp_path / "missing.yaml"), tmp_path)
    qtbot.addWidget(window)
    assert window.pages.currentWidget() is window.start_screen
    assert shown == [f"{tmp_path / 'missing.yaml'}: no such file"]  # no line number


@pytest.mark.skipif(not DEMO.exists(), reason="scenarios/demo.yaml not shipped yet")
def test_the_demo_scenario_opens_on_the_board(qtbot: QtBot) -> None:
    window = build_window(str(DEMO))
    qtbot.addWidget(window)
    board = window.view.board()
    assert board is not None and window.scenario is not None
    assert window.pages.currentWidget() is window.view
    assert len(board.units()) == len(window.scenario.units)


def test_default_scenarios_dir_is_the_checkouts() -> None:
    assert app_module.default_scenarios_dir() in (ROOT / "scenarios", Path.cwd() / "scenarios")


def test_each_game_draws_a_fresh_seed_shows_it_and_keeps_it_in_the_save(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 27, item 10: not seed 0 for every game, so no two games roll the same dice."""
    seeds = []
    for _ in range(3):
        window = build_window(str(DEMO))
        qtbot.addWidget(window)
        game = window.controller.game
        assert game is not None
        seeds.append(game.dice.seed)
        assert window.seed_label.text() == f"Dice seed {game.dice.seed}"
    assert len(set(seeds)) == 3
    path = tmp_path / "kept.yaml"
    assert window.session.save_to(path)
    reopened = build_window(None, tmp_path)
    qtbot.addWidget(reopened)
    assert reopened.open_game(path)
    again = reopened.controller.game
    assert again is not None and again.dice.seed == seeds[-1]
    assert reopened.seed_label.text() == f"Dice seed {seeds[-1]}"


def test_a_seed_given_is_the_games(qtbot: QtBot) -> None:
    window = build_window(str(DEMO), seed=42)
    qtbot.addWidget(window)
    game = window.controller.game
    assert game is not None and game.dice.seed == 42
