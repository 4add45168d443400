"""A battery prices the charge that may take its guns (issue 30): where formed enemy infantry
or cavalry can reach it in their next movement phase and no friend of its own stands in its
hex, a battery routed by a charge leaves every gun to the victors (7.33, docs/rules.md
"Routed gunners"). Hand-made positions, the figures worked in the comments."""

from __future__ import annotations

from dataclasses import replace

from gameapp.ai.move_choice import _capture_risk, unit_candidates
from gameapp.ai.player import AIPlayer
from gameapp.ai.settings import Posture
from gameapp.core.actions import ChangeFormation, Move
from gameapp.core.engine import Game
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side, Status
from gameapp.core.victorypoints import Expectation, VictoryPoints
from tests.ai.contexts import move_context
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place, seal


def _battery_facing(enemy_at: str, friend: bool = False, shaken: bool = False,
                    second: str | None = None) -> Game:
    """A Union 4-gun battery (morale 41) unlimbered at 0608 facing north; a Confederate 5-SP
    line at `enemy_at`, facing south (and another at `second`); `friend`: a Union 5-SP line
    in the battery's hex."""
    m = blank_map()
    gun = place(artillery("g"), m, "0608", N, Formation.UNLIMBERED)
    enemy = place(infantry("c", Side.CONFEDERATE), m, enemy_at, S)
    if shaken:
        enemy = replace(enemy, status=enemy.status | {Status.SHAKEN})
    units = [gun, enemy]
    if second is not None:
        units.append(place(infantry("c2", Side.CONFEDERATE), m, second, S))
    if friend:
        units.append(place(infantry("u"), m, "0608", N))
    return game_on(m, units)


def _risk(game: Game) -> float:
    ctx = move_context(game, posture=Posture.DEFEND)
    battery = game.state.units["g"]
    friends = [u for u in game.state.units.values()
               if u.hex == battery.hex and u.id != battery.id and u.side is battery.side]
    return _capture_risk(ctx, battery, friends)


def test_a_battery_alone_within_a_charge_prices_its_guns() -> None:
    """The line 3 hexes off can move next to the battery and charge. The battery fails its
    7.33 check on 17 rolls of 36 (a d66 above 41: 42-46 and 51-66), the enemy may not come
    (the chance 1/2), and its 4 guns are each worth a strength point to the enemy (the
    scenario has no `victory_points`): 0.5 x 17/36 x 4 = 0.944 VP."""
    assert abs(_risk(_battery_facing("0605")) - 0.5 * 17 / 36 * 4) < 1e-9


def test_more_chargers_take_more_off_the_gunners_morale() -> None:
    """Two lines in reach, 10 SPs against 4: the 2-1 column, 6D, so the battery checks 6 steps
    down the d66 sequence from 41 (36, 35, 34, 33, 32, 31: the engine's count, 8.0), at 31,
    and passes on 11-16, 21-26 and 31, 13 rolls of 36: 0.5 x 23/36 x 4 = 1.278 VP. (5 SPs
    against 4 is the 1-1 column, NE: the first test's 17/36 to fail. Until session 10 the
    price took the 6 off the number, 35, and passed 17 rolls.)"""
    assert abs(_risk(_battery_facing("0605", second="0705")) - 0.5 * 23 / 36 * 4) < 1e-9


def test_an_exhausted_battery_checks_lower() -> None:
    """Its brigade (the battery's own) at exhaustion 5: 6 steps off its level (7.2), 41 to 31,
    at the 1-1 column too: it fails on 23 rolls of 36 where it failed on 17, 0.5 x 23/36 x 4
    = 1.278 VP. A quarter of its guns' crews lost (1 of 4, the Union's row): 6 steps more,
    and its 3 SPs against the line's 5 are the 1.5-1 column, 3D: 15 steps down from 41, to
    14, failing on 32 rolls, 0.5 x 32/36 x 3 = 1.333 VP. The replays of session 10 (hard
    seeds 30 and 41): the batteries taken had fired all day, at exhaustion 5-7, their levels
    23-34 where the price read 44."""
    game = _battery_facing("0605")
    battery = game.state.units["g"]
    game.state.exhaustion[f"union/{battery.defn.brigade or battery.id}"] = 5
    assert abs(_risk(game) - 0.5 * 23 / 36 * 4) < 1e-9
    game.state.units["g"] = replace(battery, losses=1)
    assert abs(_risk(game) - 0.5 * 32 / 36 * 3) < 1e-9


def test_the_price_is_what_the_scenario_scores_a_gun_taken() -> None:
    """Slaughter Mountain's points: a crew 0.2 and a gun 1, the Union's points counted twice.
    A Union gun taken is 1.2 to the Confederates; a Confederate gun taken would be 2.4 to the
    Union. The Union battery: 0.5 x 17/36 x 4 x 1.2 = 1.133 VP."""
    game = _battery_facing("0605")
    points = VictoryPoints(0.2, 1.0, Expectation(Side.UNION, 2.0, "one against two"))
    game.scenario = replace(game.scenario, victory_points=points)
    assert abs(_risk(game) - 0.5 * 17 / 36 * 4 * 1.2) < 1e-9


