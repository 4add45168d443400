"""Casualties of rout movement (morale table note 4: 7.71-7.75), worked by hand.

The position: a Confederate line of 8 SPs at 0604 facing S has the front 0705, 0605, 0505; a
Confederate piece at 0506 facing NE (a battery unlimbered, or mounted cavalry) has the front
0606, 0605, 0505. So 0605 is in both fronts, 0606 only in the second, 0705 only in the first.
"""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.events import (
    CasualtiesTaken,
    GunsCaptured,
    RoutCasualties,
    UnitEliminated,
)
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.rout import take_rout_casualties
from gameapp.core.rules.rout_casualties import rout_casualties
from gameapp.core.state import GameState
from gameapp.core.units import Formation, Side, Status, Unit
from tests.core.positions import NE, S, artillery, blank_map, cavalry, infantry, leader, place

CS = Side.CONFEDERATE


def line(m: HexMap, sps: int = 8) -> Unit:
    return place(infantry("CS-L", CS, sps), m, "0604", S)


def battery(m: HexMap, guns: int = 4) -> Unit:
    return place(artillery("CS-A", CS, guns), m, "0506", NE, Formation.UNLIMBERED)


def horse(m: HexMap, sps: int = 4) -> Unit:
    return place(cavalry("CS-C", CS, sps), m, "0506", NE)


def path(m: HexMap, *ids: str) -> tuple:
    return tuple(m.parse(i) for i in ids)


def rows(losses) -> list[tuple[str, float, str]]:
    return [(t.label, t.value, t.rule) for t in losses]


def test_771_one_sp_per_four_enemy_sps_of_the_front_entered() -> None:
    m = blank_map()
    router = place(infantry("US-R"), m, "0707")
    # 0706 is in no front; 0705 is in the front of 8 SPs: 8 / 4 = 2
    losses = rout_casualties(router, path(m, "0707", "0706", "0705"), [line(m)], m)
    assert rows(losses) == [("entered 0705 in an enemy front: 8 SPs ÷ 4", 2, "7.71")]
    assert losses.total == 2


def test_771_fractions_round_down_each_hex_on_its_own() -> None:
    m = blank_map()
    router = place(infantry("US-R"), m, "0707")
    # 7 SPs: 7 / 4 = 1.75, one SP; the start hex 0606 is never counted
    losses = rout_casualties(router, path(m, "0606", "0705", "0605"), [line(m, 7)], m)
    assert [t.value for t in losses] == [1, 1]


def test_771_guns_count_as_sps_and_fronts_add_up() -> None:
    m = blank_map()
    router = place(infantry("US-R"), m, "0707")
    # 0606: the battery's 4 guns -> 1; 0605: 8 SPs + 4 guns = 12 -> 3; in all 4 of its 5 SPs
    losses = rout_casualties(router, path(m, "0707", "0606", "0605"), [line(m), battery(m)], m)
    assert rows(losses) == [
        ("entered 0606 in an enemy front: 4 SPs ÷ 4", 1, "7.71"),
        ("entered 0605 in an enemy front: 12 SPs ÷ 4", 3, "7.71"),
    ]


def test_772_mounted_cavalry_routing_loses_one_per_eight() -> None:
    m = blank_map()
    router = place(cavalry("US-C"), m, "0707")
    # 0606: 4 / 8 = 0; 0605: 12 / 8 = 1.5 -> 1
    losses = rout_casualties(router, path(m, "0707", "0606", "0605"), [line(m), battery(m)], m)
    assert rows(losses) == [
        ("entered 0606 in the front of 4 enemy SPs, mounted: 4 ÷ 8", 0, "7.72"),
        ("entered 0605 in the front of 12 enemy SPs, mounted: 12 ÷ 8", 1, "7.72"),
    ]
    dismounted = replace(router, formation=Formation.DISMOUNTED)  # not mounted: 7.71 again
    assert rout_casualties(dismounted, path(m, "0707", "0605"), [line(m), battery(m)],
                           m).total == 3


