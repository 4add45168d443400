"""Retreats after a battle (docs/strategic-rules.md, "Retreats").

- 9.32: a retreat never enters an enemy-occupied hex; it may enter an enemy zone of control,
  but not across a river.
- Our design: the units of a hex retreat together, hex by hex, the number of hexes the result
  says; they may not re-enter the battle hex nor end over the stacking limit. The retreat is
  chosen by rule, the same for a human and the computer: the path ending out of enemy zones of
  control first, then in friendly territory (3.23), then farthest from the enemy's hexes, then
  by hex number. A force with no retreat surrenders: its units leave play.
- 10.34: a leader or HQ left alone by the battle may retreat one hex, by the same rules; with
  nowhere to go he is taken (22.5: the leader goes to the pool, out of this game).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.movement import friendly_territory, map_units
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.tables import tables
from gameapp.core.rulesets.strategic.terrain import RIVER, TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

NO_ENEMY_HEX = "004 9.32"
CHOSEN_BY_RULE = "R&C strategic retreat"
LONE_LEADER = "004 10.34"


@dataclass(frozen=True)
class RetreatPath:
    path: tuple[Hex, ...]
    why: str  # why this path was chosen


def step_refusal(board: Board, terrain: TerrainCosts, side: Side, a: Hex, b: Hex) -> str | None:
    """Why a retreating unit of `side` may not step from a to b (9.32)."""
    blocked = terrain.passable(a, b)
    if blocked is not None:
        return blocked[0]
    if board.enemy_in(side, b):
        return "an enemy-occupied hex"
    direction = a.direction_to(b)
    assert direction is not None
    if board.enemy_zoc(side, b) and terrain.map.hexside_at(a, direction) & RIVER:
        return "across a river into an enemy zone of control"
    return None


def retreat_path(ctx: RuleContext, side: Side, start: Hex, hexes: int, units: Iterable[Division],
                 board: Board, avoid: Iterable[Hex] = ()) -> RetreatPath | None:
    """The retreat the rule picks for the units of `side` leaving `start`, or None."""
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    avoid = {start, *avoid}
    moving = list(units)
    sp = sum(u.sp for u in moving)
    count = len([u for u in moving if state.hq_of(u.id) is None])
    stacks = map_units(state, side)
    t = tables()
    enemies = [h for h in board.occupied[side.other]]
    paths: list[tuple[Hex, ...]] = [()]
    for _ in range(hexes):
        longer = []
        for path in paths:
            here = path[-1] if path else start
            for n in here.neighbors():
                if n in avoid or n in path or step_refusal(board, terrain, side, here, n):
                    continue
                longer.append((*path, n))
        paths = longer
    best: tuple[tuple[int, int, int, int, int], tuple[Hex, ...]] | None = None
    for path in paths:
        end = path[-1]
        units_there, sp_there = stacks.get(end, (0, 0))
        if moving and (units_there + count > t.stack_units or sp_there + sp > t.stack_sp):
            continue
        far = min((end.distance(e) for e in enemies), default=99)
        key = (int(board.enemy_zoc(side, end)), int(not friendly_territory(ctx, side, end)),
               -far, end.q, end.r)
        if best is None or key < best[0]:
            best = (key, path)
    if best is None:
        return None
    key, path = best
    why = ("out of enemy zones of control" if not key[0] else "no path leaves enemy zones")
    why += ", in friendly territory" if not key[1] else ""
    return RetreatPath(path, why + ", farthest from the enemy")
