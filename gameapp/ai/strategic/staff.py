"""What the strategic player's candidate actions share: its side, weights and seeded noise, the
position of the moment (built once per decision), the targets seen in it, and what it has
settled this phase (pieces it leaves where they are, leaders it will not command, the hex each
force gathers on)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gameapp.ai.strategic.invasion import diverted, invasion, invasion_targets
from gameapp.ai.strategic.marches import MarchCosts
from gameapp.ai.strategic.objectives import Target, targets
from gameapp.ai.strategic.position import Position, position_of
from gameapp.ai.strategic.settings import StrategicWeights
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side

MIN_GAIN = 0.05  # VP: a move or a command worth less is not made


@dataclass
class Staff:
    side: Side
    weights: StrategicWeights
    rng: random.Random
    settled: set[str] = field(default_factory=set)  # pieces moved or staying put this phase
    declined: set[str] = field(default_factory=set)  # leaders commanded or left alone
    gather: dict[str, Hex] = field(default_factory=dict)  # force leader -> the hex it makes for
    moving: bool = False  # the force being moved has a move to make (set by MoveForce)
    _phase: tuple[int, int] | None = None
    _key: tuple[int, int, int] | None = None
    _position: Position | None = None
    _targets: tuple[Target, ...] = ()
    _supplied: frozenset[Hex] | None = None  # the supply net traced at the phase's start
    _marches: MarchCosts | None = None  # the MP to march to each place, for the game
    # our invasion is under way (invasion.py): it goes on once the enemy turns to answer it
    campaign: bool = False

    def look(self, game: Game) -> Position:
        """The position now (built again only when the game has changed)."""
        phase = (game.state.turn, game.state.step_index)
        if phase != self._phase:
            self._phase = phase
            self.settled.clear()
            self.declined.clear()
            self._supplied = None
            self.gather.clear()
        key = (id(game), game.state.revision, len(game.log))
        if key != self._key or self._position is None or self._position.game is not game:
            self._key = key
            self._position = position_of(game, self.side, self._supplied)
            self._supplied = self._position.supplied
            if self._marches is None or self._marches.terrain is not game.rules.terrain:
                self._marches = MarchCosts(game.rules.terrain)
            plan = invasion(self._position, self.side, self.campaign)
            self.campaign = plan is not None
            self._targets = diverted(self._position,
                                     targets(self._position, self.weights, self._marches),
                                     plan) + \
                invasion_targets(self._position, self._marches, self.campaign)
        return self._position

    @property
    def targets(self) -> tuple[Target, ...]:
        return self._targets

    def noise(self) -> float:
        return self.rng.gauss(0.0, self.weights.noise) if self.weights.noise else 0.0
