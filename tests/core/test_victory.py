"""Victory: hexes change hands when one side's combat units alone stand in them; losses score."""

from gameapp.core.actions import EndPhase, Fire, Move, Pass
from gameapp.core.dice import Dice
from gameapp.core.scenario import VictoryHex
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place


def test_holding_hexes_and_losses_score() -> None:
    m = blank_map()
    crossroads = VictoryHex(m.parse("0605"), "the crossroads", 5, Side.CONFEDERATE)
    mill = VictoryHex(m.parse("0108"), "the mill", 2)
    game = game_on(
        m,
        [place(infantry("u"), m, "0606", N), place(leader("L"), m, "0108"),
         place(infantry("c", Side.CONFEDERATE, strength=8), m, "0603", S)],
        victory_hexes=(crossroads, mill),
    )
    start = game.result()
    assert [(t.label, t.value) for t in start.points[Side.CONFEDERATE]] == [
        ("holds the crossroads", 5)]
    assert start.points[Side.UNION].terms == () and start.winner is Side.CONFEDERATE
    game.apply(Move("u", (m.parse("0605"),)))  # a leader alone does not take the mill
    game.apply(EndPhase())
    game.apply(Pass())  # the Confederates pass; the Union fires at c, two hexes off
    # +2 for density, -7 because u moved (HM): 66 reads 61, A1 on the 1½ column: one step
    game.dice = Dice.forcing([66])
    game.apply(Fire(("u",), m.parse("0603")))
    result = game.result()
    assert [(t.label, t.value) for t in result.points[Side.UNION]] == [
        ("holds the crossroads", 5),
        ("Confederate strength points lost", 1),
    ]
    assert result.points[Side.CONFEDERATE].terms == ()
    assert result.winner is Side.UNION
    assert result.lines()[-1] == "Union victory"
