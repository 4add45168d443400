"""Supply (docs/strategic-rules.md, "Supply").

- 12.14: every ground unit with a combat strength needs supply, garrisons and troops aboard
  ship included (on an HQ roster too); leaders, HQs, trains, depots and ships do not.
- General supply (our design, wbts.md 7.7): a unit is in supply if a path of at most 4 hexes
  runs from it to a friendly depot, supply train or army HQ with supply points on charge, to a
  supply place its side controls, or to a rail hex joined by the side's rail net to one. The
  Union also draws on every port it controls and every rail hex on the map's edge it controls
  (its sea lanes, and the North's railroads beyond the map). Supply by water (water_supply.py):
  the land its side's water reaches, free of enemy warships, is an origin too.
- 9.4: neither the path nor the rail may pass an enemy-occupied hex, nor a hex in an enemy zone
  of control unless a friendly ground combat unit stands in it.
- 12.0: supply points belong to whoever holds them: a depot or train left with enemy ground
  combat units and none of its own side's changes hands with its points (`capture_supply`).
- 12.12 (as corrected) and 12.13: at the end of the week each hex's force out of supply rolls
  on the attrition table by its size, and loses that many whole SP, spread by 8.16.
- Combat supply (our design): an attack spends 1 supply point per 10 SP from a friendly depot,
  train or army HQ within 4 hexes of an attacking hex, nearest first; without it the attack
  goes in at half strength. An amphibious assault needs none (7.24).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.crt import combat_tables
from gameapp.core.rulesets.strategic.losses import LossLine, share_losses, sp_lost
from gameapp.core.rulesets.strategic.pieces import HQ, Depot, Division, Echelon, Piece, Train
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.water_supply import WATER_ORIGIN, WATER_SUPPLY, water_landings
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.theatre.chart import PlaceRole
from gameapp.core.units import Side

GENERAL = "R&C strategic supply"
THROUGH_ZOC = "004 9.4"
NEUTRAL = "004 12.0"
ATTRITION = "004 12.12"
WHOLE_SP = "004 12.13"
WHO_NEEDS = "004 12.14"
COMBAT_SUPPLY = "R&C strategic combat supply"


def needs_supply(piece: Piece) -> bool:
    """12.14: a ground unit with a combat strength, aboard ship or not."""
    return isinstance(piece, Division)


def holds_supply(piece: Piece) -> int:
    """Supply points a piece has on charge."""
    if isinstance(piece, Depot | Train | HQ):
        return piece.supply
    return 0


def supply_points(state: StrategicState, side: Side | None = None) -> int:
    return sum(holds_supply(p) for p in state.pieces.values() if side is None or p.side is side)


def controller(ctx: RuleContext, h: Hex) -> Side:
    state: StrategicState = ctx.state
    home: Side = ctx.scenario.home[h]
    return state.control.get(h, home)


def supply_places(ctx: RuleContext, side: Side) -> list[Hex]:
    """The supply places (towns and cities with the supply role) the side controls."""
    return [p.hex for p in ctx.scenario.map.places
            if p.roles & PlaceRole.SUPPLY and controller(ctx, p.hex) is side]


@dataclass(frozen=True)
class SupplyNet:
    """Where a side's supply reaches: each hex with what it traces to, and how far."""

    side: Side
    reach: dict[Hex, tuple[str, int]]  # hex -> (what it traces to, hexes away)
    via: dict[Hex, Hex] = field(default_factory=dict)  # hex -> the next hex toward its source

    def path(self, h: Hex) -> tuple[Hex, ...]:
        """The hexes from `h` to what it traces to (`h` first; () when out of supply)."""
        if h not in self.reach:
            return ()
        path = [h]
        while path[-1] in self.via:
            path.append(self.via[path[-1]])
        return tuple(path)

    def terms(self, h: Hex) -> tuple[Term, ...]:
        found = self.reach.get(h)
        if found is None:
            return (Term("no path of 4 hexes to a depot, train, army HQ, supply place or "
                         "railhead (nor through enemy zones of control without a friendly "
                         "unit)", 0, THROUGH_ZOC),)
        what, far = found
        rule = WATER_SUPPLY if what.startswith(WATER_ORIGIN) else GENERAL
        return (Term(f"traced {far} hex(es) to {what}", far, rule),)


