"""Each strategic scenario's par (R&C strategic par, docs/strategic-scenarios.md "Par"): the
Union's margin at history's end, worked by hand from the places each side held on the
scenario's last date; the level thresholds a tenth and a quarter of the places' points; the
par's date is the scenario's last week."""

from __future__ import annotations

import datetime
import math
from pathlib import Path

import pytest

from bench.strategic_par import judged
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.rulesets.strategic.victory import par_terms, result
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import east_62_worked_example, state_of

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
# scenario: (the Union's place points, the Confederacy's, forts (+1 Union, -1 CS), par)
BY_HAND = {
    # Washington 10, Norfolk 3, Yorktown 2, New Bern 1 | Richmond 10, Manassas 2,
    # Gordonsville 2, Petersburg 2, Fredericksburg, Winchester, Staunton, Culpeper 1 each
    "east_1862": (16, 20, +1, -3),
    # everything but Chattanooga (2): Nashville 5, New Orleans 5, Memphis 4, Corinth 3,
    # Louisville 3, Cairo 3, Columbus 2, Huntsville, Bowling Green, Springfield 1 each
    "west_1862": (28, 2, +1, +27),
    # Washington 10, Harrisburg, Baltimore, Philadelphia 5 each, Harpers Ferry, Suffolk,
    # New Bern 1 each | Richmond 10, Fredericksburg 2, Petersburg 2, Winchester, Culpeper,
    # Gordonsville 1 each; Ewell took Milroy's forts at Winchester
    "east_1863": (28, 17, -1, +10),
    # all but Chattanooga 4 and Little Rock 2; Vicksburg's and Port Hudson's forts taken
    "west_1863": (33, 6, +1, +28),
    # Washington 10, Baltimore 3, Reams Station 2, Harpers Ferry 1; no fort changed hands
    "east_1864": (16, 27, 0, -11),
    # Atlanta 10, Chattanooga 5, Nashville 4, Vicksburg 3, Dalton, Rome, Memphis, Little Rock
    # 2 each, Allatoona 1 | Mobile 4, Shreveport 3, Selma, Montgomery, Macon 2, Meridian 1
    "west_1864": (31, 14, +1, +18),
}


@pytest.mark.parametrize("name", list(BY_HAND))
def test_each_scenarios_par_is_historys_margin_worked_by_hand(name: str) -> None:
    scenario = load_strategic(SCENARIOS / f"{name}.yaml")
    terms = scenario.victory
    assert terms is not None and terms.par is not None
    union, confed, forts, par = BY_HAND[name]
    history = [t.value for t in par_terms(terms, terms.par)]
    assert history[:2] == [union, -confed]
    assert sum(history[2:]) == forts
    assert union - confed + forts == par == par_terms(terms, terms.par).total
    at_stake = sum(p.points for p in terms.places)
    assert at_stake == union + confed
    assert (terms.par.substantive, terms.par.decisive) == (math.ceil(at_stake / 10),
                                                          math.ceil(at_stake / 4))
    last_week = scenario.clock.date_of(scenario.clock.last_turn)
    ends = datetime.date.fromisoformat(terms.par.date)
    assert 0 <= (ends - last_week).days < 7, "the par is read in the scenario's last week"


def test_a_saved_game_is_judged_again_by_par_from_its_totals_and_holders() -> None:
    """bench/history.py --load --rescore: East '62 (par -3, balance -3.5: the line at -6.5), a
    game ending 20 to 20 is 6.5 above it, substantive for the Union (from 4); 12 to 24 is 5.5
    below it, substantive for the Confederacy; 14 to 21 (-7) half a point below it, a marginal
    Confederate victory (on a half-point line no whole-point game is drawn); with Richmond in
    Union hands it was sudden death."""
    path = SCENARIOS / "east_1862.yaml"
    assert judged(path, 20, 20, {}) == (Side.UNION, "substantive", 6.5)  # 0 + 3 + 3.5
    assert judged(path, 12, 24, {}) == (Side.CONFEDERATE, "substantive", -5.5)  # -12 + 6.5
    assert judged(path, 14, 21, {}) == (Side.CONFEDERATE, "marginal", -0.5)  # -7 + 6.5
    assert judged(path, 12, 24, {"Richmond, VA": Side.UNION}) == (Side.UNION, "decisive", None)


def test_the_rules_worked_example_east_62() -> None:
    """docs/strategic-rules.md, Victory, the example: Union 26 (places 18, the Yorktown works
    1, 14 Confederate SP 7) to 24 (places 18, 12 Union SP 6): +2, 8.5 above par -3 with its
    balance -3.5, substantive (decisive from 9); 18 Union SP lost instead: -1, 5.5 above,
    substantive; 30 Union SP lost (15 points): 26 - 33 = -7, half a point below the balanced
    par (-6.5): a marginal Confederate victory."""
    game = east_62_worked_example()
    state = state_of(game)
    scored = result(game.scenario, state)
    assert (scored.points[Side.UNION].total, scored.points[Side.CONFEDERATE].total) == (26, 24)
    assert (scored.winner, scored.level, scored.level_terms.total) == (
        Side.UNION, "substantive", 8.5)
    assert [(t.value, t.rule) for t in scored.level_terms][-2:] == [
        (3.5, "R&C strategic balance"), (0, "R&C strategic par")]
    state.lost[Side.UNION] = 18
    substantive = result(game.scenario, state)
    assert (substantive.winner, substantive.level, substantive.level_terms.total) == (
        Side.UNION, "substantive", 5.5)
    state.lost[Side.UNION] = 30  # 15 points: 26 - 33 = -7, par -3 and balance -3.5
    marginal = result(game.scenario, state)
    assert (marginal.winner, marginal.level, marginal.level_terms.total) == (
        Side.CONFEDERATE, "marginal", -0.5)
