"""Monthly supply income (docs/strategic-rules.md, "Supply"; our design, wbts.md 7.7's
version 2, `R&C strategic supply income`).

In each monthly interphase a side receives its scenario's `supply_income` in supply points.
They arrive in its depots that stand on a supply place it holds (for the Union also a port or
a rail hex on the map's edge) or on a rail hex the railroad joins to one through hexes it
controls (9.4): one point at a time to the emptiest such depot (ties by id), each up to the
depots' limit. Points no depot can take are not received; the event says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gameapp.core.breakdown import Term
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.pieces import Depot
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import rail_served
from gameapp.core.units import Side

INCOME = "R&C strategic supply income"
DEPOT_LIMIT = 20  # the most a depot holds (the scenario schema's bound)


@dataclass(frozen=True)
class SupplyIncome:
    side: Side
    income: int
    received: int  # the points that found a depot
    terms: tuple[Term, ...]  # each depot's share, and what was not received
    rule: str


def month_income(ctx: RuleContext) -> list[Any]:
    return [receive(ctx, side, points) for side in Side
            if (points := ctx.scenario.supply_income.get(side, 0))]


def receive(ctx: RuleContext, side: Side, income: int) -> SupplyIncome:
    state: StrategicState = ctx.state
    served = rail_served(ctx, side)
    depots = {d.id: d for d in state.of_type(Depot, side) if d.hex in served}
    held = {i: d.supply for i, d in depots.items()}
    given = dict.fromkeys(depots, 0)
    for _ in range(income):
        room = [i for i in held if held[i] < DEPOT_LIMIT]
        if not room:
            break
        emptiest = min(room, key=lambda i: (held[i], i))
        held[emptiest] += 1
        given[emptiest] += 1
    where = ctx.scenario.map.hex_id
    terms = []
    for depot_id, points in given.items():
        if points:
            depot = depots[depot_id]
            state.put(replace(depot, supply=held[depot_id]))
            terms.append(Term(f"{depot_id} at {where(depot.hex)}, joined to a supply place: "
                              f"now {held[depot_id]}", points, INCOME))
    received = sum(given.values())
    if received < income:
        terms.append(Term(f"{income - received} point(s) find no depot with room joined by rail "
                          f"to a supply place (at most {DEPOT_LIMIT} a depot): not received",
                          0, INCOME))
    return SupplyIncome(side, income, received, tuple(terms), INCOME)
