"""Charges in play: declared by moving into an enemy hex (1.22), immediate charges (3.411),
the charge phase (1.25), rout movement and the Broken Track (docs/rules.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameapp.core.actions import EndPhase, Fire, Move, Pass, ResolveCharge, RetreatBeforeCombat
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    ChargeDeclared,
    ChargeResolved,
    RoutMoved,
    RoutMovementPending,
    UnitBroken,
)
from gameapp.core.mapdata import HexMap
from gameapp.core.phases import Phase
from gameapp.core.units import Side, Status
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place
from tests.core.rout_picks import first_rout_paths


def duel(us_hex: str, cs_hex: str) -> tuple[Game, HexMap]:
    game_map = blank_map()
    us = place(infantry("US-1"), game_map, us_hex, N)
    cs = place(infantry("CS-1", Side.CONFEDERATE), game_map, cs_hex, S)
    return game_on(game_map, [us, cs]), game_map


def path(game_map: HexMap, *ids: str) -> tuple:
    return tuple(game_map.parse(h) for h in ids)


def stand(game: Game, hex_id: str) -> list:
    """The charged player declines to retreat before combat (3.5)."""
    return game.apply(RetreatBeforeCombat(game.map.parse(hex_id), False))


def to_phase(game: Game, phase: Phase) -> list:
    events: list = []
    while game.phase is not phase:
        events += game.apply(EndPhase())
    return events


def test_a_charge_declared_in_movement_is_resolved_in_the_charge_phase() -> None:
    game, m = duel("0607", "0604")
    game.dice = Dice.forcing([65])  # the defender's 8.41 roll: above its ML 35, it routs
    events = game.apply(Move("US-1", path(m, "0606", "0605", "0604")))
    declared = [e for e in events if isinstance(e, ChargeDeclared)]
    assert declared == [ChargeDeclared("US-1", m.parse("0604"), 15, False, "3.4")]
    us = game.state.units["US-1"]
    assert m.hex_id(us.hex) == "0605" and Status.CHARGE in us.status
    assert game.state.charges == {m.parse("0604"): ("US-1",)}
    assert game.state.mp_spent["US-1"] == 10  # the entry into 0604 is not spent
    stand(game, "0604")
    to_phase(game, Phase.CHARGE)
    assert game.state.charges  # nothing resolves by itself: the phasing player resolves it
    events = game.apply(ResolveCharge(m.parse("0604")))
    events += first_rout_paths(game)  # the owner's pick (7.6); the advance waits for it
    resolved = next(e for e in events if isinstance(e, ChargeResolved))
    assert resolved.lines[-1].startswith("result: every defender routs")
    cs = game.state.units["CS-1"]
    assert Status.ROUTED in cs.status and cs.losses == 1  # 8.52: 5 SPs / 8 -> 1
    rout = next(e for e in events if isinstance(e, RoutMoved))
    assert rout.unit_id == "CS-1" and rout.path[-1] == cs.hex
    assert cs.hex.distance(m.parse("0604")) == 4
    us = game.state.units["US-1"]
    assert m.hex_id(us.hex) == "0604" and Status.CHARGE not in us.status  # 8.54 advance
    assert game.state.charges == {}


def test_a_charge_that_is_held_leaves_both_sides_in_place() -> None:
    game, m = duel("0607", "0604")
    game.dice = Dice.forcing([11, 11])  # both stand
    game.apply(Move("US-1", path(m, "0606", "0605", "0604")))
    stand(game, "0604")
    to_phase(game, Phase.CHARGE)
    game.apply(EndPhase())  # resolves the charge left, then ends the phase
    assert m.hex_id(game.state.units["US-1"].hex) == "0605"
    assert m.hex_id(game.state.units["CS-1"].hex) == "0604"
    assert Status.CHARGE not in game.state.units["US-1"].status


def test_an_immediate_charge_resolves_in_the_movement_phase() -> None:
    game, m = duel("0605", "0604")
    game.dice = Dice.forcing([65])
    declared = next(e for e in game.apply(Move("US-1", path(m, "0604")))
                    if isinstance(e, ChargeDeclared))
    assert declared.immediate and declared.mp_spent == 5  # under 9 for infantry (3.411.a)
    events = stand(game, "0604")  # the immediate charge waited for the defender's choice
    assert not game.can_undo  # the dice were seen
    events += first_rout_paths(game)
    assert any(isinstance(e, ChargeResolved) and e.rule == "3.411" for e in events)
    assert game.phase is Phase.MOVEMENT
    assert m.hex_id(game.state.units["US-1"].hex) == "0604"
    assert Status.ROUTED in game.state.units["CS-1"].status
    assert game.state.charges == {}


def test_moving_through_an_enemy_hex_is_refused() -> None:
    game, m = duel("0606", "0604")
    with pytest.raises(IllegalActionError, match="held by the enemy"):
        game.check(Move("US-1", path(m, "0605", "0604", "0603")))


def test_artillery_does_not_charge() -> None:
    m = blank_map()
    gun = place(artillery("US-A"), m, "0605", N)
    cs = place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)
    game = game_on(m, [gun, cs])
    with pytest.raises(IllegalActionError, match="only infantry and cavalry"):
        game.check(Move("US-A", path(m, "0604")))


def test_a_rout_at_the_own_map_edge_goes_to_broken_box_1() -> None:
    game, m = duel("0204", "0203")
    m.friendly_edges["confederate"] = ["00xx"]  # the west edge, one hex from 0203
    game.dice = Dice.forcing([65])
    game.apply(Move("US-1", path(m, "0203")))
    events = stand(game, "0203")
    broken = [e for e in events if isinstance(e, UnitBroken)]
    assert broken == [UnitBroken("CS-1", "Broken Box 1", "000 15.4")]
    assert "CS-1" not in game.state.units
    entry = game.state.broken["CS-1"]
    assert entry.box == "Broken Box 1" and entry.turn == 1
    assert Status.ROUTED in entry.unit.status
    assert m.hex_id(game.state.units["US-1"].hex) == "0203"


def test_rout_movement_called_for_by_fire_is_carried_out() -> None:
    m = blank_map()
    us = place(infantry("US-1", strength=8), m, "0606", N)
    cs = replace(place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S),
                 status=frozenset({Status.ROUTED}))
    game = game_on(m, [us, cs])
    game.apply(EndPhase())
    game.apply(Pass())  # the Confederates pass; the Union fires
    game.dice = Dice.forcing([66, 66])  # C2, then a 7.34 check above the ML
    events = game.apply(Fire(("US-1",), m.parse("0605")))
    events += first_rout_paths(game)
    assert RoutMovementPending("CS-1", "7.34") in events
    rout = next(e for e in events if isinstance(e, RoutMoved))
    unit = game.state.units["CS-1"]
    assert rout.path[0] == m.parse("0605") and unit.hex == rout.path[-1]
    assert unit.hex.distance(m.parse("0605")) == 4


def test_victors_advance_only_while_the_charged_hex_has_room() -> None:
    """Issue 23 (demo, seed 1038: seven victors, 34 SPs, into a hex of 30). 8.54's advance is
    bounded by the stacking limit (000 6.1; TEC N1): the victors advance in the order declared
    while the hex has room, and the one that would over-stack it stays where it was."""
    from gameapp.core.events import UnitMoved
    from gameapp.core.rules.chargephase import advance_victors
    from gameapp.core.rules.tables import terrain_effects

    m = blank_map()
    limit = terrain_effects().terrain_entry(m.terrain_at(m.parse("0604"))).stacking.value
    assert limit == 30  # clear ground: two 12-SP regiments, not three
    victors = [place(infantry(uid, strength=12), m, at, N)
               for uid, at in (("a", "0605"), ("b", "0505"), ("c", "0705"))]
    game = game_on(m, [*victors, place(infantry("reb", Side.CONFEDERATE), m, "0101", S)])
    events = advance_victors(game.state, ("a", "b", "c"), m.parse("0604"), "8.54", m, "tec_sl")
    assert [e.unit_id for e in events if isinstance(e, UnitMoved)] == ["a", "b"]
    assert [m.hex_id(game.state.units[u].hex) for u in "abc"] == ["0604", "0604", "0705"]
