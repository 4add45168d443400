"""Import a GeoJSON FeatureCollection onto a map: its features become `terrain`, `contours`,
`roads` and `hexsides` entries appended to the map document, compiled by the game's own map
compiler (`mapcompile`) exactly as if the designer had typed them.

The GeoJSON's coordinates are in the map's own units (map hex units, or the units of its
`frame`); they are copied as they are. What each feature becomes:

| geometry                    | property                          | becomes                 |
|-----------------------------|-----------------------------------|-------------------------|
| Polygon, MultiPolygon       | `terrain`: a terrain name         | `terrain` areas         |
| Polygon, MultiPolygon       | `height`: feet                    | `contours`              |
| LineString, MultiLineString | `road`: a grade; `bridge`: bool   | `roads`                 |
| LineString, MultiLineString | `hexside`: a line feature         | `hexsides` lines        |
| Point, MultiPoint           | `hexside`: ford or bridge         | `hexsides` points (`at`)|

`name` (optional) is kept; other properties (a GIS export carries many) are ignored. A Multi-
geometry becomes one entry per part. Nothing is imported unless every feature is good: each bad
one is reported as `file:line: features[i]: what is wrong`, with the line of the feature.
"""

from __future__ import annotations

import difflib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from json.decoder import JSONObject  # type: ignore[attr-defined]
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from gameapp.core.mapcompile import MapCompileError, compile_spec
from gameapp.core.mapdata import HexMap
from gameapp.core.mapfile import read_map_spec
from gameapp.core.terrain import (
    HEXSIDE_FEATURE_BY_LABEL,
    ROAD_GRADE_BY_LABEL,
    TERRAIN_BY_LABEL,
    HexsideFeature,
)
from gameapp.core.yamlsource import DataError, Problem
from gameapp.editor.edits import Batch, Edit, InsertItem, SetValue
from gameapp.editor.yamltext import LINE_WIDTH, flow_seq, plain, quoted, render_flow

SECTIONS = ("terrain", "contours", "roads", "hexsides")
KINDS = ("terrain", "height", "road", "hexside")  # the properties that say what a feature is
LIMIT = 10_000_000  # the map schema's bound on coordinates
ENTRY_INDENT = 6  # "    " before a key of a list entry, ": " after it
_POINT_FEATURES = ("ford", "bridge")
_LINE_FEATURES = tuple(
    label
    for label, f in HEXSIDE_FEATURE_BY_LABEL.items()
    if not f & (HexsideFeature.FORD | HexsideFeature.BRIDGE)
)
_GEOMETRIES = (
    "Polygon, MultiPolygon, LineString, MultiLineString, Point or MultiPoint"
)


@dataclass(frozen=True)
class ImportedEntry:
    """One map entry made from (part of) a feature: plain data as a map file writes it."""

    section: str
    entry: dict[str, Any]
    feature: int  # the feature's index in the collection
    line: int  # the feature's line in the GeoJSON file


@dataclass(frozen=True)
class GeoJsonImport:
    """A checked import: the edit that appends it, the map it compiles to, and what it did."""

    entries: list[ImportedEntry]
    edit: Batch
    hexmap: HexMap
    summary: str


def import_geojson(path: str | Path, map_tree: Any, map_name: str = "<map>") -> GeoJsonImport:
    """Read a GeoJSON file and check it on the map whose YAML tree is `map_tree` (a map
    document's data). Raises DataError listing every problem; the map is not touched."""
    path = Path(path)
    entries = read_geojson(path)
    hexmap = compile_with(map_tree, entries, path, map_name)
    edit = import_edit(map_tree, entries, f"Import {path.name}")
    return GeoJsonImport(entries, edit, hexmap, describe(entries, path))


# --- reading the GeoJSON --------------------------------------------------------------------
def read_geojson(path: Path) -> list[ImportedEntry]:
    """The map entries of a GeoJSON FeatureCollection. Raises DataError."""
    text = _read_text(path)
    data, lines = parse_json_with_lines(text, str(path))
    reader = _FeatureReader(str(path), lines)
    return reader.read(data)


