"""The vector source of a theatre map after reading, in map hex units: what `compile` turns into a
`TheatreMap`. Each item keeps `where`, the path of its source entry, for file:line problems."""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import LineString, Point, Polygon

from gameapp.core.hexgrid import Hex
from gameapp.core.mapspec import Where
from gameapp.core.numbering import Numbering
from gameapp.core.theatre.chart import (
    PlaceRole,
    PlaceSize,
    RoadKind,
    TheatreHexside,
    TheatreTerrain,
)


@dataclass
class AreaSpec:
    terrain: TheatreTerrain
    area: Polygon | None
    where: Where = ()
    hexes: list[Hex] = field(default_factory=list)


@dataclass
class SideSpec:
    feature: TheatreHexside
    name: str
    line: LineString | None = None
    points: list[Point] = field(default_factory=list)
    where: Where = ()


@dataclass
class RailSpec:
    company: str
    opened: int
    gauge: str
    line: LineString
    where: Where = ()


@dataclass
class RoadSpec:
    name: str
    kind: RoadKind
    line: LineString
    where: Where = ()


@dataclass
class PlaceSpec:
    name: str
    state: str
    point: Point
    size: PlaceSize
    roles: PlaceRole
    source: str
    state_from_1863: str | None
    where: Where = ()
    lonlat: tuple[float, float] | None = None


@dataclass
class BorderSpec:
    points: tuple[tuple[float, float], ...]
    since: str | None


@dataclass
class TheatreSpec:
    name: str
    numbering: Numbering
    base_terrain: TheatreTerrain
    terrain: list[AreaSpec] = field(default_factory=list)
    hexsides: list[SideSpec] = field(default_factory=list)
    closed_waters: list[AreaSpec] = field(default_factory=list)
    railroads: list[RailSpec] = field(default_factory=list)
    roads: list[RoadSpec] = field(default_factory=list)
    places: list[PlaceSpec] = field(default_factory=list)
    borders: list[BorderSpec] = field(default_factory=list)
    source: str = ""
