"""The tactical game's phases (1.2). The steps that play them, in order, with the actions each
allows, are the tactical ruleset's (`rulesets/tactical/ruleset.py`, `TACTICAL_TURN`)."""

from __future__ import annotations

from enum import Enum

from gameapp.core.ruleset import Player

__all__ = ["Phase", "Player"]


class Phase(Enum):
    PREPARATION = "preparation"
    MOVEMENT = "movement"
    FIRE = "fire"
    RALLY = "rally"
    CHARGE = "charge"
    TURN_CONCLUSION = "turn conclusion"

    @property
    def label(self) -> str:
        return self.value.capitalize()
