"""Compiling vector map sources onto hexes, checked against expectations worked out by hand.

The tiny maps are flat-top, 5 x 4 hexes, numbered from 0101 (hexrows grow right, positions down,
odd columns shoved down). In map hex units the centre of column c, row r is
x = 1.5 c, y = sqrt(3) (r + 0.5 if c is odd else r); a hex's area is 1.5 sqrt(3).
"""

from __future__ import annotations

import math
import random
from functools import reduce
from operator import or_
from pathlib import Path
from typing import Any

import pytest

from gameapp.core.hexgrid import Hex, Hexside, Layout, Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.mapfile import compile_map, load_map
from gameapp.core.terrain import (
    HEX_FEATURE_BY_LABEL,
    HEXSIDE_FEATURE_BY_LABEL,
    HexFeature,
    HexsideFeature,
    RoadGrade,
    Slope,
    Terrain,
)
from gameapp.core.yamlsource import DataError

S3 = math.sqrt(3.0)
DEMO = Path(__file__).resolve().parents[2] / "maps" / "demo.yaml"
FLAT = Layout(Orientation.FLAT, 1.0)


def tiny(width: int = 5, height: int = 4, **parts: Any) -> dict[str, Any]:
    return {
        "name": "tiny",
        "numbering": {"orientation": "flat", "width": width, "height": height},
        **parts,
    }


def centre(hex_id: str) -> tuple[float, float]:
    """The centre of a hex of the tiny maps, in map hex units."""
    col, row = int(hex_id[:2]) - 1, int(hex_id[2:]) - 1
    return 1.5 * col, S3 * (row + 0.5 * (col % 2))