def _open(board: Board, side: Side, h: Hex) -> bool:
    """9.4: supply passes a hex not enemy-occupied, and not in an enemy zone of control unless
    a friendly ground combat unit stands in it."""
    if board.enemy_in(side, h):
        return False
    return not board.enemy_zoc(side, h) or h in board.combat[side]


def _origins(ctx: RuleContext, side: Side, board: Board) -> tuple[dict[Hex, str], list[Hex]]:
    """What supply traces to: depots and trains with points, army HQs, open supply places."""
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    origins: dict[Hex, str] = {}
    for piece in state.pieces.values():
        if piece.side is not side or not terrain.map.contains(piece.hex):
            continue
        if isinstance(piece, Depot | Train) and piece.supply > 0:
            origins.setdefault(piece.hex, f"{piece.id} ({piece.supply} supply points)")
        elif isinstance(piece, HQ) and piece.echelon is Echelon.ARMY:
            origins.setdefault(piece.hex, f"the {piece.name}")
    places = [h for h in supply_places(ctx, side) if _open(board, side, h)]
    for h in places:
        origins.setdefault(h, f"the supply place at {terrain.map.hex_id(h)}")
    if side is Side.UNION:  # the Union's sea lanes and the North's railroads beyond the map
        for h, what in union_sources(ctx).items():
            if _open(board, side, h) and h not in origins:
                origins[h] = what
                places.append(h)
    return origins, places


def union_sources(ctx: RuleContext) -> dict[Hex, str]:
    """The Union's own supply sources (our design, after wbts.md 7.7): every port it controls,
    and every rail hex on the map's edge it controls (the railroads run on to the North)."""
    terrain: TerrainCosts = ctx.rules.terrain
    where = terrain.map.hex_id
    found: dict[Hex, str] = {}
    for place in ctx.scenario.map.places:
        if place.roles & PlaceRole.PORT and controller(ctx, place.hex) is Side.UNION:
            found.setdefault(place.hex, f"the port of {place.key}")
    for h in terrain.edge_railheads(ctx.scenario.rail_year):
        if controller(ctx, h) is Side.UNION:
            found.setdefault(h, f"the railroad off the map's edge at {where(h)}")
    return found



def _railheads(ctx: RuleContext, side: Side, board: Board, places: list[Hex]) -> dict[Hex, Hex]:
    """The rail hexes joined to a supply place through open hexes the side controls (9.4)."""
    terrain: TerrainCosts = ctx.rules.terrain
    net = terrain.rail_net(ctx.scenario.rail_year)
    queue = deque(h for h in places if h in net)
    railed: dict[Hex, Hex] = {h: h for h in queue}
    while queue:
        h = queue.popleft()
        for n in net.get(h, ()):
            if (n not in railed and terrain.map.contains(n) and controller(ctx, n) is side
                    and _open(board, side, n)):
                railed[n] = railed[h]
                queue.append(n)
    return railed


def rail_served(ctx: RuleContext, side: Side) -> set[Hex]:
    """The supply places (and the Union's ports and edge railheads) the side holds open, and
    every rail hex joined to one through open hexes it controls: where income arrives."""
    board = Board.of(ctx.state, ctx.rules.terrain)
    _, places = _origins(ctx, side, board)
    return set(places) | set(_railheads(ctx, side, board, places))


def supply_net(ctx: RuleContext, side: Side, board: Board | None = None) -> SupplyNet:
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    board = board or Board.of(state, terrain)
    reach = combat_tables().supply_reach
    origins, places = _origins(ctx, side, board)
    for h, source in _railheads(ctx, side, board, places).items():
        origins.setdefault(h, f"the railroad from {terrain.map.hex_id(source)}")
    ashore, afloat = water_landings(ctx, side, board)
    for h, what in ashore.items():
        origins.setdefault(h, what)
    # overland, at most `reach` hexes, from every origin at once; 9.4's closed hexes once
    closed = board.occupied[side.other] | (board.zoc[side.other] - board.combat[side])
    found: dict[Hex, tuple[str, int]] = {h: (what, 0) for h, what in origins.items()}
    via: dict[Hex, Hex] = {}
    frontier = deque(found)
    while frontier:
        h = frontier.popleft()
        what, far = found[h]
        if far >= reach:
            continue
        for n in terrain.steps_from(h):
            if n in found or n in closed:
                continue
            found[n] = (what, far + 1)
            via[n] = h
            frontier.append(n)
    for h, what in afloat.items():  # troops aboard ship on the side's water
        found.setdefault(h, (what, 0))
    return SupplyNet(side, found, via)


