"""A movement context built by hand for tests: what `AIPlayer` builds at a phase's start, with
the side, posture and level chosen by the test."""

from __future__ import annotations

from gameapp.ai.hints import SideHints
from gameapp.ai.influence import Influence
from gameapp.ai.move_choice import MoveContext
from gameapp.ai.objectives import Objectives
from gameapp.ai.settings import STANCES, WEIGHTS, Difficulty, Posture
from gameapp.core.engine import Game
from gameapp.core.units import Side


def move_context(game: Game, side: Side = Side.UNION, posture: Posture = Posture.ATTACK,
                 level: Difficulty = Difficulty.NORMAL) -> MoveContext:
    w = WEIGHTS[level]
    objectives = Objectives.build(game, side, SideHints(posture), STANCES[posture], w.horizon,
                                  w.endgame_turns, w.keeps_contested)
    ctx = MoveContext.build(game, side, Influence.build(game, side, w.spreads_fire),
                            objectives, w)
    ctx.refresh()
    return ctx
