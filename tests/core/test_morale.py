"""Morale checks caused by fire (7.31, 7.32): every band, worked along the d66 sequence by hand."""

from dataclasses import replace

import pytest

from gameapp.core.breakdown import Term
from gameapp.core.rules.morale import (
    CheckKind,
    Outcome,
    apply_outcome,
    fire_morale_check,
    level_modifiers,
)
from gameapp.core.units import Formation, Side, Status, Unit, UnitDef, UnitKind
from tests.core.positions import blank_map, cavalry, infantry, place

FCRT, CAV = CheckKind.FCRT, CheckKind.CAVALRY


def unit(morale: int, status: set[Status] | None = None, side: Side = Side.UNION,
         strength: int = 8, losses: int = 0) -> Unit:
    m = blank_map()
    u = place(replace(infantry("u", side, strength), morale=morale), m, "0606")
    return replace(u, status=frozenset(status or ()), losses=losses)


@pytest.mark.parametrize(
    ("morale", "roll", "outcome"),
    [
        (35, 24, Outcome.NO_EFFECT),  # below ML-6 = 25
        (35, 25, Outcome.NO_EFFECT),  # cover band, but printed ML 35 is not above 36 (note 6)
        (35, 34, Outcome.NO_EFFECT),
        (41, 26, Outcome.NO_EFFECT),  # ML 41: ML-6 is six places back, 31
        (41, 31, Outcome.COVER),
        (41, 36, Outcome.COVER),
        (41, 41, Outcome.SHAKEN),  # ML <= roll < ML+12 = 61
        (41, 56, Outcome.SHAKEN),
        (41, 61, Outcome.ROUT),  # roll >= ML+12: rout, no rout movement
        (35, 35, Outcome.SHAKEN),
        (35, 54, Outcome.SHAKEN),
        (35, 55, Outcome.ROUT),
        (35, 66, Outcome.ROUT),
    ],
)
def test_731_bands_for_a_formed_unit(morale: int, roll: int, outcome: Outcome) -> None:
    assert fire_morale_check(unit(morale), FCRT, roll, [], []).outcome is outcome


@pytest.mark.parametrize(
    ("status", "roll", "outcome"),
    [
        (Status.SHAKEN, 34, Outcome.NO_EFFECT),
        (Status.SHAKEN, 35, Outcome.ROUT),  # shaken and roll >= ML
        (Status.ROUTED, 34, Outcome.NO_EFFECT),
        (Status.ROUTED, 35, Outcome.ROUT_MOVEMENT),  # already routed: rout movement
        (Status.SHAKEN, 26, Outcome.NO_EFFECT),  # no cover once unformed
    ],
)
def test_731_for_shaken_and_routed_units(status: Status, roll: int, outcome: Outcome) -> None:
    u = unit(35, {status})
    assert fire_morale_check(u, FCRT, roll, [], []).outcome is outcome


def test_an_officer_raises_the_level_and_cover_subtracts_from_the_roll() -> None:
    u = unit(35)
    # roll 36 against ML 35 is shaken; an officer's +2 makes the level 41 (35, 36, 41), so 36
    # falls in the cover band 31..36, and with printed ML 35 that is no effect
    plain = fire_morale_check(u, FCRT, 36, [], [])
    led = fire_morale_check(u, FCRT, 36, [Term("officer's morale bonus", 2, "7.2 officers")], [])
    assert plain.outcome is Outcome.SHAKEN and led.outcome is Outcome.NO_EFFECT
    assert str(led.morale_level) == "41"
    # roll 56 routs at ML 35 (56 >= 55); woods under cover would subtract 7 from enemy fire,
    # so 7 comes off the roll: 56 -> 45, and the unit is only shaken
    woods = Term("enemy fire would subtract: woods, covered", -7, "7.2 fire modifiers")
    check = fire_morale_check(u, FCRT, 56, [], [woods])
    assert (str(check.modified_roll), check.outcome) == ("45", Outcome.SHAKEN)
    assert check.lines() == [
        "7.31 morale check of u",
        "roll 56",
        "  7.2 fire modifiers enemy fire would subtract: woods, covered -7",
        "modified roll 45",
        "  ML printed morale level +35",
        "morale level 35",
        "result: shaken",
    ]


def test_732_cover_only_for_dismounted_cavalry() -> None:
    m = blank_map()
    dismounted = place(replace(cavalry("c"), morale=41), m, "0606", formation=Formation.DISMOUNTED)
    mounted = place(replace(cavalry("c"), morale=41), m, "0606")
    assert fire_morale_check(dismounted, CAV, 33, [], []).outcome is Outcome.COVER
    assert fire_morale_check(mounted, CAV, 33, [], []).outcome is Outcome.NO_EFFECT


def test_cover_for_unlimbered_artillery_not_limbered() -> None:
    gun = UnitDef("g", Side.UNION, "g", UnitKind.ARTILLERY, 4, 42)
    m = blank_map()
    unlimbered = Unit(gun, m.parse("0606"), 2, Formation.UNLIMBERED)
    limbered = Unit(gun, m.parse("0606"), 2, Formation.LIMBERED)
    assert fire_morale_check(unlimbered, FCRT, 36, [], []).outcome is Outcome.COVER
    assert fire_morale_check(limbered, FCRT, 36, [], []).outcome is Outcome.NO_EFFECT


@pytest.mark.parametrize(
    ("side", "strength", "losses", "expected"),
    [
        (Side.UNION, 8, 1, []),
        (Side.UNION, 8, 2, [("Union unit lost a quarter", -6)]),
        (Side.CONFEDERATE, 9, 2, []),  # a quarter is not yet a Confederate third
        (Side.CONFEDERATE, 9, 3, [("Confederate unit lost a third", -6)]),
        (Side.CONFEDERATE, 8, 4, [("lost half its strength", -9)]),
        (Side.UNION, 8, 5, [("lost half its strength", -9)]),
    ],
)
def test_casualty_thresholds(side: Side, strength: int, losses: int,
                             expected: list[tuple[str, int]]) -> None:
    u = unit(35, side=side, strength=strength, losses=losses)
    assert [(t.label, t.value) for t in level_modifiers(u)] == expected


def test_outcomes_change_the_markers() -> None:
    u = unit(35, {Status.COVER})
    assert apply_outcome(u, Outcome.SHAKEN).status == {Status.COVER, Status.SHAKEN}
    assert apply_outcome(u, Outcome.ROUT).status == {Status.ROUTED}
    assert apply_outcome(unit(41), Outcome.COVER).status == {Status.COVER}
