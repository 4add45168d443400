"""What one step costs: entering a neighbouring hex, as terms of the terrain effects chart.

A step off the road pays the entered hex's terrain cost for the unit's mover class (N11), plus the
"+" costs of its additional features, of the slope met (N7) and of every hexside feature crossed.
A step by a unit in road column along a road link pays the road's rate instead; pikes and roads
ignore slopes (N14, N15), and the road carries the unit across the hexside it follows. A creek
is crossed only at a bridge, by a unit in road column (N13). A ford is the crossing place of a
stream or creek: its cost replaces theirs.

`MoveCosts` caches steps per map, since the terrain never changes during play. The part of a step's
cost due to walls and fences is kept apart, because N12 doubles it inside an enemy field of fire.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap

if TYPE_CHECKING:
    from gameapp.core.rules.movement.reach import StepTable
from gameapp.core.rules.tables import MoverClass, TerrainEffects, terrain_effects
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Slope, Terrain
from gameapp.core.units import Formation, Side, Unit, UnitKind

CROSSINGS = HexsideFeature.FORD | HexsideFeature.BRIDGE
BRIDGE_RULE = "003 3.0a"
WATER = HexsideFeature.STREAM | HexsideFeature.CREEK


def mover_class(unit: Unit) -> MoverClass | None:
    """The chart column a unit moves by, or None when its formation cannot move."""
    kind, formation = unit.kind, unit.formation
    if kind is UnitKind.LEADER:
        return MoverClass.CAVALRY_COLUMN
    if kind is UnitKind.ARTILLERY:
        return None if formation is Formation.UNLIMBERED else MoverClass.ARTILLERY
    if formation is Formation.SQUARE:
        return None
    column = formation in (Formation.COLUMN, Formation.ROAD_COLUMN, Formation.GENERAL_ORDER)
    if kind is UnitKind.CAVALRY and formation is not Formation.DISMOUNTED:
        return MoverClass.CAVALRY_COLUMN if column else MoverClass.CAVALRY_LINE
    return MoverClass.INFANTRY_COLUMN if column else MoverClass.INFANTRY_LINE


@dataclass(frozen=True)
class StepCost:
    terms: tuple[Term, ...] = ()
    prohibited: str | None = None  # why, with the rule, when the step is not allowed
    fence_mp: int = 0  # MPs from walls and fences, doubled in an enemy field of fire (N12)
    road: RoadGrade = RoadGrade.NONE  # the road followed, if the step was made by road

    @property
    def total(self) -> int:
        return int(sum(t.value for t in self.terms))


class MoveCosts:
    """Step costs on one map, computed once per (hex, direction, mover, by-road)."""

    def __init__(self, game_map: HexMap, chart: TerrainEffects | None = None,
                 bridges_by_road: bool = False) -> None:
        self.map = game_map
        self.chart = chart or terrain_effects()
        self.bridges_by_road = bridges_by_road  # option bridges_by_road (003 3.0a)
        self._cache: dict[tuple[Hex, int, MoverClass, bool], StepCost] = {}
        self._tables: dict[tuple[MoverClass, bool], StepTable] = {}
        # (terrain, features, slope, hexside, road grade, mover) -> priced step
        self._priced: dict[tuple[int, int, int, int, int, MoverClass], StepCost] = {}
        # command distances, (from, to, mover, by road) -> MPs (allowance.command_distance)
        self.distances: dict[tuple[Hex, Hex, MoverClass, bool], int] = {}
        # enemy fronts and fields of fire, keyed by the enemy units that make them
        # (side, state revision) -> enemy fronts; (enemy unit, revision or 0) -> its fire field
        self.fronts: dict[tuple[Side, int], frozenset[Hex]] = {}
        self.fire_fields: dict[tuple[Unit, int], frozenset[Hex]] = {}

    def table(self, mover: MoverClass, by_road: bool) -> StepTable:
        """The reach search's own cache of step totals for one mover (see reach.StepTable)."""
        return self._tables.setdefault((mover, by_road), {})

    def step(self, origin: Hex, direction: int, mover: MoverClass, by_road: bool) -> StepCost:
        key = (origin, direction, mover, by_road)
        found = self._cache.get(key)
        if found is None:
            found = self._compute(origin, direction, mover, by_road)
            self._cache[key] = found
        return found

    # --- the chart, term by term -------------------------------------------------------------
    def _compute(self, origin: Hex, direction: int, mover: MoverClass, by_road: bool) -> StepCost:
        """A step's cost depends only on what is met, so it is priced once per combination of
        terrain, features, slope, hexside and road, and then shared by every such step."""
        target = origin.neighbor(direction)
        if not self.map.contains(target):
            return StepCost(prohibited="off the map")
        m = self.map
        origin_at, target_at = m.index(origin), m.index(target)
        side = int(m.hexsides[origin_at][direction])
        grade = int(m.roads[origin_at][direction]) if by_road else 0
        met = (
            int(m.terrain[target_at]),
            int(m.features[target_at]),
            int(m.slope_at(origin, direction)),
            side,
            grade,
            mover,
        )
        found = self._priced.get(met)
        if found is None:
            found = self._price(*met)
            self._priced[met] = found
        return found

    def _price(
        self, terrain: int, features: int, slope: int, side: int, grade: int, mover: MoverClass
    ) -> StepCost:
        if grade:
            return self._road_step(Slope(slope), HexsideFeature(side), RoadGrade(grade), mover)
        return self._cross_country_step(
            Terrain(terrain), HexFeature(features), Slope(slope), HexsideFeature(side), mover
        )

    def _road_step(
        self, slope: Slope, side: HexsideFeature, grade: RoadGrade, mover: MoverClass
    ) -> StepCost:
        if side & HexsideFeature.CREEK and not side & CROSSINGS:
            return StepCost(prohibited="a creek is crossed only at a bridge (TEC N13)")
        entry = self.chart.road_entry(grade)
        cost = entry.move_cost(mover)
        terms = [Term(f"road column along a {grade.label}", cost.value, entry.rule)]
        if not entry.ignores_slopes:
            terms += self._slope_terms(slope, mover)
        return StepCost(tuple(terms), road=grade)

    def _cross_country_step(
        self,
        terrain: Terrain,
        features: HexFeature,
        slope: Slope,
        side: HexsideFeature,
        mover: MoverClass,
    ) -> StepCost:
        entry = self.chart.terrain_entry(terrain)
        cost = entry.move_cost(mover)
        if cost.prohibited:
            who = mover.value.replace("_", " ")
            return StepCost(prohibited=f"{who} may not enter {terrain.label} ({entry.rule})")
        terms = [Term(f"enter {terrain.label}", cost.value, entry.rule)]
        for feature in self.chart.feature_entries(features):
            feature_cost = feature.move_cost(mover)
            if feature_cost.additive and not feature_cost.no_effect and feature_cost.value:
                terms.append(Term(feature.key, feature_cost.value, feature.rule))
        terms += self._slope_terms(slope, mover)
        crossing, fence_mp = self._hexside_terms(side, mover)
        if isinstance(crossing, str):
            return StepCost(prohibited=crossing)
        return StepCost(tuple(terms + crossing), fence_mp=fence_mp)

    def _slope_terms(self, slope: Slope, mover: MoverClass) -> list[Term]:
        if slope is Slope.LEVEL:
            return []
        entry = self.chart.slope_entry(slope)
        cost = entry.move_cost(mover)
        return [Term(slope.label, cost.value, entry.rule)] if cost.value else []

    def _hexside_terms(
        self, side: HexsideFeature, mover: MoverClass
    ) -> tuple[list[Term] | str, int]:
        if side & HexsideFeature.BRIDGE:
            if self.bridges_by_road:
                return f"a bridge is crossed only by road movement ({BRIDGE_RULE})", 0
            side &= ~HexsideFeature.BRIDGE  # off the road, a bridge does not help
        if side & HexsideFeature.FORD:
            side &= ~WATER
        elif side & HexsideFeature.CREEK:
            return "a creek is crossed only at a bridge, in road column (TEC N13)", 0
        terms: list[Term] = []
        fence_mp = 0
        for entry in self.chart.hexside_entries(side):
            cost = entry.move_cost(mover)
            if cost.prohibited:
                who = mover.value.replace("_", " ")
                return f"{who} may not cross a {entry.key} ({entry.rule})", 0
            if cost.no_effect or not cost.value:
                continue
            terms.append(Term(f"cross {entry.key}", cost.value, entry.rule))
            if entry.doubled_in_fire_field:
                fence_mp += cost.value
        return terms, fence_mp


ZOC_ROAD_RULE = "002 1"


def zoc_road_step(costs: MoveCosts, mover: MoverClass, fronts: frozenset[Hex], origin: Hex,
                  direction: int) -> StepCost:
    """A road column's step under the option `g88_zoc`: road movement may not be used to enter
    an enemy zone of control (the enemy front), so such a step is priced off the road, and a
    bridge does not carry the unit over a creek into one (002 1). Leaving one by road is free."""
    by_road = costs.step(origin, direction, mover, True)
    if by_road.road is RoadGrade.NONE or origin.neighbor(direction) not in fronts:
        return by_road
    off = costs.step(origin, direction, mover, False)
    if off.prohibited is not None:
        return StepCost(prohibited=f"{off.prohibited}; an enemy zone of control negates the road "
                        f"and its bridge ({ZOC_ROAD_RULE})")
    note = Term("no road movement into an enemy zone of control", 0, ZOC_ROAD_RULE)
    return replace(off, terms=(*off.terms, note))
