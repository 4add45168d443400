"""A seeded random player: the baseline opponent, and the self-test's driver.

It uses the public engine API only: `game.acting_side`, `game.legal_actions()` and the actions'
text notation to choose, and the caller applies the choice with `game.apply`.

At each decision it ends its part of the phase (the ruleset's end-of-step action, or Pass in the
tactical fire phase) with
probability `end_chance`, when nothing else is legal, or once it has taken `max_per_phase`
actions in this phase; otherwise it takes one of the other legal actions, uniformly. The legal
actions are sorted by their notation before choosing, so the same seed and the same game give
the same choices whatever order the engine lists them in (and whatever PYTHONHASHSEED is).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gameapp.ai.rca import NotMyTurnError, check_turn
from gameapp.core.actions import Action, Pass
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.units import Side

__all__ = ["NotMyTurnError", "RandomPlayer"]


@dataclass
class RandomPlayer:
    side: Side
    seed: int = 0
    end_chance: float = 0.25
    max_per_phase: int = 8
    _rng: random.Random = field(init=False, repr=False)
    _phase_key: tuple[int, int, Phase] | None = field(default=None, init=False, repr=False)
    _taken: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        if not 0.0 <= self.end_chance <= 1.0:
            raise ValueError(f"end_chance must be within 0..1, got {self.end_chance}")
        # One stream per side, so both players may share a seed and still differ.
        self._rng = random.Random(f"{self.seed}:{self.side.value}")

    def choose(self, game: Game) -> Action:
        """A legal action for this player's side, now."""
        check_turn(game, self.side)
        key = (game.state.turn, game.state.step_index, game.phase)
        if key != self._phase_key:
            self._phase_key, self._taken = key, 0
        numbering = game.map.numbering
        legal: list[Action] = sorted(game.legal_actions(), key=lambda a: a.to_text(numbering))
        ender = game.ruleset.end_step_action()  # any ruleset's: EndPhase for the tactical one
        enders = [a for a in legal if a == ender or isinstance(a, Pass)]
        others = [a for a in legal if a not in enders]
        wants_to_end = self._rng.random() < self.end_chance or self._taken >= self.max_per_phase
        if enders and (wants_to_end or not others):
            return enders[0]
        if not others:
            raise RuntimeError(f"no legal action for {self.side.label} in the {game.phase.value} "
                               "phase")
        self._taken += 1
        return self._rng.choice(others)
