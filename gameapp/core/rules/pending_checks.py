"""Resolving the morale checks rules record in `GameState.pending_checks`.

The engine resolves them as soon as the action that called for them is done (`after_action`):
a facing, formation or cover change in an enemy front (3.312) is checked before the player's
next action, so the unit is shaken or not before anything else moves. The checks are taken in
the order they were recorded. When two or more units of one hex must check for the same cause
(the same rule and reason), their owner first chooses one roll for the stack or one each (note
3, `rules/stack_roll.py`): the checks wait in a `STACK_ROLL` decision, and the rest of the list
waits for its answer (`answer_stack_roll`). Checks left over from the last phase, taken as a
phase starts, are rolled one per unit without asking. A check that leads to more checks (a 7.37
rout movement) puts them at the head of the list, so they are taken next.

| rule  | check                                    | level terms      | roll terms          |
|-------|------------------------------------------|------------------|---------------------|
| 3.312 | change in an enemy front (7.37's bands)  | standing + 3.313 | protection (fronts) |
| 7.37  | a friendly rout passed next to it        | standing         | protection          |
| 7.38  | its leader was incapacitated             | standing         | protection          |

"standing" is `morale_terms.standing_terms` (officer, losses, exhaustion, open flanks).
"""

from __future__ import annotations

from collections.abc import Mapping

from gameapp.core.decisions import DecisionKind, DueCheck, PendingDecision
from gameapp.core.dice import Dice
from gameapp.core.events import DecisionPending, Event, OfficerIncapacitated
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.engagement import update_engagement
from gameapp.core.rules.morale import CheckKind
from gameapp.core.rules.morale_play import ignored, mark_newly_unformed, new_phase, settle
from gameapp.core.rules.morale_terms import (
    front_terms,
    fronting_enemies,
    protection_terms,
    standing_terms,
)
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.rout import nearby_enemies, rout_move
from gameapp.core.rules.stack_roll import (
    FIRE_KINDS,
    apply_fire_check,
    due_check,
    roll_checks,
    stack_decision,
)
from gameapp.core.state import GameState, PendingCheck
from gameapp.core.units import Unit, UnitKind

Options = Mapping[str, str | bool | int]


def start_phase(state: GameState, game_map: HexMap, dice: Dice, options: Options,
                costs: MoveCosts | None = None) -> list[Event]:
    """What every phase start does for morale and engagement: the checks the last phase left
    (a charge's routs in the phase that just ended) are taken first, in that phase's light;
    then notes 1 and 2 start afresh."""
    events = resolve_pending_checks(state, game_map, dice, options, costs, ask=False)
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
                           costs: MoveCosts | None = None, ask: bool = True) -> list[Event]:
    """Take the pending checks in order. With `ask`, two or more units of one hex checking for
    the same cause make their owner choose one roll or one each first (note 3): the checks wait
    in a `STACK_ROLL` decision and the rest of the list waits for its answer."""
    events: list[Event] = []
    while state.pending_checks and not _stack_question_waiting(state):
        pending = state.pending_checks.pop(0)
        group = [pending, *_same_cause(state, pending)] if ask else [pending]
        events += _resolve(state, game_map, group, dice, options, costs)
    return events


def _stack_question_waiting(state: GameState) -> bool:
    return any(d.kind is DecisionKind.STACK_ROLL for d in state.decisions)


def _same_cause(state: GameState, first: PendingCheck) -> list[PendingCheck]:
    """Take from the list the other checks of `first`'s cause in its unit's hex."""
    unit = state.units.get(first.unit_id)
    if unit is None:
        return []
    same = [p for p in state.pending_checks if (p.rule, p.reason) == (first.rule, first.reason)
            and p.unit_id in state.units and state.units[p.unit_id].hex == unit.hex]
    state.pending_checks[:] = [p for p in state.pending_checks if p not in same]
    return same