def test_773_enemy_mounted_cavalry_inflicts_one_per_two() -> None:
    m = blank_map()
    router = place(infantry("US-R"), m, "0707")
    # 0606: 1 mounted SP / 2 = 0.5 -> 0; 0605: 3 / 4 + 1 / 2 = 1.25 -> 1 (added before rounding)
    losses = rout_casualties(router, path(m, "0707", "0606", "0605"),
                             [line(m, 3), horse(m, 1)], m)
    assert rows(losses) == [
        ("entered 0606 in an enemy front: 1 mounted cavalry SPs ÷ 2", 0, "7.73"),
        ("entered 0605 in an enemy front: 3 SPs ÷ 4 + 1 mounted cavalry SPs ÷ 2", 1,
         "7.71/7.73"),
    ]
    # 4 mounted SPs alone: 4 / 2 = 2 in 0606
    assert rout_casualties(router, path(m, "0707", "0606"), [horse(m, 4)], m).total == 2


def test_no_front_no_loss_routed_enemies_leaders_and_friends_do_not_count() -> None:
    m = blank_map()
    router = place(infantry("US-R"), m, "0707")
    routed = replace(line(m), status=frozenset({Status.ROUTED}))  # a routed unit has no front
    chief = place(leader("CS-G", CS), m, "0604", S)
    friend = place(infantry("US-F", strength=8), m, "0604", S)
    assert not rout_casualties(router, path(m, "0707", "0705"), [routed, chief, friend], m).terms


def test_losses_stop_at_what_the_unit_has() -> None:
    m = blank_map()
    router = place(infantry("US-R", strength=2), m, "0707")
    losses = rout_casualties(router, path(m, "0707", "0605"), [line(m), battery(m)], m)
    # 12 / 4 = 3, but only 2 SPs are left
    assert rows(losses)[-1] == ("no more than the 2 SPs it has", -1, "7.71")
    assert losses.total == 2


def state_of(*units: Unit) -> GameState:
    return GameState(1, 0, Side.UNION, {u.id: u for u in units})


def test_774_775_a_routing_battery_loses_guns_to_capture() -> None:
    m = blank_map()
    guns = place(artillery("US-A", strength=4), m, "0707")
    state = state_of(guns, line(m), battery(m))
    # 0606: the enemy battery's 4 guns -> one gun lost, captured by the Confederates
    survivor, events = take_rout_casualties(state, m, guns, path(m, "0707", "0606"))
    assert survivor is not None and survivor.strength == 3
    assert state.units["US-A"].losses == 1
    assert state.units["US-A"].guns_lost == 1  # taken, not silent ("Crews and guns")
    assert events[1:] == [CasualtiesTaken("US-A", 1, "7.71"), GunsCaptured("US-A", 1, CS, "7.75")]
    assert isinstance(events[0], RoutCasualties) and events[0].losses.total == 1


def test_774_the_crew_goes_with_the_last_gun() -> None:
    m = blank_map()
    guns = place(artillery("US-A", strength=2), m, "0707")
    state = state_of(guns, line(m), battery(m))
    # 0605: 12 enemy SPs -> 3, capped at the 2 guns left; the battery is gone
    survivor, events = take_rout_casualties(state, m, guns, path(m, "0707", "0605"))
    assert survivor is None and "US-A" not in state.units
    assert events[1:] == [CasualtiesTaken("US-A", 2, "7.71"), GunsCaptured("US-A", 2, CS, "7.75"),
                          UnitEliminated("US-A", "7.74")]
    assert state.turn_losses  # the loss counts for exhaustion


def test_a_rout_past_no_front_changes_nothing() -> None:
    m = blank_map()
    router = place(infantry("US-R"), m, "0909")
    state = state_of(router, line(m))
    assert take_rout_casualties(state, m, router, path(m, "0909", "0910")) == (router, [])
