"""Compile a map's vector source (`MapSpec`) onto its hex grid (`HexMap`). Pure geometry, no YAML.

Coordinates are map hex units (see `mapgeometry`): `Layout(orientation, size=1.0)` with the centre
of the top-left hex at (0, 0), x right, y down; neighbouring centres are sqrt(3) apart.

How each part is decided, in the order it is done:

1. Terrain. Areas are painted in the order listed, later ones on top of earlier ones. Each hex
   adds up, per terrain, the part of its area that stays visible; what no area covers counts as
   the base terrain. The terrain with the largest visible area wins; on a tie the terrain of the
   later-listed area wins (the base terrain counts as listed first).
2. Elevation. A hex takes the height of the highest contour area holding its centre (a centre on
   the contour's edge is inside), else the base elevation. Spot heights per hex replace that.
3. Hexside features. A line marks the hexsides it separates (`MapGrid.sides_crossed`): a
   connected chain of hex edges along the line. Explicit hexsides are marked as given. Fords and
   bridges come after every line and must lie on a stream or creek hexside: a point marks the
   nearest such hexside within 1.5 units.
4. Roads. A line becomes the chain of hexes it runs through (`MapGrid.hex_chains`); a list of
   hexes is used as given. Each consecutive pair is linked at the road's grade (a better grade
   already there is kept). A road with `bridge` adds a bridge to every stream or creek hexside it
   crosses.
5. Hex features. An area marks the hexes it covers by half or more, a line the hexes it runs
   through, a point the hex it is in; hexes may be listed.
6. Overrides set terrain and elevation. Then, with `derive_slope_tops`, a hex becomes a slope top
   when some neighbour is lower by at least the gentle threshold and none is higher by that much
   (on the map). Last, overrides that list features replace the hex's features, derived ones too.

Problems (an area that is not a valid polygon or lies off the map, a line that crosses no
hexside, a ford off any stream) are collected and raised together as `MapCompileError`, each with
the `where` path of its source entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Protocol

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.mapdata import HexMap, SlopeThresholds
from gameapp.core.mapgeometry import HEX_AREA, MapGrid
from gameapp.core.mapspec import (
    FeatureSpec,
    HexsideSpec,
    MapSpec,
    OverrideSpec,
    RoadSpec,
    Where,
)
from gameapp.core.terrain import HexFeature, HexsideFeature, Terrain

_WATER = HexsideFeature.STREAM | HexsideFeature.CREEK
_CROSSINGS = HexsideFeature.FORD | HexsideFeature.BRIDGE
_EPSILON = 1e-9
_REACH = 1.5  # how far from a ford's or bridge's point its hexside may be, in hex units


@dataclass(frozen=True)
class Issue:
    where: Where
    message: str
    crosses: Where | None = None  # a polygon's other edge at its fault, reported by its line


class MapCompileError(Exception):
    def __init__(self, issues: list[Issue]) -> None:
        self.issues = issues
        super().__init__("\n".join(f"{i.where}: {i.message}" for i in issues))


def compile_spec(spec: MapSpec) -> HexMap:
    """The compiled map. Raises MapCompileError listing every problem found."""
    grid = MapGrid(spec.numbering)
    issues: list[Issue] = []
    hexmap = HexMap.blank(spec.name, spec.numbering, spec.base_terrain)
    hexmap.slope_thresholds = spec.slope_thresholds
    hexmap.friendly_edges = {side: list(p) for side, p in spec.friendly_edges.items()}
    hexmap.source = spec.source
    shape = (grid.height, grid.width)

    hexmap.terrain[:] = majority_terrain(grid, spec.terrain, spec.base_terrain, issues).reshape(
        shape
    )
    hexmap.elevation[:] = elevations(grid, spec, issues).reshape(shape)
    lines = [s for s in spec.hexsides if not s.feature & _CROSSINGS]
    for item in [*lines, *(s for s in spec.hexsides if s.feature & _CROSSINGS)]:
        _mark_hexsides(grid, hexmap, item, issues)
    for road in spec.roads:
        _lay_road(grid, hexmap, road, issues)
    for feature in spec.features:
        _mark_features(grid, hexmap, feature, issues)
    for o in spec.overrides:
        if not grid.contains(o.hex):
            issues.append(Issue(o.where, f"the hex q={o.hex.q}, r={o.hex.r} is off the map"))
    overrides = [o for o in spec.overrides if grid.contains(o.hex)]
    _apply_overrides(hexmap, overrides, features=False)
    if spec.derive_slope_tops:
        tops = slope_tops(hexmap.elevation.ravel(), grid.neighbours, spec.slope_thresholds)
        hexmap.features[tops.reshape(shape)] |= np.uint8(HexFeature.SLOPE_TOP)
    _apply_overrides(hexmap, overrides, features=True)
    if issues:
        raise MapCompileError(issues)
    return hexmap


# --- terrain ---------------------------------------------------------------------------------
class PaintedArea(Protocol):
    """An area painted with one terrain code: the tactical `TerrainSpec`, or a theatre map's."""

    @property
    def terrain(self) -> int: ...
    @property
    def area(self) -> BaseGeometry | None: ...
    @property
    def hexes(self) -> list[Hex]: ...
    @property
    def where(self) -> Where: ...


