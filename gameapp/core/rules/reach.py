"""The reach search: every hex a unit can enter this phase, with the MPs that would remain.

A step turns the unit to face the hex it enters (paying the facing change, 60 degrees being free)
and then pays the step's cost. So a path fixes every facing on the way, and the cost of a path is
the same whether the search or a move action walks it (`walk`).

The search is Dijkstra over (hex, facing, still-on-pike) states. A unit that has spent its whole
phase in road column on a pike gets 4 more MPs (N14), so pike-only states have a larger budget.
Entering an enemy front ends the path there (3.310); enemy-occupied hexes are never entered.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movecost import StepCost
from gameapp.core.terrain import RoadGrade

PIKE_BONUS_RULE = "TEC N14"


@dataclass(frozen=True)
class Reach:
    hex: Hex
    spent: int  # MPs this move costs to arrive, turns included
    remaining: int
    facing: int  # facing on arrival
    path: tuple[Hex, ...]  # hexes entered, start excluded
    must_stop: bool  # the hex is in an enemy front
    pike_bonus: bool


@dataclass
class SearchSpace:
    """Everything the search needs to know about one unit's move, as plain values."""

    start: Hex
    facing: int
    budget: int  # MPs left this phase
    pike_bonus: int  # extra MPs if the whole phase stays on a pike in road column (0 if none)
    step: Callable[[Hex, int], StepCost]
    turn: Callable[[int], int]  # MPs to turn by this many hexsides
    enemy_hexes: frozenset[Hex] = frozenset()
    front_hexes: frozenset[Hex] = frozenset()  # enemy fronts: entering them ends the move
    fire_field: frozenset[Hex] = frozenset()  # walls and fences cost double here (N12)
    may_leave: bool = True  # False once a unit has stopped in an enemy front this phase
    _cost: dict[tuple[Hex, int], tuple[int, RoadGrade]] = field(default_factory=dict)

    def step_total(self, origin: Hex, direction: int) -> tuple[int, RoadGrade] | None:
        """The MPs of one step with N12 doubling, and the road followed; None if prohibited."""
        key = (origin, direction)
        found = self._cost.get(key)
        if found is None:
            cost = self.step(origin, direction)
            if cost.prohibited is not None:
                return None
            target = origin.neighbor(direction)
            in_field = origin in self.fire_field or target in self.fire_field
            doubled = cost.fence_mp if in_field else 0
            found = (cost.total + doubled, cost.road)
            self._cost[key] = found
        return found


def search(space: SearchSpace) -> dict[Hex, Reach]:
    """Every hex the unit can end its move in, with the most MPs that would remain there."""
    if not space.may_leave:
        return {}
    start_state = (space.start, space.facing, space.pike_bonus > 0)
    best: dict[tuple[Hex, int, bool], int] = {start_state: 0}
    parent: dict[tuple[Hex, int, bool], tuple[Hex, int, bool]] = {}
    queue: list[tuple[int, int, int, int, bool]] = [
        (0, space.start.q, space.start.r, space.facing, space.pike_bonus > 0)
    ]
    result: dict[Hex, Reach] = {}
    while queue:
        spent, q, r, facing, on_pike = heapq.heappop(queue)
        here = Hex(q, r)
        state = (here, facing, on_pike)
        if spent > best[state]:
            continue
        budget = space.budget + (space.pike_bonus if on_pike else 0)
        if here != space.start:
            _record(result, space, state, spent, budget, parent)
            if here in space.front_hexes:
                continue
        for direction in range(6):
            there = here.neighbor(direction)
            if there in space.enemy_hexes:
                continue
            stepped = space.step_total(here, direction)
            if stepped is None:
                continue
            mp, road = stepped
            still_pike = on_pike and road is RoadGrade.PIKE
            total = spent + space.turn(direction - facing) + mp
            limit = space.budget + (space.pike_bonus if still_pike else 0)
            if total > limit:
                continue
            nxt = (there, direction, still_pike)
            if total < best.get(nxt, limit + 1):
                best[nxt] = total
                parent[nxt] = state
                heapq.heappush(queue, (total, there.q, there.r, direction, still_pike))
    return result


def _record(
    result: dict[Hex, Reach],
    space: SearchSpace,
    state: tuple[Hex, int, bool],
    spent: int,
    budget: int,
    parent: dict[tuple[Hex, int, bool], tuple[Hex, int, bool]],
) -> None:
    here, facing, on_pike = state
    remaining = budget - spent
    known = result.get(here)
    if known is not None and known.remaining >= remaining:
        return
    path: list[Hex] = []
    node = state
    while node in parent:
        path.append(node[0])
        node = parent[node]
    result[here] = Reach(
        here,
        spent,
        remaining,
        facing,
        tuple(reversed(path)),
        here in space.front_hexes,
        on_pike and space.pike_bonus > 0,
    )


@dataclass(frozen=True)
class Walk:
    """A path walked step by step: its terms, or why it cannot be walked."""

    terms: tuple[Term, ...]
    facing: int
    on_pike: bool
    illegal: tuple[str, str] | None = None  # (reason, rule)

    @property
    def total(self) -> int:
        return int(sum(t.value for t in self.terms))


def walk(space: SearchSpace, path: tuple[Hex, ...], describe: Callable[[Hex], str]) -> Walk:
    """Walk `path` as the search would, itemising every turn and step."""
    terms: list[Term] = []
    here, facing, on_pike = space.start, space.facing, space.pike_bonus > 0
    if path and not space.may_leave:
        return Walk((), facing, False, ("the unit stopped in an enemy front this phase", "3.310"))
    for i, there in enumerate(path):
        direction = here.direction_to(there)
        if direction is None:
            return Walk(tuple(terms), facing, False,
                        (f"{describe(there)} is not next to {describe(here)}", "3.1"))
        if there in space.enemy_hexes:
            return Walk(tuple(terms), facing, False,
                        (f"{describe(there)} is held by the enemy: charges come later", "3.4"))
        if here in space.front_hexes and i > 0:
            return Walk(tuple(terms), facing, False,
                        (f"the unit must stop on entering the enemy front at {describe(here)}",
                         "3.310"))
        turn_mp = space.turn(direction - facing)
        if turn_mp:
            terms.append(Term("turn to face the way moved", turn_mp, "MP changes facing"))
        cost = space.step(here, direction)
        if cost.prohibited is not None:
            return Walk(tuple(terms), facing, False, (cost.prohibited, "TEC"))
        terms.extend(cost.terms)
        if cost.fence_mp and (here in space.fire_field or there in space.fire_field):
            terms.append(Term("wall or fence in enemy field of fire x2", cost.fence_mp, "TEC N12"))
        on_pike = on_pike and cost.road is RoadGrade.PIKE
        here, facing = there, direction
    return Walk(tuple(terms), facing, on_pike)
