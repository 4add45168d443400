"""The option `g88_zoc`: Gettysburg '88's zones of control (002 1, 3, 8) read as the enemy
front (docs/rules.md, "Zones of control that do not lock")."""

from __future__ import annotations

import pytest

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.mapdata import HexMap
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.terrain import RoadGrade, Terrain
from gameapp.core.units import Formation, Side, Unit
from tests.core.positions import (
    N,
    S,
    blank_map,
    creek_with_bridge,
    game_on,
    infantry,
    leader,
    place,
)

# CS-1 in line in 0604, facing S: its front (60-degree half-arc) is 0505, 0605 and 0705, the
# three hexes next to it on its southern side. Those are the Union's "enemy ZOC" hexes.


def position(mover: Unit, game_map: HexMap, **options: bool) -> Game:
    enemy = place(infantry("CS-1", Side.CONFEDERATE), game_map, "0604", S)
    return game_on(game_map, [mover, enemy], **options)


def hexes(m: HexMap, *ids: str) -> tuple:
    return tuple(m.parse(h) for h in ids)


def test_a_zoc_that_does_not_lock_lets_a_unit_move_on_but_not_zoc_to_zoc() -> None:
    m = blank_map()
    through = hexes(m, "0606", "0605", "0506")  # 0605 is in the front; 0506 is not
    along = hexes(m, "0606", "0605", "0705")  # 0605 and 0705 are both in the front
    # by 001 3.310 a unit stops on entering the front at 0605
    game = position(place(infantry("US-1"), m, "0607", N), m)
    with pytest.raises(IllegalActionError, match="must stop") as refused:
        game.check(Move("US-1", through))
    assert refused.value.rule == "3.310"
    # 002 3: it need not stop, so it goes on to 0506: three clear hexes at 5 MPs for a line
    # and one 120-degree turn (from N, 2, to SW, 4) at 4 MPs: 19 of its 24
    game = position(place(infantry("US-1"), m, "0607", N), m, g88_zoc=True)
    game.check(Move("US-1", through))
    assert tactical(game).movement.path_breakdown("US-1", through).total == 19
    reach = tactical(game).movement.reachable("US-1")
    assert not reach[m.parse("0605")].must_stop
    # but not straight from one ZOC hex (0605) into another (0705)
    with pytest.raises(IllegalActionError, match="straight into another") as refused:
        game.check(Move("US-1", along))
    assert refused.value.rule == "002 3"


def test_a_unit_may_not_use_road_movement_to_enter_a_zoc() -> None:
    # A road 0607-0606-0605; 0605 is woods and in CS-1's front. US-1 in road column in 0607.
    m = blank_map()
    m.add_road(m.parse("0607"), m.parse("0606"), RoadGrade.ROAD)
    m.add_road(m.parse("0606"), m.parse("0605"), RoadGrade.ROAD)
    m.set_terrain(m.parse("0605"), Terrain.WOODS)
    path = hexes(m, "0606", "0605")
    # by road both steps cost the road's 4 MPs: 8 in all
    column = place(infantry("US-1"), m, "0607", N, Formation.ROAD_COLUMN)
    plain = tactical(position(column, m)).movement.path_breakdown("US-1", path)
    assert [t.value for t in plain.terms] == [4, 4]
    # 002 1: the step into 0605 is off the road: woods for a column, 7 MPs, so 4 + 7 = 11,
    # and the breakdown names why (a 0-MP term citing 002 1)
    zoc = tactical(position(column, m, g88_zoc=True)).movement.path_breakdown("US-1", path)
    assert [t.value for t in zoc.terms] == [4, 7, 0] and zoc.total == 11
    assert zoc.terms[-1].rule == "002 1" and "zone of control" in zoc.terms[-1].label
    # leaving a ZOC by road is allowed: from 0605 back down the road, road rates
    back = place(infantry("US-1"), m, "0605", S, Formation.ROAD_COLUMN)
    out = tactical(position(back, m, g88_zoc=True)).movement.path_breakdown(
        "US-1", hexes(m, "0606"))
    assert [t.label for t in out.terms] == ["road column along a road"]


def test_an_enemy_zoc_negates_a_bridge() -> None:
    # creek_with_bridge: a creek all along row 05/06, its one bridge carrying the road from
    # 0606 to 0605 (N13: crossed only there, in road column); 0605 is in CS-1's front.
    m = creek_with_bridge()
    column = place(infantry("US-1"), m, "0606", N, Formation.ROAD_COLUMN)
    position(column, m).check(Move("US-1", hexes(m, "0605")))  # 001: over the bridge
    with pytest.raises(IllegalActionError, match="negates the road and its bridge"):
        position(column, m, g88_zoc=True).check(Move("US-1", hexes(m, "0605")))


def test_a_general_may_not_enter_an_enemy_zoc() -> None:
    m = blank_map()
    general = place(leader("US-L"), m, "0607", N)
    position(general, m).check(Move("US-L", hexes(m, "0606", "0605")))  # 001: he stops there
    game = position(general, m, g88_zoc=True)
    with pytest.raises(IllegalActionError, match="general may not enter") as refused:
        game.check(Move("US-L", hexes(m, "0606", "0605")))
    assert refused.value.rule == "002 8"
    reach = tactical(game).movement.reachable("US-L")
    assert not set(hexes(m, "0505", "0605", "0705")) & reach.keys()
    assert m.parse("0606") in reach
