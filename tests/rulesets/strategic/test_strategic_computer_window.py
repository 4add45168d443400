"""The window's computer seat plays the strategic game: it thinks on the worker thread (as for
the tactical game), its actions are applied to the game with a reason for each, and the game
moves on to the human's side."""

from __future__ import annotations

import threading

from pytestqt.qtbot import QtBot

from gameapp.ai.rca import Choice
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.units import Side
from gameapp.ui.app import build_window
from gameapp.ui.pace import Pace
from tests.rulesets.strategic.positions import HAZEL, hazel_game

COMPUTER = PlayerChoice(PlayerKind.COMPUTER, "normal")
HUMAN = PlayerChoice()


class Watched(StrategicPlayer):
    """The normal player, noting the threads it was asked on."""

    threads: list[threading.Thread]

    def decide(self, game: Game) -> Choice:
        self.threads.append(threading.current_thread())
        return super().decide(game)


def test_a_computer_seat_plays_its_strategic_turn_on_the_worker_thread(qtbot: QtBot) -> None:
    window = build_window(str(HAZEL))
    qtbot.addWidget(window)
    window.computer.set_pace(Pace.INSTANT)
    game = hazel_game(first=Side.UNION)
    window.computer.pause()
    window.start_game(game, {Side.UNION: COMPUTER, Side.CONFEDERATE: HUMAN})
    assert isinstance(window.computer.players[Side.UNION], StrategicPlayer)
    watched = Watched(Side.UNION)
    watched.threads = []
    window.computer.players[Side.UNION] = watched
    window.computer.resume()
    qtbot.waitUntil(lambda: game.acting_side is Side.CONFEDERATE, timeout=60_000)
    union = [i for i, entry in enumerate(game.log) if entry.side is Side.UNION]
    assert len(union) >= 3  # spans, commands, marches: more than ending three phases
    assert all(window.computer.reasons.get(i) for i in union)
    assert watched.threads and all(t is not threading.main_thread() for t in watched.threads)