def majority_terrain(
    grid: MapGrid,
    items: Sequence[PaintedArea],
    base: int,
    issues: list[Issue],
    kinds: int = len(Terrain),
) -> np.ndarray:
    """uint8 [N]: the terrain with the largest visible area in each hex (see the module doc);
    `kinds` is the number of terrain codes of the chart in use."""
    area = np.zeros((grid.size, kinds))
    rank = np.full((grid.size, kinds), -1)  # the latest-listed area of each terrain seen
    claimed = np.full(grid.size, None, dtype=object)  # the part of each hex already painted
    for order in range(len(items) - 1, -1, -1):  # top first: later areas hide earlier ones
        item = items[order]
        shape = _area_of(grid, item, issues)
        if shape is None:
            continue
        idx, pieces = grid.pieces(shape)
        before = claimed[idx]
        painted = shapely.is_geometry(before)
        visible = pieces.copy()
        if painted.any():
            visible[painted] = shapely.difference(pieces[painted], before[painted].astype(object))
            claimed[idx[painted]] = shapely.union(before[painted].astype(object), pieces[painted])
        claimed[idx[~painted]] = pieces[~painted]
        seen = shapely.area(visible)
        t = int(item.terrain)
        area[idx, t] += seen
        rank[idx, t] = np.where(seen > _EPSILON, np.maximum(rank[idx, t], order), rank[idx, t])
    area[:, int(base)] += np.clip(HEX_AREA - area.sum(axis=1), 0.0, None)
    best = area.max(axis=1, keepdims=True)
    tied = area >= best - _EPSILON
    majority: np.ndarray = np.argmax(np.where(tied, rank, -2), axis=1).astype(np.uint8)
    return majority


def _area_of(grid: MapGrid, item: PaintedArea, issues: list[Issue]) -> BaseGeometry | None:
    if item.area is None:
        return grid.hexes_union(item.hexes) if item.hexes else None
    return checked_area(grid, item.area, item.where, issues)


def checked_area(
    grid: MapGrid, area: BaseGeometry, where: Where, issues: list[Issue]
) -> BaseGeometry | None:
    """The area if it is a valid polygon that overlaps the map, else None and an issue."""
    if not area.is_valid:
        reason = shapely.is_valid_reason(area)
        near, other = _fault_edges(area, reason, where)
        issues.append(Issue(near, f"not a valid polygon: {_readable(reason)}", other))
        return None
    if area.area <= _EPSILON:
        issues.append(Issue(where, "the polygon has no area"))
        return None
    if not grid.tree.query(area, predicate="intersects").size:
        issues.append(Issue(where, f"the polygon lies entirely off the map ({_extent(grid)})"))
        return None
    return area


