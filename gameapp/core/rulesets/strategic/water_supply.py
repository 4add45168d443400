"""Supply by water (docs/strategic-rules.md, "Supply"; wbts.md 7.7 and 9.5).

A unit is also in general supply if it traces its 4 hexes overland to water joined to one of its
side's water sources by water free of enemy warships (9.5):

- the Union's water sources: every port it controls and every water hex on the map's edge (the
  navy held the sea, and the Ohio and the upper Mississippi run on to the North beyond the map);
- either side's: every supply place it controls on navigable water. The Confederacy's ports were
  blockaded (the blockade itself is out of scope), so they are not water sources, and its
  supply goes by its rivers only, never by sea or lake.

Our design: the water carries supply through sea and lake hexes, and along navigable rivers
(`TerrainCosts.water_exits`, shoals only at high water, 7.51), but not through a hex holding
enemy warships (9.5), an enemy-occupied river hex (its batteries and its fort, 9.4), nor a river
hex in an enemy zone of control unless a friendly ground unit or warship is in it (9.4: the
gunboats kept the rivers open past the banks). The water itself (troops aboard ship need
supply too, 12.14), the river hexes on it and the land beside its sea and lake hexes (the
landings on a coast) are where the supply reaches.
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
WATER_ORIGIN = "the water"  # how every origin by water is named (supply terms cite the rule)


def water_sources(ctx: RuleContext, side: Side) -> dict[Hex, str]:
    """Where a side's supply goes onto the water (see the module docstring)."""
    from gameapp.core.rulesets.strategic.supply import controller

    terrain: TerrainCosts = ctx.rules.terrain
    found: dict[Hex, str] = {}
    for place in ctx.scenario.map.places:
        if not (place.roles & PlaceRole.SUPPLY or (side is Side.UNION
                                                   and place.roles & PlaceRole.PORT)):
            continue
        if controller(ctx, place.hex) is not side:
            continue
        # a place on a river, or on a coast (its supply goes out onto the sea beside it)
        water = ((place.hex,) if terrain.on_water(place.hex) else tuple(
            n for n in place.hex.neighbors()
            if terrain.map.contains(n) and terrain.terrain(n).is_water))
        for h in water:
            found.setdefault(h, f"{WATER_ORIGIN} from {place.key}")
    if side is Side.UNION:
        for h in terrain.edge_water():
            found.setdefault(h, f"{WATER_ORIGIN} off the map's edge at {terrain.map.hex_id(h)}")
    return found


def water_landings(ctx: RuleContext, side: Side, board: Board
                   ) -> tuple[dict[Hex, str], dict[Hex, str]]:
    """Where the side's supply reaches by water, each with what it comes from: the land (river
    hexes and coasts), from which a unit may trace overland, and the sea and lake hexes (only
    troops aboard ship stand there)."""
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    high = ctx.scenario.clock.is_high_water(state.turn)
    enemy_ships = frozenset(s.hex for s in state.ships(side.other) if s.vessel.is_warship)
    own_ships = {s.hex for s in state.ships(side) if s.vessel.is_warship}
    rivers = terrain.river_hexes()
    enemy = board.occupied[side.other]
    closed = frozenset(h for h in (enemy | board.zoc[side.other]) & rivers
                       if h in enemy or (h not in board.combat[side] and h not in own_ships))
    sources = water_sources(ctx, side)
    # the water changes only when ships, the banks or the sources do: one search each (cached)
    key = (side, high, enemy_ships, closed, frozenset(sources))
    found = _NETS.get(key)
    if found is None or found[0] is not terrain:
        if len(_NETS) > 64:
            _NETS.clear()
        found = _NETS[key] = (terrain, *_search(terrain, side, high, enemy_ships, closed,
                                                sources))
    _, ashore, afloat = found
    return {h: what for h, what in ashore.items() if h not in enemy}, afloat


_NETS: dict[tuple[object, ...], tuple[TerrainCosts, dict[Hex, str], dict[Hex, str]]] = {}


def _search(terrain: TerrainCosts, side: Side, high: bool, enemy_ships: frozenset[Hex],
            closed: frozenset[Hex], sources: dict[Hex, str]
            ) -> tuple[dict[Hex, str], dict[Hex, str]]:
    def open_water(h: Hex) -> bool:
        if h in enemy_ships:
            return False
        if terrain.terrain(h).is_water:
            return side is Side.UNION  # the blockade: the Confederacy's water is its rivers
        return h not in closed

    reached: dict[Hex, str] = {h: what for h, what in sources.items() if open_water(h)}
    queue = deque(reached)
    while queue:
        h = queue.popleft()
        for n in terrain.water_exits(h, high):
            if n not in reached and open_water(n):
                reached[n] = reached[h]
                queue.append(n)
    ashore: dict[Hex, str] = {}
    afloat: dict[Hex, str] = {}
    for h, what in reached.items():
        if not terrain.terrain(h).is_water:
            ashore.setdefault(h, what)  # a river hex
            continue
        afloat[h] = what  # troops aboard ship need supply too (12.14)
        for n in terrain.shore(h):  # a coast: the land beside the sea or lake
            ashore.setdefault(n, what)
    return ashore, afloat
