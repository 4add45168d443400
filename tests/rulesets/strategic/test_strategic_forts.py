"""Forts, sieges and ships on the Hazel test map (13.0, 13.15, 13.4, 7.27, 11.0, 11.11,
11.13). Fort Ridley stands at 0804; its neighbours are 0905, 0904, 0803, 0704, 0705 and 0805.
Union divisions at 0904 and 0705 occupy two of them and control the other four: a siege."""

from __future__ import annotations

from fractions import Fraction

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import EndPhase, Land, March, NavalAttack, RazeFort
from gameapp.core.rulesets.strategic.naval_battle import NavalBattle
from gameapp.core.rulesets.strategic.pieces import Arm, Fort, Haul, Leader, Ship, Train, Vessel
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.sieges import (
    FortTaken,
    Hunger,
    SiegeRoll,
    StarvedOut,
    besieged,
    landing_refusal,
    siege_month,
)
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import empty_board, unit
from tests.rulesets.strategic.positions import add, command, refused, state_of, to_phase

U, C = Side.UNION, Side.CONFEDERATE


def siege(fortress: bool = False) -> Game:
    game = empty_board()
    add(game, Fort("ridley", C, game.map.parse("0804"), 5, fortress=fortress))
    unit(game, "g", C, "0804", 4, Arm.GARRISON)
    unit(game, "a", U, "0904", 12)
    unit(game, "b", U, "0705", 9)
    add(game, Train("st", U, Haul.SIEGE_TRAIN, game.map.parse("0705")))
    return game


def ridley(game: Game) -> Fort:
    fort = state_of(game).pieces["ridley"]
    assert isinstance(fort, Fort)
    return fort


def test_a_fort_is_besieged_when_every_neighbour_is_enemy_held_or_controlled() -> None:
    game = siege()
    assert besieged(state_of(game), game.rules.terrain, ridley(game))
    del state_of(game).pieces["b"]  # 0705, 0803... no longer all covered
    assert not besieged(state_of(game), game.rules.terrain, ridley(game))


def test_the_siege_month_13_0() -> None:
    game = siege(fortress=True)
    # one siege train; 21 SP besieging: +2; breaches on 6 or more, so on a 4, 5 or 6
    game.dice.forced = [4]
    events = siege_month(game._context())
    roll = next(e for e in events if isinstance(e, SiegeRoll))
    assert roll.needed == 4 and roll.chance == Fraction(1, 2) and roll.breached
    assert [(t.label, t.value) for t in roll.terms] == [("die", 4), ("21 SP besieging: +1 per "
                                                                       "10", 2)]
    # the fortress is peeled to a fort first; the garrison hungers (10 % of 4: at least 1)
    assert roll.now == "fort" and not ridley(game).fortress
    assert next(e for e in events if isinstance(e, Hunger)).loss == 1
    # next month the fort itself falls; the garrison stays in the hex under the besiegers
    game.dice.forced = [6]
    events = siege_month(game._context())
    assert next(e for e in events if isinstance(e, SiegeRoll)).now == "fallen"
    state = state_of(game)
    assert "ridley" not in state.pieces and state.gone["ridley"] == "fallen"
    assert state.pieces["g"].hex == game.map.parse("0804")


def test_a_garrison_besieged_two_month_ends_running_is_starved_out() -> None:
    game = siege()
    del state_of(game).pieces["st"]  # no siege train: hunger alone
    events = siege_month(game._context())
    assert [type(e) for e in events] == [Hunger]  # the first month: a tenth (at least 1 SP)
    assert state_of(game).pieces["g"].sp == 3
    events = siege_month(game._context())
    starved = next(e for e in events if isinstance(e, StarvedOut))
    assert (starved.fort, starved.months, starved.loss) == ("ridley", 2, 3)
    state = state_of(game)
    assert "g" not in state.pieces and "ridley" not in state.pieces
    assert state.gone["ridley"] == "fallen" and state.lost[C] >= 4  # 1 to hunger, 3 given up


def test_a_starved_garrisons_general_surrenders_with_it() -> None:
    # left alone in the hex he would bar it to the besiegers (West '63 seed 4: Pemberton and
    # Johnston in Vicksburg after its garrison gave up)
    game = siege()
    del state_of(game).pieces["st"]
    add(game, Leader("pemb", C, "Pemberton", 2, 2, 0, 3, game.map.parse("0804")))
    siege_month(game._context())
    events = siege_month(game._context())
    starved = next(e for e in events if isinstance(e, StarvedOut))
    assert starved.taken == ("pemb",)
    assert "pemb" not in state_of(game).pieces
    assert state_of(game).gone["pemb"] == "leader pool"  # 22.5