def _fault_edges(area: BaseGeometry, reason: str, where: Where) -> tuple[Where, Where | None]:
    """Where the polygon's edges that meet at the fault GEOS names begin (so a long polygon's
    fault is reported at the lines of its points), else the area's own place."""
    at = reason[:-1].split("[", 1)[1].split() if "[" in reason and reason.endswith("]") else []
    exterior = getattr(area, "exterior", None)
    if len(at) != 2 or exterior is None:
        return where, None
    fault = shapely.Point(float(at[0]), float(at[1]))
    coords = list(exterior.coords)
    gaps = [shapely.LineString(coords[k:k + 2]).distance(fault) for k in range(len(coords) - 1)]
    if not gaps:
        return where, None
    order = sorted(range(len(gaps)), key=gaps.__getitem__)
    first = (*where, "polygon", order[0])
    touching = [k for k in order[1:] if gaps[k] <= gaps[order[0]] + 1e-9 and
                abs(k - order[0]) > 1]
    return first, ((*where, "polygon", touching[0]) if touching else None)


def _readable(reason: str) -> str:
    """GEOS's 'Self-intersection[1.5 2]' as 'self-intersection at (1.5, 2)'."""
    if "[" in reason and reason.endswith("]"):
        what, at = reason[:-1].split("[", 1)
        return f"{what.lower()} at ({', '.join(at.split())})"
    return reason.lower()


def _extent(grid: MapGrid) -> str:
    x0, y0, x1, y1 = (round(float(v), 1) for v in grid.bounds)
    return f"the map spans x {x0} to {x1} and y {y0} to {y1} in hex units"


# --- elevation -------------------------------------------------------------------------------
def elevations(grid: MapGrid, spec: MapSpec, issues: list[Issue]) -> np.ndarray:
    """int16 [N]: contour heights at hex centres, else the base; then the spot heights."""
    height = np.full(grid.size, -np.inf)
    for contour in spec.contours:
        area = checked_area(grid, contour.area, contour.where, issues)
        if area is None:
            continue
        x0, y0, x1, y1 = area.bounds
        near = np.flatnonzero((grid.x >= x0) & (grid.x <= x1) & (grid.y >= y0) & (grid.y <= y1))
        shapely.prepare(area)
        inside = near[shapely.intersects_xy(area, grid.x[near], grid.y[near])]
        height[inside] = np.maximum(height[inside], contour.height)
    result = np.where(np.isfinite(height), height, spec.base_elevation).astype(np.int16)
    for h, feet in spec.elevations.items():
        index = grid.index(h)
        if index is not None:
            result[index] = feet
    return result


def slope_tops(
    elevation: np.ndarray, neighbours: np.ndarray, limits: SlopeThresholds
) -> np.ndarray:
    """bool [N]: hexes with a neighbour lower by the gentle threshold or more and none higher."""
    elevation = elevation.astype(np.int32)
    down = np.zeros(elevation.shape, bool)
    up = np.zeros(elevation.shape, bool)
    for nb in neighbours:
        on_map = nb >= 0
        rise = np.where(on_map, elevation[np.maximum(nb, 0)] - elevation, 0)
        up |= on_map & (rise >= limits.gentle)
        down |= on_map & (-rise >= limits.gentle)
    return down & ~up


# --- hexsides and roads ----------------------------------------------------------------------
def _mark_hexsides(grid: MapGrid, hexmap: HexMap, item: HexsideSpec, issues: list[Issue]) -> None:
    sides = list(item.sides)
    if item.line is not None:
        crossed = grid.sides_crossed(item.line)  # only sides with a hex on the map
        if not crossed:
            issues.append(Issue(item.where, "the line crosses no hexside of the map"))
        sides.extend(crossed)
    for point in item.points:  # fords and bridges: the nearest stream or creek hexside
        wet = [s for s in grid.sides_near(point, _REACH) if _on_map(grid, s) and _wet(hexmap, s)]
        if not wet:
            issues.append(
                Issue(
                    item.where,
                    f"no stream or creek hexside is near ({point.x:g}, "
                    f"{point.y:g}) for the {item.feature.label}",
                )
            )
            continue
        sides.append(wet[0])
    if item.feature & _CROSSINGS:
        dry = [s for s in sides if not _wet(hexmap, s)]
        for side in dry:
            where, name = describe_side(hexmap, side), item.feature.label
            issues.append(Issue(item.where, f"the {name} at {where} is not on a stream or creek"))
        sides = [s for s in sides if s not in dry]
    hexmap.hexsides.reshape(-1)[grid.side_cells(sides)] |= np.uint16(item.feature)


