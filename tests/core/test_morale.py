"""Morale checks: every row of the table (7.31-7.38, 3.312) and every modifier family, worked
along the d66 sequence by hand."""

from dataclasses import replace

import pytest

from gameapp.core.breakdown import Term
from gameapp.core.rules.charge import charge_morale_check, charge_odds
from gameapp.core.rules.morale import (
    CheckKind,
    Outcome,
    apply_outcome,
    exhaustion_term,
    fire_morale_check,
    level_modifiers,
    morale_check,
)
from gameapp.core.rules.morale_terms import cavalry_rally_term, open_flank_terms, protection_terms
from gameapp.core.state import GameState
from gameapp.core.terrain import Terrain
from gameapp.core.units import Formation, Side, Status, Unit, UnitDef, UnitKind
from tests.core.positions import N, S, blank_map, cavalry, infantry, place

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
        "  7.0 printed morale level +35",
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


# --- every other row of the table (7.33-7.38, and 3.312 read with 7.37's bands) -------------
@pytest.mark.parametrize(
    ("kind", "roll", "outcome"),
    [
        (CheckKind.CHARGE, 35, Outcome.NO_EFFECT),  # 7.33: # <= ML
        (CheckKind.CHARGE, 36, Outcome.ROUT_MOVEMENT),  # # > ML: rout and rout movement
        (CheckKind.ROUTED_HIT, 35, Outcome.NO_EFFECT),  # 7.34
        (CheckKind.ROUTED_HIT, 36, Outcome.ROUT_MOVEMENT),
        (CheckKind.RALLY, 35, Outcome.RALLY),  # 7.35: rally, shaken and rout removed
        (CheckKind.RALLY, 36, Outcome.ROUT_MOVEMENT),
        (CheckKind.PROLONG, 35, Outcome.RETIRE),  # 7.36: retire
        (CheckKind.PROLONG, 36, Outcome.ROUT_MOVEMENT),  # rout and rout movement (bring guns)
    ],
)
def test_pass_or_fail_rows(kind: CheckKind, roll: int, outcome: Outcome) -> None:
    assert morale_check(unit(35), kind, roll, [], []).outcome is outcome


@pytest.mark.parametrize("kind", [CheckKind.ADJACENT_ROUT, CheckKind.LEADER_LOST,
                                  CheckKind.FRONT_CHANGE])
@pytest.mark.parametrize(
    ("morale", "status", "roll", "outcome"),
    [
        (41, None, 36, Outcome.NO_EFFECT),  # # < ML: no cover band in these rows
        (41, None, 41, Outcome.SHAKEN),  # ML <= # < ML + 12 = 61
        (41, None, 56, Outcome.SHAKEN),
        (41, None, 61, Outcome.ROUT),  # # >= ML + 12: rout, no rout movement
        (35, Status.SHAKEN, 34, Outcome.NO_EFFECT),
        (35, Status.SHAKEN, 35, Outcome.ROUT),  # shaken: # >= ML
        (35, Status.ROUTED, 34, Outcome.NO_EFFECT),
        (35, Status.ROUTED, 35, Outcome.ROUT_MOVEMENT),  # routed: # >= ML
    ],
)
def test_737_738_3312_rows(kind: CheckKind, morale: int, status: Status | None, roll: int,
                           outcome: Outcome) -> None:
    u = unit(morale, {status} if status else None)
    assert morale_check(u, kind, roll, [], []).outcome is outcome


def test_a_rally_removes_both_markers() -> None:
    assert apply_outcome(unit(35, {Status.ROUTED, Status.SHAKEN}), Outcome.RALLY).status == set()


# --- the modifier families -------------------------------------------------------------------
@pytest.mark.parametrize(("level", "value"), [(4, None), (5, -6), (8, -6), (9, -9), (11, -9),
                                              (12, -12), (20, -12)])
def test_exhaustion_rows(level: int, value: int | None) -> None:
    term = exhaustion_term(level)
    assert (term.value if term else None) == value


