"""The vector source of a map after reading: what `mapcompile` compiles into a `HexMap`.

Every geometry here is already in *map hex units* (see `mapgeometry`), every hex id already parsed
and every name already turned into its enum. `mapfile` builds a `MapSpec` from YAML; code and tests
may build one directly. Each item carries `where`, the path of its entry in the source document
(such as `("terrain", 3)`), so that a problem the compiler finds can be reported at its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from shapely.geometry import LineString, MultiPolygon, Point, Polygon

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.mapdata import SlopeThresholds
from gameapp.core.numbering import Numbering
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Terrain

Where = tuple[str | int, ...]
Area: TypeAlias = Polygon | MultiPolygon


@dataclass
class TerrainSpec:
    """A terrain drawn as an area, or given as a list of whole hexes."""

    terrain: Terrain
    area: Area | None = None
    hexes: list[Hex] = field(default_factory=list)
    where: Where = ()


@dataclass
class HexsideSpec:
    """A hexside feature: a line to snap, points (fords, bridges) or explicit hexsides."""

    feature: HexsideFeature
    line: LineString | None = None
    points: list[Point] = field(default_factory=list)
    sides: list[Hexside] = field(default_factory=list)
    where: Where = ()


@dataclass
class RoadSpec:
    """A road of one grade: a line to follow, or a chain of neighbouring hexes."""

    grade: RoadGrade
    line: LineString | None = None
    hexes: list[Hex] = field(default_factory=list)
    bridge: bool = False  # bridge every stream or creek hexside the road crosses
    where: Where = ()


@dataclass
class ContourSpec:
    """An area at or above `height` feet."""

    height: int
    area: Area
    where: Where = ()


@dataclass
class FeatureSpec:
    """An additional hex feature: an area, a line, points, or a list of hexes."""

    feature: HexFeature
    area: Area | None = None
    line: LineString | None = None
    points: list[Point] = field(default_factory=list)
    hexes: list[Hex] = field(default_factory=list)
    where: Where = ()


@dataclass
class OverrideSpec:
    """A hand edit of one hex, applied after everything else. None leaves a value alone."""

    hex: Hex
    terrain: Terrain | None = None
    elevation: int | None = None
    features: HexFeature | None = None  # replaces the hex's features, derived ones included
    where: Where = ()


@dataclass
class MapSpec:
    name: str
    numbering: Numbering
    base_terrain: Terrain = Terrain.CLEAR
    base_elevation: int = 0
    slope_thresholds: SlopeThresholds = field(default_factory=SlopeThresholds)
    friendly_edges: dict[str, list[str]] = field(default_factory=dict)
    derive_slope_tops: bool = True
    terrain: list[TerrainSpec] = field(default_factory=list)
    hexsides: list[HexsideSpec] = field(default_factory=list)
    roads: list[RoadSpec] = field(default_factory=list)
    contours: list[ContourSpec] = field(default_factory=list)
    elevations: dict[Hex, int] = field(default_factory=dict)
    features: list[FeatureSpec] = field(default_factory=list)
    overrides: list[OverrideSpec] = field(default_factory=list)
    source: str = ""
