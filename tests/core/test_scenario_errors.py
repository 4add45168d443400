"""Malformed scenarios: every problem is reported as `file:line: message`, all of them at once.

Each file under tests/data/bad_scenarios/ is short; the expected line numbers were counted by
hand from those files. Problems in the map or counters file a scenario names keep their own
file and line.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gameapp.core.scenario import load_scenario
from gameapp.core.yamlsource import DataError

DATA = Path(__file__).resolve().parent.parent / "data"
BAD = DATA / "bad_scenarios"
SMALL_MAP = "../maps/small.yaml"
FLAT_NAMES = "(use N, NE, SE, S, SW, NW or 0..5)"
POINTY_NAMES = "(use NE, E, SE, SW, W, NW or 0..5)"
TERRAINS = (
    "'clear', 'orchard', 'oak', 'oak and brush', 'pine', 'pine and brush', 'brush', 'woods', "
    "'rocky woods', 'cornfield', 'town'"
)
MORALE_37 = "unit 'US-1': morale 37 is not a d66 value (two digits, each 1 to 6, such as 35 or 42)"
MORALE_70 = "unit 'US-3': morale 70 is not a d66 value (two digits, each 1 to 6, such as 35 or 42)"


def problems(path: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_scenario(path)
    text = str(info.value)
    assert text == "\n".join(str(p) for p in info.value.problems)
    return text.splitlines()


def at(name: str, *lines: str) -> list[str]:
    """Expected messages for bad_scenarios/<name>, each written as 'LINE: message'."""
    return [f"{BAD / name}:{line}" for line in lines]


def test_malformed_hex_id() -> None:
    assert problems(BAD / "bad_hex_id.yaml") == at(
        "bad_hex_id.yaml",
        "9: setup[1].hex: '2B03' does not match a four-digit hex id such as 0512",
        "11: victory_hexes[0].hex: '404' does not match a four-digit hex id such as 0512",
    )


def test_unknown_terrain_in_the_map_is_reported_in_the_map_file() -> None:
    assert problems(BAD / "map_unknown_terrain.yaml") == [
        *at(
            "map_unknown_terrain.yaml",
            "9: setup[1].unit: unknown unit 'US-Q': it is not in ../counters/small.yaml",
        ),
        f"{DATA / 'maps' / 'bad_terrain.yaml'}:7: base_terrain: 'swamp' is not one of {TERRAINS}",
    ]


def test_units_off_the_map() -> None:
    assert problems(BAD / "off_map.yaml") == at(
        "off_map.yaml",
        "9: setup[1].hex: hex 0907 is off the map (8x6 hexes, 0101 to 0806)",
        "12: reinforcements[0].hex: hex 0100 is off the map (8x6 hexes, 0101 to 0806)",
    )


def test_unit_placed_twice_names_both_lines() -> None:
    assert problems(BAD / "duplicate_unit.yaml") == at(
        "duplicate_unit.yaml",
        "10: setup[2].unit: unit 'US-1' is placed twice (first on line 8)",
        "16: reinforcements[0].units[0]: unit 'US-2' is placed twice (first on line 9)",
    )


def test_missing_fields() -> None:
    assert problems(BAD / "missing_field.yaml") == at(
        "missing_field.yaml",
        "1: missing required field 'first_side'",
        "7: setup[0]: missing required field 'hex'",
    )


def test_wrong_types() -> None:
    assert problems(BAD / "wrong_type.yaml") == at(
        "wrong_type.yaml",
        "7: turns.last: expected integer, got string 'six'",
        "13: setup[1].facing: 7 is not one of 0, 1, 2, 3, 4, 5, 'N', 'NE', 'E', 'SE', 'S', 'SW', "
        "'W', 'NW'",
    )


def test_unknown_unit_ids_with_a_suggestion_when_one_is_close() -> None:
    assert problems(BAD / "unknown_unit.yaml") == at(
        "unknown_unit.yaml",
        "9: setup[1].unit: unknown unit 'CS-11': it is not in ../counters/small.yaml "
        "(did you mean 'CS-1'?)",
        "10: setup[2].unit: unknown unit 'Z-99': it is not in ../counters/small.yaml",
    )


def test_formations_must_suit_the_unit_kind() -> None:
    assert problems(BAD / "bad_formation.yaml") == at(
        "bad_formation.yaml",
        "8: setup[0].formation: 'line' is not a formation for cavalry (unit 'US-C'): "
        "use mounted, dismounted, skirmish, column or road column",
        "9: setup[1].formation: 'column' is not a formation for artillery (unit 'US-A'): "
        "use limbered, unlimbered or road column",
        "10: setup[2].formation: 'line' is not a formation for leader (unit 'US-L'): use mounted",
        "11: setup[3].formation: 'mounted' is not a formation for infantry (unit 'US-1'): "
        "use line, column, road column, square, general order or skirmish",
    )


def test_bad_morale_in_the_counters_file_is_reported_there() -> None:
    morale = DATA / "bad_scenarios" / "bad_counters" / "morale.yaml"
    assert problems(BAD / "bad_morale.yaml") == [
        f"{morale}:5: {MORALE_37}",
        f"{morale}:10: {MORALE_70}",
    ]


def test_duplicate_ids_in_the_counters_file_are_reported_there() -> None:
    counters = DATA / "bad_scenarios" / "bad_counters" / "duplicate.yaml"
    assert problems(BAD / "duplicate_counters.yaml") == [
        f"{counters}:12: duplicate unit id 'INF-1' (first on line 8)",
        f"{counters}:14: duplicate unit id 'L-1' (first on line 6)",
    ]


def test_yaml_syntax_error() -> None:
    assert problems(BAD / "yaml_syntax.yaml") == at(
        "yaml_syntax.yaml", "10: YAML syntax: mapping values are not allowed here"
    )


def test_missing_map_file_is_reported_at_the_line_naming_it() -> None:
    looked = DATA / "maps" / "nothere.yaml"
    assert problems(BAD / "missing_map.yaml") == at(
        "missing_map.yaml",
        f"2: map: file not found: ../maps/nothere.yaml (looked for {looked})",
    )


def test_missing_counters_file_is_reported_at_the_line_naming_it() -> None:
    looked = BAD / "counters.yaml"
    assert problems(BAD / "missing_counters.yaml") == at(
        "missing_counters.yaml",
        f"3: counters: file not found: counters.yaml (looked for {looked})",
    )


def test_reinforcement_turns_must_be_within_the_turns() -> None:
    assert problems(BAD / "reinforcement_turn.yaml") == at(
        "reinforcement_turn.yaml",
        "11: reinforcements[1].turn: turn 9 is outside the scenario's turns 1 to 6",
        "12: reinforcements[2].turn: turn 0 is outside the scenario's turns 1 to 6",
    )


def test_facing_names_must_exist_on_a_flat_top_map() -> None:
    assert problems(BAD / "facing_name.yaml") == at(
        "facing_name.yaml",
        f"8: setup[0].facing: facing 'E' is not a flat-top hexside {FLAT_NAMES}",
        f"11: reinforcements[0].facing: facing 'W' is not a flat-top hexside {FLAT_NAMES}",
    )


def test_facing_names_must_exist_on_a_pointy_top_map() -> None:
    assert problems(BAD / "facing_name_pointy.yaml") == at(
        "facing_name_pointy.yaml",
        f"8: setup[0].facing: facing 'N' is not a pointy-top hexside {POINTY_NAMES}",
        f"10: setup[2].facing: facing 'S' is not a pointy-top hexside {POINTY_NAMES}",
    )


def test_unquoted_hex_ids_and_times_are_reported_as_written() -> None:
    # YAML reads 0203 as the octal number 131 and 14:00 as 840; the message shows the text.
    assert problems(BAD / "unquoted.yaml") == at(
        "unquoted.yaml",
        '5: turns.start: times must be in quotes: write "14:00"',
        '8: setup[0].hex: hex ids must be in quotes: write "0203"',
        '10: setup[1].hex: hex ids must be in quotes: write "0404"',
        '14: victory_hexes[0].hex: hex ids must be in quotes: write "0505"',
    )


def test_both_sides_may_not_start_in_one_hex() -> None:
    assert problems(BAD / "mixed_stack.yaml") == at(
        "mixed_stack.yaml",
        "9: setup[1].hex: hex 0203 already holds Union units; unit 'CS-1' is Confederate",
    )


def test_status_markers_must_apply() -> None:
    assert problems(BAD / "status.yaml") == at(
        "status.yaml",
        "8: setup[0].status: unit 'US-1' cannot be both shaken and routed",
        "9: setup[1].status: 'low ammunition' is only for artillery, and unit 'US-2' is infantry",
        "11: setup[3].status[0]: 'tired' is not one of 'shaken', 'routed', 'M', 'DM', 'HM', "
        "'charge', 'cover', 'low ammunition', 'no ammunition'",
    )


def test_misspelt_fields_ruleset_and_option_names() -> None:
    assert problems(BAD / "unknown_field.yaml") == at(
        "unknown_field.yaml",
        "4: ruleset: 'strategic' is not one of 'tactical'",
        "7: options.los[1]: 'magic' is not one of 'highest_point', 'short_range_obstacles', "
        "'woods_add_to_crests', 'same_hill', 'orchard_endpoints', 'short_range_units_block', "
        "'long_artillery_over_units'",
        "8: options: unknown field(s) are not allowed ('weather' was unexpected)",
        "12: setup[0]: unknown field(s) are not allowed ('formaton' was unexpected)",
        "12: setup[0]: unit 'US-1' needs a formation",
    )


def test_units_other_than_leaders_need_facing_and_formation() -> None:
    # Leaders may leave both out; reinforcements default to road column but need a facing.
    assert problems(BAD / "needs_facing.yaml") == at(
        "needs_facing.yaml",
        "8: setup[0]: unit 'US-1' needs a facing",
        "9: setup[1]: unit 'US-2' needs a formation",
        "12: reinforcements[0].units[0]: unit 'US-C' needs a facing",
        "12: reinforcements[0].units[1]: unit 'US-A' needs a facing",
    )


def test_turns_out_of_order_and_bad_clock() -> None:
    assert problems(BAD / "turn_order.yaml") == at(
        "turn_order.yaml",
        "5: turns.start: '25:00' does not match a 24-hour clock time in quotes, such as "
        '"15:00": when the first turn starts',
        "5: turns.minutes: 0 is less than the minimum of 1",
        "5: turns.last: the last turn 3 comes before the first turn 8",
    )


def test_victory_hex_listed_twice_and_unknown_holder() -> None:
    assert problems(BAD / "duplicate_victory.yaml") == at(
        "duplicate_victory.yaml",
        "11: victory_hexes[1].holder: 'rebels' is not one of 'union', 'confederate'",
        "12: victory_hexes[2].hex: hex 0404 is already a victory hex (line 10)",
    )


def test_problems_of_every_file_come_together_scenario_first() -> None:
    morale = DATA / "bad_scenarios" / "bad_counters" / "morale.yaml"
    assert problems(BAD / "many_problems.yaml") == [
        *at("many_problems.yaml", "6: first_side: 'nobody' is not one of 'union', 'confederate'"),
        f"{morale}:5: {MORALE_37}",
        f"{morale}:10: {MORALE_70}",
        f"{DATA / 'maps' / 'bad_terrain.yaml'}:7: base_terrain: 'swamp' is not one of {TERRAINS}",
    ]


# --- garbage never raises anything but DataError -------------------------------------------------
@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            "- name: a list\n- map: at the top\n",
            "1: expected a scenario (name:, map:, setup:, ...) at the top, got a list",
        ),
        ("42\n", "1: expected a scenario (name:, map:, setup:, ...) at the top, got a number"),
        (
            "just words\n",
            "1: expected a scenario (name:, map:, setup:, ...) at the top, got a string",
        ),
        ("", "1: the file is empty"),
        ("# only a comment\n", "1: the file has no data, only comments"),
        ("\n\nname: [unclosed\n", "4: YAML syntax: expected ',' or ']', but got '<stream end>' "
         "(while parsing a flow sequence that starts on line 3)"),
    ],
)
def test_garbage_text(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "garbage.yaml"
    path.write_text(content, encoding="utf-8")
    assert problems(path) == [f"{path}:{expected}"]


def test_binary_junk(tmp_path: Path) -> None:
    path = tmp_path / "junk.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    assert problems(path) == [
        f"{path}:1: not UTF-8 text: byte 0x89 cannot be read (save the file as UTF-8)"
    ]


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_and_mangled_scenarios_raise_only_data_error(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    path = tmp_path / "random.yaml"
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))))
    with pytest.raises(DataError):
        load_scenario(path)
    # A valid scenario with a few characters spliced in, beside copies of its map and counters.
    for folder in ("maps", "counters", "scenarios"):
        shutil.copytree(DATA / folder, tmp_path / folder)
    lines = (DATA / "scenarios" / "small.yaml").read_text(encoding="utf-8").splitlines()
    for _ in range(3):
        i = rng.randrange(len(lines))
        k = rng.randrange(len(lines[i]) + 1)
        splice = rng.choice(["[", "}", ": x", "- ", "~", "[1]", "{a: 1}", "&a", "*b", "\t"])
        lines[i] = lines[i][:k] + splice + lines[i][k:]
    mangled = tmp_path / "scenarios" / "mangled.yaml"
    mangled.write_text("\n".join(lines), encoding="utf-8")
    try:
        load_scenario(mangled)
    except DataError as error:
        assert all(p.line >= 1 for p in error.problems)
