"""Fields of fire (docs/rules.md): range (weapon range table, canister), front arc (3.310),
line of sight; who could fire at a unit; the enemy small-arms and canister field (TEC N12).

Units stand in column 06 of flat-topped maps facing north, so 06(r - d) is d hexes straight
ahead; 0710 is the NE neighbour of 0610 (60 degrees, the edge of the front arc) and 0711 the SE
one (120 degrees)."""

import random

import pytest

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules import front
from gameapp.core.rules.fire.field import (
    enemy_fire_field,
    exposure,
    field_of_fire,
    fire_check,
)
from gameapp.core.terrain import Terrain
from gameapp.core.units import Formation, GunType, Side, SmallArms, Status, Unit, UnitDef, UnitKind
from tests.core.positions import N, S, artillery, blank_map, infantry, place


def ids(m: HexMap, hexes) -> set[str]:
    return {m.hex_id(h) for h in hexes}


def open_field(m: HexMap, unit: Unit, reach: int, arc: float) -> set[str]:
    """By the definition: on the map, 1..reach hexes away, within `arc` of the facing."""
    return {m.hex_id(h) for h in unit.hex.range(reach)
            if m.contains(h) and h != unit.hex and front.in_arc(unit, h, arc)}


# --- small arms -------------------------------------------------------------------------------
def test_a_line_fires_in_its_front_arc_up_to_its_range() -> None:
    m = blank_map(12, 14)
    rifles = place(infantry("a"), m, "0610", N, Formation.LINE)  # rifled muskets: 6 hexes
    field = field_of_fire(rifles, [rifles], m)
    assert ids(m, field) == open_field(m, rifles, 6, 60.0)
    assert {"0604", "0710", "0510"} <= ids(m, field)  # 6 ahead; the NE and NW neighbours
    assert not {"0603", "0711", "0611"} & ids(m, field)  # 7 ahead; SE neighbour; behind


def test_each_hex_carries_its_range_effect() -> None:
    m = blank_map(12, 14)
    rifles = place(infantry("a"), m, "0610", N)
    field = field_of_fire(rifles, [rifles], m)
    effect = {hex_id: (field[m.parse(hex_id)].effect.label, field[m.parse(hex_id)].effect.band)
              for hex_id in ("0609", "0608", "0607", "0605")}
    assert effect == {"0609": ("N", "1 hex"), "0608": ("N/3", "2 hexes"),
                      "0607": ("N/8", "3-4 hexes"), "0605": ("N/16", "5-6 hexes")}
    assert field[m.parse("0607")].distance == 3 and not field[m.parse("0607")].canister


def test_woods_take_the_hexes_behind_them_out_of_the_field() -> None:
    m = blank_map(12, 14)
    m.set_terrain(m.parse("0607"), Terrain.WOODS)
    rifles = place(infantry("a"), m, "0610", N)
    field = ids(m, field_of_fire(rifles, [rifles], m))
    assert "0607" in field  # the woods themselves can be fired into
    assert not {"0606", "0605", "0604"} & field  # the line is at 0 ft, the woods' top at 40
    assert {"0706", "0506"} <= field  # beside the shadow


def test_a_column_fires_straight_ahead_and_a_square_all_round() -> None:
    m = blank_map(12, 14)
    column = place(infantry("a"), m, "0610", N, Formation.COLUMN)
    assert ids(m, field_of_fire(column, [column], m)) == {f"06{r:02d}" for r in range(4, 10)}
    square = place(infantry("a"), m, "0610", N, Formation.SQUARE)
    assert ids(m, field_of_fire(square, [square], m)) == open_field(m, square, 6, 180.0)


@pytest.mark.parametrize(
    ("formation", "status", "reason"),
    [
        (Formation.ROAD_COLUMN, frozenset(), "2.53.b"),
        (Formation.GENERAL_ORDER, frozenset(), "3.310"),
        (Formation.LINE, frozenset({Status.ROUTED}), "7.52.f"),
        (Formation.LINE, frozenset({Status.DOUBLE_MOVED}), "FCRT DRM firer moved"),
        (Formation.LINE, frozenset({Status.NO_AMMUNITION}), "R&C ammunition"),
    ],
)
def test_units_that_may_not_fire_have_no_field(formation: Formation, status: frozenset[Status],
                                               reason: str) -> None:
    m = blank_map()
    unit = Unit(infantry("a"), m.parse("0610"), N, formation, status)
    assert field_of_fire(unit, [unit], m) == {}
    check = fire_check(unit, m.parse("0608"), [unit], m)
    assert check.cell is None and check.rule == reason


def test_fire_check_says_why_not() -> None:
    m = blank_map(12, 14)
    m.set_terrain(m.parse("0607"), Terrain.WOODS)
    rifles = place(infantry("a"), m, "0610", N)
    assert fire_check(rifles, m.parse("0603"), [rifles], m).reason.startswith("out of range")
    assert fire_check(rifles, m.parse("0611"), [rifles], m).rule == "3.310"
    blocked = fire_check(rifles, m.parse("0605"), [rifles], m)
    assert blocked.cell is None and blocked.rule == "LOS obstacles"
    assert "woods in 0607" in blocked.reason
    fine = fire_check(rifles, m.parse("0607"), [rifles], m)
    assert fine.cell is not None and fine.rule == "Range R 3-4"