def box(x0: float, x1: float, y0: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def side(m: HexMap, a: str, b: str) -> Hexside:
    return Hexside.between(m.parse(a), m.parse(b))


def marked(m: HexMap, feature: HexsideFeature) -> set[frozenset[str]]:
    """Every on-map pair of hexes whose shared hexside has `feature`."""
    found = set()
    for s, f in m.hexside_features().items():
        if f & feature:
            found.add(frozenset(m.hex_id(h) for h in s.hexes() if m.contains(h)))
    return found


def pairs(*texts: str) -> set[frozenset[str]]:
    return {frozenset(t.split("-")) for t in texts}


# --- terrain: the terrain covering most of a hex --------------------------------------------
X, Y = centre("0202")  # (1.5, 2.598)
WHOLE = box(X - 1.01, X + 1.01, Y - 0.9, Y + 0.9)
# A vertical cut at X + t (0 <= t <= 0.5) leaves (0.75 - t) sqrt(3) of the hex's 1.5 sqrt(3) to
# its right: t = 0.15 gives 40 %, t = -0.15 gives 60 %, t = 0.25 gives 33.3 %.
RIGHT_60 = box(X - 0.15, X + 1.01, Y - 0.9, Y + 0.9)
RIGHT_40 = box(X + 0.15, X + 1.01, Y - 0.9, Y + 0.9)
LEFT_33 = box(X - 1.01, X - 0.25, Y - 0.9, Y + 0.9)
LEFT_HALF = box(X - 1.01, X, Y - 0.9, Y + 0.9)
RIGHT_HALF = box(X, X + 1.01, Y - 0.9, Y + 0.9)


def terrain_of_0202(*areas: tuple[str, list[list[float]]], **extra: Any) -> Terrain:
    data = tiny(terrain=[{"terrain": t, "polygon": p} for t, p in areas], **extra)
    m = compile_map(data)
    return m.terrain_at(m.parse("0202"))


def test_a_polygon_covering_60_percent_of_a_hex_gives_it_its_terrain() -> None:
    assert terrain_of_0202(("woods", RIGHT_60)) is Terrain.WOODS


def test_a_polygon_covering_40_percent_leaves_the_rest_of_the_hex_clear() -> None:
    assert terrain_of_0202(("woods", RIGHT_40)) is Terrain.CLEAR


def test_uncovered_area_counts_as_the_maps_base_terrain() -> None:
    assert terrain_of_0202(("woods", RIGHT_40), base_terrain="brush") is Terrain.BRUSH


def test_the_largest_share_wins_even_under_half() -> None:
    # woods 40 %, orchard 33.3 %, clear 26.7 %
    assert terrain_of_0202(("woods", RIGHT_40), ("orchard", LEFT_33)) is Terrain.WOODS


def test_a_tie_goes_to_the_later_listed_area() -> None:
    assert terrain_of_0202(("woods", LEFT_HALF), ("orchard", RIGHT_HALF)) is Terrain.ORCHARD
    assert terrain_of_0202(("orchard", RIGHT_HALF), ("woods", LEFT_HALF)) is Terrain.WOODS


def test_later_areas_are_painted_over_earlier_ones() -> None:
    # town on top of 40 % of a wooded hex: 60 % of the woods still show
    assert terrain_of_0202(("woods", WHOLE), ("town", RIGHT_40)) is Terrain.WOODS
    assert terrain_of_0202(("woods", WHOLE), ("town", RIGHT_60)) is Terrain.TOWN
    # woods listed last hide the town beneath
    assert terrain_of_0202(("town", RIGHT_60), ("woods", WHOLE)) is Terrain.WOODS


def test_terrain_given_as_hexes_fills_exactly_those_hexes() -> None:
    m = compile_map(tiny(terrain=[{"terrain": "rocky woods", "hexes": ["0101", "0504"]}]))
    rocky = {m.hex_id(h) for h in m.hexes() if m.terrain_at(h) is Terrain.ROCKY_WOODS}
    assert rocky == {"0101", "0504"}


# --- hexside features: lines snapped to a chain of hex edges ---------------------------------
# The edges between column 0 (01xx) and column 1 (02xx) zig-zag through the corners
# (1, 0), (0.5, 0.866), (1, 1.732), (0.5, 2.598), ... Each is the SE or NE side of a 01xx hex.
ZIGZAG = [[1.0 if k % 2 == 0 else 0.5, k * S3 / 2] for k in range(8)]
BETWEEN_COLUMNS_1_AND_2 = pairs(
    "0101-0201", "0102-0201", "0102-0202", "0103-0202", "0103-0203", "0104-0203", "0104-0204"
)


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(ZIGZAG, id="drawn exactly along the edges"),
        pytest.param([[0.75, 0.2], [0.75, 6.0]], id="straight, through the edge midpoints"),
        pytest.param([[0.7, 0.1], [0.85, 3.0], [0.7, 5.9]], id="wobbling near the edges"),
    ],
)
def test_a_fence_line_marks_the_chain_of_hex_edges_it_follows(line: list[list[float]]) -> None:
    m = compile_map(tiny(hexsides=[{"feature": "fence", "line": line}]))
    assert marked(m, HexsideFeature.FENCE) == BETWEEN_COLUMNS_1_AND_2
    # hexes on the same side of the fence are not separated by it
    for a, b in [("0101", "0102"), ("0201", "0202"), ("0202", "0302"), ("0103", "0104")]:
        assert m.hexside_at(m.parse(a), m.parse(a).direction_to(m.parse(b)) or 0) == 0
    # and the feature is stored on both hexes of each side
    s = side(m, "0102", "0202")
    h, d = s.hex, s.direction
    assert m.hexside_at(h, d) == m.hexside_at(h.neighbor(d), d + 3) == HexsideFeature.FENCE


def test_features_sharing_a_hexside_are_combined() -> None:
    m = compile_map(
        tiny(
            hexsides=[
                {"feature": "crest", "line": ZIGZAG},
                {"feature": "stone wall", "hexsides": [["0102", "0202"], ["0302", "0303"]]},
            ]
        )
    )
    s = side(m, "0102", "0202")
    assert m.hexside_at(s.hex, s.direction) == HexsideFeature.CREST | HexsideFeature.STONE_WALL
    assert marked(m, HexsideFeature.STONE_WALL) == pairs("0102-0202", "0302-0303")


