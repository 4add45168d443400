"""Charge strength (1.25, the 8.0 tables, TEC N1), every figure worked by hand.

The defender is a 5-SP Union line at 0606 facing north on a flat-top map unless a test says
otherwise. 0606's neighbours: N 0605, NE 0706, NW 0506, SE 0707, SW 0507, S 0607.
"""

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from gameapp.core.mapdata import HexMap
from gameapp.core.rules.charge import (
    ChargeTables,
    Position,
    attacker_strength,
    defender_strength,
    position,
)
from gameapp.core.terrain import HexFeature, Terrain
from gameapp.core.units import Formation, Status, Unit
from tests.core.positions import S, blank_map, cavalry, infantry, place

DATA = Path(__file__).parents[2] / "gameapp" / "core" / "rules" / "data" / "charge.yaml"


def defender(m: HexMap, strength: int = 5, **kw: object) -> Unit:
    return replace(place(infantry("d", strength=strength), m, "0606"), **kw)  # type: ignore[arg-type]


def attacker(m: HexMap, hex_id: str, strength: int = 6, uid: str = "a",
             formation: Formation | None = None) -> Unit:
    return place(infantry(uid, strength=strength), m, hex_id, facing=S, formation=formation)


# --- front, flank, rear -------------------------------------------------------------------
@pytest.mark.parametrize(("hex_id", "where", "sps"), [
    ("0605", "from the defender's front (0605) ×1 → 6", Fraction(6)),   # 6 x 1
    ("0707", "on the defender's flank (0707) ×2 → 12", Fraction(12)),  # 6 x 2
    ("0607", "from the defender's rear (0607) ×1½ → 9", Fraction(9)),  # 6 x 1½
])
def test_the_same_charge_from_front_flank_and_rear(hex_id: str, where: str, sps: Fraction
                                                   ) -> None:
    m = blank_map()
    d = defender(m)
    s = attacker_strength([attacker(m, hex_id)], [d], m)
    assert s.total == sps
    assert s.lines() == ["a: 8.0 6 SPs", f"a: 8.0 orientation {where}",
                         f"attacker's SPs: {sps} = {sps}"]


@pytest.mark.parametrize(("formation", "status", "expected"), [
    # N, NE, SE, S, SW, NW
    (Formation.LINE, None, "front front flank rear flank front"),
    (Formation.COLUMN, None, "front flank flank rear flank flank"),
    (Formation.ROAD_COLUMN, None, "front flank flank rear flank flank"),
    (Formation.SQUARE, None, "front front front front front front"),
    (Formation.GENERAL_ORDER, None, "flank flank flank flank flank flank"),
    (Formation.LINE, Status.ROUTED, "flank flank flank flank flank flank"),  # 7.52.g
    (Formation.LINE, Status.SHAKEN, "front front flank rear flank front"),  # 7.51.d
])
def test_front_flank_and_rear_around_each_formation(formation: Formation, status: Status | None,
                                                    expected: str) -> None:
    m = blank_map()
    d = defender(m, formation=formation, status=frozenset({status} if status else ()))
    found = [position(m.parse(h), d).value for h in ("0605", "0706", "0707", "0607", "0507",
                                                      "0506")]
    assert " ".join(found) == expected


def test_beyond_the_neighbours_the_thirds_of_the_compass() -> None:
    m = blank_map()
    d = defender(m)
    # two hexes away: 0705 is 30° off north, 0805 60° (the front's edge), 0806 90° (flank),
    # 0807 120° (the flank's edge), 0708 150° (rear), 0608 180° (rear)
    expected = {"0705": Position.FRONT, "0805": Position.FRONT, "0806": Position.FLANK,
                "0807": Position.FLANK, "0708": Position.REAR, "0608": Position.REAR}
    assert {h: position(m.parse(h), d) for h in expected} == expected
    with pytest.raises(ValueError):
        position(d.hex, d)


def test_a_routed_defender_is_charged_as_from_the_flank() -> None:
    m = blank_map()
    d = defender(m, status=frozenset({Status.ROUTED}))
    s = attacker_strength([attacker(m, "0605")], [d], m)  # its front hex: still x2
    assert s.total == 12
    assert s.lines()[1] == "a: 7.52.g d routed: charged as on its flank ×2 → 12"


