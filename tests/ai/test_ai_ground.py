"""The computer player and the ground (issue 9): charges the terrain forbids, and a victory
hex that one unit already holds. Hand-made positions; the figures worked out in the comments."""

from __future__ import annotations

from dataclasses import replace

from gameapp.ai.estimates import check_cost
from gameapp.ai.move_choice import CASCADE, STACKED, _value, unit_candidates
from gameapp.ai.player import AIPlayer
from gameapp.ai.settings import Posture
from gameapp.core.actions import ChangeFormation, EndPhase, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.scenario import VictoryHex
from gameapp.core.units import Formation, Side
from tests.ai.contexts import move_context
from tests.core.positions import (
    N,
    S,
    blank_map,
    creek_with_bridge,
    game_on,
    infantry,
    place,
    seal,
)


def test_it_lists_no_charge_across_a_creek_and_still_acts() -> None:
    """A 1-SP Confederate stands on a victory hex worth 3 with a creek on all six sides (N13: a
    creek is crossed only at a bridge, in road column). Next to it, an 8-SP Union line would
    rout it nearly for certain in a charge, which the engine refuses: the creek. The AI lists
    no such charge (before, it did, and the unit whose best choice the engine refused was left
    idle for the phase), and whatever it picks the engine takes."""
    m = blank_map()
    seal(m, "0605")
    game = game_on(m, [place(infantry("u", strength=8), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, strength=1, brigade="Gray"), m,
                             "0605", S)],
                   victory_hexes=(VictoryHex(m.parse("0605"), "mill", 3, Side.CONFEDERATE),))
    island = m.parse("0605")
    assert not any(isinstance(a, Move) and a.path[-1] == island for a in game.legal_actions())
    candidates = unit_candidates(move_context(game), game.state.units["u"])
    assert candidates
    assert not [c.why for c in candidates if "charges" in str(c.why)]
    assert not any(isinstance(c.action, Move) and c.action.path[-1] == island
                   for c in candidates)
    for _ in range(5):  # the whole movement phase: whatever it picks, the engine takes
        choice = AIPlayer(Side.UNION, 1).decide(game)
        try:
            game.check(choice.action)
        except IllegalActionError as refused:
            raise AssertionError(f"{choice.why}: {refused}") from refused
        game.apply(choice.action)
        if isinstance(choice.action, EndPhase):
            break


