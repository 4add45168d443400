"""A unit's front, defined by angles between hex centres (docs/rules.md, "Front").

Take the line from the unit's hex centre to another hex centre, and the unit's facing direction
(toward the centre of the hex beyond its faced hexside). The other hex lies in the unit's front
arc when the angle between the two is at most the formation's half-arc:

- 60 degrees for line, skirmish, dismounted, mounted and unlimbered artillery: next to the unit
  these are the faced hex and the two either side of it;
- 0 degrees for column: only the faced hex and the hexes straight ahead of it;
- 180 degrees for square: all round;
- no front for road column, limbered artillery, general order, leaders, routed units and units in
  a deep cut (N18).

The front does not reach across a crest (N17) or a high embankment (N16) hexside.

Fields of fire (range, arc and line of sight) are in `rules/fire/field.py`.
"""

from __future__ import annotations

import math
from functools import cache

from gameapp.core.hexgrid import Hex, Layout, Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import HexsideFeature
from gameapp.core.units import Formation, Status, Unit, UnitKind

_ANGLE_LAYOUT = Layout(Orientation.POINTY, 1.0)  # angles are the same in any orientation
_EPSILON = 1e-6

HALF_ARC: dict[Formation, float] = {
    Formation.LINE: 60.0,
    Formation.SKIRMISH: 60.0,
    Formation.DISMOUNTED: 60.0,
    Formation.MOUNTED: 60.0,
    Formation.UNLIMBERED: 60.0,
    Formation.COLUMN: 0.0,
    Formation.SQUARE: 180.0,
}

FRONT_BLOCKING_HEXSIDES = HexsideFeature.CREST | HexsideFeature.HIGH_EMBANKMENT
DEEP_CUT_MIN_SIDES = 2


def half_arc(unit: Unit, game_map: HexMap) -> float | None:
    """The unit's half-arc in degrees, or None when it has no front."""
    if unit.kind is UnitKind.LEADER or Status.ROUTED in unit.status:
        return None
    return HALF_ARC.get(unit.formation)


@cache
def angle_off_facing(delta: Hex, facing: int) -> float:
    """Degrees between the facing direction and the line to a hex `delta` away (0..180)."""
    x, y = _ANGLE_LAYOUT.hex_to_pixel(delta)
    bearing = math.degrees(math.atan2(-y, x))
    diff = abs(bearing - _ANGLE_LAYOUT.direction_angle(facing)) % 360.0
    return min(diff, 360.0 - diff)


def in_arc(unit: Unit, target: Hex, arc: float) -> bool:
    if target == unit.hex:
        return False
    return delta_in_arc(target - unit.hex, unit.facing, arc)


def delta_in_arc(delta: Hex, facing: int, arc: float) -> bool:
    """Whether a hex `delta` away lies within `arc` degrees of the facing direction."""
    return angle_off_facing(delta, facing) <= arc + _EPSILON


def front_hexes(unit: Unit, game_map: HexMap) -> list[Hex]:
    """The adjacent hexes in the unit's front: the hexes an enemy must stop on entering."""
    arc = half_arc(unit, game_map)
    if arc is None or _in_deep_cut(unit, game_map):
        return []
    result = []
    for direction in range(6):
        neighbour = unit.hex.neighbor(direction)
        if not in_arc(unit, neighbour, arc):
            continue
        if game_map.contains(unit.hex) and (
            game_map.hexside_at(unit.hex, direction) & FRONT_BLOCKING_HEXSIDES
        ):
            continue
        result.append(neighbour)
    return result


def _in_deep_cut(unit: Unit, game_map: HexMap) -> bool:
    """N18: a unit inside a deep cut has no front."""
    return in_deep_cut(game_map, unit.hex)


def in_deep_cut(game_map: HexMap, h: Hex) -> bool:
    """N18: a hex with a deep-cut hexside on DEEP_CUT_MIN_SIDES or more of its sides is taken to
    be inside the cut (its unit has no front and sees only adjacent hexes, rules/sight/los.py)."""
    if not game_map.contains(h):
        return False
    sides = sum(1 for d in range(6) if game_map.hexside_at(h, d) & HexsideFeature.DEEP_CUT)
    return sides >= DEEP_CUT_MIN_SIDES
