"""GeoJSON import: features become map entries compiled by the game's own compiler; bad files
give a message with the file, the line of the feature and what is wrong."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from gameapp.core.hexgrid import Hex
from gameapp.core.mapfile import load_map
from gameapp.core.terrain import HexsideFeature, RoadGrade, Terrain
from gameapp.core.yamlsource import DataError
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.geojson_import import import_geojson
from gameapp.editor.new_map import NewMapSettings, new_map_text

# A 6 x 5 flat-top map numbered from 0101, hexrows growing right. In map hex units the centre
# of column c (0-based), row r is x = 1.5 c, y = 1.732 r (+ 0.866 in odd columns).
SQUARE_WOOD = [[0.5, -0.9], [3.5, -0.9], [3.5, 3.0], [0.5, 3.0], [0.5, -0.9]]
PIKE = [[0, 0], [1.5, 0.866], [3, 0], [4.5, 0.866]]  # the centres of 0101, 0201, 0301, 0401


def _feature(props: dict[str, Any], kind: str, coords: Any) -> dict[str, Any]:
    return {"type": "Feature", "properties": props, "geometry": {"type": kind,
                                                                  "coordinates": coords}}


def _collection(*features: dict[str, Any]) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": list(features)}


@pytest.fixture
def map_doc(tmp_path: Path) -> YamlFileDocument:
    path = tmp_path / "new.yaml"
    path.write_text(new_map_text(NewMapSettings("Test ground", 6, 5), path), encoding="utf-8")
    return YamlFileDocument.read(path)


def _write(tmp_path: Path, data: Any, name: str = "trace.geojson") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2),
                    encoding="utf-8")
    return path


def test_a_square_of_woods_compiles_to_woods_in_the_hexes_it_covers(
    tmp_path: Path, map_doc: YamlFileDocument
) -> None:
    # The square x 0.5..3.5, y -0.9..3.0 covers:
    # - 0201 (c1 r0, centre 1.5, 0.866; x 0.5..2.5, y 0..1.73): wholly;
    # - 0202 (c1 r1, centre 1.5, 2.598; y 1.73..3.46): above y = 3.0, more than half;
    # - 0301 and 0302 (c2, centres x = 3.0 at y 0 and 1.732): all but the tip past x = 3.5,
    #   a triangle (3.5, +-0.866), (4, 0) of 0.433 out of 2.598: 5/6 woods;
    # - 0101, 0102 (c0, x -1..1): only the tip past x = 0.5, 1/6: clear;
    # - 0303 (c2 r2, centre 3.0, 3.464): only its top below y = 3.0, under half: clear.
    path = _write(tmp_path, _collection(
        _feature({"terrain": "woods", "name": "Square wood"}, "Polygon", [SQUARE_WOOD])))
    result = import_geojson(path, map_doc.data)
    hexmap = result.hexmap
    woods = {hexmap.hex_id(h) for h in hexmap.hexes() if hexmap.terrain_at(h) is Terrain.WOODS}
    assert woods == {"0201", "0202", "0301", "0302"}
    assert result.summary == "trace.geojson: 1 feature(s) imported as 1 terrain area"

    # Applied to the document and saved, the game's loader reads the same woods.
    map_doc.apply(result.edit)
    map_doc.save()
    saved = load_map(map_doc.path)
    assert {saved.hex_id(h) for h in saved.hexes() if saved.terrain_at(h) is Terrain.WOODS} == woods
    assert map_doc.data["terrain"][0]["name"] == "Square wood"
    assert len(map_doc.data["terrain"][0]["polygon"]) == 4  # GeoJSON's closing corner dropped


def test_a_road_line_runs_through_the_hexes_under_it(
    tmp_path: Path, map_doc: YamlFileDocument
) -> None:
    # The line joins the centres of 0101, 0201, 0301 and 0401; each leg crosses the hexside
    # between two neighbours at its middle, so the road is exactly that chain, at pike grade.
    path = _write(tmp_path, _collection(_feature({"road": "pike"}, "LineString", PIKE)))
    hexmap = import_geojson(path, map_doc.data).hexmap
    chain = [hexmap.parse(i) for i in ("0101", "0201", "0301", "0401")]
    for a, b in pairwise(chain):
        direction = a.direction_to(b)
        assert direction is not None
        assert hexmap.road_at(a, direction) is RoadGrade.PIKE
    assert len(hexmap.road_links()) == 3  # and nowhere else


def test_hexside_lines_fords_and_contours(tmp_path: Path, map_doc: YamlFileDocument) -> None:
    # A stream down x = 5.25, between columns c3 (x 4.5) and c4 (x 6.0): the hexsides of the
    # 0401..0405 / 0501..0505 boundary. A ford at the point (5.25, 0.43) marks the nearest
    # stream hexside, 0401|0501 (centres (4.5, 0.866) and (6, 0); midpoint (5.25, 0.433)).
    # A contour (a MultiPolygon of two squares) lifts the hexes whose centres it holds.
    path = _write(tmp_path, _collection(
        _feature({"hexside": "stream"}, "LineString", [[5.25, -1], [5.25, 8]]),
        _feature({"hexside": "ford"}, "Point", [5.25, 0.43]),
        _feature({"height": 320}, "MultiPolygon", [
            [[[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]],        # 0101 at (0, 0)
            [[[7, 7.3], [8, 7.3], [8, 8.3], [7, 8.3]]],                      # 0605 at (7.5, 7.79)
        ]),
    ))
    result = import_geojson(path, map_doc.data)
    hexmap = result.hexmap
    a, b = hexmap.parse("0401"), hexmap.parse("0501")
    side = hexmap.hexside_at(a, a.direction_to(b) or 0)
    assert side == HexsideFeature.STREAM | HexsideFeature.FORD
    assert {hexmap.hex_id(h) for h in hexmap.hexes() if hexmap.elevation_at(h) == 320} == {
        "0101", "0605"}
    streams = [s for s, f in hexmap.hexside_features().items() if f & HexsideFeature.STREAM]
    # Between columns c3 (shoved down) and c4 each c3 hex has an upper-right and a lower-right
    # edge: 5 + 4 between map hexes (0405's lower-right neighbour is off the map), plus the
    # top-left edge of 0501 toward the off-map hex above 0401, which the line (from y = -1)
    # also separates: 10.
    assert len(streams) == 10
    assert result.summary.endswith("as 2 contours, 2 hexside entries")


def test_the_import_is_one_edit_that_undoes_to_the_original_text(
    tmp_path: Path, map_doc: YamlFileDocument
) -> None:
    original = map_doc.text()
    path = _write(tmp_path, _collection(
        _feature({"terrain": "woods"}, "Polygon", [SQUARE_WOOD]),
        _feature({"road": "lane", "bridge": True}, "LineString", PIKE)))
    result = import_geojson(path, map_doc.data)
    undo = map_doc.apply(result.edit)
    assert [e["grade"] for e in map_doc.data["roads"]] == ["lane"]
    assert map_doc.data["roads"][0]["bridge"] is True
    # a second import appends after the first
    again = import_geojson(path, map_doc.data)
    second = map_doc.apply(again.edit)
    assert len(map_doc.data["terrain"]) == 2
    map_doc.apply(second)
    map_doc.apply(undo)
    assert map_doc.text() == original


def test_entries_append_to_a_shipped_map_in_its_own_frame(tmp_path: Path) -> None:
    # cedar_mountain.yaml is drawn in yards (hex_across 140); a GeoJSON for it is in yards too.
    root = Path(__file__).resolve().parents[2]
    doc = YamlFileDocument.read(root / "maps" / "cedar_mountain.yaml")
    before = len(doc.data["terrain"])
    # a 300-yard square around the centre of hex 0118 (the top-left hex, at [0, 0] yards)
    square = [[-150, -150], [150, -150], [150, 150], [-150, 150], [-150, -150]]
    path = _write(tmp_path, _collection(_feature({"terrain": "town"}, "Polygon", [square])))
    result = import_geojson(path, doc.data)
    assert result.hexmap.terrain_at(result.hexmap.parse("0118")) is Terrain.TOWN
    doc.apply(result.edit)
    assert len(doc.data["terrain"]) == before + 1


BAD_FILES = [
    ('{"type": "FeatureCollection",\n "features": [\n  {"type": "Feature",, }\n ]\n}',
     "trace.geojson:3: not JSON: Expecting property name enclosed in double quotes"),
    ({"type": "Feature", "properties": {}, "geometry": None},
     "trace.geojson:1: expected a GeoJSON FeatureCollection"),
    ({"type": "FeatureCollection", "features": []},
     "the FeatureCollection has no features to import"),
    (_collection(_feature({"terrain": "wods"}, "Polygon", [SQUARE_WOOD])),
     "features[0]: terrain: 'wods' is not a terrain; did you mean 'woods'?"),
    (_collection(_feature({"road": "pike"}, "Polygon", [SQUARE_WOOD])),
     "features[0]: a Polygon takes terrain or height, not road"),
    (_collection(_feature({"name": "Big Woods"}, "Polygon", [SQUARE_WOOD])),
     "features[0] (Big Woods): a Polygon needs the property terrain or height"),
    (_collection(_feature({"hexside": "ford"}, "LineString", PIKE)),
     "features[0]: hexside: 'ford' is not a hexside feature drawn as a line"),
    (_collection(_feature({"road": "pike"}, "GeometryCollection", [])),
     "features[0]: a GeometryCollection is not imported"),
    (_collection(_feature({"road": "pike"}, "LineString", [[0, 0], ["a", 1]])),
     "features[0]: ['a', 1] is not a position [x, y] of numbers"),
    (_collection(_feature({"terrain": "woods"}, "Polygon", [[[0, 0], [1, 1], [0, 0], [1, 1]]])),
     "features[0]: a polygon ring needs three different corners or more"),
    (_collection(_feature({"terrain": "woods", "name": "Big Woods"}, "Polygon",
                          [[[100, 100], [110, 100], [110, 110], [100, 100]]])),
     "features[0] (Big Woods): the polygon lies entirely off the map"),
    (_collection(_feature({"hexside": "ford"}, "Point", [0, 0])),
     "features[0]: no stream or creek hexside is near (0, 0) for the ford"),
]


@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_malformed_files_say_what_is_wrong(
    tmp_path: Path, map_doc: YamlFileDocument, content: Any, message: str
) -> None:
    path = _write(tmp_path, content)
    original = map_doc.text()
    with pytest.raises(DataError) as caught:
        import_geojson(path, map_doc.data)
    text = str(caught.value)
    assert message in text
    assert text.startswith(str(path))
    assert map_doc.text() == original  # nothing was imported


def test_each_bad_feature_is_reported_at_its_own_line(
    tmp_path: Path, map_doc: YamlFileDocument
) -> None:
    text = """{"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"terrain": "woods"},
   "geometry": {"type": "Polygon", "coordinates": [[[0.5, -0.9], [3.5, -0.9], [3.5, 3]]]}},
  {"type": "Feature", "properties": {"terrain": "swamp"},
   "geometry": {"type": "Polygon", "coordinates": [[[0.5, -0.9], [3.5, -0.9], [3.5, 3]]]}},
  {"type": "Feature", "properties": {"road": "highway"},
   "geometry": {"type": "LineString", "coordinates": [[0, 0], [3, 0]]}}
]}
"""
    path = _write(tmp_path, text)
    with pytest.raises(DataError) as caught:
        import_geojson(path, map_doc.data)
    assert [(p.line, p.message.split(":")[0]) for p in caught.value.problems] == [
        (4, "features[1]"), (6, "features[2]")]


def test_a_missing_file_is_a_message(tmp_path: Path, map_doc: YamlFileDocument) -> None:
    with pytest.raises(DataError, match=r"nothere\.geojson:1: file not found"):
        import_geojson(tmp_path / "nothere.geojson", map_doc.data)


def test_off_map_hexes_are_not_touched_by_a_polygon_reaching_past_the_edge(
    tmp_path: Path, map_doc: YamlFileDocument
) -> None:
    # Shapes may run off the map; only the part on the map counts (docs/maps.md).
    big = [[-5, -5], [1, -5], [1, 20], [-5, 20], [-5, -5]]  # covers all of column 0 and beyond
    path = _write(tmp_path, _collection(_feature({"terrain": "brush"}, "Polygon", [big])))
    hexmap = import_geojson(path, map_doc.data).hexmap
    brush = {hexmap.hex_id(h) for h in hexmap.hexes() if hexmap.terrain_at(h) is Terrain.BRUSH}
    assert brush == {"0101", "0102", "0103", "0104", "0105"}
    assert not hexmap.contains(Hex(-1, 0))


def test_the_guides_example_gives_the_shipped_tutorial_map(tmp_path: Path) -> None:
    # docs/designing-scenarios.md imports docs/examples/tutorial_crossroads.geojson onto a new
    # 16 x 12 map at 280 ft, then paints three town hexes: every other hex, contour and road of
    # the shipped map comes from the import.
    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "tutorial.yaml"
    settings = NewMapSettings("Tutorial crossroads", 16, 12, base_elevation=280)
    path.write_text(new_map_text(settings, path), encoding="utf-8")
    imported = import_geojson(root / "docs/examples/tutorial_crossroads.geojson",
                              YamlFileDocument.read(path).data).hexmap
    shipped = load_map(root / "maps/tutorial_crossroads.yaml")
    towns = {"0906", "0907", "1007"}
    for h in shipped.hexes():
        if shipped.hex_id(h) not in towns:
            assert shipped.terrain_at(h) is imported.terrain_at(h), shipped.hex_id(h)
        assert shipped.elevation_at(h) == imported.elevation_at(h)
    assert shipped.road_links() == imported.road_links()
