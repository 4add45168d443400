"""The charge bonus of the movement allowance table (MPA final): +6 MPs for infantry and +40 for
cavalry, for a move that declares a charge only, and none at exhaustion level 5 or more."""

from __future__ import annotations

import pytest

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import ChargeDeclared
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.exhaustion import brigade_of
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side, UnitDef
from tests.core.positions import N, S, blank_map, cavalry, game_on, infantry, place


def charge_from(attacker: UnitDef, start: str) -> tuple[Game, HexMap]:
    m = blank_map()
    us = place(attacker, m, start, N)
    cs = place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)
    return game_on(m, [us, cs]), m


def hexes(m: HexMap, *ids: str) -> tuple:
    return tuple(m.parse(h) for h in ids)


def test_a_25_mp_infantry_charge_uses_the_plus_6_bonus() -> None:
    # Sharpsburg infantry MPA 24. From 0609 in line, facing N, through 0608 0607 0606 0605 (4
    # clear hexes x 5 MPs = 20) and into 0604 (5 more) the charge needs 25 MPs: over 24, within
    # 24 + 6 = 30 (MPA final charge bonus).
    game, m = charge_from(infantry("US-1"), "0609")
    move = Move("US-1", hexes(m, "0608", "0607", "0606", "0605", "0604"))
    assert move in game.legal_actions()
    events = game.apply(move)
    declared = next(e for e in events if isinstance(e, ChargeDeclared))
    assert declared.mp_spent == 25
    bonus = tactical(game).movement.allowance(game.state.units["US-1"], charge=True)
    assert [(t.label, t.value, t.rule) for t in bonus.terms][-1] == (
        "charge bonus (infantry)", 6, "MPA final")
    assert bonus.total == 30


def test_the_bonus_is_for_charges_only() -> None:
    # The same 25 MPs as a plain move to 0604's neighbour and one hex on is 24 + 5: refused
    # because a move that charges nothing gets no bonus (0605 -> 0505 is a fifth clear hex).
    game, m = charge_from(infantry("US-1"), "0609")
    with pytest.raises(IllegalActionError):
        game.apply(Move("US-1", hexes(m, "0608", "0607", "0606", "0605", "0505")))


def test_a_35_mp_cavalry_charge_uses_the_plus_40_bonus() -> None:
    # Sharpsburg cavalry MPA 32. From 0611, mounted, facing N: six clear hexes 0610 ... 0605 at 5
    # MPs (cavalry line) = 30, and 5 to enter 0604: 35 MPs, within 32 + 40 = 72.
    game, m = charge_from(cavalry("US-C"), "0611")
    move = Move("US-C", hexes(m, "0610", "0609", "0608", "0607", "0606", "0605", "0604"))
    assert move in game.legal_actions()
    declared = next(e for e in game.apply(move) if isinstance(e, ChargeDeclared))
    assert declared.mp_spent == 35


def test_exhaustion_level_5_withholds_the_bonus() -> None:
    # MPA exhaustion 5-8: infantry -6 and no charge bonus. 24 - 6 = 18, so a 20-MP charge
    # (from 0608: 0607 0606 0605 = 15, + 5 into 0604) is refused, and the allowance has no
    # bonus term.
    game, m = charge_from(infantry("US-1"), "0608")
    game.state.exhaustion[brigade_of(game.state.units["US-1"])] = 5
    unit = game.state.units["US-1"]
    allowance = tactical(game).movement.allowance(unit, charge=True)
    assert "charge bonus (infantry)" not in [t.label for t in allowance.terms]
    assert allowance.total == 18
    with pytest.raises(IllegalActionError, match="charge bonus"):
        game.apply(Move("US-1", hexes(m, "0607", "0606", "0605", "0604")))


def test_the_window_offers_the_25_mp_charge() -> None:
    # The window's charge targets (gameapp/present/charges.py) read the same charge reach:
    # 0604 is offered from 0609, the move stopping in 0605 with 30 - 20 = 10 MPs left.
    from gameapp.present.charges import charge_targets

    game, m = charge_from(infantry("US-1"), "0609")
    targets = charge_targets(game, "US-1")
    assert targets[m.parse("0604")] == Move(
        "US-1", hexes(m, "0608", "0607", "0606", "0605", "0604"))