def test_limbered_guns_are_charged_on_the_flank() -> None:
    """Limbered, the battery is charged as a column, on its flank: 5 SPs x 2 = 10 against 4,
    the 2-1 column, 6D: it fails on 23 rolls of 36 (above 31), 0.5 x 23/36 x 4 = 1.278 VP,
    where unlimbered it fails on 17."""
    game = _battery_facing("0605")
    game.state.units["g"] = replace(game.state.units["g"], formation=Formation.LIMBERED)
    assert abs(_risk(game) - 0.5 * 23 / 36 * 4) < 1e-9


def test_a_friend_in_the_hex_keeps_the_guns_when_it_stands() -> None:
    """A Union 5-SP line (morale 35) in the battery's hex: 5 SPs against 9 is the 1-2 column
    (7A), the defenders' levels are untouched, and one d66 for the stack (8.41) takes the
    guns only when it beats the steadier level, the battery's 41: 17/36 as alone. A steadier
    friend (morale 55) keeps them unless the roll beats 55 (56 and 61-66, 7 rolls): 0.5 x
    7/36 x 4 = 0.389 VP."""
    assert abs(_risk(_battery_facing("0605", friend=True)) - 0.5 * 17 / 36 * 4) < 1e-9
    game = _battery_facing("0605", friend=True)
    line = game.state.units["u"]
    game.state.units["u"] = replace(line, defn=replace(line.defn, morale=55))
    assert abs(_risk(game) - 0.5 * 7 / 36 * 4) < 1e-9


def test_no_price_out_of_reach_or_against_shaken_enemies() -> None:
    """A line 7 hexes off cannot come next to the battery in one move; a shaken line may not
    move."""
    assert _risk(_battery_facing("0601")) == 0.0
    assert _risk(_battery_facing("0605", shaken=True)) == 0.0


def test_a_battery_alone_in_reach_limbers_or_leaves_rather_than_stand() -> None:
    """With the line 3 hexes off, the battery limbers to pull out, and limbered, the best place
    it can go is out of the line's reach."""
    game = _battery_facing("0605")
    ctx = move_context(game, posture=Posture.DEFEND)
    best = max(unit_candidates(ctx, game.state.units["g"]), key=lambda c: c.score)
    assert best.action == ChangeFormation("g", Formation.LIMBERED)
    # its fire at the line 3 hexes off is 0.08 VP; the capture's 0.944 (times the defend
    # posture's caution 1.0) and the line's fire make it pull out
    assert best.why.startswith("limbers g to pull out: 1.03 VP of enemy fire and charges")
    ctx.game.state.units["g"] = replace(game.state.units["g"], formation=Formation.LIMBERED)
    ctx.refresh()
    moves = [(c.score, c.action) for c in unit_candidates(ctx, ctx.game.state.units["g"])
             if isinstance(c.action, Move)]
    best_move = max(moves, key=lambda c: c[0])[1]
    assert ctx.influence.chargers(best_move.path[-1]) == 0


def test_a_battery_that_limbers_to_pull_out_moves_off_in_the_same_phase() -> None:
    """Limbering costs the battery 0 MPs of its 24 here (the line's field of fire does not
    reach 0608 from 0605 through its front: 4 MPs if it did), so having limbered it still
    moves: out of the line's reach in the same phase (issue 30, session 10: the player used to
    stop a unit after any formation change, and the limbered battery stood in its hex to be
    charged as a column on the flank, 2-1 and 6D instead of 1-1 and NE)."""
    game = _battery_facing("0605")
    player = AIPlayer(Side.UNION, 1, posture=Posture.DEFEND)
    first = player.decide(game)
    assert first.action == ChangeFormation("g", Formation.LIMBERED)
    game.apply(first.action)
    second = player.decide(game)
    assert isinstance(second.action, Move) and second.action.unit_id == "g"
    game.apply(second.action)
    battery = game.state.units["g"]
    assert battery.formation is Formation.LIMBERED
    assert battery.hex.distance(game.state.units["c"].hex) > 3
    ctx = move_context(game, posture=Posture.DEFEND)
    assert ctx.influence.chargers(battery.hex) == 0
    assert _risk(game) == 0.0


def test_a_battery_with_nowhere_to_go_unlimbers_again() -> None:
    """The same battery in a hex with a creek on every side (crossed only at a bridge, TEC
    N13): limbered, it can go nowhere, so it is better off in battery where it stands, charged
    from the front (the capture 0.944 VP against 1.056 on the flank, its fire 0.08 against
    half that limbered): it unlimbers again rather than wait limbered for the charge."""
    game = _battery_facing("0605")
    seal(game.map, "0608")
    player = AIPlayer(Side.UNION, 1, posture=Posture.DEFEND)
    first = player.decide(game)
    assert first.action == ChangeFormation("g", Formation.LIMBERED)
    game.apply(first.action)
    assert set(tactical(game).movement.reachable("g")) <= {game.state.units["g"].hex}
    second = player.decide(game)
    assert second.action == ChangeFormation("g", Formation.UNLIMBERED)
    game.apply(second.action)
    assert not isinstance(player.decide(game).action, (Move, ChangeFormation))
