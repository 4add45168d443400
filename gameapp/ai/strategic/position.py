"""One look at a strategic game for one side: what the candidate actions score against.

It reads the game's public state and the strategic rules' own helpers (the board's zones of
control, the supply net, the victory places and capitals) and changes nothing. A position is
built once per decision (`position_of`): a few passes over the pieces and one supply net.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.pieces import Arm, Division, Fort
from gameapp.core.rulesets.strategic.previews import read_context
from gameapp.core.rulesets.strategic.scenario import ENEMY_ARMY
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import supply_net
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.victory import capitals, holder, scored_places
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.core.units import Side


@dataclass(frozen=True)
class VictoryPlace:
    hex: Hex
    name: str
    points: int
    holder: Side
    capital_of: Side | None  # its loss ends the game (sudden death)


@dataclass
class Position:
    game: Game
    side: Side
    state: StrategicState
    ctx: RuleContext
    terrain: TerrainCosts
    board: Board
    sp: dict[Side, dict[Hex, int]]  # ground SP by hex (rostered units too, not those aboard)
    mobile: dict[Side, dict[Hex, int]]  # the same without garrisons (MA 1: they threaten no one)
    forts: dict[Hex, Fort]  # every fort by hex
    supplied: frozenset[Hex]  # where the side's supply net reaches
    places: tuple[VictoryPlace, ...]
    weeks_left: int

    @property
    def mine(self) -> dict[Hex, int]:
        return self.sp[self.side]

    @property
    def theirs(self) -> dict[Hex, int]:
        return self.sp[self.side.other]

    @property
    def after_army(self) -> bool:
        """Our government made the enemy's field army our objective, not its capital (a
        scenario's directive: docs/ai.md, "Directives")."""
        directive: str | None = self.game.scenario.directives.get(self.side)
        return directive == ENEMY_ARMY

    def name(self, h: Hex) -> str:
        """A hex's place name if it has one, else its id."""
        theatre: TheatreMap = self.game.scenario.map
        places = theatre.places_at(h)
        return places[0].key if places else theatre.hex_id(h)

    def near(self, side: Side, h: Hex, radius: int) -> int:
        """The side's ground SP within `radius` hexes of `h`."""
        return sum(sp for at, sp in self.sp[side].items() if at.distance(h) <= radius)

    def threat(self, h: Hex, radius: int) -> int:
        """The enemy SP within `radius` hexes of `h` that could march up: not garrisons."""
        return sum(sp for at, sp in self.mobile[self.side.other].items()
                   if at.distance(h) <= radius)


def position_of(game: Game, side: Side, supplied: frozenset[Hex] | None = None) -> Position:
    """The position now; `supplied`, if given, is taken for the side's supply net (the player
    traces it once a phase: its own moves change it little, and it is the slowest look)."""
    state: StrategicState = game.state
    scenario = game.scenario
    terrain: TerrainCosts = game.rules.terrain
    ctx = read_context(game)
    board = Board.of(state, terrain)
    sp: dict[Side, dict[Hex, int]] = {s: defaultdict(int) for s in Side}
    mobile: dict[Side, dict[Hex, int]] = {s: defaultdict(int) for s in Side}
    forts: dict[Hex, Fort] = {}
    for piece in state.pieces.values():
        if isinstance(piece, Division) and piece.aboard is None and piece.sp > 0:
            sp[piece.side][piece.hex] += piece.sp
            if piece.arm is not Arm.GARRISON:
                mobile[piece.side][piece.hex] += piece.sp
        elif isinstance(piece, Fort):
            forts[piece.hex] = piece
    capital_hexes = {h: s for s, h in capitals(scenario).items()}
    places = tuple(
        VictoryPlace(p.hex, p.name, p.points, holder(scenario, state, p.hex),
                     capital_hexes.get(p.hex))
        for p in scored_places(scenario))
    if supplied is None:
        supplied = frozenset(supply_net(ctx, side, board).reach)
    weeks_left = max(0, scenario.clock.last_turn - state.turn)
    return Position(game, side, state, ctx, terrain, board, sp, mobile, forts, supplied, places,
                    weeks_left)

