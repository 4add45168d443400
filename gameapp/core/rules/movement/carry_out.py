"""Carrying out a checked move, facing, formation or cover change: the MPs spent, the unit's new
hex, facing, formation and markers, the charge declared, the morale checks called for.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from gameapp.core.actions import Action
from gameapp.core.events import (
    ChargeDeclared,
    Event,
    MoraleCheckPending,
    UnitMoved,
    UnitReformed,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.exhaustion import DOUBLE, MOVED, note
from gameapp.core.rules.movement.cavalry_charges import (
    descends_steep,
    is_mounted_cavalry,
)
from gameapp.core.units import Side, Status, Unit, UnitKind

if TYPE_CHECKING:
    from gameapp.core.rules.movement.phase import MovementRules


# 3.411.a: a charge is resolved at once when the MPs spent, entering the charged hex included,
# are below these
IMMEDIATE_CHARGE_LIMITS = {UnitKind.INFANTRY: 9, UnitKind.CAVALRY: 21}


def execute(rules: MovementRules, action: Action, side: Side | None) -> list[Event]:
    """Apply the action, planned first (`MovementRules.plan`), to the rules' state."""
    plan = rules.plan(action, side)
    unit = rules.state.units[plan.unit.id]
    spent = rules.state.mp_spent.get(unit.id, 0) + int(plan.cost.total)
    rules.state.mp_spent[unit.id] = spent
    if not plan.pike_bonus:
        rules.state.off_pike.add(unit.id)
    note_descent(rules, unit, plan.path)
    if plan.double:
        rules.state.double_moving.add(unit.id)
        note(rules.state, unit, DOUBLE)
    if plan.path:
        note(rules.state, unit, MOVED)
    if plan.path:
        rules.state.pivots.pop(unit.id, None)
    elif plan.unit.facing != unit.facing:
        origin, paid = rules.state.pivots.get(unit.id, (unit.facing, 0))
        rules.state.pivots[unit.id] = (origin, paid + int(plan.cost.total))
    status = set(plan.unit.status)
    if plan.path:
        status -= {Status.MOVED, Status.HALF_MOVED}
        if unit.id in rules.state.double_moving:
            status.add(Status.DOUBLE_MOVED)
        else:
            half = spent * 2 <= rules.allowance(unit).total
            status.add(Status.HALF_MOVED if half else Status.MOVED)
    if plan.charge is not None:
        status.add(Status.CHARGE)
        charging = rules.state.charges.get(plan.charge, ())
        rules.state.charges[plan.charge] = (*charging, unit.id)
    moved = replace(plan.unit, status=frozenset(status))
    rules.state.units[unit.id] = moved
    rules.state.pending_checks.extend(plan.checks)
    events: list[Event] = []
    if plan.path:
        events.append(UnitMoved(unit.id, plan.path, plan.cost))
    if plan.charge is not None:
        limit = IMMEDIATE_CHARGE_LIMITS.get(unit.kind, 0)
        events.append(ChargeDeclared(unit.id, plan.charge, spent + plan.charge_mp,
                                     spent + plan.charge_mp < limit, "3.4"))
    elif not plan.path:
        events.append(UnitReformed(unit.id, moved.facing, moved.formation, plan.cost))
    events += [MoraleCheckPending(c.unit_id, c.reason, c.rule) for c in plan.checks]
    return events


def note_descent(rules: MovementRules, unit: Unit, path: tuple[Hex, ...]) -> None:
    """TEC N6: cavalry that goes down a steep slope does not charge this phase."""
    if is_mounted_cavalry(unit) and descends_steep(rules.map, rules.costs.chart, unit.hex,
                                                   path):
        rules.state.descended_steep.add(unit.id)