def in_supply(net: SupplyNet, piece: Piece) -> bool:
    return piece.hex in net.reach


# --- 12.0: supply points belong to whoever holds them ----------------------------------------
@dataclass(frozen=True)
class SupplyCaptured:
    piece: str
    side: Side  # the new owner
    points: int
    rule: str


def capture_supply(ctx: RuleContext) -> list[Any]:
    """Depots and trains change hands (12.0: supply is the last man's to sit on it) when an
    enemy piece holds their hex on land (a unit, entrained or not, a leader or an HQ) and no
    ground combat unit of their own side stands with them."""
    state: StrategicState = ctx.state
    board = Board.of(state, ctx.rules.terrain)
    events: list[Any] = []
    for piece in list(state.pieces.values()):
        if not isinstance(piece, Depot | Train):
            continue
        enemy = piece.side.other
        if piece.hex in board.occupied[enemy] and piece.hex not in board.combat[piece.side]:
            state.leave_roster(piece.id)  # a captured train is no longer its old HQ's
            state.put(replace(piece, side=enemy, entrained=False)
                      if isinstance(piece, Train) else replace(piece, side=enemy))
            events.append(SupplyCaptured(piece.id, enemy, piece.supply, NEUTRAL))
    return events


# --- combat supply ----------------------------------------------------------------------------
@dataclass(frozen=True)
class CombatSupply:
    needed: int
    drawn: tuple[tuple[str, int], ...]  # (piece, points)
    terms: tuple[Term, ...]

    @property
    def enough(self) -> bool:
        return sum(n for _, n in self.drawn) >= self.needed


