"""Reinforcements: they come on at their entry hex at the start of their side's movement phase on
their turn. An entry hex held by the enemy, or in an enemy front, is blocked: they come on at the
nearest map-edge hex that is neither (002 rule 5; ties go to the first such hex in map order).
Friendly units in the entry hex never block it (002 rule 6), but the stacking limits hold
when they come on (000 6.1: at the end of every phase and step; TEC N1 and N9 in the
tactical rules): the newcomers come on at the entry hex while it has room, and each one that
would over-stack it comes on at the nearest map-edge hex that is not blocked, where it may stand
and where it fits, as 002 rule 6 places units whose entry hex is full of friends that cannot
move (docs/rules.md, "Over-stacking"). Only when no edge hex has room does a unit come on
over-stacked at its entry hex.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.events import Event, ReinforcementsArrived, UnitMoved
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.front import front_hexes
from gameapp.core.rules.movement.allowance import ENTRY_BONUS_RULE, commands
from gameapp.core.rules.movement.costs import mover_class
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.tables import terrain_effects
from gameapp.core.scenario import Reinforcement
from gameapp.core.state import GameState
from gameapp.core.units import Side, Unit, UnitKind

if TYPE_CHECKING:
    from gameapp.core.rules.movement.phase import MovementRules

BLOCKED_RULE = "002 5"
FULL_RULE = "002 6"  # the entry hex is full of friends: the nearest edge hex with room


def edge_hexes(game_map: HexMap) -> list[Hex]:
    return [h for h in game_map.hexes() if any(not game_map.contains(n) for n in h.neighbors())]


def arrive(reinforcements: list[Reinforcement], turn: int, side: Side, state: GameState,
           game_map: HexMap, stacking: str = "tec_sl", entry_bonus: bool = False
           ) -> list[Event]:
    """Bring on `side`'s reinforcements of `turn`; `stacking` is the scenario's option; with
    `entry_bonus` (002 4) note who came on with a general of their command on the entry hex."""
    events: list[Event] = []
    for group in reinforcements:
        units = [u for u in group.units if u.side is side and u.id not in state.units]
        if group.turn != turn or not units:
            continue
        blocked = _blocked(side, state, game_map)
        where = group.hex
        rule = "R&C reinforcements"
        open_edge = [h for h in edge_hexes(game_map) if h not in blocked]
        if where in blocked:
            if not open_edge:
                continue  # nowhere to come on: they wait for the next turn's chance
            where = min(open_edge, key=lambda h: h.distance(group.hex))
            rule = BLOCKED_RULE
        at_entry: list[str] = []
        elsewhere: list[Event] = []
        for unit in units:
            at = where
            if _overstacks(unit.moved_to(where), state, game_map, stacking):
                room = [h for h in sorted(open_edge, key=lambda h: h.distance(group.hex))
                        if _may_stand(unit.moved_to(h), game_map)
                        and not _overstacks(unit.moved_to(h), state, game_map, stacking)]
                at = room[0] if room else where
            state.units[unit.id] = replace(unit, hex=at)
            if at == where:
                at_entry.append(unit.id)
            else:
                elsewhere.append(ReinforcementsArrived((unit.id,), at, group.hex, FULL_RULE))
        if at_entry:
            events.append(ReinforcementsArrived(tuple(at_entry), where, group.hex, rule))
            if entry_bonus:
                _note_entry_generals(state, at_entry, where)
        events += elsewhere
    return events


def _note_entry_generals(state: GameState, arrived: list[str], where: Hex) -> None:
    """002 4: a general on the entry hex when units of his command come on (already there or
    coming on with them) may speed them by one more hex (`allowance.entry_general_term`)."""
    generals = [u for u in state.units_at(where) if u.kind is UnitKind.LEADER]
    for uid in arrived:
        unit = state.units[uid]
        general = next((g for g in generals if commands(g, unit)), None)
        if general is not None and unit.kind is not UnitKind.LEADER:
            state.entry_general[uid] = general.id


def _overstacks(unit: Unit, state: GameState, game_map: HexMap, stacking: str) -> bool:
    here = [u for u in state.units.values() if u.hex == unit.hex]
    return stacking_problem(unit.hex, [*here, unit], game_map, terrain_effects(),
                            stacking) is not None


def _may_stand(unit: Unit, game_map: HexMap) -> bool:
    """The unit may stand in its hex: its mover class may enter the terrain there."""
    mover = mover_class(unit)
    if mover is None:
        return True
    entry = terrain_effects().terrain_entry(game_map.terrain_at(unit.hex))
    return not entry.move_cost(mover).prohibited


def _blocked(side: Side, state: GameState, game_map: HexMap) -> set[Hex]:
    enemies = state.side_units(side.other)
    blocked = {e.hex for e in enemies}
    for enemy in enemies:
        blocked.update(front_hexes(enemy, game_map))
    return blocked


def generals_follow(state: GameState, movement: MovementRules) -> list[Event]:
    """002 4: the bonus holds "if the general follows them to the end of their movement". At
    the end of the movement phase a general whose units spent their bonus MPs and who stands
    with none of them is moved to the last one's hex (the player may have moved him there
    already); the bonus is then over."""
    used: dict[str, list[Unit]] = {}
    for uid, gid in state.entry_general.items():
        unit = state.units.get(uid)
        if unit is None:
            continue
        allowance = movement.allowance(unit)
        bonus = sum(t.value for t in allowance.terms if t.rule == ENTRY_BONUS_RULE)
        if state.mp_spent.get(uid, 0) > allowance.total - bonus:
            used.setdefault(gid, []).append(unit)
    events: list[Event] = []
    for gid, units in used.items():
        general = state.units.get(gid)
        if general is None or any(u.hex == general.hex for u in units):
            continue
        to = units[-1].hex
        state.units[gid] = replace(general, hex=to)
        events.append(UnitMoved(gid, (to,), Breakdown.of([Term(
            "follows the units he sped on to the end of their move", 0, ENTRY_BONUS_RULE)])))
    state.entry_general.clear()
    return events
