"""The computer player's guns, and what a victory hex it takes is worth (issue 9).

On the demo the Confederate batteries never fired a shot in a game: a gun counted an enemy it
could hit beyond 3 hexes only where that enemy's own field of fire reached the gun, and no
musket reaches as far as a gun; Eubank's battery stood unlimbered at 1908, seeing nothing,
because it limbered only with no enemy within 8 hexes; and limbered guns went to hexes on steep
slopes, where they may not unlimber (TEC N5). Hand-made positions, and the demo's own start.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gameapp.ai.hints import SideHints
from gameapp.ai.move_choice import _fire_share, unit_candidates
from gameapp.ai.objectives import RETAKE_HEXES, TAKE_WEIGHT, Objectives
from gameapp.ai.settings import STANCES, WEIGHTS, Difficulty, Posture
from gameapp.core.actions import ChangeFormation, EndPhase, Move, Pass
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import VictoryHex
from gameapp.core.terrain import Terrain
from gameapp.core.units import Formation, Side
from tests.ai.contexts import move_context
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"


def _gun_and_line(woods_between: bool) -> Game:
    """A Union battery unlimbered at 0610 facing north, a Confederate line 7 hexes north at
    0603 (its rifles reach 3 hexes: its field never comes near the gun); `woods_between`: a
    belt of woods across rows 06 and 07 blocks the line of sight."""
    m = blank_map()
    if woods_between:
        for col in range(1, 13):
            for row in ("06", "07"):
                m.set_terrain(m.parse(f"{col:02d}{row}"), Terrain.WOODS)
    return game_on(m, [place(artillery("gun"), m, "0610", N, Formation.UNLIMBERED),
                       place(infantry("reb", Side.CONFEDERATE, brigade="Gray"), m, "0603", S)])


def test_a_gun_counts_a_target_it_sees_beyond_the_targets_own_range() -> None:
    clear = _gun_and_line(woods_between=False)
    gun = clear.state.units["gun"]
    fire = tactical(clear).fire
    assert clear.map.parse("0603") in fire.field("gun")  # the engine: in range, seen
    assert gun.hex not in fire.field("reb")  # the musket's field stops short of the gun
    ctx = move_context(clear)
    assert ctx.influence.offense(gun, gun.hex, N) > 0

    blocked = _gun_and_line(woods_between=True)
    assert blocked.map.parse("0603") not in tactical(blocked).fire.field("gun")
    ctx = move_context(blocked)
    assert ctx.influence.offense(gun, gun.hex, N) == 0


def behind_the_crest(game: Game) -> Game:
    """Eubank's battery where the demo once set it up: 1908, crests on its NW and SW hexsides
    (TEC N17), seeing three hexes of its own ridge (issue 27 moved it to 1909)."""
    eubank = game.state.units["CS-Eubank"]
    game.state.units["CS-Eubank"] = replace(eubank, hex=game.map.parse("1908"))
    return game


def test_a_gun_that_sees_nothing_limbers_to_go_where_it_can_fire() -> None:
    """Eubank's battery at 1908, unlimbered, has three hexes in its field of fire, none with an
    enemy in it, though the Union line is 5 to 9 hexes off: it limbers."""
    game = behind_the_crest(Game.from_scenario(DEMO))
    eubank = game.state.units["CS-Eubank"]
    assert eubank.formation is Formation.UNLIMBERED
    assert not tactical(game).fire.targets("CS-Eubank")
    ctx = move_context(game, side=Side.CONFEDERATE, level=Difficulty.HARD)
    limber = [c for c in unit_candidates(ctx, eubank)
              if c.action == ChangeFormation("CS-Eubank", Formation.LIMBERED)]
    assert len(limber) == 1 and limber[0].score > 0
    assert "nothing in range and in sight" in str(limber[0].why)


def test_a_limbered_gun_counts_no_fire_where_it_may_not_unlimber() -> None:
    """A limbered battery at 0610 with a steep slope up to 0609 on its north side (60 feet): it
    may not unlimber there (TEC N5), so standing there is worth none of its fire, and no
    unlimbering is offered; at 0310, on the level, half its fire (it unlimbers next)."""
    m = blank_map()
    m.set_elevation(m.parse("0609"), 60)
    game = game_on(m, [place(artillery("gun"), m, "0610", N),
                       place(infantry("reb", Side.CONFEDERATE, brigade="Gray"), m, "0603", S)])
    gun = game.state.units["gun"]
    assert not tactical(game).movement.may_unlimber_at(gun.hex)
    assert tactical(game).movement.may_unlimber_at(m.parse("0310"))
    ctx = move_context(game)
    assert _fire_share(ctx, gun) == 0.0
    assert _fire_share(ctx, replace(gun, hex=m.parse("0310"))) == 0.5
    assert not [c for c in unit_candidates(ctx, gun) if isinstance(c.action, ChangeFormation)]
    assert any(isinstance(c.action, Move) for c in unit_candidates(ctx, gun))


def test_a_unit_taking_a_hex_still_feels_the_pull_of_the_next() -> None:
    """A bridge worth 2 that nobody holds at 0606 and a Confederate town worth 3 at 0602, 4
    hexes on; the Union is behind (0 to 3) with two movement phases left, so the hexes not
    held pull over 4 x (2 - 1) + 1 = 5 hexes, the nearest-valued one counting (the pull is
    the best of them, not their sum). Attacking (take 1, 0.06 a hex to its nearest target):
    - on the bridge: taking it, 2, and the town 4 hexes on, 6 x (1 - 4/5) = 1.2, the bridge
      itself a target (0 hexes): 3.2. Before, taking the bridge counted alone: 2.0;
    - at 0605 next door: the better of the bridge's 2 x (1 - 1/5) = 1.6 and the town's
      6 x (1 - 3/5) = 2.4, less 1 x 0.06: 2.34, which beat the bridge (on the demo the 15th
      South Carolina marched through the bridge toward Hazelton rather than stop on it)."""
    m = blank_map(14, 14)
    bridge = VictoryHex(m.parse("0606"), "bridge", 2)
    town = VictoryHex(m.parse("0602"), "town", 3, Side.CONFEDERATE)
    game = game_on(m, [place(infantry("u"), m, "0610", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "1301", S)],
                   victory_hexes=(bridge, town))
    game = Game.from_scenario(replace(game.scenario,
                                      clock=replace(game.scenario.clock, last_turn=2)))
    objectives = Objectives.build(game, Side.UNION, SideHints(Posture.ATTACK),
                                  STANCES[Posture.ATTACK], 40, 0)
    assert objectives.behind and objectives.turns_left == 2
    assert objectives.targets == [m.parse("0602"), m.parse("0606")]
    enemy = frozenset({m.parse("1301")})
    on_bridge = objectives.value(m.parse("0606"), enemy)
    assert abs(on_bridge - (TAKE_WEIGHT * 2 + 6 * (1 - 4 / 5))) < 1e-9
    next_door = objectives.value(m.parse("0605"), enemy)
    assert abs(next_door - (6 * (1 - 3 / 5) - 0.06)) < 1e-9
    assert on_bridge > next_door


def _bridge_game(enemy_at: str, last_turn: int = 9) -> Game:
    """A bridge worth 2 that nobody holds at 0606, a Union line at 0610, a Confederate line at
    `enemy_at`, the Union moving first."""
    m = blank_map(14, 14)
    bridge = VictoryHex(m.parse("0606"), "bridge", 2)
    game = game_on(m, [place(infantry("u"), m, "0610", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, enemy_at, S)],
                   victory_hexes=(bridge,))
    clock = replace(game.scenario.clock, last_turn=last_turn)
    return Game.from_scenario(replace(game.scenario, clock=clock))


def _take_value(game: Game, level: Difficulty) -> float:
    """What standing on the bridge is worth to the Union, defending: the bridge is its only
    target, so no attack term, and no other hex pulls."""
    w = WEIGHTS[level]
    objectives = Objectives.build(game, Side.UNION, SideHints(Posture.DEFEND),
                                  STANCES[Posture.DEFEND], w.horizon, 0, w.keeps_contested)
    enemy = frozenset(u.hex for u in game.state.side_units(Side.CONFEDERATE))
    return objectives.value(game.map.parse("0606"), enemy)


def test_hard_counts_a_fifth_of_a_hex_the_enemy_can_come_back_for() -> None:
    """Taking the bridge swings 2 points (nobody holds it). With a Confederate line 4 hexes
    off (RETAKE_HEXES, a move) and a movement phase still to come, hard counts 2 x 0.2 = 0.4 of
    it (it is scored only if it is still ours at the end); normal counts all 2. Five hexes off,
    hard counts all of it too."""
    assert RETAKE_HEXES == 4 and WEIGHTS[Difficulty.HARD].keeps_contested == 0.2
    near = _bridge_game(enemy_at="0602")
    far = _bridge_game(enemy_at="0601")
    assert near.map.parse("0602").distance(near.map.parse("0606")) == 4
    assert abs(_take_value(near, Difficulty.HARD) - TAKE_WEIGHT * 2 * 0.2) < 1e-9
    assert abs(_take_value(near, Difficulty.NORMAL) - TAKE_WEIGHT * 2) < 1e-9
    assert abs(_take_value(far, Difficulty.HARD) - TAKE_WEIGHT * 2) < 1e-9


def test_hard_counts_all_of_a_hex_taken_when_the_enemy_moves_no_more() -> None:
    """The last turn, the Confederates' movement phase (the Union moved first): no Union
    movement phase is left, so the Confederates count the whole swing of a bridge they take
    with a Union line 4 hexes off."""
    game = _bridge_game(enemy_at="0602", last_turn=1)
    while not (game.acting_side is Side.CONFEDERATE and game.phase is Phase.MOVEMENT):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, EndPhase | Pass)))
    w = WEIGHTS[Difficulty.HARD]
    objectives = Objectives.build(game, Side.CONFEDERATE, SideHints(Posture.DEFEND),
                                  STANCES[Posture.DEFEND], w.horizon, 0, w.keeps_contested)
    assert not objectives.enemy_moves_again
    union = frozenset({game.map.parse("0610")})
    assert game.map.parse("0610").distance(game.map.parse("0606")) == 4
    assert abs(objectives.value(game.map.parse("0606"), union) - TAKE_WEIGHT * 2) < 1e-9
