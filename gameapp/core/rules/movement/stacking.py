"""Stacking limits, checked when a unit ends its move or changes formation.

Two options, chosen by the scenario's `stacking` option:
- `tec_sl`: the terrain effects chart's SL column (N1), in infantry/artillery SPs, each cavalry SP
  counting two. Units in road column in a hex with a road use the road's own limits instead (N9):
  infantry SPs and guns as printed, cavalry half the infantry figure, and only one type of unit in
  road column per hex.
- `flat_8`: `000` 6.1: at most 8 SPs a hex; with 6.1a (the `artillery_three_quarters` option,
  seen here as `RuleOptions.stacking_rule`) artillery counts 0.75 an SP, at most 10 artillery SPs;
  without it (`flat_8_whole_guns`) a gun counts one SP like any other.
Leaders do not count.
"""

from __future__ import annotations

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import FLAT_8_WHOLE_GUNS
from gameapp.core.rules.tables import TerrainEffects
from gameapp.core.terrain import RoadGrade
from gameapp.core.units import Formation, Unit, UnitKind

FLAT_LIMIT = 8.0
FLAT_ARTILLERY_WEIGHT = 0.75
FLAT_ARTILLERY_MAX = 10


def reads_ground(option: str) -> bool:
    """Whether `stacking_problem` under `option` reads the hex (its terrain and roads): the
    chart's limits do, 000 6.1's flat 8 SPs do not."""
    return option not in ("flat_8", FLAT_8_WHOLE_GUNS)


def stacking_problem(
    h: Hex, units: list[Unit], game_map: HexMap, chart: TerrainEffects, option: str
) -> tuple[str, str] | None:
    """(reason, rule) when the units in hex `h` break the stacking limit, else None."""
    troops = [u for u in units if u.kind is not UnitKind.LEADER]
    if option == "flat_8":
        return _flat(troops)
    if option == FLAT_8_WHOLE_GUNS:
        return _flat(troops, gun_weight=1.0)
    return _chart(h, troops, game_map, chart)


def _flat(troops: list[Unit], gun_weight: float = FLAT_ARTILLERY_WEIGHT
          ) -> tuple[str, str] | None:
    guns = 0
    total: float = 0  # added in the troops' order, guns at `gun_weight`
    for u in troops:
        strength = u.defn.strength
        if u.kind is UnitKind.ARTILLERY:
            guns += strength
            total += strength * gun_weight
        else:
            total += strength
    if gun_weight != 1.0 and guns > FLAT_ARTILLERY_MAX:
        return f"{guns} artillery SPs in one hex: at most {FLAT_ARTILLERY_MAX}", "000 6.1a"
    if total > FLAT_LIMIT:
        return f"{total:g} stacking points in one hex: at most {FLAT_LIMIT:g}", "000 6.1"
    return None


def _chart(
    h: Hex, troops: list[Unit], game_map: HexMap, chart: TerrainEffects
) -> tuple[str, str] | None:
    best_road = RoadGrade(int(game_map.roads[game_map.index(h)].max()))  # of its six sides
    on_road = [u for u in troops if u.formation is Formation.ROAD_COLUMN and best_road]
    deployed = [u for u in troops if u not in on_road]
    if on_road:
        problem = _road(on_road, best_road, chart)
        if problem:
            return problem
    terrain = game_map.terrain_at(h)
    entry = chart.terrain_entry(terrain)
    limit = entry.stacking.value
    if limit is None or not deployed:
        return None
    weight = chart.cavalry_sp_weight
    total = sum(u.defn.strength * (weight if u.kind is UnitKind.CAVALRY else 1) for u in deployed)
    if total > limit:
        return (
            f"{total} SPs (cavalry counting {weight}) in {terrain.label}: the limit is {limit}",
            "TEC N1",
        )
    return None


def _road(units: list[Unit], grade: RoadGrade, chart: TerrainEffects) -> tuple[str, str] | None:
    kinds = {u.kind for u in units}
    if len(kinds) > 1:
        return "only one type of unit may end in road column in a road hex", "TEC N9"
    limits = chart.road_entry(grade).road_stacking
    if limits is None:
        return None
    kind = kinds.pop()
    total = sum(u.defn.strength for u in units)
    limit: float = {
        UnitKind.INFANTRY: limits.infantry,
        UnitKind.CAVALRY: limits.cavalry,
        UnitKind.ARTILLERY: limits.guns,
    }[kind]
    if total > limit:
        return (
            f"{total} {kind.value} SPs in road column on a {grade.label}: the limit is {limit:g}",
            "TEC N9",
        )
    return None
