"""Ships on rivers and the sea (docs/strategic-rules.md, "Water"): sailing, embarking, landing.

- 5.27: ships need no command; each sails once a turn in its side's movement phase.
- Water (our design): a ship stands on sea or lake, or in a land hex on a navigable stretch of
  river, and moves along the water: to sea or lake, or to a neighbouring river hex along a
  navigable hexside that meets the side between the two hexes. Closed waters take no ships
  (7.53).
- 7.16: a transport never enters a hex holding enemy warships, even beside friendly warships.
- 11.11: a ship entering a hex with enemy ships stops (the naval battle is the combat rules').
- Our design: a ship passing through a land hex leaves it by the water it came in by (a hex on
  a neck of land between two rivers is on both, but no ship crosses the neck; terrain's
  `same_water`).
- 9.5: an enemy warship owns the water it sits in. Transports control nothing.
- Enemy forts fire on ships passing them (our design, `R&C strategic transit`: transit.py); a
  fort may turn a voyage back short of its end.
- Convoys (our design, `R&C strategic convoy`): the transports carrying one HQ's roster sail
  together, wherever the one named sails. Embarking and landing: boarding.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Sail
from gameapp.core.rulesets.strategic.events import Sailed
from gameapp.core.rulesets.strategic.pieces import HQ, Ship, Vessel
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import WATER, TerrainCosts
from gameapp.core.rulesets.strategic.transit import TRANSIT, fire_on_voyage
from gameapp.core.units import Side

TRANSPORT_BARRED = "004 7.16"
SHIPS_STOP = "004 11.11"
CONVOY = "R&C strategic convoy"


def warships(state: StrategicState, side: Side) -> set[Hex]:
    """The water a side's warships control (9.5)."""
    return {s.hex for s in state.ships(side) if s.vessel.is_warship}


def convoy(state: StrategicState, ship: Ship) -> list[Ship]:
    """The transports that sail with `ship` (R&C strategic convoy): those in its hex carrying
    pieces of the same HQ (the HQ or its roster), and theirs in turn; the ship first."""
    here = [s for s in state.ships(ship.side) if s.hex == ship.hex and s.cargo]
    if ship not in here:
        return [ship]

    def outfits(s: Ship) -> set[str]:
        found = set()
        for c in s.cargo:
            piece = state.pieces.get(c)
            hq = piece if isinstance(piece, HQ) else state.hq_of(c)
            if hq is not None:
                found.add(hq.id)
        return found

    keys = {s.id: outfits(s) for s in here}
    group, wanted = [ship], set(keys[ship.id])
    grew = True
    while grew:
        grew = False
        for s in here:
            if s not in group and keys[s.id] & wanted:
                group.append(s)
                wanted |= keys[s.id]
                grew = True
    return group


class SailHandler:
    """`sail SHIP HEX...`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Sail]:
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        high = ctx.scenario.clock.is_high_water(state.turn)
        found: dict[tuple[Hex, bool], dict[Hex, tuple[Hex, ...]]] = {}  # alike ships sail alike
        for ship in sorted(state.ships(side), key=lambda s: s.id):
            fleet = convoy(state, ship)
            if any(s.id in state.moved for s in fleet) or \
                    min(s.id for s in fleet) != ship.id:
                continue  # a convoy is listed once, under its first ship
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
        seen = {(ship.hex, -1)}  # (hex, the side it was entered by): it leaves by that water
        frontier: list[tuple[Hex, int, tuple[Hex, ...]]] = [(ship.hex, -1, ())]
        for _ in range(terrain.tables.naval_allowance):
            nxt = []
            for at, came, path in frontier:
                if at != ship.hex and at in enemy:
                    continue  # 11.11: it stops there
                for to in exits(at, high_water):
                    if to in barred:
                        continue
                    out, into = terrain.sides_used(at, to, high_water)
                    if not terrain.same_water(at, came, out, high_water) or \
                            (to, into) in seen:
                        continue
                    seen.add((to, into))
                    way = (*path, to)
                    paths.setdefault(to, way)
                    nxt.append((to, into, way))
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
        sailed = [s.id for s in convoy(state, ship) if s.id in state.moved]
        if sailed:
            raise IllegalActionError(f"{ship.id} sails with {', '.join(sailed)}, which sailed "
                                     "this turn: they carry one HQ's roster", CONVOY)
        if len(action.path) > terrain.tables.naval_allowance:
            raise IllegalActionError(f"a ship sails at most {terrain.tables.naval_allowance} "
                                     "hexes a week", WATER)
        enemy = {s.hex for s in state.ships(side.other)} if side else set()
        enemy_warships = warships(state, ship.side.other)
        at, came = ship.hex, -1
        high = ctx.scenario.clock.is_high_water(state.turn)
        for i, to in enumerate(action.path):
            if at.distance(to) != 1:
                raise IllegalActionError(f"{terrain.map.hex_id(to)} is not next to "
                                         f"{terrain.map.hex_id(at)}", WATER)
            why = terrain.water_step(at, to, high)
            if why is not None:
                raise IllegalActionError(*why)
            out, into = terrain.sides_used(at, to, high)
            if not terrain.same_water(at, came, out, high):
                raise IllegalActionError(
                    f"a ship leaves {terrain.map.hex_id(at)} by the water it came in by: no "
                    "sailing across the neck of land between two rivers", WATER)
            came = into
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
        assert isinstance(ship, Ship)
        fleet = convoy(state, ship)
        path, fire = fire_on_voyage(ctx, fleet, action.path)  # R&C strategic transit
        for s in fleet:
            if s.id in state.pieces:
                if path:
                    state.move(s.id, path[-1])
                state.moved.add(s.id)
        events: list[Any] = list(fire)
        if not path or ship.id not in state.pieces:
            return events
        terms = [Term("hexes sailed", len(path), WATER),
                 Term("a ship's week", ctx.rules.terrain.tables.naval_allowance, WATER)]
        if len(path) < len(action.path):
            terms.append(Term(f"turned back by {fire[-1].fort}'s guns short of "
                              f"{ctx.scenario.map.hex_id(action.path[-1])}", len(path), TRANSIT))
        if len(fleet) > 1:
            terms.append(Term("in convoy with " + ", ".join(s.id for s in fleet[1:]),
                              len(fleet) - 1, CONVOY))
        return [*events, Sailed(ship.id, path, tuple(terms))]