def _straight_line_separates(orientation: str, seed: int) -> None:
    """Across the whole map, a straight line marks a hexside exactly when the centres of its two
    hexes lie on opposite sides of the line."""
    rng = random.Random(seed)
    data = tiny(12, 10)
    data["numbering"]["orientation"] = orientation
    layout = Layout(Orientation(orientation), 1.0)
    angle = rng.uniform(0, math.pi)
    px, py = rng.uniform(4, 14), rng.uniform(4, 12)
    dx, dy = math.cos(angle) * 60, math.sin(angle) * 60
    data["hexsides"] = [{"feature": "stream", "line": [[px - dx, py - dy], [px + dx, py + dy]]}]
    m = compile_map(data)

    def side_of(h: Hex) -> bool:
        x, y = layout.hex_to_pixel(h)
        return (x - px) * dy - (y - py) * dx > 0

    for h in m.hexes():
        for d in range(6):
            n = h.neighbor(d)
            if m.contains(n):
                crossed = side_of(h) != side_of(n)
                assert bool(m.hexside_at(h, d) & HexsideFeature.STREAM) == crossed, (h, d)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_crossing_a_straight_line_means_crossing_a_marked_hexside(
    orientation: str, seed: int
) -> None:
    _straight_line_separates(orientation, seed)


@pytest.mark.parametrize("seed", range(10))
def test_a_wandering_line_becomes_one_unbroken_chain_of_edges(seed: int) -> None:
    rng = random.Random(seed)
    xs = sorted(rng.uniform(2, 20) for _ in range(6))
    line = [[x, rng.uniform(3, 13)] for x in xs]
    m = compile_map(tiny(16, 10, hexsides=[{"feature": "creek", "line": line}]))
    layout = Layout(Orientation.FLAT, 1.0)
    graph: dict[tuple[float, float], set[tuple[float, float]]] = {}
    for s in m.hexside_features():
        a, b = (tuple(round(v, 6) for v in p) for p in layout.hexside_endpoints(s))
        graph.setdefault(a, set()).add(b)  # type: ignore[arg-type]
        graph.setdefault(b, set()).add(a)  # type: ignore[arg-type]
    ends = [corner for corner, near in graph.items() if len(near) == 1]
    assert all(len(near) <= 2 for near in graph.values()), "the chain branches"
    assert len(ends) == 2, "the chain is broken or closed"
    # it is connected: walking from one end reaches every corner
    seen, todo = {ends[0]}, [ends[0]]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    assert seen == set(graph)
    # and its ends are near the line's ends (within one hex corner distance)
    for end in (line[0], line[-1]):
        assert min(math.dist(end, corner) for corner in ends) <= 1.0 + 1e-9


def test_a_ford_point_marks_the_nearest_stream_hexside() -> None:
    stream = {"feature": "stream", "line": ZIGZAG}
    mid = [(1.0 + 0.5) / 2, (2 * S3 / 2 + 3 * S3 / 2) / 2]  # the middle of side 0102/0202
    ford = {"feature": "ford", "at": [[mid[0] - 0.3, mid[1] + 0.1]]}
    m = compile_map(tiny(hexsides=[ford, stream]))  # fords are placed after every line
    assert marked(m, HexsideFeature.FORD) == pairs("0102-0202")
    s = side(m, "0102", "0202")
    assert m.hexside_at(s.hex, s.direction) == HexsideFeature.STREAM | HexsideFeature.FORD


def test_a_ford_away_from_water_is_an_error() -> None:
    with pytest.raises(DataError) as error:
        compile_map(tiny(hexsides=[{"feature": "ford", "at": [[4.5, 2.6]]}]))
    assert str(error.value) == (
        "<map>:1: hexsides[0]: no stream or creek hexside is near (4.5, 2.6) for the ford"
    )


# --- roads ----------------------------------------------------------------------------------
def road_links(m: HexMap) -> dict[frozenset[str], RoadGrade]:
    return {
        frozenset(m.hex_id(h) for h in s.hexes() if m.contains(h)): g
        for s, g in m.road_links().items()
    }


