"""The tactical computer player: the generic candidate-action loop (rca.py, after Wesnoth's
AI) over the tactical candidate actions (tactical_cas.py, movement_ca.py).

Each time it is asked (`decide`), every candidate action scores the position; the best above
zero returns its action, with one line explaining it; when none scores, the player ends its
part of the phase (`tactical_cas.end_part`: EndPhase, or Pass in the fire phase).

It reads only the public engine API and state, never the game's dice: its own random stream
(easy's noise) is seeded from the seed and the side, so a seed replays the same game. With
`fog` it scores the side's view of the game (fog.py); legality stays the game's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from gameapp.ai.fog import SideView, side_view
from gameapp.ai.hints import SideHints, load_hints, posture_given, posture_now
from gameapp.ai.movement_ca import MoveUnits
from gameapp.ai.rca import CandidateAction, Choice, check_turn, decide
from gameapp.ai.settings import WEIGHTS, Difficulty, Posture, Weights
from gameapp.ai.tactical_cas import (
    AnswerDecision,
    FireBest,
    FirstLegal,
    ResolveCharges,
    end_part,
)
from gameapp.core.actions import Action
from gameapp.core.engine import Game
from gameapp.core.units import Side

__all__ = ["AIPlayer", "Choice"]


@dataclass
class AIPlayer:
    side: Side
    seed: int = 0
    difficulty: Difficulty = Difficulty.NORMAL
    posture: Posture | None = None  # None: the hints file's, else attack when behind on score
    fog: bool = False  # it sees only what its side can see (fog.py)
    candidates: tuple[CandidateAction, ...] = field(init=False, repr=False)
    _movement: MoveUnits = field(init=False, repr=False)
    _step_key: tuple[int, int] | None = field(default=None, init=False, repr=False)
    _hints: SideHints | None = field(default=None, init=False, repr=False)
    _view: SideView | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        rng = random.Random(f"{self.seed}:{self.side.value}:ai")
        self._movement = MoveUnits(self.side, self.weights, rng, self._hints_now)
        self.candidates = (AnswerDecision(self.side), self._movement,
                           FireBest(self.side, self.weights, rng), ResolveCharges(),
                           FirstLegal())

    @property
    def weights(self) -> Weights:
        return WEIGHTS[self.difficulty]

    def choose(self, game: Game) -> Action:
        action: Action = self.decide(game).action
        return action

    def decide(self, game: Game) -> Choice:
        check_turn(game, self.side)
        if self.fog:  # from here on it scores what its side sees; legality stays real
            game = self._view = side_view(game, self.side, self._view)
        key = (game.state.turn, game.state.step_index)
        if key != self._step_key:
            self._step_key = key
            self._movement.forget()
        return decide(game, self.candidates, end_part)

    def hints(self, game: Game) -> SideHints:
        """The scenario's hints for this side, with the posture it was given, if any."""
        if self._hints is None:
            given = load_hints(game.scenario)[self.side]
            posture = self.posture or given.posture
            self._hints = replace(given, posture=posture,
                                  given=given.given or self.posture is not None)
        return self._hints

    def _hints_now(self, game: Game) -> SideHints:
        """The hints to play this phase by: without a posture given, attack when behind; the
        scenario's opening while it lasts (unless a posture was given to the player), the
        posture of the score or the hints file for the units the enemy closes on."""
        hints = self.hints(game)
        if self.posture is None and not hints.given:
            hints = replace(hints, posture=posture_now(game, self.side))
        elif self.posture is None and hints.defend_lead is not None:
            hints = replace(hints, posture=posture_given(game, self.side, hints))
        if self.posture is None and hints.opening is not None and hints.opening.holds(game):
            return replace(hints, posture=hints.opening.posture, freed=hints.posture)
        return hints
