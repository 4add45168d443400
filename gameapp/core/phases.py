"""The sequence of play as data: each ruleset declares its phases in order and what they allow.

A game turn is a list of steps. Each step is a phase played by the first player, the second player
or neither (the turn conclusion). The engine walks the list; it never hard-codes the order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


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


class Player(Enum):
    """Whose player turn a step belongs to."""

    FIRST = "first"
    SECOND = "second"
    NEITHER = "neither"


class StartEffect(Enum):
    """Housekeeping the engine performs when a phase starts."""

    REMOVE_MOVE_MARKERS = "remove M and DM markers (1.21)"
    RESET_MOVEMENT = "reset movement points"
    START_FIRE = "the non-phasing side fires first (1.23)"
    REINFORCEMENTS = "reinforcements of the turn arrive at their entry hexes"
    EXHAUSTION = "brigades' exhaustion adjusted (1.3)"
    RALLY = "routed, then shaken units try to rally; HM markers removed (1.24)"


@dataclass(frozen=True)
class Step:
    phase: Phase
    player: Player
    rule: str
    on_start: tuple[StartEffect, ...] = ()
    ends_by_itself: bool = False  # nothing for a player to decide: the engine moves on
    allows: tuple[str, ...] = ()  # action kinds a player may take (besides ending the phase)


def _player_turn(player: Player) -> list[Step]:
    return [
        Step(
            Phase.PREPARATION,
            player,
            "1.21",
            on_start=(StartEffect.REMOVE_MOVE_MARKERS,),
            ends_by_itself=True,
        ),
        Step(
            Phase.MOVEMENT,
            player,
            "1.22",
            on_start=(StartEffect.RESET_MOVEMENT, StartEffect.REINFORCEMENTS),
            allows=("move", "face", "formation"),
        ),
        Step(
            Phase.FIRE,
            player,
            "1.23",
            on_start=(StartEffect.START_FIRE,),
            allows=("fire", "pass"),
        ),
        Step(Phase.RALLY, player, "1.24", on_start=(StartEffect.RALLY,)),
        # the phasing player resolves the charges one by one; end-phase resolves the rest
        Step(Phase.CHARGE, player, "1.25", allows=("charge",)),
    ]


TACTICAL_TURN: tuple[Step, ...] = (
    *_player_turn(Player.FIRST),
    *_player_turn(Player.SECOND),
    Step(
        Phase.TURN_CONCLUSION,
        Player.NEITHER,
        "1.3",
        on_start=(StartEffect.EXHAUSTION,),
        ends_by_itself=True,
    ),
)
