"""The reach search: every hex a unit can enter this phase, with the MPs that would remain.

A step turns the unit to face the hex it enters (paying the facing change, 60 degrees being free)
and then pays the step's cost. So a path fixes every facing on the way, and the cost of a path is
the same whether the search or a move action walks it (`walk.walk`).

The search is Dijkstra (`_settle_states`, the loop `dial.PlainGraph` runs on a plain graph)
over (hex, facing, still-on-pike) states packed into ints; every rule lives in the arcs out of a
state. A unit that has spent its whole phase in road column on a pike gets 4 more MPs (N14): the
search allows budget + bonus to every state and charges the bonus to the step that leaves the
pike, so one limit serves both. Entering an enemy front ends the path there (3.310), or, under
the option `g88_zoc`, does not, but no step goes from one front hex into another (002 3) and a
leader enters none (002 8); enemy-occupied hexes are never entered. The arcs that do not
depend on where the enemy stands are kept with the map's step costs (`HexSteps`), so a search in
ground already visited only looks them up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from gameapp.core.hexgrid import AXIAL_DIRECTIONS, Hex
from gameapp.core.rules.movement.costs import StepCost, StepOut, StepTable
from gameapp.core.rules.movement.dial import UNREACHED, Settled
from gameapp.core.rules.movement.enemy_fire import FireNear
from gameapp.core.terrain import RoadGrade

PIKE_BONUS_RULE = "TEC N14"


class Reach(NamedTuple):
    """One reachable hex. A light tuple: searches make hundreds of these per call."""

    hex: Hex
    spent: int  # MPs this move costs to arrive, turns included
    remaining: int
    facing: int  # facing on arrival: the direction of the last step
    must_stop: bool  # the hex is in an enemy front
    pike_bonus: bool
    state: int  # the search state it was reached in, and the search's parent links
    parents: dict[int, int]

    @property
    def path(self) -> tuple[Hex, ...]:
        """The hexes entered, start excluded."""
        path: list[Hex] = []
        parent_of = self.parents.get
        node = self.state
        before = parent_of(node, -1)
        while before >= 0:
            path.append(unpack(node >> 4))
            node, before = before, parent_of(before, -1)
        return tuple(reversed(path))


# `Reach(...)` calls a generated Python __new__; the searches make thousands of Reaches, so
# they build the tuple directly (every field given, in order)
_new_reach = tuple.__new__


def all_paths(found: Mapping[Hex, Reach]) -> dict[Hex, tuple[Hex, ...]]:
    """`found[h].path` for every h, the reaches of one search sharing the paths' beginnings
    instead of each walking back to the start."""
    known: dict[int, tuple[Hex, ...]] = {}  # search state -> the path to it
    known_hex = _UNPACKED.get
    paths: dict[Hex, tuple[Hex, ...]] = {}
    for h, reached in found.items():
        parent_of = reached.parents.get
        chain = []
        node = reached.state
        before = parent_of(node, -1)
        while before >= 0 and node not in known:
            chain.append(node)
            node, before = before, parent_of(before, -1)
        path = known.get(node, ())
        for node in reversed(chain):  # every hex on a path was found, hence unpacked
            path = known[node] = (*path, known_hex(node >> 4) or unpack(node >> 4))
        paths[h] = path
    return paths


# Hexes are packed into ints inside the search: (q + _OFFSET) * _STRIDE + (r + _OFFSET).
_STRIDE = 1 << 12
_OFFSET = 1 << 11
_DELTAS = tuple(dq * _STRIDE + dr for dq, dr in AXIAL_DIRECTIONS)
_PIKE = 1 << 3  # the still-on-pike bit of a search state

Step = tuple[int, int, int, int, bool]  # (direction, packed neighbour, MPs, fence MPs, on a pike)
Arc = tuple[int, int]  # (search state, MPs): see `search`


class HexSteps:
    """The steps allowed out of one hex for one mover, and the search's arcs made of them.

    The arcs hold the turn before each step, so they depend on how the unit turns and on its
    pike bonus: they are kept per such way of moving (`_way`) and state (pike bit | facing),
    each made when first needed. They leave out what changes between searches (enemies,
    fronts, fields of fire), which `search` applies on top."""

    __slots__ = ("arcs", "fenced", "steps")

    def __init__(self, steps: tuple[Step, ...]) -> None:
        self.steps = steps
        self.fenced = any(step[3] for step in steps)  # N12 may double a step from here
        # way << 4 | pike bit | facing -> arcs, where `fenced` (else in `StepTable.by_way`)
        self.arcs: dict[int, list[Arc]] = {}



_WAYS: dict[tuple[tuple[int, ...], int], int] = {}  # (turn costs, pike bonus) -> a small key
# numbering a new way must not race: the computer searches on a worker thread beside the window
_WAYS_LOCK = threading.Lock()


def _way(turn_costs: tuple[int, ...], pike_bonus: int) -> int:
    key = (turn_costs, pike_bonus)
    found = _WAYS.get(key)
    if found is None:
        with _WAYS_LOCK:
            found = _WAYS.setdefault(key, len(_WAYS))
    return found


def _arcs(steps: tuple[Step, ...], state_bits: int, turn_from: tuple[tuple[int, ...], ...],
          bonus: int, fire: Callable[[int], bool] | None = None,
          here_in_fire: bool = False) -> list[Arc]:
    """The arcs out of a state (its pike bit | facing) through `steps`, walls and fences
    doubled where `fire` (packed hex -> inside an enemy field of fire) says so."""
    on_pike = state_bits & _PIKE
    turn_row = turn_from[state_bits & 7]
    arcs = []
    for direction, there, mp, fence_mp, pike_step in steps:
        if fence_mp and fire is not None and (here_in_fire or fire(there)):
            mp += fence_mp
        if on_pike and not pike_step:
            # Leaving the pike forfeits its bonus: charged here once, so that one limit
            # (budget + bonus) serves every state.
            arcs.append(((there << 4) | direction, turn_row[direction] + mp + bonus))
        else:
            arcs.append(((there << 4) | on_pike | direction, turn_row[direction] + mp))
    arcs.sort(key=_arc_cost)  # cheapest first, ties kept in direction order: see `_settle_states`
    return arcs


def _arc_cost(arc: Arc) -> int:
    return arc[1]


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
    step_table: StepTable = field(default_factory=StepTable)  # shared across searches
    enemy_hexes: frozenset[Hex] = frozenset()
    front_hexes: frozenset[Hex] = frozenset()  # enemy fronts: entering them ends the move
    fire_field: frozenset[Hex] = frozenset()  # walls and fences cost double here (N12)
    may_leave: bool = True  # False once a unit has stopped in an enemy front this phase
    # 002 3 (option g88_zoc): entering a front does not end the move, but a step from one
    # front hex into another is not allowed; 002 8: a leader never enters a front at all
    fronts_lock: bool = True
    fronts_barred: bool = False

    # or, instead of `fire_field`, whether a hex is inside it: asked only where a wall or
    # fence is crossed (`in_fire`), so that a search that meets none works out no enemy's
    # lines of sight, and one that meets some, only those of the enemies in range of them
    in_fire_field: Callable[[Hex], bool] | None = None
    fire_asked: dict[Hex, bool] = field(default_factory=dict)  # what `in_fire` answered

    def turn(self, steps: int) -> int:
        return self.turn_costs[steps % 6]

    def in_fire(self, h: Hex) -> bool:
        """Is `h` inside the enemy fields of fire (N12)?"""
        if self.in_fire_field is None:
            return h in self.fire_field
        found = self.fire_asked.get(h)
        if found is None:
            found = self.fire_asked[h] = self.in_fire_field(h)
        return found

    # the steps allowed out of a hex, all at once (`MoveCosts.steps_out`); by default asked of
    # `step` direction by direction
    steps_out: Callable[[Hex], list[StepOut]] | None = None

    def steps_from(self, packed: int) -> HexSteps:
        found = self.step_table.get(packed)
        if found is None:
            found = hex_steps(self.step_table, self.steps_out or allowed_steps(self.step), packed)
        return found


def allowed_steps(step: Callable[[Hex, int], StepCost]) -> Callable[[Hex], list[StepOut]]:
    """The steps `step` allows out of a hex, as `MoveCosts.steps_out` gives them."""
    def out(here: Hex) -> list[StepOut]:
        costs = ((direction, step(here, direction)) for direction in range(6))
        return [(direction, cost.total, cost.fence_mp, cost.road is RoadGrade.PIKE)
                for direction, cost in costs if cost.prohibited is None]
    return out


def hex_steps(table: StepTable, steps_out: Callable[[Hex], list[StepOut]], packed: int
              ) -> HexSteps:
    """The steps allowed out of the hex `packed`, kept in `table`."""
    found = table[packed] = HexSteps(tuple(
        (direction, packed + _DELTAS[direction], mp, fence_mp, pike)
        for direction, mp, fence_mp, pike in steps_out(unpack(packed))))
    return found


def search(space: SearchSpace) -> Mapping[Hex, Reach]:
    """Every hex the unit can end its move in, with the most MPs that would remain there.

    The states are ints, (packed hex << 4) | (still on pike << 3) | facing.
    """
    return settle(space).within(space.budget)


@dataclass(frozen=True)
class Searched:
    """One search's settled states, which answer for its budget or any smaller one."""

    start: int  # the packed start hex
    bonus: int  # the pike bonus
    stops: AbstractSet[int]  # packed hexes that end a move (enemy fronts)
    found: Settled
    # (budget, only) -> what `within` found, for a search kept from one listing to the next
    answers: dict[tuple[int, frozenset[int] | None], Mapping[Hex, Reach]] = field(
        default_factory=dict, compare=False, repr=False)

    def within(self, budget: int, only: frozenset[int] | None = None) -> Mapping[Hex, Reach]:
        """What a search with `budget` MPs (at most the settled one's) would find. Dijkstra
        settles states in order of cost, so the states costing at most the smaller limit, their
        parents and the order they came in are exactly those a search with that limit meets.
        With `only` (packed hexes, `pack`), only those of its hexes it would find, in the same
        order. Asked again alike, it gives the same mapping: read it, never change it."""
        key = (budget, only)
        kept = self.answers.get(key)
        if kept is None:
            kept = self.answers[key] = self._within(budget, only)
        return kept

    def paths_within(self, budget: int, may_stop: Callable[[Hex], bool],
                     alike_but: AbstractSet[Hex] | None = None) -> list[tuple[Hex, ...]]:
        """`all_paths(within(budget))`'s paths, in order, of the hexes where `may_stop` lets
        the unit end its move, for a search with no pike bonus: read in one pass over the
        settled states, without a `Reach` for each (the listing). With `alike_but`,
        `may_stop` answers alike for every hex not in it: it is asked that once."""
        assert not self.bonus
        best, parent, first = self.found
        if not first:
            return []
        start = self.start
        known_hex = _UNPACKED.get
        parent_of = parent.get
        # search state -> the path to it; the start state (the first expanded) has none
        known: dict[int, tuple[Hex, ...]] = {next(iter(first.values())): ()}
        known_path = known.get
        paths: list[tuple[Hex, ...]] = []
        alike: bool | None = None  # may_stop's answer outside `alike_but`, once asked
        for place, state in first.items():
            packed = place >> 1
            if best[state] > budget or packed == start:
                continue
            h = known_hex(packed) or unpack(packed)
            if alike_but is not None and h not in alike_but:
                if alike is None:
                    alike = may_stop(h)
                if not alike:
                    continue
            elif not may_stop(h):
                continue
            path = known_path(parent[state])
            if path is not None:  # most often: the parent's path is known
                path = known[state] = (*path, h)
                paths.append(path)
                continue
            chain = []
            node = state
            before = parent_of(node, -1)
            while before >= 0 and node not in known:
                chain.append(node)
                node, before = before, parent_of(before, -1)
            path = known[node]
            for node in reversed(chain):  # every hex on a path was found, hence unpacked
                path = known[node] = (*path, known_hex(node >> 4) or unpack(node >> 4))
            paths.append(path)
        return paths

    def _within(self, budget: int, only: frozenset[int] | None) -> dict[Hex, Reach]:
        if not self.bonus:
            return self._within_off_pike(budget, only)
        limit = budget + self.bonus
        best, parent, first = self.found
        # A place's first state expanded is its cheapest. Per hex keep the cheaper of its two
        # places (on and off the pike): the bonus a state off the pike forfeited is in its cost,
        # so the cheapest leaves the most MPs.
        cheapest: dict[int, int] = {}  # packed hex -> state
        for place, state in first.items():
            if best[state] > limit:
                continue
            here = place >> 1
            if only is not None and here not in only:
                continue
            known = cheapest.get(here)
            if known is None or best[state] < best[known]:
                cheapest[here] = state
        cheapest.pop(self.start, None)
        bonus, stops = self.bonus, self.stops
        result: dict[Hex, Reach] = {}
        for packed, state in cheapest.items():
            h = unpack(packed)
            cost = best[state]
            on_pike = bool(state & _PIKE) and bonus > 0
            result[h] = Reach(h, cost if on_pike else cost - bonus, limit - cost, state & 7,
                              packed in stops, on_pike, state, parent)
        return result

    def _within_off_pike(self, budget: int, only: frozenset[int] | None) -> dict[Hex, Reach]:
        """`_within` where there is no pike bonus: no state is on a pike, so each hex is one
        place, and its first state expanded is the one (most searches are such)."""
        best, parent, first = self.found
        start, stops = self.start, self.stops
        known_hex = _UNPACKED.get
        result: dict[Hex, Reach] = {}
        for place, state in first.items():
            cost = best[state]
            packed = place >> 1
            if cost > budget or packed == start or (only is not None and packed not in only):
                continue
            h = known_hex(packed) or unpack(packed)
            result[h] = _new_reach(Reach, (h, cost, budget - cost, state & 7, packed in stops,
                                           False, state, parent))
        return result


