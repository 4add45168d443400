"""What the theatre map means to a marching unit: the cost of each step, term by term, and
which hexsides a zone of control does not cross. Cached per map (a game's `rules.terrain`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.rulesets.strategic.tables import StrategicTables, tables
from gameapp.core.theatre.chart import RoadKind, TheatreHexside, TheatreTerrain
from gameapp.core.theatre.theatremap import TheatreMap

MOVEMENT = "R&C strategic movement"
RIVER = TheatreHexside.MAJOR_RIVER | TheatreHexside.MINOR_RIVER


@dataclass
class TerrainCosts:
    map: TheatreMap
    tables: StrategicTables = field(default_factory=tables)
    _terrain: dict[Hex, TheatreTerrain] = field(default_factory=dict)
    _rail: dict[int, dict[Hex, set[Hex]]] = field(default_factory=dict)
    _exits: dict[Hex, tuple[tuple[Hex, int], ...]] = field(default_factory=dict)

    def terrain(self, h: Hex) -> TheatreTerrain:
        found = self._terrain.get(h)
        if found is None:
            found = self._terrain[h] = self.map.terrain_at(h)
        return found

    def passable(self, a: Hex, b: Hex) -> str | None:
        """Why a unit cannot step from a to b (None if it can)."""
        if not self.map.contains(b):
            return "off the map"
        if self.terrain(b).is_water:
            return "water: only ships and their passengers go there"
        side = self.map.hexside_at(a, _direction(a, b))
        if side & TheatreHexside.RIDGE and not side & TheatreHexside.GAP:
            return "a mountain ridge, crossed only at a gap"
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

    def exits(self, a: Hex) -> tuple[tuple[Hex, int], ...]:
        """The neighbours a unit may step to from `a`, each with its MP (cached; the tables'
        costs are whole MP)."""
        found = self._exits.get(a)
        if found is None:
            found = self._exits[a] = tuple(
                (b, int(self.step_cost(a, b))) for b in a.neighbors()
                if self.passable(a, b) is None)
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


def _direction(a: Hex, b: Hex) -> int:
    direction = a.direction_to(b)
    if direction is None:
        raise ValueError(f"{a} and {b} are not neighbours")
    return direction