def test_a_road_line_links_the_hexes_it_runs_through() -> None:
    # 0101 -> 0201 -> 0302 -> 0402 -> 0503 are successive south-east neighbours on a straight
    # line through their centres; then the road turns south into 0504.
    line = [list(centre("0101")), list(centre("0503")), list(centre("0504"))]
    m = compile_map(tiny(roads=[{"grade": "pike", "line": line}]))
    assert road_links(m) == {
        p: RoadGrade.PIKE
        for p in pairs("0101-0201", "0201-0302", "0302-0402", "0402-0503", "0503-0504")
    }
    h = m.parse("0302")
    assert m.road_at(h, 0) is RoadGrade.PIKE and m.road_at(h, 3) is RoadGrade.PIKE  # SE and NW
    assert m.road_at(h, 5) is RoadGrade.NONE


def test_a_road_that_clips_a_hex_corner_does_not_enter_that_hex() -> None:
    # from 0101 to 0102 bulging 0.1 past the corner they share with 0201: it is inside 0201
    # for less than 0.2 units, so the road links 0101 and 0102 directly
    m = compile_map(tiny(roads=[{"grade": "lane", "line": [[0, 0], [0.6, S3 / 2], [0, S3]]}]))
    assert road_links(m) == {frozenset({"0101", "0102"}): RoadGrade.LANE}


def test_a_road_given_as_hexes_and_a_better_grade_on_the_same_link() -> None:
    m = compile_map(
        tiny(
            roads=[
                {"grade": "path", "hexes": ["0101", "0102", "0202"]},
                {"grade": "road", "hexes": ["0202", "0102"]},
            ]
        )
    )
    assert road_links(m) == {
        frozenset({"0101", "0102"}): RoadGrade.PATH,
        frozenset({"0102", "0202"}): RoadGrade.ROAD,
    }


@pytest.mark.parametrize("bridge", [True, False])
def test_a_road_declared_with_bridges_bridges_the_streams_it_crosses(bridge: bool) -> None:
    line = [list(centre(h)) for h in ("0102", "0202", "0302")]
    road = {"grade": "road", "line": line, "bridge": bridge}
    m = compile_map(tiny(hexsides=[{"feature": "stream", "line": ZIGZAG}], roads=[road]))
    expected = pairs("0102-0202") if bridge else set()
    assert marked(m, HexsideFeature.BRIDGE) == expected


# --- elevation and slopes -------------------------------------------------------------------
def circle(x: float, y: float, radius: float) -> list[list[float]]:
    return [
        [x + radius * math.cos(a), y + radius * math.sin(a)]
        for a in (2 * math.pi * k / 24 for k in range(24))
    ]


def hill(summit_first: bool = False) -> HexMap:
    # 0302 is the summit (360 ft); its six neighbours, sqrt(3) away, are inside the 320 contour;
    # the next ring (3 or more away) stays at the base 300.
    top = centre("0302")
    contours = [
        {"height": 320, "polygon": circle(*top, 2.5)},
        {"height": 360, "polygon": circle(*top, 0.5)},
    ]
    return compile_map(
        tiny(
            base_elevation=300,
            slopes={"gentle": 10, "steep": 40},
            contours=contours[::-1] if summit_first else contours,
        )
    )


@pytest.mark.parametrize("summit_first", [False, True])
def test_a_hex_takes_the_height_of_the_highest_contour_holding_its_centre(
    summit_first: bool,
) -> None:
    m = hill(summit_first)
    heights = {m.hex_id(h): m.elevation_at(h) for h in m.hexes()}
    assert heights["0302"] == 360
    assert {heights[i] for i in ("0301", "0303", "0201", "0202", "0401", "0402")} == {320}
    assert heights["0101"] == heights["0304"] == heights["0504"] == 300