def settle(space: SearchSpace) -> Searched:
    """The search itself: every state the unit can reach with its budget, at least cost."""
    if not space.may_leave:
        return Searched(0, 0, set(), Settled({}, {}, {}))
    enemy = packed_hexes(space.enemy_hexes)
    front = packed_hexes(space.front_hexes)
    fire = _fire_asker(space)
    turn = space.turn_costs
    budget, bonus = space.budget, space.pike_bonus
    limit = budget + bonus
    start = pack(space.start)
    steps_from = space.steps_from
    table_get = space.step_table.get
    turn_from = _turn_rows(turn)
    way = _way(turn, bonus) << 4
    stops = _stops(front, start, space.fronts_lock)
    near_enemy = _around(enemy)
    # packed hex with a wall or fence on a step out -> does the enemy's fire double one (N12)?
    doubled_at: dict[int, bool] = {}
    doubled_get = doubled_at.get
    # state -> its arcs, for states in hexes with no wall or fence (`StepTable.by_way`)
    by_state = space.step_table.by_way.setdefault(way, {})

    def arcs_of(state: int) -> list[Arc]:
        here = state >> 4
        if here in stops:
            return []  # entering an enemy front ends the move (3.310)
        steps = table_get(here)
        if steps is None:
            steps = steps_from(here)
        doubled = steps.fenced and doubled_get(here)
        if doubled is None:  # asked once a search, however many facings the hex is left in
            doubled = doubled_at[here] = fire(here) or any(
                fire(step[1]) for step in steps.steps if step[3])
        if doubled:
            arcs = _arcs(steps.steps, state & 15, turn_from, bonus, fire, fire(here))
        elif steps.fenced:  # kept by way and state bits with the hex's steps
            key = way + (state & 15)
            arcs = steps.arcs.get(key)  # type: ignore[assignment]
            if arcs is None:
                arcs = steps.arcs[key] = _arcs(steps.steps, state & 15, turn_from, bonus)
        else:  # kept by state, where `_settle_states` reads them itself from then on
            arcs = by_state.get(state)  # type: ignore[assignment]
            if arcs is None:
                arcs = by_state[state] = _arcs(steps.steps, state & 15, turn_from, bonus)
        if here in near_enemy:
            return [arc for arc in arcs if arc[0] >> 4 not in enemy]
        return arcs

    start_state = (start << 4) | (_PIKE if bonus > 0 else 0) | space.facing
    if not space.fronts_lock and front:  # every arc filtered: none looked up inline
        return Searched(start, bonus, stops, _settle_states(
            start_state, limit, max(turn), _unlocked(arcs_of, front, space.fronts_barred)))
    return Searched(start, bonus, stops, _settle_states(
        start_state, limit, max(turn), arcs_of, (by_state.get, _slow(front, near_enemy))))


