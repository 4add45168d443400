"""Weapon ranges and range effects (seed 001 range chart and its notes 1-3), by hand."""

from __future__ import annotations

import shutil
from fractions import Fraction as F
from pathlib import Path

import pytest

from gameapp.core.rules.fire.weapons import (
    RangeEffect,
    WeaponTables,
    canister_range,
    fire_power,
    max_range,
    parse_fire_power,
    range_factor,
)
from gameapp.core.units import GunType, Side, SmallArms, UnitDef, UnitKind
from gameapp.core.yamlsource import DataError

DATA = Path(__file__).parents[2] / "gameapp" / "core" / "rules" / "data" / "weapons.yaml"


def arms(weapon: SmallArms, fire_power: float = 1.0) -> UnitDef:
    return UnitDef("i", Side.UNION, "i", UnitKind.INFANTRY, 5, 35, weapon=weapon,
                   fire_power=fire_power)


def guns(code: str) -> UnitDef:
    return UnitDef("g", Side.UNION, "g", UnitKind.ARTILLERY, 4, 35,
                   gun=GunType(code.split()[1]), gun_label=code)


LEADER = UnitDef("l", Side.UNION, "l", UnitKind.LEADER, 0, 0)


@pytest.mark.parametrize(("defn", "hexes"), [
    (arms(SmallArms.M), 2), (arms(SmallArms.R), 6), (arms(SmallArms.S), 8),
    (arms(SmallArms.A), 2), (arms(SmallArms.C), 3),
    (guns("1 H 3"), 13), (guns("2 H 4"), 16),        # note 2
    (guns("1 Mn 2"), 11), (guns("½ G 1"), 18), (guns("1 N 3"), 20),
    (guns("1 R 3"), 24), (guns("1½ R 3"), 35),        # note 3
    (guns("8 W O"), 50), (LEADER, 0),
])
def test_max_range(defn: UnitDef, hexes: int) -> None:
    assert max_range(defn) == hexes


def test_howitzer_and_rifle_codes_the_notes_do_not_name_take_the_default() -> None:
    assert max_range(guns("1½ H 3")) == 13
    assert max_range(guns("2 R 3")) == 24


def test_range_effect_fields() -> None:
    assert range_factor(arms(SmallArms.R), 3) == RangeEffect(F(1, 8), "N/8", "3-4 hexes",
                                                             "Range R 3-4")
    assert range_factor(arms(SmallArms.R), 1) == RangeEffect(F(1), "N", "1 hex", "Range R 1")
    assert range_factor(guns("1½ R 3"), 30) == RangeEffect(F(1, 6), "N/6", "25+ hexes",
                                                           "Range artillery R 25+")
    assert range_factor(guns("1 N 3"), 2, canister=True) == RangeEffect(
        F(1, 4), "canister N/4", "2 hexes", "Range canister N 2")
    assert range_factor(guns("1 H 3"), 1, canister=True) == RangeEffect(
        F(1), "canister N", "1 hex", "Range canister H 1")


def test_smoothbores_at_two_hexes_fire_at_half_fire_power() -> None:
    """Note 1: the counter's fire power becomes ½, so the factor depends on the printed one."""
    assert range_factor(arms(SmallArms.M), 2) == RangeEffect(F(1, 2), "½ FP (note 1)",
                                                             "2 hexes", "Range M 2")
    effect = range_factor(arms(SmallArms.M, fire_power=1.5), 2)
    assert effect is not None and effect.factor == F(1, 3)  # 1½ x 1/3 = ½ per SP


@pytest.mark.parametrize(("defn", "distance", "canister"), [
    (arms(SmallArms.M), 3, False), (arms(SmallArms.R), 7, False), (arms(SmallArms.S), 9, False),
    (arms(SmallArms.A), 3, False), (arms(SmallArms.C), 4, False),
    (guns("1 H 3"), 14, False), (guns("2 H 4"), 17, False), (guns("1 Mn 2"), 12, False),
    (guns("½ G 1"), 19, False), (guns("1 N 3"), 21, False), (guns("1 N 3"), 25, False),
    (guns("1 R 3"), 25, False), (guns("1½ R 3"), 36, False), (guns("8 W O"), 51, False),
    (arms(SmallArms.R), 0, False), (LEADER, 1, False),
    (guns("1 N 3"), 5, True), (guns("1 Mn 2"), 1, True), (guns("8 W O"), 1, True),
    (arms(SmallArms.R), 1, True),
])
def test_out_of_range(defn: UnitDef, distance: int, canister: bool) -> None:
    assert range_factor(defn, distance, canister) is None


def test_canister_range() -> None:
    for code in ("1 H 3", "½ G 1", "1 N 3", "1 R 3"):
        assert canister_range(guns(code)) == 4
    for defn in (guns("1 Mn 2"), guns("8 W O"), arms(SmallArms.R), LEADER):
        assert canister_range(defn) == 0


def test_fire_power() -> None:
    assert parse_fire_power("1½") == F(3, 2)
    assert parse_fire_power("½") == F(1, 2)
    assert parse_fire_power("2") == F(2)
    assert parse_fire_power("W") is None
    assert fire_power(guns("1½ R 3")) == F(3, 2)
    assert fire_power(guns("½ G 1")) == F(1, 2)
    assert fire_power(guns("8 W O")) == F(8)
    assert fire_power(arms(SmallArms.R, 1.5)) == F(3, 2)


# --- the loader ---------------------------------------------------------------------------
def _broken(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    path = tmp_path / "weapons.yaml"
    shutil.copy(DATA, path)
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, line


def test_the_packaged_tables_load() -> None:
    assert WeaponTables(DATA).small_arms[SmallArms.S].max_range == 8


def test_a_maximum_beyond_the_factors_names_its_line(tmp_path: Path) -> None:
    path, line = _broken(tmp_path, "    max_range: 6\n", "    max_range: 7\n")
    with pytest.raises(DataError) as err:
        WeaponTables(path)
    assert str(err.value) == (f"{path}:{line}: a maximum range of 7 reaches hexes that have no "
                              "range factor")


def test_a_gap_between_bands_names_its_line(tmp_path: Path) -> None:
    path, line = _broken(tmp_path, '{hexes: "9-16", factor: N/3}\n      - {hexes: "17-24", '
                         'factor: "-"}', '{hexes: "9-16", factor: N/3}\n      - {hexes: "18-24",'
                         ' factor: "-"}')
    with pytest.raises(DataError) as err:
        WeaponTables(path)
    assert f"{path}:{line + 1}: band '18-24' should start at 17" in str(err.value)


def test_a_bad_factor_names_its_line(tmp_path: Path) -> None:
    path, line = _broken(tmp_path, "factor: N/24}", "factor: N/x}")
    with pytest.raises(DataError) as err:
        WeaponTables(path)
    assert str(err.value).startswith(f"{path}:{line}: small_arms.S.bands[4].factor: 'N/x' does "
                                     "not match a range factor")