def test_a_siege_lifted_at_a_month_end_starts_its_count_again() -> None:
    game = siege()
    del state_of(game).pieces["st"]
    siege_month(game._context())
    b = state_of(game).pieces.pop("b")  # 0705 and its zone gone: the siege is lifted
    siege_month(game._context())
    state_of(game).pieces["b"] = b
    events = siege_month(game._context())  # besieged again: its first month-end, no surrender
    assert not any(isinstance(e, StarvedOut) for e in events)
    assert "ridley" in state_of(game).pieces


def test_no_landing_into_a_besieged_fort_7_27() -> None:
    game = siege()
    assert "besieged" in (landing_refusal(state_of(game), game.rules.terrain,
                                          game.map.parse("0804")) or "")
    assert landing_refusal(state_of(game), game.rules.terrain, game.map.parse("0704")) is None
    # a Confederate transport brings a division to the besieged fort: it may not land
    add(game, Ship("tr", C, Vessel.TRANSPORT, 0, game.map.parse("0804"), capacity=6,
                   cargo=("cx",)))
    unit(game, "cx", C, "0804", 5, aboard="tr")
    to_phase(game, StrategicPhase.COMMAND, C)
    command(game, "cx")
    error = refused(game, Land("cx"))
    assert error.rule == "004 7.27" and "besieged" in error.reason


def test_an_empty_enemy_fort_is_walked_into_13_15() -> None:
    game = empty_board()
    add(game, Fort("ridley", C, game.map.parse("0804"), 5))
    unit(game, "x", U, "0704", 6)
    command(game, "x")
    events = game.apply(March("x", (game.map.parse("0804"),)))
    assert FortTaken("ridley", U, "004 13.15") in events and ridley(game).side is U


def test_a_player_razes_his_own_unbesieged_fort_13_4() -> None:
    game = siege()
    to_phase(game, StrategicPhase.COMMAND, C)
    error = refused(game, RazeFort("ridley"))
    assert error.rule == "004 13.4" and "besieged" in error.reason
    del state_of(game).pieces["a"]
    game.apply(RazeFort("ridley"))
    assert "ridley" not in state_of(game).pieces and state_of(game).gone["ridley"] == "razed"


def test_warships_must_fight_the_enemy_ships_in_their_water_11_11_11_13_11_0() -> None:
    game = empty_board()
    add(game, Fort("ridley", C, game.map.parse("0804"), 5))
    add(game, Ship("gb", U, Vessel.GUNBOAT, 4, game.map.parse("0804")))
    add(game, Ship("tr", C, Vessel.TRANSPORT, 0, game.map.parse("0804"), capacity=4))
    to_phase(game, StrategicPhase.COMBAT)
    # 11.11: the phase does not end while the battle is owed
    assert refused(game, EndPhase()).rule == "004 11.11"
    assert EndPhase() not in list(game.legal_actions())  # nor is it offered
    events = game.apply(NavalAttack(game.map.parse("0804")))
    fought = next(e for e in events if isinstance(e, NavalBattle))
    # 11.13: a transport alone under warships is sunk; 11.0: the fort shelters nothing
    assert fought.outcome == "transports sunk" and "tr" not in state_of(game).pieces
    assert ("a fort shelters no ships", "004 11.0") in [(t.label, t.rule) for t in fought.terms]
    game.apply(EndPhase())


def test_a_naval_battle_on_the_results_table_11_11() -> None:
    game = empty_board()
    add(game, Ship("gb", U, Vessel.GUNBOAT, 10, game.map.parse("0804")))
    add(game, Ship("ic", C, Vessel.IRONCLAD, 5, game.map.parse("0804")))
    add(game, Ship("tr", C, Vessel.TRANSPORT, 0, game.map.parse("0804")))
    to_phase(game, StrategicPhase.COMBAT)
    game.dice.forced = [6]
    fought = next(e for e in game.apply(NavalAttack(game.map.parse("0804")))
                  if isinstance(e, NavalBattle))
    # 10 : 5 = 2:1, die 6: 5/25 R. 25 % of 5 = 1.25 -> 1 point: it sinks the ironclad (any
    # remainder sinks one ship, 8.16), and the transport shares its fate (11.13)
    assert fought.outcome == "5/25 R" and sum(fought.chances.values()) == 1
    assert [line.piece for line in fought.defender_lines] == ["ic", "tr"]
    assert "ic" not in state_of(game).pieces and "tr" not in state_of(game).pieces
