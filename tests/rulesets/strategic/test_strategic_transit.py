"""Ships passing an enemy fort's guns (R&C strategic transit, data/transit.yaml), on the Hazel
River: a Confederate fort at 0504, on the east bank. A ship sailing 0402 -> 0403 -> 0404 ->
0405 down the west bank passes 0503, then 0504 (the step 0403 -> 0404 sails by its side),
then 0505: the fort fires at the second step, and a fleet it turns back ends at 0403.

Hand-worked: a fort's guns 4 (the data's) against a gunboat flotilla of 4 is 1:1: the die
passes it on 1-4, turns it back on 5 and hits it on 6 (4/6, 1/6, 1/6). A transport fleet counts
4. An ironclad flotilla of 13 against 4 guns is under 1:3: no shot."""

from __future__ import annotations

from fractions import Fraction

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Sail
from gameapp.core.rulesets.strategic.events import Sailed
from gameapp.core.rulesets.strategic.pieces import Arm, Fort, Ship, Vessel
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.transit import (
    HIT,
    PASS,
    TRANSIT,
    TURNED_BACK,
    TransitFire,
    voyage_odds,
)
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import empty_board, unit
from tests.rulesets.strategic.positions import add, path, state_of, to_phase

U, C = Side.UNION, Side.CONFEDERATE
DOWNSTREAM = ("0403", "0404", "0405")


def fort_on_the_river(garrisoned: bool = True, guns: int | None = None) -> Game:
    game = empty_board()
    add(game, Fort("bluff", C, game.map.parse("0504"), 5, guns=guns))
    if garrisoned:
        unit(game, "g", C, "0504", 2, Arm.GARRISON)
    unit(game, "u", U, "0101", 6)  # the sides keep pieces on the map
    return game


def sail(game: Game, ship: str, *hexes: str) -> list[object]:
    to_phase(game, StrategicPhase.MOVEMENT)
    return list(game.apply(Sail(ship, path(game, *hexes))))


def fired(events: list[object]) -> TransitFire:
    return next(e for e in events if isinstance(e, TransitFire))


def test_a_fort_turns_back_a_gunboat_at_the_step_into_its_water() -> None:
    game = fort_on_the_river()
    add(game, Ship("ug", U, Vessel.GUNBOAT, 4, game.map.parse("0402")))
    game.dice.forced = [5]
    events = sail(game, "ug", *DOWNSTREAM)
    shot = fired(events)
    assert shot.fort == "bluff" and shot.roll == 5 and shot.result == TURNED_BACK
    assert [(t.label, t.value, t.rule) for t in shot.terms] == [
        ("the guns of bluff", 4, TRANSIT),
        ("the ships passing (warships' strength, each transport 4)", 4, TRANSIT),
        ("guns : ships rounded down: column 1:1", 2, TRANSIT)]
    assert shot.chances == {PASS: Fraction(4, 6), TURNED_BACK: Fraction(1, 6),
                            HIT: Fraction(1, 6)}
    ship = state_of(game).pieces["ug"]
    assert ship.hex == game.map.parse("0403") and shot.stopped_at == ship.hex
    sailed = next(e for e in events if isinstance(e, Sailed))
    assert sailed.path == (game.map.parse("0403"),)
    assert "ug" in state_of(game).moved  # its week's voyage is spent


def test_a_hit_sinks_a_ship_of_the_flotilla_and_the_rest_sail_on() -> None:
    game = fort_on_the_river()
    add(game, Ship("ug", U, Vessel.GUNBOAT, 4, game.map.parse("0402")))
    game.dice.forced = [6]
    shot = fired(sail(game, "ug", *DOWNSTREAM))
    assert shot.result == HIT
    ship = state_of(game).pieces["ug"]
    assert isinstance(ship, Ship) and ship.strength == 3 and ship.hex == game.map.parse("0405")
    assert [(line.piece, line.sp, line.rule) for line in shot.lines] == [("ug", 1, TRANSIT)]


