"""The counters (order of battle) file: nesting by command, every kind of counter, exact errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.counters import is_d66, load_counters
from gameapp.core.units import GunType, Side, SmallArms, UnitKind
from gameapp.core.yamlsource import DataError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
BAD = DATA / "bad_scenarios" / "bad_counters"
GUN_CODE = (
    "a gun code as printed on the counter, such as 1 R 3, whose middle letter is the gun type "
    "(H howitzer, Mn mountain howitzer, G 6 lb. gun, N 12 lb. Napoleon, R rifled gun, W Whitworth)"
)


def problems(path: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_counters(path)
    return str(info.value).splitlines()


def test_small_file_in_file_order_with_chain_of_command() -> None:
    units = load_counters(DATA / "counters" / "small.yaml")
    assert list(units) == ["US-L", "US-1", "US-2", "US-C", "US-A", "CS-L", "CS-1", "CS-A"]
    first = units["US-1"]
    assert (first.side, first.kind, first.name) == (
        Side.UNION,
        UnitKind.INFANTRY,
        "1st Test Infantry",
    )
    assert (first.strength, first.morale, first.weapon, first.fire_power) == (
        5,
        35,
        SmallArms.R,
        1.0,
    )
    assert (first.brigade, first.division, first.corps) == ("First Brigade", "", "")
    leader = units["CS-L"]
    assert leader.kind is UnitKind.LEADER and leader.side is Side.CONFEDERATE
    assert (leader.leader_morale_bonus, leader.leader_command) == (2, 3)
    assert (leader.strength, leader.morale, leader.brigade) == (0, 0, "Second Brigade")
    battery = units["CS-A"]
    assert (battery.gun, battery.gun_label, battery.horse_artillery) == (GunType.N, "1 N 3", True)
    assert units["US-A"].horse_artillery is False
    assert units["US-C"].weapon is SmallArms.C


def test_demo_order_of_battle() -> None:
    units = load_counters(ROOT / "counters" / "demo.yaml")
    assert len(units) == 31
    by_kind = {kind: sum(u.kind is kind for u in units.values()) for kind in UnitKind}
    assert by_kind == {
        UnitKind.INFANTRY: 13,
        UnitKind.CAVALRY: 4,
        UnitKind.ARTILLERY: 6,
        UnitKind.LEADER: 8,
    }
    assert {u.weapon for u in units.values() if u.weapon} == set(SmallArms)
    assert {u.gun for u in units.values() if u.gun} == {GunType.R, GunType.H, GunType.G, GunType.N}
    nagle = units["US-Nagle"]
    assert (nagle.brigade, nagle.division, nagle.corps) == (
        "Nagle's Brigade",
        "Sturgis's Division",
        "IX Corps",
    )
    sturgis = units["US-Sturgis"]
    assert (sturgis.brigade, sturgis.division) == ("", "Sturgis's Division")
    parrotts = units["US-E2US"]
    assert (parrotts.gun, parrotts.gun_label, parrotts.source) == (
        GunType.R,
        "1½ R 3",
        "20 lb. Parrott rifles.",
    )
    sharpshooters = units["US-1USSS"]
    assert (sharpshooters.weapon, sharpshooters.brigade, sharpshooters.division) == (
        SmallArms.S,
        "",
        "",
    )
    assert units["CS-Chew"].horse_artillery and units["US-M2US"].horse_artillery
    assert [u.id for u in units.values() if u.regular] == ["US-E2US", "US-M2US"]
    assert [u.id for u in units.values() if u.detachment] == ["US-1USSS"]


def test_gun_codes_with_extra_spaces_are_normalised(tmp_path: Path) -> None:
    path = tmp_path / "guns.yaml"
    path.write_text(
        "name: Guns\n"
        "sides:\n"
        "  confederate:\n"
        "    artillery:\n"
        "      - {id: A, name: Mountain section, strength: 2, morale: 33, gun: '1  Mn   2'}\n"
        "      - {id: B, name: Whitworth section, strength: 2, morale: 44, gun: 8 W O,"
        " fire_power: 0.5}\n",
        encoding="utf-8",
    )
    units = load_counters(path)
    assert (units["A"].gun, units["A"].gun_label) == (GunType.MN, "1 Mn 2")
    assert (units["B"].gun, units["B"].fire_power) == (GunType.W, 0.5)


def test_morale_must_be_d66() -> None:
    assert problems(BAD / "morale.yaml") == [
        f"{BAD / 'morale.yaml'}:5: unit 'US-1': morale 37 is not a d66 value "
        "(two digits, each 1 to 6, such as 35 or 42)",
        f"{BAD / 'morale.yaml'}:10: unit 'US-3': morale 70 is not a d66 value "
        "(two digits, each 1 to 6, such as 35 or 42)",
    ]


def test_duplicate_ids_across_the_file_name_both_lines() -> None:
    path = BAD / "duplicate.yaml"
    assert problems(path) == [
        f"{path}:12: duplicate unit id 'INF-1' (first on line 8)",
        f"{path}:14: duplicate unit id 'L-1' (first on line 6)",
    ]


def test_fields_missing_misspelt_wrong_type_or_in_the_wrong_list() -> None:
    path = BAD / "fields.yaml"
    assert problems(path) == [
        f"{path}:5: sides.union.infantry[0]: missing required field 'weapon'",
        f"{path}:6: sides.union.infantry[1].strength: expected integer, got string 'five'",
        f"{path}:8: sides.union.cavalry[0]: unknown field(s) are not allowed "
        "('gun' was unexpected)",
        f"{path}:10: sides.union.artillery[0].gun: '12 lb Napoleons' does not match {GUN_CODE}",
        f"{path}:11: sides.union.artillery[1].id: 'US A' does not match a counter id such as "
        "US-9NY (letters, digits, '-', '_' and '.', no spaces), unique in the file; scenarios "
        "place counters by it",
        f"{path}:11: sides.union.artillery[1].gun: '1 X 3' does not match {GUN_CODE}",
        f"{path}:12: sides: unknown field(s) are not allowed ('rebels' was unexpected)",
    ]


def test_a_file_without_counters() -> None:
    path = BAD / "empty_sides.yaml"
    assert problems(path) == [
        f"{path}:2: the file defines no counters (what there is under sides: ends on line 3)"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("[1, 2, 3]\n", "1: expected a counters file (name:, sides:) at the top, got a list"),
        ("7\n", "1: expected a counters file (name:, sides:) at the top, got a number"),
        ("", "1: the file is empty"),
        (
            "name: x\nsides: {union: [\n",
            "3: YAML syntax: expected the node content, but found '<stream end>' (inside the "
            "[ list that starts on line 2)",
        ),
    ],
)
def test_garbage(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "garbage.yaml"
    path.write_text(content, encoding="utf-8")
    assert problems(path) == [f"{path}:{expected}"]


def test_binary_junk(tmp_path: Path) -> None:
    path = tmp_path / "junk.yaml"
    path.write_bytes(bytes(range(256)) * 3)
    with pytest.raises(DataError) as info:
        load_counters(path)
    # 0x80, the first byte that is not UTF-8, comes after the newline 0x0a
    assert [p.line for p in info.value.problems] == [2]


def test_missing_file(tmp_path: Path) -> None:
    assert problems(tmp_path / "none.yaml") == [f"{tmp_path / 'none.yaml'}:1: file not found"]


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        (11, True),
        (16, True),
        (35, True),
        (66, True),
        (10, False),
        (17, False),
        (60, False),
        (67, False),
        (71, False),
        (0, False),
        (-35, False),
        (135, False),
    ],
)
def test_is_d66(value: int, ok: bool) -> None:
    assert is_d66(value) is ok
