"""Supply by water (docs/strategic-rules.md, "Supply"; wbts.md 7.7 and 9.5).

A unit is also in general supply if it traces its 4 hexes overland to water joined to one of its
side's water sources by water free of enemy warships (9.5):

- the Union's water sources: every port it controls and every water hex on the map's edge (the
  navy held the sea, and the Ohio and the upper Mississippi run on to the North beyond the map);
- either side's: every supply place it controls on navigable water. The Confederacy's ports were
  blockaded (the blockade itself is out of scope), so they are not water sources.

Our design: the water carries supply through sea and lake hexes, and along navigable rivers
(`TerrainCosts.water_exits`, shoals only at high water, 7.51), but not through a hex holding
enemy warships (9.5), an enemy-occupied river hex (its batteries and its fort, 9.4), nor a river
hex in an enemy zone of control unless a friendly ground unit or warship is in it (9.4: the
gunboats kept the rivers open past the banks). The land hexes on that water, and those beside
its sea and lake hexes (the landings on a coast), are where the supply comes ashore.
"""

from __future__ import annotations

from collections import deque

from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.theatre.chart import PlaceRole
from gameapp.core.units import Side

WATER_SUPPLY = "R&C strategic water supply"


def water_sources(ctx: RuleContext, side: Side) -> dict[Hex, str]:
    """Where a side's supply goes onto the water (see the module docstring)."""
    from gameapp.core.rulesets.strategic.supply import controller

    terrain: TerrainCosts = ctx.rules.terrain
    found: dict[Hex, str] = {}
    for place in ctx.scenario.map.places:
        if controller(ctx, place.hex) is not side or not terrain.on_water(place.hex):
            continue
        if place.roles & PlaceRole.SUPPLY or (side is Side.UNION
                                              and place.roles & PlaceRole.PORT):
            found.setdefault(place.hex, f"the water from {place.key}")
    if side is Side.UNION:
        for h in terrain.edge_water():
            found.setdefault(h, f"the water off the map's edge at {terrain.map.hex_id(h)}")
    return found


def water_landings(ctx: RuleContext, side: Side, board: Board) -> dict[Hex, str]:
    """The land hexes the side's supply reaches by water, each with what it comes from."""
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    high = ctx.scenario.clock.is_high_water(state.turn)
    enemy_ships = {s.hex for s in state.ships(side.other) if s.vessel.is_warship}
    own_ships = {s.hex for s in state.ships(side) if s.vessel.is_warship}

    def open_water(h: Hex) -> bool:
        if h in enemy_ships:
            return False
        if terrain.terrain(h).is_water:
            return True
        if board.enemy_in(side, h):
            return False
        return (not board.enemy_zoc(side, h) or h in board.combat[side] or h in own_ships)

    reached: dict[Hex, str] = {h: what for h, what in water_sources(ctx, side).items()
                               if open_water(h)}
    queue = deque(reached)
    while queue:
        h = queue.popleft()
        for n in terrain.water_exits(h, high):
            if n not in reached and open_water(n):
                reached[n] = reached[h]
                queue.append(n)
    landings: dict[Hex, str] = {}
    for h, what in reached.items():
        if not terrain.terrain(h).is_water:
            landings.setdefault(h, what)
            continue
        for n in h.neighbors():  # a coast: the land beside the sea or lake
            if (terrain.map.contains(n) and not terrain.terrain(n).is_water
                    and not board.enemy_in(side, n)):
                landings.setdefault(n, what)
    return landings
