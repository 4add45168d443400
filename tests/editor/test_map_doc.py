"""Map painting without Qt: each paint is an edit of the map file that the game's compiler reads
back as what was painted, and whose inverse gives back the exact text."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest
import yaml

from gameapp.core.datafiles import kind_of
from gameapp.core.hexgrid import Hexside
from gameapp.core.mapfile import load_map
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Terrain
from gameapp.editor.edits import Edit, SetValue
from gameapp.editor.map_doc import SCREEN_EDGES, MapDocument, PaintRefused
from gameapp.editor.scenario_doc import ScenarioDocument
from gameapp.editor.victory_edits import toggle_victory_hex, victory_index

ROOT = Path(__file__).resolve().parents[2]
# the battle maps the editor paints (theatre maps are generated, and have their own tests)
MAPS = sorted(p for p in (ROOT / "maps").glob("*.yaml") if kind_of(p) == "map")


@pytest.fixture
def demo(tmp_path: Path) -> MapDocument:
    path = tmp_path / "demo.yaml"
    shutil.copy(ROOT / "maps" / "demo.yaml", path)
    return MapDocument.load(path)


def _added_lines(before: str, after: str) -> list[str]:
    return [line[1:] for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                      lineterm="", n=0)
            if line.startswith("+") and not line.startswith("+++")]


def _apply(doc: MapDocument, edit: Edit | None) -> Edit:
    assert edit is not None
    return doc.doc.apply(edit)


def _side(doc: MapDocument, a: str, b: str) -> Hexside:
    return Hexside.between(doc.map.parse(a), doc.map.parse(b))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_a_map_saved_unchanged_is_byte_identical(path: Path, tmp_path: Path) -> None:
    doc = MapDocument.load(path)
    out = tmp_path / path.name
    doc.doc.save(out)
    assert out.read_bytes() == path.read_bytes()


def test_painting_woods_on_0304_makes_the_compiled_map_say_woods(demo: MapDocument) -> None:
    text = demo.doc.text()
    h = demo.map.parse("0304")
    assert demo.map.terrain_at(h) is Terrain.PINE  # under the Gaskins Pines polygon
    edit = demo.paint_terrain([h], Terrain.WOODS)
    assert edit is not None
    undo = demo.doc.apply(edit)
    assert demo.map.terrain_at(h) is Terrain.WOODS
    # one override line after the Dunker church's, every other line as it was
    assert _added_lines(text, demo.doc.text()) == ['  "0304": {terrain: woods}']
    demo.doc.save()
    assert load_map(demo.path).terrain_at(h) is Terrain.WOODS  # the game reads the saved file
    demo.doc.apply(undo)
    assert demo.map.terrain_at(h) is Terrain.PINE


def test_an_undone_paint_gives_back_the_exact_text(demo: MapDocument) -> None:
    text = demo.doc.text()
    centre = demo.map.parse("0304")
    undo = _apply(demo, demo.paint_terrain(demo.brush(centre, 1), Terrain.CORNFIELD))
    assert {demo.map.terrain_at(h) for h in demo.brush(centre, 1)} == {Terrain.CORNFIELD}
    demo.doc.apply(undo)
    assert demo.doc.text() == text
    assert not demo.doc.modified


def test_painting_a_hex_its_own_terrain_is_no_edit(demo: MapDocument) -> None:
    assert demo.paint_terrain([demo.map.parse("0304")], Terrain.PINE) is None


def test_an_existing_override_gets_its_terrain_changed_in_place(demo: MapDocument) -> None:
    text = demo.doc.text()
    edit = demo.paint_terrain([demo.map.parse("0812")], Terrain.TOWN)
    assert edit is not None
    demo.doc.apply(edit)
    # the Dunker church keeps its features and its comment, at the comment's old column
    assert _added_lines(text, demo.doc.text()) == [
        '  "0812": {terrain: town, features: [buildings]}   # the Dunker church, in a clearing']


def test_the_brush_radius_covers_the_hexes_on_the_map(demo: MapDocument) -> None:
    assert len(demo.brush(demo.map.parse("0505"), 1)) == 7
    assert len(demo.brush(demo.map.parse("0505"), 2)) == 19
    # 0101 is a corner of the flat-top map: itself, 0201 and 0102 (0200 and 0001 are off it)
    assert sorted(demo.hex_id(h) for h in demo.brush(demo.map.parse("0101"), 1)) == [
        "0101", "0102", "0201"]


def test_elevation_goes_up_and_down_by_the_contour_interval(demo: MapDocument) -> None:
    # base 280 and contours 300, 320, 340, 380: the smallest rise between them is 20 ft
    assert demo.elevation_step() == 20
    h = demo.map.parse("0304")
    assert demo.map.elevation_at(h) == 300  # inside the 300-ft west upland
    _apply(demo, demo.raise_ground([h], 1))
    assert demo.map.elevation_at(h) == 320
    _apply(demo, demo.raise_ground([h], -1))
    _apply(demo, demo.raise_ground([h], -1))
    assert demo.map.elevation_at(h) == 280
    assert yaml.safe_load(demo.doc.text())["overrides"]["0304"] == {"elevation": 280}


def test_a_hexside_toggled_on_and_off(demo: MapDocument) -> None:
    text = demo.doc.text()
    side = _side(demo, "0505", "0506")
    a = demo.map.parse("0505")
    direction = a.direction_to(demo.map.parse("0506"))
    assert direction is not None
    assert demo.map.hexside_at(a, direction) is HexsideFeature.NONE
    demo.doc.apply(demo.toggle_hexside(side, HexsideFeature.STONE_WALL))
    assert demo.map.hexside_at(a, direction) is HexsideFeature.STONE_WALL
    assert demo.map.hexside_at(a.neighbor(direction), direction + 3) is HexsideFeature.STONE_WALL
    entry = yaml.safe_load(demo.doc.text())["hexsides"][-1]
    assert entry == {"feature": "stone wall", "hexsides": [["0506", "0505"]]}
    # a second wall joins the same entry; toggling both off takes the entry away again
    demo.doc.apply(demo.toggle_hexside(_side(demo, "0505", "0605"), HexsideFeature.STONE_WALL))
    assert len(yaml.safe_load(demo.doc.text())["hexsides"][-1]["hexsides"]) == 2
    demo.doc.apply(demo.toggle_hexside(_side(demo, "0505", "0605"), HexsideFeature.STONE_WALL))
    demo.doc.apply(demo.toggle_hexside(side, HexsideFeature.STONE_WALL))
    assert demo.map.hexside_at(a, direction) is HexsideFeature.NONE
    assert yaml.safe_load(demo.doc.text()) == yaml.safe_load(text)


def test_a_feature_drawn_by_a_line_cannot_be_toggled_off_one_hexside(demo: MapDocument) -> None:
    side = _side(demo, "1708", "1807")  # on the line of "the stone wall"
    with pytest.raises(PaintRefused, match="drawn by a line"):
        demo.toggle_hexside(side, HexsideFeature.STONE_WALL)


def test_a_ford_goes_on_a_creek_hexside_only(demo: MapDocument) -> None:
    creek = _side(demo, "1404", "1504")  # Hazel Run
    a, _ = creek.hexes()
    demo.doc.apply(demo.toggle_hexside(creek, HexsideFeature.FORD))
    assert demo.map.hexside_at(a, creek.direction) == HexsideFeature.CREEK | HexsideFeature.FORD
    with pytest.raises(PaintRefused, match="stream or creek"):
        demo.toggle_hexside(_side(demo, "0505", "0506"), HexsideFeature.BRIDGE)
    with pytest.raises(PaintRefused, match="outer edge"):
        demo.hexside_pair(Hexside.of(demo.map.parse("0101"), 2))


def test_a_road_dragged_from_hex_to_hex(demo: MapDocument) -> None:
    text = demo.doc.text()
    hexes = [demo.map.parse(i) for i in ("0101", "0102", "0202")]
    undo = demo.doc.apply(demo.add_road(hexes, RoadGrade.LANE, bridge=True))
    d01 = hexes[0].direction_to(hexes[1])
    d12 = hexes[1].direction_to(hexes[2])
    assert d01 is not None and d12 is not None
    assert demo.map.road_at(hexes[0], d01) is RoadGrade.LANE
    assert demo.map.road_at(hexes[1], d12) is RoadGrade.LANE
    assert yaml.safe_load(demo.doc.text())["roads"][-1] == {
        "grade": "lane", "bridge": True, "hexes": ["0101", "0102", "0202"]}
    demo.doc.apply(undo)
    assert demo.doc.text() == text
    with pytest.raises(PaintRefused, match="neighbour"):
        demo.add_road([hexes[0], hexes[2]], RoadGrade.ROAD)


def test_friendly_edges_by_screen_edge(demo: MapDocument) -> None:
    # flat-top, hexrows 01..24 grow right, positions 01..18 grow down
    assert [demo.edge_pattern(e) for e in SCREEN_EDGES] == ["xx01", "xx18", "01xx", "24xx"]
    cedar = MapDocument.load(ROOT / "maps" / "cedar_mountain.yaml")
    # pointy-top, hexrows 01..36 grow down, positions 00..18 grow left
    assert [cedar.edge_pattern(e) for e in SCREEN_EDGES] == ["01xx", "36xx", "xx18", "xx00"]
    text = demo.doc.text()
    undo = demo.doc.apply(demo.toggle_friendly_edge("union", "bottom"))
    assert demo.map.friendly_edges["union"] == ["xx01", "xx18"]
    off = demo.doc.apply(demo.toggle_friendly_edge("union", "top"))
    assert demo.map.friendly_edges["union"] == ["xx18"]
    demo.doc.apply(off)
    demo.doc.apply(undo)
    assert demo.doc.text() == text


def test_a_text_that_does_not_compile_keeps_the_last_map(demo: MapDocument) -> None:
    before = demo.map
    demo.doc.apply(SetValue(("hexsides", 0, "feature"), "ford"))  # a ford given as a line
    assert demo.map is before
    assert len(demo.problems) == 1
    problem = demo.problems[0]
    assert problem.line == 75  # the creek's entry in maps/demo.yaml
    assert "ford" in problem.message


def test_victory_hexes_toggled_on_the_scenario(demo_copy: Path) -> None:
    doc = ScenarioDocument.load(demo_copy)
    text = doc.doc.text()
    h = doc.map.parse("0505")
    assert victory_index(doc, h) is None
    doc.doc.apply(toggle_victory_hex(doc, h, 2, "the crossroads"))
    assert victory_index(doc, h) == 3
    assert _added_lines(text, doc.doc.text()) == [
        '  - {hex: "0505", name: the crossroads, points: 2}']
    doc.doc.apply(toggle_victory_hex(doc, h, 2))
    assert doc.doc.text() == text


def test_a_stream_taken_off_takes_its_ford_with_it(demo: MapDocument) -> None:
    text = demo.doc.text()
    side = _side(demo, "0505", "0506")
    a, _ = side.hexes()
    _apply(demo, demo.toggle_hexside(side, HexsideFeature.STREAM))
    _apply(demo, demo.toggle_hexside(side, HexsideFeature.FORD))
    assert demo.map.hexside_at(a, side.direction) == HexsideFeature.STREAM | HexsideFeature.FORD
    undo = _apply(demo, demo.toggle_hexside(side, HexsideFeature.STREAM))
    assert demo.problems == []  # no ford left on dry ground
    assert demo.map.hexside_at(a, side.direction) is HexsideFeature.NONE
    assert yaml.safe_load(demo.doc.text()) == yaml.safe_load(text)
    demo.doc.apply(undo)
    assert demo.map.hexside_at(a, side.direction) == HexsideFeature.STREAM | HexsideFeature.FORD


def test_painting_cedar_mountain_changes_only_the_lines_it_adds() -> None:
    doc = MapDocument.load(ROOT / "maps" / "cedar_mountain.yaml")
    text = doc.doc.text()
    a, b = doc.map.parse("1205"), doc.map.parse("1206")
    _apply(doc, doc.toggle_hexside(Hexside.between(a, b), HexsideFeature.FENCE))
    _apply(doc, doc.add_road([a, b], RoadGrade.PATH))
    _apply(doc, doc.paint_terrain([a], Terrain.ORCHARD))
    # every other line keeps its bytes: the comments, and the long lines wrapped by hand
    assert _added_lines(text, doc.doc.text()) == [
        "  - feature: fence",
        '    hexsides: [["1206", "1205"]]',
        "  - grade: path",
        '    hexes: ["1205", "1206"]',
        "overrides:",
        '  "1205": {terrain: orchard}',
    ]
    assert len(doc.doc.text().splitlines()) == len(text.splitlines()) + 6


def test_a_road_taken_off_along_a_drag_splits_its_chain(demo: MapDocument) -> None:
    text = demo.doc.text()
    ids = ("0101", "0102", "0202", "0302")
    chain = [demo.map.parse(i) for i in ids]
    _apply(demo, demo.add_road(chain, RoadGrade.LANE))

    def grade(a: str, b: str) -> RoadGrade:
        x, y = demo.map.parse(a), demo.map.parse(b)
        direction = x.direction_to(y)
        assert direction is not None
        return demo.map.road_at(x, direction)

    # dragged over the middle link: two pieces, each a lane
    _apply(demo, demo.remove_road(chain[1:3]))
    assert yaml.safe_load(demo.doc.text())["roads"][-2:] == [
        {"grade": "lane", "hexes": ["0101", "0102"]}, {"grade": "lane", "hexes": ["0202", "0302"]}]
    assert [grade(*p) for p in (ids[:2], ids[1:3], ids[2:])] == [
        RoadGrade.LANE, RoadGrade.NONE, RoadGrade.LANE]
    # dragged over the whole road: both pieces go
    _apply(demo, demo.remove_road(chain))
    assert demo.doc.text() == text
    with pytest.raises(PaintRefused, match="no road given by hexes"):
        demo.remove_road(chain)


def test_hex_features_toggled_as_whole_override_lists(demo: MapDocument) -> None:
    clear, top = demo.map.parse("0505"), demo.map.parse("1201")
    assert demo.map.features_at(clear) is HexFeature.NONE
    assert demo.map.features_at(top) is HexFeature.SLOPE_TOP  # derived from the elevations
    # the first hex has no rifle pits: the stroke puts them on both, the slope top kept
    _apply(demo, demo.toggle_hex_feature([clear, top], HexFeature.RIFLE_PITS))
    assert demo.map.features_at(clear) is HexFeature.RIFLE_PITS
    assert demo.map.features_at(top) == HexFeature.RIFLE_PITS | HexFeature.SLOPE_TOP
    overrides = yaml.safe_load(demo.doc.text())["overrides"]
    assert overrides["0505"] == {"features": ["rifle pits"]}
    assert overrides["1201"] == {"features": ["rifle pits", "slope top"]}
    # a second stroke starting on a hex that has them takes them off
    _apply(demo, demo.toggle_hex_feature([top], HexFeature.RIFLE_PITS))
    assert demo.map.features_at(top) is HexFeature.SLOPE_TOP
    assert yaml.safe_load(demo.doc.text())["overrides"]["1201"] == {"features": ["slope top"]}
    assert demo.toggle_hex_feature([], HexFeature.BUILDINGS) is None
