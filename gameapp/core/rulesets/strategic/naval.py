"""Ships on rivers and the sea (docs/strategic-rules.md, "Water"): sailing, embarking, landing.

- 5.27: ships need no command; each sails once a turn in its side's movement phase.
- Water (our design): a ship stands on sea or lake, or in a land hex on a navigable stretch of
  river, and moves along the water: to sea or lake, or to a neighbouring river hex along a
  navigable hexside that meets the side between the two hexes. Closed waters take no ships
  (7.53).
- 7.16: a transport never enters a hex holding enemy warships, even beside friendly warships.
- 11.11: a ship entering a hex with enemy ships stops (the naval battle is the combat rules').
- 9.5: an enemy warship owns the water it sits in: no embarking or landing there. Transports
  control nothing.
- Embarking and landing (our design): a commanded ground unit in a transport's hex embarks
  (half its MA) within the transport's capacity; it lands in the ship's hex (half its MA).
  Troops aboard have no zone of control and do not stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Embark, Land, Sail
from gameapp.core.rulesets.strategic.command import commanded
from gameapp.core.rulesets.strategic.events import Sailed
from gameapp.core.rulesets.strategic.movement import NEEDS_COMMAND, STACKING, room_for
from gameapp.core.rulesets.strategic.pieces import Division, Ship, Vessel
from gameapp.core.rulesets.strategic.sieges import NO_LANDING, landing_refusal
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import WATER, TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

TRANSPORT_BARRED = "004 7.16"
NAVAL_ZOC = "004 9.5"
SHIPS_STOP = "004 11.11"
AMPHIBIOUS = "004 7.24"


def warships(state: StrategicState, side: Side) -> set[Hex]:
    """The water a side's warships control (9.5)."""
    return {s.hex for s in state.ships(side) if s.vessel.is_warship}


def aboard(state: StrategicState, ship: Ship) -> int:
    return sum(p.sp for p in (state.pieces[c] for c in ship.cargo) if isinstance(p, Division))