def parse_json_with_lines(text: str, name: str) -> tuple[Any, Callable[[Any], int]]:
    """The JSON value and a function giving the line (1-based) where any object of it starts.

    The standard decoder with its object parser wrapped to remember where each object began
    (the pure-Python scanner, since the C one does not call a replaced object parser)."""
    starts: dict[int, int] = {}
    keep: list[Any] = []  # the objects whose id() is recorded, so no id is reused

    def parse_object(s_and_end: tuple[str, int], *args: Any, **kwargs: Any) -> tuple[Any, int]:
        value, end = JSONObject(s_and_end, *args, **kwargs)
        starts[id(value)] = s_and_end[1] - 1
        keep.append(value)
        return value, end

    decoder = json.JSONDecoder()
    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = py_make_scanner(decoder)  # type: ignore[attr-defined]
    try:
        data = decoder.decode(text)
    except json.JSONDecodeError as error:
        raise DataError([Problem(name, error.lineno, f"not JSON: {error.msg} "
                                 f"(column {error.colno})")]) from None
    except RecursionError:
        raise DataError([Problem(name, 1, "not JSON this reader can follow: nested too deeply")]
                        ) from None

    def line_of(value: Any) -> int:
        at = starts.get(id(value))
        return 1 if at is None else text.count("\n", 0, at) + 1

    return data, line_of


