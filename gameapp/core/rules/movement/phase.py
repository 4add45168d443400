"""Movement phase rules: checking and carrying out moves, facing, formation and cover changes.

`MovementRules` is built by the engine for one state. `plan` checks an action and prices it, or
raises IllegalActionError with the reason and the rule; `execute` applies a planned action to the
state and returns its events. The UI reads `reachable` and `path_breakdown` for its highlights.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial

from gameapp.core.actions import Action, ChangeFormation, Cover, Face, Move
from gameapp.core.breakdown import Breakdown, IllegalActionError, Term
from gameapp.core.events import (
    ChargeDeclared,
    Event,
    MoraleCheckPending,
    UnitMoved,
    UnitReformed,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.rules.engagement import artillery_zone
from gameapp.core.rules.engagement import move_problem as engagement_problem
from gameapp.core.rules.exhaustion import DOUBLE, MOVED, level_of, note
from gameapp.core.rules.front import front_hexes
from gameapp.core.rules.movement.allowance import movement_allowance
from gameapp.core.rules.movement.cavalry_charges import (
    cavalry_charge_terms,
    descends_steep,
    is_mounted_cavalry,
)
from gameapp.core.rules.movement.costs import (
    MoveCosts,
    StepCost,
    StepOut,
    mover_class,
    zoc_road_step,
)
from gameapp.core.rules.movement.enemy_fire import FireCoverage, fire_coverage
from gameapp.core.rules.movement.formations import change_terms
from gameapp.core.rules.movement.listing import ListingMemo, list_actions
from gameapp.core.rules.movement.reach import (
    PIKE_BONUS_RULE,
    Reach,
    SearchSpace,
    search,
    settle,
    walk,
)
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.tables import Change, movement_tables
from gameapp.core.state import GameState, PendingCheck
from gameapp.core.terrain import RoadGrade, Slope
from gameapp.core.units import Formation, Side, Status, Unit, UnitKind

ENEMY_FRONT_CHECK = "3.312"
# 3.411.a: a charge is resolved at once when the MPs spent, entering the charged hex included,
# are below these
IMMEDIATE_CHARGE_LIMITS = {UnitKind.INFANTRY: 9, UnitKind.CAVALRY: 21}


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


class MovementRules:
    def __init__(
        self, game_map: HexMap, options: dict[str, str | bool | int], state: GameState,
        costs: MoveCosts, conventions: tuple[str, ...] = (),
    ) -> None:
        self.map = game_map
        self.options = options
        self.conventions = conventions  # line-of-sight conventions, for fields of fire
        self.state = state
        self.costs = costs
        self.tables = movement_tables()
        # What one listing (`legal_actions`) asks again and again of its state; None outside
        # a listing: a plan or a move on its own computes everything afresh.
        self._memo: ListingMemo | None = None

    # --- what the window asks -----------------------------------------------------------------
    def allowance(self, unit: Unit, double: bool = False, charge: bool = False) -> Breakdown:
        """The unit's MPA this phase; `double` asks what it would be with double movement,
        `charge` what it is for a move that declares a charge (the charge bonus)."""
        memo = self._memo
        if memo is None:
            return self._allowance(unit, double, charge)
        # what the MPA reads of the unit, besides what its id names (defn, brigade, state sets)
        key = (unit.id, unit.hex, unit.formation, double, charge)
        found = memo.allowances.get(key)
        if found is None:
            found = memo.allowances[key] = self._allowance(unit, double, charge)
        return found

    def _allowance(self, unit: Unit, double: bool, charge: bool) -> Breakdown:
        return movement_allowance(
            unit, self._leaders(unit.side), self.options,
            level_of(self.state, unit), self.tables, self.costs,
            double=double or unit.id in self.state.double_moving, charge=charge,
            vacancies=tuple(self.state.vacancies.values()),
            entry_general=self.state.entry_general.get(unit.id)
            if RuleOptions.of(self.options).general_entry_bonus else None,
        )

    def remaining(self, unit: Unit, double: bool = False, charge: bool = False) -> int:
        """MPs left this phase, before the pike bonus (which only a pike-only path may use)."""
        spent = self.state.mp_spent.get(unit.id, 0)
        return int(self.allowance(unit, double, charge).total) - spent

    def reachable(self, unit_id: str, charge: bool = False) -> dict[Hex, Reach]:
        """Every hex the unit could end a move in now, with the MPs that would remain there.
        Hexes it could only pass through (stacking, N9) are left out. `charge` searches with
        the charge bonus: the hexes a charge may be launched from."""
        unit = self.state.units[unit_id]
        if self._why_immobile(unit) is not None:
            return {}
        return self._may_end_in(unit, search(self._space(unit, charge=charge)))

    def reachable_both(self, unit: Unit) -> tuple[dict[Hex, Reach], dict[Hex, Reach]]:
        """`reachable(unit.id)` and `reachable(unit.id, charge=True)`, for the listing. The two
        searches differ only by the charge bonus and by how far around the unit they know the
        enemy's fields of fire (where walls and fences cost double, N12), so the plain one is
        read off the charge one, unless it could have come near a hex where the fields differ."""
        if self._why_immobile(unit) is not None:
            return {}, {}
        plain, charging = self._space(unit), self._space(unit, charge=True)
        searched = settle(charging)
        # The plain search goes over a part of the same ground, asking about the fields of fire
        # where the charge search asked (walls and fences): where the answers agree, it finds
        # what the charge search found within its budget.
        if plain.budget > charging.budget or any(
                plain.in_fire(h) != inside for h, inside in charging.fire_asked.items()):
            found = search(plain)
        else:
            found = searched.within(plain.budget)
        return (self._may_end_in(unit, found),
                self._may_end_in(unit, searched.within(charging.budget)))

    def _may_end_in(self, unit: Unit, found: dict[Hex, Reach]) -> dict[Hex, Reach]:
        """The hexes found where the unit may end its move: stacking (N9), and the hexes a
        battery not engaged may not enter (000 13.6, option)."""
        occupied = (self._memo.occupied(unit) if self._memo is not None
                    else {u.hex for u in self.state.units.values() if u.id != unit.id})
        alone_ok: dict[int, bool] = {}  # by terrain code: may the unit stand there by itself?
        codes = self.costs.terrain_codes()

        def may_end(h: Hex) -> bool:
            if h in occupied or unit.formation is Formation.ROAD_COLUMN:
                return self._stacking_at(h, unit) is None
            code = codes[h]
            if code not in alone_ok:
                alone_ok[code] = self._stacking_at(h, unit) is None
            return alone_ok[code]

        zone = artillery_zone(self.state, unit, self.options)  # 000 13.6, option
        return {h: r for h, r in found.items() if may_end(h) and (
            not zone or zone.keys().isdisjoint(r.path))}

    def path_breakdown(self, unit_id: str, path: tuple[Hex, ...]) -> Breakdown:
        unit = self.state.units[unit_id]
        walked = walk(self._space(unit), path, self.map.hex_id)
        return Breakdown(walked.terms)

    def enemy_front(self, side: Side) -> frozenset[Hex]:
        """The hexes where a unit of `side` must stop: the fronts of the other side's units."""
        key = (side, self.state.revision)
        found = self.costs.fronts.get(key)
        if found is None:
            enemies = self.state.side_units(side.other)
            found = frozenset(h for e in enemies for h in front_hexes(e, self.map))
            self.costs.fronts[key] = found
        return found

    # --- checking -----------------------------------------------------------------------------
    def plan(self, action: Action, side: Side | None) -> Plan:
        assert isinstance(action, Move | Face | ChangeFormation | Cover)
        unit = self.state.units.get(action.unit_id)
        if unit is None:
            raise IllegalActionError(f"there is no unit {action.unit_id!r}", "R&C actions")
        if unit.side is not side:
            raise IllegalActionError(f"{unit.defn.name} is not yours to move this phase", "1.22")
        if Status.ROUTED in unit.status:
            raise IllegalActionError(f"{unit.defn.name} is routed: it moves only by rout",
                                     "MPA routed units")
        if Status.SHAKEN in unit.status:
            raise IllegalActionError(f"{unit.defn.name} is shaken and may not spend MPs",
                                     "MPA shaken units")
        if unit.id in self.state.held:
            raise IllegalActionError(f"{unit.defn.name} is held until released", "000 22.2")
        if isinstance(action, Move):
            if Status.CHARGE in unit.status and action.path:
                raise IllegalActionError(f"{unit.defn.name} has declared a charge", "3.4")
            return self._plan_move(unit, action)
        if isinstance(action, Face):
            return self._plan_face(unit, action.facing)
        if isinstance(action, Cover):
            return self._plan_cover(unit, action.on)
        return self._plan_formation(unit, action.formation)

    def _plan_move(self, unit: Unit, action: Move) -> Plan:
        if action.double and unit.id not in self.state.double_moving:
            if self.state.mp_spent.get(unit.id, 0) > 0:
                raise IllegalActionError(
                    "double movement is declared before the unit spends any MPs", "MPA final")
            if Status.CHARGE in unit.status:
                raise IllegalActionError("double movement and a charge are not permitted together",
                                         "MPA final")
        terms: list[Term] = []
        checks: tuple[PendingCheck, ...] = ()
        mover_unit = unit
        if action.formation is not None and action.formation is not unit.formation:
            terms += self._formation_terms(unit, action.formation)
            checks += self._front_check(unit, unit.hex, "changed formation", terms)
            mover_unit = replace(unit, formation=action.formation)
        why = self._why_immobile(mover_unit)
        if why is not None and action.path:
            raise IllegalActionError(*why)
        # a formation change means the phase was not all spent in road column (N14)
        space = self._space(mover_unit, already=int(sum(t.value for t in terms)),
                            pike_allowed=not terms, double=action.double)
        charge = self._charged_hex(unit, action)
        path = action.path[:-1] if charge is not None else action.path
        walked = walk(space, path, self.map.hex_id)
        if walked.illegal is not None:
            raise IllegalActionError(*walked.illegal)
        terms += walked.terms
        engaging = engagement_problem(self.state, self.map, unit, path, self.options)
        if engaging is not None:
            raise IllegalActionError(*engaging)
        end = replace(mover_unit, hex=path[-1] if path else unit.hex, facing=walked.facing)
        if charge is not None:
            return self._plan_charge(unit, end, terms, path, charge, space, action.facing,
                                     checks)
        if action.facing is not None and action.facing != end.facing:
            turn = self._turn_terms(end, end.facing, action.facing)
            terms += turn
            checks += self._front_check(unit, end.hex, "changed facing", turn)
            end = replace(end, facing=action.facing)
        pike = walked.on_pike and bool(action.path)
        return self._priced(unit, end, terms, path=action.path, checks=checks,
                            pike_bonus=space.pike_bonus if pike else 0, double=action.double)

    def _charged_hex(self, unit: Unit, action: Move) -> Hex | None:
        """The last hex of the move, if it holds enemy combat units: the move declares a
        charge (1.22). Only infantry and cavalry charge; never with double movement."""
        if not action.path:
            return None
        target = action.path[-1]
        enemies = [u for u in self.state.units_at(target) if u.side is not unit.side]
        if not any(u.kind is not UnitKind.LEADER for u in enemies):
            return None
        if unit.kind not in (UnitKind.INFANTRY, UnitKind.CAVALRY):
            raise IllegalActionError(f"{unit.defn.name} cannot charge: only infantry and "
                                     "cavalry charge", "3.4")
        if action.double or unit.id in self.state.double_moving:
            raise IllegalActionError("double movement and a charge are not permitted together",
                                     "MPA final")
        return target

    def _plan_charge(self, unit: Unit, end: Unit, terms: list[Term], path: tuple[Hex, ...],
                     target: Hex, space: SearchSpace, facing: int | None,
                     checks: tuple[PendingCheck, ...]) -> Plan:
        """The unit stops in the hex before the charged one. It must have the MPs to enter the
        charged hex (turn included), which count toward 3.411.a but are not spent. It keeps the
        facing of its last step: a facing given with a charge is refused."""
        direction = end.hex.direction_to(target)
        if direction is None:
            raise IllegalActionError(f"{self.map.hex_id(target)} is not next to "
                                     f"{self.map.hex_id(end.hex)}", "3.1")
        if facing is not None:
            raise IllegalActionError("a charge move takes no facing change", "3.4")
        cost = space.step(end.hex, direction)
        if cost.prohibited is not None:
            raise IllegalActionError(cost.prohibited, "TEC prohibited")
        entry = space.turn(direction - end.facing) + int(cost.total)
        if cost.fence_mp and (space.in_fire(end.hex) or space.in_fire(target)):
            entry += cost.fence_mp
        descended = (unit.id in self.state.descended_steep
                     or descends_steep(self.map, self.costs.chart, unit.hex, path))
        entry += int(sum(t.value for t in cavalry_charge_terms(
            end, end.hex, target, self.map, self.costs.chart, descended)))
        plan = self._priced(unit, end, terms, path=path, checks=checks, charge=True)
        left = self.remaining(unit, charge=True)  # the charge bonus counts (MPA final)
        if plan.cost.total + entry > left:
            raise IllegalActionError(
                f"{unit.defn.name} needs {plan.cost.total + entry:g} MPs to charge "
                f"{self.map.hex_id(target)} and has {left} left with the charge bonus", "3.4")
        return replace(plan, charge=target, charge_mp=int(entry))

    def _plan_face(self, unit: Unit, facing: int) -> Plan:
        """Turns in place add up: the cost is that of the whole turn from the facing the unit
        had before it began turning where it stands, less what those turns already cost."""
        if facing == unit.facing:
            raise IllegalActionError(f"{unit.defn.name} already faces that way", "MPA changes")
        origin, paid = self.state.pivots.get(unit.id, (unit.facing, 0))
        whole = self._turn_terms(unit, origin, facing)
        owed = max(0, int(sum(t.value for t in whole)) - paid)
        label = f"change facing {_degrees(facing - origin)} in all"
        terms = [Term(label, owed, whole[0].rule)] if whole else []
        return self._priced(unit, replace(unit, facing=facing), terms,
                            checks=self._front_check(unit, unit.hex, "changed facing", terms))

    def _plan_formation(self, unit: Unit, formation: Formation) -> Plan:
        if formation is unit.formation:
            raise IllegalActionError(f"{unit.defn.name} is already in {formation.value}", "2.5")
        if formation is Formation.UNLIMBERED and not self.may_unlimber_at(unit.hex):
            raise IllegalActionError("artillery may not unlimber on a steep slope", "TEC N5")
        terms = self._formation_terms(unit, formation)
        return self._priced(unit, replace(unit, formation=formation), terms,
                            checks=self._front_check(unit, unit.hex, "changed formation", terms))

    def _plan_cover(self, unit: Unit, on: bool) -> Plan:
        if on == (Status.COVER in unit.status):
            raise IllegalActionError(f"{unit.defn.name} is already {'in' if on else 'out of'} "
                                     "cover", "MPA changes cover")
        change = self.tables.change(Change.COVER)
        status = unit.status | {Status.COVER} if on else unit.status - {Status.COVER}
        terms = [Term("take cover" if on else "leave cover", change.cost(), change.rule)]
        checks = () if on else self._front_check(unit, unit.hex, "left cover", terms)
        return self._priced(unit, replace(unit, status=frozenset(status)), terms, checks=checks)

    def _priced(self, unit: Unit, end: Unit, terms: list[Term], path: tuple[Hex, ...] = (),
                pike_bonus: int = 0, checks: tuple[PendingCheck, ...] = (),
                double: bool = False, charge: bool = False) -> Plan:
        """Check the MPs and the stacking at the end; `pike_bonus` is N14's extra allowance."""
        cost = Breakdown.of(terms)
        left = self.remaining(unit, double, charge) + pike_bonus
        if cost.total > left:
            bonus = f" with the pike bonus ({PIKE_BONUS_RULE})" if pike_bonus else ""
            raise IllegalActionError(
                f"{unit.defn.name} needs {cost.total:g} MPs and has {left} left{bonus}",
                "MPA basic")
        if end.hex != unit.hex or end.formation is not unit.formation:
            problem = self._stacking(end)
            if problem is not None:
                raise IllegalActionError(*problem)
        return Plan(end, cost, path, pike_bonus, checks, double)

    # --- carrying out -------------------------------------------------------------------------
    def execute(self, action: Action, side: Side | None) -> list[Event]:
        plan = self.plan(action, side)
        unit = self.state.units[plan.unit.id]
        spent = self.state.mp_spent.get(unit.id, 0) + int(plan.cost.total)
        self.state.mp_spent[unit.id] = spent
        if not plan.pike_bonus:
            self.state.off_pike.add(unit.id)
        self._note_descent(unit, plan.path)
        if plan.double:
            self.state.double_moving.add(unit.id)
            note(self.state, unit, DOUBLE)
        if plan.path:
            note(self.state, unit, MOVED)
        if plan.path:
            self.state.pivots.pop(unit.id, None)
        elif plan.unit.facing != unit.facing:
            origin, paid = self.state.pivots.get(unit.id, (unit.facing, 0))
            self.state.pivots[unit.id] = (origin, paid + int(plan.cost.total))
        status = set(plan.unit.status)
        if plan.path:
            status -= {Status.MOVED, Status.HALF_MOVED}
            if unit.id in self.state.double_moving:
                status.add(Status.DOUBLE_MOVED)
            else:
                half = spent * 2 <= self.allowance(unit).total
                status.add(Status.HALF_MOVED if half else Status.MOVED)
        if plan.charge is not None:
            status.add(Status.CHARGE)
            charging = self.state.charges.get(plan.charge, ())
            self.state.charges[plan.charge] = (*charging, unit.id)
        moved = replace(plan.unit, status=frozenset(status))
        self.state.units[unit.id] = moved
        self.state.pending_checks.extend(plan.checks)
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

    def legal_actions(self, side: Side) -> Iterator[Action]:
        """Every move, facing, formation and cover change open to `side`, lazily, on the state
        as it is when the listing begins (`listing.list_actions`)."""
        return list_actions(self, side)

    def lister(self) -> MovementRules:
        """These rules on the same state, keeping what a listing asks again and again for as
        long as the listing runs (`listing.ListingMemo`): the state must not change meanwhile."""
        lister = MovementRules(self.map, self.options, self.state, self.costs, self.conventions)
        lister._memo = ListingMemo(self.state)
        return lister

    # --- helpers ------------------------------------------------------------------------------
    def _note_descent(self, unit: Unit, path: tuple[Hex, ...]) -> None:
        """TEC N6: cavalry that goes down a steep slope does not charge this phase."""
        if is_mounted_cavalry(unit) and descends_steep(self.map, self.costs.chart, unit.hex,
                                                       path):
            self.state.descended_steep.add(unit.id)

    def _space(self, unit: Unit, already: int = 0, pike_allowed: bool = True,
               double: bool = False, charge: bool = False) -> SearchSpace:
        mover = mover_class(unit)
        assert mover is not None
        by_road = unit.formation is Formation.ROAD_COLUMN
        enemies = self._side_units(unit.side.other)
        left = self.remaining(unit, double, charge) - already
        in_fire = self._coverage(unit.side).near(unit.hex, max(left, 0) // 4 + 2)
        fronts = self.enemy_front(unit.side)
        g88_zoc = RuleOptions.of(self.options).g88_zoc
        stopped = unit.hex in fronts and self.state.mp_spent.get(unit.id, 0) > 0 and not g88_zoc
        pike_ok = (pike_allowed and by_road and unit.id not in self.state.off_pike
                   and self._on_pike(unit.hex))
        step: Callable[[Hex, int], StepCost] = partial(self.costs.step, mover=mover,
                                                       by_road=by_road)
        table = self.costs.table(mover, by_road)
        steps_out: Callable[[Hex], list[StepOut]] | None = partial(
            self.costs.steps_out, mover=mover, by_road=by_road)
        if g88_zoc and by_road and fronts:  # 002 1: the steps depend on the fronts: no cache
            step, table, steps_out = partial(zoc_road_step, self.costs, mover, fronts), {}, None
        return SearchSpace(
            start=unit.hex,
            facing=unit.facing,
            budget=left,
            pike_bonus=self.costs.chart.road_entry(RoadGrade.PIKE).mpa_bonus if pike_ok else 0,
            step=step,
            turn_costs=tuple(
                self.tables.facing_change(
                    steps, artillery=unit.kind is UnitKind.ARTILLERY, road_column=by_road,
                    covered=Status.COVER in unit.status).cost()
                for steps in range(6)),
            step_table=table,
            steps_out=steps_out,
            enemy_hexes=frozenset(e.hex for e in enemies),
            front_hexes=fronts,
            in_fire_field=in_fire,
            may_leave=not stopped,
            fronts_lock=not g88_zoc,
            fronts_barred=g88_zoc and unit.kind is UnitKind.LEADER,
        )

    def _stacking(self, end: Unit) -> tuple[str, str] | None:
        return self._stacking_at(end.hex, end)

    def _stacking_at(self, h: Hex, unit: Unit) -> tuple[str, str] | None:
        """`_stacking` of `unit` were it in `h` (stacking reads the hex, not the unit's)."""
        there = self._memo.units_at(h) if self._memo is not None else self.state.units_at(h)
        others = [u for u in there if u.id != unit.id]
        return stacking_problem(h, [*others, unit], self.map, self.costs.chart,
                                RuleOptions.of(self.options).stacking_rule)

    def _coverage(self, side: Side) -> FireCoverage:
        """The fields of fire of `side`'s enemies (walls and fences, N12; formations, 2.5)."""
        memo = self._memo
        if memo is None:
            return fire_coverage(side, self.state.side_units(side.other), self.state, self.map,
                                 self.conventions, self.costs)
        found = memo.coverage.get(side)
        if found is None:
            found = memo.coverage[side] = fire_coverage(
                side, memo.side_units[side.other], self.state, self.map, self.conventions,
                self.costs)
        return found

    def _leaders(self, side: Side) -> list[Unit]:
        """The side's leaders, in the state's order (what the MPA's command terms look for)."""
        if self._memo is not None:
            found = self._memo.leaders.get(side)
            if found is None:
                found = self._memo.leaders[side] = [
                    u for u in self._memo.side_units[side] if u.kind is UnitKind.LEADER]
            return found
        return [u for u in self.state.side_units(side) if u.kind is UnitKind.LEADER]

    def _side_units(self, side: Side) -> list[Unit]:
        if self._memo is not None:
            return self._memo.side_units[side]
        return self.state.side_units(side)

    def _why_immobile(self, unit: Unit) -> tuple[str, str] | None:
        if unit.id in self.state.held:
            return f"{unit.defn.name} is held until released", "000 22.2"
        if Status.ROUTED in unit.status or Status.SHAKEN in unit.status:
            return f"{unit.defn.name} may not spend MPs", "MPA shaken units"
        if mover_class(unit) is None:
            what = "limber first" if unit.kind is UnitKind.ARTILLERY else "leave square first"
            return (f"{unit.defn.name} cannot move in {unit.formation.value}: {what}",
                    "TEC movement cost")
        return None

    def _formation_terms(self, unit: Unit, formation: Formation) -> list[Term]:
        in_field = self._coverage(unit.side).holds(unit.hex)
        terms = self._change_terms(unit.kind, unit.formation, formation, in_field)
        if terms is None:
            raise IllegalActionError(
                f"a {unit.kind.value} unit cannot go from {unit.formation.value} to "
                f"{formation.value}", "2.5")
        return terms

    def _change_terms(self, kind: UnitKind, start: Formation, goal: Formation,
                      in_field: bool) -> list[Term] | None:
        if self._memo is None:
            return change_terms(kind, start, goal, self.tables, in_field)
        key = (kind, start, goal, in_field)
        if key not in self._memo.changes:
            found = change_terms(kind, start, goal, self.tables, in_field)
            self._memo.changes[key] = None if found is None else tuple(found)
        kept = self._memo.changes[key]
        return None if kept is None else list(kept)

    def _turn_terms(self, unit: Unit, start: int, facing: int) -> list[Term]:
        """What turning the unit from facing `start` to `facing` costs."""
        if facing == start:
            return []
        change = self.tables.facing_change(
            facing - start, artillery=unit.kind is UnitKind.ARTILLERY,
            road_column=unit.formation is Formation.ROAD_COLUMN,
            covered=Status.COVER in unit.status)
        return [Term(f"change facing {_degrees(facing - start)}", change.cost(), change.rule)]

    def _front_check(self, unit: Unit, where: Hex, what: str, cost: list[Term]
                     ) -> tuple[PendingCheck, ...]:
        """3.312: changing facing or formation, or leaving cover, inside an enemy front; the
        MPs it cost were spent in the front (3.313)."""
        if where not in self.enemy_front(unit.side):
            return ()
        return (PendingCheck(unit.id, f"{what} in an enemy front", ENEMY_FRONT_CHECK,
                             int(sum(t.value for t in cost))),)

    def _on_pike(self, h: Hex) -> bool:
        return any(self.map.road_at(h, d) is RoadGrade.PIKE for d in range(6))

    def may_unlimber_at(self, h: Hex) -> bool:
        """Artillery may not unlimber in a hex with a steep slope on any side (TEC N5)."""
        return not any(abs(self.map.slope_at(h, d)) == Slope.STEEP_UP for d in range(6))


def _degrees(steps: int) -> str:
    turn = min(abs(steps) % 6, 6 - abs(steps) % 6)
    return f"{turn * 60} degrees"