def _fire_asker(space: SearchSpace) -> Callable[[int], bool]:
    """packed hex -> is it inside the enemy fields of fire (N12)? `space.in_fire`, asked once a
    hex a search and recorded in `space.fire_asked` as that records it; read straight off the
    fields' bits where they are a `FireNear` (a chain of four calls less for each hex)."""
    fire_known: dict[int, bool] = {}
    known_get = fire_known.get
    near = space.in_fire_field
    if not isinstance(near, FireNear):
        in_fire = space.in_fire

        def fire(packed: int) -> bool:
            found = known_get(packed)
            if found is None:
                found = fire_known[packed] = in_fire(unpack(packed))
            return found
        return fire
    asked = space.fire_asked
    asked_get = asked.get
    masks_get = near.coverage.masks.get
    counted = near.counted
    known_hex = _UNPACKED.get

    def fire_near(packed: int) -> bool:
        found = known_get(packed)
        if found is None:
            h = known_hex(packed) or unpack(packed)
            found = asked_get(h)
            if found is None:
                found = asked[h] = bool(masks_get(h, 0) & counted)
            fire_known[packed] = found
        return found
    return fire_near


def _stops(front: frozenset[int], start: int, locks: bool) -> AbstractSet[int]:
    """The packed hexes where a move ends (3.310): the enemy fronts, less the one the unit
    starts in, which it may leave; under 002 3 (not `locks`) none."""
    if not locks:
        return set()
    return front - {start} if start in front else front  # most start outside: no copy


