"""Checking a move: a formation change before it, its path walked as the reach search walks it
(`walk.walk`), a facing change at its end, or a charge on its last hex (1.22, 3.4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.engagement import move_problem as engagement_problem
from gameapp.core.rules.movement.cavalry_charges import (
    cavalry_charge_terms,
    descends_steep,
)
from gameapp.core.rules.movement.plan import Plan, formation_terms, front_check, priced, turn_terms
from gameapp.core.rules.movement.reach import SearchSpace
from gameapp.core.rules.movement.search_space import search_space
from gameapp.core.rules.movement.walk import walk
from gameapp.core.state import PendingCheck
from gameapp.core.units import Status, Unit, UnitKind

if TYPE_CHECKING:
    from gameapp.core.rules.movement.phase import MovementRules


def plan_move(rules: MovementRules, unit: Unit, action: Move) -> Plan:
    """The move checked and priced, or IllegalActionError with the reason and the rule."""
    if action.double and unit.id not in rules.state.double_moving:
        if rules.state.mp_spent.get(unit.id, 0) > 0:
            raise IllegalActionError(
                "double movement is declared before the unit spends any MPs", "MPA final")
        if Status.CHARGE in unit.status:
            raise IllegalActionError("double movement and a charge are not permitted together",
                                     "MPA final")
    terms: list[Term] = []
    checks: tuple[PendingCheck, ...] = ()
    mover_unit = unit
    if action.formation is not None and action.formation is not unit.formation:
        terms += formation_terms(rules, unit, action.formation)
        checks += front_check(rules, unit, unit.hex, "changed formation", terms)
        mover_unit = replace(unit, formation=action.formation)
    why = rules.why_immobile(mover_unit)
    if why is not None and action.path:
        raise IllegalActionError(*why)
    # a formation change means the phase was not all spent in road column (N14)
    space = search_space(rules, mover_unit, already=int(sum(t.value for t in terms)),
                         pike_allowed=not terms, double=action.double)
    charge = charged_hex(rules, unit, action)
    path = action.path[:-1] if charge is not None else action.path
    walked = walk(space, path, rules.map.hex_id)
    if walked.illegal is not None:
        raise IllegalActionError(*walked.illegal)
    terms += walked.terms
    engaging = engagement_problem(rules.state, rules.map, unit, path, rules.options)
    if engaging is not None:
        raise IllegalActionError(*engaging)
    end = replace(mover_unit, hex=path[-1] if path else unit.hex, facing=walked.facing)
    if charge is not None:
        return plan_charge(rules, unit, end, terms, path, charge, space, action.facing, checks)
    if action.facing is not None and action.facing != end.facing:
        turn = turn_terms(rules, end, end.facing, action.facing)
        terms += turn
        checks += front_check(rules, unit, end.hex, "changed facing", turn)
        end = replace(end, facing=action.facing)
    pike = walked.on_pike and bool(action.path)
    return priced(rules, unit, end, terms, path=action.path, checks=checks,
                  pike_bonus=space.pike_bonus if pike else 0, double=action.double)


def charged_hex(rules: MovementRules, unit: Unit, action: Move) -> Hex | None:
    """The last hex of the move, if it holds enemy combat units: the move declares a
    charge (1.22). Only infantry and cavalry charge; never with double movement."""
    if not action.path:
        return None
    target = action.path[-1]
    enemies = [u for u in rules.state.units_at(target) if u.side is not unit.side]
    if not any(u.kind is not UnitKind.LEADER for u in enemies):
        return None
    if unit.kind not in (UnitKind.INFANTRY, UnitKind.CAVALRY):
        raise IllegalActionError(f"{unit.defn.name} cannot charge: only infantry and "
                                 "cavalry charge", "3.4")
    if action.double or unit.id in rules.state.double_moving:
        raise IllegalActionError("double movement and a charge are not permitted together",
                                 "MPA final")
    return target


def plan_charge(rules: MovementRules, unit: Unit, end: Unit, terms: list[Term],
                path: tuple[Hex, ...], target: Hex, space: SearchSpace, facing: int | None,
                checks: tuple[PendingCheck, ...]) -> Plan:
    """The unit stops in the hex before the charged one. It must have the MPs to enter the
    charged hex (turn included), which count toward 3.411.a but are not spent. It keeps the
    facing of its last step: a facing given with a charge is refused."""
    direction = end.hex.direction_to(target)
    if direction is None:
        raise IllegalActionError(f"{rules.map.hex_id(target)} is not next to "
                                 f"{rules.map.hex_id(end.hex)}", "3.1")
    if facing is not None:
        raise IllegalActionError("a charge move takes no facing change", "3.4")
    cost = space.step(end.hex, direction)
    if cost.prohibited is not None:
        raise IllegalActionError(cost.prohibited, "TEC prohibited")
    entry = space.turn(direction - end.facing) + int(cost.total)
    if cost.fence_mp and (space.in_fire(end.hex) or space.in_fire(target)):
        entry += cost.fence_mp
    descended = (unit.id in rules.state.descended_steep
                 or descends_steep(rules.map, rules.costs.chart, unit.hex, path))
    entry += int(sum(t.value for t in cavalry_charge_terms(
        end, end.hex, target, rules.map, rules.costs.chart, descended)))
    plan = priced(rules, unit, end, terms, path=path, checks=checks, charge=True)
    left = rules.remaining(unit, charge=True)  # the charge bonus counts (MPA final)
    if plan.cost.total + entry > left:
        raise IllegalActionError(
            f"{unit.defn.name} needs {plan.cost.total + entry:g} MPs to charge "
            f"{rules.map.hex_id(target)} and has {left} left with the charge bonus", "3.4")
    return replace(plan, charge=target, charge_mp=int(entry))
