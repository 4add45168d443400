"""Loading scenarios: the shipped demo, small test scenarios, facings, the clock, the schemas."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gameapp.core.counters import load_counters
from gameapp.core.facing import FACING_NAMES, FacingError, facing_name, parse_facing
from gameapp.core.hexgrid import Layout, Orientation
from gameapp.core.scenario import Scenario, TurnClock, load_scenario
from gameapp.core.units import Formation, GunType, Side, Status, UnitKind

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SCHEMAS = ROOT / "gameapp" / "core" / "schemas"


@pytest.fixture(scope="module")
def demo() -> Scenario:
    return load_scenario(ROOT / "scenarios" / "demo.yaml")


def where(scenario: Scenario, unit_id: str) -> str:
    return scenario.map.hex_id(next(u for u in scenario.units if u.id == unit_id).hex)


# --- the demo ---------------------------------------------------------------------------------
def test_demo_loads_every_counter(demo: Scenario) -> None:
    assert demo.name == "Demo: the fight at Hazel Run"
    assert demo.description.startswith("Late afternoon, August 1862")
    assert (demo.map.width, demo.map.height, demo.map.orientation) == (24, 18, Orientation.FLAT)
    assert demo.ruleset == "tactical"
    assert demo.first_side is Side.UNION
    assert len(demo.units) == 28
    assert sum(len(r.units) for r in demo.reinforcements) == 3
    assert len(demo.order_of_battle) == 31
    placed = {u.id for u in demo.units} | {u.id for r in demo.reinforcements for u in r.units}
    assert placed == set(demo.order_of_battle)
    assert Counter(u.side for u in demo.units) == {Side.UNION: 15, Side.CONFEDERATE: 13}
    assert demo.map_path == ROOT / "maps" / "demo.yaml"
    assert demo.counters_path == ROOT / "counters" / "demo.yaml"


def test_demo_shows_every_kind_formation_and_a_few_markers(demo: Scenario) -> None:
    on_map = {u.id: u for u in demo.units}
    seen = {(u.kind, u.formation) for u in demo.units}
    assert {
        (UnitKind.INFANTRY, Formation.LINE),
        (UnitKind.INFANTRY, Formation.COLUMN),
        (UnitKind.INFANTRY, Formation.SKIRMISH),
        (UnitKind.CAVALRY, Formation.MOUNTED),
        (UnitKind.CAVALRY, Formation.DISMOUNTED),
        (UnitKind.ARTILLERY, Formation.LIMBERED),
        (UnitKind.ARTILLERY, Formation.UNLIMBERED),
        (UnitKind.LEADER, Formation.MOUNTED),
    } <= seen
    assert on_map["CS-15GA"].status == {Status.SHAKEN}
    assert on_map["US-1USSS"].status == {Status.COVER}
    assert on_map["US-6NH"].status == frozenset()
    guns = {u.defn.gun for u in demo.units if u.kind is UnitKind.ARTILLERY}
    assert guns == {GunType.R, GunType.H, GunType.G}
    leaders = [u.defn for u in demo.units if u.kind is UnitKind.LEADER]
    assert {d.division for d in leaders if not d.brigade} >= {"Sturgis's Division"}
    assert any(d.brigade == "Toombs's Brigade" for d in leaders)


def test_demo_fields_and_facing_names(demo: Scenario) -> None:
    six = next(u for u in demo.units if u.id == "US-6NH")
    assert where(demo, "US-6NH") == "1304"
    assert (six.facing, facing_name(six.facing, Orientation.FLAT)) == (0, "SE")
    assert six.formation is Formation.LINE
    assert six.defn.name == "6th New Hampshire" and six.defn.morale == 35
    georgians = next(u for u in demo.units if u.id == "CS-2GA")
    assert (where(demo, "CS-2GA"), georgians.facing) == ("1810", 3)  # NW
    leader = next(u for u in demo.units if u.id == "US-Nagle")
    assert (leader.facing, leader.formation) == (0, Formation.MOUNTED)


def test_demo_stacks(demo: Scenario) -> None:
    stacks = Counter(demo.map.hex_id(u.hex) for u in demo.units)
    assert {h: n for h, n in stacks.items() if n > 1} == {
        "1304": 2,
        "1209": 3,
        "1113": 2,
        "2007": 2,
        "1811": 3,
        "2016": 2,
    }
    assert [u.id for u in demo.units_at(demo.map.parse("1811"))] == [
        "CS-20GA",
        "CS-Toombs",
        "CS-Jones",
    ]


def test_demo_reinforcements(demo: Scenario) -> None:
    first, second = demo.reinforcements
    assert (first.turn, demo.map.hex_id(first.hex)) == (2, "2406")
    assert [(u.id, u.facing, u.formation, u.hex) for u in first.units] == [
        ("CS-15SC", 3, Formation.ROAD_COLUMN, first.hex),
        ("CS-Chew", 3, Formation.LIMBERED, first.hex),
    ]
    assert (second.turn, demo.map.hex_id(second.hex)) == (3, "0107")
    assert [(u.id, u.facing, u.formation) for u in second.units] == [
        ("US-M2US", 0, Formation.ROAD_COLUMN)
    ]
    assert second.units[0].defn.horse_artillery


# the issue-24 options from 002 and 003, every one off in the demo
NEW_OPTIONS_OFF = {"g88_zoc": False, "drm_cap": False, "off_map_not_eliminated": False,
                   "generals_hold": False, "general_entry_bonus": False,
                   "bridges_by_road": False, "artillery_retreats_limbered": False,
                   "opening_volley": False, "closing_rolls": False,
                   "artillery_duels": False}


def test_demo_victory_hexes_and_options(demo: Scenario) -> None:
    assert [(demo.map.hex_id(v.hex), v.name, v.points, v.holder) for v in demo.victory_hexes] == [
        ("0907", "Hazelton", 2, Side.UNION),
        ("1407", "Hazel Run bridge", 2, None),
        ("2208", "Henson farm", 3, Side.CONFEDERATE),
    ]
    assert demo.options == {"stacking": "tec_sl", "artillery_three_quarters": True,
                            "movement_allowances": "sharpsburg",
                            "retreat": "ss15_4", "engagement": False,
                            "disengagement_fire": False,
                            "historical_events": False, "broken_track_return": "never",
                            **NEW_OPTIONS_OFF}
    assert demo.los_conventions == ("short_range_obstacles", "orchard_endpoints")


def test_demo_clock(demo: Scenario) -> None:
    clock = demo.clock
    assert clock == TurnClock(first_turn=1, last_turn=9, start_minutes=15 * 60, minutes_per_turn=20)
    assert [clock.time_of(t) for t in (1, 2, 3, 4, 9)] == [
        "3:00 pm",
        "3:20 pm",
        "3:40 pm",
        "4:00 pm",
        "5:40 pm",
    ]
    assert clock.contains(9) and not clock.contains(10) and not clock.contains(0)


# --- the small test scenarios -----------------------------------------------------------------
def test_small_scenario_options_defaults_and_reinforcement_groups() -> None:
    s = load_scenario(DATA / "scenarios" / "small.yaml")
    assert s.options == {"stacking": "flat_8", "artillery_three_quarters": True,
                         "movement_allowances": "sharpsburg",
                         "retreat": "g88", "engagement": True, "disengagement_fire": False,
                         "historical_events": False, "broken_track_return": "never",
                         **NEW_OPTIONS_OFF}
    assert s.los_conventions == ("same_hill", "orchard_endpoints")
    assert s.first_side is Side.CONFEDERATE
    assert [(u.id, s.map.hex_id(u.hex), u.facing, u.formation) for u in s.units] == [
        ("US-1", "0203", 2, Formation.LINE),  # N
        ("US-L", "0203", 0, Formation.MOUNTED),  # a leader may leave both out
        ("US-C", "0302", 5, Formation.DISMOUNTED),  # a number is a direction
        ("CS-1", "0505", 3, Formation.COLUMN),  # NW
        ("CS-A", "0605", 4, Formation.UNLIMBERED),  # SW
    ]
    assert s.units[4].status == {Status.LOW_AMMUNITION}
    early, late = s.reinforcements
    # The group's facing applies to all; road column unless the group or the unit says otherwise.
    assert [(u.id, u.facing, u.formation) for u in early.units] == [
        ("US-2", 5, Formation.ROAD_COLUMN),
        ("US-A", 5, Formation.LIMBERED),
    ]
    # Leaders are always mounted, whatever the group's formation.
    assert [(u.id, u.facing, u.formation) for u in late.units] == [("CS-L", 2, Formation.MOUNTED)]
    assert [v.holder for v in s.victory_hexes] == [Side.CONFEDERATE, None]
    assert (s.clock.time_of(2), s.clock.time_of(4), s.clock.time_of(7)) == (
        "11:40 am",
        "12:20 pm",
        "1:20 pm",
    )


def test_pointy_top_facing_names() -> None:
    s = load_scenario(DATA / "scenarios" / "pointy.yaml")
    assert s.map.orientation is Orientation.POINTY
    assert [(u.id, u.facing, u.formation) for u in s.units] == [
        ("US-1", 0, Formation.LINE),  # E
        ("US-2", 1, Formation.SQUARE),  # NE
        ("US-C", 2, Formation.SKIRMISH),  # NW
        ("US-A", 3, Formation.ROAD_COLUMN),  # W
        ("CS-1", 4, Formation.GENERAL_ORDER),  # SW
        ("CS-A", 5, Formation.LIMBERED),  # SE
    ]


# --- facing names agree with the geometry of hexgrid.py -------------------------------------------
@pytest.mark.parametrize(
    ("orientation", "names", "degrees"),
    [
        (Orientation.FLAT, ("SE", "NE", "N", "NW", "SW", "S"), (330, 30, 90, 150, 210, 270)),
        (Orientation.POINTY, ("E", "NE", "NW", "W", "SW", "SE"), (0, 60, 120, 180, 240, 300)),
    ],
)
def test_facing_names_point_where_the_direction_points(
    orientation: Orientation, names: tuple[str, ...], degrees: tuple[int, ...]
) -> None:
    assert FACING_NAMES[orientation] == names
    layout = Layout(orientation)
    for direction, (name, angle) in enumerate(zip(names, degrees, strict=True)):
        assert parse_facing(name, orientation) == direction
        assert parse_facing(direction, orientation) == direction
        assert facing_name(direction, orientation) == name
        assert layout.direction_angle(direction) == pytest.approx(angle)


@pytest.mark.parametrize(
    ("value", "orientation", "message"),
    [
        (
            "E",
            Orientation.FLAT,
            "facing 'E' is not a flat-top hexside (use N, NE, SE, S, SW, NW or 0..5)",
        ),
        (
            "N",
            Orientation.POINTY,
            "facing 'N' is not a pointy-top hexside (use NE, E, SE, SW, W, NW or 0..5)",
        ),
        (6, Orientation.FLAT, "facing 6 is not a direction number 0..5"),
        (True, Orientation.FLAT, "True is not a facing"),
    ],
)
def test_bad_facings(value: Any, orientation: Orientation, message: str) -> None:
    with pytest.raises(FacingError) as info:
        parse_facing(value, orientation)
    assert str(info.value) == message


# --- the published schemas --------------------------------------------------------------------
def undescribed_fields(schema: dict[str, Any]) -> list[str]:
    """Paths of property and array-item schemas with no description (here or in their $ref)."""
    defs = schema.get("$defs", {})
    missing: list[str] = []

    def described(sub: dict[str, Any]) -> bool:
        target = defs[sub["$ref"].rsplit("/", 1)[1]] if "$ref" in sub else sub
        return "description" in sub or "description" in target

    def walk(node: Any, path: str) -> None:
        if isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{path}[{i}]")
            return
        if not isinstance(node, dict):
            return
        for name, sub in node.get("properties", {}).items():
            if not described(sub):
                missing.append(f"{path}.{name}")
        if isinstance(node.get("items"), dict) and not described(node["items"]):
            missing.append(f"{path}[]")
        for key, sub in node.items():
            walk(sub, f"{path}/{key}")

    walk(schema, "")
    return missing


def test_undescribed_fields_are_found() -> None:
    schema = {
        "properties": {"a": {"type": "string"}, "b": {"$ref": "#/$defs/b"}},
        "$defs": {"b": {"type": "array", "description": "b", "items": {"type": "integer"}}},
    }
    assert undescribed_fields(schema) == [".a", "/$defs/b[]"]


@pytest.mark.parametrize("name", ["scenario", "counters"])
def test_every_schema_field_is_described(name: str) -> None:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert undescribed_fields(schema) == []


@pytest.mark.parametrize(
    "path",
    [
        "scenarios/demo.yaml",
        "counters/demo.yaml",
        "tests/data/scenarios/small.yaml",
        "tests/data/counters/small.yaml",
    ],
)
def test_schema_comment_points_at_the_published_schema(path: str) -> None:
    first = (ROOT / path).read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match is not None
    assert ((ROOT / path).parent / match[1]).resolve().parent == SCHEMAS


def test_the_examples_in_the_docs_load(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "file-formats.md").read_text(encoding="utf-8")
    found = re.findall(r"```yaml\n(# yaml-language-server: .*?)```", text, flags=re.S)
    blocks = [block for block in found if "\nname:" in block]  # the whole-file examples
    assert len(blocks) == 2
    for folder in ("maps", "counters", "scenarios"):
        (tmp_path / folder).mkdir()
    shutil.copy(ROOT / "maps" / "demo.yaml", tmp_path / "maps" / "demo.yaml")
    counters_example, scenario_example = blocks
    (tmp_path / "counters" / "example.yaml").write_text(counters_example, encoding="utf-8")
    assert len(load_counters(tmp_path / "counters" / "example.yaml")) == 10
    shutil.copy(ROOT / "counters" / "demo.yaml", tmp_path / "counters" / "demo.yaml")
    (tmp_path / "scenarios" / "example.yaml").write_text(scenario_example, encoding="utf-8")
    example = load_scenario(tmp_path / "scenarios" / "example.yaml")
    assert (len(example.units), example.clock.time_of(3)) == (7, "3:40 pm")
