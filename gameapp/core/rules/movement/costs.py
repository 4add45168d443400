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

import threading
import weakref
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import AXIAL_DIRECTIONS, Hex, Orientation
from gameapp.core.mapdata import HexMap

if TYPE_CHECKING:
    from gameapp.core.rules.movement.enemy_fire import FireCoverage
    from gameapp.core.rules.movement.phase import KeptAllowance
    from gameapp.core.rules.movement.reach import Arc, HexSteps
    from gameapp.core.rules.movement.search_space import KeptSearch
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


StepOut = tuple[int, int, int, bool]  # (direction, MPs, fence MPs, along a pike)


class StepTable(dict[int, "HexSteps"]):
    """The reach search's steps for one mover on one map: packed hex -> the steps allowed out
    of it (`reach.HexSteps`), kept across searches by `MoveCosts.table`; and `by_way`, for
    each way of moving (`reach._way`), the search's arcs out of each state (packed hex << 4 |
    pike bit | facing) in a hex with no wall or fence, made when first needed."""

    __slots__ = ("by_way",)

    def __init__(self) -> None:
        super().__init__()
        self.by_way: dict[int, dict[int, list[Arc]]] = {}


@dataclass(frozen=True)
class StepCost:
    terms: tuple[Term, ...] = ()
    prohibited: str | None = None  # why, with the rule, when the step is not allowed
    fence_mp: int = 0  # MPs from walls and fences, doubled in an enemy field of fire (N12)
    road: RoadGrade = RoadGrade.NONE  # the road followed, if the step was made by road

    @property
    def total(self) -> int:
        return int(sum(t.value for t in self.terms))


class MapCaches:
    """What is worked out from one map alone (and the chart and the bridge option): step
    prices, the search's step tables, command distances, each unit's front, and the fields of
    fire that no unit can block. Every game on the same map object shares them (`map_caches`),
    so the second game of a process, the harness's and the AI's next game, starts with them
    filled. The computer's copy of a game (ai/thinking_copy.py), on its worker thread, shares
    them with the window's game: entries are only ever added, each made in full before it is
    stored, and a key always gets the same value, so a reader finds either nothing or the
    finished entry."""

    def __init__(self) -> None:
        self.steps: dict[tuple[Hex, int, MoverClass, bool], StepCost] = {}
        self.tables: dict[tuple[MoverClass, bool], StepTable] = {}
        # (what is met, packed, mover) -> priced step
        self.priced: dict[tuple[int, MoverClass], StepCost] = {}
        # (mover, by road) -> what is met -> (MPs, fence MPs, along a pike), () if not allowed
        self.outs: dict[tuple[MoverClass, bool], dict[int, tuple[int, int, bool] | tuple[()]]] = {}
        # command distances, (from, to, mover, by road) -> MPs (allowance.command_distance)
        self.distances: dict[tuple[Hex, Hex, MoverClass, bool], int] = {}
        # (unit, line-of-sight conventions) -> its field of fire, where units do not block sight
        self.open_fields: dict[tuple[Unit, tuple[str, ...]], tuple[Hex, ...]] = {}  # within reach
        self.met: list[int] | None = None  # `met_keys` of the map
        self.fronts: dict[Unit, tuple[Hex, ...]] = {}  # unit -> its front (front.front_hexes)
        self.stacking_grounds: dict[Hex, int] | None = None  # see MoveCosts.stacking_grounds


# (id of the map, its edits, id of the chart, bridges by road) -> the map's caches; an entry
# goes with its map (weakref.finalize), and an edited map gets new ones
_MAP_CACHES: dict[tuple[int, int, int, bool], MapCaches] = {}
_MAP_CACHES_LOCK = threading.Lock()


def map_caches(game_map: HexMap, chart: TerrainEffects, bridges_by_road: bool) -> MapCaches:
    key = (id(game_map), game_map.edits, id(chart), bridges_by_road)
    with _MAP_CACHES_LOCK:
        found = _MAP_CACHES.get(key)
        if found is None:
            found = _MAP_CACHES[key] = MapCaches()
            weakref.finalize(game_map, _MAP_CACHES.pop, key, None)
    return found


