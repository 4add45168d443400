"""The reach search: every hex a unit can enter this phase, with the MPs that would remain.

A step turns the unit to face the hex it enters (paying the facing change, 60 degrees being free)
and then pays the step's cost. So a path fixes every facing on the way, and the cost of a path is
the same whether the search or a move action walks it (`walk`).

The search is Dijkstra over (hex, facing, still-on-pike) states. A unit that has spent its whole
phase in road column on a pike gets 4 more MPs (N14), so pike-only states have a larger budget.
Entering an enemy front ends the path there (3.310); enemy-occupied hexes are never entered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import AXIAL_DIRECTIONS, Hex
from gameapp.core.rules.movement.costs import StepCost
from gameapp.core.terrain import RoadGrade

PIKE_BONUS_RULE = "TEC N14"


class Reach(NamedTuple):
    """One reachable hex. A light tuple: searches make hundreds of these per call."""

    hex: Hex
    spent: int  # MPs this move costs to arrive, turns included
    remaining: int
    facing: int  # facing on arrival (0 in a space where every turn is free)
    must_stop: bool  # the hex is in an enemy front
    pike_bonus: bool
    state: int  # the search state it was reached in, and the search's parent links
    parents: dict[int, int]

    @property
    def path(self) -> tuple[Hex, ...]:
        """The hexes entered, start excluded."""
        path: list[Hex] = []
        node = self.state
        while node in self.parents:
            path.append(unpack((node >> 1) // 6))
            node = self.parents[node]
        return tuple(reversed(path))


# Hexes are packed into ints inside the search: (q + _OFFSET) * _STRIDE + (r + _OFFSET).
_STRIDE = 1 << 12
_OFFSET = 1 << 11
_DELTAS = tuple(dq * _STRIDE + dr for dq, dr in AXIAL_DIRECTIONS)

# packed hex -> the steps allowed from it: (direction, packed neighbour, MPs, fence MPs, pike)
StepTable = dict[int, tuple[tuple[int, int, int, int, bool], ...]]


def pack(h: Hex) -> int:
    return (h.q + _OFFSET) * _STRIDE + (h.r + _OFFSET)


_UNPACKED: dict[int, Hex] = {}  # packed -> Hex, shared: a hex is the same hex on every map


def unpack(packed: int) -> Hex:
    found = _UNPACKED.get(packed)
    if found is None:
        q, r = divmod(packed, _STRIDE)
        found = _UNPACKED[packed] = Hex(q - _OFFSET, r - _OFFSET)
    return found


@dataclass
class SearchSpace:
    """Everything the search needs to know about one unit's move, as plain values."""

    start: Hex
    facing: int
    budget: int  # MPs left this phase
    pike_bonus: int  # extra MPs if the whole phase stays on a pike in road column (0 if none)
    step: Callable[[Hex, int], StepCost]
    turn_costs: tuple[int, ...]  # MPs to turn by 0..5 hexsides (counter-clockwise)
    step_table: StepTable = field(default_factory=dict)  # a cache shared across searches
    enemy_hexes: frozenset[Hex] = frozenset()
    front_hexes: frozenset[Hex] = frozenset()  # enemy fronts: entering them ends the move
    fire_field: frozenset[Hex] = frozenset()  # walls and fences cost double here (N12)
    may_leave: bool = True  # False once a unit has stopped in an enemy front this phase

    def turn(self, steps: int) -> int:
        return self.turn_costs[steps % 6]

    def steps_from(self, packed: int) -> tuple[tuple[int, int, int, int, bool], ...]:
        found = self.step_table.get(packed)
        if found is None:
            here = unpack(packed)
            allowed = []
            for direction in range(6):
                cost = self.step(here, direction)
                if cost.prohibited is None:
                    allowed.append((direction, packed + _DELTAS[direction], cost.total,
                                    cost.fence_mp, cost.road is RoadGrade.PIKE))
            found = tuple(allowed)
            self.step_table[packed] = found
        return found


def search(space: SearchSpace) -> dict[Hex, Reach]:
    """Every hex the unit can end its move in, with the most MPs that would remain there.

    Costs are small whole numbers, so states wait in one bucket per MP spent (Dial's variant of
    Dijkstra) rather than in a heap.
    """
    if not space.may_leave:
        return {}
    enemy = {pack(h) for h in space.enemy_hexes}
    front = {pack(h) for h in space.front_hexes}
    fire = {pack(h) for h in space.fire_field}
    turn = space.turn_costs
    # where every turn is free the facing on the way does not matter: keep one state per hex
    facing_matters = any(turn)
    budget, bonus = space.budget, space.pike_bonus
    limit = budget + bonus
    if limit < 0:
        return {}
    start = pack(space.start)
    start_state = (start * 6 + space.facing) * 2 + (1 if bonus > 0 else 0)
    best: dict[int, int] = {start_state: 0}
    best_get = best.get
    parent: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(start_state)
    steps_from = space.steps_from
    table_get = space.step_table.get
    # A state is not worth expanding if the same hex (and pike flag) was reached more cheaply by
    # at least the dearest turn: from there the unit can face any way for less. (Where turns are
    # free there is one state per hex and `best` alone decides.)
    widest_turn = max(turn)
    cheapest: dict[int, tuple[int, int]] = {}  # hex and pike flag -> first (spent, state)
    turn_from = [tuple(turn[(d - f) % 6] for d in range(6)) for f in range(6)]
    for spent in range(limit + 1):
        for state in buckets[spent]:  # a zero-cost step would append here: still visited
            if spent > best[state]:
                continue
            on_pike = state & 1
            here, facing = divmod(state >> 1, 6)
            if facing_matters:
                first_spent, first_state = cheapest.setdefault(here * 2 + on_pike, (spent, state))
                if spent >= first_spent + widest_turn and state != first_state:
                    continue
            if here in front and here != start:
                continue
            here_in_fire = here in fire
            turn_row = turn_from[facing]
            steps = table_get(here)
            if steps is None:
                steps = steps_from(here)
            for direction, there, mp, fence_mp, pike_step in steps:
                if enemy and there in enemy:
                    continue
                if fence_mp and (here_in_fire or there in fire):
                    mp += fence_mp
                still_pike = 1 if (on_pike and pike_step) else 0
                total = spent + turn_row[direction] + mp
                if total > (limit if still_pike else budget):
                    continue
                if facing_matters:
                    settled = cheapest.get(there * 2 + still_pike)
                    if settled is not None and total >= settled[0] + widest_turn:
                        continue
                    nxt = ((there * 6 + direction) << 1) | still_pike
                else:
                    nxt = (there * 12) | still_pike
                if total < best_get(nxt, 1 << 30):
                    best[nxt] = total
                    parent[nxt] = state
                    buckets[total].append(nxt)
    # every state reached is a way to end the move: keep, per hex, the one leaving most MPs
    remaining: dict[int, tuple[int, int]] = {}  # hex -> (MPs left, state)
    for state, spent in best.items():
        here = (state >> 1) // 6
        if here == start:
            continue
        left = budget + (bonus if state & 1 else 0) - spent
        known = remaining.get(here)
        if known is None or known[0] < left:
            remaining[here] = (left, state)
    result: dict[Hex, Reach] = {}
    for packed, (left, state) in remaining.items():
        h = unpack(packed)
        result[h] = Reach(h, best[state], left, (state >> 1) % 6, packed in front,
                          bool(state & 1) and bonus > 0, state, parent)
    return result


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
                        (f"{describe(there)} is held by the enemy: only a move's last hex "
                         "may be charged", "3.4"))
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
