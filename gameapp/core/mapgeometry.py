"""The hex grid of one map as shapely geometry, in map hex units.

The map frame
-------------
Vector sources are drawn in *map hex units*: the frame of `Layout(orientation, size=1.0)` placed
so that the centre of the top-left hex (screen offset column 0, row 0) is at (0, 0). x grows to the
right and y grows *down*, as on screen. One unit is a hex's centre-to-corner distance, so
neighbouring centres are sqrt(3) apart. For flat-top hexes the centre of offset (col, row) is at
x = 1.5 col, y = sqrt(3) row, plus sqrt(3)/2 in odd columns (minus, when the map shoves even
columns); for pointy-top hexes x and y swap roles. A `Frame` converts other units (yards, metres,
a scanned map's pixels) into this frame.

What this module answers
------------------------
- which hexes an area covers and by how much (`MapGrid.pieces`), with an STRtree of hex polygons;
- which hexsides a line crosses (`MapGrid.sides_crossed`), the chain of hexes a line runs through
  (`MapGrid.hex_chains`), the hexsides near a point (`MapGrid.sides_near`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from gameapp.core.hexgrid import AXIAL_DIRECTIONS, Hex, Hexside, Layout, Orientation, cube_round
from gameapp.core.numbering import Numbering

SQRT3 = math.sqrt(3.0)
HEX_AREA = 1.5 * SQRT3  # the area of a hex of size 1
_NUDGE = (1.1e-7, 1.7e-7)  # moves a line off exact hex centres, so every crossing is clear-cut
_STEP = 0.05  # sampling step along a line when walking it hex by hex
_SHORT_VISIT = 0.3  # a road that clips a hex for less than this does not enter it
_MARGIN = 2.0  # how far past the map's edge lines are followed: one ring of off-map hexes


@dataclass(frozen=True)
class Frame:
    """The frame a map's coordinates are written in, relative to the map frame.

    hex_across: the distance between neighbouring hex centres in the source's units;
    origin: where the first (top-left) hex centre is in the source's units;
    y_up: True when the source's y axis points up (surveys, GIS), False when down (screens).
    """

    hex_across: float = SQRT3
    origin: tuple[float, float] = (0.0, 0.0)
    y_up: bool = False

    def to_map(self, coords: np.ndarray) -> np.ndarray:
        scale = SQRT3 / self.hex_across
        out: np.ndarray = (np.asarray(coords, dtype=float) - np.asarray(self.origin)) * scale
        if self.y_up:
            out[..., 1] = -out[..., 1]
        return out


class MapGrid:
    """The hexes of a map in row-major order (index = row * width + col), with their geometry."""

    def __init__(self, numbering: Numbering) -> None:
        self.numbering = numbering
        self.layout = Layout(numbering.orientation, 1.0, (0.0, 0.0))
        w, h = numbering.width, numbering.height
        self.width, self.height, self.size = w, h, w * h
        cols = np.tile(np.arange(w), h)
        rows = np.repeat(np.arange(h), w)
        self.q, self.r = self._offset_to_axial(cols, rows)
        self.x, self.y = self.centres_of(self.q, self.r)

    # --- hexes and indices ------------------------------------------------------------------
    def _half(self, n: np.ndarray) -> np.ndarray:
        """Vectorised `numbering._half`: the axial correction for offset index n."""
        odd = n & 1
        half: np.ndarray = (n - odd) // 2 if self.numbering.odd_shoved else (n + odd) // 2
        return half

    def _offset_to_axial(self, cols: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self.numbering.orientation is Orientation.FLAT:
            return cols, rows - self._half(cols)
        return cols - self._half(rows), rows

    def centres_of(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self.numbering.orientation is Orientation.FLAT:
            return 1.5 * q, SQRT3 / 2 * q + SQRT3 * r
        return SQRT3 * q + SQRT3 / 2 * r, 1.5 * r

    def hexes_at(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The axial (q, r) of the hexes holding each point (on the map or not)."""
        if self.numbering.orientation is Orientation.FLAT:
            fq = 2 / 3 * xs
            fr = -1 / 3 * xs + SQRT3 / 3 * ys
        else:
            fq = SQRT3 / 3 * xs - 1 / 3 * ys
            fr = 2 / 3 * ys
        return cube_round(fq, fr)

    def hex(self, index: int) -> Hex:
        return Hex(int(self.q[index]), int(self.r[index]))

    def index(self, h: Hex) -> int | None:
        """The index of a hex, or None when it is off the map."""
        if not self.numbering.contains(h):
            return None
        col, row = self.numbering.hex_to_offset(h)
        return row * self.width + col

    def contains(self, h: Hex) -> bool:
        return self.numbering.contains(h)

    @cached_property
    def neighbours(self) -> np.ndarray:
        """int64 [6, N]: the index of each hex's neighbour in each direction, -1 off the map."""
        result = np.full((6, self.size), -1, dtype=np.int64)
        for d, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
            result[d] = self.indices_of(self.q + dq, self.r + dr)
        return result

    def indices_of(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        """The index of each axial hex, -1 where it is off the map."""
        if self.numbering.orientation is Orientation.FLAT:
            col, row = q, r + self._half(q)
        else:
            col, row = q + self._half(r), r
        inside = (col >= 0) & (col < self.width) & (row >= 0) & (row < self.height)
        return np.where(inside, row * self.width + col, -1)

    # --- areas ------------------------------------------------------------------------------
    @cached_property
    def polygons(self) -> np.ndarray:
        """The hexes as shapely polygons, by index."""
        corners = np.array([self.layout.corner_offset(i) for i in range(6)])
        centres = np.stack([self.x, self.y], axis=1)
        polygons: np.ndarray = shapely.polygons(centres[:, None, :] + corners[None, :, :])
        return polygons

    @cached_property
    def tree(self) -> shapely.STRtree:
        return shapely.STRtree(self.polygons)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of the hexes on the map."""
        corners = np.array([self.layout.corner_offset(i) for i in range(6)])
        dx, dy = np.abs(corners).max(axis=0)
        return self.x.min() - dx, self.y.min() - dy, self.x.max() + dx, self.y.max() + dy

    def pieces(self, area: BaseGeometry) -> tuple[np.ndarray, np.ndarray]:
        """The indices of the hexes an area overlaps, and the part of each hex it covers."""
        shapely.prepare(area)
        idx = self.tree.query(area, predicate="intersects")
        hexes = self.polygons[idx]
        inside = shapely.contains_properly(area, hexes)
        pieces = hexes.copy()
        pieces[~inside] = shapely.intersection(hexes[~inside], area)
        return idx, pieces

    def hexes_union(self, hexes: list[Hex]) -> BaseGeometry:
        """The area of a list of hexes on the map."""
        indices = [i for i in (self.index(h) for h in hexes) if i is not None]
        return shapely.union_all(self.polygons[indices])

    # --- hexsides ---------------------------------------------------------------------------
    @cached_property
    def _sides(self) -> tuple[np.ndarray, np.ndarray, shapely.STRtree]:
        """Every hexside of the map once: canonical (q, r, direction) rows and the segments
        joining the centres of its two hexes."""
        keys, segments = [], []
        for d, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
            nb = self.neighbours[d]
            # sides towards directions 0..2 once from each hex; 3..5 only towards off-map hexes,
            # whose own canonical side (from the off-map hex) no on-map hex lists otherwise
            take = np.ones(self.size, bool) if d < 3 else nb < 0
            q, r = self.q[take], self.r[take]
            if d < 3:
                keys.append(np.stack([q, r, np.full(q.shape, d)], axis=1))
            else:
                keys.append(np.stack([q + dq, r + dr, np.full(q.shape, d - 3)], axis=1))
            ax, ay = self.centres_of(q, r)
            bx, by = self.centres_of(q + dq, r + dr)
            segments.append(np.stack([np.stack([ax, ay], 1), np.stack([bx, by], 1)], axis=1))
        lines = shapely.linestrings(np.concatenate(segments))
        return np.concatenate(keys), lines, shapely.STRtree(lines)

    def sides_crossed(self, line: LineString) -> list[Hexside]:
        """The hexsides a line separates: those whose centre-to-centre segment it crosses an odd
        number of times.

        The segments joining neighbouring hex centres form a triangular lattice whose triangles
        are dual to the hex corners and whose edges are dual to the hexsides. A line runs through
        a sequence of triangles, leaving each one through an edge, so the hexsides it crosses
        follow one another corner to corner: a connected chain of hex edges, each corner within
        one unit of the line. Counting crossings modulo 2 keeps the chain a separator: a hex
        centre and a neighbour's are on opposite sides of the line exactly when the hexside
        between them is marked, so stepping across the drawn line always crosses a marked
        hexside and moving along it crosses none. The line is nudged by a tiny amount so that
        it never passes exactly through a hex centre.
        """
        keys, segments, tree = self._sides
        nudged = shapely.transform(line, lambda c: c + np.array(_NUDGE))
        idx = tree.query(nudged, predicate="intersects")
        if idx.size == 0:
            return []
        hits = shapely.get_num_geometries(shapely.intersection(segments[idx], nudged))
        odd = idx[hits % 2 == 1]
        return [Hexside(Hex(q, r), d) for q, r, d in keys[odd].tolist()]

    def side_cells(self, sides: list[Hexside]) -> np.ndarray:
        """Where the sides are stored in a flattened [h, w, 6] hexside array: both halves of
        each side, less the halves in off-map hexes."""
        if not sides:
            return np.zeros(0, dtype=np.int64)
        q, r, d = np.array([(s.hex.q, s.hex.r, s.direction) for s in sides]).T
        step = np.array(AXIAL_DIRECTIONS)[d]
        near = self.indices_of(q, r) * 6 + d
        far = self.indices_of(q + step[:, 0], r + step[:, 1]) * 6 + (d + 3)
        return np.concatenate([near[near >= 0], far[far >= 0]])

    def sides_near(self, point: Point, reach: float) -> list[Hexside]:
        """The hexsides whose midpoints are within `reach` of a point, nearest first."""
        q, r = self.hexes_at(np.array([point.x]), np.array([point.y]))
        home = Hex(int(q[0]), int(r[0]))
        found: dict[Hexside, float] = {}
        for h in home.range(math.ceil(reach / SQRT3) + 1):
            cx, cy = self.layout.hex_to_pixel(h)
            for d in range(3):
                nx, ny = self.layout.hex_to_pixel(h.neighbor(d))
                gap = math.hypot((cx + nx) / 2 - point.x, (cy + ny) / 2 - point.y)
                if gap <= reach:
                    found[Hexside(h, d)] = gap
        return sorted(found, key=lambda side: (found[side], side))

    # --- chains of hexes --------------------------------------------------------------------
    @cached_property
    def _frame_box(self) -> BaseGeometry:
        """The map's bounds, widened by a ring of off-map hexes."""
        x0, y0, x1, y1 = self.bounds
        return shapely.box(x0 - _MARGIN, y0 - _MARGIN, x1 + _MARGIN, y1 + _MARGIN)

    def hex_chains(self, line: LineString) -> list[list[Hex]]:
        """The hexes a line runs through, in order, each a neighbour of the one before: one chain
        for each stretch of the line over the map (and the ring of hexes just off it).

        The line is walked in small steps. Where it only clips a hex for a short way (less than
        0.3 units) and the hexes before and after are neighbours anyway, the clipped hex is left
        out, so a road that runs near a hex corner does not zig-zag through a third hex. Where the
        line passes exactly through a corner, the gap is filled with `Hex.line_to`.
        """
        parts = shapely.get_parts(shapely.intersection(line, self._frame_box))
        return [self._walk(p) for p in parts if p.geom_type == "LineString" and p.length > 0]

    def _walk(self, line: LineString) -> list[Hex]:
        coords = np.asarray(line.coords)[:, :2]
        along = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(coords, axis=0).T))])
        steps = max(math.ceil(along[-1] / _STEP), 1)
        at = np.linspace(0.0, along[-1], steps + 1)
        q, r = self.hexes_at(np.interp(at, along, coords[:, 0]), np.interp(at, along, coords[:, 1]))
        starts = np.concatenate([[0], np.flatnonzero((np.diff(q) != 0) | (np.diff(r) != 0)) + 1])
        counts = np.diff(np.append(starts, q.size))
        runs = [(Hex(int(q[i]), int(r[i])), int(n)) for i, n in zip(starts, counts, strict=True)]
        hexes = [h for h, _ in _prune_short_visits(runs, along[-1] / steps)]
        chain = hexes[:1]
        for h in hexes[1:]:
            chain.extend(chain[-1].line_to(h)[1:])
        return chain


def _prune_short_visits(runs: list[tuple[Hex, int]], step: float) -> list[tuple[Hex, int]]:
    """Drop the short inner visits whose hexes before and after are neighbours or the same."""
    items = list(runs)
    i = 1
    while i < len(items) - 1:
        (prev, n_prev), (_, n), (nxt, n_next) = items[i - 1], items[i], items[i + 1]
        if n * step >= _SHORT_VISIT or prev.distance(nxt) > 1:
            i += 1
        elif prev == nxt:
            items[i - 1 : i + 2] = [(prev, n_prev + n + n_next)]
            i = max(i - 1, 1)
        else:
            items[i - 1 : i + 2] = [(prev, n_prev), (nxt, n_next + n)]
            i = max(i - 1, 1)
    return items
