"""Headless games: computer players on both sides, the log as text, and the result.

    gameapp run SCENARIO --ai both --seed N [--turns K]

Today's computer player is the seeded random player (gameapp/ai/random_player.py); the strong
one comes with the AI issue and plugs in here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from gameapp.ai.random_player import RandomPlayer
from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.rules.victory import VictoryResult
from gameapp.core.units import Side

MAX_ACTIONS = 200_000  # a game of random play that takes more has stopped making progress


@dataclass(frozen=True)
class HeadlessGame:
    game: Game
    result: VictoryResult
    actions: int


def log_lines(game: Game) -> Iterator[str]:
    for entry in game.log:
        side = entry.side.label if entry.side else "-"
        dice = " ".join(f"[{r.d66}]" for r in entry.rolls)
        yield f"T{entry.turn} {side:11} {entry.phase.value:10} {entry.action} {dice}".rstrip()


def play(path: str | Path, seed: int, turns: int | None = None,
         on_action: Callable[[Game, list[Event]], None] | None = None) -> HeadlessGame:
    """Play the scenario with random players on both sides, to its end or for `turns` turns."""
    game = Game.from_scenario(path, seed=seed)
    players = {side: RandomPlayer(side, seed) for side in Side}
    last = game.scenario.clock.last_turn if turns is None else \
        min(game.scenario.clock.last_turn, game.scenario.clock.first_turn + turns - 1)
    count = 0
    while not game.is_over and game.state.turn <= last:
        side = game.acting_side
        if side is None:
            raise RuntimeError(f"nobody to act in the {game.phase.value} phase")
        events = game.apply(players[side].choose(game))
        count += 1
        if on_action is not None:
            on_action(game, events)
        if count > MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
    return HeadlessGame(game, game.result(), count)
