"""What the reach search needs to know about one unit's move (`reach.SearchSpace`): its MPs left,
how it steps and turns, the enemy units, fronts and fields of fire, the pike bonus (N14) and
the option `g88_zoc` (002 1, 3, 8).

`kept_settle` keeps each unit's last searches with the game's move costs, with everything they
read: over a movement phase the enemy stands still, so a unit that has not moved, and whose
MPs are the same, is searched once however often the phase's actions are listed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.movement.costs import (
    MoveCosts,
    StepCost,
    StepOut,
    StepTable,
    mover_class,
    zoc_road_step,
)
from gameapp.core.rules.movement.enemy_fire import FireCoverage, FireNear
from gameapp.core.rules.movement.reach import Searched, SearchSpace, settle
from gameapp.core.rules.tables import MovementTables
from gameapp.core.terrain import RoadGrade
from gameapp.core.units import Formation, Status, Unit, UnitKind

if TYPE_CHECKING:
    from gameapp.core.rules.movement.phase import MovementRules


def search_space(rules: MovementRules, unit: Unit, already: int = 0,
                 pike_allowed: bool = True, double: bool = False, charge: bool = False
                 ) -> SearchSpace:
    """The unit's move as the search sees it, `already` MPs of it spent on a formation change
    (`pike_allowed` False then: the phase is not all in road column, N14); `double` and
    `charge` price it with double movement or the charge bonus."""
    mover = mover_class(unit)
    assert mover is not None
    by_road = unit.formation is Formation.ROAD_COLUMN
    left = rules.remaining(unit, double, charge) - already
    coverage = rules.coverage(unit.side)  # the enemy units and their fields of fire
    in_fire = coverage.near(unit.hex, max(left, 0) // 4 + 2)
    fronts = rules.enemy_front(unit.side)
    g88_zoc = rules.rule_options.g88_zoc
    stopped = unit.hex in fronts and rules.state.mp_spent.get(unit.id, 0) > 0 and not g88_zoc
    pike_ok = (pike_allowed and by_road and unit.id not in rules.state.off_pike
               and on_pike(rules.map, unit.hex))
    step: Callable[[Hex, int], StepCost] = partial(rules.costs.step, mover=mover,
                                                   by_road=by_road)
    table = rules.costs.table(mover, by_road)
    steps_out: Callable[[Hex], list[StepOut]] | None = partial(
        rules.costs.steps_out, mover=mover, by_road=by_road)
    if g88_zoc and by_road and fronts:  # 002 1: the steps depend on the fronts: no cache
        step, table, steps_out = (partial(zoc_road_step, rules.costs, mover, fronts),
                                   StepTable(), None)
    return SearchSpace(
        start=unit.hex,
        facing=unit.facing,
        budget=left,
        pike_bonus=rules.costs.chart.road_entry(RoadGrade.PIKE).mpa_bonus if pike_ok else 0,
        step=step,
        turn_costs=turn_costs(rules.tables, unit.kind is UnitKind.ARTILLERY, by_road,
                              Status.COVER in unit.status),
        step_table=table,
        steps_out=steps_out,
        enemy_hexes=coverage.hexes,
        front_hexes=fronts,
        in_fire_field=in_fire,
        may_leave=not stopped,
        fronts_lock=not g88_zoc,
        fronts_barred=g88_zoc and unit.kind is UnitKind.LEADER,
    )


# (the tables, artillery, road column, in cover) -> MPs to turn by 0..5 hexsides
_TURN_COSTS: dict[tuple[int, bool, bool, bool], tuple[MovementTables, tuple[int, ...]]] = {}


def turn_costs(tables: MovementTables, artillery: bool, road_column: bool, covered: bool
               ) -> tuple[int, ...]:
    """What turning by 0 to 5 hexsides costs such a unit (`MovementTables.facing_change`)."""
    key = (id(tables), artillery, road_column, covered)
    kept = _TURN_COSTS.get(key)
    if kept is None or kept[0] is not tables:
        kept = _TURN_COSTS[key] = (tables, tuple(
            tables.facing_change(steps, artillery=artillery, road_column=road_column,
                                 covered=covered).cost()
            for steps in range(6)))
    return kept[1]


def on_pike(game_map: HexMap, h: Hex) -> bool:
    return any(game_map.road_at(h, d) is RoadGrade.PIKE for d in range(6))


class KeptSearch(NamedTuple):
    """A settled search, with what it read: its space's plain values (`key`), its step table
    and enemy fields of fire (the same objects), and the fields it asked about."""

    key: tuple[object, ...]
    table: StepTable
    coverage: FireCoverage
    searched: Searched
    asked: dict[Hex, bool]


KEPT_PER_UNIT = 2  # a charger's plain and charge-bonus searches


def kept_settle(costs: MoveCosts, unit_id: str, space: SearchSpace) -> Searched:
    """`reach.settle(space)`, kept in `costs.searches` while nothing the search reads changes;
    the space's `fire_asked` is filled as the search would fill it."""
    fire = space.in_fire_field
    if not isinstance(fire, FireNear):
        return settle(space)
    key = (space.start, space.facing, space.budget, space.pike_bonus, space.turn_costs,
           fire.counted, space.may_leave, space.fronts_lock, space.fronts_barred,
           space.enemy_hexes, space.front_hexes)
    kept = costs.searches.setdefault(unit_id, [])
    for found in kept:
        if (found.table is space.step_table and found.coverage is fire.coverage
                and found.key == key):
            space.fire_asked.update(found.asked)
            return found.searched
    searched = settle(space)
    kept.insert(0, KeptSearch(key, space.step_table, fire.coverage, searched,
                              dict(space.fire_asked)))
    del kept[KEPT_PER_UNIT:]
    return searched
