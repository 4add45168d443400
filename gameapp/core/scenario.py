"""Scenarios: the model of a historical setup, and loading it from YAML with file:line errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.units import Side, Unit, UnitDef


@dataclass(frozen=True)
class TurnClock:
    """Which turns the scenario has and the clock time at the start of each."""

    first_turn: int
    last_turn: int
    start_minutes: int  # clock time of the first turn, in minutes after midnight
    minutes_per_turn: int

    def minutes_at(self, turn: int) -> int:
        return self.start_minutes + (turn - self.first_turn) * self.minutes_per_turn

    def time_of(self, turn: int) -> str:
        """The clock time a turn starts, such as '3:00 pm'."""
        minutes = self.minutes_at(turn) % (24 * 60)
        hour, minute = divmod(minutes, 60)
        suffix = "am" if hour < 12 else "pm"
        return f"{(hour % 12) or 12}:{minute:02d} {suffix}"


@dataclass(frozen=True)
class Reinforcement:
    turn: int
    hex: Hex
    units: tuple[Unit, ...]


@dataclass(frozen=True)
class VictoryHex:
    hex: Hex
    name: str
    points: int
    holder: Side | None = None  # who holds it at the start


@dataclass
class Scenario:
    path: Path
    name: str
    description: str
    map: HexMap
    ruleset: str
    options: dict[str, str | bool | int]
    clock: TurnClock
    first_side: Side
    units: list[Unit]
    reinforcements: list[Reinforcement] = field(default_factory=list)
    victory_hexes: list[VictoryHex] = field(default_factory=list)
    order_of_battle: dict[str, UnitDef] = field(default_factory=dict)

    def units_at(self, h: Hex) -> list[Unit]:
        return [u for u in self.units if u.hex == h]


def load_scenario(path: str | Path) -> Scenario:
    """Load and validate a scenario file. Raises DataError listing every problem found."""
    raise NotImplementedError