def test_a_second_unit_gains_nothing_by_standing_on_a_hex_already_held() -> None:
    """The Union holds the bridge (0606, 2 points) with one line, the Confederates 4 hexes
    off (within CONTESTED, 5). Standing on it is worth hold x points to the unit that holds
    it: 0.25 x 2 = 0.5 VP for the attack posture, less its 0.06 a hex from the target (the
    Confederates' farm, 0602: 4 hexes, 0.24). A second unit adds no hold: the hex is held
    either way, and the stack only doubles what one shot hits."""
    m = blank_map()
    bridge, farm = m.parse("0606"), m.parse("0602")
    game = game_on(m, [place(infantry("u1"), m, "0606", N), place(infantry("u2"), m, "0607", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0602", S)],
                   victory_hexes=(VictoryHex(bridge, "bridge", 2, Side.UNION),
                                  VictoryHex(farm, "farm", 3, Side.CONFEDERATE)))
    ctx = move_context(game)
    enemy = ctx.enemy_hexes
    assert ctx.objectives.hold == {bridge: 2.0}
    alone = ctx.objectives.value(bridge, enemy)
    assert abs(alone - (0.25 * 2 - 0.06 * 4)) < 1e-9
    assert abs(ctx.objectives.value(bridge, enemy, occupied=True) - (-0.06 * 4)) < 1e-9
    # and in what a move there is worth: u2 on the bridge with u1 on it, against the same with
    # u1 taken off the context's map (the fire around unchanged), differs by the hold (0.5),
    # the stacking price (STACKED, 0.15) and, the bridge within the enemy's reach, a share
    # (CASCADE) of what a morale check costs u2 (one shot hits the stack, 7.37)
    u2 = replace(game.state.units["u2"], hex=bridge)
    with_u1 = _value(ctx, u2, bridge, N, u2.formation)
    ctx.at[bridge] = [u for u in ctx.at[bridge] if u.id != "u1"]
    without = _value(ctx, u2, bridge, N, u2.formation)
    exposed = bridge in ctx.influence.into or ctx.influence.approach(u2, bridge) > 0
    assert exposed
    assert abs(without - with_u1 - (0.5 + STACKED + CASCADE * check_cost(u2))) < 1e-9


def test_a_column_that_crosses_a_bridge_forms_line_on_the_far_bank() -> None:
    """A creek is crossed only at a bridge, in road column (N13). A Union road column at the
    south end of the bridge takes the Confederate-held mill at its north end (0605), with
    Confederate infantry 3 hexes off: in road column there it would meet a charge at half its
    strength (2.53.b). It crosses, and with the MPs it has left forms line, in the same phase
    (before, a unit acted once a phase and stood in column on the far bank)."""
    m = creek_with_bridge()
    mill = m.parse("0605")
    game = game_on(m, [place(infantry("u"), m, "0606", N, Formation.ROAD_COLUMN),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0602", S)],
                   victory_hexes=(VictoryHex(mill, "mill", 3, Side.CONFEDERATE),))
    player = AIPlayer(Side.UNION, 1)
    crossing = player.decide(game)
    assert isinstance(crossing.action, Move) and crossing.action.path[-1] == mill, crossing.why
    game.apply(crossing.action)
    forming = player.decide(game)
    assert forming.action == ChangeFormation("u", Formation.LINE), forming.why
    game.apply(forming.action)
    assert game.state.units["u"].formation is Formation.LINE
    assert game.state.units["u"].hex == mill
    assert isinstance(player.decide(game).action, EndPhase)  # and then it is done


def test_the_woods_shelter_in_the_ais_reckoning_as_on_the_fire_table() -> None:
    """Issue 30: the AI priced enemy fire at a hex off the FCRT unmodified, so a regiment in
    the open expected no more loss than one in the woods (TEC: -3 to fire at standing troops
    in woods). An 8-SP Confederate line at the same range from two hexes, one clear and one
    woods: the roll moved 3 places down takes fewer steps and forces fewer morale checks
    (worked on the table here), the threat there is lower, and a move there is worth more."""
    from gameapp.ai.estimates import expected_result
    from gameapp.core.terrain import Terrain

    m = blank_map()
    woods, clear = m.parse("0606"), m.parse("0806")
    m.set_terrain(woods, Terrain.WOODS)
    game = game_on(m, [place(infantry("u"), m, "0709", N),
                       place(infantry("c", Side.CONFEDERATE, strength=8, brigade="Gray"), m,
                             "0704", S)])
    enemy = game.state.units["c"]
    assert enemy.hex.distance(woods) == enemy.hex.distance(clear)
    ctx = move_context(game, posture=Posture.DEFEND)
    unit = game.state.units["u"]
    in_woods, in_open = (replace(unit, hex=h, facing=N) for h in (woods, clear))
    assert ctx.influence.protection(in_woods, woods) == -3
    assert ctx.influence.protection(in_open, clear) == 0
    # 8 rifle SPs at 2 hexes: 2.7 fire points
    assert expected_result(27, False, -3) < expected_result(27, False, 0)
    shelter = ctx.influence.threat(in_woods, woods, N)
    exposed = ctx.influence.threat(in_open, clear, N)
    assert 0 < shelter < exposed
    assert _value(ctx, unit, woods, N, Formation.LINE) > _value(ctx, unit, clear, N,
                                                                Formation.LINE)


def test_a_charge_into_the_woods_pays_for_the_volley_before_it() -> None:
    """Issue 30: a regular charge (3.4) waits for the charge phase next to the defenders, and
    both sides fire in the fire phase between (1.23): the chargers are fired at +4 (FCRT DRM
    target movement). The AI priced the hex it charged from as if the unit only stood there.
    An 8-SP Union line next to a 6-SP Confederate line in woods: entering woods costs 10 MPs,
    so the charge is not immediate (3.411: under 9), and its score now carries the fire at
    +4. Charging a line in the open next door (5 MPs, immediate, resolved before any fire)
    carries no such volley."""
    from gameapp.ai.influence import charging_drm
    from gameapp.ai.move_choice import (
        MOVE_COST,
        _charges,
        charge_value,
        is_immediate,
        preview_chances,
    )
    from gameapp.core.terrain import Terrain
    from gameapp.core.units import Status

    m = blank_map()
    wood = m.parse("0605")
    m.set_terrain(wood, Terrain.WOODS)
    game = game_on(m, [place(infantry("u", strength=8), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, strength=6, brigade="Gray"), m,
                             "0605", S)])
    unit = game.state.units["u"]
    ctx = move_context(game)
    charge = Move("u", (wood,))
    assert not is_immediate(game, charge, unit)
    charging = replace(unit, status=unit.status | {Status.CHARGE})
    assert charging_drm(charging) == 4 and charging_drm(unit) == 0
    volley = ctx.influence.threat(charging, unit.hex, unit.facing)
    standing = ctx.influence.threat(unit, unit.hex, unit.facing)
    assert volley > standing > 0
    here = _value(ctx, unit, unit.hex, unit.facing, unit.formation)
    waiting = _value(ctx, charging, unit.hex, unit.facing, unit.formation)
    assert waiting < here  # what the score now subtracts: the volley at +4 and its checks
    chances = preview_chances(game, charge, unit, unit.hex)
    assert chances is not None
    value = charge_value(ctx, chances.outcomes, chances.defender_routs, chances.attacker_routs,
                         [game.state.units["c"]], [unit], wood)
    (scored,) = _charges(ctx, unit, unit.hex, (), here)
    assert abs(scored.score - (value + waiting - here - MOVE_COST)) < 1e-9

    m2 = blank_map()
    game2 = game_on(m2, [place(infantry("u", strength=8), m2, "0606", N),
                         place(infantry("c", Side.CONFEDERATE, strength=6, brigade="Gray"), m2,
                               "0605", S)])
    assert is_immediate(game2, Move("u", (m2.parse("0605"),)), game2.state.units["u"])
