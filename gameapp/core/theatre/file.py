"""Theatre map files: read a theatre map's YAML, check it, and compile it into a `TheatreMap`.

Two passes report every problem as `file:line: message` in one `DataError`: the JSON Schema
`schemas/theatre.schema.json`, then compilation (`theatre.compile`). The format is described in
docs/maps.md ("The theatre maps").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shapely.geometry import LineString, Point, Polygon

from gameapp.core.hexgrid import Orientation
from gameapp.core.mapcompile import MapCompileError
from gameapp.core.mapfile import issue_problems
from gameapp.core.mapspec import Where
from gameapp.core.numbering import Numbering, Sheet
from gameapp.core.theatre.chart import (
    PLACE_ROLE_BY_LABEL,
    PLACE_SIZE_BY_LABEL,
    ROAD_KIND_BY_LABEL,
    THEATRE_HEXSIDE_BY_LABEL,
    THEATRE_TERRAIN_BY_LABEL,
    PlaceRole,
)
from gameapp.core.theatre.compile import compile_theatre
from gameapp.core.theatre.spec import (
    AreaSpec,
    BorderSpec,
    PlaceSpec,
    RailSpec,
    RoadSpec,
    SideSpec,
    TheatreSpec,
)
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.core.yamlsource import (
    DataError,
    YamlDocument,
    load_schema,
    load_yaml,
    schema_problems,
)


def is_theatre_map(data: Any) -> bool:
    """True for a theatre map's parsed data (its `chart` is `strategic`)."""
    return isinstance(data, dict) and data.get("chart") == "strategic"


def load_theatre(path: str | Path) -> TheatreMap:
    """Load, check and compile a theatre map file. Raises DataError listing every problem."""
    doc = load_yaml(path)
    return compile_theatre_data(doc.data, doc)


def compile_theatre_data(data: Any, doc: YamlDocument | None = None) -> TheatreMap:
    if doc is None:
        doc = YamlDocument(Path("<theatre map>"), data)
    problems = schema_problems(doc, load_schema("theatre"))
    if problems:
        raise DataError(problems)
    try:
        spec = read_spec(doc)
    except ValueError as error:
        raise DataError([doc.problem(("numbering",), f"numbering: {error}")]) from None
    try:
        return compile_theatre(spec)
    except MapCompileError as error:
        raise DataError(issue_problems(doc, error.issues)) from None



def read_spec(doc: YamlDocument) -> TheatreSpec:
    """The schema-valid document as a TheatreSpec. Raises ValueError for a bad numbering."""
    data = doc.data
    return TheatreSpec(
        name=data["name"],
        numbering=read_numbering(data["numbering"]),
        base_terrain=THEATRE_TERRAIN_BY_LABEL[data.get("base_terrain", "sea")],
        terrain=[
            AreaSpec(THEATRE_TERRAIN_BY_LABEL[e["terrain"]], _polygon(e), ("terrain", i))
            for i, e in enumerate(data.get("terrain", []))
        ],
        hexsides=[_side(("hexsides", i), e) for i, e in enumerate(data.get("hexsides", []))],
        closed_waters=[
            AreaSpec(THEATRE_TERRAIN_BY_LABEL["sea"], _polygon(e), ("closed_waters", i))
            for i, e in enumerate(data.get("closed_waters", []))
        ],
        railroads=[
            RailSpec(
                e["company"],
                e["opened"],
                e.get("gauge", ""),
                LineString(e["line"]),
                ("railroads", i),
            )
            for i, e in enumerate(data.get("railroads", []))
        ],
        roads=[
            RoadSpec(
                e.get("name", ""),
                ROAD_KIND_BY_LABEL[e["grade"]],
                LineString(e["line"]),
                ("roads", i),
            )
            for i, e in enumerate(data.get("roads", []))
        ],
        places=[_place(("places", i), e) for i, e in enumerate(data.get("places", []))],
        borders=[
            BorderSpec(tuple((float(x), float(y)) for x, y in e["line"]), e.get("from"))
            for e in data.get("borders", [])
        ],
        source=doc.name,
    )


def read_numbering(n: dict[str, Any]) -> Numbering:
    sheets = tuple(Sheet(s["letter"], s["first_row"], s["rows"]) for s in n.get("sheets", []))
    return Numbering(
        orientation=Orientation(n["orientation"]),
        width=n["width"],
        height=n["height"],
        odd_shoved=n.get("odd_shoved", True),
        letter=n.get("letter"),
        sheets=sheets,
    )


def _polygon(entry: dict[str, Any]) -> Polygon:
    return Polygon(entry["polygon"], entry.get("holes", []))


def _side(where: Where, entry: dict[str, Any]) -> SideSpec:
    spec = SideSpec(THEATRE_HEXSIDE_BY_LABEL[entry["feature"]], entry.get("name", ""), where=where)
    if "line" in entry:
        spec.line = LineString(entry["line"])
    spec.points = [Point(p) for p in entry.get("at", [])]
    return spec


def _place(where: Where, entry: dict[str, Any]) -> PlaceSpec:
    roles = PlaceRole.NONE
    for label in entry.get("roles", []):
        roles |= PLACE_ROLE_BY_LABEL[label]
    return PlaceSpec(
        name=entry["name"],
        state=entry["state"],
        point=Point(entry["at"]),
        size=PLACE_SIZE_BY_LABEL[entry.get("size", "town")],
        roles=roles,
        source=entry.get("source", ""),
        state_from_1863=entry.get("state_from_1863"),
        where=where,
        lonlat=tuple(entry["lonlat"]) if "lonlat" in entry else None,
    )
