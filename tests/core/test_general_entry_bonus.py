"""The option `general_entry_bonus`: a general on the entry hex when units of his command come
on gives them one more hex of movement, and follows them to the end of their move (002 4;
docs/rules.md, "A general's bonus at entry")."""

from __future__ import annotations

import pytest

from gameapp.core.actions import EndPhase, Move, Pass
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import UnitMoved
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import Reinforcement
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place


def arrival(**options: bool) -> Game:
    """Turn 2: the 1st brigade's regiment "new" (road column, facing N) and its brigade leader
    US-L come on together at 0612 (the bottom edge). A Confederate stands far off in 0101."""
    m = blank_map()
    group = (place(infantry("new"), m, "0612", N, Formation.ROAD_COLUMN),
             place(leader("US-L"), m, "0612", N))
    game = game_on(m, [place(infantry("reb", Side.CONFEDERATE), m, "0101", S)],
                   reinforcements=(Reinforcement(2, m.parse("0612"), group),), **options)
    while (game.state.turn, game.current_side, game.phase) != (2, Side.UNION, Phase.MOVEMENT):
        game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    return game


# Seven clear hexes straight north, 0611 ... 0605, off the road: a column pays 4 MPs a hex
# (TEC clear), 28 MPs, no turn.
NORTH = ("0611", "0610", "0609", "0608", "0607", "0606", "0605")


def test_without_the_option_the_regiment_has_its_24_mps() -> None:
    game = arrival()
    assert tactical(game).movement.allowance(game.state.units["new"]).total == 24
    with pytest.raises(IllegalActionError, match="needs 28 MPs and has 24"):
        game.check(Move("new", tuple(game.map.parse(h) for h in NORTH)))


def test_the_general_on_the_entry_hex_adds_one_clear_hex_and_follows() -> None:
    game = arrival(general_entry_bonus=True)
    allowance = tactical(game).movement.allowance(game.state.units["new"])
    # 24 (MPA basic, infantry, Sharpsburg) + 4 (one clear hex for a column, 002 4) = 28
    assert [(t.value, t.rule) for t in allowance.terms] == [(24, "MPA basic"), (4, "002 4")]
    assert "US-L" in allowance.terms[-1].label
    game.apply(Move("new", tuple(game.map.parse(h) for h in NORTH)))
    # the general stayed on the entry hex: ending the phase, he follows them (002 4)
    events = game.apply(EndPhase())
    follow = next(e for e in events if isinstance(e, UnitMoved) and e.unit_id == "US-L")
    assert follow.cost.terms[0].rule == "002 4"
    assert game.map.hex_id(game.state.units["US-L"].hex) == "0605"
    assert game.state.entry_general == {}  # the bonus is over


def test_a_general_elsewhere_gives_nothing() -> None:
    m = blank_map()
    group = (place(infantry("new"), m, "0612", N, Formation.ROAD_COLUMN),)
    game = game_on(m, [place(leader("US-L"), m, "0610"),  # two hexes off the entry hex
                       place(infantry("reb", Side.CONFEDERATE), m, "0101", S)],
                   reinforcements=(Reinforcement(2, m.parse("0612"), group),),
                   general_entry_bonus=True)
    while (game.state.turn, game.current_side, game.phase) != (2, Side.UNION, Phase.MOVEMENT):
        game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    allowance = tactical(game).movement.allowance(game.state.units["new"])
    assert all(t.rule != "002 4" for t in allowance.terms)