class _FeatureReader:
    def __init__(self, name: str, line_of: Callable[[Any], int]) -> None:
        self.name = name
        self.line_of = line_of
        self.problems: list[Problem] = []

    def fail(self, at: Any, where: str, message: str) -> None:
        self.problems.append(Problem(self.name, self.line_of(at), f"{where}: {message}"))

    def read(self, data: Any) -> list[ImportedEntry]:
        if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
            found = data.get("type") if isinstance(data, dict) else type(data).__name__
            raise DataError([Problem(self.name, self.line_of(data), "expected a GeoJSON "
                                     f"FeatureCollection (\"type\": \"FeatureCollection\"), "
                                     f"found {found!r}")])
        features = data.get("features")
        if not isinstance(features, list) or not features:
            raise DataError([Problem(self.name, self.line_of(data),
                                     "the FeatureCollection has no features to import")])
        entries: list[ImportedEntry] = []
        for i, feature in enumerate(features):
            entries += self.feature(i, feature)
        if self.problems:
            raise DataError(sorted(self.problems, key=lambda p: p.line))
        return entries

    def feature(self, index: int, feature: Any) -> list[ImportedEntry]:
        where = f"features[{index}]"
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            self.fail(feature, where, 'expected a Feature ("type": "Feature")')
            return []
        props = feature.get("properties") or {}
        geometry = feature.get("geometry")
        if not isinstance(props, dict):
            self.fail(feature, where, "properties must be an object")
            return []
        name = props.get("name")
        if name is not None:
            where += f" ({name})"
        if not isinstance(geometry, dict) or not isinstance(geometry.get("type"), str):
            self.fail(feature, where, "the feature has no geometry")
            return []
        kind = geometry["type"]
        coords = geometry.get("coordinates")
        shapes: list[Any] | None
        if kind in ("Polygon", "MultiPolygon"):
            make = self.area_entry
            shapes = [coords] if kind == "Polygon" else _list_or_none(coords)
        elif kind in ("LineString", "MultiLineString"):
            make = self.line_entry
            shapes = [coords] if kind == "LineString" else _list_or_none(coords)
        elif kind in ("Point", "MultiPoint"):
            make = self.points_entry
            shapes = [[coords]] if kind == "Point" else [coords]
        else:
            self.fail(geometry, where, f"a {kind} is not imported: use {_GEOMETRIES}")
            return []
        if shapes is None or not shapes:
            self.fail(geometry, where, f"the {kind} has no coordinates")
            return []
        entries = []
        for shape in shapes:
            entry = make(feature, geometry, where, kind, props, shape)
            if entry is None:
                break  # one message per feature is enough
            section, data = entry
            entries.append(ImportedEntry(section, _named(data, name), index,
                                         self.line_of(feature)))
        return entries

    # --- what a feature says it is -------------------------------------------------------------
    def kind_of(self, feature: Any, where: str, geometry: str, props: dict[str, Any],
                allowed: tuple[str, ...]) -> str | None:
        given = [k for k in KINDS if k in props]
        if len(given) == 1 and given[0] in allowed:
            return given[0]
        wanted = " or ".join(allowed)
        if not given:
            self.fail(feature, where, f"a {geometry} needs the property {wanted} "
                      "to say what it is")
        elif len(given) > 1:
            self.fail(feature, where, f"give one of {wanted}, not {' and '.join(given)}")
        else:
            self.fail(feature, where, f"a {geometry} takes {wanted}, not {given[0]}")
        return None

    def label(self, feature: Any, where: str, prop: str, value: Any,
              labels: tuple[str, ...] | list[str], what: str) -> str | None:
        if isinstance(value, str) and value in labels:
            return value
        close = difflib.get_close_matches(str(value), labels, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f" (use {', '.join(labels)})"
        self.fail(feature, where, f"{prop}: {value!r} is not {what}{hint}")
        return None

    # --- geometries -----------------------------------------------------------------------------
    def area_entry(self, feature: Any, geometry: Any, where: str, kind: str,
                   props: dict[str, Any], coords: Any) -> tuple[str, dict[str, Any]] | None:
        prop = self.kind_of(feature, where, kind, props, ("terrain", "height"))
        if prop is None:
            return None
        if not isinstance(coords, list) or not coords:
            self.fail(geometry, where, "a polygon is a list of rings, the outline first")
            return None
        outline_and_holes = [self.ring(geometry, where, r) for r in coords]
        if any(r is None for r in outline_and_holes):
            return None
        entry: dict[str, Any]
        if prop == "terrain":
            label = self.label(feature, where, "terrain", props["terrain"],
                               list(TERRAIN_BY_LABEL), "a terrain")
            if label is None:
                return None
            entry = {"terrain": label}
            section = "terrain"
        else:
            height = props["height"]
            if isinstance(height, bool) or not isinstance(height, int | float) or (
                    not float(height).is_integer()):
                self.fail(feature, where, f"height: {height!r} is not a whole number of feet")
                return None
            entry = {"height": int(height)}
            section = "contours"
        entry["polygon"] = outline_and_holes[0]
        if len(outline_and_holes) > 1:
            entry["holes"] = outline_and_holes[1:]
        return section, entry

    def line_entry(self, feature: Any, geometry: Any, where: str, kind: str,
                   props: dict[str, Any], coords: Any) -> tuple[str, dict[str, Any]] | None:
        prop = self.kind_of(feature, where, kind, props, ("road", "hexside"))
        if prop is None:
            return None
        points = self.positions(geometry, where, coords, 2, "a line")
        if points is None:
            return None
        if prop == "road":
            grade = self.label(feature, where, "road", props["road"], list(ROAD_GRADE_BY_LABEL),
                               "a road grade")
            bridge = props.get("bridge", False)
            if not isinstance(bridge, bool):
                self.fail(feature, where, f"bridge: {bridge!r} is not true or false")
                return None
            if grade is None:
                return None
            entry: dict[str, Any] = {"grade": grade, "line": points}
            if bridge:
                entry["bridge"] = True
            return "roads", entry
        feature_label = self.label(feature, where, "hexside", props["hexside"], _LINE_FEATURES,
                                   "a hexside feature drawn as a line")
        if feature_label is None:
            return None
        return "hexsides", {"feature": feature_label, "line": points}

    def points_entry(self, feature: Any, geometry: Any, where: str, kind: str,
                     props: dict[str, Any], coords: Any) -> tuple[str, dict[str, Any]] | None:
        prop = self.kind_of(feature, where, kind, props, ("hexside",))
        if prop is None:
            return None
        points = self.positions(geometry, where, coords, 1, "a point")
        label = self.label(feature, where, "hexside", props["hexside"], _POINT_FEATURES,
                           "a crossing marked by a point")
        if points is None or label is None:
            return None
        return "hexsides", {"feature": label, "at": points}

    def ring(self, geometry: Any, where: str, ring: Any) -> list[list[float]] | None:
        points = self.positions(geometry, where, ring, 3, "a polygon ring")
        if points is None:
            return None
        if len(points) > 3 and points[0] == points[-1]:
            points = points[:-1]  # GeoJSON repeats the first corner; map files close rings
        if len({tuple(p) for p in points}) < 3:
            self.fail(geometry, where, "a polygon ring needs three different corners or more")
            return None
        return points

    def positions(self, geometry: Any, where: str, coords: Any, least: int,
                  what: str) -> list[list[float]] | None:
        if not isinstance(coords, list) or len(coords) < least:
            self.fail(geometry, where, f"{what} needs at least {least} position(s) [x, y]")
            return None
        points = []
        for position in coords:
            if not (isinstance(position, list) and len(position) >= 2
                    and all(_is_number(v) for v in position[:2])):
                self.fail(geometry, where, f"{position!r} is not a position [x, y] of numbers")
                return None
            x, y = position[0], position[1]
            if not all(math.isfinite(v) and abs(v) <= LIMIT for v in (x, y)):
                self.fail(geometry, where, f"[{x}, {y}]: coordinates must be finite numbers "
                          f"between -{LIMIT:,} and {LIMIT:,}")
                return None
            points.append([x, y])  # a third number (an altitude) is dropped
        return points


def _named(entry: dict[str, Any], name: Any) -> dict[str, Any]:
    """The entry with its name second, after its kind, as the shipped maps write it."""
    if name is None:
        return entry
    (kind, value), *rest = entry.items()
    return {kind: value, "name": str(name), **dict(rest)}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _list_or_none(value: Any) -> list[Any] | None:
    return value if isinstance(value, list) else None


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DataError([Problem(str(path), 1, "file not found")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(str(path), 1, f"cannot read the file: {exc}")]) from None


# --- checking on the map --------------------------------------------------------------------
def compile_with(map_tree: Any, entries: list[ImportedEntry], path: Path,
                 map_name: str = "<map>") -> HexMap:
    """Compile the map with the entries appended, by the game's compiler. A problem the
    compiler finds in an imported entry is reported at its feature in the GeoJSON file."""
    data = plain(map_tree)
    if not isinstance(data, dict):
        raise DataError([Problem(map_name, 1, "the map document is not a map")])
    owner: dict[tuple[str, int], ImportedEntry] = {}
    for entry in entries:
        items = data.setdefault(entry.section, [])
        if not isinstance(items, list):
            raise DataError([Problem(map_name, 1, f"the map's {entry.section} is not a list")])
        owner[(entry.section, len(items))] = entry
        items.append(entry.entry)
    try:
        spec = read_map_spec(data)
    except DataError as error:
        # the imported entries are checked above, so this is the map's own problem
        raise DataError([Problem(map_name, p.line, p.message) for p in error.problems]) from None
    try:
        return compile_spec(spec)
    except MapCompileError as error:
        problems = []
        for issue in error.issues:
            key = tuple(issue.where[:2])
            source = owner.get((str(key[0]), int(key[1]))) if len(key) == 2 else None
            if source is None:
                problems.append(Problem(map_name, 1, issue.message))
            else:
                name = source.entry.get("name")
                where = f"features[{source.feature}]" + (f" ({name})" if name else "")
                problems.append(Problem(str(path), source.line, f"{where}: {issue.message}"))
        raise DataError(sorted(problems, key=lambda p: (p.file, p.line))) from None


# --- the edit -------------------------------------------------------------------------------
def import_edit(map_tree: Any, entries: list[ImportedEntry], label: str) -> Batch:
    """One edit that appends the entries to their lists (making a list the map lacks)."""
    edits: list[Edit] = []
    for section in SECTIONS:
        new = [_tree(e.entry) for e in entries if e.section == section]
        if not new:
            continue
        existing = map_tree.get(section) if isinstance(map_tree, dict) else None
        if isinstance(existing, list):
            edits += [InsertItem((section,), len(existing) + k, v) for k, v in enumerate(new)]
        else:
            edits.append(SetValue((section,), CommentedSeq(new), label))
    return Batch(tuple(edits), label)


def _tree(entry: dict[str, Any]) -> CommentedMap:
    """A block mapping with its coordinates as flow lists, as the shipped maps write them; a
    list too long for one line goes one point (or one hole) a line."""
    tree = CommentedMap()
    for key, value in entry.items():
        if isinstance(value, list):
            one_line = len(key) + len(render_flow(value)) + ENTRY_INDENT <= LINE_WIDTH
            tree[key] = flow_seq(value) if one_line else CommentedSeq(flow_seq(v) for v in value)
        else:
            tree[key] = quoted(value) if isinstance(value, str) else value
    return tree


def describe(entries: list[ImportedEntry], path: Path) -> str:
    counts = {s: sum(1 for e in entries if e.section == s) for s in SECTIONS}
    words = {"terrain": ("terrain area", "terrain areas"), "contours": ("contour", "contours"),
             "roads": ("road", "roads"), "hexsides": ("hexside entry", "hexside entries")}
    parts = [f"{n} {words[s][n != 1]}" for s, n in counts.items() if n]
    features = len({e.feature for e in entries})
    return f"{path.name}: {features} feature(s) imported as {', '.join(parts)}"
