"""Scenario special rules on the Hazel test map (26.4, 19.74, 22.22, 22.6), turned on through
the scenario's options."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import March
from gameapp.core.rulesets.strategic.pieces import Arm, Leader
from gameapp.core.rulesets.strategic.scenario_rules import (
    HQsDeployed,
    MilitiaDemobilised,
    month_rolls,
)
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import empty_board, unit
from tests.rulesets.strategic.positions import add, command, hazel_game, place, refused, state_of

U, C = Side.UNION, Side.CONFEDERATE


def with_options(game: Game, **options: object) -> Game:
    game.scenario = replace(game.scenario, options=options)
    return game


def test_a_confined_leader_stays_on_his_map_sheet_26_4() -> None:
    # the test map's hexes belong to no lettered sheet: a leader confined to map C cannot march
    game = with_options(hazel_game(), confined={"gen": "C"})
    command(game, "u3")  # the test general "gen" with Ricketts
    error = refused(game, March("gen", (game.map.parse("0202"),)))
    assert error.rule == "004 26.4" and "may not leave map C" in error.reason
    assert March("gen", (game.map.parse("0202"),)) not in list(game.legal_actions())
    game.apply(March("u3", (game.map.parse("0202"),)))  # his men are not confined


def test_the_capital_keeps_its_guard_while_the_enemy_leader_is_north_19_74() -> None:
    game = empty_board()
    with_options(game, capital_guard={"leader": "lee", "north_of_row": 5, "side": "union",
                                      "place": "Westport, MD", "sp": 10, "within": 2})
    add(game, Leader("lee", C, "Lee", 3, 5, 2, 3, game.map.parse("0704")))  # row 04: north
    unit(game, "a", U, "0102", 6)
    unit(game, "b", U, "0202", 6)
    command(game, "b")
    # 12 SP stand within 2 hexes of Westport; b's march away would leave 6, under 10
    error = refused(game, March("b", (game.map.parse("0302"), game.map.parse("0402"))))
    assert error.rule == "004 19.74" and "(6 would)" in error.reason
    place(game, "lee", "0706")  # Lee south of hexrow xx05: the restriction lapses
    game.apply(March("b", (game.map.parse("0302"), game.map.parse("0402"))))


def test_hq_deployment_roll_22_22() -> None:
    game = with_options(hazel_game(), hq_deployment={"union": [1]})
    state = state_of(game)
    state.turn = 4  # the end of the first month
    # the hazel counter mix allows the Union 2 HQs and both are in play: a 1 then a 3 deploys
    # none; with room for more it would deploy three
    game.dice.forced = [1, 3]
    event = next(e for e in month_rolls(game._context()) if isinstance(e, HQsDeployed))
    assert event.rolls == (1, 3) and event.deployed == () and event.rule == "004 22.22"
    assert event.chances[0] == Fraction(5, 6) and event.chances[3] == Fraction(1, 36)
    game.scenario = replace(game.scenario, counter_mix={})
    game.dice.forced = [1, 2]
    event = next(e for e in month_rolls(game._context()) if isinstance(e, HQsDeployed))
    assert event.deployed == ("union-corps-1", "union-corps-2")
    assert state.pieces["union-corps-1"].hex == state.pieces["army-va"].hex
    game.dice.forced = [4]  # a 2 to 6 deploys nothing
    event = next(e for e in month_rolls(game._context()) if isinstance(e, HQsDeployed))
    assert event.rolls == (4,) and event.deployed == ()


def test_militia_demobilisation_22_6() -> None:
    game = with_options(empty_board(), militia_demobilisation={"confederate": [2]})
    unit(game, "m1", C, "0805", 3, Arm.MILITIA)
    unit(game, "m2", C, "0806", 2, Arm.MILITIA)
    state = state_of(game)
    state.turn = 8  # the end of the second month
    game.dice.forced = [2]
    event = next(e for e in month_rolls(game._context()) if isinstance(e, MilitiaDemobilised))
    # half of 5 militia SP, the fraction a whole point: 3, from the largest first
    assert event.loss == 3 and event.chance == Fraction(1, 3) and event.rule == "004 22.6"
    assert [line.piece for line in event.lines] == ["m1", "m1", "m2"]
    assert state.pieces["m1"].sp == 1 and state.pieces["m2"].sp == 1  # type: ignore[union-attr]
