"""What firing spends for good (gameapp/ai/fatigue.py): the brigade's exhaustion and the
battery's ammunition, priced in VP and charged to every shot normal considers (hard and easy
do not).

The hand-worked figures use the test infantry (morale 35, 5 SPs): 35 is the 17th d66 value, so
an unmodified check passes on 17 of 36 rolls; 6 lower along the sequence is 25 (11 of 36); 9
lower is 22 (8 of 36). A check's cost is fail x 0.3 + fail^2 x (0.8 x SPs + 0.5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameapp.ai.estimates import check_cost, passes
from gameapp.ai.fatigue import (
    CHECKS_AHEAD,
    ammunition_scarcity,
    firing_cost,
    level_price,
)
from gameapp.ai.player import AIPlayer
from gameapp.ai.settings import Difficulty
from gameapp.core.actions import EndPhase, Fire, Pass
from gameapp.core.engine import Game
from gameapp.core.units import Side, Status
from tests.core.positions import N, artillery, blank_map, game_on, infantry, place

# morale 35 against 35 - 6 = 25: 0.3 x (25 - 19) / 36 + 4.5 x (25^2 - 19^2) / 36^2
HARM_TO_BAND_5 = 0.3 * 6 / 36 + 4.5 * (625 - 361) / 1296  # = 0.966667
# 25 against 22 (the 9-11 band, morale 9 lower): fails 28 of 36 instead of 25
HARM_TO_BAND_9 = 0.3 * 3 / 36 + 4.5 * (784 - 625) / 1296  # = 0.577083


def test_morale_moves_along_the_d66_sequence() -> None:
    assert passes(35) == 17 / 36
    assert passes(35, -6) == 11 / 36  # 35, 34, 33, 32, 31, 26, 25
    assert passes(35, -9) == 8 / 36
    assert passes(43, -6) == 15 / 36


def test_a_level_costs_its_share_of_the_next_band() -> None:
    m = blank_map()
    u = place(infantry("u"), m, "0606")
    assert abs(check_cost(u, -6) - check_cost(u) - HARM_TO_BAND_5) < 1e-12
    # level 4: the next level is the band itself
    assert abs(level_price([u], 4) - CHECKS_AHEAD * HARM_TO_BAND_5) < 1e-12
    # level 0: five levels to go before the band share its harm
    assert abs(level_price([u], 0) - CHECKS_AHEAD * HARM_TO_BAND_5 / 5) < 1e-12
    # level 5: four levels to the 9-11 band, 3 more steps of morale
    assert abs(level_price([u], 5) - CHECKS_AHEAD * HARM_TO_BAND_9 / 4) < 1e-12
    # past the last band nothing more is lost
    assert level_price([u], 12) == 0.0
    # the whole brigade pays: two units, twice the harm
    v = place(infantry("v"), m, "0706")
    assert abs(level_price([u, v], 4) - 2 * level_price([u], 4)) < 1e-12


def _fire_step(level: int) -> Game:
    """The Union's fire step of turn 1 of 10: lines u and v (one brigade, "1st") behind a
    Confederate line two hexes off, which faces away."""
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0607", N), place(infantry("v"), m, "0707", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0605", N)])
    game.state.exhaustion["union/1st"] = level
    game.apply(EndPhase())
    game.apply(Pass())  # the Confederates fire first (1.23) and have no target
    return game


def test_the_brigade_pays_once_a_turn_and_for_the_rest_it_gives_up() -> None:
    game = _fire_step(4)
    units = [game.state.units["u"], game.state.units["v"]]
    one_level = level_price(units, 4)
    # idle so far this turn: firing gives up the rest (-1) as well as adding a level
    assert abs(firing_cost(game, ["u"]).exhaustion - 2 * one_level) < 1e-12
    game.state.activity["union/1st"] = {"moved"}
    assert abs(firing_cost(game, ["u", "v"]).exhaustion - one_level) < 1e-12
    game.state.activity["union/1st"] = {"fired"}  # a unit of the brigade fired already
    assert firing_cost(game, ["v"]).exhaustion == 0.0
    # three turns left of ten: half the price (FULL_TURNS is 6)
    game.state.activity.clear()
    game.state.turn = 8
    assert abs(firing_cost(game, ["u"]).exhaustion - one_level) < 1e-12


@pytest.mark.parametrize(("status", "phases", "expected"), [
    (frozenset(), 20, 1 - 12 / 20),  # two levels of six shots for twenty fire phases
    (frozenset({Status.LOW_AMMUNITION}), 20, 1 - 6 / 20),
    (frozenset(), 10, 0.0),  # enough shots for every phase left: a shot costs nothing later
    (frozenset({Status.NO_AMMUNITION}), 4, 1.0),
])
def test_ammunition_is_scarce_when_the_shots_left_are_fewer_than_the_phases(
        status: frozenset[Status], phases: int, expected: float) -> None:
    m = blank_map()
    battery = replace(place(artillery("b"), m, "0606"), status=status)
    assert abs(ammunition_scarcity(battery, phases) - expected) < 1e-12


def test_a_fresh_brigade_takes_a_fair_shot_that_a_tired_one_passes() -> None:
    """The same shot (both lines into the Confederate rear, two hexes off): at exhaustion 0 its
    expected value is worth the exhaustion it costs; at 4, one level short of every unit checking
    morale 6 lower, it is not."""
    fresh = _fire_step(0)
    choice = AIPlayer(Side.UNION, 1).decide(fresh)
    assert isinstance(choice.action, Fire) and choice.action.target == fresh.map.parse("0605")
    price = level_price([fresh.state.units["u"], fresh.state.units["v"]], 0)
    assert f"less {price:.2f} for exhaustion" in choice.why
    tired = _fire_step(4)
    choice = AIPlayer(Side.UNION, 1).decide(tired)
    assert choice.action == Pass(), choice.why
    # easy and hard do not count what firing spends (docs/ai.md: measured worse for hard)
    tired = _fire_step(4)
    assert isinstance(AIPlayer(Side.UNION, 1, Difficulty.HARD).decide(tired).action, Fire)
    assert AIPlayer(Side.UNION, 1, Difficulty.EASY).weights.counts_fatigue is False
