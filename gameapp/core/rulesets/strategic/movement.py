"""March: moving a commanded piece over land (docs/strategic-rules.md, "Movement").

- 5.27 / 5.28: only a piece of the force being moved now marches (ships need no command).
- 6.13: a step needs its MP; there is no guaranteed one-hex move.
- 6.24: entering an enemy zone of control ends the march; a piece that starts in one may
  leave, even straight into another, where it stops.
- 6.3 / 6.33: a forced march adds MP; the march then ends, and a die says whether the units
  lose SP: more often when it ends outside friendly territory (3.23).
- 16.2: an HQ moves at its slowest rostered unit's allowance, and carries its roster.
- Stacking (our design): at the end of a march a hex holds at most 3 ground combat units and
  30 SP of a side; HQ rosters count, leaders, HQs, trains and depots do not.
- 3.23: a side's ground combat unit entering a hex takes control of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from math import floor
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import March
from gameapp.core.rulesets.strategic.command import commanded
from gameapp.core.rulesets.strategic.events import ControlChanged, ForcedMarchLoss, Marched
from gameapp.core.rulesets.strategic.paths import LandSearch, Reach
from gameapp.core.rulesets.strategic.pieces import HQ, Division, Leader, Piece, Train
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.tables import tables
from gameapp.core.rulesets.strategic.terrain import MOVEMENT, TerrainCosts
from gameapp.core.rulesets.strategic.zoc import ZOC, Board
from gameapp.core.units import Side

NEEDS_COMMAND = "004 5.27"
ONE_FORCE = "004 5.28"
NO_FREE_HEX = "004 6.13"
FORCED = "004 6.33"
TERRITORY = "004 3.23"
ROSTER = "004 16.2"
STACKING = "R&C strategic stacking"
BRIGADES = "004 3.25"


def allowance(state: StrategicState, piece: Piece, tables_ma: dict[str, int]) -> int:
    """A piece's movement allowance: an HQ's is its slowest rostered unit's (16.2), an empty
    HQ's a leader's."""
    if isinstance(piece, Division | Train):
        return piece.ma
    if isinstance(piece, HQ) and piece.roster:
        return min(allowance(state, state.pieces[u], tables_ma) for u in piece.roster)
    return tables_ma["leader"]


def allowance_terms(state: StrategicState, piece: Piece, forced: bool,
                    terrain: TerrainCosts) -> tuple[Term, ...]:
    ma = allowance(state, piece, terrain.tables.movement_allowance)
    label = "movement allowance"
    rule = MOVEMENT
    if isinstance(piece, HQ) and piece.roster:
        slowest = min(piece.roster, key=lambda u: allowance(
            state, state.pieces[u], terrain.tables.movement_allowance))
        label, rule = f"movement allowance of its slowest unit, {slowest}", ROSTER
    terms = [Term(label, ma, rule)]
    if forced:
        terms.append(Term("forced march", terrain.tables.forced_extra_mp, FORCED))
    spent = state.mp_spent.get(piece.id, Fraction(0))
    if spent:
        terms.append(Term("spent earlier this turn", -float(spent), MOVEMENT))
    return tuple(terms)


def is_winter(ctx: RuleContext) -> bool:
    """December to February (the designer's notes): rivers crossed by road, trains on roads."""
    winter: bool = ctx.scenario.clock.is_winter(ctx.state.turn)
    return winter


def friendly_territory(ctx: RuleContext, side: Side, h: Hex) -> bool:
    """3.23: a side's own hexes at the start, unless the enemy now controls them."""
    home: Side = ctx.scenario.home[h]
    state: StrategicState = ctx.state
    return home is side and state.control.get(h, home) is side


def ground_units(state: StrategicState, piece: Piece) -> list[Division]:
    """The ground combat units that march with a piece (an HQ's roster)."""
    if isinstance(piece, Division):
        return [piece]
    if isinstance(piece, HQ):
        return [u for u in (state.pieces[i] for i in piece.roster) if isinstance(u, Division)]
    return []


def map_units(state: StrategicState, side: Side) -> dict[Hex, tuple[int, int]]:
    """Each hex's count of the side's ground combat units on the map and their SP, for
    stacking: units on an HQ's roster or aboard ship do not count (our design, wbts.md 7.4)."""
    rostered = {u for hq in state.hqs(side) for u in hq.roster}
    stacks: dict[Hex, tuple[int, int]] = {}
    for unit in state.divisions(side):
        if unit.id in rostered or unit.aboard is not None:
            continue
        units, sp = stacks.get(unit.hex, (0, 0))
        stacks[unit.hex] = (units + 1, sp + unit.sp)
    return stacks


def stacking_problem(stacks: dict[Hex, tuple[int, int]], piece: Piece, to: Hex,
                     limits: tuple[int, int]) -> str | None:
    """Why the piece may not end its march in `to` (None if it may)."""
    if not isinstance(piece, Division) or piece.hex == to:
        return None
    return overstack(stacks, to, 1, piece.sp, limits)


def room_for(state: StrategicState, side: Side, h: Hex, units: int, sp: int) -> str | None:
    """Why `units` more units of `sp` more SP may not stand on the map in `h` (None if they
    may): for brigades split off, units released from a roster or landed, trains arriving."""
    t = tables()
    return overstack(map_units(state, side), h, units, sp, (t.stack_units, t.stack_sp))


def overstack(stacks: dict[Hex, tuple[int, int]], h: Hex, more_units: int, more_sp: int,
              limits: tuple[int, int]) -> str | None:
    units, sp = stacks.get(h, (0, 0))
    units, sp = units + more_units, sp + more_sp
    if units > limits[0] or sp > limits[1]:
        return (f"{units} units of {sp} SP would stand in the hex: at most {limits[0]} units "
                f"and {limits[1]} SP")
    return None


class MarchHandler:
    """`move PIECE HEX... [forced]`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[March]:
        state: StrategicState = ctx.state
        if state.active is None or side is None:
            return
        terrain: TerrainCosts = ctx.rules.terrain
        board = Board.of(state, terrain)
        stacks = map_units(state, side)
        limits = (terrain.tables.stack_units, terrain.tables.stack_sp)
        force = commanded(state, state.active)
        rostered = {u for hq in state.hqs() for u in hq.roster}
        marching = [p for p in (state.pieces.get(i) for i in (force.members if force else ()))
                    if p is not None and self._why_not_piece(state, p, rostered) is None]
        winter = is_winter(ctx)
        # one search from each hex serves all the pieces marching from it (paths.py)
        most: dict[tuple[Hex, bool], int] = {}
        for piece in marching:
            key = piece.hex, _road_only(piece, winter)
            most[key] = max(most.get(key, 0), int(have_mp(state, piece, True, terrain)))
        searches = {key: LandSearch.run(key[0], side, mp, terrain, board, winter, key[1])
                    for key, mp in most.items()}
        for piece in marching:
            normal = floor(have_mp(state, piece, False, terrain))
            forced = int(have_mp(state, piece, True, terrain))
            found = searches[piece.hex, _road_only(piece, winter)].within(forced)
            sp = piece.sp if isinstance(piece, Division) else None  # only units stack
            for to, (cost, path) in found.items():
                if sp is not None and overstack(stacks, to, 1, sp, limits) is not None:
                    continue
                if cost <= normal:
                    yield March(piece.id, path)
                yield March(piece.id, path, True)

    def _why_not_piece(self, state: StrategicState, piece: Piece,
                       rostered: set[str] | None = None) -> tuple[str, str] | None:
        """Why the piece may not march now (None if it may); `rostered`: the ids on HQs'
        rosters, if known."""
        if not isinstance(piece, Division | Leader | HQ | Train):
            return "only ground pieces march", MOVEMENT
        on_roster = (piece.id in rostered if rostered is not None
                     else state.hq_of(piece.id) is not None)
        if on_roster:
            return f"{piece.id} is on an HQ's roster: it moves with its HQ", "004 16.16"
        if piece.id in state.new_brigades:
            return "a brigade split off while moving moves no further this turn", BRIGADES
        if state.entrained(piece) or piece.aboard:
            return f"{piece.id} is aboard a train or ship: it gets off first", "004 6.58"
        if piece.id in state.halted:
            why = ("its forced march", FORCED) if piece.id in state.forced else (
                "an enemy zone of control", ZOC)
            return f"{why[0]} ended {piece.id}'s move this turn", why[1]
        return None

    def check(self, ctx: RuleContext, action: March, side: Side | None) -> None:
        state: StrategicState = ctx.state
        piece = state.pieces.get(action.piece)
        if piece is None or piece.side is not side:
            raise IllegalActionError(f"{action.piece} is not a piece of the side to play",
                                     MOVEMENT)
        why = self._why_not_piece(state, piece)
        if why is not None:
            raise IllegalActionError(*why)
        if commanded(state, piece.id) is None:
            if any(piece.id in f.members for f in state.forces.values()
                   if f.leader in state.finished):
                raise IllegalActionError(f"{piece.id}'s force has finished its move: each "
                                         "force moves in turn", ONE_FORCE)
            raise IllegalActionError(f"{piece.id} is not in the force being moved: nothing "
                                     "but ships moves without a command", NEEDS_COMMAND)
        terrain: TerrainCosts = ctx.rules.terrain
        walk(state, piece, action, terrain, Board.of(state, terrain), is_winter(ctx))
        limits = (terrain.tables.stack_units, terrain.tables.stack_sp)
        problem = stacking_problem(map_units(state, side), piece, action.path[-1], limits)
        if problem is not None:
            raise IllegalActionError(problem, STACKING)

    def execute(self, ctx: RuleContext, action: March, side: Side | None) -> list[Any]:
        assert side is not None
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        piece = state.pieces[action.piece]
        terms, cost, have, stopped = walk(state, piece, action, terrain,
                                          Board.of(state, terrain), is_winter(ctx))
        state.move(piece.id, action.path[-1])
        spent = state.mp_spent.get(piece.id, Fraction(0)) + cost
        finished = stopped or action.forced
        marchers = [piece.id, *(piece.roster if isinstance(piece, HQ) else ())]
        for marcher in marchers:
            state.mp_spent[marcher] = spent
            state.moved.add(marcher)
            if finished:
                state.halted.add(marcher)
            if action.forced:
                state.forced.add(marcher)
        events: list[Any] = [Marched(piece.id, action.path, terms, cost, have, action.forced,
                                     stopped)]
        if ground_units(state, piece):
            events += take_control(ctx, side, action.path)
        if action.forced:
            events += forced_march_losses(ctx, side, ground_units(state, state.pieces[piece.id]),
                                          action.path[-1])
        return events


def walk(state: StrategicState, piece: Piece, action: March, terrain: TerrainCosts,
         board: Board, winter: bool = False) -> tuple[tuple[Term, ...], Fraction, Fraction, bool]:
    """The march's terms, its cost, the MP it had and whether an enemy ZOC stopped it; raises
    IllegalActionError naming the rule a step breaks."""
    side = piece.side
    base = allowance_terms(state, piece, action.forced, terrain)
    have = Fraction(sum(Fraction(t.value) for t in base))
    terms: list[Term] = list(base)
    cost = Fraction(0)
    at = piece.hex
    for i, to in enumerate(action.path):
        if at.distance(to) != 1:
            raise IllegalActionError(f"{terrain.map.hex_id(to)} is not next to "
                                     f"{terrain.map.hex_id(at)}", MOVEMENT)
        why = terrain.passable(at, to, winter, isinstance(piece, Train))
        if why is not None:
            raise IllegalActionError(f"{terrain.map.hex_id(to)}: {why[0]}", why[1])
        if board.enemy_in(side, to):
            raise IllegalActionError(f"{terrain.map.hex_id(to)} holds enemy pieces", MOVEMENT)
        step = terrain.step(at, to)
        cost += sum(Fraction(t.value) for t in step)
        terms += step
        if cost > have:
            raise IllegalActionError(
                f"entering {terrain.map.hex_id(to)} needs {_mp(cost)} MP in all and "
                f"{piece.id} has {_mp(have)}: there is no guaranteed one-hex move"
                + ("" if action.forced else " (a forced march adds "
                   f"{terrain.tables.forced_extra_mp})"), NO_FREE_HEX)
        if board.enemy_zoc(side, to) and i < len(action.path) - 1:
            raise IllegalActionError(f"{terrain.map.hex_id(to)} is in an enemy zone of "
                                     "control: the march must stop there", ZOC)
        at = to
    stopped = board.enemy_zoc(side, at)
    return tuple(terms), cost, have, stopped


def have_mp(state: StrategicState, piece: Piece, forced: bool, terrain: TerrainCosts
            ) -> Fraction:
    """The MP a piece has left this turn, forced or not."""
    ma = allowance(state, piece, terrain.tables.movement_allowance)
    extra = terrain.tables.forced_extra_mp if forced else 0
    return Fraction(ma + extra) - state.mp_spent.get(piece.id, Fraction(0))


def reachable(state: StrategicState, piece: Piece, forced: bool, terrain: TerrainCosts,
              board: Board, winter: bool = False) -> Reach:
    """Every hex the piece can march to now, with the cost and the cheapest path (Dijkstra
    over MP; entering an enemy zone of control ends a path, 6.24)."""
    have = int(have_mp(state, piece, forced, terrain))  # step costs are whole MP
    return LandSearch.run(piece.hex, piece.side, have, terrain, board, winter,
                          _road_only(piece, winter)).within(have)


def _road_only(piece: Piece, winter: bool) -> bool:
    return winter and isinstance(piece, Train)


def take_control(ctx: RuleContext, side: Side, path: tuple[Hex, ...]) -> list[Any]:
    """3.23: the hexes a side's ground combat unit enters are its to control."""
    state: StrategicState = ctx.state
    events: list[Any] = []
    for h in path:
        home: Side = ctx.scenario.home[h]
        if state.control.get(h, home) is not side:
            if home is side:
                state.control.pop(h, None)
            else:
                state.control[h] = side
            events.append(ControlChanged(h, side, TERRITORY))
    return events


def forced_march_losses(ctx: RuleContext, side: Side, units: list[Division],
                        end: Hex) -> list[Any]:
    """6.33: each unit rolls a die; it loses a tenth of its SP (at least 1, whole SP, 12.13)
    on a 5-6 if the march ended in friendly territory, on a 4-6 anywhere else."""
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    t = terrain.tables
    friendly = friendly_territory(ctx, side, end)
    lose_on = t.forced_lose_on_friendly if friendly else t.forced_lose_elsewhere
    where = "friendly territory" if friendly else "territory not friendly"
    events: list[Any] = []
    for unit in units:
        roll = ctx.dice.d6(f"forced march of {unit.id}")
        tenth = max(1, (unit.sp * t.forced_loss_percent + 50) // 100)
        loss = min(unit.sp, tenth) if roll >= lose_on else 0
        terms = (Term(f"the march ends in {where}: loses on", lose_on, FORCED),
                 Term("the die", roll, FORCED),
                 Term(f"{t.forced_loss_percent}% of {unit.sp} SP, at least 1", -tenth,
                      "004 12.13"))
        state.note_loss(unit, loss)
        if loss == unit.sp:
            remove_piece(state, unit.id)
        elif loss:
            state.put(replace(unit, sp=unit.sp - loss))
        events.append(ForcedMarchLoss(unit.id, roll, lose_on, Fraction(7 - lose_on, 6), loss,
                                      friendly, terms))
    return events


def remove_piece(state: StrategicState, piece_id: str, why: str = "eliminated") -> None:
    """Take a piece out of play, and off any roster; `state.gone` keeps why."""
    del state.pieces[piece_id]
    state.gone[piece_id] = why
    state.leave_roster(piece_id)
    state.leave_ships(piece_id)  # died aboard


def _mp(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))
