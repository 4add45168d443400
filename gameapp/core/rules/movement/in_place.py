"""Checking the changes a unit makes where it stands: facing (turns in place add up), formation
(the cheapest chain of the chart's changes, `formations.change_terms`) and cover.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.rules.movement.plan import (
    Plan,
    degrees,
    formation_terms,
    front_check,
    price_problem,
    priced,
    turn_terms,
)
from gameapp.core.rules.movement.search_space import turn_costs
from gameapp.core.rules.tables import Change
from gameapp.core.units import Formation, Status, Unit, UnitKind, changed

if TYPE_CHECKING:
    from gameapp.core.rules.movement.phase import MovementRules


def plan_face(rules: MovementRules, unit: Unit, facing: int) -> Plan:
    """Turns in place add up: the cost is that of the whole turn from the facing the unit
    had before it began turning where it stands, less what those turns already cost."""
    if facing == unit.facing:
        raise IllegalActionError(f"{unit.defn.name} already faces that way", "MPA changes")
    origin, paid = rules.state.pivots.get(unit.id, (unit.facing, 0))
    whole, owed = _turn_owed(rules, unit, origin, paid, facing)
    label = f"change facing {degrees(facing - origin)} in all"
    terms = [Term(label, owed, whole[0].rule)] if whole else []
    return priced(rules, unit, replace(unit, facing=facing), terms,
                  checks=front_check(rules, unit, unit.hex, "changed facing", terms))


def _turn_owed(rules: MovementRules, unit: Unit, origin: int, paid: int, facing: int
               ) -> tuple[list[Term], int]:
    """The whole turn from `origin` to `facing`, and what it still owes, `paid` being paid."""
    whole = turn_terms(rules, unit, origin, facing)
    return whole, max(0, int(sum(t.value for t in whole)) - paid)


def facings_open(rules: MovementRules, unit: Unit) -> list[int]:
    """The facings `plan_face` accepts, in order, for a unit that may spend MPs (`plan`'s
    first checks), without making a plan of each: for a turn in place they come down to its
    MPs, as it stays in its hex and formation (no stacking to check, `priced`). The listing
    asks this of every unit."""
    origin, paid = rules.state.pivots.get(unit.id, (unit.facing, 0))
    left = rules.remaining(unit)
    # what `_turn_owed` works out term by term: the whole turn's MPs (none for no turn)
    turn = turn_costs(rules.tables, unit.kind is UnitKind.ARTILLERY,
                      unit.formation is Formation.ROAD_COLUMN, Status.COVER in unit.status)
    return [facing for facing in range(6) if facing != unit.facing
            and max(0, (int(turn[(facing - origin) % 6]) if facing != origin else 0) - paid)
            <= left]


def plan_formation(rules: MovementRules, unit: Unit, formation: Formation) -> Plan:
    terms, end = _formation_change(rules, unit, formation)
    return priced(rules, unit, end, terms,
                  checks=front_check(rules, unit, unit.hex, "changed formation", terms))


def _formation_change(rules: MovementRules, unit: Unit, formation: Formation
                      ) -> tuple[list[Term], Unit]:
    """What changing to `formation` costs and the unit after it; IllegalActionError where the
    rules refuse it whatever the unit's MPs."""
    if formation is unit.formation:
        raise IllegalActionError(f"{unit.defn.name} is already in {formation.value}", "2.5")
    if formation is Formation.UNLIMBERED and not rules.may_unlimber_at(unit.hex):
        raise IllegalActionError("artillery may not unlimber on a steep slope", "TEC N5")
    return formation_terms(rules, unit, formation), changed(unit, "formation", formation)


def formations_open(rules: MovementRules, unit: Unit, formations: Iterable[Formation]
                    ) -> list[Formation]:
    """Those of `formations` that `plan_formation` accepts, in order, for a unit that may
    spend MPs (`plan`'s first checks), without making a plan of each (the listing)."""
    found = []
    for formation in formations:
        try:
            terms, end = _formation_change(rules, unit, formation)
        except IllegalActionError:
            continue
        if price_problem(rules, unit, end, sum(t.value for t in terms)) is None:
            found.append(formation)
    return found


def plan_cover(rules: MovementRules, unit: Unit, on: bool) -> Plan:
    if on == (Status.COVER in unit.status):
        raise IllegalActionError(f"{unit.defn.name} is already {'in' if on else 'out of'} "
                                 "cover", "MPA changes cover")
    terms, end = _cover_change(rules, unit, on)
    checks = () if on else front_check(rules, unit, unit.hex, "left cover", terms)
    return priced(rules, unit, end, terms, checks=checks)


def _cover_change(rules: MovementRules, unit: Unit, on: bool) -> tuple[list[Term], Unit]:
    change = rules.tables.change(Change.COVER)
    status = unit.status | {Status.COVER} if on else unit.status - {Status.COVER}
    terms = [Term("take cover" if on else "leave cover", change.cost(), change.rule)]
    return terms, changed(unit, "status", frozenset(status))


def cover_open(rules: MovementRules, unit: Unit) -> bool:
    """Whether `plan_cover` accepts the unit's taking or leaving cover (whichever it is not
    doing), for a unit that may spend MPs (`plan`'s first checks), without making a plan."""
    terms, end = _cover_change(rules, unit, Status.COVER not in unit.status)
    return price_problem(rules, unit, end, sum(t.value for t in terms)) is None
