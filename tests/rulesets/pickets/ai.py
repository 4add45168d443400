"""The Pickets ruleset's computer player: two candidate actions in the generic RCA loop,
registered by name. Skirmish where a die may drive an enemy off (worth a third of a picket:
2 faces in 6), else advance a picket one hex nearer the nearest enemy (worth a tenth); with
neither, halt."""

from __future__ import annotations

from dataclasses import dataclass, field

from gameapp.ai.rca import Choice, RCAPlayer
from gameapp.ai.registry import Player, register_ai
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side
from tests.rulesets.pickets.ruleset import Advance, Halt, PicketState, Skirmish

SKIRMISH_VALUE = 2 / 6
ADVANCE_VALUE = 0.1


def _nearest(h: Hex, others: list[Hex]) -> int:
    return min((h.distance(o) for o in others), default=0)


@dataclass
class SkirmishCA:
    name: str = "skirmish"
    found: Skirmish | None = field(default=None, repr=False)

    def evaluate(self, game: Game) -> float:
        self.found = next((a for a in game.legal_actions() if isinstance(a, Skirmish)), None)
        return SKIRMISH_VALUE if self.found is not None else 0.0

    def execute(self, game: Game) -> Choice:
        assert self.found is not None
        return Choice(self.found, f"skirmish: a 5 or 6 drives the picket in "
                                  f"{game.map.hex_id(self.found.at)} off (P2)")


@dataclass
class AdvanceCA:
    name: str = "advance"
    found: Advance | None = field(default=None, repr=False)

    def evaluate(self, game: Game) -> float:
        state: PicketState = game.state
        enemies = [u.hex for u in state.units.values() if u.side is not game.acting_side]
        closer = [a for a in game.legal_actions() if isinstance(a, Advance)
                  and _nearest(a.to, enemies) < _nearest(state.units[a.picket].hex, enemies)]
        self.found = closer[0] if closer else None
        return ADVANCE_VALUE if self.found is not None else 0.0

    def execute(self, game: Game) -> Choice:
        assert self.found is not None
        return Choice(self.found, f"advance {self.found.picket} nearer the enemy (P1)")


def halt(game: Game) -> Choice:
    return Choice(Halt(), "nothing left worth doing this step")


def pickets_player(side: Side, level: str, seed: int, fog: bool) -> Player:
    return RCAPlayer(side, [SkirmishCA(), AdvanceCA()], end=halt)


register_ai("pickets", pickets_player, levels=("normal",))
