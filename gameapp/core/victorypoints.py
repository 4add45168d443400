"""A scenario's own scale of victory points for losses, and the expectation of its numbers.

    victory_points:
      battery_sp: 0.2          # a battery SP lost: one gun's crew, 20 men of the 100 an SP is
      gun: 1                   # each gun lost, destroyed or taken: the trophy
      expectation: {side: union, times: 2, name: "Banks at one against two"}

Without the key every strength point lost scores 1 and nothing else (`R&C victory`). The
`expectation` multiplies the named side's points: the side that had the numbers must score
`times` as many to win (docs/rules.md, "Levels of victory and sudden death"). The schema
checks the types; `rules/victory.py` scores with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameapp.core.units import Side


@dataclass(frozen=True)
class Expectation:
    side: Side  # the side outnumbered: its points count `times` over
    times: float
    name: str


@dataclass(frozen=True)
class VictoryPoints:
    battery_sp: float = 1.0  # points for each battery SP (a gun and its crew) the enemy lost
    gun: float = 0.0  # points more for each enemy gun lost (destroyed or taken)
    expectation: Expectation | None = None

    @property
    def plain(self) -> bool:
        """Every SP lost scores 1, as the engine's rule has it; no expectation."""
        return self.battery_sp == 1.0 and self.gun == 0.0 and self.expectation is None


def read_victory_points(data: dict[str, Any]) -> VictoryPoints:
    """The scenario's `victory_points` (already checked against the schema)."""
    body = data.get("victory_points")
    if not isinstance(body, dict):
        return VictoryPoints()
    expected = body.get("expectation")
    expectation = None
    if isinstance(expected, dict):
        expectation = Expectation(Side(expected["side"]), float(expected["times"]),
                                  str(expected["name"]))
    return VictoryPoints(float(body.get("battery_sp", 1.0)), float(body.get("gun", 0.0)),
                         expectation)
