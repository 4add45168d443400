"""The terrain effects chart's limits on cavalry charges: TEC N2 (woods), N6 (steep slopes),
N7 (hexside features and gentle slopes) and N16 (10 more MPs across a high embankment).

Every position: a Confederate infantry unit in 0604 facing S; the charger in 0605 facing N,
charging with the one-hex move into 0604 (1.22, 3.4)."""

from __future__ import annotations

import pytest

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import ChargeDeclared
from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import HexsideFeature, Terrain
from gameapp.core.units import Formation, Side, UnitDef
from tests.core.positions import N, S, blank_map, cavalry, game_on, infantry, place


def position(m: HexMap, attacker: UnitDef, formation: Formation | None = None,
             at: str = "0605") -> Game:
    us = place(attacker, m, at, N, formation)
    cs = place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)
    return game_on(m, [us, cs])


def charge(game: Game, uid: str, *ids: str) -> list:
    return game.apply(Move(uid, tuple(game.map.parse(h) for h in ids)))


def test_n2_mounted_cavalry_charges_into_woods_only_in_skirmish_order() -> None:
    # 0604 is woods (a row carrying N2): mounted cavalry is refused ...
    m = blank_map()
    m.set_terrain(m.parse("0604"), Terrain.WOODS)
    with pytest.raises(IllegalActionError, match="skirmish order") as refused:
        charge(position(m, cavalry("US-C")), "US-C", "0604")
    assert refused.value.rule == "TEC N2"
    # ... cavalry in skirmish order and infantry may charge in
    charge(position(m, cavalry("US-C"), Formation.SKIRMISH), "US-C", "0604")
    charge(position(m, infantry("US-1")), "US-1", "0604")


def test_n7_mounted_cavalry_does_not_charge_over_a_stone_wall() -> None:
    # A stone wall on the 0605/0604 hexside (hexside heading notes include N7).
    m = blank_map()
    m.add_hexside(m.parse("0605"), N, HexsideFeature.STONE_WALL)
    with pytest.raises(IllegalActionError, match="behind a stone wall") as refused:
        charge(position(m, cavalry("US-C")), "US-C", "0604")
    assert refused.value.rule == "TEC N7"
    charge(position(m, infantry("US-1")), "US-1", "0604")  # infantry may
    charge(position(m, cavalry("US-C"), Formation.DISMOUNTED), "US-C", "0604")  # as infantry


def test_n7_on_the_gentle_slope_row_also_binds() -> None:
    # 0604 stands 20 feet above 0605: a gentle slope up (10 <= 20 < 40), a row that cites N7.
    m = blank_map()
    m.set_elevation(m.parse("0604"), 20)
    with pytest.raises(IllegalActionError) as refused:
        charge(position(m, cavalry("US-C")), "US-C", "0604")
    assert refused.value.rule == "TEC N7"


def test_n6_no_cavalry_charge_down_a_steep_slope() -> None:
    # 0605 stands 50 feet above 0604 (and the hexes around it): a steep slope down (>= 40).
    m = blank_map()
    m.set_elevation(m.parse("0605"), 50)
    with pytest.raises(IllegalActionError, match="down a steep slope") as refused:
        charge(position(m, cavalry("US-C")), "US-C", "0604")
    assert refused.value.rule == "TEC N6"


def test_n6_no_cavalry_charge_after_going_down_a_steep_slope_this_phase() -> None:
    # 0607 stands 50 feet above the rest: leaving it for 0606 goes down a steep slope.
    m = blank_map()
    m.set_elevation(m.parse("0607"), 50)
    game = position(m, cavalry("US-C"), at="0607")
    with pytest.raises(IllegalActionError, match="went down a steep slope") as refused:
        charge(game, "US-C", "0606", "0605", "0604")  # in one move
    assert refused.value.rule == "TEC N6"
    charge(game, "US-C", "0606")  # or in two: the descent is remembered for the phase
    with pytest.raises(IllegalActionError, match="went down a steep slope"):
        charge(game, "US-C", "0605", "0604")
    # the same cavalry starting level in 0606 may charge (control)
    level = blank_map()
    charge(position(level, cavalry("US-C"), at="0606"), "US-C", "0605", "0604")


def test_n16_cavalry_charges_across_a_high_embankment_with_10_more_mps() -> None:
    # Entering 0604 across a high embankment: clear 5 + the embankment's cavalry line "+36" = 41,
    # and N16's 10 MPs after crossing: 51 MPs, within 32 + 40 (charge bonus) = 72. N16 (the
    # row's own note) wins over the hexside heading's N7.
    m = blank_map()
    m.add_hexside(m.parse("0605"), N, HexsideFeature.HIGH_EMBANKMENT)
    events = charge(position(m, cavalry("US-C")), "US-C", "0604")
    declared = next(e for e in events if isinstance(e, ChargeDeclared))
    assert declared.mp_spent == 51
