"""Fields of fire: the hexes a unit could fire at now, and who could fire at a unit.

A hex is in a unit's field of fire when all of these hold (docs/rules.md):

1. the unit may fire at all: a combat unit with a weapon, not routed (7.52.f), not in road column
   (2.53.b), not double-moved (DM), not out of ammunition, and with a front (`front.half_arc`:
   limbered artillery, general order and leaders have none);
2. the hex is in its front arc (`front.py`: 60 degrees either side of the facing in line, straight
   ahead only for a column, all round in square);
3. the range has a factor (`weapons.range_factor`): up to the weapon's maximum range; artillery
   fires canister at 1 to `weapons.canister_range` hexes when its guns have canister, and shell
   beyond (and at those ranges, when they have none);
4. the unit sees the hex (`los.py`, with the scenario's conventions and the units on the map).

`field_of_fire` computes every hex at once with the vectorised line of sight; `fire_check` asks
about one hex and says why not; `exposure` lists the enemies that could fire at a unit now;
`enemy_fire_field` is the union of the enemy's small-arms and canister fields (TEC N12), the
field the movement rules double wall, fence and formation-change costs in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import numpy as np

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.fire.weapons import RangeEffect, canister_range, max_range, range_factor
from gameapp.core.rules.front import half_arc, in_arc
from gameapp.core.rules.sight.block import Conventions
from gameapp.core.rules.sight.grid import sight_map
from gameapp.core.rules.sight.lines import lines_within, lines_within_arc
from gameapp.core.rules.sight.los import LosOptions, LosResult, line_of_sight, seen_targets
from gameapp.core.units import Formation, Status, Unit, UnitDef, UnitKind

UnitsOnMap = Iterable[Unit] | Mapping[str, Unit]


@dataclass(frozen=True)
class FieldCell:
    distance: int
    effect: RangeEffect  # what the range does to the fire points (canister when `canister`)
    canister: bool
    shell: RangeEffect | None = None  # guns firing canister: the shell factor at that range


@dataclass(frozen=True)
class FireCheck:
    cell: FieldCell | None  # None: the unit cannot fire at the hex now
    reason: str
    rule: str
    los: LosResult | None = None


def _units(state_units: UnitsOnMap) -> list[Unit]:
    return list(state_units.values() if isinstance(state_units, Mapping) else state_units)


def cannot_fire(unit: Unit, game_map: HexMap) -> tuple[str, str] | None:
    """Why the unit may not fire at all now, with the rule; None when it may."""
    if unit.kind is UnitKind.LEADER:
        return "leaders are not combat units", "003 5.2c"
    if Status.ROUTED in unit.status:
        return "routed units may not fire", "7.52.f"
    if Status.DOUBLE_MOVED in unit.status:
        return "a unit that double-moved may not fire", "FCRT DRM firer moved"
    if Status.NO_AMMUNITION in unit.status:
        return "the unit is out of ammunition", "R&C ammunition"
    if unit.formation is Formation.ROAD_COLUMN:
        return "units in road column may not fire", "2.53.b"
    if reach(unit.defn) == 0:
        return "the unit has no weapon", "6.0 step 1"
    if half_arc(unit, game_map) is None:
        return f"a unit in {unit.formation.value} has no front to fire through", "3.310"
    return None


@cache
def reach(defn: UnitDef) -> int:
    """The farthest hex the counter fires at: its maximum range or canister range."""
    return max(max_range(defn), canister_range(defn))


@cache
def range_cells(defn: UnitDef) -> tuple[FieldCell | None, ...]:
    """`range_cell` for every distance from 0 to the counter's reach, by distance."""
    return tuple(range_cell(defn, d) for d in range(reach(defn) + 1))


def range_cell(defn: UnitDef, distance: int) -> FieldCell | None:
    """The range effect at `distance` for this counter; None when it cannot fire that far."""
    if distance < 1:
        return None
    shell = range_factor(defn, distance)
    if defn.kind is UnitKind.ARTILLERY and distance <= canister_range(defn):
        canister = range_factor(defn, distance, canister=True)
        if canister is not None:
            return FieldCell(distance, canister, True, shell)
    return FieldCell(distance, shell, False) if shell is not None else None


