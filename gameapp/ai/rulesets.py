"""The computer players that ship with the program, registered by ruleset name (registry.py
imports this module on its first look-up).

- tactical: the candidate-action player (player.py) at easy, normal and hard, and the seeded
  random player (random_player.py), the baseline and test opponent.
- strategic: the strategic candidate-action player (strategic/player.py) at the same three
  levels, and the same random player.
"""

from __future__ import annotations

from gameapp.ai.random_player import RandomPlayer
from gameapp.ai.registry import RANDOM_LEVEL, Player, register_ai
from gameapp.ai.settings import Difficulty
from gameapp.core.units import Side


def tactical_player(side: Side, level: str, seed: int, fog: bool) -> Player:
    if level == RANDOM_LEVEL:
        return RandomPlayer(side, seed=seed)  # it looks at nothing, so fog changes nothing
    from gameapp.ai.player import AIPlayer  # the candidate-action player: loaded when it plays

    return AIPlayer(side, seed=seed, difficulty=Difficulty(level), fog=fog)


register_ai("tactical", tactical_player, [*(d.value for d in Difficulty), RANDOM_LEVEL],
            default=Difficulty.NORMAL.value)


def strategic_player(side: Side, level: str, seed: int, fog: bool) -> Player:
    if level == RANDOM_LEVEL:
        return RandomPlayer(side, seed=seed)
    from gameapp.ai.strategic.player import StrategicPlayer  # loaded when it plays

    return StrategicPlayer(side, seed=seed, difficulty=Difficulty(level), fog=fog)


register_ai("strategic", strategic_player, [*(d.value for d in Difficulty), RANDOM_LEVEL],
            default=Difficulty.NORMAL.value)
