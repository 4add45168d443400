"""Engagement (`000` 13.6), the scenario option `engagement` (off by default).

A unit is engaged while an enemy combat unit stands next to it; artillery is engaged while one
stands within two hexes. So a unit becomes engaged when it moves next to an enemy, when an enemy
moves next to it, or when a retreat or rout brings it there, and it stops being engaged once no
enemy is that near (the seed does not say how engagement ends; docs/rules.md). Artillery may not
move so as to become engaged: a move of a battery not already engaged may not enter a hex within
two hexes of an enemy combat unit.

`GameState.engaged` holds the engaged unit ids, for the window to mark the counters; the engine
refreshes it after every action and at every phase start (`update_engagement`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gameapp.core.events import EngagementChanged, Event
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.state import GameState
from gameapp.core.units import Side, Unit, UnitKind

RULE = "000 13.6"
DISTANCE = 1
ARTILLERY_DISTANCE = 2


def engagement_on(options: Mapping[str, str | bool | int]) -> bool:
    return RuleOptions.of(options).engagement


def reach_of(unit: Unit) -> int:
    return ARTILLERY_DISTANCE if unit.kind is UnitKind.ARTILLERY else DISTANCE


def _enemy_hexes(state: GameState, unit: Unit) -> set[Hex]:
    return {e.hex for e in state.side_units(unit.side.other) if e.kind is not UnitKind.LEADER}


def engaged_units(state: GameState) -> set[str]:
    """The combat units an enemy combat unit stands near enough to engage now."""
    near: dict[Side, set[Hex]] = {side: set() for side in Side}  # hexes next to each side
    far: dict[Side, set[Hex]] = {side: set() for side in Side}  # within artillery's reach
    for enemy in state.units.values():
        if enemy.kind is not UnitKind.LEADER:
            near[enemy.side].update(enemy.hex.range(DISTANCE))
            far[enemy.side].update(enemy.hex.range(ARTILLERY_DISTANCE))
    return {u.id for u in state.units.values() if u.kind is not UnitKind.LEADER
            and u.hex in (far if u.kind is UnitKind.ARTILLERY else near)[u.side.other]}


def update_engagement(state: GameState, options: Mapping[str, str | bool | int]
                      ) -> list[Event]:
    """Refresh `state.engaged`; an event naming the units engaged and disengaged, if any."""
    now = engaged_units(state) if engagement_on(options) else set()
    engaged, disengaged = now - state.engaged, state.engaged - now
    state.engaged = now
    if not (engaged or disengaged):
        return []
    return [EngagementChanged(tuple(sorted(engaged)), tuple(sorted(disengaged)), RULE)]


def artillery_zone(state: GameState, unit: Unit, options: Mapping[str, str | bool | int]
                   ) -> dict[Hex, Hex] | None:
    """The hexes a battery that is not engaged may not enter, each with the enemy hex that
    forbids it; None when no such limit applies to this unit now."""
    if (unit.kind is not UnitKind.ARTILLERY or not engagement_on(options)
            or unit.id in state.engaged):
        return None
    return {h: enemy for enemy in sorted(_enemy_hexes(state, unit), key=lambda e: (e.q, e.r))
            for h in enemy.range(ARTILLERY_DISTANCE)}


def move_problem(state: GameState, game_map: HexMap, unit: Unit, path: Iterable[Hex],
                 options: Mapping[str, str | bool | int],
                 zone: dict[Hex, Hex] | None = None) -> tuple[str, str] | None:
    """Why this move would engage a battery that is not engaged (reason, rule), or None.
    `zone` is `artillery_zone(...)` when the caller has it already."""
    zone = zone if zone is not None else artillery_zone(state, unit, options)
    if not zone:
        return None
    for h in path:
        enemy = zone.get(h)
        if enemy is not None:
            return (f"artillery may not move so as to become engaged: {game_map.hex_id(h)} is "
                    f"within {ARTILLERY_DISTANCE} hexes of the enemy in "
                    f"{game_map.hex_id(enemy)}", RULE)
    return None
