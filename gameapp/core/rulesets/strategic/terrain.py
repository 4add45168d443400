"""What the theatre map means to a marching unit: the cost of each step, term by term, and
which hexsides a zone of control does not cross. Cached per map (a game's `rules.terrain`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.rulesets.strategic.tables import StrategicTables, tables
from gameapp.core.theatre.chart import HexFlag, RoadKind, TheatreHexside, TheatreTerrain
from gameapp.core.theatre.theatremap import TheatreMap

MOVEMENT = "R&C strategic movement"
WINTER = "R&C strategic winter"
WATER = "R&C strategic water"
SHOALS = "004 7.51"
SANDBAR = "004 7.52"
CLOSED = "004 7.53"
RIVER = TheatreHexside.MAJOR_RIVER | TheatreHexside.MINOR_RIVER


@dataclass
class TerrainCosts:
    map: TheatreMap
    tables: StrategicTables = field(default_factory=tables)
    _terrain: dict[Hex, TheatreTerrain] = field(default_factory=dict)
    _rail: dict[int, dict[Hex, set[Hex]]] = field(default_factory=dict)
    _links: dict[int, dict[Hex, tuple[Hex, ...]]] = field(default_factory=dict)
    _exits: dict[tuple[Hex, bool, bool], tuple[tuple[Hex, int], ...]] = field(
        default_factory=dict)
    _water: dict[tuple[Hex, bool], tuple[Hex, ...]] = field(default_factory=dict)
    _edges: dict[int, tuple[Hex, ...]] = field(default_factory=dict)
    # passable and the zones of control are asked for on every board and supply net: cached
    _passable: dict[tuple[Hex, Hex, bool, bool], tuple[str, str] | None] = field(
        default_factory=dict)
    _zoc: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    _edge_water: tuple[Hex, ...] | None = None
    _shore: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    _steps: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    _rivers: frozenset[Hex] | None = None

    def terrain(self, h: Hex) -> TheatreTerrain:
        found = self._terrain.get(h)
        if found is None:
            found = self._terrain[h] = self.map.terrain_at(h)
        return found

    def passable(self, a: Hex, b: Hex, winter: bool = False,
                 road_only: bool = False) -> tuple[str, str] | None:
        """Why a piece cannot step from a to b, and the rule (None if it can). In winter rivers
        are crossed only by road, and supply trains (`road_only`) keep to the roads."""
        key = (a, b, winter, road_only)
        if key not in self._passable:
            self._passable[key] = self._why_impassable(a, b, winter, road_only)
        return self._passable[key]

    def _why_impassable(self, a: Hex, b: Hex, winter: bool, road_only: bool
                        ) -> tuple[str, str] | None:
        if not self.map.contains(b):
            return "off the map", MOVEMENT
        if self.terrain(b).is_water:
            return "water: only ships and their passengers go there", MOVEMENT
        direction = _direction(a, b)
        side = self.map.hexside_at(a, direction)
        if side & TheatreHexside.RIDGE and not side & TheatreHexside.GAP:
            return "a mountain ridge, crossed only at a gap", MOVEMENT
        if winter and self.map.road_at(a, direction) is RoadKind.NONE:
            if road_only:
                return "in winter supply trains keep to the roads", WINTER
            if side & RIVER:
                return "in winter rivers are crossed only by road", WINTER
        return None

    def step(self, a: Hex, b: Hex) -> tuple[Term, ...]:
        """The MP to step from a to b, term by term: a road link costs the road's MP whatever
        the terrain and river (the bridge); otherwise the hex's terrain, plus any river."""
        direction = _direction(a, b)
        where = self.map.hex_id(b)
        road = self.map.road_at(a, direction)
        if road is not RoadKind.NONE:
            return (Term(f"{where} along the {road.label}", self.tables.road_cost, MOVEMENT),)
        terrain = self.terrain(b)
        terms = [Term(f"{where} {terrain.label}", self.tables.terrain_cost[terrain], MOVEMENT)]
        side = self.map.hexside_at(a, direction)
        if side & RIVER:
            name = self.map.names.get(Hexside.between(a, b)) or "a river"
            terms.append(Term(f"crossing {name}", self.tables.river_crossing, MOVEMENT))
        return tuple(terms)

    def step_cost(self, a: Hex, b: Hex) -> Fraction:
        return Fraction(sum(Fraction(t.value) for t in self.step(a, b)))

    def exits(self, a: Hex, winter: bool = False, road_only: bool = False
              ) -> tuple[tuple[Hex, int], ...]:
        """The neighbours a piece may step to from `a`, each with its MP (cached; the tables'
        costs are whole MP)."""
        key = (a, winter, road_only and winter)
        found = self._exits.get(key)
        if found is None:
            found = self._exits[key] = tuple(
                (b, int(self.step_cost(a, b))) for b in a.neighbors()
                if self.passable(a, b, winter, road_only) is None)
        return found

    def on_water(self, h: Hex, high_water: bool = True) -> bool:
        """Where a ship may be: sea or lake, or a land hex on a navigable river (or on shoals,
        at high water)."""
        if not self.map.contains(h):
            return False
        if self.terrain(h).is_water:
            return True
        mask = _navigable(high_water)
        return any(self.map.hexside_at(h, d) & mask for d in range(6))

    def water_step(self, a: Hex, b: Hex, high_water: bool = False) -> tuple[str, str] | None:
        """Why a ship may not sail from a to b, and the rule (None if it may): onto sea or lake;
        across a navigable hexside; or along the river, past the hex both touch, whose sides
        with a and with b are both navigable (shoals count only at high water, 7.51). Never
        across or along a sandbar, nor between the sea and a river hex on one (7.52); never
        into closed water (7.53)."""
        if not self.map.contains(b):
            return "off the map", WATER
        if self.map.flags_at(b) & HexFlag.CLOSED_WATER:
            return f"{self.map.hex_id(b)} is closed to ships", CLOSED
        barred = (f"a sandbar closes the bayou between {self.map.hex_id(a)} and "
                  f"{self.map.hex_id(b)}: no ship crosses it", SANDBAR)
        if self.map.hexside_at(a, _direction(a, b)) & TheatreHexside.SANDBAR:
            return barred
        sea = self.terrain(a).is_water, self.terrain(b).is_water
        if all(sea):
            return None
        if any(sea) and self.on_water(a) and self.on_water(b):
            # our design (7.52): a river hex on a sandbar is sealed from the sea beside it
            return barred if self._on_sandbar(b if sea[0] else a) else None
        if self._follows(a, b, _navigable(high_water)):
            return None
        if self._follows(a, b, _navigable(high_water) | TheatreHexside.SANDBAR):
            return barred
        if not high_water and self._follows(a, b, _navigable(True)):
            return "shoals: ships pass them only at high water, in the weeks of April", SHOALS
        return (f"{self.map.hex_id(b)} is not along navigable water from "
                f"{self.map.hex_id(a)}", WATER)

    def _follows(self, a: Hex, b: Hex, mask: TheatreHexside) -> bool:
        """Whether a ship goes from a to b along water sides in `mask` (a sandbar side counts
        only when `mask` holds SANDBAR: otherwise it is where navigation ends, 7.52)."""
        def water(h: Hex, d: int) -> bool:
            side = self.map.hexside_at(h, d)
            return bool(side & mask) and (bool(mask & TheatreHexside.SANDBAR)
                                          or not side & TheatreHexside.SANDBAR)

        d = _direction(a, b)
        if water(a, d):
            return True
        return any(water(a, d + k) and water(b, d + 3 - k) for k in (1, -1))

    def _on_sandbar(self, h: Hex) -> bool:
        return any(self.map.hexside_at(h, d) & TheatreHexside.SANDBAR for d in range(6))

    def sides_used(self, a: Hex, b: Hex, high_water: bool = False) -> tuple[int, int]:
        """The side of `a` and the side of `b` a ship's legal step from a to b sails by (-1
        for a sea or lake hex): the hexside between them when it crosses it or meets the
        sea, else the two sides facing the hex both touch (`_follows`)."""
        d = _direction(a, b)
        sea_a, sea_b = self.terrain(a).is_water, self.terrain(b).is_water
        if sea_a or sea_b or self.map.hexside_at(a, d) & _navigable(high_water):
            return (-1 if sea_a else d), (-1 if sea_b else (d + 3) % 6)
        mask = _navigable(high_water)
        for k in (1, -1):
            if self.map.hexside_at(a, (d + k) % 6) & mask and \
                    self.map.hexside_at(b, (d + 3 - k) % 6) & mask:
                return (d + k) % 6, (d + 3 - k) % 6
        return d, (d + 3) % 6

    def same_water(self, h: Hex, side_in: int, side_out: int, high_water: bool = False
                   ) -> bool:
        """Our design (R&C strategic water): a ship passing through the land hex `h` leaves
        by the water it came in by: its sides in and out are in one unbroken run of water
        sides round the hex (navigable hexsides, or sides facing sea or lake). A hex between
        two rivers (a neck of land, one hex wide at this scale) is on both, but no ship sails
        across it from one to the other in a move."""
        if side_in < 0 or side_out < 0 or side_in == side_out or self.terrain(h).is_water:
            return True
        mask = _navigable(high_water)

        def wet(d: int) -> bool:
            n = h.neighbor(d)
            return bool(self.map.hexside_at(h, d % 6) & mask) or (
                self.map.contains(n) and self.terrain(n).is_water)

        for step in (1, -1):  # walk round the hex from side_in, each way, over wet sides
            d = side_in
            for _ in range(5):
                d = (d + step) % 6
                if not wet(d):
                    break
                if d == side_out:
                    return True
        return False

    def water_exits(self, a: Hex, high_water: bool = False) -> tuple[Hex, ...]:
        """The hexes a ship may sail to from `a` (cached)."""
        found = self._water.get((a, high_water))
        if found is None:
            found = self._water[(a, high_water)] = tuple(
                b for b in a.neighbors() if self.water_step(a, b, high_water) is None)
        return found

    def zoc_reach(self, h: Hex) -> tuple[Hex, ...]:
        """The hexes a unit in `h` controls: its own and the neighbours not blocked (cached)."""
        found = self._zoc.get(h)
        if found is None:
            found = self._zoc[h] = (h, *(n for n in h.neighbors() if not self.blocks_zoc(h, n)))
        return found

    def blocks_zoc(self, a: Hex, b: Hex) -> bool:
        """A zone of control does not reach across a major river or a ridge, nor onto water."""
        if not self.map.contains(b) or self.terrain(b).is_water:
            return True
        side = self.map.hexside_at(a, _direction(a, b))
        return bool(side & (TheatreHexside.MAJOR_RIVER | TheatreHexside.RIDGE))

    def rail_net(self, year: int) -> dict[Hex, set[Hex]]:
        net = self._rail.get(year)
        if net is None:
            net = self._rail[year] = self.map.rail_net(year)
        return net

    def rail_links(self, year: int) -> dict[Hex, tuple[Hex, ...]]:
        """The rail net of `year` on the map: each rail hex's links to rail hexes on the map, in
        the net's order (cached)."""
        found = self._links.get(year)
        if found is None:
            contains = self.map.contains
            found = self._links[year] = {
                h: tuple(n for n in links if contains(n))
                for h, links in self.rail_net(year).items() if contains(h)}
        return found

    def edge_railheads(self, year: int) -> tuple[Hex, ...]:
        """The rail hexes on the map's edge (a neighbour off the map): the Union's railroads
        run on beyond them (supply)."""
        found = self._edges.get(year)
        if found is None:
            found = self._edges[year] = tuple(
                h for h in self.rail_net(year) if self.map.contains(h)
                and any(not self.map.contains(n) for n in h.neighbors()))
        return found


    def river_hexes(self) -> frozenset[Hex]:
        """The land hexes on navigable water, shoals included (cached)."""
        if self._rivers is None:
            self._rivers = frozenset(h for h in self.map.hexes()
                                     if not self.terrain(h).is_water and self.on_water(h))
        return self._rivers

    def steps_from(self, a: Hex) -> tuple[Hex, ...]:
        """The neighbours a piece may step to from `a` out of winter (cached: supply traces
        over them)."""
        found = self._steps.get(a)
        if found is None:
            found = self._steps[a] = tuple(b for b in a.neighbors()
                                           if self.passable(a, b) is None)
        return found

    def shore(self, h: Hex) -> tuple[Hex, ...]:
        """The land hexes on the map beside a sea or lake hex (none for a land hex; cached)."""
        found = self._shore.get(h)
        if found is None:
            found = self._shore[h] = () if not self.terrain(h).is_water else tuple(
                n for n in h.neighbors() if self.map.contains(n) and not self.terrain(n).is_water)
        return found

    def edge_water(self) -> tuple[Hex, ...]:
        """The water hexes on the map's edge (a neighbour off the map): the sea beyond it, and
        the rivers that run on off it (cached)."""
        if self._edge_water is None:
            self._edge_water = tuple(
                h for h in self.map.hexes() if self.on_water(h, high_water=False)
                and any(not self.map.contains(n) for n in h.neighbors()))
        return self._edge_water


def _navigable(high_water: bool) -> TheatreHexside:
    if high_water:
        return TheatreHexside.NAVIGABLE | TheatreHexside.SHOALS
    return TheatreHexside.NAVIGABLE


def _direction(a: Hex, b: Hex) -> int:
    direction = a.direction_to(b)
    if direction is None:
        raise ValueError(f"{a} and {b} are not neighbours")
    return direction
