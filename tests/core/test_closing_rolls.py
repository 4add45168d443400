"""The option `closing_rolls`: a unit must pass a roll to close before its charge is declared
(003 3.5, 3.5a, 3.5c); docs/rules.md, "Closing rolls"."""

from __future__ import annotations

from gameapp.core.actions import Move
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import ChargeDeclared, ClosingRoll, Event
from gameapp.core.units import Formation, Side, Status
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place


def charge(roll: int, cs_facing: int = S, us_formation: Formation = Formation.LINE,
           **options: bool) -> tuple[Game, list[Event]]:
    """US-1 (line, ML 35) moves 0607 > 0606 > 0605 and charges CS-1 in 0604 (15 MPs: not an
    immediate charge). A Confederate battery, unlimbered in 0603 facing S, has 0605 two hexes
    off, inside its canister band."""
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0607", N, us_formation),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", cs_facing),
                       place(artillery("CS-A", Side.CONFEDERATE), m, "0603", S,
                             Formation.UNLIMBERED)], **options)
    game.dice = Dice.forcing([roll])
    return game, game.apply(Move("US-1", tuple(m.parse(h) for h in ("0606", "0605", "0604"))))


def test_without_the_option_the_charge_is_declared_without_a_roll() -> None:
    game, events = charge(66)
    assert any(isinstance(e, ChargeDeclared) for e in events) and not game.dice.history


def test_a_failed_roll_calls_the_charge_off_and_ends_the_move() -> None:
    # The level: printed 35, open flanks (7.27: 0506 and 0706 hold no formed friend) -2 -2
    # -> 31 (four places back: 34, 33, 32, 31), canister on 0605 from CS-A -6 places, one
    # tens digit -> 21 (003 3.5). 36 > 21: it fails.
    game, events = charge(36, closing_rolls=True)
    rolled = next(e for e in events if isinstance(e, ClosingRoll))
    assert (rolled.roll, rolled.passed, rolled.rule) == (36, False, "003 3.5")
    assert [t.value for t in rolled.level.terms] == [35, -2, -2, -6]
    assert rolled.level.terms[-1].label == "enemy canister on the closing hex"
    assert not any(isinstance(e, ChargeDeclared) for e in events)
    us = game.state.units["US-1"]
    assert game.map.hex_id(us.hex) == "0605" and Status.CHARGE not in us.status  # 3.5c
    assert game.state.charges == {} and game.pending_decision is None
    assert "US-1" not in {m.unit_id for m in game.legal_actions() if hasattr(m, "path")}


def test_a_roll_at_or_under_the_level_closes_and_the_charge_goes_on() -> None:
    game, events = charge(21, closing_rolls=True)  # 21 <= 21
    assert next(e for e in events if isinstance(e, ClosingRoll)).passed
    assert game.state.charges == {game.map.parse("0604"): ("US-1",)}


def test_no_roll_when_no_enemy_next_to_the_closing_hex_can_fire_at_it() -> None:
    # CS-1 faces N, away from 0605: it cannot fire there, and nobody else is next to 0605
    # (3.5a); the battery's canister alone calls for no roll.
    game, events = charge(66, cs_facing=N, closing_rolls=True)
    rolled = next(e for e in events if isinstance(e, ClosingRoll))
    assert rolled.roll is None and rolled.passed and rolled.rule == "003 3.5a"
    assert not game.dice.history


def test_open_order_closes_without_a_roll() -> None:
    game, events = charge(66, us_formation=Formation.SKIRMISH, closing_rolls=True)
    rolled = next(e for e in events if isinstance(e, ClosingRoll))
    assert rolled.roll is None and rolled.passed and not game.dice.history
