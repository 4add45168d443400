"""The Fire Combat Results Table (seed 001), cases worked out by hand from the printed table.

Every expected value below was read off the seed's table, not computed from data/fire.yaml.
Columns: small arms and canister ½ ¾ 1 1½ 2 3 4½ 6 9 12 15 18 21 24 27 30; artillery 2 3 4 6
8 12 18 24 36 48 60 72 84 96 108 120. Rows NE, A, A1, C1..C6.
"""

from __future__ import annotations

import shutil
from fractions import Fraction as F
from pathlib import Path

import pytest

from gameapp.core.dice import D66
from gameapp.core.rules.fire.tables import (
    FireTables,
    MoraleCheck,
    fcrt_column,
    fcrt_result,
    officer_hit,
)
from gameapp.core.yamlsource import DataError

DATA = Path(__file__).parents[2] / "gameapp" / "core" / "rules" / "data" / "fire.yaml"


def roll(value: int) -> D66:
    """A modified roll: 10 is 'one before 11', 77+ lies past 76."""
    if value < 11:
        return D66.of(11) - (11 - value)
    if value > 76:
        return D66.of(76) + (value - 76)
    return D66.of(value)


SMALL_ARMS = [
    # (FP, modified roll, result) -- column ½
    (F(1, 2), 56, "NE"), (F(1, 2), 61, "A"), (F(1, 2), 63, "A"), (F(1, 2), 64, "A1"),
    (F(1, 2), 71, "A1"), (F(1, 2), 72, "C1"), (F(1, 2), 76, "C1"),
    # column ¾
    (F(3, 4), 55, "NE"), (F(3, 4), 56, "A"), (F(3, 4), 66, "A1"), (F(3, 4), 71, "C1"),
    (F(3, 4), 75, "C1"), (F(3, 4), 76, "C2"),
    # column 1
    (F(1), 53, "NE"), (F(1), 54, "A"), (F(1), 63, "A1"), (F(1), 65, "C1"), (F(1), 75, "C2"),
    # column 1½
    (F(3, 2), 52, "NE"), (F(3, 2), 53, "A"), (F(3, 2), 61, "A1"), (F(3, 2), 73, "C1"),
    (F(3, 2), 74, "C2"),
    # column 2
    (F(2), 44, "NE"), (F(2), 45, "A"), (F(2), 53, "A1"), (F(2), 64, "C1"), (F(2), 72, "C2"),
    # column 3
    (F(3), 34, "NE"), (F(3), 35, "A"), (F(3), 52, "A1"), (F(3), 65, "C1"), (F(3), 66, "C2"),
    # column 4½
    (F(9, 2), 24, "NE"), (F(9, 2), 25, "A"), (F(9, 2), 45, "A1"), (F(9, 2), 56, "C1"),
    (F(9, 2), 65, "C2"), (F(9, 2), 75, "C3"),
    # column 6
    (F(6), 15, "NE"), (F(6), 16, "A"), (F(6), 36, "A1"), (F(6), 54, "C1"), (F(6), 65, "C2"),
    (F(6), 75, "C3"),
    # column 9
    (F(9), 13, "NE"), (F(9), 14, "A"), (F(9), 32, "A1"), (F(9), 53, "C1"), (F(9), 63, "C2"),
    (F(9), 73, "C3"),
    # column 12
    (F(12), 11, "NE"), (F(12), 12, "A"), (F(12), 25, "A1"), (F(12), 52, "C1"),
    (F(12), 61, "C2"), (F(12), 72, "C3"), (F(12), 75, "C4"),
    # column 15
    (F(15), 11, "A"), (F(15), 22, "A1"), (F(15), 46, "C1"), (F(15), 56, "C2"), (F(15), 71, "C3"),
    (F(15), 74, "C4"),
    # column 18
    (F(18), 11, "A"), (F(18), 16, "A1"), (F(18), 44, "C1"), (F(18), 54, "C2"), (F(18), 66, "C3"),
    (F(18), 72, "C4"),
    # column 21
    (F(21), 13, "A"), (F(21), 14, "A1"), (F(21), 44, "C1"), (F(21), 52, "C2"), (F(21), 65, "C3"),
    (F(21), 71, "C4"), (F(21), 75, "C5"),
    # column 24
    (F(24), 12, "A"), (F(24), 13, "A1"), (F(24), 43, "C1"), (F(24), 46, "C2"), (F(24), 63, "C3"),
    (F(24), 66, "C4"), (F(24), 74, "C5"),
    # column 27
    (F(27), 11, "A"), (F(27), 12, "A1"), (F(27), 42, "C1"), (F(27), 44, "C2"), (F(27), 61, "C3"),
    (F(27), 65, "C4"), (F(27), 73, "C5"),
    # column 30
    (F(30), 11, "A1"), (F(30), 36, "A1"), (F(30), 41, "C1"), (F(30), 42, "C2"), (F(30), 56, "C3"),
    (F(30), 65, "C4"), (F(30), 72, "C5"), (F(30), 75, "C6"),
    # between headings: the highest heading not above the FP
    (F(5), 24, "NE"), (F(5), 25, "A"),                 # 5 reads 4½
    (F(4), 35, "A"), (F(4), 52, "A1"),                 # 4 reads 3
    (F(29), 11, "A"), (F(29), 12, "A1"),               # 29 reads 27
    (F(2, 3), 63, "A"), (F(2, 3), 64, "A1"),           # ⅔ reads ½
    (F(100), 75, "C6"),                                # beyond 30 reads 30
    # clamping: below 11 no effect; above 76 read as 76
    (F(30), 10, "NE"), (F(30), 5, "NE"), (F(1, 2), 10, "NE"),
    (F(30), 80, "C6"), (F(1, 2), 80, "C1"), (F(3, 4), 77, "C2"), (F(6), 90, "C3"),
]