def test_the_last_ship_of_a_flotilla_hit_sinks_it() -> None:
    game = fort_on_the_river()
    add(game, Ship("ug", U, Vessel.GUNBOAT, 1, game.map.parse("0402")))
    game.dice.forced = [6]  # guns 4 : 1 is 3:1 or more: a 6 hits
    shot = fired(sail(game, "ug", *DOWNSTREAM))
    assert shot.result == HIT and "ug" not in state_of(game).pieces
    assert state_of(game).gone["ug"] == "sunk passing a fort"


def test_a_transport_hit_loses_a_boat_with_1_sp_of_the_strongest_unit_aboard() -> None:
    game = fort_on_the_river()
    add(game, Ship("ut", U, Vessel.TRANSPORT, 0, game.map.parse("0402"), capacity=6,
                   cargo=("x", "y")))
    unit(game, "x", U, "0402", 4, aboard="ut")
    unit(game, "y", U, "0402", 2, aboard="ut")
    lost = state_of(game).lost[U]
    game.dice.forced = [6]
    shot = fired(sail(game, "ut", *DOWNSTREAM))
    assert shot.result == HIT
    assert state_of(game).pieces["x"].sp == 3 and state_of(game).pieces["y"].sp == 2
    assert state_of(game).lost[U] == lost + 1  # a loss: it scores for the enemy
    assert state_of(game).pieces["ut"].hex == game.map.parse("0405")


def test_an_empty_fort_fires_on_nobody_13_15() -> None:
    game = fort_on_the_river(garrisoned=False)
    add(game, Ship("ug", U, Vessel.GUNBOAT, 4, game.map.parse("0402")))
    events = sail(game, "ug", *DOWNSTREAM)
    assert not any(isinstance(e, TransitFire) for e in events)
    assert state_of(game).pieces["ug"].hex == game.map.parse("0405")


def test_a_fleet_three_times_the_guns_passes_without_a_die() -> None:
    game = fort_on_the_river()
    add(game, Ship("ui", U, Vessel.IRONCLAD, 13, game.map.parse("0402")))
    shot = fired(sail(game, "ui", *DOWNSTREAM))  # no die forced: none is rolled
    assert shot.roll is None and shot.result == PASS and shot.column is None
    assert state_of(game).pieces["ui"].hex == game.map.parse("0405")


def test_a_fort_of_the_ships_own_side_does_not_fire() -> None:
    game = fort_on_the_river()
    add(game, Ship("cg", C, Vessel.GUNBOAT, 4, game.map.parse("0402")))
    state = state_of(game)
    odds = voyage_odds(state, game.rules.terrain, [state.pieces["cg"]],  # type: ignore[list-item]
                       path(game, *DOWNSTREAM), False)
    assert odds == (Fraction(1), Fraction(0), [])


def test_the_odds_of_a_voyage_past_two_forts_before_sailing() -> None:
    game = fort_on_the_river(guns=8)  # 8 : 4 is 2:1: back on 3-4 (2/6), hit on 5-6 (2/6)
    add(game, Fort("lower", C, game.map.parse("0505"), 5))
    unit(game, "g2", C, "0505", 1, Arm.GARRISON)  # 4 : 4, 1:1: back 1/6, hit 1/6
    add(game, Ship("ug", U, Vessel.GUNBOAT, 4, game.map.parse("0402")))
    state = state_of(game)
    arrive, hurt, shots = voyage_odds(state, game.rules.terrain, [state.pieces["ug"]],  # type: ignore[list-item]
                                      path(game, *DOWNSTREAM), False)
    assert [s.fort for s in shots] == ["bluff", "lower"]
    assert arrive == Fraction(4, 6) * Fraction(5, 6)
    assert hurt == 1 - Fraction(4, 6) * Fraction(5, 6)


def test_a_scenario_gives_a_fort_its_guns() -> None:
    scenario = load_strategic("scenarios/west_1862.yaml")
    forts = {p.id: p for p in scenario.pieces if isinstance(p, Fort)}
    assert forts["f_columbus"].guns == 8  # the Gibraltar of the West
    assert forts["f_donelson"].guns is None  # the data's 4