def field_of_fire(unit: Unit, state_units: UnitsOnMap, game_map: HexMap,
                  conventions: Conventions = (), *, limit: int | None = None
                  ) -> dict[Hex, FieldCell]:
    """Every hex the unit could fire at now, with its range effect. `limit` cuts the range (the
    canister band alone, for instance)."""
    if cannot_fire(unit, game_map) is not None:
        return {}
    arc = half_arc(unit, game_map)
    assert arc is not None
    furthest = reach(unit.defn) if limit is None else min(limit, reach(unit.defn))
    if furthest < 1:
        return {}
    lines = lines_within(furthest) if arc >= 180.0 else \
        lines_within_arc(furthest, unit.facing, arc)
    seen = seen_targets(sight_map(game_map), LosOptions.of(conventions), lines, unit.hex,
                        _units(state_units), unit.kind is UnitKind.ARTILLERY)
    result: dict[Hex, FieldCell] = {}
    q0, r0 = unit.hex
    cells = range_cells(unit.defn)
    chosen = np.flatnonzero(seen)
    for dq, dr, n in zip(lines.target_q[chosen].tolist(), lines.target_r[chosen].tolist(),
                         lines.target_n[chosen].tolist(), strict=True):
        cell = cells[n]
        if cell is not None:
            result[Hex(q0 + dq, r0 + dr)] = cell
    return result


def fire_check(unit: Unit, target: Hex, state_units: UnitsOnMap, game_map: HexMap,
               conventions: Conventions = ()) -> FireCheck:
    """Whether the unit could fire at `target` now, and why not."""
    refusal = cannot_fire(unit, game_map)
    if refusal is not None:
        return FireCheck(None, *refusal)
    distance = unit.hex.distance(target)
    if distance == 0 or not game_map.contains(target):
        return FireCheck(None, "not a hex it can fire at", "6.0")
    cell = range_cells(unit.defn)[distance] if distance <= reach(unit.defn) else None
    if cell is None:
        return FireCheck(None, f"out of range: {distance} hexes, the weapon reaches "
                               f"{reach(unit.defn)}", "Range maximum")
    arc = half_arc(unit, game_map)
    assert arc is not None
    if not in_arc(unit, target, arc):
        return FireCheck(None, "outside the unit's front arc", "3.310")
    los = line_of_sight(game_map, unit.hex, target, conventions, units=_units(state_units),
                        artillery=unit.kind is UnitKind.ARTILLERY)
    if not los.clear:
        return FireCheck(None, f"no line of sight: {los.reason}", los.rule, los)
    return FireCheck(cell, f"{cell.effect.label} at {cell.effect.band}", cell.effect.rule, los)


def exposure(unit: Unit, state_units: UnitsOnMap, game_map: HexMap,
             conventions: Conventions = ()) -> dict[Hex, list[str]]:
    """The enemy units that could fire at `unit` now, by the hex they stand in."""
    units = _units(state_units)
    result: dict[Hex, list[str]] = {}
    for enemy in units:
        if enemy.side is unit.side or enemy.hex.distance(unit.hex) > reach(enemy.defn):
            continue
        if fire_check(enemy, unit.hex, units, game_map, conventions).cell is not None:
            result.setdefault(enemy.hex, []).append(enemy.id)
    return result


def enemy_fire_field(enemies: list[Unit], game_map: HexMap, conventions: Conventions = (),
                     units: UnitsOnMap | None = None) -> frozenset[Hex]:
    """The hexes inside an enemy small-arms or canister field of fire (TEC N12): the whole field
    of infantry and cavalry, the canister band of artillery. `units` are every unit on the map,
    which block sight under the units conventions (the enemies alone when not given)."""
    on_map = _units(units) if units is not None else list(enemies)
    hexes: set[Hex] = set()
    for enemy in enemies:
        hexes |= small_arms_field(enemy, game_map, conventions, on_map)
    return frozenset(hexes)


def small_arms_field(unit: Unit, game_map: HexMap, conventions: Conventions = (),
                     units: UnitsOnMap | None = None) -> frozenset[Hex]:
    """One unit's share of `enemy_fire_field`: its whole field of fire for infantry and cavalry,
    its canister band for artillery."""
    limit = canister_range(unit.defn) if unit.kind is UnitKind.ARTILLERY else None
    if limit == 0:
        return frozenset()
    on_map = _units(units) if units is not None else [unit]
    field = field_of_fire(unit, on_map, game_map, conventions, limit=limit)
    return frozenset(h for h, cell in field.items()
                     if (cell.canister or limit is None) and game_map.contains(h))
