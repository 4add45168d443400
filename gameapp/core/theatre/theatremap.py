"""TheatreMap: a compiled theatre map, as plain arrays plus its links and named places.

Its hexes and [row, col] array indexing are `NumberedGrid`'s, as `HexMap`'s are; hexside flags are
stored from both of their hexes. Rail links keep their company, gauge and opening year, so a
scenario's rail net is the links open in its year (`rail_net`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.numbering import NumberedGrid, Numbering
from gameapp.core.theatre.chart import (
    HexFlag,
    PlaceRole,
    PlaceSize,
    RoadKind,
    TheatreHexside,
    TheatreTerrain,
)

WEST_VIRGINIA_FROM = "1863-06-20"  # West Virginia is a state from this day
BORDER_CHOICES = ("1861", "1863")  # which state lines a scenario uses


@dataclass(frozen=True)
class Place:
    name: str
    state: str  # the state in 1861
    hex: Hex
    size: PlaceSize
    roles: PlaceRole
    source: str
    state_from_1863: str | None = None  # West Virginia's towns
    where: tuple[float, float] = (0.0, 0.0)  # the point, in map hex units
    lonlat: tuple[float, float] | None = None  # longitude, latitude (the generator's fix)

    @property
    def key(self) -> str:
        return f"{self.name}, {self.state}"


@dataclass(frozen=True)
class RailLink:
    """One hex-to-hex step of a railroad."""

    side: Hexside
    company: str
    opened: int
    gauge: str


@dataclass(frozen=True)
class Border:
    """A stretch of state line, in map hex units; `since` is set for the lines of West Virginia
    (drawn only with the 1863 borders)."""

    points: tuple[tuple[float, float], ...]
    since: str | None = None


@dataclass
class TheatreMap(NumberedGrid):
    name: str
    numbering: Numbering
    terrain: np.ndarray  # uint8 [h, w], TheatreTerrain codes
    hexsides: np.ndarray  # uint8 [h, w, 6], TheatreHexside flags
    flags: np.ndarray  # uint8 [h, w], HexFlag
    roads: np.ndarray  # uint8 [h, w, 6], RoadKind of the link to each neighbour
    rail: list[RailLink] = field(default_factory=list)
    places: list[Place] = field(default_factory=list)
    borders: list[Border] = field(default_factory=list)
    names: dict[Hexside, str] = field(default_factory=dict)  # rivers, ridges and gaps by side
    source: str = ""

    @classmethod
    def blank(cls, name: str, numbering: Numbering, terrain: TheatreTerrain) -> TheatreMap:
        shape = (numbering.height, numbering.width)
        return cls(
            name=name,
            numbering=numbering,
            terrain=np.full(shape, int(terrain), dtype=np.uint8),
            hexsides=np.zeros((*shape, 6), dtype=np.uint8),
            flags=np.zeros(shape, dtype=np.uint8),
            roads=np.zeros((*shape, 6), dtype=np.uint8),
        )

    # --- reading ----------------------------------------------------------------------------
    def terrain_at(self, h: Hex) -> TheatreTerrain:
        return TheatreTerrain(int(self.terrain[self.index(h)]))

    def hexside_at(self, h: Hex, direction: int) -> TheatreHexside:
        row, col = self.index(h)
        return TheatreHexside(int(self.hexsides[row, col, direction % 6]))

    def flags_at(self, h: Hex) -> HexFlag:
        return HexFlag(int(self.flags[self.index(h)]))

    def road_at(self, h: Hex, direction: int) -> RoadKind:
        row, col = self.index(h)
        return RoadKind(int(self.roads[row, col, direction % 6]))

    def places_at(self, h: Hex) -> list[Place]:
        return [p for p in self.places if p.hex == h]

    def place(self, text: str) -> Place:
        """A place named as `Centreville, VA` (West Virginia's towns also by their 1863 state).
        Raises KeyError naming the close matches."""
        name, _, state = (part.strip() for part in text.rpartition(","))
        for p in self.places:
            if p.name == name and state in (p.state, p.state_from_1863):
                return p
        near = [p.key for p in self.places if p.name.lower() == (name or state).lower()]
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        raise KeyError(f"no place '{text}' on {self.name}{hint}")

    def rail_links(self, year: int | None = None) -> list[RailLink]:
        """The rail links open in `year` (all of them when None)."""
        return [link for link in self.rail if year is None or link.opened <= year]

    def rail_net(self, year: int | None = None) -> dict[Hex, set[Hex]]:
        """Each hex's rail neighbours in `year`."""
        net: dict[Hex, set[Hex]] = defaultdict(set)
        for link in self.rail_links(year):
            a, b = link.side.hex, link.side.hex.neighbor(link.side.direction)
            net[a].add(b)
            net[b].add(a)
        return net

    def rail_at(self, h: Hex, year: int | None = None) -> list[RailLink]:
        return [
            link for link in self.rail_links(year)
            if h in (link.side.hex, link.side.hex.neighbor(link.side.direction))
        ]

    def border_lines(self, borders: str = "1861") -> list[Border]:
        """The state lines of 1861 (Virginia whole) or 1863 (with West Virginia)."""
        if borders not in BORDER_CHOICES:
            raise ValueError(f"borders are {' or '.join(BORDER_CHOICES)}, not {borders}")
        return [b for b in self.borders if b.since is None or borders == "1863"]

    # --- writing ----------------------------------------------------------------------------
    def add_hexside(self, side: Hexside, flags: TheatreHexside) -> None:
        for h, d in ((side.hex, side.direction), (side.hex.neighbor(side.direction),
                                                  side.direction + 3)):
            if self.contains(h):
                row, col = self.index(h)
                self.hexsides[row, col, d % 6] |= np.uint8(flags)

    def add_road(self, a: Hex, b: Hex, kind: RoadKind) -> None:
        direction = a.direction_to(b)
        if direction is None:
            raise ValueError(f"road link between non-neighbours {a} and {b}")
        for h, d in ((a, direction), (b, direction + 3)):
            if self.contains(h):
                row, col = self.index(h)
                self.roads[row, col, d % 6] = max(int(self.roads[row, col, d % 6]), int(kind))