def test_slopes_between_contours_are_gentle_or_steep_up_and_down() -> None:
    m = hill()
    s, n = 5, 2  # flat-top directions: south and north
    assert m.slope_at(m.parse("0302"), s) is Slope.STEEP_DOWN  # 360 -> 320
    assert m.slope_at(m.parse("0303"), n) is Slope.STEEP_UP  # 320 -> 360
    assert m.slope_at(m.parse("0303"), s) is Slope.GENTLE_DOWN  # 320 -> 300
    assert m.slope_at(m.parse("0304"), n) is Slope.GENTLE_UP  # 300 -> 320
    assert m.slope_at(m.parse("0201"), s) is Slope.LEVEL  # 320 -> 320
    assert m.slope_at(m.parse("0101"), n) is Slope.LEVEL  # off the map


def test_slope_tops_are_derived_where_the_ground_falls_away_and_nowhere_rises() -> None:
    m = hill()
    tops = {m.hex_id(h) for h in m.hexes() if m.features_at(h) & HexFeature.SLOPE_TOP}
    assert tops == {"0302"}
    m = compile_map({**tiny(), "derive_slope_tops": False, "elevations": {"0303": 50}})
    assert not (m.features & int(HexFeature.SLOPE_TOP)).any()


def test_spot_heights_replace_contour_heights() -> None:
    m = compile_map(
        tiny(
            base_elevation=300,
            contours=[{"height": 320, "polygon": circle(*centre("0302"), 2.5)}],
            elevations={"0302": 335, "0504": 290},
        )
    )
    assert m.elevation_at(m.parse("0302")) == 335
    assert m.elevation_at(m.parse("0504")) == 290
    assert m.elevation_at(m.parse("0303")) == 320


# --- hex features and overrides -------------------------------------------------------------
def test_hex_features_from_points_lines_areas_and_hexes() -> None:
    m = compile_map(
        tiny(
            derive_slope_tops=False,
            features=[
                {"feature": "buildings", "at": [[x + 0.3, y - 0.2] for x, y in [centre("0404")]]},
                {"feature": "sunken road", "line": [list(centre("0101")), list(centre("0103"))]},
                {"feature": "rifle pits", "polygon": RIGHT_60},  # 60 % of 0202
                {"feature": "slope top", "hexes": ["0501"]},
            ],
        )
    )
    features = {m.hex_id(h): m.features_at(h) for h in m.hexes() if m.features_at(h)}
    assert features == {
        "0404": HexFeature.BUILDINGS,
        "0101": HexFeature.SUNKEN_ROAD,
        "0102": HexFeature.SUNKEN_ROAD,
        "0103": HexFeature.SUNKEN_ROAD,
        "0202": HexFeature.RIFLE_PITS,
        "0501": HexFeature.SLOPE_TOP,
    }


def test_a_feature_area_must_cover_half_a_hex() -> None:
    with pytest.raises(DataError) as error:
        compile_map(tiny(features=[{"feature": "railroad cut", "polygon": RIGHT_40}]))
    assert str(error.value) == "<map>:1: features[0]: the polygon covers no hex by half or more"


def test_overrides_are_hand_edits_applied_last() -> None:
    top = centre("0302")
    data = tiny(
        base_elevation=300,
        terrain=[{"terrain": "woods", "polygon": WHOLE}],
        contours=[{"height": 360, "polygon": circle(*top, 0.5)}],
        overrides={
            "0202": {"terrain": "town", "elevation": 310, "features": ["buildings"]},
            "0302": {"features": []},  # removes the derived slope top
            "0504": {"elevation": 250},
        },
    )
    m = compile_map(data)
    h = m.parse("0202")
    assert m.terrain_at(h) is Terrain.TOWN
    assert m.elevation_at(h) == 310
    assert m.features_at(h) == HexFeature.BUILDINGS
    assert m.features_at(m.parse("0302")) == HexFeature.NONE
    assert m.elevation_at(m.parse("0504")) == 250
    # the overridden elevations feed the derived slope tops: 0503 now looks down on 0504
    assert m.features_at(m.parse("0503")) == HexFeature.SLOPE_TOP


