"""Resolving the morale checks rules record in `GameState.pending_checks`.

The engine resolves them as soon as the action that called for them is done (`after_action`):
a facing, formation or cover change in an enemy front (3.312) is checked before the player's
next action, so the unit is shaken or not before anything else moves. The checks are taken in
the order they were recorded, one roll per unit (note 3's choice of one roll for a stack is
not offered yet). A check that leads to more checks (a 7.37 rout movement) adds them to the
end of the list; all are resolved before the action returns.

| rule  | check                                    | level terms      | roll terms          |
|-------|------------------------------------------|------------------|---------------------|
| 3.312 | change in an enemy front (7.37's bands)  | standing + 3.313 | protection (fronts) |
| 7.37  | a friendly rout passed next to it        | standing         | protection          |
| 7.38  | its leader was incapacitated             | standing         | protection          |

"standing" is `morale_terms.standing_terms` (officer, losses, exhaustion, open flanks).
"""

from __future__ import annotations

from collections.abc import Mapping

from gameapp.core.dice import Dice
from gameapp.core.events import Event, OfficerIncapacitated
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.engagement import update_engagement
from gameapp.core.rules.morale import CheckKind
from gameapp.core.rules.morale_play import mark_newly_unformed, new_phase, take_check
from gameapp.core.rules.morale_terms import (
    front_terms,
    fronting_enemies,
    protection_terms,
    standing_terms,
)
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.rout import adjacent_rout_check, nearby_enemies, rout_move
from gameapp.core.state import GameState, PendingCheck
from gameapp.core.units import UnitKind

Options = Mapping[str, str | bool | int]


def start_phase(state: GameState, game_map: HexMap, dice: Dice, options: Options,
                costs: MoveCosts | None = None) -> list[Event]:
    """What every phase start does for morale and engagement: the checks the last phase left
    (a charge's routs in the phase that just ended) are taken first, in that phase's light;
    then notes 1 and 2 start afresh."""
    events = resolve_pending_checks(state, game_map, dice, options, costs)
    new_phase(state)
    return events + update_engagement(state, options)


def after_action(state: GameState, before: GameState, events: list[Event], game_map: HexMap,
                 dice: Dice, options: Options, costs: MoveCosts | None = None) -> list[Event]:
    """Once an action is done: note the units it left unformed (7.83), call for the 7.38
    checks of units whose leader fell, resolve every pending check, refresh engagement."""
    mark_newly_unformed(before, state)
    for event in events:
        if isinstance(event, OfficerIncapacitated):
            note_leader_lost(state, before, event.unit_id)
    out = resolve_pending_checks(state, game_map, dice, options, costs)
    return out + update_engagement(state, options)


def note_leader_lost(state: GameState, before: GameState, leader_id: str) -> None:
    """7.38: the combat units of its side stacked with the fallen leader must check."""
    chief = before.units.get(leader_id)
    if chief is None or chief.kind is not UnitKind.LEADER:
        return
    for unit in sorted(state.units_at(chief.hex), key=lambda u: u.id):
        if unit.side is chief.side and unit.kind is not UnitKind.LEADER:
            state.pending_checks.append(
                PendingCheck(unit.id, f"{leader_id} incapacitated", CheckKind.LEADER_LOST.value))


def resolve_pending_checks(state: GameState, game_map: HexMap, dice: Dice, options: Options,
                           costs: MoveCosts | None = None) -> list[Event]:
    events: list[Event] = []
    while state.pending_checks:
        pending = state.pending_checks.pop(0)
        events += _resolve(state, game_map, pending, dice, options, costs)
    return events


def _resolve(state: GameState, game_map: HexMap, pending: PendingCheck, dice: Dice,
             options: Options, costs: MoveCosts | None) -> list[Event]:
    kind = CheckKind(pending.rule)
    if kind is CheckKind.ADJACENT_ROUT:
        return adjacent_rout_check(state, game_map, pending.unit_id, options, costs, dice)
    unit = state.units.get(pending.unit_id)
    if unit is None or unit.kind is UnitKind.LEADER:
        return []
    level = standing_terms(state, game_map, unit)
    enemies = []
    if kind is CheckKind.FRONT_CHANGE:
        state.front_mp[unit.id] = state.front_mp.get(unit.id, 0) + pending.mp
        level += front_terms(state, game_map, unit)
        enemies = fronting_enemies(state, game_map, unit)
    elif kind is not CheckKind.LEADER_LOST:
        raise ValueError(f"no pending morale check of rule {pending.rule}")
    events, must_rout = take_check(state, unit, kind, dice, level,
                                   protection_terms(state, game_map, unit, enemies))
    if must_rout:
        events += rout_move(state, game_map, unit.id, enemies or nearby_enemies(state, unit),
                            options, costs, dice)
    return events