def combat_supply(state: StrategicState, side: Side, hexes: Iterable[Hex],
                  attacking_sp: int) -> CombatSupply:
    """Where an attack's supply points would come from (nearest first); nothing is spent."""
    t = combat_tables()
    needed = -(-attacking_sp // t.supply_per_sp)
    hexes = tuple(hexes)
    holders = sorted(
        (min(p.hex.distance(h) for h in hexes), p.id, holds_supply(p))
         for p in state.pieces.values()
         if p.side is side and holds_supply(p) > 0
         and (not isinstance(p, HQ) or p.echelon is Echelon.ARMY)
         and min(p.hex.distance(h) for h in hexes) <= t.combat_supply_reach)
    drawn: list[tuple[str, int]] = []
    left = needed
    for _, piece_id, has in holders:
        if left <= 0:
            break
        take = min(has, left)
        drawn.append((piece_id, take))
        left -= take
    terms = [Term(f"combat supply: {needed} point(s) for {attacking_sp} SP attacking", needed,
                  COMBAT_SUPPLY)]
    terms += [Term(f"drawn from {p}", n, COMBAT_SUPPLY) for p, n in drawn]
    return CombatSupply(needed, tuple(drawn), tuple(terms))


def spend(state: StrategicState, drawn: Iterable[tuple[str, int]], why: str = "spent") -> None:
    for piece_id, points in drawn:
        piece = state.pieces[piece_id]
        assert isinstance(piece, Depot | Train | HQ)
        state.put(replace(piece, supply=piece.supply - points))
        state.supply_gone[why] = state.supply_gone.get(why, 0) + points


# --- the end of the week: supply check and attrition (12.12, 12.13) --------------------------
@dataclass(frozen=True)
class Attrition:
    side: Side
    hex: Hex
    units: tuple[str, ...]
    force_sp: int
    roll: int
    row: int  # the die after modifiers, 0-6
    loss: int  # whole SP (12.13)
    chances: dict[int, Fraction]  # each possible loss's chance before the die
    terms: tuple[Term, ...]
    lines: tuple[LossLine, ...]


def attrition_row(ctx: RuleContext, side: Side, h: Hex, roll: int) -> tuple[int, list[Term]]:
    from gameapp.core.rulesets.strategic.movement import friendly_territory

    terms = [Term("die", roll, ATTRITION)]
    row = roll
    if friendly_territory(ctx, side, h):
        terms.append(Term("in friendly territory (3.23)", -1, ATTRITION))
        row -= 1
    if ctx.scenario.clock.date_of(ctx.state.turn).month in (12, 1, 2):
        terms.append(Term("winter, December to February", 1, ATTRITION))
        row += 1
    return max(0, min(6, row)), terms


@dataclass(frozen=True)
class SupplyCheck:
    """The end of the week: every force out of supply loses SP to attrition."""

    label: str = "supply check and attrition (12.12, 12.13)"

    def __call__(self, ctx: RuleContext) -> list[Any]:
        state: StrategicState = ctx.state
        events: list[Any] = []
        board = Board.of(state, ctx.rules.terrain)
        for side in Side:
            net = supply_net(ctx, side, board)
            stacks: dict[Hex, list[Division]] = {}
            for unit in state.divisions(side):
                if needs_supply(unit) and unit.sp > 0 and not in_supply(net, unit):
                    stacks.setdefault(unit.hex, []).append(unit)
            for h, units in sorted(stacks.items(), key=lambda kv: (kv[0].q, kv[0].r)):
                events.append(self._attrit(ctx, side, h, units))
        return events

    def _attrit(self, ctx: RuleContext, side: Side, h: Hex, units: list[Division]) -> Attrition:
        state: StrategicState = ctx.state
        force = sum(u.sp for u in units)
        table = combat_tables().attrition_row(force)
        chances: dict[int, Fraction] = {}
        for face in range(1, 7):
            row, _ = attrition_row(ctx, side, h, face)
            loss = min(table[row], force)
            chances[loss] = chances.get(loss, Fraction(0)) + Fraction(1, 6)
        roll = ctx.dice.d6(f"attrition at {ctx.scenario.map.hex_id(h)}")
        row, terms = attrition_row(ctx, side, h, roll)
        loss = min(table[row], force)
        terms.append(Term(f"a force of {force} SP out of supply loses (whole SP)", loss,
                          WHOLE_SP))
        lines = share_losses(units, [], loss)
        apply_losses(state, lines, "attrition")
        return Attrition(side, h, tuple(u.id for u in units), force, roll, row, loss, chances,
                         tuple(terms), tuple(lines))


def apply_losses(state: StrategicState, lines: Iterable[LossLine], why: str) -> list[str]:
    """Take the SP off; a unit at 0 SP (or a sunk ship) leaves play. The pieces gone."""
    from gameapp.core.rulesets.strategic.movement import remove_piece
    from gameapp.core.rulesets.strategic.pieces import Ship

    gone: list[str] = []
    for piece_id, sp in sp_lost(list(lines)).items():
        piece = state.pieces.get(piece_id)
        if isinstance(piece, Division):
            state.note_loss(piece, min(sp, piece.sp))
            left = piece.sp - sp
            if left > 0:
                state.put(replace(piece, sp=left))
                continue
        elif not isinstance(piece, Ship):
            continue
        assert piece is not None
        remove_piece(state, piece_id)
        state.gone[piece_id] = why
        gone.append(piece_id)
    for line in lines:  # transports that share their warships' fate lose 0 "SP"
        if line.sp == 0 and line.piece in state.pieces and line.piece not in gone:
            remove_piece(state, line.piece)
            state.gone[line.piece] = why
            gone.append(line.piece)
    return gone



@dataclass(frozen=True)
class SupplyBurned:
    piece: str
    points: int
    rule: str


class BurnHandler:
    """`burn PIECE POINTS` in one's combat phase (12.0): destroy supply points one holds."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterable[Any]:
        return ()  # never a move the computer should list: it only throws supply away

    def check(self, ctx: RuleContext, action: Any, side: Side | None) -> None:
        state: StrategicState = ctx.state
        piece = state.pieces.get(action.piece)
        if piece is None or piece.side is not side or holds_supply(piece) == 0:
            raise IllegalActionError(f"{action.piece} holds no supply points of the side to "
                                     "play", NEUTRAL)
        if not 0 < action.points <= holds_supply(piece):
            raise IllegalActionError(f"{action.piece} holds {holds_supply(piece)} supply "
                                     "points", NEUTRAL)

    def execute(self, ctx: RuleContext, action: Any, side: Side | None) -> list[Any]:
        spend(ctx.state, ((action.piece, action.points),), "destroyed")
        return [SupplyBurned(action.piece, action.points, NEUTRAL)]
