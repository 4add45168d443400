"""Line of Battle options that fit the 001 system: bridges crossed only by road movement
(003 3.0a, option `bridges_by_road`) and batteries that end a retreat limbered (003 6.3f,
option `artillery_retreats_limbered`); docs/rules.md, "Options from Line of Battle"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.events import UnitReformed
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.rout import rout_move
from gameapp.core.rules.rout_choice import take_first_paths
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.terrain import HexsideFeature, RoadGrade
from gameapp.core.units import Formation, Side, Status
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place


def bridged_stream() -> HexMap:
    """A stream between 0606 and 0605 with a bridge carrying a road across it."""
    m = blank_map()
    m.add_hexside(m.parse("0606"), N, HexsideFeature.STREAM | HexsideFeature.BRIDGE)
    m.add_road(m.parse("0606"), m.parse("0605"), RoadGrade.ROAD)
    return m


def test_by_001_a_line_wades_the_bridged_stream_off_the_road() -> None:
    m = bridged_stream()
    game = game_on(m, [place(infantry("US-1"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0101", S)])
    # clear 5 (a line) + stream 2 (TEC): the bridge does not help off the road
    breakdown = tactical(game).movement.path_breakdown("US-1", (m.parse("0605"),))
    assert [(t.value, t.rule) for t in breakdown.terms] == [(5, "TEC clear"), (2, "TEC stream")]


def test_with_the_option_only_road_movement_crosses_the_bridge() -> None:
    m = bridged_stream()
    line = game_on(m, [place(infantry("US-1"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0101", S)],
                   bridges_by_road=True)
    with pytest.raises(IllegalActionError, match=r"only by road movement \(003 3.0a\)"):
        line.check(Move("US-1", (m.parse("0605"),)))
    column = game_on(m, [place(infantry("US-1"), m, "0606", N, Formation.ROAD_COLUMN),
                         place(infantry("CS-1", Side.CONFEDERATE), m, "0101", S)],
                     bridges_by_road=True)
    column.check(Move("US-1", (m.parse("0605"),)))  # the road's 4 MPs, as before
    assert tactical(column).movement.path_breakdown("US-1", (m.parse("0605"),)).total == 4


@pytest.mark.parametrize("option, formation", [
    (False, Formation.UNLIMBERED), (True, Formation.LIMBERED)])
def test_a_routed_battery_ends_its_rout_limbered_only_with_the_option(
        option: bool, formation: Formation) -> None:
    # An unlimbered, routed battery in 0606 routs 4 hexes away from CS-1 in 0605 (blank map,
    # no own edge: away from the enemy). 003 6.3f: it cannot unlimber at the end, so with the
    # option it arrives limbered, at no cost.
    m = blank_map()
    battery = replace(place(artillery("US-A"), m, "0606", S, Formation.UNLIMBERED),
                      status=frozenset({Status.ROUTED}))
    enemy = place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S)
    game = game_on(m, [battery, enemy], artillery_retreats_limbered=option)
    events = rout_move(game.state, m, "US-A", [enemy], game.scenario.options)
    events += take_first_paths(game.state, m, game.scenario.options)  # the owner's pick (7.6)
    unit = game.state.units["US-A"]
    assert unit.hex.distance(m.parse("0606")) == 4 and unit.formation is formation
    reformed = [e for e in events if isinstance(e, UnitReformed)]
    if option:
        assert [t.rule for t in reformed[0].cost.terms] == ["003 6.3f"]
    else:
        assert reformed == []
