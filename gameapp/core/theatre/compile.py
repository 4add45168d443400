"""Compile a theatre map's source (`TheatreSpec`) onto its hexes (`TheatreMap`). Pure geometry.

1. Terrain: areas painted in order, later on top; a hex takes the terrain covering most of it
   (`mapcompile.majority_terrain`, the tactical compiler's rule), the base (sea) where none does.
2. Hexsides: a line marks the chain of hexsides it separates (`MapGrid.sides_crossed`), with its
   name. A gap marks the ridge hexside nearest its point (within 1.5 units) as crossable.
3. Closed waters: the water hexes whose centres lie in the area.
4. Rail lines and roads: the chain of hexes each line runs through (`MapGrid.hex_chains`); each
   step is a link that keeps the line's company, gauge and opening year.
5. Places: the hex holding each point. A major city or city makes its hex city terrain; a town
   with a role (supply, port, fort, victory) makes it town terrain.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import shapely

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.mapcompile import Issue, MapCompileError, majority_terrain
from gameapp.core.mapgeometry import MapGrid
from gameapp.core.theatre.chart import (
    HexFlag,
    PlaceRole,
    PlaceSize,
    TheatreHexside,
    TheatreTerrain,
)
from gameapp.core.theatre.spec import TheatreSpec
from gameapp.core.theatre.theatremap import Border, Place, RailLink, TheatreMap

_GAP_REACH = 1.5


def compile_theatre(spec: TheatreSpec) -> TheatreMap:
    """The compiled map. Raises MapCompileError listing every problem found."""
    grid = MapGrid(spec.numbering)
    issues: list[Issue] = []
    theatre = TheatreMap.blank(spec.name, spec.numbering, spec.base_terrain)
    theatre.source = spec.source
    shape = (grid.height, grid.width)
    codes = majority_terrain(
        grid, spec.terrain, int(spec.base_terrain), issues, kinds=len(TheatreTerrain)
    )
    theatre.terrain[:] = codes.reshape(shape)
    _mark_hexsides(grid, theatre, spec, issues)
    _mark_closed_waters(grid, theatre, spec)
    for rail in spec.railroads:
        for a, b in _steps(grid, rail.line):
            theatre.rail.append(
                RailLink(Hexside.between(a, b), rail.company, rail.opened, rail.gauge)
            )
    theatre.rail = sorted(set(theatre.rail), key=_link_order)
    for road in spec.roads:
        for a, b in _steps(grid, road.line):
            theatre.add_road(a, b, road.kind)
    _place(grid, theatre, spec, issues)
    theatre.borders = [Border(b.points, b.since) for b in spec.borders]
    if issues:
        raise MapCompileError(issues)
    return theatre


def _link_order(link: RailLink) -> tuple[int, int, int, str]:
    return link.side.hex.q, link.side.hex.r, link.side.direction, link.company


def _hex_of(grid: MapGrid, x: float, y: float) -> Hex:
    q, r = grid.hexes_at(np.array([x]), np.array([y]))
    return Hex(int(q[0]), int(r[0]))


def _steps(grid: MapGrid, line: shapely.LineString) -> list[tuple[Hex, Hex]]:
    """The neighbouring pairs of hexes a line runs through, at least one of each on the map."""
    return [
        (a, b)
        for chain in grid.hex_chains(line)
        for a, b in pairwise(chain)
        if grid.contains(a) or grid.contains(b)
    ]


def _mark_hexsides(
    grid: MapGrid, theatre: TheatreMap, spec: TheatreSpec, issues: list[Issue]
) -> None:
    gaps = [s for s in spec.hexsides if s.feature is TheatreHexside.GAP]
    for item in (s for s in spec.hexsides if s.feature is not TheatreHexside.GAP):
        if item.line is None:  # a hand-edited file: only a gap stands at a point
            issues.append(Issue(item.where, "this hexside feature needs a line: [[x, y], ...] "
                                "along its course (only a gap stands at points)"))
            continue
        sides = grid.sides_crossed(item.line)
        if not sides:
            issues.append(Issue(item.where, "the line crosses no hexside of the map"))
        for side in sides:
            theatre.add_hexside(side, item.feature)
            if item.name and item.feature & (
                TheatreHexside.MAJOR_RIVER | TheatreHexside.MINOR_RIVER | TheatreHexside.RIDGE
            ):
                theatre.names.setdefault(side, item.name)
    for gap in gaps:
        for point in gap.points:
            ridges = [
                s
                for s in grid.sides_near(point, _GAP_REACH)
                if _on_map(theatre, s)
                and theatre.hexside_at(*_on_map_end(theatre, s)) & TheatreHexside.RIDGE
            ]
            if not ridges:
                issues.append(Issue(gap.where, f"no ridge hexside is near the {gap.name}"))
                continue
            theatre.add_hexside(ridges[0], TheatreHexside.GAP)
            theatre.names[ridges[0]] = gap.name


def _on_map(theatre: TheatreMap, side: Hexside) -> bool:
    return any(theatre.contains(h) for h in side.hexes())


def _on_map_end(theatre: TheatreMap, side: Hexside) -> tuple[Hex, int]:
    if theatre.contains(side.hex):
        return side.hex, side.direction
    return side.hex.neighbor(side.direction), side.direction + 3


def _mark_closed_waters(grid: MapGrid, theatre: TheatreMap, spec: TheatreSpec) -> None:
    centres = shapely.points(np.stack([grid.x, grid.y], axis=1))
    water = np.isin(theatre.terrain.ravel(), [TheatreTerrain.SEA, TheatreTerrain.LAKE])
    for item in spec.closed_waters:
        assert item.area is not None
        inside = shapely.contains(item.area, centres) & water
        theatre.flags.reshape(-1)[inside] |= np.uint8(HexFlag.CLOSED_WATER)


def _place(grid: MapGrid, theatre: TheatreMap, spec: TheatreSpec, issues: list[Issue]) -> None:
    for item in spec.places:
        h = _hex_of(grid, item.point.x, item.point.y)
        if not grid.contains(h):
            issues.append(Issue(item.where, f"{item.name}, {item.state} lies off the map"))
            continue
        theatre.places.append(
            Place(
                item.name,
                item.state,
                h,
                item.size,
                item.roles,
                item.source,
                item.state_from_1863,
                (item.point.x, item.point.y),
                item.lonlat,
            )
        )
        if item.size >= PlaceSize.CITY:
            theatre.terrain[theatre.index(h)] = TheatreTerrain.CITY
        elif item.roles != PlaceRole.NONE and theatre.terrain_at(h) is not TheatreTerrain.CITY:
            theatre.terrain[theatre.index(h)] = TheatreTerrain.TOWN
