"""Reinforcements: they come on at their entry hex at the start of their side's movement phase on
their turn. An entry hex held by the enemy, or in an enemy front, is blocked: they come on at the
nearest map-edge hex that is neither (002 rule 5; ties go to the first such hex in map order).
Friendly units in the entry hex never block it: the newcomers may stack there and move on
(002 rule 6), and stacking is checked when they end their move.
"""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.events import Event, ReinforcementsArrived
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.front import front_hexes
from gameapp.core.scenario import Reinforcement
from gameapp.core.state import GameState
from gameapp.core.units import Side

BLOCKED_RULE = "002 5"


def edge_hexes(game_map: HexMap) -> list[Hex]:
    return [h for h in game_map.hexes() if any(not game_map.contains(n) for n in h.neighbors())]


def arrive(reinforcements: list[Reinforcement], turn: int, side: Side, state: GameState,
           game_map: HexMap) -> list[Event]:
    events: list[Event] = []
    for group in reinforcements:
        units = [u for u in group.units if u.side is side and u.id not in state.units]
        if group.turn != turn or not units:
            continue
        blocked = _blocked(side, state, game_map)
        where = group.hex
        rule = "R&C reinforcements"
        if where in blocked:
            open_edge = [h for h in edge_hexes(game_map) if h not in blocked]
            if not open_edge:
                continue  # nowhere to come on: they wait for the next turn's chance
            where = min(open_edge, key=lambda h: h.distance(group.hex))
            rule = BLOCKED_RULE
        for unit in units:
            state.units[unit.id] = replace(unit, hex=where)
        events.append(ReinforcementsArrived(tuple(u.id for u in units), where, group.hex, rule))
    return events


def _blocked(side: Side, state: GameState, game_map: HexMap) -> set[Hex]:
    enemies = state.side_units(side.other)
    blocked = {e.hex for e in enemies}
    for enemy in enemies:
        blocked.update(front_hexes(enemy, game_map))
    return blocked
