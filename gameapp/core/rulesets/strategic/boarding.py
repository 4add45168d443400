"""Embarking on and landing from transports (docs/strategic-rules.md, "Water"): `embark PIECE
SHIP` and `land PIECE`.

- Table 7.26 (errata): for embarking and landing, "infantry" takes in garrisons, militia,
  leaders and HQs; the table has a siege-train line (rail repair on it): trains embark too.
- 6.57 (errata): an empty HQ moves by water as a leader does (10.31); our design, as on the
  rails: a leader or an HQ weighs nothing aboard, a unit its SP, a train 1 and its supply
  points. An HQ embarks with its roster (16.16), each rostered piece counted on its own.
- Our design (`R&C strategic water`): a commanded piece in a friendly transport's hex embarks
  for half its MA (an HQ: its slowest rostered unit's) and lands in the ship's hex, on land,
  for half its MA; an HQ lands with its roster. A rostered piece boards and lands only with
  its HQ. Troops aboard have no zone of control and do not stack. Troops landing enter the
  hex: their side takes control of it (3.23), as a march would.
- Our design (`R&C strategic convoy`): an HQ whose roster is too big for one transport embarks
  on the named transport and, for what does not fit, on the other friendly transports in the
  hex (each unit whole on one ship, the heaviest first); the transports carrying one HQ's
  roster sail together (naval.convoy).
- 9.5: no embarking or landing where an enemy warship owns the water; 7.27: nor in a besieged
  fort's hex; a landing among enemy troops is an amphibious assault (7.24), a battle.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Embark, Land
from gameapp.core.rulesets.strategic.command import commanded
from gameapp.core.rulesets.strategic.events import Boarded
from gameapp.core.rulesets.strategic.movement import (
    NEEDS_COMMAND,
    STACKING,
    allowance,
    room_for,
    take_control,
)
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Boarder,
    Division,
    Leader,
    Piece,
    Ship,
    Train,
    Vessel,
    ship_of,
)
from gameapp.core.rulesets.strategic.rail import rail_weight
from gameapp.core.rulesets.strategic.sieges import NO_LANDING, landing_refusal
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import WATER, TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

NAVAL_ZOC = "004 9.5"
AMPHIBIOUS = "004 7.24"
EMBARKATION = "004 7.26"
WEIGHT = "004 6.57"
CONVOY = "R&C strategic convoy"
ROSTERS = "004 16.16"


def water_weight(state: StrategicState, piece: Piece, weights: dict[str, int]
                 ) -> tuple[Term, ...]:
    """The room a piece takes aboard, term by term: a unit its SP, a train 1 and its supply
    points (6.57), a leader or an HQ nothing (10.31; an HQ's roster is counted unit by unit)."""
    if isinstance(piece, Division | Train):
        return rail_weight(state, piece, weights)
    label = "an HQ (its roster counted unit by unit)" if isinstance(piece, HQ) else "a leader"
    return (Term(label, 0, WEIGHT),)


def weight_of(state: StrategicState, piece: Piece, weights: dict[str, int]) -> int:
    return int(sum(t.value for t in water_weight(state, piece, weights)))


def load(state: StrategicState, ship: Ship, weights: dict[str, int]) -> int:
    """The room the ship's cargo takes."""
    return sum(weight_of(state, state.pieces[c], weights) for c in ship.cargo
               if c in state.pieces)


def riders(state: StrategicState, piece: Piece) -> list[Boarder]:
    """The piece and, for an HQ, its roster: what embarks or lands together (16.16)."""
    found: list[Boarder] = [piece] if isinstance(piece, Division | Leader | HQ | Train) else []
    if isinstance(piece, HQ):
        found += [p for u in piece.roster
                  if isinstance(p := state.pieces.get(u), Division | Leader | HQ | Train)]
    return found


def transports_at(state: StrategicState, side: Side, h: Hex) -> list[Ship]:
    return sorted((s for s in state.ships(side) if s.hex == h and s.vessel is Vessel.TRANSPORT),
                  key=lambda s: s.id)


def stow(state: StrategicState, piece: Piece, named: Ship, weights: dict[str, int]
         ) -> dict[str, list[str]] | str:
    """Where each rider goes (ship -> pieces), or why they do not fit: weightless riders and a
    piece alone on the named ship; an HQ's roster there first, then on the other transports of
    the hex (R&C strategic convoy), the heaviest first, each whole on one ship."""
    free = {named.id: named.capacity - load(state, named, weights)}
    if isinstance(piece, HQ) and piece.roster:
        for other in transports_at(state, piece.side, piece.hex):
            if other.id != named.id:
                free[other.id] = other.capacity - load(state, other, weights)
    placed: dict[str, list[str]] = {named.id: []}
    heavy = sorted(riders(state, piece), key=lambda p: (-weight_of(state, p, weights), p.id))
    for rider in heavy:
        w = weight_of(state, rider, weights)
        ship_id = next((s for s, room in free.items() if room >= w), None)
        if ship_id is None:
            total = sum(weight_of(state, r, weights) for r in heavy)
            where = "it" if len(free) == 1 else f"the {len(free)} transports here"
            return (f"{piece.id} needs room for {total} SP and {where} "
                    f"{'has' if len(free) == 1 else 'have'} {sum(free.values())} SP free "
                    f"({rider.id}, {w} SP, fits on none)")
        free[ship_id] -= w
        placed.setdefault(ship_id, []).append(rider.id)
    return placed


def put_aboard(piece: Piece, ship_id: str | None) -> Piece:
    if isinstance(piece, Division | Leader | HQ | Train):
        return replace(piece, aboard=ship_id)
    return piece


def boarding_cost(state: StrategicState, piece: Piece, terrain: TerrainCosts) -> Fraction:
    ma = allowance(state, piece, terrain.tables.movement_allowance)
    return Fraction(ma) * terrain.tables.embark_fraction


class BoardingHandler:
    """`embark PIECE SHIP` and `land PIECE`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Embark | Land]:
        state: StrategicState = ctx.state
        if state.active is None or side is None:
            return
        force = commanded(state, state.active)
        rostered = {u for hq in state.hqs(side) for u in hq.roster}
        for piece_id in force.members if force else ():
            piece = state.pieces.get(piece_id)
            if not isinstance(piece, Division | Leader | HQ | Train) or piece_id in rostered:
                continue
            actions: list[Embark | Land] = [Land(piece_id)] if piece.aboard else [
                Embark(piece_id, s.id) for s in transports_at(state, side, piece.hex)]
            for action in actions:
                if self._problem(ctx, action, side) is None:
                    yield action

    def _problem(self, ctx: RuleContext, action: Embark | Land, side: Side | None
                 ) -> tuple[str, str] | None:
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        piece = state.pieces.get(action.unit)
        if not isinstance(piece, Division | Leader | HQ | Train) or piece.side is not side:
            return f"{action.unit} is not a ground piece of the side to play", WATER
        if commanded(state, piece.id) is None:
            return f"{piece.id} is not in the force being moved", NEEDS_COMMAND
        if state.hq_of(piece.id) is not None:
            return (f"{piece.id} is on an HQ's roster: it boards and lands with its HQ",
                    ROSTERS)
        if piece.id in state.halted or state.entrained(piece):
            return f"{piece.id} cannot board or land now", WATER
        if piece.hex in {s.hex for s in state.ships(piece.side.other) if s.vessel.is_warship}:
            return ("an enemy warship owns the water here: no embarking or landing",
                    NAVAL_ZOC)
        besieged = landing_refusal(state, terrain, piece.hex)
        if besieged is not None:
            return besieged, NO_LANDING
        left = Fraction(allowance(state, piece, terrain.tables.movement_allowance)) - \
            state.mp_spent.get(piece.id, Fraction(0))
        cost = boarding_cost(state, piece, terrain)
        if left < cost:
            return (f"boarding or landing costs half of {piece.id}'s MA ({cost} MP); {left} "
                    "are left", WATER)
        if isinstance(action, Land):
            return self._landing_problem(state, terrain, piece)
        return self._boarding_problem(ctx, action, piece)

    def _landing_problem(self, state: StrategicState, terrain: TerrainCosts, piece: Boarder
                         ) -> tuple[str, str] | None:
        if not piece.aboard:
            return f"{piece.id} is not aboard", WATER
        if terrain.terrain(piece.hex).is_water:
            return ("the ship is on open water: it lands its troops in a hex of land on a "
                    "navigable river or coast", WATER)
        if Board.of(state, terrain).enemy_in(piece.side, piece.hex):
            return ("enemy troops hold the hex: landing there is an amphibious assault, "
                    "a battle", AMPHIBIOUS)
        if isinstance(piece, Division):
            crowded = room_for(state, piece.side, piece.hex, 1, piece.sp)
            return (crowded, STACKING) if crowded else None
        return None

    def _boarding_problem(self, ctx: RuleContext, action: Embark, piece: Boarder
                          ) -> tuple[str, str] | None:
        state: StrategicState = ctx.state
        ship = state.pieces.get(action.ship)
        if not isinstance(ship, Ship) or ship.side is not piece.side or \
                ship.vessel is not Vessel.TRANSPORT or ship.hex != piece.hex:
            return f"{action.ship} is not a transport of the side in {piece.id}'s hex", WATER
        if piece.aboard:
            return f"{piece.id} is aboard already", WATER
        placed = stow(state, piece, ship, ctx.rules.terrain.tables.rail_weight)
        if isinstance(placed, str):
            return placed, CONVOY if isinstance(piece, HQ) and piece.roster else WATER
        return None

    def check(self, ctx: RuleContext, action: Embark | Land, side: Side | None) -> None:
        problem = self._problem(ctx, action, side)
        if problem is not None:
            raise IllegalActionError(*problem)

    def execute(self, ctx: RuleContext, action: Embark | Land, side: Side | None
                ) -> list[Any]:
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        weights = terrain.tables.rail_weight
        piece = state.pieces[action.unit]
        cost = boarding_cost(state, piece, terrain)
        spent = state.mp_spent.get(piece.id, Fraction(0))
        group = riders(state, piece)
        for rider in group:
            state.mp_spent[rider.id] = spent + cost
            state.moved.add(rider.id)
        verb = "landing" if isinstance(action, Land) else "embarking"
        terms = [Term(f"{verb}: half the MA", float(cost), WATER)]
        if isinstance(piece, Leader | HQ):
            terms.append(Term("a leader or HQ embarks and lands as infantry does", 0,
                              EMBARKATION))
        if isinstance(action, Land):
            carried: dict[str, list[str]] = {}
            for rider in group:
                ship_id = ship_of(rider) or ""
                carried.setdefault(ship_id, []).append(rider.id)
                state.leave_ships(rider.id)
                state.put(put_aboard(rider, None))
            events: list[Any] = [Boarded(piece.id, piece.hex,
                                         {s: tuple(p) for s, p in carried.items()}, True,
                                         tuple(terms))]
            if any(isinstance(r, Division) and r.sp > 0 for r in group):
                events += take_control(ctx, piece.side, (piece.hex,))  # 3.23: it enters
            return events
        named = state.pieces[action.ship]
        assert isinstance(named, Ship)
        placed = stow(state, piece, named, weights)
        assert not isinstance(placed, str)
        for ship_id, ids in placed.items():
            ship = state.pieces[ship_id]
            assert isinstance(ship, Ship)
            before = load(state, ship, weights)
            state.put(replace(ship, cargo=(*ship.cargo, *ids)))
            for rider_id in ids:
                state.put(put_aboard(state.pieces[rider_id], ship_id))
                terms += [replace(t, label=f"{rider_id} aboard {ship_id}: {t.label}")
                          for t in water_weight(state, state.pieces[rider_id], weights)]
            terms.append(Term(f"{ship_id} carries {ship.capacity} SP; {before} were aboard "
                              "before", ship.capacity, WATER))
        if len(placed) > 1:
            terms.append(Term(f"{piece.id}'s roster on {len(placed)} transports: they sail "
                              "together", len(placed), CONVOY))
        return [Boarded(piece.id, piece.hex, {s: tuple(p) for s, p in placed.items()}, False,
                        tuple(terms))]