ARTILLERY = [
    (F(2), 56, "NE"), (F(2), 61, "A"), (F(2), 72, "C1"),
    (F(3), 76, "C2"), (F(3), 55, "NE"),
    (F(4), 62, "A"), (F(4), 63, "A1"),
    (F(6), 53, "A"), (F(6), 74, "C2"),
    (F(8), 72, "C2"), (F(8), 63, "A1"),
    (F(12), 66, "C2"), (F(12), 62, "C1"),
    (F(18), 75, "C3"), (F(18), 64, "C1"),
    (F(24), 16, "A"), (F(24), 15, "NE"),
    (F(36), 31, "A"), (F(36), 32, "A1"),
    (F(48), 75, "C4"), (F(48), 11, "NE"),
    (F(60), 11, "A"), (F(60), 74, "C4"),
    (F(72), 15, "A"), (F(72), 71, "C3"),
    (F(84), 75, "C5"), (F(84), 14, "A1"),
    (F(96), 12, "A"), (F(96), 66, "C4"),
    (F(108), 11, "A"), (F(108), 73, "C5"),
    (F(120), 75, "C6"), (F(120), 41, "C1"), (F(120), 36, "A1"),
    (F(119), 11, "A"),                                 # 119 reads 108
    (F(1), 61, "A"),                                   # under 2: the first column
    (F(120), 10, "NE"), (F(120), 99, "C6"),
]

STEPS = {"NE": 0, "A": 0, "A1": 1, "C1": 1, "C2": 2, "C3": 3, "C4": 4, "C5": 5, "C6": 6}
MORALE = {"NE": MoraleCheck.NONE, "A": MoraleCheck.A, "A1": MoraleCheck.A}


@pytest.mark.parametrize(("fp", "modified", "expected"), SMALL_ARMS)
def test_small_arms_and_canister(fp: F, modified: int, expected: str) -> None:
    result = fcrt_result(fcrt_column(fp, artillery=False), roll(modified))
    assert result.result == expected
    assert result.steps == STEPS[expected]
    assert result.morale is MORALE.get(expected, MoraleCheck.C)


@pytest.mark.parametrize(("fp", "modified", "expected"), ARTILLERY)
def test_artillery(fp: F, modified: int, expected: str) -> None:
    result = fcrt_result(fcrt_column(fp, artillery=True), roll(modified))
    assert result.result == expected
    assert result.steps == STEPS[expected]


def test_the_roll_as_read_is_clamped() -> None:
    column = fcrt_column(F(30), artillery=False)
    assert fcrt_result(column, roll(80)).roll == 76
    assert fcrt_result(column, roll(10)).roll is None
    assert str(fcrt_result(column, roll(10))) == "FCRT small arms 30: below 11 -> NE"
    assert str(fcrt_result(column, roll(36))) == "FCRT small arms 30: 36 -> A1"


