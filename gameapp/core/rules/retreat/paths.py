"""The one retreat-path engine: rout movement, retreat results and retreat before combat all ask
`retreat_paths` where a unit would go. Pure: no dice, no Qt, nothing changed.

The scenario option `retreat` picks the rules: `ss15_4` (`000` 15.4, `ss15_4.py`) or `g88`
(`002` 15–17, `g88.py`); the option `stacking` says which stacking limits apply at the end.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from gameapp.core.mapdata import HexMap
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.retreat.g88 import retreat_g88
from gameapp.core.rules.retreat.ground import RetreatGround
from gameapp.core.rules.retreat.result import RetreatOptions
from gameapp.core.rules.retreat.ss15_4 import retreat_15_4
from gameapp.core.units import Unit

RETREAT_OPTIONS = ("ss15_4", "g88")


def retreat_paths(
    unit: Unit,
    distance: int,
    causers: Collection[Unit],
    state_units: Mapping[str, Unit] | Iterable[Unit],
    game_map: HexMap,
    option: str,
    stacking: str,
    *,
    defenders: Collection[Unit] = (),
    costs: MoveCosts | None = None,
) -> RetreatOptions:
    """Every legal retreat path of `unit` for `distance` hexes, the chosen one first.

    causers: the enemy units that caused the retreat (000 15.4 priority 1).
    state_units: every unit in play (the retreating unit among them or not).
    defenders: g88 only: the other units defending in the same battle, whose starting hexes the
      unit never re-enters (002 15); its own starting hex is always excluded.
    costs: the game's step costs for this map, if it has them (else they are made and kept).
    """
    if distance < 0:
        raise ValueError(f"a retreat distance cannot be negative: {distance}")
    if option not in RETREAT_OPTIONS:
        raise ValueError(f"unknown retreat option '{option}': expected one of "
                         f"{', '.join(RETREAT_OPTIONS)}")
    if not game_map.contains(unit.hex):
        raise ValueError(f"{unit.id} is not on the map")
    ground = RetreatGround(unit, causers, state_units, game_map, stacking, costs)
    if option == "g88":
        return retreat_g88(ground, distance, frozenset(d.hex for d in defenders))
    return retreat_15_4(ground, distance)
