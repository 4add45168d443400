"""The computer's side in the window: the players on offer, and a driver that makes the computer
side's decisions through the controller, one action per tick, so the board redraws between them.

The seam for gameapp/ai: a computer player is anything with `choose(game) -> Action`, made by
`make_player`: the candidate-action player of gameapp/ai/player.py at its three difficulties,
or the random legal player (gameapp/ai/random_player), labelled as what it is.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Protocol

from PySide6.QtCore import QObject, QTimer

from gameapp.ai.random_player import RandomPlayer
from gameapp.ai.settings import Difficulty
from gameapp.core.actions import Action, EndPhase
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind, Players
from gameapp.core.units import Side
from gameapp.ui.controller import GameController

log = logging.getLogger(__name__)

RANDOM = "random"
# difficulty id -> what the new-game dialog calls it
LEVELS: dict[str, str] = {
    **{d.value: f"Computer, {d.value}" for d in Difficulty},
    RANDOM: "Computer (random legal moves: a test opponent)",
}


class ComputerPlayer(Protocol):
    def choose(self, game: Game) -> Action: ...


def make_player(side: Side, choice: PlayerChoice, seed: int = 0) -> ComputerPlayer:
    """The computer player for `side` at the chosen level (random for an unknown one)."""
    levels = {d.value: d for d in Difficulty}
    if choice.difficulty in levels:
        from gameapp.ai.player import AIPlayer  # the search player: loaded only when it plays

        return AIPlayer(side, seed=seed, difficulty=levels[choice.difficulty])
    if choice.difficulty not in ("", RANDOM):
        log.warning("no computer player %r: the random player plays", choice.difficulty)
    return RandomPlayer(side, seed=seed)


class ComputerTurns(QObject):
    """Plays the computer's sides: whenever the acting side is the computer's, one action after
    `delay_ms`, through `controller.apply` like a human's click."""

    def __init__(self, controller: GameController, delay_ms: int = 150) -> None:
        super().__init__(controller)
        self.controller = controller
        self.delay_ms = delay_ms
        self.players: dict[Side, ComputerPlayer] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.step)
        controller.state_changed.connect(self._schedule)

    def set_players(self, players: Players, seed: int = 0) -> None:
        self.players = {side: make_player(side, choice, seed)
                        for side, choice in players.items() if choice.kind is PlayerKind.COMPUTER}
        self._schedule()

    def to_play(self) -> ComputerPlayer | None:
        game = self.controller.game
        if game is None or game.is_over or game.acting_side is None:
            return None
        return self.players.get(game.acting_side)

    def _schedule(self) -> None:
        if self.to_play() is not None and not self._timer.isActive():
            self._timer.start(self.delay_ms)

    def step(self) -> bool:
        """Make one decision for the computer's side, if it is to act; True if it acted."""
        player, game = self.to_play(), self.controller.game
        if player is None or game is None:
            return False
        try:
            action = player.choose(game)
        except Exception as error:  # a computer player's bug must not take the window down
            log.exception("the computer player failed")
            self.controller.message.emit(f"The computer player failed ({error}): it ends its "
                                         "part of the phase")
            action = EndPhase()
        # a refused choice would leave the game waiting: the computer ends its part instead
        return self.controller.apply(action) or self.controller.apply(EndPhase())


def describe(players: Mapping[Side, PlayerChoice]) -> str:
    """'Union: human, Confederate: computer (random)' for the title and the log."""
    parts = []
    for side in Side:
        choice = players.get(side, PlayerChoice())
        who = "human" if choice.is_human else f"computer ({choice.difficulty or RANDOM})"
        parts.append(f"{side.label}: {who}")
    return ", ".join(parts)