def test_map_settings_are_carried_onto_the_compiled_map() -> None:
    m = compile_map(
        tiny(
            slopes={"gentle": 20, "steep": 60},
            friendly_edges={"union": ["xx01"], "confederate": ["05xx"]},
        )
    )
    assert (m.slope_thresholds.gentle, m.slope_thresholds.steep) == (20, 60)
    assert m.friendly_edges == {"union": ["xx01"], "confederate": ["05xx"]}
    assert m.name == "tiny"


def test_a_frame_in_yards_with_y_up_compiles_like_hex_units() -> None:
    yards = 200 / S3  # one map unit, in yards, when neighbouring centres are 200 yards apart

    def to_yards(points: list[list[float]]) -> list[list[float]]:
        return [[1000 + x * yards, 5000 - y * yards] for x, y in points]

    def source(convert: Any) -> dict[str, Any]:
        return tiny(
            terrain=[{"terrain": "woods", "polygon": convert(RIGHT_60)}],
            hexsides=[{"feature": "fence", "line": convert(ZIGZAG)}],
            roads=[
                {"grade": "road", "line": convert([list(centre("0101")), list(centre("0503"))])}
            ],
        )

    plain = compile_map(source(lambda p: p))
    framed = compile_map(
        {**source(to_yards), "frame": {"hex_across": 200, "origin": [1000, 5000], "y_axis": "up"}}
    )
    assert (plain.terrain == framed.terrain).all()
    assert (plain.hexsides == framed.hexsides).all()
    assert (plain.roads == framed.roads).all()
    assert framed.terrain_at(framed.parse("0202")) is Terrain.WOODS


# --- the demo map ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def demo() -> HexMap:
    return load_map(DEMO)


def test_the_demo_map_is_24_by_18_flat_top_numbered_from_0101(demo: HexMap) -> None:
    assert (demo.width, demo.height, demo.orientation) == (24, 18, Orientation.FLAT)
    assert demo.hex_id(demo.hexes()[0]) == "0101"
    assert demo.hex_id(demo.hexes()[-1]) == "2418"
    assert demo.source == str(DEMO)


def test_the_demo_map_shows_every_terrain_and_feature(demo: HexMap) -> None:
    assert {Terrain(int(t)) for t in set(demo.terrain.ravel().tolist())} == set(Terrain)
    sides = HexsideFeature.NONE
    for f in demo.hexside_features().values():
        sides |= f
    assert sides == reduce(or_, HEXSIDE_FEATURE_BY_LABEL.values())
    features = HexFeature.NONE
    for f in set(demo.features.ravel().tolist()):
        features |= HexFeature(f)
    assert features == reduce(or_, HEX_FEATURE_BY_LABEL.values())
    assert set(demo.road_links().values()) == {
        RoadGrade.PIKE,
        RoadGrade.ROAD,
        RoadGrade.LANE,
        RoadGrade.PATH,
    }


def test_the_demo_map_has_gentle_and_steep_slopes(demo: HexMap) -> None:
    slopes = {demo.slope_at(h, d) for h in demo.hexes() for d in range(6)}
    assert slopes == set(Slope)


def test_the_demo_pike_crosses_the_creek_on_a_bridge_and_the_lane_at_a_ford(demo: HexMap) -> None:
    creek = HexsideFeature.CREEK
    for s in demo.road_links():
        f = demo.hexside_at_any(s.hex, s.direction)
        if f & creek:
            assert f & (HexsideFeature.BRIDGE | HexsideFeature.FORD), demo.hex_id(s.hex)
    pike_bridges = [
        s
        for s, g in demo.road_links().items()
        if g is RoadGrade.PIKE and demo.hexside_at_any(s.hex, s.direction) & HexsideFeature.BRIDGE
    ]
    assert len(pike_bridges) == 1
    fords = [s for s, f in demo.hexside_features().items() if f & HexsideFeature.FORD]
    assert len(fords) == 1 and demo.hexside_at_any(fords[0].hex, fords[0].direction) & creek
