"""What a checked action is (`Plan`), and what every kind of plan shares: the MPs and the stacking
checked at the end (`priced`), the terms of a turn and of a formation change, and the morale
check that changing facing or formation inside an enemy front calls for (3.312).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from gameapp.core.breakdown import Breakdown, IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movement.reach import PIKE_BONUS_RULE
from gameapp.core.rules.tables import MovementTables
from gameapp.core.state import PendingCheck
from gameapp.core.units import Formation, Status, Unit, UnitKind

if TYPE_CHECKING:
    from gameapp.core.rules.movement.phase import MovementRules


ENEMY_FRONT_CHECK = "3.312"


@dataclass(frozen=True)
class Plan:
    """A checked action: the unit as it will be, what it costs, and the checks it calls for."""

    unit: Unit
    cost: Breakdown
    path: tuple[Hex, ...] = ()
    pike_bonus: int = 0  # N14 MPs the move may use because it stays on a pike in road column
    checks: tuple[PendingCheck, ...] = ()
    double: bool = False  # the move declares double movement
    charge: Hex | None = None  # the enemy-held hex the move charges (1.22, 3.4)
    charge_mp: int = 0  # the MPs it would cost to enter that hex (3.411.a)


def priced(rules: MovementRules, unit: Unit, end: Unit, terms: list[Term],
           path: tuple[Hex, ...] = (), pike_bonus: int = 0,
           checks: tuple[PendingCheck, ...] = (), double: bool = False,
           charge: bool = False) -> Plan:
    """Check the MPs and the stacking at the end; `pike_bonus` is N14's extra allowance."""
    cost = Breakdown.of(terms)
    problem = price_problem(rules, unit, end, cost.total, pike_bonus, double, charge)
    if problem is not None:
        raise IllegalActionError(*problem)
    return Plan(end, cost, path, pike_bonus, checks, double)


def price_problem(rules: MovementRules, unit: Unit, end: Unit, total: float,
                  pike_bonus: int = 0, double: bool = False, charge: bool = False
                  ) -> tuple[str, str] | None:
    """(reason, rule) if the unit has not the MPs for what costs `total`, or would break the
    stacking limit as it will be (`end`); None if `priced` accepts it."""
    left = rules.remaining(unit, double, charge) + pike_bonus
    if total > left:
        bonus = f" with the pike bonus ({PIKE_BONUS_RULE})" if pike_bonus else ""
        return f"{unit.defn.name} needs {total:g} MPs and has {left} left{bonus}", "MPA basic"
    if end.hex != unit.hex or end.formation is not unit.formation:
        return rules.stacking(end)
    return None


def turn_terms(rules: MovementRules, unit: Unit, start: int, facing: int) -> list[Term]:
    """What turning the unit from facing `start` to `facing` costs."""
    if facing == start:
        return []
    return [_turn_term(rules.tables, (facing - start) % 6, unit.kind is UnitKind.ARTILLERY,
                       unit.formation is Formation.ROAD_COLUMN, Status.COVER in unit.status)]


@cache  # a listing asks for every unit's every facing; there are a few dozen such terms
def _turn_term(tables: MovementTables, steps: int, artillery: bool, road_column: bool,
               covered: bool) -> Term:
    change = tables.facing_change(steps, artillery=artillery, road_column=road_column,
                                  covered=covered)
    return Term(f"change facing {degrees(steps)}", change.cost(), change.rule)


def formation_terms(rules: MovementRules, unit: Unit, formation: Formation) -> list[Term]:
    in_field = rules.coverage(unit.side).holds(unit.hex)
    terms = rules.change_terms(unit.kind, unit.formation, formation, in_field)
    if terms is None:
        raise IllegalActionError(
            f"a {unit.kind.value} unit cannot go from {unit.formation.value} to "
            f"{formation.value}", "2.5")
    return terms


def front_check(rules: MovementRules, unit: Unit, where: Hex, what: str, cost: list[Term]
                ) -> tuple[PendingCheck, ...]:
    """3.312: changing facing or formation, or leaving cover, inside an enemy front; the
    MPs it cost were spent in the front (3.313)."""
    if where not in rules.enemy_front(unit.side):
        return ()
    return (PendingCheck(unit.id, f"{what} in an enemy front", ENEMY_FRONT_CHECK,
                         int(sum(t.value for t in cost))),)


def degrees(steps: int) -> str:
    turn = min(abs(steps) % 6, 6 - abs(steps) % 6)
    return f"{turn * 60} degrees"