# --- artillery: canister, shell, maximum range, Whitworth bands -------------------------------
def test_napoleons_fire_canister_to_four_hexes_then_shell_to_twenty() -> None:
    m = blank_map(12, 24)
    guns = place(artillery("gun"), m, "0622", N, Formation.UNLIMBERED)  # 12 lb. Napoleons
    field = field_of_fire(guns, [guns], m)
    cells = {d: field[m.parse(f"06{22 - d:02d}")] for d in (1, 2, 3, 4, 5, 9, 17, 20)}
    assert [(cells[d].canister, cells[d].effect.label) for d in (1, 2, 3, 4)] == [
        (True, "canister N"), (True, "canister N/4"), (True, "canister N/8"),
        (True, "canister N/12")]
    assert cells[4].shell is not None and cells[4].shell.label == "N"
    assert [(cells[d].canister, cells[d].effect.label) for d in (5, 9, 17, 20)] == [
        (False, "N"), (False, "N/2"), (False, "N/4"), (False, "N/4")]
    assert m.parse("0601") not in field  # 21 hexes: beyond the Napoleons' 20


def test_limbered_guns_have_no_field() -> None:
    m = blank_map()
    guns = place(artillery("gun"), m, "0610", N, Formation.LIMBERED)
    assert field_of_fire(guns, [guns], m) == {}


def test_whitworth_bands_and_no_canister() -> None:
    m = blank_map(6, 56)
    defn = UnitDef("whit", Side.CONFEDERATE, "Whitworths", UnitKind.ARTILLERY, 2, 40, gun=GunType.W)
    guns = Unit(defn, m.parse("0355"), N, Formation.UNLIMBERED)
    field = field_of_fire(guns, [guns], m)
    label = {d: field[m.parse(f"03{55 - d:02d}")].effect.label for d in (1, 10, 11, 21, 31, 50)}
    assert label == {1: "N", 10: "N", 11: "N/4", 21: "N/8", 31: "N/16", 50: "N/16"}
    assert not any(cell.canister for cell in field.values())
    assert m.parse("0304") not in field  # 51 hexes


# --- agreement between the many and the one ---------------------------------------------------
def test_the_field_is_exactly_the_hexes_fire_check_accepts() -> None:
    rng = random.Random(3)
    m = blank_map(14, 14)
    for h in m.hexes():
        m.set_elevation(h, rng.choice([0, 0, 20, 40]))
        m.set_terrain(h, rng.choice([Terrain.CLEAR] * 5 + [Terrain.WOODS, Terrain.ORCHARD]))
    units = [Unit(infantry(f"u{i}"), rng.choice(m.hexes())) for i in range(15)]
    conventions = ["short_range_obstacles", "short_range_units_block", "same_hill"]
    shooters = [place(infantry("inf", weapon=SmallArms.S), m, "0707", N),
                place(artillery("gun"), m, "0713", N, Formation.UNLIMBERED),
                place(infantry("sq"), m, "0707", S, Formation.SQUARE)]
    for unit in shooters:
        field = field_of_fire(unit, units, m, conventions)
        for h in m.hexes():
            check = fire_check(unit, h, units, m, conventions)
            assert (h in field) == (check.cell is not None), (unit.id, m.hex_id(h), check.reason)
            if check.cell is not None:
                assert field[h] == check.cell


# --- exposure and the enemy field -------------------------------------------------------------
def test_exposure_lists_the_enemies_that_could_fire_now() -> None:
    m = blank_map(12, 14)
    me = place(infantry("me"), m, "0606", N)
    foes = [
        place(infantry("facing", Side.CONFEDERATE), m, "0603", S),  # 3 hexes, facing me
        place(infantry("away", Side.CONFEDERATE), m, "0602", N),  # facing away
        place(infantry("smooth", Side.CONFEDERATE, weapon=SmallArms.M), m, "0608", N),  # 2
        place(infantry("short", Side.CONFEDERATE, weapon=SmallArms.M), m, "0609", N),  # 3
        place(infantry("hidden", Side.CONFEDERATE), m, "0903", S),  # 5 hexes, via 0705
        place(infantry("friend"), m, "0604", S),
    ]
    everyone = [*foes, me]
    result = exposure(me, everyone, m)
    assert {m.hex_id(h): names for h, names in result.items()} == {
        "0603": ["facing"], "0608": ["smooth"], "0903": ["hidden"]}
    m.set_terrain(m.parse("0705"), Terrain.WOODS)
    result = exposure(me, everyone, m)
    assert {m.hex_id(h): names for h, names in result.items()} == {
        "0603": ["facing"], "0608": ["smooth"]}


def test_enemy_fire_field_is_small_arms_and_canister_only() -> None:
    m = blank_map(12, 20)
    guns = place(artillery("gun", Side.CONFEDERATE), m, "0602", S, Formation.UNLIMBERED)
    field = enemy_fire_field([guns], m)
    assert ids(m, field) == open_field(m, guns, 4, 60.0)  # canister: 4 hexes, not shell's 20


def test_enemy_fire_field_of_a_line_in_the_open_is_its_whole_arc_to_range() -> None:
    m = blank_map(12, 14)
    line = place(infantry("reb", Side.CONFEDERATE), m, "0603", S)
    assert ids(m, enemy_fire_field([line], m)) == open_field(m, line, 6, 60.0)


def test_enemy_fire_field_respects_line_of_sight_and_conventions() -> None:
    m = blank_map(12, 14)
    m.set_terrain(m.parse("0605"), Terrain.WOODS)
    line = place(infantry("reb", Side.CONFEDERATE), m, "0603", S)
    field = ids(m, enemy_fire_field([line], m))
    assert "0605" in field and "0606" not in field
    blocker = place(infantry("yank"), m, "0704", N)
    on_map = [line, blocker]
    assert "0805" in ids(m, enemy_fire_field([line], m, (), on_map))
    assert "0805" not in ids(m, enemy_fire_field([line], m, ["short_range_units_block"], on_map))
    assert Hex(99, 99) not in field
