"""The odds' effect on morale (8.0 odds table): every band edge, and the data file's errors."""

from fractions import Fraction
from pathlib import Path

import pytest

from gameapp.core.breakdown import Term
from gameapp.core.rules.charge import ChargeTables, charge_odds
from gameapp.core.rules.charge.tables import round_casualties, round_sps
from gameapp.core.yamlsource import DataError

DATA = Path(__file__).parents[2] / "gameapp" / "core" / "rules" / "data" / "charge.yaml"
F = Fraction


@pytest.mark.parametrize(("attacker", "defender", "column", "effect"), [
    (F(1), F(4), "<1-3", "AR"),        # 0.25
    (F(329, 100), F(10), "<1-3", "AR"),  # 0.329: just under 1/3
    (F(1), F(3), "1-3", "14A"),        # exactly 1/3
    (F(2), F(5), "1-3", "14A"),        # 0.4
    (F(1), F(2), "1-2", "7A"),         # exactly 1/2
    (F(3), F(5), "1-2", "7A"),         # 0.6: under 2/3
    (F(2), F(3), "1-1.5", "4A"),       # exactly 2/3
    (F(9, 2), F(5), "1-1.5", "4A"),    # 0.9
    (F(1), F(1), "1-1", "NE"),         # exactly 1
    (F(7), F(5), "1-1", "NE"),         # 1.4
    (F(3), F(2), "1.5-1", "3D"),       # exactly 1.5
    (F(19), F(10), "1.5-1", "3D"),     # 1.9
    (F(2), F(1), "2-1", "6D"),
    (F(29, 2), F(5), "2-1", "6D"),     # 2.9
    (F(3), F(1), "3-1", "12D"),
    (F(4), F(1), "4-1", "18D"),
    (F(5), F(1), "5-1", "24D"),
    (F(6), F(1), "6-1", "30D"),
    (F(7), F(1), "7-1", "36D"),
    (F(15), F(1), "7-1", "36D"),       # no column beyond 7-1
    (F(3), F(0), "7-1", "36D"),        # only leaders defend
    (F(0), F(3), "<1-3", "AR"),
])
def test_each_band_edge(attacker: Fraction, defender: Fraction, column: str, effect: str
                        ) -> None:
    odds = charge_odds(attacker, defender)
    assert (odds.column.label, odds.column.effect) == (column, effect)


def test_the_points_go_to_the_losing_side_only() -> None:
    two_to_one = charge_odds(12, 5)
    assert two_to_one.level_term(attacker=False) == Term("2-1: defender subtracts 6", -6,
                                                         "8.0 odds")
    assert two_to_one.level_term(attacker=True) is None
    one_to_three = charge_odds(2, 5)
    assert one_to_three.level_term(attacker=True) == Term("1-3: attacker subtracts 14",
                                                          -14, "8.0 odds")
    assert one_to_three.level_term(attacker=False) is None
    assert charge_odds(1, 4).attacker_routs and not charge_odds(1, 3).attacker_routs
    even = charge_odds(6, 5)
    assert even.level_term(True) is None and even.level_term(False) is None


def test_the_odds_explain_themselves() -> None:
    assert charge_odds(F(15, 2), 5).lines() == [
        "8.0 odds 7½ SPs to 5 (ratio 1½): column 1.5-1 (from 1½ up to 2)",
        "8.0 odds 3D: the defender's units subtract 3 from their morale",
    ]
    assert charge_odds(1, 4).lines()[0] == "8.0 odds 1 SP to 4 (ratio ¼): column <1-3 " \
                                           "(below 1/3)"
    assert charge_odds(8, 1).lines()[0] == "8.0 odds 8 SPs to 1 (ratio 8): column 7-1 (7 and up)"


def test_neither_side_with_sps_is_no_charge() -> None:
    with pytest.raises(ValueError):
        charge_odds(0, 0)


def test_rounding_rules() -> None:
    assert [round_sps(F(x, 4), ChargeTables().exactly_half) for x in (25, 26, 27)] == [
        F(6), F(13, 2), F(7)]  # 6¼ -> 6, 6½ kept, 6¾ -> 7
    # 8.52: only fractions above ½ go up
    assert [round_casualties(F(n, 8)) for n in (3, 4, 5, 12, 13)] == [0, 0, 1, 1, 2]


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "charge.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


@pytest.mark.parametrize(("old", "new", "needle", "message"), [
    ('{odds: "3-1", effect: 12D}', '{odds: "1-1", effect: 12D}', '"1-1", effect: 12D',
     "odds columns must rise"),
    ('{odds: "1-2", effect: 7A}', '{odds: "1-2", effect: 7X}', "7X", "AR, NE, nA or nD"),
    ('attacker_column: {factor: "1½"', 'attacker_column: {factor: "1.5"', '"1.5"',
     "a figure written as a string"),
    ('{odds: "<1-3", effect: AR}', '{odds: "<1-4", effect: AR}', "<1-4",
     "the first column should read '<1-3'"),
    ("woods_terrains: [woods,", "woods_terrains: [forest,", "forest", "'forest' is not one of"),
    ('automatic_victory_above: "1.5-1"', 'automatic_victory_above: "3-2"', '"3-2"',
     "expected one of the odds columns"),
])
def test_data_errors_name_the_file_and_line(tmp_path: Path, old: str, new: str, needle: str,
                                            message: str) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(DataError) as error:
        ChargeTables(path)
    text = str(error.value)
    assert f"{path}:{_line_of(path, needle)}:" in text
    assert message in text
