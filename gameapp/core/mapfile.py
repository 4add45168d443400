"""Map files: read a map's YAML, check it, and compile it into a `HexMap`.

Three passes, each reporting every problem it finds as `file:line: message` in one `DataError`:
1. the JSON Schema `schemas/map.schema.json` (shapes, types, names of terrain and features);
2. meaning: hex ids on this map, hexside pairs and road chains of neighbours, one geometry per
   entry, fords and bridges marked only by points or hexsides;
3. compilation (`mapcompile`): valid polygons on the map, lines that cross hexsides, fords and
   bridges on water.

The file format is described in docs/maps.md.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from shapely.geometry import LineString, Point, Polygon

from gameapp.core.hexgrid import Hex, Hexside, Orientation
from gameapp.core.mapcompile import Issue, MapCompileError, compile_spec
from gameapp.core.mapdata import HexMap, SlopeThresholds
from gameapp.core.mapgeometry import Frame
from gameapp.core.mapspec import (
    ContourSpec,
    FeatureSpec,
    HexsideSpec,
    MapSpec,
    OverrideSpec,
    RoadSpec,
    TerrainSpec,
    Where,
)
from gameapp.core.numbering import HexIdError, Numbering, ScreenDirection
from gameapp.core.terrain import (
    HEX_FEATURE_BY_LABEL,
    HEXSIDE_FEATURE_BY_LABEL,
    ROAD_GRADE_BY_LABEL,
    TERRAIN_BY_LABEL,
    HexFeature,
    HexsideFeature,
)
from gameapp.core.yamlsource import (
    DataError,
    Problem,
    YamlDocument,
    load_schema,
    load_yaml,
    schema_problems,
)

_CROSSINGS = HexsideFeature.FORD | HexsideFeature.BRIDGE
_UNQUOTED_ID = re.compile(
    r"^(\S*(hexes|hexsides|elevations|overrides|first)\S*: )?expected string, "
    r"got integer \d+$"
)


def load_map(path: str | Path) -> HexMap:
    """Load, check and compile a map file. Raises DataError listing every problem found."""
    doc = load_yaml(path)
    return compile_map(doc.data, doc)


def compile_map(data: dict[str, Any], doc: YamlDocument | None = None) -> HexMap:
    """Check and compile a map given as plain data (as parsed from YAML).

    `doc` gives problems their file and lines; without it they are reported as `<map>:1`.
    """
    spec, doc = _read(data, doc)
    try:
        return compile_spec(spec)
    except MapCompileError as error:
        raise DataError(issue_problems(doc, error.issues)) from None


def read_map_spec(data: dict[str, Any], doc: YamlDocument | None = None) -> MapSpec:
    """The checked vector source of a map, not yet compiled. Raises DataError."""
    return _read(data, doc)[0]


def _read(data: dict[str, Any], doc: YamlDocument | None) -> tuple[MapSpec, YamlDocument]:
    if doc is None:
        doc = YamlDocument(Path("<map>"), data)
    problems = [_hint_quotes(p) for p in schema_problems(doc, load_schema("map"))]
    if problems:
        raise DataError(problems)
    reader = _Reader(doc)
    spec = reader.read()
    if reader.problems or spec is None:
        raise DataError(sorted(reader.problems, key=lambda p: p.line))
    return spec, doc


def _hint_quotes(problem: Problem) -> Problem:
    if not _UNQUOTED_ID.match(problem.message):
        return problem
    hint = " (hex ids go in quotes, such as '0512': unquoted, YAML reads them as numbers)"
    return Problem(problem.file, problem.line, problem.message + hint)


def _problem(doc: YamlDocument, where: Where, message: str) -> Problem:
    return doc.problem(where, f"{_path_text(where)}{message}")


def issue_problems(doc: YamlDocument, issues: Sequence[Issue]) -> list[Problem]:
    """A compiler's issues as file:line problems, in line order; a polygon's fault also names
    the line of the other edge it meets, when that is another line."""
    def problem(issue: Issue) -> Problem:
        found = _problem(doc, issue.where, issue.message)
        other = doc.line_of(issue.crosses) if issue.crosses else found.line
        if other == found.line:
            return found
        return Problem(found.file, found.line,
                       f"{found.message} (where it meets the edge from line {other})")
    return sorted((problem(i) for i in issues), key=lambda p: p.line)


def _path_text(path: Sequence[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"{text}: " if text else ""


class _Reader:
    """Turns schema-valid map data into a MapSpec, collecting every problem of meaning."""

    def __init__(self, doc: YamlDocument) -> None:
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.problems: list[Problem] = []
        self.frame = Frame()
        self.numbering: Numbering | None = None

    def fail(self, where: Where, message: str) -> None:
        self.problems.append(_problem(self.doc, where, message))

    def read(self) -> MapSpec | None:
        data = self.data
        numbering = self.numbering = self.read_numbering(data["numbering"])
        if numbering is None:
            return None
        if "frame" in data:
            frame = data["frame"]
            origin = frame.get("origin", [0.0, 0.0])
            self.frame = Frame(
                frame["hex_across"], (origin[0], origin[1]), frame.get("y_axis", "down") == "up"
            )
        slopes = SlopeThresholds(**data.get("slopes", {}))
        if slopes.gentle >= slopes.steep:
            self.fail(
                ("slopes",), f"gentle ({slopes.gentle}) must be less than steep ({slopes.steep})"
            )
        return MapSpec(
            name=data["name"],
            numbering=numbering,
            base_terrain=TERRAIN_BY_LABEL[data.get("base_terrain", "clear")],
            base_elevation=data.get("base_elevation", 0),
            slope_thresholds=slopes,
            friendly_edges={side: list(p) for side, p in data.get("friendly_edges", {}).items()},
            derive_slope_tops=data.get("derive_slope_tops", True),
            terrain=[self.terrain(("terrain", i), e) for i, e in _items(data, "terrain")],
            hexsides=[self.hexside(("hexsides", i), e) for i, e in _items(data, "hexsides")],
            roads=[self.road(("roads", i), e) for i, e in _items(data, "roads")],
            contours=[
                ContourSpec(e["height"], self.polygon(("contours", i), e), ("contours", i))
                for i, e in _items(data, "contours")
            ],
            elevations=self.elevations(data.get("elevations", {})),
            features=[self.feature(("features", i), e) for i, e in _items(data, "features")],
            overrides=self.overrides(data.get("overrides", {})),
            source=self.doc.name,
        )

    # --- numbering and hex ids --------------------------------------------------------------
    def read_numbering(self, n: dict[str, Any]) -> Numbering | None:
        orientation = Orientation(n["orientation"])
        flat = orientation is Orientation.FLAT
        first = n.get("first", "0101")
        try:
            return Numbering(
                orientation=orientation,
                width=n["width"],
                height=n["height"],
                first_hexrow=int(first[:2]),
                first_position=int(first[2:]),
                hexrows_grow=ScreenDirection(n.get("hexrows_grow", "right" if flat else "down")),
                positions_grow=ScreenDirection(
                    n.get("positions_grow", "down" if flat else "right")
                ),
                odd_shoved=n.get("odd_shoved", True),
                north=ScreenDirection(n.get("north", "up")),
                letter=n.get("letter"),
            )
        except ValueError as error:
            self.fail(("numbering",), str(error))
            return None

    def hex(self, where: Where, text: str) -> Hex | None:
        assert self.numbering is not None
        try:
            return self.numbering.parse(text)
        except HexIdError as error:
            message = str(error)
            if " is off " in message:  # the hex, or the map's size, is wrong: say where each is
                width, height = (self.doc.line_of(("numbering", k)) for k in ("width", "height"))
                message += (f"; the map's size is on line {width}" if width == height else
                            f"; the map's width is on line {width}, its height on line {height}")
            self.fail(where, message)
            return None

    def hex_list(self, where: Where, texts: list[str]) -> list[Hex]:
        found = [self.hex((*where, i), t) for i, t in enumerate(texts)]
        return [h for h in found if h is not None]

    def hexside(self, where: Where, entry: dict[str, Any]) -> HexsideSpec:
        feature = HEXSIDE_FEATURE_BY_LABEL[entry["feature"]]
        spec = HexsideSpec(feature, where=where)
        key = self.one_of(where, entry, ("line", "at", "hexsides"))
        crossing = bool(feature & _CROSSINGS)
        if key == "line" and crossing:
            self.fail(
                where, f"a {feature.label} is marked with at (points) or hexsides, not a line"
            )
        elif key == "at" and not crossing:
            self.fail(
                where,
                f"a {feature.label} is drawn as a line or given as hexsides; "
                "only fords and bridges are marked with points",
            )
        elif key == "line":
            spec.line = self.line(where, entry["line"])
        elif key == "at":
            spec.points = [Point(p) for p in _or_empty(self.coords(where, entry["at"]))]
        elif key == "hexsides":
            for i, pair in enumerate(entry["hexsides"]):
                side = self.pair((*where, "hexsides", i), pair)
                if side is not None:
                    spec.sides.append(side)
        return spec

    def pair(self, where: Where, pair: list[str]) -> Hexside | None:
        a, b = (self.hex((*where, i), t) for i, t in enumerate(pair))
        if a is None or b is None:
            return None
        if a.direction_to(b) is None:
            self.fail(where, f"hexes {pair[0]} and {pair[1]} are not neighbours")
            return None
        return Hexside.between(a, b)

    def road(self, where: Where, entry: dict[str, Any]) -> RoadSpec:
        spec = RoadSpec(
            ROAD_GRADE_BY_LABEL[entry["grade"]], bridge=entry.get("bridge", False), where=where
        )
        key = self.one_of(where, entry, ("line", "hexes"))
        if key == "line":
            spec.line = self.line(where, entry["line"])
        elif key == "hexes":
            texts = entry["hexes"]
            found = [self.hex((*where, "hexes", i), t) for i, t in enumerate(texts)]
            for i in range(1, len(found)):
                a, b = found[i - 1], found[i]
                if a is not None and b is not None and a.direction_to(b) is None:
                    self.fail(
                        (*where, "hexes", i),
                        f"{texts[i]} is not a neighbour of {texts[i - 1]}, the hex before it",
                    )
            spec.hexes = [h for h in found if h is not None]
        return spec

    # --- areas, lines and points ------------------------------------------------------------
    def terrain(self, where: Where, entry: dict[str, Any]) -> TerrainSpec:
        spec = TerrainSpec(TERRAIN_BY_LABEL[entry["terrain"]], where=where)
        key = self.one_of(where, entry, ("polygon", "hexes"))
        if key == "polygon":
            spec.area = self.polygon(where, entry)
        elif key == "hexes":
            spec.hexes = self.hex_list((*where, "hexes"), entry["hexes"])
        return spec

    def feature(self, where: Where, entry: dict[str, Any]) -> FeatureSpec:
        spec = FeatureSpec(HEX_FEATURE_BY_LABEL[entry["feature"]], where=where)
        key = self.one_of(where, entry, ("polygon", "line", "at", "hexes"))
        if key == "polygon":
            spec.area = self.polygon(where, entry)
        elif key == "line":
            spec.line = self.line(where, entry["line"])
        elif key == "at":
            spec.points = [Point(p) for p in _or_empty(self.coords(where, entry["at"]))]
        elif key == "hexes":
            spec.hexes = self.hex_list((*where, "hexes"), entry["hexes"])
        return spec

    def one_of(self, where: Where, entry: dict[str, Any], keys: tuple[str, ...]) -> str | None:
        present = [k for k in keys if k in entry]
        if len(present) == 1:
            if "holes" in entry and present[0] != "polygon":
                self.fail(where, "holes go with a polygon")
            return present[0]
        choices = ", ".join(keys[:-1]) + f" or {keys[-1]}"
        found = f", not both {' and '.join(present)}" if len(present) == 2 else ""
        found = f", not all of {', '.join(present)}" if len(present) > 2 else found
        self.fail(where, f"give exactly one of {choices}{found}")
        return None

    def coords(self, where: Where, raw: list[list[float]]) -> np.ndarray | None:
        """Points as an [n, 2] array in map hex units; None (and a problem) if any is not finite."""
        points = np.array(raw, dtype=float)
        if not np.isfinite(points).all():
            self.fail(where, "coordinates must be finite numbers")
            return None
        return self.frame.to_map(points)

    def polygon(self, where: Where, entry: dict[str, Any]) -> Polygon:
        rings = [self.coords(where, r) for r in (entry["polygon"], *entry.get("holes", []))]
        if any(r is None for r in rings):
            return Polygon()
        return Polygon(rings[0], rings[1:])

    def line(self, where: Where, raw: list[list[float]]) -> LineString | None:
        coords = self.coords(where, raw)
        if coords is None:
            return None
        line = LineString(coords)
        if line.length == 0:
            self.fail(where, "the line has no length: give at least two different points")
            return None
        return line

    # --- per-hex tables ---------------------------------------------------------------------
    def elevations(self, table: dict[str, int]) -> dict[Hex, int]:
        result = {}
        for text, feet in table.items():
            h = self.hex(("elevations", text), text)
            if h is not None:
                result[h] = feet
        return result

    def overrides(self, table: dict[str, dict[str, Any]]) -> list[OverrideSpec]:
        result = []
        for text, edit in table.items():
            h = self.hex(("overrides", text), text)
            if h is None:
                continue
            features = None
            if "features" in edit:
                features = HexFeature.NONE
                for label in edit["features"]:
                    features |= HEX_FEATURE_BY_LABEL[label]
            terrain = TERRAIN_BY_LABEL[edit["terrain"]] if "terrain" in edit else None
            result.append(
                OverrideSpec(h, terrain, edit.get("elevation"), features, ("overrides", text))
            )
        return result


def _items(data: dict[str, Any], key: str) -> list[tuple[int, dict[str, Any]]]:
    return list(enumerate(data.get(key, [])))


def _or_empty(points: np.ndarray | None) -> np.ndarray:
    return np.zeros((0, 2)) if points is None else points