def _lay_road(grid: MapGrid, hexmap: HexMap, road: RoadSpec, issues: list[Issue]) -> None:
    chains = [list(road.hexes)] if road.line is None else grid.hex_chains(road.line)
    links = [
        (a, b)
        for chain in chains
        for a, b in pairwise(chain)
        if grid.contains(a) or grid.contains(b)
    ]
    if road.line is not None and not links:
        issues.append(Issue(road.where, "the road's line links no two hexes of the map"))
    for a, b in links:
        if a.direction_to(b) is None:
            issues.append(
                Issue(road.where, f"hexes {_id(hexmap, a)} and {_id(hexmap, b)} are not neighbours")
            )
            continue
        hexmap.add_road(a, b, road.grade)
        side = Hexside.between(a, b)
        if road.bridge and _wet(hexmap, side):
            hexmap.add_hexside(side.hex, side.direction, HexsideFeature.BRIDGE)


def _wet(hexmap: HexMap, side: Hexside) -> bool:
    return bool(hexmap.hexside_at_any(side.hex, side.direction) & _WATER)


def _on_map(grid: MapGrid, side: Hexside) -> bool:
    a, b = side.hexes()
    return grid.contains(a) or grid.contains(b)


def _id(hexmap: HexMap, h: Hex) -> str:
    return hexmap.hex_id(h) if hexmap.contains(h) else f"(off the map: q={h.q}, r={h.r})"


def describe_side(hexmap: HexMap, side: Hexside) -> str:
    """A hexside in printed ids: 'hexside 0504/0505', or 'the map edge of 0501'."""
    ids = sorted(hexmap.hex_id(h) for h in side.hexes() if hexmap.contains(h))
    return f"hexside {ids[0]}/{ids[1]}" if len(ids) == 2 else f"the map edge of {ids[0]}"


# --- hex features and overrides --------------------------------------------------------------
def _mark_features(grid: MapGrid, hexmap: HexMap, item: FeatureSpec, issues: list[Issue]) -> None:
    marked: set[int] = set()
    if item.area is not None:
        area = checked_area(grid, item.area, item.where, issues)
        if area is not None:
            idx, pieces = grid.pieces(area)
            marked.update(idx[shapely.area(pieces) >= HEX_AREA / 2 - _EPSILON].tolist())
            if not marked:
                issues.append(Issue(item.where, "the polygon covers no hex by half or more"))
    hexes = list(item.hexes)
    if item.line is not None:
        hexes.extend(h for chain in grid.hex_chains(item.line) for h in chain)
    for point in item.points:
        q, r = grid.hexes_at(np.array([point.x]), np.array([point.y]))
        hexes.append(Hex(int(q[0]), int(r[0])))
    for h in hexes:
        index = grid.index(h)
        if index is not None:
            marked.add(index)
    if (item.line is not None or item.points) and not marked:
        what = "the line marks" if item.line is not None else "the points mark"
        issues.append(Issue(item.where, f"{what} no hex of the map"))
    flat = hexmap.features.reshape(-1)
    flat[sorted(marked)] |= np.uint8(item.feature)


def _apply_overrides(hexmap: HexMap, overrides: list[OverrideSpec], *, features: bool) -> None:
    for o in overrides:
        index = hexmap.index(o.hex)
        if features:
            if o.features is not None:
                hexmap.features[index] = int(o.features)
            continue
        if o.terrain is not None:
            hexmap.terrain[index] = int(o.terrain)
        if o.elevation is not None:
            hexmap.elevation[index] = o.elevation
