"""Charge resolution (8.41, 8.42, 7.33, 8.52-8.56) with forced dice, every figure by hand.

Units have ML 35 unless a test says otherwise. Along the d66 sequence 35 is index 16; rolls above
35 are 36, 41 ... 66: 19 of the 36 throws.
"""

from dataclasses import replace
from fractions import Fraction

import pytest

from gameapp.core.breakdown import Term
from gameapp.core.dice import Dice
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.charge import (
    Automatic,
    ChargeOutcome,
    Situation,
    attacker_strength,
    defender_strength,
    odds_probabilities,
    resolve_charge,
)
from gameapp.core.rules.charge.casualties import pursuit_casualties, rout_casualties
from gameapp.core.rules.morale import Outcome
from gameapp.core.units import Formation, Unit
from tests.core.positions import S, artillery, blank_map, cavalry, infantry, leader, place


def inf(m: HexMap, uid: str, hex_id: str, strength: int, morale: int = 35, **kw: object) -> Unit:
    unit = place(replace(infantry(uid, strength=strength), morale=morale), m, hex_id,
                 facing=S if hex_id != "0606" else 2)
    return replace(unit, **kw)  # type: ignore[arg-type]


def test_one_roll_for_the_defending_stack_then_one_for_the_attackers() -> None:
    m = blank_map()
    d1, d2 = inf(m, "d1", "0606", 4), inf(m, "d2", "0606", 4, morale=45)
    a = inf(m, "a", "0605", 8)
    dice = Dice.forcing([41, 36])
    result = resolve_charge([a], [d1, d2], 8, 8, dice)  # 8 to 8: 1-1, NE
    # 8.41: one roll, 41, for both: d1 41 > 35 routs, d2 41 <= 45 holds
    assert [(c.unit_id, c.roll, c.outcome) for c in result.defender_checks] == [
        ("d1", 41, Outcome.ROUT_MOVEMENT), ("d2", 41, Outcome.NO_EFFECT)]
    # 8.42: d2 stood, so the attackers check with one roll, 36 > 35: a routs
    assert [(c.unit_id, c.roll, c.outcome) for c in result.attacker_checks] == [
        ("a", 36, Outcome.ROUT_MOVEMENT)]
    assert [r.purpose for r in dice.history] == [
        "8.41 charge: defender's morale, one roll for the stack",
        "8.42 charge: attacker's morale, one roll for the charging units"]
    assert result.rolls == (("8.41 defender", 41), ("8.42 attacker", 36))
    assert result.outcome is ChargeOutcome.ATTACKER_ROUTS and result.advance is None
    assert [(r.unit_id, r.attacker) for r in result.routs] == [("d1", False), ("a", True)]
    # 8.52: d1 loses 8 attacking SPs / 8 = 1; a loses the defenders' 4 + 4 = 8 / 8 = 1
    assert [(c.unit_id, c.sps) for c in result.casualties] == [("d1", 1), ("a", 1)]


def test_when_every_defender_routs_the_attackers_do_not_check_and_must_advance() -> None:
    m = blank_map()
    d = inf(m, "d", "0606", 5)
    a = inf(m, "a", "0707", 6)  # on the flank: 6 x 2 = 12 to 5, 2-1: defender subtracts 6
    strengths = (attacker_strength([a], [d], m), defender_strength([d], [a], m))
    assert (strengths[0].total, strengths[1].total) == (12, 5)
    dice = Dice.forcing([26])
    result = resolve_charge([a], [d], *strengths, dice)
    check = result.defender_checks[0]
    assert check.level_terms.terms[1] == Term("2-1: defender subtracts 6", -6, "8.0 odds")
    assert str(check.morale_level) == "25"  # 35 six places back
    assert check.routs and result.attacker_checks == () and len(dice.history) == 1
    assert result.outcome is ChargeOutcome.DEFENDER_ROUTS
    assert result.advance is not None
    assert (result.advance.unit_ids, result.advance.to_hex, result.advance.mp_cost,
            result.advance.leader_present) == (("a",), m.parse("0606"), 0, False)
    # 8.52: 6 SPs of personnel charged: 6 / 8 = ¾, above ½: 1
    assert [str(c) for c in result.casualties] == [
        "8.52 d loses 1 SP: 6 enemy SPs of personnel in the charge / 8 = ¾ → 1"]
    assert result.lines()[-2:] == [
        "8.54 a advance into the charged hex at 0 MPs; may not (no leader) change formation, "
        "facing or cover",
        "result: every defender routs: the attackers win and advance"]
    # roll 25 is not above 25: the defender holds, and the attacker (no odds points) rolls 35
    held = resolve_charge([a], [d], 12, 5, Dice.forcing([25, 35]))
    assert held.outcome is ChargeOutcome.HELD and held.routs == () and held.casualties == ()


