"""Movement phase rules: checking and carrying out moves, facing, formation and cover changes.

`MovementRules` is built by the engine for one state. `plan` checks an action and prices it, or
raises IllegalActionError with the reason and the rule; `execute` applies a planned action to the
state and returns its events. The UI reads `reachable` and `path_breakdown` for its highlights.

The jobs live beside it: checking a move (`moves`) or a change in place (`in_place`), what every
plan shares (`plan`), carrying a plan out (`carry_out`), the reach search's view of a unit's
move (`search_space`), the enemy fields of fire (`enemy_fire`), listing every legal action
(`listing`). This class holds one state's answers they all ask for: the MPA, the enemy fronts,
stacking, and what a listing keeps while it runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from operator import is_
from typing import NamedTuple

from gameapp.core.actions import Action, ChangeFormation, Cover, Face, Move
from gameapp.core.breakdown import Breakdown, IllegalActionError, Term
from gameapp.core.events import Event
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.rules.engagement import artillery_zone
from gameapp.core.rules.exhaustion import level_of
from gameapp.core.rules.front import front_hexes
from gameapp.core.rules.movement.allowance import (
    Commanders,
    allowance_before_final,
    final_allowance,
)
from gameapp.core.rules.movement.carry_out import execute
from gameapp.core.rules.movement.costs import MoveCosts, mover_class
from gameapp.core.rules.movement.enemy_fire import FireCoverage, FireNear, fire_coverage
from gameapp.core.rules.movement.formations import change_terms
from gameapp.core.rules.movement.in_place import plan_cover, plan_face, plan_formation
from gameapp.core.rules.movement.listing import ListingMemo, list_actions
from gameapp.core.rules.movement.moves import plan_move
from gameapp.core.rules.movement.plan import Plan
from gameapp.core.rules.movement.reach import Reach, Searched, SearchSpace, all_paths
from gameapp.core.rules.movement.search_space import kept_settle, search_space
from gameapp.core.rules.movement.stacking import reads_ground, stacking_problem
from gameapp.core.rules.movement.walk import walk
from gameapp.core.rules.tables import movement_tables
from gameapp.core.state import GameState
from gameapp.core.terrain import Slope
from gameapp.core.units import Formation, Side, Status, Unit, UnitKind


class KeptAllowance(NamedTuple):
    """An MPA worked out, with what it read (`MovementRules._allowance`): the terms before the
    final adjustments, and the MPAs made of them so far, by (double movement, charge)."""

    unit: Unit
    leaders: list[Unit]
    read: tuple[object, ...]  # exhaustion level, vacancies, general on the entry hex
    before: tuple[Term, ...]
    finals: dict[tuple[bool, bool], Breakdown]


def _same_fields(one: SearchSpace, other: SearchSpace) -> bool:
    """Whether the two spaces count the same enemies' fields of fire (`FireCoverage.near`), so
    that they answer alike for every hex (one asking then finds what the other found)."""
    mine, theirs = one.in_fire_field, other.in_fire_field
    return (isinstance(mine, FireNear) and isinstance(theirs, FireNear)
            and mine.coverage is theirs.coverage and mine.counted == theirs.counted)


class MovementRules:
    """The movement rules on one state (`GameState`), with the game's move costs."""

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
        # by the very unit object (kept with the answer, so that its id is not reused): a
        # listing asks again and again of the same few objects, and a key of what the MPA
        # reads of the unit would be slower to hash
        key = (id(unit), double, charge)
        found = memo.allowances.get(key)
        if found is None or found[0] is not unit:
            found = memo.allowances[key] = (unit, self._allowance(unit, double, charge))
        return found[1]

    def _allowance(self, unit: Unit, double: bool, charge: bool) -> Breakdown:
        """The MPA, kept with the game's move costs while all it reads is the same: the unit
        and its side's leaders (the very objects), its exhaustion, the vacant commands, the
        general on its entry hex. Its terms before the final adjustments are worked out once
        for the plain, charge and double MPAs."""
        leaders = self.leaders(unit.side)
        level = level_of(self.state, unit)
        double = double or unit.id in self.state.double_moving
        vacancies = tuple(self.state.vacancies.values())
        general = (self.state.entry_general.get(unit.id)
                   if self.rule_options.general_entry_bonus else None)
        read = (level, vacancies, general)
        kept = self.costs.allowances.get(unit.id)
        if (kept is None or kept.unit is not unit or kept.read != read
                or len(kept.leaders) != len(leaders)
                or not all(map(is_, kept.leaders, leaders))):
            before = allowance_before_final(unit, self.commanders(unit.side), self.options,
                                            level, self.tables, self.costs, vacancies, general)
            kept = self.costs.allowances[unit.id] = KeptAllowance(unit, leaders, read, before,
                                                                  {})
        found = kept.finals.get((double, charge))
        if found is None:
            found = kept.finals[(double, charge)] = final_allowance(
                unit, kept.before, level, self.tables, double, charge)
        return found

    def remaining(self, unit: Unit, double: bool = False, charge: bool = False) -> int:
        """MPs left this phase, before the pike bonus (which only a pike-only path may use)."""
        memo = self._memo
        if memo is None:
            return int(self._allowance(unit, double, charge).total) - self.state.mp_spent.get(
                unit.id, 0)
        # a listing asks this of each unit a few times (each facing, formation, cover, search)
        key = (id(unit), double, charge)
        found = memo.remaining.get(key)
        if found is None or found[0] is not unit:
            found = memo.remaining[key] = (unit, int(self.allowance(unit, double, charge).total)
                                           - self.state.mp_spent.get(unit.id, 0))
        return found[1]

    def reachable(self, unit_id: str, charge: bool = False) -> dict[Hex, Reach]:
        """Every hex the unit could end a move in now, with the MPs that would remain there.
        Hexes it could only pass through (stacking, N9) are left out. `charge` searches with
        the charge bonus: the hexes a charge may be launched from."""
        unit = self.state.units[unit_id]
        if self.why_immobile(unit) is not None:
            return {}
        space = search_space(self, unit, charge=charge)
        return self._may_end_in(unit, kept_settle(self.costs, unit.id, space).within(space.budget))

    def reachable_both(self, unit: Unit, charge_stops: frozenset[int] | None = None
                       ) -> tuple[dict[Hex, Reach], dict[Hex, Reach]]:
        """`reachable(unit.id)` and `reachable(unit.id, charge=True)`, for the listing; the
        latter only at `charge_stops` (packed hexes, `reach.pack`) if given: where a charge
        move may stop (`_searched_both`)."""
        if self.why_immobile(unit) is not None:
            return {}, {}
        (searched, budget), charging = self._searched_both(unit, charge_stops)
        return self._may_end_in(unit, searched.within(budget)), charging

    def _searched_both(self, unit: Unit, charge_stops: frozenset[int] | None
                       ) -> tuple[tuple[Searched, int], dict[Hex, Reach]]:
        """The plain search with its budget, and `reachable(unit.id, charge=True)` at
        `charge_stops`, for a unit that may move. The two searches differ only by the charge
        bonus and by how far around the unit they know the enemy's fields of fire (where walls
        and fences cost double, N12), so the plain one is read off the charge one, unless it
        could have come near a hex where the fields differ."""
        plain, charging = search_space(self, unit), search_space(self, unit, charge=True)
        searched = kept_settle(self.costs, unit.id, charging)
        # The plain search goes over a part of the same ground, asking about the fields of fire
        # where the charge search asked (walls and fences): where the answers agree, it finds
        # what the charge search found within its budget.
        if plain.budget > charging.budget or (
                not _same_fields(plain, charging) and any(
                    plain.in_fire(h) != inside for h, inside in charging.fire_asked.items())):
            found = kept_settle(self.costs, unit.id, plain)
        else:
            found = searched
        return ((found, plain.budget),
                self._may_end_in(unit, searched.within(charging.budget, charge_stops)))

    def listed_paths(self, unit: Unit, charge_stops: frozenset[int] | None = None
                     ) -> tuple[list[tuple[Hex, ...]], dict[Hex, Reach]]:
        """For the listing: the path of every move the unit may make, in the order of
        `reachable(unit.id)` (`reach.all_paths` of it), read off the search in one pass; and
        for a charger (`charge_stops` given), `reachable_both`'s charge reach."""
        if self.why_immobile(unit) is not None:
            return [], {}
        if charge_stops is None:
            space = search_space(self, unit)
            searched, budget = kept_settle(self.costs, unit.id, space), space.budget
            charging: dict[Hex, Reach] = {}
        else:
            (searched, budget), charging = self._searched_both(unit, charge_stops)
        if searched.bonus:  # the pike's two places per hex: as `reachable` finds them
            return list(all_paths(self._may_end_in(unit, searched.within(budget))).values()), \
                charging
        paths = searched.paths_within(budget, *self._stop_check(unit))
        zone = artillery_zone(self.state, unit, self.options)  # 000 13.6, option
        if zone:
            paths = [path for path in paths if zone.keys().isdisjoint(path)]
        return paths, charging

    def _may_end_in(self, unit: Unit, found: Mapping[Hex, Reach]) -> dict[Hex, Reach]:
        """The hexes found where the unit may end its move: stacking (N9), and the hexes a
        battery not engaged may not enter (000 13.6, option)."""
        may_stop = self._stop_check(unit)[0]
        zone = artillery_zone(self.state, unit, self.options)  # 000 13.6, option
        return {h: reached for h, reached in found.items()
                if may_stop(h) and (not zone or zone.keys().isdisjoint(reached.path))}

    def _stop_check(self, unit: Unit) -> tuple[Callable[[Hex], bool], AbstractSet[Hex] | None]:
        """Whether the unit, moving from its hex, may end its move in a hex by stacking (N9);
        and, where it answers alike for every hex but those (000 6.1's flat limit), the
        hexes holding another unit (else None)."""
        occupied = (self._memo.occupied(unit) if self._memo is not None
                    else {u.hex for u in self.state.units.values() if u.id != unit.id})
        # by what stacking reads of a hex and of the unit (its kind, formation and SPs): may
        # such a unit stand there by itself? A listing keeps the answers for all its units.
        kept = self._memo.alone if self._memo is not None else {}
        alone_ok: dict[int, bool] = {}  # by ground, for this unit: read first, hashed fast

        def alone(h: Hex, ground: int) -> bool:
            key = (ground, unit.kind, unit.formation, unit.defn.strength)
            known = kept.get(key)
            if known is None:
                known = kept[key] = self.stacking_at(h, unit) is None
            alone_ok[ground] = known
            return known

        if not reads_ground(self.rule_options.stacking_rule):
            # 000 6.1's flat 8 SPs: one answer for every empty hex (ground -1)
            def may_stop_anywhere(h: Hex) -> bool:
                if h in occupied:
                    return self._may_stack_at(h, unit)
                known = alone_ok.get(-1)
                return alone(h, -1) if known is None else known
            return may_stop_anywhere, occupied
        grounds = self.costs.stacking_grounds()

        def may_stop(h: Hex) -> bool:
            if h in occupied:
                return self._may_stack_at(h, unit)
            ground = grounds[h]
            known = alone_ok.get(ground)
            return alone(h, ground) if known is None else known
        return may_stop, None

    def path_breakdown(self, unit_id: str, path: tuple[Hex, ...]) -> Breakdown:
        unit = self.state.units[unit_id]
        walked = walk(search_space(self, unit), path, self.map.hex_id)
        return Breakdown(walked.terms)

    def enemy_front(self, side: Side) -> frozenset[Hex]:
        """The hexes where a unit of `side` must stop: the fronts of the other side's units."""
        key = (side, self.state.revision)
        found = self.costs.fronts.get(key)
        if found is None:
            kept = self.costs.shared.fronts
            hexes: set[Hex] = set()
            for enemy in self.side_units(side.other):
                front = kept.get(enemy)
                if front is None:
                    front = kept[enemy] = tuple(front_hexes(enemy, self.map))
                hexes.update(front)
            found = self.costs.fronts[key] = frozenset(hexes)
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
            return plan_move(self, unit, action)
        if isinstance(action, Face):
            return plan_face(self, unit, action.facing)
        if isinstance(action, Cover):
            return plan_cover(self, unit, action.on)
        return plan_formation(self, unit, action.formation)

    # --- carrying out -------------------------------------------------------------------------
    def execute(self, action: Action, side: Side | None) -> list[Event]:
        """Apply a planned action to the state (`carry_out.execute`); returns its events."""
        return execute(self, action, side)

    def legal_actions(self, side: Side) -> Iterator[Action]:
        """Every move, facing, formation and cover change open to `side`, lazily, on the state
        as it is when the listing begins (`listing.list_actions`)."""
        return list_actions(self, side)

    def lister(self) -> MovementRules:
        """These rules on the same state, keeping what a listing asks again and again for as
        long as the listing runs (`listing.ListingMemo`): the state must not change meanwhile."""
        lister = MovementRules(self.map, self.options, self.state, self.costs, self.conventions)
        lister._memo = ListingMemo(self.state, RuleOptions.of(self.options))
        return lister

    @property
    def rule_options(self) -> RuleOptions:
        """`RuleOptions.of(self.options)`; read once a listing, which asks it hundreds of
        times (each `RuleOptions.of` compares the options map with the one it last read)."""
        return RuleOptions.of(self.options) if self._memo is None else self._memo.rule_options

    # --- helpers ------------------------------------------------------------------------------
    def stacking(self, end: Unit) -> tuple[str, str] | None:
        """(reason, rule) if the unit as it will be (`end`) breaks the stacking limit (N9)."""
        return self.stacking_at(end.hex, end)

    def _may_stack_at(self, h: Hex, unit: Unit) -> bool:
        """`stacking_at(h, unit) is None`, for a hex the unit is not in; a listing keeps the
        answer by what stacking reads of the unit (its kind, formation and SPs)."""
        if self._memo is None:
            return self.stacking_at(h, unit) is None
        key = (h, unit.kind, unit.formation, unit.defn.strength)
        found = self._memo.stacks.get(key)
        if found is None:
            found = self._memo.stacks[key] = self.stacking_at(h, unit) is None
        return found

    def stacking_at(self, h: Hex, unit: Unit) -> tuple[str, str] | None:
        """`stacking` of `unit` were it in `h` (stacking reads the hex, not the unit's)."""
        there = self._memo.units_at(h) if self._memo is not None else self.state.units_at(h)
        uid = unit.id
        others = [u for u in there if u.id != uid]
        return stacking_problem(h, [*others, unit], self.map, self.costs.chart,
                                self.rule_options.stacking_rule)

    def coverage(self, side: Side) -> FireCoverage:
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

    def leaders(self, side: Side) -> list[Unit]:
        """The side's leaders, in the state's order (what the MPA's command terms look for)."""
        if self._memo is not None:
            found = self._memo.leaders.get(side)
            if found is None:
                found = self._memo.leaders[side] = [
                    u for u in self._memo.side_units[side] if u.kind is UnitKind.LEADER]
            return found
        return [u for u in self.state.side_units(side) if u.kind is UnitKind.LEADER]

    def commanders(self, side: Side) -> Commanders:
        """The side's leaders by the command each leads (what the MPA's command terms look
        for), made once a listing."""
        if self._memo is None:
            return Commanders(self.leaders(side))
        found = self._memo.commanders.get(side)
        if found is None:
            found = self._memo.commanders[side] = Commanders(self.leaders(side))
        return found

    def side_units(self, side: Side) -> list[Unit]:
        """The side's units, in the state's order."""
        if self._memo is not None:
            return self._memo.side_units[side]
        return self.state.side_units(side)

    def why_immobile(self, unit: Unit) -> tuple[str, str] | None:
        """(reason, rule) if the unit may not move as it stands, else None."""
        if unit.id in self.state.held:
            return f"{unit.defn.name} is held until released", "000 22.2"
        if Status.ROUTED in unit.status or Status.SHAKEN in unit.status:
            return f"{unit.defn.name} may not spend MPs", "MPA shaken units"
        if mover_class(unit) is None:
            what = "limber first" if unit.kind is UnitKind.ARTILLERY else "leave square first"
            return (f"{unit.defn.name} cannot move in {unit.formation.value}: {what}",
                    "TEC movement cost")
        return None

    def change_terms(self, kind: UnitKind, start: Formation, goal: Formation,
                     in_field: bool) -> list[Term] | None:
        """`formations.change_terms` with these rules' tables."""
        found = change_terms(kind, start, goal, self.tables, in_field)
        return None if found is None else list(found)

    def may_unlimber_at(self, h: Hex) -> bool:
        """Artillery may not unlimber in a hex with a steep slope on any side (TEC N5)."""
        return not any(abs(self.map.slope_at(h, d)) == Slope.STEEP_UP for d in range(6))
