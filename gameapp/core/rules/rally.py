"""The rally phase (1.24, 7.35, 7.8), run automatically for the phasing side when it starts.

1. Every unit of the side routed at the start of the phase throws a d66 against its morale level
   (the printed ML with the fire-check modifiers of `morale.level_modifiers`: officer bonus,
   casualties, exhaustion). A roll <= ML rallies it: shaken and rout markers removed. A roll
   > ML: it routs again and makes rout movement, away from the nearest enemy combat units.
2. Then every unit shaken (not routed) at the start of the phase throws the same way. A roll
   <= ML removes the shaken marker; > ML: rout and rout movement (7.35). It was unformed before
   this phase, so 7.83 does not stop the rout.
3. Finally the side's HM markers are removed.

Units are taken in the order of their ids, so a replay throws the same dice for the same units.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import D66, Dice
from gameapp.core.events import Event, MarkersRemoved, RallyAttempted, UnitRouted
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.exhaustion import level_of
from gameapp.core.rules.morale import exhaustion_term, level_modifiers
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.rout import rout_move
from gameapp.core.state import GameState
from gameapp.core.units import Side, Status, Unit, UnitKind

RALLY_RULE = "7.35"
CAUSERS_WITHIN = 3  # the enemy combat units within this many hexes are what a unit routs from


def rally_phase(state: GameState, side: Side, game_map: HexMap, dice: Dice,
                options: Mapping[str, str | bool | int], costs: MoveCosts | None = None
                ) -> list[Event]:
    mine = sorted(state.side_units(side), key=lambda u: u.id)
    routed = [u.id for u in mine if Status.ROUTED in u.status]
    shaken = [u.id for u in mine if Status.SHAKEN in u.status and Status.ROUTED not in u.status]
    events: list[Event] = []
    for uid in (*routed, *shaken):
        unit = state.units.get(uid)
        if unit is None:
            continue
        events += _attempt(state, unit, uid in routed, game_map, dice, options, costs)
    for unit in state.side_units(side):
        if Status.HALF_MOVED in unit.status:
            state.units[unit.id] = replace(unit, status=unit.status - {Status.HALF_MOVED})
            events.append(MarkersRemoved(unit.id, frozenset({Status.HALF_MOVED}), "1.24"))
    return events


def rally_level(state: GameState, unit: Unit) -> Breakdown:
    bonus = max((u.defn.leader_morale_bonus for u in state.units_at(unit.hex)
                 if u.kind is UnitKind.LEADER and u.side is unit.side), default=0)
    terms = level_modifiers(unit, bonus, exhaustion_term(level_of(state, unit)))
    return Breakdown.of([Term("printed morale level", unit.defn.morale, "ML"), *terms])


def _attempt(state: GameState, unit: Unit, was_routed: bool, game_map: HexMap, dice: Dice,
             options: Mapping[str, str | bool | int], costs: MoveCosts | None) -> list[Event]:
    level = rally_level(state, unit)
    ml = D66.of(int(level.terms[0].value)) + int(sum(t.value for t in level.terms[1:]))
    roll = dice.d66(f"{RALLY_RULE} rally {unit.id}")
    rallied = D66.of(roll) <= ml
    events: list[Event] = [RallyAttempted(unit.id, was_routed, roll, level, rallied, RALLY_RULE)]
    if rallied:
        state.units[unit.id] = replace(
            unit, status=unit.status - {Status.SHAKEN, Status.ROUTED})
        return events
    status = (unit.status - {Status.SHAKEN, Status.COVER}) | {Status.ROUTED}
    state.units[unit.id] = replace(unit, status=frozenset(status))
    if not was_routed:
        events.append(UnitRouted(unit.id, RALLY_RULE))
    causers = [u for u in state.side_units(unit.side.other) if u.kind is not UnitKind.LEADER
               and u.hex.distance(unit.hex) <= CAUSERS_WITHIN]
    return events + rout_move(state, game_map, unit.id, causers, options, costs)