def test_the_attacker_subtracts_its_points_at_low_odds() -> None:
    m = blank_map()
    d, a = inf(m, "d", "0606", 5), inf(m, "a", "0605", 2)
    # 2 to 5 = 0.4: column 1-3, 14A. The defender checks at 35: 24 holds.
    # The attacker's level: 35 fourteen places back = 13 (35 -> 25 -> 15 -> 13).
    result = resolve_charge([a], [d], 2, 5, Dice.forcing([24, 14]))
    check = result.attacker_checks[0]
    assert str(check.morale_level) == "13" and check.routs
    assert check.lines() == [
        "7.33 charge morale check of a (attacker)",
        "  7.0 printed morale level 35",
        "  8.0 odds 1-3: attacker subtracts 14 -14",
        "morale level 13",
        "roll 14 > 13: rout and rout movement",
    ]
    assert result.outcome is ChargeOutcome.ATTACKER_ROUTS
    # the attacker loses 1 per 8 of the defenders' 5 SPs: 5/8, above ½: 1
    assert [(c.unit_id, c.sps) for c in result.casualties] == [("a", 1)]
    assert resolve_charge([a], [d], 2, 5, Dice.forcing([24, 13])).outcome is ChargeOutcome.HELD


def test_ar_routs_the_attacker_without_a_roll() -> None:
    m = blank_map()
    d, a = inf(m, "d", "0606", 5), inf(m, "a", "0605", 1)
    dice = Dice.forcing([])
    result = resolve_charge([a], [d], 1, 5, dice)  # 1 to 5 = 0.2: below 1-3
    assert dice.history == [] and result.automatic is Automatic.ATTACKER_ROUTS
    assert [(r.unit_id, r.attacker, r.rule) for r in result.routs] == [("a", True, "8.0 odds")]
    assert result.outcome is ChargeOutcome.ATTACKER_ROUTS
    assert [(c.unit_id, c.sps) for c in result.casualties] == [("a", 1)]  # 5/8 -> 1
    assert "8.0 odds a routs and makes rout movement" in result.lines()


def test_officers_exhaustion_and_losses_move_the_level() -> None:
    m = blank_map()
    d = inf(m, "d", "0606", 8)
    general = place(leader("L"), m, "0606")  # morale bonus 1
    a = inf(m, "a", "0605", 6)
    # 6 to 8: 0.75, column 1-1.5 (4A). d's level 35 + 1 = 36: roll 36 holds.
    result = resolve_charge([a], [general, d], 6, 8, Dice.forcing([36, 11]))
    assert str(result.defender_checks[0].morale_level) == "36"
    assert not result.defender_checks[0].routs
    # exhaustion 5 (-6) and a quarter lost (Union, -6): 35 -> 25 -> 15; 2-1 takes 6 more: 15 -> 5
    # is below 11, so even 11 routs
    tired = replace(d, losses=2)  # 2 of 8 lost: a quarter
    situation = Situation(exhaustion={"d": 5})
    result = resolve_charge([a], [tired], 12, 6, Dice.forcing([11]), situation)
    assert [t.value for t in result.defender_checks[0].level_terms] == [35, -6, -6, -6]
    assert result.defender_checks[0].routs


def test_a_66_incapacitates_a_leader_with_the_checking_units() -> None:
    m = blank_map()
    d = inf(m, "d", "0606", 5)
    general = place(leader("L"), m, "0606")
    a = inf(m, "a", "0605", 5)
    result = resolve_charge([a], [d, general], 5, 5, Dice.forcing([66]))
    assert [(x.unit_id, x.roll, x.rule) for x in result.leaders_lost] == [("L", 66, "7.33")]
    assert "7.33 roll 66: leader L incapacitated" in result.lines()
    # an attacking leader goes on the attackers' 66; leaders advance with the victors
    colonel = place(leader("C"), m, "0605")
    result = resolve_charge([a, colonel], [d], 5, 5, Dice.forcing([11, 66]))
    assert [x.unit_id for x in result.leaders_lost] == ["C"]
    won = resolve_charge([a, colonel], [d], 5, 5, Dice.forcing([41]))
    assert won.advance is not None
    assert won.advance.unit_ids == ("a", "C") and won.advance.leader_present