class MoveCosts:
    """Step costs on one map, computed once per (hex, direction, mover, by-road), kept with
    the map (`MapCaches`); and one game's enemy fronts and fields of fire."""

    def __init__(self, game_map: HexMap, chart: TerrainEffects | None = None,
                 bridges_by_road: bool = False) -> None:
        self.map = game_map
        self.chart = chart or terrain_effects()
        self.bridges_by_road = bridges_by_road  # option bridges_by_road (003 3.0a)
        shared = self.shared = map_caches(game_map, self.chart, bridges_by_road)
        self._cache = shared.steps
        self._tables = shared.tables
        # what each step of the map meets, packed (`met_keys`), made at the first step priced
        self._met: list[int] | None = None
        self._met_edits = 0  # the map's `edits` when they were made
        self._shared_edits = game_map.edits  # the map's `edits` when `shared` was chosen
        self._priced = shared.priced
        self._outs = shared.outs
        self.distances = shared.distances
        # enemy fronts and fields of fire, keyed by the enemy units that make them
        # (side, state revision) -> enemy fronts; (enemy unit, revision) -> its fire field
        # where units block sight (else `shared.open_fields`)
        self.fronts: dict[tuple[Side, int], frozenset[Hex]] = {}
        self.fire_fields: dict[tuple[Unit, int], tuple[Hex, ...]] = {}
        # each side's enemy fields of fire, hex by hex (enemy_fire.fire_coverage)
        self.coverage: dict[Side, FireCoverage] = {}
        # unit id -> its last reach searches (search_space.kept_settle)
        self.searches: dict[str, list[KeptSearch]] = {}
        # unit id -> its last MPA, plain, charging or doubled (MovementRules._allowance)
        self.allowances: dict[str, KeptAllowance] = {}

    def stacking_grounds(self) -> dict[Hex, int]:
        """Every hex of the map with what stacking reads of it besides the units there
        (`stacking._chart`): its terrain code, and 256 times its best road (N9)."""
        if self.map.edits != self._shared_edits:
            return _stacking_grounds(self.map)
        found = self.shared.stacking_grounds
        if found is None:
            found = self.shared.stacking_grounds = _stacking_grounds(self.map)
        return found

    def table(self, mover: MoverClass, by_road: bool) -> StepTable:
        """The reach search's own cache of step totals for one mover (see reach.StepTable)."""
        found = self._tables.get((mover, by_road))
        if found is None:
            found = self._tables.setdefault((mover, by_road), StepTable())
        return found

    def step(self, origin: Hex, direction: int, mover: MoverClass, by_road: bool) -> StepCost:
        key = (origin, direction, mover, by_road)
        found = self._cache.get(key)
        if found is None:
            found = self._compute(origin, direction, mover, by_road)
            self._cache[key] = found
        return found

    # --- the chart, term by term -------------------------------------------------------------
    def _compute(self, origin: Hex, direction: int, mover: MoverClass, by_road: bool) -> StepCost:
        met = self._met_at(origin)
        if met is None or met[direction] < 0:
            return StepCost(prohibited="off the map")
        return self._priced_step(met[direction], mover, by_road)

    def steps_out(self, origin: Hex, mover: MoverClass, by_road: bool) -> list[StepOut]:
        """The steps allowed out of `origin`, as (direction, MPs, fence MPs, along a pike): what
        `step` prices, for the six directions at once, and kept by what each step meets (the
        first search of a game prices its steps this way, hex after hex)."""
        met = self._met_at(origin)
        if met is None:
            return []
        outs = self._outs.get((mover, by_road))
        if outs is None:
            outs = self._outs[(mover, by_road)] = {}
        allowed = []
        for direction, key in enumerate(met):
            if key < 0:
                continue
            found = outs.get(key)
            if found is None:
                cost = self._priced_step(key, mover, by_road)
                found = outs[key] = () if cost.prohibited is not None else (
                    cost.total, cost.fence_mp, cost.road is RoadGrade.PIKE)
            if found:
                allowed.append((direction, *found))
        return allowed

    def _met_at(self, origin: Hex) -> list[int] | None:
        """What the six steps out of `origin` meet (`met_keys`); None if it is off the map."""
        if self._met is None or self._met_edits != self.map.edits:
            if self.map.edits == self._shared_edits:  # the map as its caches know it
                if self.shared.met is None:
                    self.shared.met = met_keys(self.map)
                self._met = self.shared.met
            else:
                self._met = met_keys(self.map)
            self._met_edits = self.map.edits
        col, row = self.map.numbering.hex_to_offset(origin)
        width = self.map.width
        if not (0 <= col < width and 0 <= row < self.map.height):
            return None
        at = (row * width + col) * 6
        return self._met[at:at + 6]

    def _priced_step(self, met: int, mover: MoverClass, by_road: bool) -> StepCost:
        """A step's cost depends only on what is met, so it is priced once per combination of
        terrain, features, slope, hexside and road, and then shared by every such step."""
        if not by_road:
            met &= ~_ROAD_BITS
        found = self._priced.get((met, mover))
        if found is None:
            found = self._price(met & 0xFF, met >> 8 & 0xFF, (met >> 16 & 7) - 2,
                                met >> 19 & 0xFFFF, met >> 35, mover)
            self._priced[(met, mover)] = found
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


