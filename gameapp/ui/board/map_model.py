"""MapModel: everything the painter needs from a HexMap, computed once in scene units.

Per hex: terrain, features, fill colour (terrain over elevation-shaded ground), pattern variant,
polygon and grid edges. Per line: hexside feature segments (with their downhill side), contour
lines between elevation bands, road links, and the "arms" along which sunken roads and railroad
cuts run. Line lists come with their midpoints in PointRows so a rectangle selects them quickly.
The model reads the map's values as plain numbers (HexMap.flat_values): a map from the map cache
is drawn without numpy (issue 28: start-up).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QColor, QPolygonF

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import HexFeature, RoadGrade, Terrain
from gameapp.ui.board import palette as pal
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.hexside_art import Segment
from gameapp.ui.board.point_rows import PointRows
from gameapp.ui.board.terrain_art import VARIANTS

Point = tuple[float, float]
_NICE_INTERVALS = (5, 10, 20, 25, 50, 100, 200, 250, 500)


def contour_interval(elevation: Sequence[int], max_bands: int = 8) -> int:
    """The smallest round interval (feet) that splits the map's relief (the elevations of its
    hexes) into at most `max_bands`."""
    span = max(elevation) - min(elevation) if elevation else 0
    for interval in _NICE_INTERVALS:
        if span // interval < max_bands:
            return interval
    return _NICE_INTERVALS[-1]


class MapModel:
    def __init__(self, hex_map: HexMap, geometry: BoardGeometry) -> None:
        self.map = hex_map
        self.geo = geometry
        self._elevation = hex_map.flat_values("elevation")
        self._roads = hex_map.flat_values("roads")
        self.interval = contour_interval(self._elevation)
        width = hex_map.width
        # each hex's cell in the map's flat arrays, in the geometry's order of hexes
        self._cell = [row * width + col for row, col in map(hex_map.index, geometry.hexes)]
        self._cell_of = dict(zip(geometry.hexes, self._cell, strict=True))
        self._build_hexes()
        self._build_grid()
        self._build_hexsides()
        self._build_contours()
        self._build_roads()

    # --- hexes ------------------------------------------------------------------------------
    def _build_hexes(self) -> None:
        m, geo, cells, elevation = self.map, self.geo, self._cell, self._elevation
        base = min(elevation) if elevation else 0
        self.bands = [(elevation[k] - base) // self.interval for k in cells]
        band_count = max(self.bands) + 1 if self.bands else 1
        terrain, features = m.flat_values("terrain"), m.flat_values("features")
        self.terrain = [Terrain(terrain[k]) for k in cells]
        self.features = [features[k] for k in cells]
        colours: dict[tuple[int, int], QColor] = {}
        self.fills: list[QColor] = []
        for t, b in zip(self.terrain, self.bands, strict=True):
            key = (int(t), b)
            if key not in colours:
                colours[key] = pal.hex_fill(t, b, band_count)
            self.fills.append(colours[key])
        self._polygons: dict[int, QPolygonF] = {}  # by hex index, made when first drawn
        self.variants = [(h.q * 7 + h.r * 13) % VARIANTS for h in geo.hexes]
        self._hex_ids: list[str] | None = None

    def polygon(self, i: int) -> QPolygonF:
        """Hex `i`'s outline (made when first drawn: a view draws a few of the map's hexes)."""
        shape = self._polygons.get(i)
        if shape is None:
            x, y = self.geo.centres[i]
            shape = self._polygons[i] = self.geo.hex_shape.translated(float(x), float(y))
        return shape

    def _build_grid(self) -> None:
        layout = self.geo.layout
        ends = [layout.hexside_endpoints(Hexside(Hex(0, 0), d)) for d in range(3)] + [
            layout.hexside_endpoints(Hexside.of(Hex(0, 0), d)) for d in range(3, 6)
        ]
        ox, oy = layout.origin
        self._side_offsets = [((a[0] - ox, a[1] - oy), (b[0] - ox, b[1] - oy)) for a, b in ends]
        self._grid: dict[int, list[QLineF]] = {}  # by hex index, made when first drawn

    def grid_lines(self, i: int) -> list[QLineF]:
        """Hex `i`'s share of the grid: its sides 0..2, plus any side on the map's edge."""
        lines = self._grid.get(i)
        if lines is None:
            h, (x, y) = self.geo.hexes[i], self.geo.centres[i]
            offsets, contains = self._side_offsets, self.map.contains
            own = [d for d in range(6) if d < 3 or not contains(h.neighbor(d))]
            lines = self._grid[i] = [
                QLineF(x + offsets[d][0][0], y + offsets[d][0][1],
                       x + offsets[d][1][0], y + offsets[d][1][1])
                for d in own
            ]
        return lines

    @property
    def hex_ids(self) -> list[str]:
        if self._hex_ids is None:
            self._hex_ids = [self.map.hex_id(h) for h in self.geo.hexes]
        return self._hex_ids

    # --- lines ------------------------------------------------------------------------------
    def _build_hexsides(self) -> None:
        layout = self.geo.layout
        self.hexsides: list[tuple[Segment, int]] = []
        for side, flags in self.map.hexside_features().items():
            a, b = layout.hexside_endpoints(side)
            self.hexsides.append((Segment(a, b, self._downhill(side, a, b)), int(flags)))
        self.hexside_mid = _midpoints([(s.a, s.b) for s, _ in self.hexsides])

    def _downhill(self, side: Hexside, a: Point, b: Point) -> Point:
        """Unit normal of the side pointing into its lower hex (or its second hex when level)."""
        first, second = side.hexes()
        low = second
        if self.map.contains(first) and self.map.contains(second):
            if self._height(first) < self._height(second):
                low = first
        elif not self.map.contains(second):
            low = first
        cx, cy = self.geo.layout.hex_to_pixel(low)
        dx, dy = cx - (a[0] + b[0]) / 2, cy - (a[1] + b[1]) / 2
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        return dx / length, dy / length

    def _height(self, h: Hex) -> int:
        """The elevation of a hex on the map."""
        return self._elevation[self._cell_of[h]]

    def _build_contours(self) -> None:
        layout, lines = self.geo.layout, []
        band_of = dict(zip(self.geo.hexes, self.bands, strict=True))
        for h, band in band_of.items():
            for d in range(3):
                other = band_of.get(h.neighbor(d))
                if other is not None and other != band:
                    lines.append(layout.hexside_endpoints(Hexside(h, d)))
        self.contours = [QLineF(*a, *b) for a, b in lines]
        self.contour_mid = _midpoints(lines)

    def _build_roads(self) -> None:
        layout, m = self.geo.layout, self.map
        self.roads: list[tuple[QLineF, RoadGrade]] = []
        ends = []
        for side, grade in m.road_links().items():
            a, b = side.hexes()
            pa, pb = layout.hex_to_pixel(a), layout.hex_to_pixel(b)
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            pa, pb = (pa if m.contains(a) else mid), (pb if m.contains(b) else mid)
            self.roads.append((QLineF(*pa, *pb), grade))
            ends.append((pa, pb))
        self.road_mid = _midpoints(ends)
        self.sunken_arms: dict[int, list[Point]] = {}
        self.rail_arms: dict[int, list[Point]] = {}
        for i, h in enumerate(self.geo.hexes):
            if self.features[i] & HexFeature.SUNKEN_ROAD:
                self.sunken_arms[i] = self._arms(h, self._road_linked)
            if self.features[i] & HexFeature.RAILROAD_CUT:
                self.rail_arms[i] = self._arms(h, self._rail_linked)

    def _road_linked(self, h: Hex, d: int) -> bool:
        return self._roads[self._cell_of[h] * 6 + d % 6] != RoadGrade.NONE

    def _rail_linked(self, h: Hex, d: int) -> bool:
        other = h.neighbor(d)
        return self.map.contains(other) and bool(
            self.features[self.geo.index_of[other]] & HexFeature.RAILROAD_CUT
        )

    def _arms(self, h: Hex, linked: Callable[[Hex, int], bool]) -> list[Point]:
        """Offsets from the centre to the middle of each side where `linked(h, d)` holds."""
        cx, cy = self.geo.layout.hex_to_pixel(h)
        arms = []
        for d in range(6):
            if linked(h, d):
                nx, ny = self.geo.layout.hex_to_pixel(h.neighbor(d))
                arms.append(((nx - cx) / 2, (ny - cy) / 2))
        return arms


def _midpoints(ends: list[tuple[Point, Point]]) -> PointRows:
    return PointRows([((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in ends])


def near(mids: PointRows, rect: QRectF, pad: float) -> list[int]:
    """Indices, in order, of the lines whose midpoints lie within `pad` of `rect`."""
    left, top = rect.left() - pad, rect.top() - pad
    right, bottom = rect.right() + pad, rect.bottom() + pad
    return mids.inside(lambda x: x >= left, lambda x: x <= right,
                       lambda y: y >= top, lambda y: y <= bottom)