# --- formation -----------------------------------------------------------------------------
def test_a_column_attacker() -> None:
    m = blank_map()
    d = defender(m)
    a = attacker(m, "0605", strength=5, formation=Formation.COLUMN)
    s = attacker_strength([a], [d], m)
    # 5 x 1½ = 7½: exactly ½ is kept; from the front x1 = 7½
    assert s.total == Fraction(15, 2)
    assert s.lines() == ["a: 8.0 5 SPs", "a: 8.13 charging in column ×1½ → 7½",
                         "a: 8.0 rounding exactly ½ is keep",
                         "a: 8.0 orientation from the defender's front (0605) ×1 → 7½",
                         "attacker's SPs: 7½ = 7½"]
    # 4 in column from the rear: 4 x 1½ = 6, x 1½ = 9
    rear = attacker(m, "0607", strength=4, formation=Formation.COLUMN)
    assert attacker_strength([rear], [d], m).total == 9


def test_defender_in_road_column_is_halved_and_charged_like_a_column() -> None:
    m = blank_map()
    d = defender(m, formation=Formation.ROAD_COLUMN)
    assert defender_strength([d], [], m).total == Fraction(5, 2)  # 5 x ½ = 2½, kept
    assert attacker_strength([attacker(m, "0707")], [d], m).total == 12  # flank: 6 x 2


def test_cavalry_charging_a_square_is_halved_and_a_square_has_no_flank() -> None:
    m = blank_map()
    d = defender(m, formation=Formation.SQUARE)
    c = place(cavalry("c", strength=6), m, "0607", facing=2)  # from behind the square
    s = attacker_strength([c], [d], m)
    # 6 x ½ = 3, then the front (a square is all front) x1 = 3
    assert s.total == 3
    assert s.lines()[1] == "c: 2.55.g cavalry charging a square (d) ×½ → 3"
    dismounted = replace(c, formation=Formation.DISMOUNTED)  # fights as infantry: no halving
    assert attacker_strength([dismounted], [d], m).total == 6


# --- terrain --------------------------------------------------------------------------------
def test_defender_in_woods() -> None:
    m = blank_map()
    m.set_terrain(m.parse("0606"), Terrain.WOODS)
    s = defender_strength([defender(m)], [attacker(m, "0605")], m)
    # 5 x 1¼ = 6¼, rounded down to 6
    assert s.total == 6
    assert s.lines() == ["d: 8.0 5 SPs", "d: 8.0 terrain in woods ×1¼ → 6¼",
                         "d: 8.0 rounding rounded: below ½ down, above ½ up → 6",
                         "defender's SPs: 6 = 6"]


def test_under_cover_counts_as_woods_but_not_twice_and_not_when_shaken() -> None:
    m = blank_map()
    covered = defender(m, status=frozenset({Status.COVER}))
    assert defender_strength([covered], [], m).total == 6  # 5 x 1¼ = 6¼ -> 6
    m.set_terrain(m.parse("0606"), Terrain.WOODS)
    assert defender_strength([covered], [], m).total == 6  # woods OR cover: once
    m.set_terrain(m.parse("0606"), Terrain.CLEAR)
    shaken = defender(m, status=frozenset({Status.COVER, Status.SHAKEN}))
    assert defender_strength([shaken], [], m).total == 5


def test_defender_in_a_town() -> None:
    m = blank_map()
    m.set_terrain(m.parse("0606"), Terrain.TOWN)
    assert defender_strength([defender(m, strength=4)], [], m).total == 6  # 4 x 1½


def _hill(m: HexMap, height: int, top: bool = True) -> None:
    m.set_elevation(m.parse("0606"), height)
    if top:
        m.add_features(m.parse("0606"), HexFeature.SLOPE_TOP)


def test_defender_on_a_steep_slope_top_with_the_attacker_lower() -> None:
    m = blank_map()
    _hill(m, 40)  # 0606 at 40 ft, the attacker's 0605 at 0: a rise of 40, the steep threshold
    s = defender_strength([defender(m)], [attacker(m, "0605")], m)
    assert s.total == 10  # 5 x 2
    assert s.lines()[1] == ("d: 8.0 terrain steep slope top, the attacker charging up from "
                            "lower ground ×2 → 10")


def test_steep_slope_top_does_not_count_when_the_attacker_is_not_lower() -> None:
    m = blank_map()
    _hill(m, 40)
    m.set_elevation(m.parse("0605"), 40)  # level with the defender
    assert defender_strength([defender(m)], [attacker(m, "0605")], m).total == 5
    m.set_elevation(m.parse("0605"), 31)  # 9 ft lower: under the gentle threshold (10)
    assert defender_strength([defender(m)], [attacker(m, "0605")], m).total == 5


