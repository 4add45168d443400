"""The influence map's spread of enemy fire (Weights.spreads_fire: normal has it, docs/ai.md):
each enemy fires once a phase at one hex, so a hex of ours expects 1 / n of the fire of an enemy
that reaches n of our hexes, pooled with the others' shares; where the pool is below the FCRT's
first column, each enemy alone firing at us one time in n."""

from __future__ import annotations

from gameapp.ai.estimates import checks_from, fire_points_at, steps_from
from gameapp.ai.influence import Influence
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def test_an_enemy_reaching_two_of_our_hexes_counts_half_its_fire_at_each() -> None:
    """Two Union lines side by side under one 8-SP Confederate line count, each, what one Union
    line alone would under a 4-SP line: fire points are SPs x fire power x range, so half the
    fire is half the SPs."""
    m = blank_map()
    pair = [place(infantry("u"), m, "0607", N), place(infantry("v"), m, "0707", N)]
    big = game_on(m, [*pair, place(infantry("c", Side.CONFEDERATE, 8, "Gray"), m, "0604", S)])
    small = game_on(m, [pair[0], place(infantry("c", Side.CONFEDERATE, 4, "Gray"), m, "0604",
                                       S)])
    unit, h = pair[0], pair[0].hex
    spread = Influence.build(big, Side.UNION, spread=True)
    assert spread.shares == {"c": 0.5}
    assert abs(spread.threat(unit, h, N) - Influence.build(small, Side.UNION).threat(unit, h, N)
               ) < 1e-12
    whole = Influence.build(big, Side.UNION)
    assert whole.shares == {} and whole.threat(unit, h, N) > spread.threat(unit, h, N)


def test_a_share_too_small_for_the_table_still_counts_its_chance_of_a_hit() -> None:
    """One 4-SP Confederate line reaches three Union lines 4 hexes off (range N/8: 4 x 1/8 =
    0.5 fire points at each). It fires at one of them: each expects a third of its fire. A
    third of 0.5 pooled (0.17) is below the FCRT's first column and would count nothing; fired
    at one time in three with all its 0.5, a line loses a third of what 0.5 costs on the table
    (a step on 3 rolls of 36 there: 1/3 x 3/36 = 1/36). On the demo, a Union line walked into
    such a hex thinking it safe, lost a step, and a 4-3 win became a draw (seeds 27 and 38)."""
    m = blank_map()
    lines = [place(infantry(n), m, h, N) for n, h in (("u", "0606"), ("v", "0506"),
                                                       ("w", "0706"))]
    game = game_on(m, [*lines, place(infantry("c", Side.CONFEDERATE, 4, "Gray"), m, "0602", S)])
    field = tactical(game).fire.field("c")
    assert all(field[u.hex].distance == 4 for u in lines)
    assert fire_points_at(game.state.units["c"], 4) == 0.5
    assert steps_from(0.5, False) == 3 / 36 and steps_from(0.5 / 3, False) == 0.0
    assert checks_from(0.5, False) == 0.0  # no morale check on that column's rolls
    spread = Influence.build(game, Side.UNION, spread=True)
    assert spread.shares == {"c": 1 / 3}
    unit = lines[0]
    assert abs(spread.threat(unit, unit.hex, N) - 1 / 36) < 1e-12
