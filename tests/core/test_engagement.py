"""Engagement (`000` 13.6), the scenario option `engagement`: next to an enemy, artillery within
two hexes, and artillery may not move so as to become engaged.

The Confederate `reb` stands at 0603 facing S throughout; Union units come from the south.
"""

from __future__ import annotations

import pytest

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import EngagementChanged
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side, Unit
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place

ON = {"engagement": True}


def position(*union: tuple[str, str, str], **options: str | bool | int) -> Game:
    """Union units (id, kind, hex) against `reb` at 0603, in the Union movement phase."""
    m = blank_map()
    makers = {"infantry": infantry, "artillery": artillery}
    units: list[Unit] = [place(infantry("reb", Side.CONFEDERATE), m, "0603", S)]
    units += [place(makers[kind](uid), m, where, N) for uid, kind, where in union]
    return game_on(m, units, **options)


def move(game: Game, uid: str, *hexes: str) -> list:
    return game.apply(Move(uid, tuple(game.map.parse(h) for h in hexes)))


def changes(events: list) -> list[EngagementChanged]:
    return [e for e in events if isinstance(e, EngagementChanged)]


def test_off_by_default_nobody_is_engaged() -> None:
    game = position(("a", "infantry", "0606"))
    events = move(game, "a", "0605", "0604")
    assert game.state.engaged == set() and changes(events) == []


def test_moving_next_to_an_enemy_engages_both() -> None:
    game = position(("a", "infantry", "0606"), **ON)
    assert game.state.engaged == set()  # 0606 is 3 hexes from 0603
    assert changes(move(game, "a", "0605")) == []  # 2 hexes: infantry is not engaged yet
    events = move(game, "a", "0604")  # next to reb
    assert changes(events) == [EngagementChanged(("a", "reb"), (), "000 13.6")]
    assert game.state.engaged == {"a", "reb"}


def test_units_placed_next_to_the_enemy_start_engaged() -> None:
    game = position(("a", "infantry", "0604"), **ON)
    assert game.state.engaged == {"a", "reb"}
    assert EngagementChanged(("a", "reb"), (), "000 13.6") in game.opening_events


def test_moving_away_disengages() -> None:
    game = position(("a", "infantry", "0604"), **ON)
    events = move(game, "a", "0605", "0606")  # leaving the front before spending MPs (3.310)
    assert changes(events) == [EngagementChanged((), ("a", "reb"), "000 13.6")]


def test_artillery_is_engaged_within_two_hexes() -> None:
    game = position(("g", "artillery", "0605"), **ON)  # 2 hexes from reb
    # the battery is engaged; reb is not (it has no enemy next to it)
    assert game.state.engaged == {"g"}


def test_artillery_may_not_move_to_become_engaged() -> None:
    game = position(("g", "artillery", "0608"), **ON)
    with pytest.raises(IllegalActionError) as refused:
        move(game, "g", "0607", "0606", "0605")  # 0605 is 2 hexes from reb
    assert refused.value.rule == "000 13.6"
    assert "0605 is within 2 hexes of the enemy in 0603" in refused.value.reason
    reach = tactical(game).movement.reachable("g")
    assert game.map.parse("0606") in reach and game.map.parse("0605") not in reach
    move(game, "g", "0607", "0606")  # 3 hexes away: allowed
    assert game.state.engaged == set()


def test_without_the_option_artillery_moves_up_freely() -> None:
    game = position(("g", "artillery", "0608"))
    move(game, "g", "0607", "0606", "0605")
    assert game.state.units["g"].hex == game.map.parse("0605")


def test_an_engaged_battery_may_move() -> None:
    game = position(("g", "artillery", "0605"), **ON)
    move(game, "g", "0705")  # already engaged: it may move on within two hexes
    assert game.state.engaged == {"g"}


def test_enemy_movement_engages_artillery() -> None:
    game = position(("a", "infantry", "1212"), **ON)
    m = game.map
    guns = place(artillery("cs-g", Side.CONFEDERATE), m, "1209", N)
    game.state.units[guns.id] = guns
    move(game, "a", "1211")  # 2 hexes from the Confederate battery: it is engaged, `a` is not
    assert game.state.engaged == {"cs-g"}
