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

Until the fire issue makes fields of fire exact, `in_enemy_fire_field` approximates "inside an
enemy small-arms or canister field of fire" by range and front arc alone, with no line of sight.
"""

from __future__ import annotations

import math
from functools import cache

from gameapp.core.hexgrid import Hex, Layout, Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import HexsideFeature
from gameapp.core.units import Formation, SmallArms, Status, Unit, UnitKind

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

SMALL_ARMS_RANGE: dict[SmallArms, int] = {
    SmallArms.M: 2,
    SmallArms.R: 6,
    SmallArms.S: 8,
    SmallArms.A: 2,
    SmallArms.C: 3,
}
CANISTER_RANGE = 4


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
    be inside the cut (its unit has no front and sees only adjacent hexes, rules/los.py)."""
    if not game_map.contains(h):
        return False
    sides = sum(1 for d in range(6) if game_map.hexside_at(h, d) & HexsideFeature.DEEP_CUT)
    return sides >= DEEP_CUT_MIN_SIDES


def fire_range(unit: Unit) -> int:
    """The reach of the unit's small arms, or of its canister for artillery."""
    if unit.kind is UnitKind.ARTILLERY:
        return CANISTER_RANGE if unit.formation is Formation.UNLIMBERED else 0
    if unit.defn.weapon is None or unit.formation is Formation.ROAD_COLUMN:
        return 0
    return SMALL_ARMS_RANGE[unit.defn.weapon]


def enemy_fire_field(enemies: list[Unit], game_map: HexMap) -> frozenset[Hex]:
    """Approximation until the fire issue: the hexes within an enemy's small-arms or canister
    range and inside its front arc (a column's arc taken as 60 degrees, since its fifth that may
    fire still fires ahead), line of sight ignored."""
    hexes: set[Hex] = set()
    for enemy in enemies:
        reach = fire_range(enemy)
        arc = half_arc(enemy, game_map)
        if reach == 0 or arc is None:
            continue
        arc = max(arc, 60.0)
        hexes.update(h for h in enemy.hex.range(reach) if in_arc(enemy, h, arc))
    return frozenset(h for h in hexes if game_map.contains(h))
