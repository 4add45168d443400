"""Rail movement (6.5, 6.57, 6.58; docs/strategic-rules.md, "Rail").

- A commanded piece on its side's rail net entrains (half its MA) and rides any distance
  along rail links open in the scenario's year, through hexes free of enemy pieces and of
  enemy zones of control unless a friendly ground combat unit stands there. Every hex after
  the first is one its side controls (3.23; our design, `R&C strategic rail lines`): the
  enemy's railroads carry no one's troops but his own. It may entrain
  and detrain in an enemy zone of control (6.58).
- Each side has a rail capacity a week, in SP: a unit weighs its SP, a train 1 plus its supply
  points (6.57), an HQ its roster, a leader or an empty HQ nothing.
- Entrained units have no zone of control and cannot attack; attacked, they detrain at half
  strength (the `entrained` flag, which combat reads). Detraining costs half the MA.
- A leader or an empty HQ entrains and detrains as a unit does (6.57: as leaders do): half his
  MA each, and aboard he does not march. An HQ with a roster is aboard when its roster is.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Detrain, Rail
from gameapp.core.rulesets.strategic.command import commanded
from gameapp.core.rulesets.strategic.events import LeftTrain, RailMoved
from gameapp.core.rulesets.strategic.movement import (
    NEEDS_COMMAND,
    STACKING,
    allowance,
    map_units,
    overstack,
    room_for,
)
from gameapp.core.rulesets.strategic.pieces import HQ, Division, Leader, Piece, Train
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

RAIL = "R&C strategic rail"
WEIGHT = "004 6.57"
ENTRAINED = "004 6.58"
LEADERS = "R&C strategic rail leaders"  # 6.57's "as leaders do", our reading
OWN_LINES = "R&C strategic rail lines"  # only through hexes the side controls (3.23)


def rail_weight(state: StrategicState, piece: Piece, weights: dict[str, int]
                ) -> tuple[Term, ...]:
    """The rail capacity a piece uses, term by term (6.57)."""
    if isinstance(piece, Division):
        return (Term(f"{piece.id}, {piece.sp} SP", piece.sp, WEIGHT),)
    if isinstance(piece, Train):
        return (Term(f"the {piece.haul.value} {piece.id}", weights["train"], WEIGHT),
                Term(f"{piece.supply} supply points", piece.supply * weights["supply_point"],
                     WEIGHT))
    if isinstance(piece, HQ) and piece.roster:
        return tuple(t for u in piece.roster for t in rail_weight(state, state.pieces[u],
                                                                   weights))
    label = "an empty HQ" if isinstance(piece, HQ) else "a leader"
    return (Term(label, weights["empty_hq" if isinstance(piece, HQ) else "leader"], WEIGHT),)


def entrain_cost(state: StrategicState, piece: Piece, terrain: TerrainCosts) -> Fraction:
    ma = allowance(state, piece, terrain.tables.movement_allowance)
    return Fraction(ma) * terrain.tables.entrain_fraction


def is_entrained(state: StrategicState, piece: Piece) -> bool:
    return state.entrained(piece)


def rail_routes(state: StrategicState, piece: Piece, terrain: TerrainCosts, board: Board,
                year: int, home: Mapping[Hex, Side]) -> dict[Hex, int]:
    """The rail hexes a piece can ride to from its hex, with the links ridden (breadth first):
    only through and into hexes its side controls (3.23, `home` the scenario's territory),
    never into an enemy-occupied hex, nor through an enemy ZOC hex without a friendly unit."""
    return rides_from(piece.hex, piece.side, terrain, board, year, state, home)


def rides_from(start: Hex, side: Side, terrain: TerrainCosts, board: Board,
               year: int, state: StrategicState, home: Mapping[Hex, Side],
               own_lines: bool = True) -> dict[Hex, int]:
    """`rail_routes` of any of `side`'s pieces in `start` (they all ride the same lines);
    `own_lines` False: through enemy-controlled hexes too (to say why a ride is refused)."""
    links = terrain.rail_links(year)
    if start not in links:
        return {}
    enemy_zoc, enemy_in, friends = board.zoc[side.other], board.occupied[side.other], \
        board.combat[side]
    control = state.control
    found = {start: 0}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if at != start and at in enemy_zoc and at not in friends:
            continue  # the train may stop here (6.58) but not pass
        for to in links[at]:
            if to in found or to in enemy_in or \
                    (own_lines and control.get(to, home.get(to)) is not side):
                continue  # the enemy's railroads are his (OWN_LINES)
            found[to] = found[at] + 1
            queue.append(to)
    del found[start]
    return found


class RailHandler:
    """`rail PIECE HEX` and `detrain PIECE`."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Rail | Detrain]:
        state: StrategicState = ctx.state
        if state.active is None or side is None:
            return
        force = commanded(state, state.active)
        if force is None:
            return
        terrain: TerrainCosts = ctx.rules.terrain
        board = Board.of(state, terrain)
        stacks = map_units(state, side)
        limits = (terrain.tables.stack_units, terrain.tables.stack_sp)
        rostered = {u for hq in state.hqs() for u in hq.roster}
        rides: dict[Hex, dict[Hex, int]] = {}  # from each hex: the pieces there ride alike
        for piece_id in force.members:
            piece = state.pieces.get(piece_id)
            if piece is None or self._why_not(ctx, piece, side, rostered) is not None:
                continue
            if is_entrained(state, piece) and \
                    self._detrain_problem(state, piece, terrain) is None:
                yield Detrain(piece_id)
            if self._capacity_problem(ctx, piece, side) is not None:
                continue
            if self._entrain_problem(state, piece, terrain) is None:
                found = rides.get(piece.hex)
                if found is None:
                    found = rides[piece.hex] = rides_from(piece.hex, side, terrain, board,
                                                          ctx.scenario.rail_year, state,
                                                          ctx.scenario.home)
                sp = piece.sp if isinstance(piece, Division) else None  # only units stack
                for to in found:
                    if sp is None or overstack(stacks, to, 1, sp, limits) is None:
                        yield Rail(piece_id, to)

    def _why_not(self, ctx: RuleContext, piece: Piece, side: Side,
                 rostered: set[str] | None = None) -> tuple[str, str] | None:
        """Why the piece may not ride now (None if it may); `rostered`: the ids on HQs'
        rosters, if known."""
        state: StrategicState = ctx.state
        if not isinstance(piece, Division | Train | Leader | HQ) or piece.side is not side:
            return f"{piece.id} is not a ground piece of the side to play", RAIL
        on_roster = (piece.id in rostered if rostered is not None
                     else state.hq_of(piece.id) is not None)
        if on_roster:
            return f"{piece.id} is on an HQ's roster: it moves with its HQ", "004 16.16"
        if piece.id in state.halted:
            return f"{piece.id}'s move has ended this turn", RAIL
        if piece.aboard:
            return f"{piece.id} is aboard ship: it lands first", RAIL
        if commanded(state, piece.id) is None:
            return f"{piece.id} is not in the force being moved", NEEDS_COMMAND
        return None

    def _entrain_problem(self, state: StrategicState, piece: Piece,
                         terrain: TerrainCosts) -> str | None:
        if is_entrained(state, piece):
            return None
        left = allowance(state, piece, terrain.tables.movement_allowance) - \
            state.mp_spent.get(piece.id, Fraction(0))
        if left < entrain_cost(state, piece, terrain):
            return f"entraining costs {entrain_cost(state, piece, terrain)} MP; {left} are left"
        return None

    def _detrain_problem(self, state: StrategicState, piece: Piece,
                         terrain: TerrainCosts) -> str | None:
        return self._entrain_problem(state, replace_entrained(state, piece, False), terrain)

    def _capacity_problem(self, ctx: RuleContext, piece: Piece, side: Side) -> str | None:
        state: StrategicState = ctx.state
        weight = int(sum(t.value for t in rail_weight(state, piece,
                                                      ctx.rules.terrain.tables.rail_weight)))
        left = ctx.scenario.rail_capacity[side] - state.rail_used[side]
        if weight > left:
            return (f"{piece.id} weighs {weight} SP on the rails and the {side.label} side has "
                    f"{left} of its {ctx.scenario.rail_capacity[side]} left this week")
        return None

    def check(self, ctx: RuleContext, action: Rail | Detrain, side: Side | None) -> None:
        state: StrategicState = ctx.state
        piece = state.pieces.get(action.piece)
        if piece is None or side is None:
            raise IllegalActionError(f"{action.piece} is not a piece of the side to play", RAIL)
        why = self._why_not(ctx, piece, side)
        if why is not None:
            raise IllegalActionError(*why)
        terrain: TerrainCosts = ctx.rules.terrain
        if isinstance(action, Detrain):
            if not is_entrained(state, piece):
                raise IllegalActionError(f"{piece.id} is not aboard a train", ENTRAINED)
            problem = self._detrain_problem(state, piece, terrain)
            if problem:
                raise IllegalActionError(problem, RAIL)
            return
        for problem in (self._capacity_problem(ctx, piece, side),
                        self._entrain_problem(state, piece, terrain)):
            if problem:
                raise IllegalActionError(problem, RAIL)
        routes = rail_routes(state, piece, terrain, Board.of(state, terrain),
                             ctx.scenario.rail_year, ctx.scenario.home)
        if isinstance(piece, Division):
            crowded = room_for(state, side, action.to, 1, piece.sp)
            if crowded:
                raise IllegalActionError(crowded, STACKING)
        if action.to not in routes:
            frm, to = terrain.map.hex_id(piece.hex), terrain.map.hex_id(action.to)
            if action.to in rides_from(piece.hex, side, terrain, Board.of(state, terrain),
                                       ctx.scenario.rail_year, state, ctx.scenario.home,
                                       own_lines=False):
                raise IllegalActionError(
                    f"the line from {frm} to {to} runs through hexes the side does not "
                    "control: the enemy's railroads carry only his troops", OWN_LINES)
            raise IllegalActionError(
                f"no rail line of the side's runs from {frm} to {to} clear of enemy units "
                "and of enemy zones of control without a friendly unit", RAIL)

    def execute(self, ctx: RuleContext, action: Rail | Detrain, side: Side | None) -> list[Any]:
        assert side is not None
        state: StrategicState = ctx.state
        terrain: TerrainCosts = ctx.rules.terrain
        piece = state.pieces[action.piece]
        cost = entrain_cost(state, piece, terrain)
        spent = state.mp_spent.get(piece.id, Fraction(0))
        riders = [piece.id, *(piece.roster if isinstance(piece, HQ) else ())]
        if isinstance(action, Detrain):
            for rider in riders:
                state.put(replace_entrained(state, state.pieces[rider], False))
                state.mp_spent[rider] = spent + cost
            return [LeftTrain(piece.id, piece.hex, (_half_ma("detrain", piece, cost),))]
        terms = list(rail_weight(state, piece, terrain.tables.rail_weight))
        weight = int(sum(t.value for t in terms))
        if not is_entrained(state, piece):
            terms.append(_half_ma("entrain", piece, cost))
            for rider in riders:
                state.mp_spent[rider] = spent + cost
        frm = piece.hex
        for rider in riders:
            state.put(replace_entrained(state, state.pieces[rider], True))
            state.moved.add(rider)
        state.move(piece.id, action.to)
        state.rail_used[side] += weight
        left = ctx.scenario.rail_capacity[side] - state.rail_used[side]
        return [RailMoved(piece.id, frm, action.to, weight, left, tuple(terms))]


def _half_ma(verb: str, piece: Piece, cost: Fraction) -> Term:
    """Getting on or off: half the MA; a leader, or an empty HQ as a leader, as a unit."""
    if isinstance(piece, Leader) or (isinstance(piece, HQ) and not piece.roster):
        who = "a leader" if isinstance(piece, Leader) else "an empty HQ, as a leader,"
        return Term(f"{verb}ing: half the MA ({who} {verb}s as a unit does)", float(cost),
                    LEADERS)
    return Term(f"{verb}ing: half the MA", float(cost), RAIL)


def replace_entrained(state: StrategicState, piece: Piece, entrained: bool) -> Piece:
    if isinstance(piece, Division | Train | Leader | HQ):
        return replace(piece, entrained=entrained)
    return piece
