"""Enfilade (6.44, docs/rules.md): the angle between the line of fire and the target's axis.
full within 15 degrees (x3), partial under 30 (x2), else front or rear (x1).

The target stands in 0606 facing north on a flat-topped map. Angles off its facing, worked out
from hex centres (flat-top: neighbouring columns are 1.5 apart in x, rows sqrt(3) apart in y):
0806 is due east (90 degrees); 0906 is 3 columns east and half a row up, 10.9 degrees off due
east (79.1 off the facing); 1005 is 6 units east and sqrt(3) up, 16.1 off due east (73.9).
"""

import pytest

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.fire.enfilade import Enfilade, axis_angle, enfilade, enfilade_term
from gameapp.core.units import Formation, Status, Unit
from tests.core.positions import N, artillery, blank_map, infantry, place

M = blank_map(16, 14)


def target(formation: Formation, facing: int = N, status: frozenset[Status] = frozenset()) -> Unit:
    unit = place(infantry("target"), M, "0606", facing, formation)
    return Unit(unit.defn, unit.hex, unit.facing, unit.formation, status)


def fire_from(hex_id: str, unit: Unit) -> Enfilade:
    return enfilade(M.parse(hex_id), unit)


@pytest.mark.parametrize(
    ("firer", "expected", "why"),
    [
        ("0603", Enfilade.FRONT_OR_REAR, "straight ahead, 0 degrees"),
        ("0609", Enfilade.FRONT_OR_REAR, "straight behind, 180 degrees"),
        ("0706", Enfilade.FRONT_OR_REAR, "adjacent NE, 60 degrees: the edge of the front arc"),
        ("0707", Enfilade.FRONT_OR_REAR, "adjacent SE, 120 degrees: the edge of the rear arc"),
        ("0905", Enfilade.FRONT_OR_REAR, "60 degrees, three hexes out"),
        ("0806", Enfilade.FULL, "due east: along the line's axis"),
        ("0406", Enfilade.FULL, "due west"),
        ("0906", Enfilade.FULL, "10.9 degrees off the axis: the hexes the line would extend into"),
        ("1005", Enfilade.PARTIAL, "16.1 degrees off the axis, in front of it"),
        ("1007", Enfilade.PARTIAL, "16.1 degrees off the axis, behind it"),
        ("1006", Enfilade.FULL, "due east, four hexes"),
    ],
)
def test_a_line_is_enfiladed_from_its_flanks(firer: str, expected: Enfilade, why: str) -> None:
    assert fire_from(firer, target(Formation.LINE)) is expected, why


@pytest.mark.parametrize(
    ("firer", "expected", "why"),
    [
        ("0603", Enfilade.FULL, "straight ahead, down the column"),
        ("0610", Enfilade.FULL, "straight behind"),
        ("0704", Enfilade.PARTIAL, "19.1 degrees off the facing, three hexes out"),
        ("0705", Enfilade.FRONT_OR_REAR, "30 degrees off the facing: not enfilade"),
        ("0806", Enfilade.FRONT_OR_REAR, "due east, square to the column: its flank"),
        ("0706", Enfilade.FRONT_OR_REAR, "adjacent NE, 60 degrees"),
    ],
)
def test_a_column_is_enfiladed_from_ahead_and_behind(firer: str, expected: Enfilade,
                                                     why: str) -> None:
    assert fire_from(firer, target(Formation.COLUMN)) is expected, why


def test_multipliers_labels_and_rule() -> None:
    assert [e.multiplier for e in Enfilade] == [1, 2, 3]
    line = target(Formation.LINE)
    term = enfilade_term(M.parse("1005"), line)
    assert (term.label, term.value, term.rule) == ("partial enfilade ×2", 2.0, "6.44")
    assert str(enfilade_term(M.parse("0806"), line)) == "6.44 full enfilade ×3 +3"
    assert enfilade_term(M.parse("0603"), line).label == "front or rear ×1"


def test_axis_angles_by_hand() -> None:
    line = target(Formation.LINE)
    assert axis_angle(M.parse("0806"), line) == pytest.approx(0.0, abs=1e-9)
    assert axis_angle(M.parse("0906"), line) == pytest.approx(10.89, abs=0.01)
    assert axis_angle(M.parse("1005"), line) == pytest.approx(16.10, abs=0.01)
    assert axis_angle(M.parse("0603"), line) == pytest.approx(90.0)
    assert axis_angle(M.parse("0606"), line) is None


@pytest.mark.parametrize("formation", [Formation.SKIRMISH, Formation.SQUARE,
                                       Formation.GENERAL_ORDER])
def test_formations_without_an_axis_are_never_enfiladed(formation: Formation) -> None:
    unit = target(formation)
    assert {fire_from(f, unit) for f in ("0603", "0806", "0906", "1005", "0610")} == {
        Enfilade.FRONT_OR_REAR}


def test_a_routed_unit_has_no_axis_but_a_shaken_one_keeps_its_own() -> None:
    assert fire_from("0806", target(Formation.LINE, status=frozenset({Status.ROUTED}))) \
        is Enfilade.FRONT_OR_REAR
    assert fire_from("0806", target(Formation.LINE, status=frozenset({Status.SHAKEN}))) \
        is Enfilade.FULL


def test_unlimbered_guns_stand_in_line_and_limbered_guns_in_column() -> None:
    battery = place(artillery("gun"), M, "0606", N, Formation.UNLIMBERED)
    limbered = place(artillery("gun"), M, "0606", N, Formation.LIMBERED)
    assert enfilade(M.parse("0806"), battery) is Enfilade.FULL
    assert enfilade(M.parse("0603"), limbered) is Enfilade.FULL
    assert enfilade(M.parse("0603"), battery) is Enfilade.FRONT_OR_REAR


@pytest.mark.parametrize("formation", [Formation.LINE, Formation.COLUMN])
def test_the_same_geometry_gives_the_same_answer_for_every_facing(formation: Formation) -> None:
    """Turning the target and the firer together by 60 degrees changes nothing."""
    centre = Hex(0, 0)

    def turn(h: Hex, sixths: int) -> Hex:
        q, r = h.q, h.r
        for _ in range(sixths % 6):
            q, r = q + r, -q  # axial rotation by one direction number
        return Hex(q, r)

    defn = infantry("t")
    base = Unit(defn, centre, N, formation)
    for firer in centre.range(7):
        if firer == centre:
            continue
        expected = enfilade(firer, base)
        for sixths in range(1, 6):
            turned = Unit(defn, centre, (N + sixths) % 6, formation)
            assert enfilade(turn(firer, sixths), turned) is expected
