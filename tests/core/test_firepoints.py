"""The fire point calculation procedure (6.0) and the fire dice-roll modifiers, whole breakdowns.

Expected figures are worked by hand from seed 001: the range chart and its notes 1-4, the
formation/morale/orientation effects, the dice-roll modifier table and the terrain chart.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

from gameapp.core.breakdown import Breakdown
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.fire.points import (
    Enfilade,
    FirePoints,
    FirerInput,
    FiringLimit,
    FpTerm,
    Situation,
    Sun,
    TargetInput,
    TargetMovement,
    dice_modifiers,
    fire_points,
    firing_limit,
)
from gameapp.core.terrain import HexFeature, HexsideFeature, Slope, Terrain
from gameapp.core.units import (
    Formation,
    GunType,
    Side,
    SmallArms,
    Status,
    Unit,
    UnitDef,
    UnitKind,
)

HERE, THERE = Hex(0, 0), Hex(0, 3)
CLEAR_FL = FiringLimit(9, "TEC clear", "clear, standing 9")
WOODS_FL = FiringLimit(4, "TEC woods", "woods, standing 4")
GUNS_FL = FiringLimit(18, "TEC N1", "guns: 2 × standing FL of clear")
STEP1 = "6.0 step 1"


def inf(uid: str, sps: int = 6, weapon: SmallArms = SmallArms.R,
        formation: Formation = Formation.LINE, status: tuple[Status, ...] = (),
        at: Hex = HERE, side: Side = Side.UNION, kind: UnitKind = UnitKind.INFANTRY) -> Unit:
    defn = UnitDef(uid, side, uid, kind, sps, 35, weapon=weapon)
    return Unit(defn, at, 0, formation, frozenset(status))


def bty(uid: str, code: str = "1 N 3", guns: int = 4,
        formation: Formation = Formation.UNLIMBERED, status: tuple[Status, ...] = (),
        at: Hex = HERE, side: Side = Side.UNION) -> Unit:
    defn = UnitDef(uid, side, uid, UnitKind.ARTILLERY, guns, 40, gun=GunType(code.split()[1]),
                   gun_label=code)
    return Unit(defn, at, 0, formation, frozenset(status))


def target(*units: Unit, **kw: Any) -> TargetInput:
    return TargetInput(units or (inf("T", 6, side=Side.CONFEDERATE, at=THERE),), **kw)


def rows(terms: tuple[FpTerm, ...]) -> list[tuple[str, str, F, str, F]]:
    return [(t.label, t.op, t.value, t.rule, t.result) for t in terms]


def drms(breakdown: Breakdown) -> list[tuple[str, float, str]]:
    return [(t.label, t.value, t.rule) for t in breakdown]


def one(firer: FirerInput, tgt: TargetInput | None = None,
        situation: Situation | None = None) -> FirePoints:
    return fire_points([firer], tgt or target(), situation)


# --- step 2: every weapon at every band ------------------------------------------------------
RANGES = [
    # (unit, hexes, canister, range term label, factor, rule, FP after range)
    (inf("M", 4, SmallArms.M), 1, False, "N at 1 hex", F(1), "Range M 1", F(4)),
    (inf("M", 4, SmallArms.M), 2, False, "½ FP (note 1) at 2 hexes", F(1, 2), "Range M 2", F(2)),
    (inf("R", 4), 1, False, "N at 1 hex", F(1), "Range R 1", F(4)),
    (inf("R", 4), 2, False, "N/3 at 2 hexes", F(1, 3), "Range R 2", F(4, 3)),
    (inf("R", 4), 3, False, "N/8 at 3 hexes (3-4 hexes)", F(1, 8), "Range R 3-4", F(1, 2)),
    (inf("R", 4), 4, False, "N/8 at 4 hexes (3-4 hexes)", F(1, 8), "Range R 3-4", F(1, 2)),
    (inf("R", 4), 5, False, "N/16 at 5 hexes (5-6 hexes)", F(1, 16), "Range R 5-6", F(1, 4)),
    (inf("R", 4), 6, False, "N/16 at 6 hexes (5-6 hexes)", F(1, 16), "Range R 5-6", F(1, 4)),
    (inf("S", 4, SmallArms.S), 1, False, "N at 1 hex", F(1), "Range S 1", F(4)),
    (inf("S", 4, SmallArms.S), 2, False, "N/3 at 2 hexes", F(1, 3), "Range S 2", F(4, 3)),
    (inf("S", 4, SmallArms.S), 4, False, "N/8 at 4 hexes (3-4 hexes)", F(1, 8), "Range S 3-4",
     F(1, 2)),
    (inf("S", 4, SmallArms.S), 5, False, "N/16 at 5 hexes (5-6 hexes)", F(1, 16),
     "Range S 5-6", F(1, 4)),
    (inf("S", 4, SmallArms.S), 8, False, "N/24 at 8 hexes (7-8 hexes)", F(1, 24),
     "Range S 7-8", F(1, 6)),
    (inf("A", 4, SmallArms.A), 1, False, "N at 1 hex", F(1), "Range A 1", F(4)),
    (inf("A", 4, SmallArms.A), 2, False, "N/4 at 2 hexes", F(1, 4), "Range A 2", F(1)),
    (inf("C", 4, SmallArms.C), 1, False, "N at 1 hex", F(1), "Range C 1", F(4)),
    (inf("C", 4, SmallArms.C), 2, False, "N/4 at 2 hexes", F(1, 4), "Range C 2", F(1)),
    (inf("C", 4, SmallArms.C), 3, False, "N/9 at 3 hexes (3-4 hexes)", F(1, 9), "Range C 3-4",
     F(4, 9)),
    (bty("H", "1 H 3"), 1, False, "N at 1 hex (1-8 hexes)", F(1), "Range artillery H 1-8", F(4)),
    (bty("H", "1 H 3"), 9, False, "N/3 at 9 hexes (9-16 hexes)", F(1, 3),
     "Range artillery H 9-16", F(4, 3)),
    (bty("H", "1 H 3"), 13, False, "N/3 at 13 hexes (9-16 hexes)", F(1, 3),
     "Range artillery H 9-16", F(4, 3)),
    (bty("H", "2 H 4"), 16, False, "N/3 at 16 hexes (9-16 hexes)", F(1, 3),
     "Range artillery H 9-16", F(8, 3)),
    (bty("Mn", "1 Mn 2"), 8, False, "N at 8 hexes (1-8 hexes)", F(1), "Range artillery Mn 1-8",
     F(4)),
    (bty("Mn", "1 Mn 2"), 11, False, "N/3 at 11 hexes (9-16 hexes)", F(1, 3),
     "Range artillery Mn 9-16", F(4, 3)),
    (bty("G", "½ G 1"), 1, False, "N at 1 hex (1-8 hexes)", F(1), "Range artillery G 1-8", F(2)),
    (bty("G", "½ G 1"), 16, False, "N/2 at 16 hexes (9-16 hexes)", F(1, 2),
     "Range artillery G 9-16", F(1)),
    (bty("G", "½ G 1"), 18, False, "N/4 at 18 hexes (17-24 hexes)", F(1, 4),
     "Range artillery G 17-24", F(1, 2)),
    (bty("N"), 9, False, "N/2 at 9 hexes (9-16 hexes)", F(1, 2), "Range artillery N 9-16", F(2)),
    (bty("N"), 20, False, "N/4 at 20 hexes (17-24 hexes)", F(1, 4), "Range artillery N 17-24",
     F(1)),
    (bty("R", "1 R 3"), 8, False, "N at 8 hexes (1-8 hexes)", F(1), "Range artillery R 1-8",
     F(4)),
    (bty("R", "1 R 3"), 16, False, "N/2 at 16 hexes (9-16 hexes)", F(1, 2),
     "Range artillery R 9-16", F(2)),
    (bty("R", "1 R 3"), 24, False, "N/3 at 24 hexes (17-24 hexes)", F(1, 3),
     "Range artillery R 17-24", F(4, 3)),
    (bty("R", "1½ R 3"), 35, False, "N/6 at 35 hexes (25+ hexes)", F(1, 6),
     "Range artillery R 25+", F(1)),
    (bty("W", "8 W O"), 10, False, "N at 10 hexes (1-10 hexes)", F(1), "Range artillery W 1-10",
     F(32)),
    (bty("W", "8 W O"), 11, False, "N/4 at 11 hexes (11-20 hexes)", F(1, 4),
     "Range artillery W 11-20", F(8)),
    (bty("W", "8 W O"), 30, False, "N/8 at 30 hexes (21-30 hexes)", F(1, 8),
     "Range artillery W 21-30", F(4)),
    (bty("W", "8 W O"), 50, False, "N/16 at 50 hexes (31+ hexes)", F(1, 16),
     "Range artillery W 31+", F(2)),
    (bty("H", "1 H 3"), 1, True, "canister N at 1 hex", F(1), "Range canister H 1", F(4)),
    (bty("H", "1 H 3"), 2, True, "canister N/6 at 2 hexes", F(1, 6), "Range canister H 2",
     F(2, 3)),
    (bty("H", "1 H 3"), 3, True, "canister N/8 at 3 hexes", F(1, 8), "Range canister H 3", F(1, 2)),
    (bty("H", "1 H 3"), 4, True, "canister N/16 at 4 hexes", F(1, 16), "Range canister H 4",
     F(1, 4)),
    (bty("G", "½ G 1"), 2, True, "canister N/4 at 2 hexes", F(1, 4), "Range canister G 2", F(1, 2)),
    (bty("G", "½ G 1"), 4, True, "canister N/12 at 4 hexes", F(1, 12), "Range canister G 4",
     F(1, 6)),
    (bty("N"), 3, True, "canister N/8 at 3 hexes", F(1, 8), "Range canister N 3", F(1, 2)),
    (bty("N"), 4, True, "canister N/12 at 4 hexes", F(1, 12), "Range canister N 4", F(1, 3)),
    (bty("R", "1 R 3"), 2, True, "canister N/4 at 2 hexes", F(1, 4), "Range canister R 2", F(1)),
    (bty("R", "1 R 3"), 3, True, "canister N/6 at 3 hexes", F(1, 6), "Range canister R 3", F(2, 3)),
    (bty("R", "1 R 3"), 4, True, "canister N/8 at 4 hexes", F(1, 8), "Range canister R 4", F(1, 2)),
]


@pytest.mark.parametrize(("unit", "hexes", "canister", "label", "factor", "rule", "fp"), RANGES)
def test_range_effect_of_every_weapon(unit: Unit, hexes: int, canister: bool, label: str,
                                      factor: F, rule: str, fp: F) -> None:
    guns = unit.kind is UnitKind.ARTILLERY
    firer = FirerInput(unit, hexes, GUNS_FL if guns else CLEAR_FL, canister=canister)
    result = one(firer)
    power = {"½ G 1": F(1, 2), "2 H 4": F(2), "1½ R 3": F(3, 2), "8 W O": F(8)}.get(
        unit.defn.gun_label, F(1))
    assert rows(result.firers[0].terms) == [
        ("4 guns" if guns else "4 SPs", "=", F(4), STEP1, F(4)),
        ("fire power " + {F(1, 2): "½", F(3, 2): "1½"}.get(power, str(power))
         + (f" ({unit.defn.gun_label})" if guns else ""), "×", power, STEP1, 4 * power),
        (label, "×", factor, rule, fp),
    ]


# --- steps 1 and 3: column, road column, firing limits, enfilade, shaken ---------------------
def test_partial_and_full_enfilade() -> None:
    for enfilade, factor, total in ((Enfilade.PARTIAL, F(2), F(12)), (Enfilade.FULL, F(3), F(18))):
        result = one(FirerInput(inf("A"), 1, CLEAR_FL, enfilade=enfilade))
        assert rows(result.firers[0].terms) == [
            ("6 SPs", "=", F(6), STEP1, F(6)),
            ("fire power 1", "×", F(1), STEP1, F(6)),
            ("N at 1 hex", "×", F(1), "Range R 1", F(6)),
            (f"{enfilade.value} enfilade", "×", factor, "6.44", total),
        ]
        assert rows(result.terms) == [("fire points of A", "=", total, "6.0", total)]
        assert result.column is not None and result.column.heading == str(total)


def test_column_fires_a_fifth_up_to_the_firing_limit() -> None:
    result = one(FirerInput(inf("A", 10, formation=Formation.COLUMN), 1, CLEAR_FL))
    assert rows(result.firers[0].terms) == [
        ("10 SPs", "=", F(10), STEP1, F(10)),
        ("column: one-fifth of its SPs", "×", F(1, 5), "2.52.b", F(2)),
        ("fire power 1", "×", F(1), STEP1, F(2)),
        ("N at 1 hex", "×", F(1), "Range R 1", F(2)),
    ]
    result = one(FirerInput(inf("B", 25, formation=Formation.COLUMN), 1, WOODS_FL))
    assert rows(result.firers[0].terms) == [
        ("25 SPs", "=", F(25), STEP1, F(25)),
        ("column: one-fifth of its SPs", "×", F(1, 5), "2.52.b", F(5)),
        ("firing limit 4 (woods, standing 4)", "≤", F(4), "TEC woods", F(4)),
        ("fire power 1", "×", F(1), STEP1, F(4)),
        ("N at 1 hex", "×", F(1), "Range R 1", F(4)),
    ]


def test_road_column_cannot_fire() -> None:
    result = one(FirerInput(inf("A", formation=Formation.ROAD_COLUMN), 1, CLEAR_FL))
    assert rows(result.firers[0].terms) == [
        ("road column may not fire", "note", F(0), "2.53.b", F(0))]
    assert not result.firers[0].fires
    assert result.firers[0].reason == "road column may not fire"
    assert rows(result.terms) == [("no unit can fire", "note", F(0), "6.0", F(0))]
    assert result.column is None and result.no_effect


@pytest.mark.parametrize(("unit", "label", "rule"), [
    (inf("A", status=(Status.ROUTED,)), "routed units may not fire", "7.52.f"),
    (inf("A", status=(Status.DOUBLE_MOVED,)), "double moved (DM): cannot fire",
     "FCRT DRM firer moved"),
    (inf("A", status=(Status.CHARGE, Status.MOVED)), "charging and moved (Ch and M): cannot fire",
     "FCRT DRM firer moved"),
    (bty("B", formation=Formation.LIMBERED), "limbered guns do not fire", "R&C limbered guns"),
    (inf("A", 6, SmallArms.A), "out of range: 3 hexes, max 2", "Range maximum"),
])
def test_units_that_cannot_fire(unit: Unit, label: str, rule: str) -> None:
    fl = GUNS_FL if unit.kind is UnitKind.ARTILLERY else CLEAR_FL
    result = one(FirerInput(unit, 3, fl))
    assert rows(result.firers[0].terms) == [(label, "note", F(0), rule, F(0))]


def test_canister_beyond_its_range_or_from_guns_without_it() -> None:
    assert rows(one(FirerInput(bty("B"), 5, GUNS_FL, canister=True)).firers[0].terms) == [
        ("5 hexes: canister reaches 4 hexes", "note", F(0), "Range canister", F(0))]
    assert rows(one(FirerInput(bty("W", "8 W O"), 1, GUNS_FL, canister=True)).firers[0]
                .terms) == [("1 hex: 8 W O fires no canister", "note", F(0), "Range canister",
                             F(0))]


def test_firing_limit_in_woods_is_shared_by_the_units_of_a_hex() -> None:
    first, second = inf("A", 3), inf("B", 3)
    result = fire_points([FirerInput(first, 1, WOODS_FL), FirerInput(second, 1, WOODS_FL)],
                         target())
    assert rows(result.firers[0].terms) == [
        ("3 SPs", "=", F(3), STEP1, F(3)),
        ("fire power 1", "×", F(1), STEP1, F(3)),
        ("N at 1 hex", "×", F(1), "Range R 1", F(3)),
    ]
    assert rows(result.firers[1].terms) == [
        ("3 SPs", "=", F(3), STEP1, F(3)),
        ("firing limit 4 (woods, standing 4), 3 of it firing already", "≤", F(1), "TEC woods",
         F(1)),
        ("fire power 1", "×", F(1), STEP1, F(1)),
        ("N at 1 hex", "×", F(1), "Range R 1", F(1)),
    ]
    assert rows(result.terms) == [("fire points of A, B", "=", F(4), "1.23", F(4))]


def test_a_shaken_firer_fires_half_its_steps() -> None:
    result = one(FirerInput(inf("A", 6, status=(Status.SHAKEN,)), 2, CLEAR_FL))
    assert rows(result.firers[0].terms) == [
        ("6 SPs", "=", F(6), STEP1, F(6)),
        ("shaken: half its steps", "×", F(1, 2), "7.51.f", F(3)),
        ("fire power 1", "×", F(1), STEP1, F(3)),
        ("N/3 at 2 hexes", "×", F(1, 3), "Range R 2", F(1)),
    ]
    assert result.total == 1


def test_firing_limits_from_the_chart() -> None:
    assert firing_limit(Terrain.CLEAR) == CLEAR_FL
    assert firing_limit(Terrain.WOODS) == WOODS_FL
    assert firing_limit(Terrain.WOODS, covered=True) == FiringLimit(1, "TEC woods",
                                                                    "woods, covered 1")
    assert firing_limit(Terrain.CLEAR, guns=True) == GUNS_FL
    assert firing_limit(Terrain.WOODS, guns=True) == FiringLimit(6, "TEC N1", "guns: 6 in woods")
    assert firing_limit(Terrain.TOWN, covered=True, features=HexFeature.BUILDINGS) == \
        FiringLimit(7, "TEC town, TEC buildings", "town, covered 6 +1 buildings")
    assert firing_limit(Terrain.CLEAR, covered=True, across=HexsideFeature.STONE_WALL) == \
        FiringLimit(3, "TEC clear, TEC stone wall", "clear, covered 2 +1 stone wall")
    assert firing_limit(Terrain.CLEAR, across=HexsideFeature.STONE_WALL) == CLEAR_FL


# --- steps 5 and 6: the target, and the majority rule ---------------------------------------
def test_target_in_square_or_routed_doubles() -> None:
    square = inf("T", 6, formation=Formation.SQUARE, side=Side.CONFEDERATE, at=THERE)
    result = one(FirerInput(inf("A", 3), 1, CLEAR_FL), target(square))
    assert rows(result.terms) == [
        ("fire points of A", "=", F(3), "6.0", F(3)),
        ("target in square", "×", F(2), "2.55.f", F(6)),
    ]
    routed = inf("T", 6, status=(Status.ROUTED,), side=Side.CONFEDERATE, at=THERE)
    result = one(FirerInput(inf("A", 3), 1, CLEAR_FL), target(routed))
    assert rows(result.terms)[1:] == [("target routed", "×", F(2), "7.52.f", F(6))]
    order = inf("T", 6, formation=Formation.GENERAL_ORDER, side=Side.CONFEDERATE, at=THERE)
    result = one(FirerInput(inf("A", 3), 1, CLEAR_FL), target(order))
    assert rows(result.terms)[1:] == [("target in general order", "×", F(2), "2.54.d", F(6))]


def test_majority_of_target_sps_decides_the_fire_point_modification() -> None:
    square = inf("S", 4, formation=Formation.SQUARE, side=Side.CONFEDERATE, at=THERE)
    line = inf("L", 3, side=Side.CONFEDERATE, at=THERE)
    result = one(FirerInput(inf("A", 3), 1, CLEAR_FL), target(square, line))
    assert rows(result.terms) == [
        ("fire points of A", "=", F(3), "6.0", F(3)),
        ("majority: target square, 4 of 7 SPs", "note", F(0), "6.63", F(3)),
        ("target in square", "×", F(2), "2.55.f", F(6)),
    ]


def test_a_tie_goes_to_the_defender() -> None:
    square = inf("S", 3, formation=Formation.SQUARE, side=Side.CONFEDERATE, at=THERE)
    line = inf("L", 3, side=Side.CONFEDERATE, at=THERE)
    result = one(FirerInput(inf("A", 3), 1, CLEAR_FL), target(square, line))
    assert rows(result.terms) == [
        ("fire points of A", "=", F(3), "6.0", F(3)),
        ("majority: target in no square, order or rout, 3 of 6 SPs", "note", F(0), "6.63", F(3)),
    ]


def test_artillery_personnel_count_double_in_the_majority() -> None:
    guns = bty("G", guns=2, side=Side.CONFEDERATE, at=THERE)               # weighs 4
    square = inf("S", 3, formation=Formation.SQUARE, side=Side.CONFEDERATE, at=THERE)
    result = one(FirerInput(inf("A", 3), 1, CLEAR_FL), target(guns, square))
    assert rows(result.terms) == [
        ("fire points of A", "=", F(3), "6.0", F(3)),
        ("majority: target in no square, order or rout, 4 of 7 SPs", "note", F(0), "6.63", F(3)),
    ]


def test_majority_posture_sets_the_terrain_modifier() -> None:
    covered = inf("C", 5, status=(Status.COVER,), side=Side.CONFEDERATE, at=THERE)
    standing = inf("S", 3, side=Side.CONFEDERATE, at=THERE)
    firer = FirerInput(inf("A", 3), 1, CLEAR_FL)
    tgt = target(covered, standing, terrain=Terrain.WOODS)
    assert drms(dice_modifiers([firer], tgt)) == [
        ("majority: covered, 5 of 8 SPs", 0, "6.63"),
        ("woods, covered", -7, "TEC woods"),
        ("target density 8 SPs", 2, "FCRT DRM target density"),
    ]
    tie = target(inf("C", 3, status=(Status.COVER,), side=Side.CONFEDERATE, at=THERE),
                 standing, terrain=Terrain.WOODS)
    assert drms(dice_modifiers([firer], tie))[:2] == [
        ("majority: covered, 3 of 6 SPs", 0, "6.63"),
        ("woods, covered", -7, "TEC woods"),
    ]


def test_a_shaken_target_stands_in_clear() -> None:
    shaken = inf("T", 6, status=(Status.SHAKEN, Status.COVER), side=Side.CONFEDERATE, at=THERE)
    tgt = target(shaken, terrain=Terrain.WOODS)
    assert drms(dice_modifiers([FirerInput(inf("A", 3), 1, CLEAR_FL)], tgt)) == [
        ("shaken target: standing in clear", 0, "7.51.c"),
    ]


# --- range note 4 ----------------------------------------------------------------------------
def _battery_terms(band: str, factor: F, rule: str, after: F) -> list[object]:
    return [
        ("4 guns", "=", F(4), STEP1, F(4)),
        ("fire power 1 (1 N 3)", "×", F(1), STEP1, F(4)),
        (band, "×", factor, rule, after),
    ]


def test_note_4a_doubles_shell_at_a_town_or_rocky_target() -> None:
    for terrain in (Terrain.TOWN, Terrain.ROCKY_WOODS):
        tgt = target(inf("T", 6, side=Side.CONFEDERATE, at=THERE), terrain=terrain)
        result = one(FirerInput(bty("B"), 3, GUNS_FL), tgt)
        assert rows(result.firers[0].terms) == [
            *_battery_terms("N at 3 hexes (1-8 hexes)", F(1), "Range artillery N 1-8", F(4)),
            (f"target in {terrain.label}", "×", F(2), "Range N4a", F(8)),
        ]
        assert result.artillery and result.artillery_only


def test_note_4a_under_cover_behind_a_stone_wall_or_in_buildings() -> None:
    covered = inf("T", 6, status=(Status.COVER,), side=Side.CONFEDERATE, at=THERE)
    wall = target(covered, hexsides=HexsideFeature.STONE_WALL)
    assert rows(one(FirerInput(bty("B"), 3, GUNS_FL), wall).firers[0].terms)[-1] == (
        "target under cover behind a stone wall", "×", F(2), "Range N4a", F(8))
    house = target(covered, features=HexFeature.BUILDINGS)
    assert rows(one(FirerInput(bty("B"), 3, GUNS_FL), house).firers[0].terms)[-1] == (
        "target under cover in a hex with buildings", "×", F(2), "Range N4a", F(8))
    standing = target(inf("T", 6, side=Side.CONFEDERATE, at=THERE),
                      features=HexFeature.BUILDINGS)
    assert len(one(FirerInput(bty("B"), 3, GUNS_FL), standing).firers[0].terms) == 3


def test_note_4b_shell_at_five_hexes_or_more_on_a_clear_line() -> None:
    result = one(FirerInput(bty("B"), 7, GUNS_FL, clear_line_of_fire=True))
    assert rows(result.firers[0].terms) == [
        *_battery_terms("N at 7 hexes (1-8 hexes)", F(1), "Range artillery N 1-8", F(4)),
        ("shell and case at 7 hexes, no friend on the line", "×", F(2), "Range N4b", F(8)),
    ]
    # a friendly counter on the line, under 5 hexes, canister, or fire at the guns: no doubling
    assert len(one(FirerInput(bty("B"), 7, GUNS_FL)).firers[0].terms) == 3
    assert len(one(FirerInput(bty("B"), 4, GUNS_FL, clear_line_of_fire=True)).firers[0]
               .terms) == 3
    assert len(one(FirerInput(bty("B"), 4, GUNS_FL, canister=True, clear_line_of_fire=True))
               .firers[0].terms) == 3
    at_guns = target(bty("E", side=Side.CONFEDERATE, at=THERE), at_guns=True)
    assert len(one(FirerInput(bty("B"), 7, GUNS_FL, clear_line_of_fire=True), at_guns)
               .firers[0].terms) == 3


def test_note_4b_stops_at_16_hexes_for_g_h_and_n_only() -> None:
    napoleons = one(FirerInput(bty("B"), 17, GUNS_FL, clear_line_of_fire=True))
    assert rows(napoleons.firers[0].terms) == _battery_terms(
        "N/4 at 17 hexes (17-24 hexes)", F(1, 4), "Range artillery N 17-24", F(1))
    rifles = one(FirerInput(bty("R", "1 R 3"), 17, GUNS_FL, clear_line_of_fire=True))
    assert rows(rifles.firers[0].terms) == [
        ("4 guns", "=", F(4), STEP1, F(4)),
        ("fire power 1 (1 R 3)", "×", F(1), STEP1, F(4)),
        ("N/3 at 17 hexes (17-24 hexes)", "×", F(1, 3), "Range artillery R 17-24", F(4, 3)),
        ("shell and case at 17 hexes, no friend on the line", "×", F(2), "Range N4b", F(8, 3)),
    ]


# --- steps 7 and 8, and mixed fire -----------------------------------------------------------
def test_small_arms_under_half_have_no_effect() -> None:
    result = one(FirerInput(inf("A", 1), 5, CLEAR_FL))
    assert rows(result.terms) == [
        ("fire points of A", "=", F(1, 16), "6.0", F(1, 16)),
        ("under ½ FP: no effect", "note", F(0), "6.0 step 7", F(1, 16)),
    ]
    assert result.no_effect


def test_sharpshooters_may_fire_at_an_officer_under_half() -> None:
    result = one(FirerInput(inf("S", 1, SmallArms.S), 7, CLEAR_FL),
                 situation=Situation(at_officer=True))
    assert rows(result.terms) == [
        ("fire points of S", "=", F(1, 24), "6.0", F(1, 24)),
        ("under ½ FP: sharpshooters at an officer, only an unmodified 66", "note", F(0),
         "6.0 step 7", F(1, 24)),
    ]
    assert result.column is not None and result.column.sharpshooter_at_officer


def test_artillery_under_two_fp_fires_on_the_first_column_with_a_penalty() -> None:
    firer = FirerInput(bty("G", "½ G 1", guns=1), 10, GUNS_FL)
    result = one(firer)
    assert rows(result.firers[0].terms) == [
        ("1 gun", "=", F(1), STEP1, F(1)),
        ("fire power ½ (½ G 1)", "×", F(1, 2), STEP1, F(1, 2)),
        ("N/2 at 10 hexes (9-16 hexes)", "×", F(1, 2), "Range artillery G 9-16", F(1, 4)),
    ]
    assert rows(result.terms) == [
        ("fire points of G", "=", F(1, 4), "6.0", F(1, 4)),
        ("under 2 artillery FP: first column, dice-roll penalty", "note", F(0), "6.0 step 8",
         F(1, 4)),
    ]
    assert result.column is not None and result.column.heading == "2"
    assert drms(dice_modifiers([firer], target(), points=result)) == [
        ("¼ artillery FP: -1 per ½ FP under 2", -3, "6.57"),
    ]


def test_guns_and_small_arms_together_read_the_small_arms_row() -> None:
    result = fire_points([FirerInput(inf("A", 4), 1, CLEAR_FL), FirerInput(bty("B"), 1, GUNS_FL)],
                         target())
    assert rows(result.firers[1].terms) == [
        *_battery_terms("N at 1 hex (1-8 hexes)", F(1), "Range artillery N 1-8", F(4)),
        ("artillery FP on the small-arms row (4 = 1)", "×", F(1, 4), "FCRT artillery row", F(1)),
    ]
    assert rows(result.terms) == [("fire points of A, B", "=", F(5), "1.23", F(5))]
    assert not result.artillery and not result.artillery_only
    assert result.column is not None and result.column.heading == "4½"
    canister = fire_points([FirerInput(bty("B"), 1, GUNS_FL, canister=True)], target())
    assert not canister.artillery and canister.artillery_only
    assert canister.column is not None and canister.column.heading == "3"


def test_rapid_fire_is_an_option_that_stays_off() -> None:
    with pytest.raises(NotImplementedError, match=r"6\.47"):
        one(FirerInput(inf("A"), 1, CLEAR_FL), situation=Situation(rapid_fire=True))


# --- dice-roll modifiers ---------------------------------------------------------------------
def test_target_density() -> None:
    firer = [FirerInput(inf("A", 3), 1, CLEAR_FL)]
    assert drms(dice_modifiers(firer, target(inf("T", 4, side=Side.CONFEDERATE, at=THERE)))) == [
        ("target density 4 SPs", -4, "FCRT DRM target density")]
    assert drms(dice_modifiers(firer, target(inf("T", 9, side=Side.CONFEDERATE, at=THERE)))) == [
        ("target density 9 SPs", 3, "FCRT DRM target density")]
    assert drms(dice_modifiers(firer, target(inf("T", 6, side=Side.CONFEDERATE, at=THERE)))) == []
    guns = bty("E", guns=4, side=Side.CONFEDERATE, at=THERE)
    assert drms(dice_modifiers(firer, target(guns))) == [
        ("target density 8 SPs (artillery personnel count double)", 2,
         "FCRT DRM target density")]
    assert drms(dice_modifiers(firer, target(guns, at_guns=True))) == [
        ("target density 4 gun SPs", -4, "FCRT DRM target density")]


def test_all_the_situation_modifiers() -> None:
    firers = [FirerInput(inf("A", 3, status=(Status.HALF_MOVED,)), 1, CLEAR_FL, exhaustion=4),
              FirerInput(inf("B", 3), 1, CLEAR_FL, exhaustion=9)]
    cavalry = inf("T", 4, SmallArms.C, Formation.MOUNTED, side=Side.CONFEDERATE, at=THERE,
                  kind=UnitKind.CAVALRY)
    tgt = target(cavalry, terrain=Terrain.ORCHARD)
    situation = Situation(target_movement=TargetMovement.REGULAR_CHARGE, sun=Sun.DUSK,
                          facing_nw_or_w=True, officer_bonus=2)
    assert drms(dice_modifiers(firers, tgt, situation)) == [
        ("orchard, standing", -1, "TEC orchard"),
        ("target density 4 SPs", -4, "FCRT DRM target density"),
        ("target mounted cavalry or limbered artillery", 2, "FCRT DRM target type"),
        ("A moved (HM)", -7, "FCRT DRM firer moved"),
        ("exhaustion level 9 (worst among the firers)", -9, "FCRT DRM exhaustion"),
        ("target regular charge", 4, "FCRT DRM target movement"),
        ("officer bonus", 2, "FCRT DRM officer bonus"),
        ("dusk, firing towards NW or W", -9, "FCRT DRM sun"),
    ]


def test_charge_and_half_move_officer_target_and_dawn() -> None:
    firers = [FirerInput(inf("A", 6, status=(Status.CHARGE, Status.HALF_MOVED)), 1, CLEAR_FL,
                         exhaustion=12)]
    situation = Situation(at_officer=True, sun=Sun.DAWN)
    assert drms(dice_modifiers(firers, target(), situation)) == [
        ("A charging and half moved (Ch and HM)", -9, "FCRT DRM firer moved"),
        ("exhaustion level 12 (worst among the firers)", -12, "FCRT DRM exhaustion"),
        ("target is an officer", -12, "6.75"),
        ("dawn", -3, "FCRT DRM sun"),
    ]
    sharp = [FirerInput(inf("S", 6, SmallArms.S), 1, CLEAR_FL)]
    assert drms(dice_modifiers(sharp, target(), Situation(at_officer=True, sun=Sun.DUSK))) == [
        ("target is an officer, sharpshooters firing", -6, "6.75"),
        ("dusk", -6, "FCRT DRM sun"),
    ]


def test_target_types_under_cover_and_horse_holders() -> None:
    firer = [FirerInput(inf("A", 3), 1, CLEAR_FL)]
    dismounted = inf("D", 6, SmallArms.C, Formation.DISMOUNTED, (Status.COVER,),
                     side=Side.CONFEDERATE, at=THERE, kind=UnitKind.CAVALRY)
    assert drms(dice_modifiers(firer, target(dismounted))) == [
        ("clear, covered", -3, "TEC clear"),
        ("target dismounted cavalry or artillery under cover", -1, "FCRT DRM target type"),
    ]
    sharp = inf("S", 6, SmallArms.S, status=(Status.COVER,), side=Side.UNION, at=THERE)
    assert drms(dice_modifiers(firer, target(sharp)))[1] == (
        "target U.S. sharpshooters under cover", -2, "FCRT DRM target type")
    holders = inf("H", 6, SmallArms.C, Formation.DISMOUNTED, side=Side.CONFEDERATE, at=THERE,
                  kind=UnitKind.CAVALRY)
    assert drms(dice_modifiers(firer, target(holders, horse_holders=frozenset({"H"})))) == [
        ("target mounted cavalry or limbered artillery (horse holders count as mounted, 5.28)",
         2, "FCRT DRM target type")]


def test_terrain_modifiers_add_up_and_hexsides_need_a_parallel_line() -> None:
    covered = inf("T", 6, status=(Status.COVER,), side=Side.CONFEDERATE, at=THERE)
    firer = [FirerInput(inf("A", 3), 1, CLEAR_FL)]
    tgt = target(covered, features=HexFeature.BUILDINGS, hexsides=HexsideFeature.STONE_WALL,
                 parallel_to_hexside=True, slopes=(Slope.STEEP_UP,))
    assert drms(dice_modifiers(firer, tgt)) == [
        ("clear, covered", -3, "TEC clear"),
        ("buildings, covered", -3, "TEC buildings"),
        ("stone wall, covered", -5, "TEC stone wall"),
        ("steep up, covered", -1, "TEC steep up"),
    ]
    across = target(covered, hexsides=HexsideFeature.STONE_WALL)
    assert drms(dice_modifiers(firer, across)) == [("clear, covered", -3, "TEC clear")]
    embankment = target(inf("T", 6, side=Side.CONFEDERATE, at=THERE),
                        hexsides=HexsideFeature.HIGH_EMBANKMENT, parallel_to_hexside=True)
    assert drms(dice_modifiers(firer, embankment)) == []   # N16: its +2 is for charges only


def test_the_column_bonus_above_thirty() -> None:
    firers = [FirerInput(inf(f"U{i}", 9, at=Hex(i, 0)), 1, CLEAR_FL) for i in range(4)]
    result = fire_points(firers, target())
    assert result.total == 36
    assert drms(dice_modifiers(firers, target(), points=result)) == [
        ("36 FP: +1 per 3 FP above 30", 2, "FCRT DRM above the highest column")]
    assert result.lines()[-1] == "1.23 fire points of U0, U1, U2, U3 =36 → 36"
