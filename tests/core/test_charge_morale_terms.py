"""8.41/8.42 with the morale table's position modifiers: open flanks (7.27) and "subtract what
enemy fire would subtract" (the table's last line), for each checking unit."""

from __future__ import annotations

from gameapp.core.actions import Move
from gameapp.core.dice import D66
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.terrain import HexsideFeature
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def test_a_defender_behind_a_stone_wall_with_one_open_flank() -> None:
    # CS-1 (5 SPs, line, facing S) in 0604 behind a stone wall on its south hexside; CS-2 of
    # another brigade, formed, in 0504 beside it; nobody in 0704. US-1 charges from 0605 in
    # column, across the wall.
    m = blank_map()
    m.add_hexside(m.parse("0604"), S, HexsideFeature.STONE_WALL)
    units = [place(infantry("US-1"), m, "0605", N, Formation.COLUMN),
             place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S),
             place(infantry("CS-2", Side.CONFEDERATE, brigade="2nd"), m, "0504", S)]
    game = game_on(m, units)
    game.apply(Move("US-1", (m.parse("0604"),)))
    preview = tactical(game).charge_preview(m.parse("0604"))
    (defender,) = preview.defender_levels
    terms = [(t.label, t.value, t.rule) for t in defender.terms.terms]
    assert terms == [
        ("printed morale level", 35, "7.0"),
        ("left flank 0704: no formed unit", -2, "7.27"),
        ("right flank 0504: formed unit of another brigade", -1, "7.27"),
        # fire across the wall at standing personnel: -2 (TEC stone wall); at 5 SPs: -2
        ("enemy fire would subtract: stone wall, standing (roll -2, as level)", 2,
         "TEC stone wall"),
        ("enemy fire would subtract: target density 5 SPs (roll -2, as level)", 2,
         "FCRT DRM target density"),
        # 5 SPs x 1½ in column (8.13) = 7½ to 5: 1.5-1, 3D
        ("1.5-1: defender subtracts 3", -3, "8.0 odds"),
    ]
    # 35 - 3 + 4 - 3 = 35 - 2 along d66: 34, 33
    assert defender.level == D66.of(33)