def _resolve(state: GameState, game_map: HexMap, group: list[PendingCheck], dice: Dice,
             options: Options, costs: MoveCosts | None) -> list[Event]:
    """One cause's checks in one hex: ignored (7.65, 7.83), asked about (two or more to
    roll), or rolled."""
    events: list[Event] = []
    checks: list[DueCheck] = []
    for pending in group:
        unit = state.units.get(pending.unit_id)
        if unit is None or unit.kind is UnitKind.LEADER:
            continue
        kind = CheckKind(pending.rule)
        if kind is CheckKind.FRONT_CHANGE:
            state.front_mp[unit.id] = state.front_mp.get(unit.id, 0) + pending.mp
        elif kind not in (CheckKind.LEADER_LOST, CheckKind.ADJACENT_ROUT):
            raise ValueError(f"no pending morale check of rule {pending.rule}")
        skip = ignored(state, unit.id, kind)
        if skip is not None:
            events.append(skip)
            continue
        checks.append(_due(state, game_map, unit, kind))
    if len(checks) >= 2:
        first = state.units[checks[0].unit_id]
        hex_id = game_map.hex_id(first.hex)
        decision = stack_decision(state, first.side, first.hex, hex_id, checks,
                                  f"{group[0].reason}, {group[0].rule}")
        state.decisions.append(decision)
        if len(state.decisions) == 1:
            events.append(DecisionPending(decision))
        return events
    return events + _roll_and_settle(state, game_map, checks, False, dice, options, costs)


def _due(state: GameState, game_map: HexMap, unit: Unit, kind: CheckKind) -> DueCheck:
    level = standing_terms(state, game_map, unit)
    if kind is CheckKind.FRONT_CHANGE:
        level += front_terms(state, game_map, unit)
    return due_check(unit, kind, level, protection_terms(state, game_map, unit,
                                                          _enemies(state, game_map, unit, kind)))


def _enemies(state: GameState, game_map: HexMap, unit: Unit, kind: CheckKind) -> list[Unit]:
    """The enemies whose fronts count for a 3.312 check (none for the others)."""
    return fronting_enemies(state, game_map, unit) if kind is CheckKind.FRONT_CHANGE else []


def _roll_and_settle(state: GameState, game_map: HexMap, checks: list[DueCheck], one: bool,
                     dice: Dice, options: Options, costs: MoveCosts | None) -> list[Event]:
    """Roll the checks, apply every result, then make the rout movements they call for; the
    7.37 checks a rout movement calls for are taken next, before the rest of the list."""
    hex_id = ""
    if checks and checks[0].unit_id in state.units:
        hex_id = game_map.hex_id(state.units[checks[0].unit_id].hex)
    events: list[Event] = []
    routers: list[tuple[Unit, CheckKind]] = []
    for check in roll_checks(state.units, checks, one, dice, hex_id):
        unit = state.units[check.unit_id]
        settled, must_rout = settle(state, unit, check)
        events += settled
        if must_rout:
            routers.append((unit, check.kind))
    for unit, kind in routers:
        queued = len(state.pending_checks)
        enemies = _enemies(state, game_map, unit, kind) or nearby_enemies(state, unit)
        events += rout_move(state, game_map, unit.id, enemies, options, costs)
        called = state.pending_checks[queued:]
        state.pending_checks[:] = [*called, *state.pending_checks[:queued]]
    return events


def answer_stack_roll(state: GameState, game_map: HexMap, decision: PendingDecision, one: bool,
                      dice: Dice, options: Options, costs: MoveCosts | None = None
                      ) -> list[Event]:
    """The owner's note-3 answer: roll the waiting checks. Fire checks leave their rout
    movement to the engine (away from `decision.causers`, the firers); the others rout at once
    and the checks still pending are taken when the answer is done (`after_action`)."""
    fire = [c for c in decision.checks if c.kind in FIRE_KINDS]
    others = [c for c in decision.checks if c.kind not in FIRE_KINDS]
    hex_id = game_map.hex_id(decision.target) if decision.target is not None else ""
    events: list[Event] = []
    for check in roll_checks(state.units, fire, one, dice, hex_id):
        events += apply_fire_check(state, check)
    return events + _roll_and_settle(state, game_map, others, one, dice, options, costs)
