"""The computer's side in the window: it acts through the controller whenever its side is to
act, and stops when the human's decision comes."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.units import Side
from gameapp.ui.computer import RANDOM, describe
from gameapp.ui.main_window import MainWindow

DUEL = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "duel.yaml"
COMPUTER = PlayerChoice(PlayerKind.COMPUTER, RANDOM)


def test_the_computer_plays_its_side_until_the_humans_decision(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.computer.delay_ms = 0
    players = {Side.UNION: COMPUTER, Side.CONFEDERATE: PlayerChoice()}
    window.start_game(Game.from_scenario(DUEL, seed=3), players)
    game = window.controller.game
    assert game is not None and game.acting_side is Side.UNION
    # the Union moves, then ends its movement phase; in its fire phase the Confederates shoot
    # first (1.23): the human's decision, where the computer stops
    qtbot.waitUntil(lambda: game.acting_side is Side.CONFEDERATE, timeout=20_000)
    assert game.log and all(entry.side is Side.UNION for entry in game.log)
    assert game.log[-1].action == "end-phase"
    assert window.computer.to_play() is None and not window.computer.step()
    assert window.pages.currentWidget() is window.view  # one human: no handover


def test_the_players_in_words() -> None:
    assert describe({Side.UNION: COMPUTER, Side.CONFEDERATE: PlayerChoice()}) == (
        "Union: computer (random), Confederate: human")


def test_each_level_makes_its_player() -> None:
    from gameapp.ai.player import AIPlayer
    from gameapp.ai.random_player import RandomPlayer
    from gameapp.ai.settings import Difficulty
    from gameapp.ui.computer import make_player

    hard = make_player(Side.UNION, PlayerChoice(PlayerKind.COMPUTER, "hard"), seed=4)
    assert isinstance(hard, AIPlayer) and hard.difficulty is Difficulty.HARD and hard.seed == 4
    assert isinstance(make_player(Side.UNION, COMPUTER), RandomPlayer)
