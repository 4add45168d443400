"""A wrong map file is reported as `file:line: message` lines, one per problem, never a traceback.

Each file under tests/data/bad_maps/ holds one kind of mistake (several_problems.yaml holds three).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gameapp.core.mapfile import compile_map, load_map
from gameapp.core.yamlsource import DataError

BAD = Path(__file__).resolve().parents[1] / "data" / "bad_maps"
TERRAINS = (
    "'clear', 'orchard', 'oak', 'oak and brush', 'pine', 'pine and brush', 'brush', 'woods', "
    "'rocky woods', 'cornfield', 'town'"
)

CASES = {
    "unknown_terrain.yaml": [f"6: terrain[1].terrain: 'swamp' is not one of {TERRAINS}"],
    "bad_hex_id.yaml": [
        "5: terrain[0].hexes[1]: '02x3' does not match a four-digit hex id such as 0512"
    ],
    "hex_off_map.yaml": [
        "7: features[0].hexes[1]: hex 0907 is off the map (8x6 hexes, 0101 to 0806); "
        "the map's size is on line 2"
    ],
    "missing_numbering_field.yaml": ["2: numbering: missing required field 'height'"],
    "wrong_type.yaml": ["4: numbering.width: expected integer, got string 'eight'"],
    "road_not_neighbours.yaml": [
        "8: roads[0].hexes[2]: 0104 is not a neighbour of 0102, the hex before it"
    ],
    "yaml_syntax.yaml": ["3: YAML syntax: expected ',' or '}', but got ':' (while parsing a "
                         "flow mapping that starts on line 2)"],
    "duplicate_key.yaml": ["4: duplicate key 'name' (first on line 1)"],
    "invalid_polygon.yaml": [
        "5: terrain[0].polygon[0]: not a valid polygon: self-intersection at (1, 1)"],
    "unquoted_hex_id.yaml": [
        "5: terrain[0].hexes[0]: expected string, got integer 325 (hex ids go in quotes, such "
        "as '0512': unquoted, YAML reads them as numbers)"
    ],
    "ford_off_water.yaml": [
        "6: hexsides[1]: the ford at hexside 0202/0203 is not on a stream or creek"
    ],
    "numbering_mismatch.yaml": [
        "2: numbering: flat-top hexrows grow left/right and positions grow down/up"
    ],
    "several_problems.yaml": [
        "4: terrain[0]: give exactly one of polygon or hexes, not both polygon and hexes",
        "9: hexsides[0].hexsides[0]: hexes 0202 and 0204 are not neighbours",
        "12: elevations.1201: hex 1201 is off the map (8x6 hexes, 0101 to 0806); the map's "
        "size is on line 2",
    ],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_problem_is_reported_with_its_file_and_line(name: str) -> None:
    path = BAD / name
    with pytest.raises(DataError) as error:
        load_map(path)
    assert str(error.value).splitlines() == [f"{path}:{line}" for line in CASES[name]]


def test_every_bad_map_file_has_a_case() -> None:
    assert {p.name for p in BAD.glob("*.yaml")} == set(CASES)


def test_a_missing_file_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(DataError) as error:
        load_map(path)
    assert str(error.value) == f"{path}:1: file not found"


BASE = {"name": "m", "numbering": {"orientation": "flat", "width": 6, "height": 5}}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            {"hexsides": [{"feature": "stream", "line": [[-30, -30], [-20, -30]]}]},
            "hexsides[0]: the line crosses no hexside of the map",
        ),
        (
            {"terrain": [{"terrain": "woods", "polygon": [[100, 100], [110, 100], [110, 110]]}]},
            "terrain[0]: the polygon lies entirely off the map (the map spans x -1.0 to 8.5 and "
            "y -0.9 to 8.7 in hex units)",
        ),
        (
            {"hexsides": [{"feature": "fence", "at": [[1, 1]]}]},
            "hexsides[0]: a fence is drawn as a line or given as hexsides; only fords and "
            "bridges are marked with points",
        ),
        (
            {"hexsides": [{"feature": "bridge", "line": [[1, 1], [2, 2]]}]},
            "hexsides[0]: a bridge is marked with at (points) or hexsides, not a line",
        ),
        (
            {"roads": [{"grade": "path", "line": [[1, 1], [1, 1]]}]},
            "roads[0]: the line has no length: give at least two different points",
        ),
        (
            {"roads": [{"grade": "path"}]},
            "roads[0]: give exactly one of line or hexes",
        ),
        (
            {"slopes": {"gentle": 40, "steep": 40}},
            "slopes: gentle (40) must be less than steep (40)",
        ),
        (
            {"friendly_edges": {"union": ["x01"]}},
            "friendly_edges.union[0]: 'x01' does not match a map edge as a hex id pattern such "
            "as xx00 or 29xx",
        ),
        (
            {"overrides": {"0101": {"terrain": "swamp"}}},
            f"overrides.0101.terrain: 'swamp' is not one of {TERRAINS}",
        ),
    ],
)
def test_problems_in_plain_data_are_reported_at_their_entries(
    extra: dict[str, object], message: str
) -> None:
    with pytest.raises(DataError) as error:
        compile_map({**BASE, **extra})
    assert str(error.value) == f"<map>:1: {message}"


def test_coordinates_must_be_finite() -> None:
    with pytest.raises(DataError) as error:
        compile_map({**BASE, "roads": [{"grade": "path", "line": [[0, 0], [float("nan"), 1]]}]})
    assert str(error.value) == "<map>:1: roads[0]: coordinates must be finite numbers"


# One entry of every kind, each with every optional field.
SMALL: dict[str, Any] = {
    "name": "small",
    "description": "every kind of entry",
    "numbering": {
        "orientation": "flat",
        "width": 6,
        "height": 5,
        "first": "0101",
        "hexrows_grow": "right",
        "positions_grow": "down",
        "odd_shoved": True,
        "north": "up",
        "letter": "A",
    },
    "slopes": {"gentle": 10, "steep": 40},
    "friendly_edges": {"union": ["xx01"], "confederate": ["06xx"]},
    "frame": {"hex_across": 3 ** 0.5, "origin": [0, 0], "y_axis": "down"},
    "base_terrain": "clear",
    "base_elevation": 300,
    "derive_slope_tops": True,
    "terrain": [
        {"terrain": "woods", "name": "w", "polygon": [[0, 0], [3, 0], [3, 3], [0, 3]],
         "holes": [[[1, 1], [2, 1], [2, 2]]]},
        {"terrain": "town", "hexes": ["0303"]},
    ],
    "contours": [{"height": 340, "name": "c", "polygon": [[4, 0], [8, 0], [8, 4]]}],
    "elevations": {"0101": 310},
    "hexsides": [
        {"feature": "stream", "name": "s", "line": [[0.75, -1], [0.75, 9]]},
        {"feature": "fence", "hexsides": [["0202", "0203"]]},
        {"feature": "ford", "at": [[0.75, 2.6]]},
    ],
    "roads": [
        {"grade": "pike", "name": "p", "line": [[0, 0], [7, 4]], "bridge": True},
        {"grade": "path", "hexes": ["0101", "0102"]},
    ],
    "features": [
        {"feature": "buildings", "at": [[3, 1.7]]},
        {"feature": "sunken road", "line": [[0, 0], [0, 5]]},
        {"feature": "rifle pits", "polygon": [[-1, -1], [1, -1], [1, 1], [-1, 1]]},
        {"feature": "railroad cut", "hexes": ["0404"]},
    ],
    "overrides": {"0505": {"terrain": "orchard", "elevation": 280, "features": ["slope top"]}},
}  # fmt: skip


def _paths(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every path into the data."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


def test_the_small_map_with_every_kind_of_entry_compiles() -> None:
    assert compile_map(copy.deepcopy(SMALL)).name == "small"


@pytest.mark.parametrize("wrong", ["text", 7, -1, 0.5, None, [], [[1e9, -1e9], [1e9, 1e9]]])
def test_any_wrong_value_anywhere_in_a_map_is_a_data_error_never_a_crash(wrong: Any) -> None:
    for path in list(_paths(SMALL))[1:]:
        broken = copy.deepcopy(SMALL)
        parent: Any = broken
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = wrong
        try:
            compile_map(broken)
        except DataError as error:
            assert str(error).startswith("<map>:1: "), path
