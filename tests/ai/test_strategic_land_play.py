"""The strategic computer player's land play (docs/ai.md, "The land play, read from the logs"):
distances measured in marching, empty HQs going to their troops, fortresses invested."""

from __future__ import annotations

from pathlib import Path

from gameapp.ai.settings import Difficulty
from gameapp.ai.strategic.marches import MarchCosts
from gameapp.ai.strategic.movement_cas import MoveForce
from gameapp.ai.strategic.objectives import OUTNUMBER, landing_threat, targets
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.ai.strategic.settings import STRATEGIC_WEIGHTS
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import March
from gameapp.core.rulesets.strategic.pieces import Arm, Fort, Ship, Vessel
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import empty_board
from tests.rulesets.strategic.battles import unit as add_unit
from tests.rulesets.strategic.positions import add, hazel_game, place, state_of, to_phase


def test_a_march_across_a_river_costs_more_than_the_crow_flies() -> None:
    game = hazel_game()
    terrain: TerrainCosts = game.rules.terrain
    west, east = game.map.parse("0403"), game.map.parse("0503")  # the Hazel River between
    costs = MarchCosts(terrain).to(east)
    step = sum(t.value for t in terrain.step(west, east))
    assert west.distance(east) == 1
    # more than the one hex the crow flies, and no more than the straight step's ground and
    # river crossing as the engine counts them (a road bridge nearby may be cheaper)
    assert 1 < costs[west] <= step
    assert costs[east] == 0


def test_an_empty_hq_goes_with_its_commander_to_troops_without_a_general() -> None:
    # McDowell's army HQ has nobody on its roster; Ricketts's 6 SP wait at 0305 with no general
    game = hazel_game()
    place(game, "u3", "0305")
    to_phase(game, StrategicPhase.MOVEMENT)
    player = StrategicPlayer(Side.UNION)
    pos = player.staff.look(game)
    hq = state_of(game).pieces["army-va"]
    moves = MoveForce(player.staff)._moves(pos, hq, "mcdowell")
    assert moves and isinstance(moves[0].action, March)
    troops = game.map.parse("0305")
    assert moves[0].action.path[-1].distance(troops) < hq.hex.distance(troops)


def test_a_fortress_too_strong_to_storm_is_invested_on_its_open_sides() -> None:
    # Hill's 6 SP hold Hazelton in a fort; 32 Union SP stand three hexes off
    game = hazel_game()
    hazelton = game.map.parse("0702")
    add(game, Fort("hazel_works", Side.CONFEDERATE, hazelton, 8))
    for unit in ("u1", "u3", "u6", "u4", "u2"):
        place(game, unit, "0402")
    to_phase(game, StrategicPhase.MOVEMENT)
    player = StrategicPlayer(Side.UNION)
    pos = player.staff.look(game)
    sides = {t.hex for t in targets(pos, player.staff.weights) if t.siege}
    land = {n for n in hazelton.neighbors()
            if game.map.contains(n) and not pos.terrain.terrain(n).is_water}
    assert sides and sides <= land
    assert sides == land - pos.board.zoc[Side.UNION]  # the open ones, none yet held


def test_the_capital_keeps_a_garrison_against_a_landing_from_the_river() -> None:
    # East '62, week 1: McClellan's fleet (room 20) lies at Alexandria beside Franklin 11,
    # Richardson 9 and Blenker 9 (29 SP; the garrison's 1 SP threatens no one). Hampton is 11
    # hexes of its week's 12 and Richmond 6 more: not this week, but within two weeks'
    # sailing: half of min(20, 29) = 10. The North Carolina transport at C3423 has no troops
    # aboard or beside it: 0. Before this, Richmond had no guard against it, and in seed 8 6 SP
    # sailed up the James in week 2 and took the empty city (sudden death).
    game = Game.from_scenario(Path("scenarios/east_1862.yaml"), seed=8)
    to_phase(game, StrategicPhase.MOVEMENT)
    pos = StrategicPlayer(Side.CONFEDERATE).staff.look(game)
    richmond = game.map.parse("C2516")
    assert landing_threat(pos, richmond) == 10
    garrison = [t for t in targets(pos, STRATEGIC_WEIGHTS[Difficulty.NORMAL])
                if t.hex == richmond and "garrison" in t.what]
    assert garrison and garrison[0].needed == OUTNUMBER * 10


def test_an_enemy_stack_pulls_only_a_force_that_could_beat_it_on_its_ground() -> None:
    """West '64, seeds 2 and 8 on main: the Union's two armies (49 and 47 SP, under different
    commanders, 10.14) stood beside Johnston's 47 SP on rough ground for fifteen weeks, ordered
    each week "toward 47 enemy SP", never attacking. Now a stack pulls only when one battle's
    force (a stack and the strongest beside it, 8.21) outnumbers it 1.5 times, and each column
    its ground or works would shift asks 1.5 times more. Here 10 Confederate SP at 0604."""
    game = empty_board()
    add_unit(game, "c", Side.CONFEDERATE, "0604", 10)
    add_unit(game, "a", Side.UNION, "0602", 12)
    add_unit(game, "b", Side.UNION, "0605", 12)  # 3 hexes from a: two battles of 12, not one of 24
    to_phase(game, StrategicPhase.MOVEMENT)

    def pulled() -> bool:
        pos = StrategicPlayer(Side.UNION).staff.look(game)
        return any(t.what.startswith("10 enemy SP") for t in targets(pos, STRATEGIC_WEIGHTS[
            Difficulty.NORMAL]))

    assert not pulled()  # 12 < 15, though 24 Union SP stand within 3 hexes
    place(game, "b", "0603")  # next to a: one battle of 24 >= 15 on clear ground
    assert pulled()
    add(game, Fort("works", Side.CONFEDERATE, game.map.parse("0604"), 10))  # 2 columns
    assert not pulled()  # 24 < 15 * 1.5 * 1.5 = 33.75


def test_an_enemy_fort_barring_the_river_is_a_target_for_a_side_with_ships() -> None:
    # a Confederate battery on the Hazel River at 0505 (not a victory place) with 2 SP in it;
    # it fires on Union ships passing, so the Union, which has a transport, goes for it
    # (river_forts.py: Grant's Henry and Donelson); a fort off the water is no such target
    game = hazel_game()
    river, inland = game.map.parse("0505"), game.map.parse("0804")  # 0804: Fort Ridley
    assert game.rules.terrain.on_water(river) and not game.rules.terrain.on_water(inland)
    add(game, Fort("river_works", Side.CONFEDERATE, river, 5))
    add_unit(game, "gunners", Side.CONFEDERATE, "0505", 2, Arm.GARRISON)
    to_phase(game, StrategicPhase.MOVEMENT)
    player = StrategicPlayer(Side.UNION)

    def barring() -> set[str]:
        pos = player.staff.look(game)
        return {t.what for t in targets(pos, player.staff.weights)
                if "an enemy fort barring the river" in t.what}

    assert barring() == set()  # no Union ship on the map: the river is nothing to us
    add(game, Ship("tr", Side.UNION, Vessel.TRANSPORT, 0, game.map.parse("0402"), capacity=6))
    player = StrategicPlayer(Side.UNION)
    assert barring() == {"0505 (river_works), an enemy fort barring the river"}
