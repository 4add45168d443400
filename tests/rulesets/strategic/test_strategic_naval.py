"""Ships on the Hazel River (navigable between columns 04 and 05): 5.27, 7.16, 9.5, 11.11, and
troops embarking, sailing and landing."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Embark, Land, Sail
from gameapp.core.rulesets.strategic.pieces import Arm, Division, Ship, Vessel
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import (
    HAZEL,
    SMALL_MAP,
    add,
    command,
    hazel_game,
    path,
    refused,
    state_of,
    to_phase,
)


def flotillas(game: Game) -> None:
    """A Union transport and gunboat at 0402, a Confederate gunboat at 0405."""
    m = game.map
    add(game, Ship("ut", Side.UNION, Vessel.TRANSPORT, 0, m.parse("0402"), capacity=6))
    add(game, Ship("ug", Side.UNION, Vessel.GUNBOAT, 4, m.parse("0402")))
    add(game, Ship("cg", Side.CONFEDERATE, Vessel.GUNBOAT, 4, m.parse("0405")))


def test_ships_sail_without_a_command_along_the_river_5_27() -> None:
    game = hazel_game()
    flotillas(game)
    to_phase(game, StrategicPhase.MOVEMENT)
    # no order, no roll: the transport sails down the river bank hexes
    game.apply(Sail("ut", path(game, "0403", "0404")))
    assert state_of(game).pieces["ut"].hex == game.map.parse("0404")
    # but not inland, off the navigable river
    error = refused(game, Sail("ug", path(game, "0302")))
    assert error.rule == "R&C strategic water" and "navigable" in error.reason


def test_transports_never_enter_water_with_enemy_warships_7_16() -> None:
    game = hazel_game()
    flotillas(game)
    to_phase(game, StrategicPhase.MOVEMENT)
    # the gunboat goes first and stops by the enemy's (11.11) ...
    game.apply(Sail("ug", path(game, "0403", "0404", "0405")))
    # ... and still the transport may not follow it there
    error = refused(game, Sail("ut", path(game, "0403", "0404", "0405")))
    assert error.rule == "004 7.16"
    assert all(a.path[-1] != game.map.parse("0405") for a in game.legal_actions()
               if isinstance(a, Sail) and a.ship == "ut")


def test_a_ship_entering_enemy_ships_water_stops_11_11() -> None:
    game = hazel_game()
    flotillas(game)
    to_phase(game, StrategicPhase.MOVEMENT)
    error = refused(game, Sail("ug", path(game, "0403", "0404", "0405", "0406")))
    assert error.rule == "004 11.11"


def test_troops_embark_sail_and_land_and_aboard_control_nothing() -> None:
    game = hazel_game()
    flotillas(game)
    add(game, Division("x", Side.UNION, "x", Arm.INFANTRY, 5, 3, game.map.parse("0402")))
    command(game, "x", at="0402")
    game.apply(Embark("x", "ut"))
    unit = state_of(game).pieces["x"]
    assert isinstance(unit, Division) and unit.aboard == "ut"
    assert game.map.parse("0402") not in Board.of(state_of(game),
                                                  game.rules.terrain).combat[Side.UNION]
    game.apply(Sail("ut", path(game, "0403")))
    assert state_of(game).pieces["x"].hex == game.map.parse("0403")  # carried with the ship
    game.apply(Land("x"))
    assert state_of(game).pieces["x"].aboard is None  # type: ignore[union-attr]


def test_no_embarking_or_landing_where_an_enemy_warship_sits_9_5() -> None:
    game = hazel_game()
    flotillas(game)
    m = game.map
    add(game, Division("x", Side.UNION, "x", Arm.INFANTRY, 5, 3, m.parse("0405")))
    state_of(game).move("ut", m.parse("0405"))
    command(game, "x", at="0405")
    error = refused(game, Embark("x", "ut"))
    assert error.rule == "004 9.5"


def test_troops_do_not_simply_land_among_the_enemy_7_24() -> None:
    game = hazel_game()
    flotillas(game)
    m = game.map
    add(game, Division("x", Side.UNION, "x", Arm.INFANTRY, 5, 3, m.parse("0402")))
    command(game, "x", at="0402")
    game.apply(Embark("x", "ut"))
    game.apply(Sail("ut", path(game, "0403")))
    add(game, Division("cx", Side.CONFEDERATE, "cx", Arm.INFANTRY, 4, 3, m.parse("0403")))
    error = refused(game, Land("x"))
    assert error.rule == "004 7.24" and "amphibious assault" in error.reason


def game_starting(tmp_path: Path, day: str) -> Game:
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    path.write_text(HAZEL.read_text(encoding="utf-8").replace('"1862-03-01"', f'"{day}"'))
    return hazel_game(path=path)


@pytest.mark.parametrize(("day", "passes"), [("1862-03-01", False), ("1862-04-05", True)])
def test_ships_pass_the_shoals_only_at_high_water_in_april_7_51(tmp_path: Path, day: str,
                                                               passes: bool) -> None:
    game = game_starting(tmp_path, day)
    flotillas(game)
    state_of(game).move("ug", game.map.parse("0404"))
    state_of(game).move("cg", game.map.parse("0401"))  # out of the way
    to_phase(game, StrategicPhase.MOVEMENT)
    # the Hazel's last hexsides, past 0506, are shoals: 0405 -> 0406 runs along them
    action = Sail("ug", path(game, "0405", "0406"))
    if passes:
        game.apply(action)
        assert state_of(game).pieces["ug"].hex == game.map.parse("0406")
    else:
        error = refused(game, action)
        assert error.rule == "004 7.51" and "April" in error.reason
        game.apply(Sail("ug", path(game, "0405")))  # above the shoals it sails on