class SailHandler:
    """`sail SHIP HEX...`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Sail]:
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        high = ctx.scenario.clock.is_high_water(state.turn)
        found: dict[tuple[Hex, bool], dict[Hex, tuple[Hex, ...]]] = {}  # alike ships sail alike
        for ship in sorted(state.ships(side), key=lambda s: s.id):
            if ship.id in state.moved:
                continue
            key = ship.hex, ship.vessel is Vessel.TRANSPORT
            if key not in found:
                found[key] = self.reachable(state, ship, terrain, high)
            for path in found[key].values():
                yield Sail(ship.id, path)

    def reachable(self, state: StrategicState, ship: Ship, terrain: TerrainCosts,
                  high_water: bool) -> dict[Hex, tuple[Hex, ...]]:
        """Every hex the ship may sail to this week, with the shortest way (breadth first)."""
        enemy: set[Hex] = set()
        barred: set[Hex] = set()
        for other in state.ships(ship.side.other):
            enemy.add(other.hex)
            if ship.vessel is Vessel.TRANSPORT and other.vessel.is_warship:
                barred.add(other.hex)  # 7.16: no transport enters water enemy warships hold
        exits = terrain.water_exits
        paths: dict[Hex, tuple[Hex, ...]] = {ship.hex: ()}
        frontier = [ship.hex]
        for _ in range(terrain.tables.naval_allowance):
            nxt = []
            for at in frontier:
                if at != ship.hex and at in enemy:
                    continue  # 11.11: it stops there
                for to in exits(at, high_water):
                    if to in paths or to in barred:
                        continue
                    paths[to] = (*paths[at], to)
                    nxt.append(to)
            frontier = nxt
        del paths[ship.hex]
        return paths

    def check(self, ctx: RuleContext, action: Sail, side: Side | None) -> None:
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        ship = state.pieces.get(action.ship)
        if not isinstance(ship, Ship) or ship.side is not side:
            raise IllegalActionError(f"{action.ship} is not a ship of the side to play", WATER)
        if ship.id in state.moved:
            raise IllegalActionError(f"{ship.id} has sailed this turn", WATER)
        if len(action.path) > terrain.tables.naval_allowance:
            raise IllegalActionError(f"a ship sails at most {terrain.tables.naval_allowance} "
                                     "hexes a week", WATER)
        enemy = {s.hex for s in state.ships(side.other)} if side else set()
        enemy_warships = warships(state, ship.side.other)
        at = ship.hex
        for i, to in enumerate(action.path):
            if at.distance(to) != 1:
                raise IllegalActionError(f"{terrain.map.hex_id(to)} is not next to "
                                         f"{terrain.map.hex_id(at)}", WATER)
            why = terrain.water_step(at, to, ctx.scenario.clock.is_high_water(state.turn))
            if why is not None:
                raise IllegalActionError(*why)
            if ship.vessel is Vessel.TRANSPORT and to in enemy_warships:
                raise IllegalActionError(f"{terrain.map.hex_id(to)} holds enemy warships: no "
                                         "transport enters, whatever friendly warships do",
                                         TRANSPORT_BARRED)
            if to in enemy and i < len(action.path) - 1:
                raise IllegalActionError(f"{terrain.map.hex_id(to)} holds enemy ships: a ship "
                                         "entering it stops", SHIPS_STOP)
            at = to

    def execute(self, ctx: RuleContext, action: Sail, side: Side | None) -> list[Any]:
        state: StrategicState = ctx.state
        ship = state.pieces[action.ship]
        state.move(ship.id, action.path[-1])
        state.moved.add(ship.id)
        terms = (Term("hexes sailed", len(action.path), WATER),
                 Term("a ship's week", ctx.rules.terrain.tables.naval_allowance, WATER))
        return [Sailed(ship.id, action.path, terms)]


class BoardingHandler:
    """`embark UNIT SHIP` and `land UNIT`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Embark | Land]:
        state: StrategicState = ctx.state
        if state.active is None:
            return
        force = commanded(state, state.active)
        for unit_id in force.members if force else ():
            unit = state.pieces.get(unit_id)
            if not isinstance(unit, Division):
                continue
            actions: list[Embark | Land] = [Land(unit_id)] if unit.aboard else [
                Embark(unit_id, s.id) for s in state.ships(side) if s.hex == unit.hex
                and s.vessel is Vessel.TRANSPORT]
            for action in actions:
                if self._problem(ctx, action, side) is None:
                    yield action

    def _problem(self, ctx: RuleContext, action: Embark | Land, side: Side | None
                 ) -> tuple[str, str] | None:
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        unit = state.pieces.get(action.unit)
        if not isinstance(unit, Division) or unit.side is not side:
            return f"{action.unit} is not a ground unit of the side to play", WATER
        if commanded(state, unit.id) is None:
            return f"{unit.id} is not in the force being moved", NEEDS_COMMAND
        if state.hq_of(unit.id) is not None:
            return f"{unit.id} is on an HQ's roster", "004 16.16"
        if unit.id in state.halted or unit.entrained:
            return f"{unit.id} cannot board or land now", WATER
        if unit.hex in warships(state, unit.side.other):
            return ("an enemy warship owns the water here: no embarking or landing",
                    NAVAL_ZOC)
        besieged = landing_refusal(state, terrain, unit.hex)
        if besieged is not None:
            return besieged, NO_LANDING
        left = Fraction(unit.ma) - state.mp_spent.get(unit.id, Fraction(0))
        if left < Fraction(unit.ma) * terrain.tables.embark_fraction:
            return f"boarding or landing costs half of {unit.id}'s MA", WATER
        if isinstance(action, Land):
            return self._landing_problem(state, terrain, unit)
        return self._boarding_problem(state, action, unit)

    def _landing_problem(self, state: StrategicState, terrain: TerrainCosts, unit: Division
                         ) -> tuple[str, str] | None:
        if not unit.aboard:
            return f"{unit.id} is not aboard", WATER
        if Board.of(state, terrain).enemy_in(unit.side, unit.hex):
            return ("enemy troops hold the hex: landing there is an amphibious assault, "
                    "a battle", AMPHIBIOUS)
        crowded = room_for(state, unit.side, unit.hex, 1, unit.sp)
        return (crowded, STACKING) if crowded else None

    def _boarding_problem(self, state: StrategicState, action: Embark, unit: Division
                          ) -> tuple[str, str] | None:
        ship = state.pieces.get(action.ship)
        if not isinstance(ship, Ship) or ship.side is not unit.side or \
                ship.vessel is not Vessel.TRANSPORT or ship.hex != unit.hex:
            return f"{action.ship} is not a transport of the side in {unit.id}'s hex", WATER
        if unit.aboard:
            return f"{unit.id} is aboard already", WATER
        if aboard(state, ship) + unit.sp > ship.capacity:
            return f"{ship.id} carries {ship.capacity} SP and has {aboard(state, ship)}", WATER
        return None

    def check(self, ctx: RuleContext, action: Embark | Land, side: Side | None) -> None:
        problem = self._problem(ctx, action, side)
        if problem is not None:
            raise IllegalActionError(*problem)

    def execute(self, ctx: RuleContext, action: Embark | Land, side: Side | None
                ) -> list[Any]:
        state: StrategicState = ctx.state
        unit = state.pieces[action.unit]
        assert isinstance(unit, Division)
        cost = Fraction(unit.ma) * ctx.rules.terrain.tables.embark_fraction
        state.mp_spent[unit.id] = state.mp_spent.get(unit.id, Fraction(0)) + cost
        state.moved.add(unit.id)
        if isinstance(action, Land):
            ship = state.pieces[unit.aboard or ""]
            assert isinstance(ship, Ship)
            state.put(replace(ship, cargo=tuple(c for c in ship.cargo if c != unit.id)))
            state.put(replace(unit, aboard=None))
            return []
        ship = state.pieces[action.ship]
        assert isinstance(ship, Ship)
        state.put(replace(ship, cargo=(*ship.cargo, unit.id)))
        state.put(replace(unit, aboard=ship.id))
        return []
