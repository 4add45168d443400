"""The influence map's spread of enemy fire (Weights.spreads_fire: normal has it, docs/ai.md):
each enemy fires once a phase at one hex, so a hex of ours expects 1 / n of the fire of an enemy
that reaches n of our hexes."""

from __future__ import annotations

from gameapp.ai.influence import Influence
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