def test_gentle_slopes_and_slope_hexes() -> None:
    m = blank_map()
    _hill(m, 30)  # a rise of 30: gentle
    d, a = defender(m), attacker(m, "0605")
    assert defender_strength([d], [a], m).total == Fraction(15, 2)  # top: 5 x 1½ = 7½ kept
    m2 = blank_map()
    _hill(m2, 30, top=False)
    assert defender_strength([d], [a], m2).total == 6  # hex: 5 x 1¼ = 6¼ -> 6
    m3 = blank_map()
    _hill(m3, 50, top=False)
    assert defender_strength([d], [a], m3).total == Fraction(15, 2)  # steep hex: 5 x 1½


def test_the_slope_counts_only_when_every_charging_hex_is_lower() -> None:
    m = blank_map()
    _hill(m, 40)
    m.set_elevation(m.parse("0707"), 40)
    d = defender(m)
    both = [attacker(m, "0605"), attacker(m, "0707", uid="b")]
    assert defender_strength([d], both, m).total == 5
    m.set_elevation(m.parse("0707"), 20)  # 20 ft below: gentle; the gentlest counts
    assert defender_strength([d], both, m).total == Fraction(15, 2)  # 5 x 1½ (gentle top)


# --- rounding -------------------------------------------------------------------------------
def test_rounding_after_each_multiplication_differs_from_rounding_once() -> None:
    m = blank_map()
    _hill(m, 10, top=False)  # a gentle slope hex, charged from 10 ft below
    m.set_terrain(m.parse("0606"), Terrain.WOODS)
    s = defender_strength([defender(m)], [attacker(m, "0605")], m)
    # 5 x 1¼ = 6¼ -> 6; 6 x 1¼ = 7½, kept. Once: 5 x 1¼ x 1¼ = 7 13/16 would round to 8.
    assert s.total == Fraction(15, 2)
    assert s.lines() == [
        "d: 8.0 5 SPs",
        "d: 8.0 terrain gentle slope hex, the attacker charging up from lower ground ×1¼ → 6¼",
        "d: 8.0 rounding rounded: below ½ down, above ½ up → 6",
        "d: 8.0 terrain in woods ×1¼ → 7½",
        "d: 8.0 rounding exactly ½ is keep",
        "defender's SPs: 7½ = 7½",
    ]


@pytest.mark.parametrize(("half", "total"), [("up", 8), ("down", 7)])
def test_exactly_half_is_a_data_setting(tmp_path: Path, half: str, total: int) -> None:
    text = DATA.read_text(encoding="utf-8").replace("exactly_half: keep", f"exactly_half: {half}")
    (tmp_path / "charge.yaml").write_text(text, encoding="utf-8")
    tables = ChargeTables(tmp_path / "charge.yaml")
    m = blank_map()
    _hill(m, 10, top=False)
    m.set_terrain(m.parse("0606"), Terrain.WOODS)
    s = defender_strength([defender(m)], [attacker(m, "0605")], m, tables)
    assert s.total == total  # 6 x 1¼ = 7½ -> 8 or 7


# --- the stacking limit (N1) -------------------------------------------------------------
def test_the_stacking_limit_caps_each_side_and_cavalry_counts_double() -> None:
    m = blank_map()
    m.set_terrain(m.parse("0605"), Terrain.WOODS)  # SL 15
    m.set_terrain(m.parse("0606"), Terrain.ROCKY_WOODS)  # SL 10
    c = place(cavalry("c", strength=9), m, "0605", facing=S)
    i = attacker(m, "0605", strength=3, uid="i")
    s = attacker_strength([c, i], [defender(m)], m)
    # c: 9 SPs use 18 of 15: floor(15 / 2) = 7 charge; i: 15 - 14 = 1 left, 1 SP charges
    assert s.total == 8
    assert s.lines()[:2] == ["c: 8.0 9 SPs",
                             "c: TEC N1 stacking limit 15 in woods, each cavalry SP counting 2 "
                             "≤7 → 7"]
    assert s.lines()[4] == ("i: TEC N1 stacking limit 15 in woods, 14 of it taken already "
                            "≤1 → 1")
    d1 = defender(m, strength=8)
    d2 = place(infantry("e", strength=4), m, "0606")
    t = defender_strength([d1, d2], [c], m)
    # d1: 8 (of 10) x 1¼ = 10; e: 2 left x 1¼ = 2½ kept; 12½
    assert t.total == Fraction(25, 2)
    assert [u.sps for u in t.units] == [10, Fraction(5, 2)]