_ROAD_BITS = 0xFF << 35


def _stacking_grounds(game_map: HexMap) -> dict[Hex, int]:
    grounds = (game_map.terrain.astype(np.int64)
               + (game_map.roads.max(axis=2).astype(np.int64) << 8)).tolist()
    return {h: int(grounds[row][col]) for h in game_map.hexes()
            for row, col in (game_map.index(h),)}


def met_keys(game_map: HexMap) -> list[int]:
    """What every step of the map meets, packed in one int per step, at (row * width + col) * 6
    + direction: the entered hex's terrain and features, the slope (as `HexMap.slope_at`), the
    hexside crossed and the road followed; -1 where the step leaves the map. Made with numpy in
    one go, so that the first search of a game prices its steps without reading the arrays hex
    by hex."""
    numbering = game_map.numbering
    height, width = game_map.height, game_map.width
    rows, cols = np.indices((height, width)).reshape(2, -1)

    def half(n: np.ndarray) -> np.ndarray:  # numbering._half, vectorised
        odd = n & 1
        result: np.ndarray = (n - odd) // 2 if numbering.odd_shoved else (n + odd) // 2
        return result

    flat = numbering.orientation is Orientation.FLAT
    q, r = (cols, rows - half(cols)) if flat else (cols - half(rows), rows)
    elevation = game_map.elevation.astype(np.int64).ravel()
    terrain = game_map.terrain.astype(np.int64).ravel()
    features = game_map.features.astype(np.int64).ravel()
    thresholds = game_map.slope_thresholds
    keys = np.empty((height * width, 6), dtype=np.int64)
    for direction, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
        nq, nr = q + dq, r + dr
        ncol, nrow = (nq, nr + half(nq)) if flat else (nq + half(nr), nr)
        inside = (ncol >= 0) & (ncol < width) & (nrow >= 0) & (nrow < height)
        there = np.where(inside, nrow * width + ncol, 0)
        rise = elevation[there] - elevation
        size = np.abs(rise)
        grade = np.where(size >= thresholds.steep, 2, np.where(size >= thresholds.gentle, 1, 0))
        slope = np.where(grade == 0, 0, np.where(rise > 0, grade, -grade))
        side = game_map.hexsides[:, :, direction].astype(np.int64).ravel()
        road = game_map.roads[:, :, direction].astype(np.int64).ravel()
        met = (terrain[there] | features[there] << 8 | (slope + 2) << 16 | side << 19
               | road << 35)
        keys[:, direction] = np.where(inside, met, -1)
    found: list[int] = keys.ravel().tolist()
    return found


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