@lru_cache(maxsize=16)  # the same for a side's every search
def _slow(front: frozenset[int], near_enemy: frozenset[int]) -> frozenset[int]:
    """The hexes whose arcs `_settle_states` may not read off the table: the enemy fronts
    (a move stops there) and the hexes next to an enemy (none of whose hexes is entered). A
    unit starting in a front may leave it: its arcs are asked of `arcs_of` all the same."""
    return front | near_enemy


# (the table's arcs by state for this way of moving, the packed hexes whose arcs are not the
# table's own): where `_settle_states` may read a state's arcs itself, without calling `arcs_of`
Inline = tuple[Callable[[int], list[Arc] | None], AbstractSet[int]]


def _settle_states(start: int, limit: int, slack: int, arcs_of: Callable[[int], list[Arc]],
                   inline: Inline | None = None) -> Settled:
    """The least cost of every search state reachable from `start` for at most `limit`:
    `dial.least_costs`'s loop, pruned by place (a hex with its pike bit, `state >> 3`) and
    with its hot path inlined on purpose (bench/bench_reach.py).

    A state is not worth expanding if its place was first expanded more cheaply by at least
    `slack`, the dearest turn: from there the unit can face any way for less; nor queueing
    then. `cutoff[place]` is what a state must cost less than: the first cost plus `slack`.
    With `inline`, the arcs of a state in a hex with no wall or fence, no front and no enemy
    next to it are read off the table's arcs by state here (what `arcs_of` would return)."""
    if limit < 0:
        return Settled({}, {}, {})
    best = {start: 0}
    parent: dict[int, int] = {}
    first: dict[int, int] = {}
    best_get = best.get
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    queue = [bucket.append for bucket in buckets]  # queue[cost](state)
    buckets[0].append(start)
    cutoff: dict[int, int] = {}  # place -> its first expanded state's cost + slack
    cutoff_get = cutoff.get
    arcs_get, slow = inline if inline is not None else (_no_arcs, frozenset())
    unreached = UNREACHED
    for spent, bucket in enumerate(buckets):
        for node in bucket:  # a zero-cost arc appends to this bucket: still visited
            if best[node] < spent:
                continue  # reached more cheaply since it was queued
            place = node >> 3
            bound = cutoff_get(place)
            if bound is None:
                cutoff[place] = spent + slack
                first[place] = node
            elif spent >= bound:
                continue
            arcs = arcs_get(node)
            if arcs is None or node >> 4 in slow:
                arcs = arcs_of(node)
            for there, cost in arcs:
                total = spent + cost
                if total > limit:
                    break  # the arcs come cheapest first: the rest cost more still
                # most arcs lead back to places already expanded: ask that first
                if (total < cutoff_get(there >> 3, unreached)
                        and total < best_get(there, unreached)):
                    best[there] = total
                    parent[there] = node
                    queue[total](there)
    return Settled(best, parent, first)


def _no_arcs(state: int) -> list[Arc] | None:
    return None


@lru_cache(maxsize=16)  # the enemy and their fronts, the same for a side's every search
def packed_hexes(hexes: frozenset[Hex]) -> frozenset[int]:
    return frozenset(pack(h) for h in hexes)


@lru_cache(maxsize=16)
def _turn_rows(turn: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """By facing, what turning to face each direction costs."""
    return tuple(tuple(turn[(d - f) % 6] for d in range(6)) for f in range(6))


@lru_cache(maxsize=16)
def _around(packed: frozenset[int]) -> frozenset[int]:
    """The hexes next to any of `packed`."""
    return frozenset(p + delta for p in packed for delta in _DELTAS)


def _unlocked(arcs_of: Callable[[int], list[Arc]], front: frozenset[int], barred: bool
              ) -> Callable[[int], list[Arc]]:
    """002 3 (option g88_zoc): no arc from a front hex into another; 002 8: with `barred` (a
    leader) no arc into a front hex at all."""
    def filtered(state: int) -> list[Arc]:
        arcs = arcs_of(state)
        if barred or state >> 4 in front:
            return [arc for arc in arcs if arc[0] >> 4 not in front]
        return arcs
    return filtered