def test_columns_and_their_modifiers() -> None:
    assert fcrt_column(F(9, 2), False).heading == "4½"
    assert fcrt_column(F(9, 2), False).index == 6
    assert fcrt_column(F(36), True).heading == "36"
    assert fcrt_column(F(30), False).modifier is None
    assert fcrt_column(F(32), False).modifier is None          # 2 over: not a full 3
    top = fcrt_column(F(36), False).modifier
    assert top is not None
    assert (top.label, top.value, top.rule) == (
        "36 FP: +1 per 3 FP above 30", 2, "FCRT DRM above the highest column")
    top = fcrt_column(F(126), True).modifier
    assert top is not None and top.value == 2
    assert fcrt_column(F(7, 4), True).modifier is None          # ¼ short: not a full ½
    for fp, drm in ((F(3, 2), -1), (F(1), -2), (F(1, 2), -3), (F(1, 3), -3)):
        column = fcrt_column(fp, artillery=True)
        assert column.heading == "2" and not column.no_effect
        assert column.modifier is not None and column.modifier.value == drm
        assert column.modifier.rule == "6.57"
    under = fcrt_column(F(1), True).modifier
    assert under is not None and under.label == "1 artillery FP: -1 per ½ FP under 2"


def test_small_arms_under_half_have_no_effect() -> None:
    column = fcrt_column(F(1, 4), artillery=False)
    assert column.no_effect
    for value in (11, 66, 76, 90):
        assert fcrt_result(column, roll(value)).result == "NE"


def test_officer_incapacitated_by_the_unmodified_roll() -> None:
    left, right = fcrt_column(F(1, 2), False), fcrt_column(F(30), False)
    assert officer_hit(left, 66) and not officer_hit(left, 65)
    assert officer_hit(right, 66) and officer_hit(right, 65) and not officer_hit(right, 64)
    assert not officer_hit(fcrt_column(F(15), False), 65)      # 15: 66 only
    assert officer_hit(fcrt_column(F(18), False), 65)          # 18: 65-66
    assert officer_hit(fcrt_column(F(120), True), 65)
    assert not officer_hit(fcrt_column(F(60), True), 65)
    assert officer_hit(fcrt_column(F(1), True), 66)            # guns under 2: the first column


def test_sharpshooters_under_half_at_an_officer_need_66() -> None:
    column = fcrt_column(F(1, 4), False, sharpshooter_at_officer=True)
    assert officer_hit(column, 66) and not officer_hit(column, 65)
    assert not officer_hit(fcrt_column(F(1, 4), False), 66)


def test_a_results_check_morale_only_when_artillery_alone_fired() -> None:
    column = fcrt_column(F(6), False)
    a, c = fcrt_result(column, roll(16)), fcrt_result(column, roll(54))
    assert a.morale_check_required(artillery_only=True)
    assert not a.morale_check_required(artillery_only=False)
    assert c.morale_check_required(artillery_only=False)
    assert not fcrt_result(column, roll(15)).morale_check_required(artillery_only=True)


# --- the loader ---------------------------------------------------------------------------
def _broken(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    path = tmp_path / "fire.yaml"
    shutil.copy(DATA, path)
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, line


def test_the_packaged_table_loads() -> None:
    assert FireTables(DATA).headings[False][6] == F(9, 2)


def test_a_gap_in_a_column_names_its_line(tmp_path: Path) -> None:
    path, line = _broken(tmp_path, "[61-63, 56-63,", "[62-63, 56-63,")
    with pytest.raises(DataError) as err:
        FireTables(path)
    assert f"{path}:{line}: column 1 (½): this range should start at 61" in str(err.value)


def test_a_malformed_cell_names_its_line(tmp_path: Path) -> None:
    path, line = _broken(tmp_path, "42-55]", "42-58]")
    with pytest.raises(DataError) as err:
        FireTables(path)
    assert str(err.value).startswith(f"{path}:{line}: ")
    assert "d66 range" in str(err.value)


def test_a_missing_field_names_its_line(tmp_path: Path) -> None:
    path, line = _broken(tmp_path, "    per_sp_over: 1\n", "")
    with pytest.raises(DataError) as err:
        FireTables(path)
    assert f"{path}:{line - 3}: modifiers.density: missing required field 'per_sp_over'" \
        in str(err.value)