def test_725_cavalry_fired_on_without_losses_gains_six() -> None:
    m = blank_map()
    horse = place(cavalry("c"), m, "0606")
    assert [(t.label, t.value, t.rule) for t in level_modifiers(horse, cavalry_unhurt=True)] == [
        ("cavalry fired on without losses", 6, "7.25")]
    assert level_modifiers(unit(35), cavalry_unhurt=True) == []  # cavalry only


def test_725_cavalry_rallying_far_from_any_enemy_that_could_fire_at_it() -> None:
    m = blank_map(30, 12)
    horse = place(cavalry("c"), m, "0606")
    far = place(infantry("reb", Side.CONFEDERATE), m, "2206", S)  # 16 hexes away
    state = GameState(1, 0, Side.UNION, {u.id: u for u in (horse, far)})
    term = cavalry_rally_term(state, m, horse)
    assert term is not None and (term.value, term.rule) == (6, "7.25")
    near = place(infantry("reb", Side.CONFEDERATE), m, "0604", S)  # 2 hexes, facing it: fires
    state.units["reb"] = near
    assert cavalry_rally_term(state, m, horse) is None
    state.units["reb"] = replace(near, facing=N)  # 2 hexes but facing away: no field of fire
    assert cavalry_rally_term(state, m, horse) is not None


def test_727_open_flanks() -> None:
    m = blank_map()
    # facing N at 0606: the left flank is SW 0507, the right flank SE 0707
    a = place(infantry("a"), m, "0606", N)
    state = GameState(1, 0, Side.UNION, {"a": a})
    assert [(t.label, t.value) for t in open_flank_terms(state, m, a)] == [
        ("left flank 0507: no formed unit", -2), ("right flank 0707: no formed unit", -2)]
    same = place(infantry("b"), m, "0507", N)  # same brigade "1st": the flank is covered
    other = place(infantry("c", brigade="2nd"), m, "0707", N)  # another brigade: -1
    state.units.update({"b": same, "c": other})
    assert [(t.label, t.value) for t in open_flank_terms(state, m, a)] == [
        ("right flank 0707: formed unit of another brigade", -1)]
    state.units["b"] = replace(same, status=frozenset({Status.SHAKEN}))  # not formed: open
    assert [t.value for t in open_flank_terms(state, m, a)] == [-2, -1]
    detached = replace(a, defn=replace(a.defn, detachment=True))
    assert open_flank_terms(state, m, detached) == []  # not detachments
    assert open_flank_terms(state, m, replace(a, formation=Formation.COLUMN)) == []


def test_the_roll_loses_what_enemy_fire_would_subtract() -> None:
    m = blank_map()
    m.set_terrain(m.parse("0606"), Terrain.WOODS)
    a = place(infantry("a", strength=8), m, "0606", N)
    state = GameState(1, 0, Side.UNION, {"a": a})
    # woods, standing: -3 (TEC); 8 SPs is 2 over the density standard of 6, which would add 2
    # to enemy fire: only what would be subtracted counts
    assert [(t.label, t.value, t.rule) for t in protection_terms(state, m, a)] == [
        ("enemy fire would subtract: woods, standing", -3, "TEC woods")]
    clear = place(infantry("a", strength=8), blank_map(), "0606", N)
    assert protection_terms(GameState(1, 0, Side.UNION, {"a": clear}), blank_map(), clear) == []
    small = place(infantry("a", strength=5), blank_map(), "0606", N)  # 1 under 6: -2
    assert [t.value for t in protection_terms(
        GameState(1, 0, Side.UNION, {"a": small}), blank_map(), small)] == [-2]


def test_charge_odds_change_the_level() -> None:
    # 12 SPs against 5: 2.4 to 1, the 2-1 column, 6D: the defender's level loses 6
    term = charge_odds(12, 5).level_term(attacker=False)
    assert term is not None and term.value == -6
    assert charge_odds(12, 5).level_term(attacker=True) is None
    defender = unit(35)
    # ML 35 - 6 = 25 (34 33 32 31 26 25): 25 holds, 26 routs
    assert not charge_morale_check(defender, 25, [term], attacker=False).routs
    assert charge_morale_check(defender, 26, [term], attacker=False).routs