def test_artillery_personnel_leave_their_guns() -> None:
    m = blank_map()
    battery = place(replace(artillery("b", strength=4), morale=41), m, "0606")
    a = inf(m, "a", "0605", 8)
    result = resolve_charge([a], [battery], 8, 4, Dice.forcing([41]))  # 2-1: 41 -> 31
    assert result.routs[0].guns_abandoned
    assert result.defender_checks[0].lines()[-1] == (
        "roll 41 > 31: rout and rout movement; the personnel leave their guns")


# --- casualties ----------------------------------------------------------------------------
@pytest.mark.parametrize(("enemy", "lost"), [(3, 0), (4, 0), (5, 1), (12, 1), (13, 2), (20, 2),
                                             (21, 3)])
def test_852_one_sp_per_eight_fractions_above_half_up(enemy: int, lost: int) -> None:
    m = blank_map()
    assert rout_casualties(inf(m, "d", "0606", 5), enemy).sps == lost


def test_852_never_takes_more_than_the_unit_has() -> None:
    m = blank_map()
    casualty = rout_casualties(inf(m, "d", "0606", 1), 24)  # 24 / 8 = 3, but only 1 SP left
    assert casualty.sps == 1
    assert str(casualty) == ("8.52 d loses 1 SP: 24 enemy SPs of personnel in the charge / 8 = "
                             "3 → 3, all its 1 SPs")


def test_852_counts_every_unit_present_in_the_charging_hexes_unmodified() -> None:
    m = blank_map()
    d = inf(m, "d", "0606", 5)
    a = inf(m, "a", "0605", 5, formation=Formation.COLUMN)
    reserve = inf(m, "r", "0605", 7)  # in the hex, not charging
    # 5 + 7 = 12 SPs present, unmodified (the column's x1½ does not count): 1½ -> 1
    situation = Situation(present=(a, reserve))
    result = resolve_charge([a], [d], Fraction(15, 2), 5, Dice.forcing([41]), situation)
    assert [(c.unit_id, c.sps) for c in result.casualties] == [("d", 1)]


def test_853_cavalry_following_routing_skirmishers() -> None:
    m = blank_map()
    s = inf(m, "s", "0606", 3, formation=Formation.SKIRMISH)
    c = place(cavalry("c", strength=12), m, "0605", facing=S)
    # 12 to 3: 4-1, 18D: 35 -> 15 (three tens back); roll 16 routs
    following = Situation(pursuing_cavalry=frozenset({"c"}))
    result = resolve_charge([c], [s], 12, 3, Dice.forcing([16]), following)
    # 8.52: 12 / 8 = 1½ -> 1; 8.53: 12 / 6 = 2, but only 2 SPs are left after 8.52
    assert [(x.unit_id, x.sps, x.rule) for x in result.casualties] == [
        ("s", 1, "8.52"), ("s", 2, "8.53")]
    unpursued = resolve_charge([c], [s], 12, 3, Dice.forcing([16]))
    assert [x.rule for x in unpursued.casualties] == ["8.52"]
    big = inf(m, "s", "0606", 9, formation=Formation.SKIRMISH)
    assert pursuit_casualties(big, 9).sps == 1  # 9 / 6 = 1½: exactly ½ goes down
    assert pursuit_casualties(big, 10).sps == 2  # 10 / 6 = 1⅔ -> 2


# --- horse holders (8.56) ----------------------------------------------------------------
def test_horse_holders_lose_automatically_above_three_to_two() -> None:
    m = blank_map()
    h = place(cavalry("h", strength=2), m, "0606")
    a = inf(m, "a", "0605", 4)
    holders = Situation(horse_holders=frozenset({"h"}))
    dice = Dice.forcing([])
    result = resolve_charge([a], [h], 4, 2, dice, holders)  # 2-1: above 1.5-1
    assert dice.history == [] and result.automatic is Automatic.HORSE_HOLDERS
    assert [(r.unit_id, r.rule) for r in result.routs] == [("h", "8.56")]
    assert result.outcome is ChargeOutcome.DEFENDER_ROUTS and result.advance is not None
    # 7 to 4 = 1.75 is still the 1.5-1 column: resolved normally, at the holders' ML 25,
    # three places back for 3D: 22. 23 routs, 22 holds.
    normal = resolve_charge([a], [h], 7, 4, Dice.forcing([23]), holders)
    assert normal.automatic is None
    assert str(normal.defender_checks[0].morale_level) == "22" and normal.routs
    assert normal.defender_checks[0].lines()[1] == "  5.27 horse holders' morale level 25"
    held = resolve_charge([a], [h], 7, 4, Dice.forcing([22, 11]), holders)
    assert held.outcome is ChargeOutcome.HELD


# --- chances ------------------------------------------------------------------------------
def test_the_exact_chances_before_the_roll() -> None:
    m = blank_map()
    d, a = inf(m, "d", "0606", 5), inf(m, "a", "0605", 6)
    chances = odds_probabilities([a], [d], 6, 5)  # 1-1: nobody's level changes
    # the defender routs on 19 of 36; else (17 of 36) the attacker routs on 19 of 36
    assert chances.outcomes == {ChargeOutcome.DEFENDER_ROUTS: Fraction(19, 36),
                                ChargeOutcome.ATTACKER_ROUTS: Fraction(323, 1296),
                                ChargeOutcome.HELD: Fraction(289, 1296)}
    assert chances.defender_routs == {"d": Fraction(19, 36)}
    assert chances.attacker_routs == {"a": Fraction(323, 1296)}
    assert chances.lines()[0] == "52.8% every defender routs: the attackers win and advance"
    # a leader with the defender: level 36, routs on 18 of 36; he falls on the 66 alone
    general = place(leader("L"), m, "0606")
    led = odds_probabilities([a], [d, general], 6, 5)
    assert led.outcomes[ChargeOutcome.DEFENDER_ROUTS] == Fraction(1, 2)
    assert led.outcomes[ChargeOutcome.ATTACKER_ROUTS] == Fraction(19, 72)
    assert led.defender_leader_lost == Fraction(1, 36) and led.attacker_leader_lost == 0


def test_chances_of_automatic_results() -> None:
    m = blank_map()
    d, a = inf(m, "d", "0606", 5), inf(m, "a", "0605", 1)
    ar = odds_probabilities([a], [d], 1, 5)
    assert ar.outcomes[ChargeOutcome.ATTACKER_ROUTS] == 1 and ar.attacker_routs == {"a": 1}


def test_the_chances_agree_with_every_forced_throw() -> None:
    m = blank_map()
    d1, d2 = inf(m, "d1", "0606", 3), inf(m, "d2", "0606", 3, morale=52)
    a = inf(m, "a", "0605", 7, morale=44)
    chances = odds_probabilities([a], [d1, d2], 7, 6)
    throws = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    counted = dict.fromkeys(ChargeOutcome, Fraction(0))
    for first in throws:
        for second in throws:
            result = resolve_charge([a], [d1, d2], 7, 6, Dice.forcing([first, second]))
            counted[result.outcome] += Fraction(1, 1296)
    assert counted == chances.outcomes


def test_defenders_must_share_one_hex() -> None:
    m = blank_map()
    with pytest.raises(ValueError):
        resolve_charge([inf(m, "a", "0605", 5)], [inf(m, "d", "0606", 5),
                                                  inf(m, "e", "0607", 5)], 5, 10, Dice())


def test_a_hex_held_only_by_a_leader_falls_without_a_roll() -> None:
    m = blank_map()
    general = place(leader("L"), m, "0606")
    a = inf(m, "a", "0605", 3)
    dice = Dice.forcing([])
    result = resolve_charge([a], [general], 3, 0, dice)  # no defending SPs: the 7-1 column
    assert dice.history == [] and result.automatic is Automatic.NO_DEFENDERS
    assert result.odds.column.label == "7-1" and result.defender_checks == ()
    assert result.outcome is ChargeOutcome.DEFENDER_ROUTS and result.advance is not None


def test_other_morale_terms_are_passed_through() -> None:
    m = blank_map()
    d, a = inf(m, "d", "0606", 5), inf(m, "a", "0605", 5)
    flank = Term("open flank", -1, "7.27")
    situation = Situation(level_terms={"d": (flank,)})
    # 5 to 5, NE: 35 one place back is 34; roll 35 routs
    result = resolve_charge([a], [d], 5, 5, Dice.forcing([35]), situation)
    assert str(result.defender_checks[0].morale_level) == "34" and result.routs
