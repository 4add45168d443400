"""The computer player's goals and look-ahead (issue 9): what it does about victory hexes it
may still take, the enemy's next move, a one-point lead, and (hard) what a charge's routs
spread to. Hand-made positions; the figures worked out in the comments."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gameapp.ai.estimates import check_cost
from gameapp.ai.hints import SideHints, posture_now
from gameapp.ai.influence import Influence, moves_again
from gameapp.ai.move_choice import FOLLOWUP_SHARE, MoveContext, charge_value, followup_routs
from gameapp.ai.objectives import CATCH_UP, NEUTRAL_PHASES, PULL_TURNS, Objectives
from gameapp.ai.player import AIPlayer
from gameapp.ai.settings import STANCES, WEIGHTS, Difficulty, Posture
from gameapp.core.actions import Move
from gameapp.core.engine import Game
from gameapp.core.rules.charge.plan import ChargeOutcome
from gameapp.core.scenario import TurnClock, VictoryHex
from gameapp.core.units import Side, Unit
from tests.core.positions import SE, N, S, blank_map, game_on, infantry, place


def _lasting(game: Game, last_turn: int) -> Game:
    """The same position in a game whose last turn is `last_turn`."""
    clock = TurnClock(1, last_turn, 15 * 60, 20)
    return Game.from_scenario(replace(game.scenario, clock=clock))


def _farm_game(last_turn: int, points: int = 3) -> Game:
    """A Union line 8 hexes south of a Confederate-held farm worth 3 (or `points`), the only
    Confederates far off in the north-east corner, facing away."""
    m = blank_map(14, 14)
    farm = VictoryHex(m.parse("0603"), "farm", points, Side.CONFEDERATE)
    game = game_on(m, [place(infantry("u"), m, "0611", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "1301", N)],
                   victory_hexes=(farm,))
    return _lasting(game, last_turn)


def test_a_victory_hex_it_may_still_take_pulls_harder_as_the_turns_run_out() -> None:
    game = _farm_game(last_turn=2)
    hints = SideHints(Posture.ATTACK)
    objectives = Objectives.build(game, Side.UNION, hints, STANCES[Posture.ATTACK], 40, 0)
    m = game.map
    enemy = frozenset({m.parse("1301")})
    # two movement phases left, this one and one more: a unit standing at h after this move
    # has one phase to get there, so the pull fades over 4 x 1 + 1 = 5 hexes; the Confederates
    # hold the farm, so taking it swings 2 x 3 = 6 points; the attack posture takes it all
    # (take 1.0) and adds its 0.06 a hex toward the target
    assert objectives.turns_left == 2 and objectives.behind  # 0 points against the farm's 3
    at_8 = 0.0 - 0.06 * 8  # 0611, 8 hexes off: beyond the 5, no pull; 0.48 of attack
    at_4 = 6 * (1 - 4 / 5) - 0.06 * 4  # 0607: 1.2 - 0.24
    assert abs(objectives.value(m.parse("0611"), enemy) - at_8) < 1e-9
    assert abs(objectives.value(m.parse("0607"), enemy) - at_4) < 1e-9
    # standing on it takes it: its swing, 6
    assert abs(objectives.value(m.parse("0603"), enemy) - 6.0) < 1e-9
    # with nine turns left the clock does not pull yet (3 points down: PULL_TURNS = 3, and
    # 2 more for the second and third points, test below): the same four hexes gain only the
    # attack's 4 x 0.06 = 0.24, against 1.2 + 0.24 = 1.44 with two left
    early = Objectives.build(_farm_game(last_turn=9), Side.UNION, hints,
                             STANCES[Posture.ATTACK], 40, 0)
    gain_early = early.value(m.parse("0607"), enemy) - early.value(m.parse("0611"), enemy)
    gain_late = objectives.value(m.parse("0607"), enemy) - objectives.value(m.parse("0611"),
                                                                             enemy)
    assert PULL_TURNS == 3
    assert abs(gain_early - 0.24) < 1e-9
    assert abs(gain_late - (6 * (1 - 4 / 5) + 0.24)) < 1e-9


def test_the_further_behind_the_sooner_the_pull_starts() -> None:
    """Nine movement phases left, 0611 against 0607 (4 hexes nearer the farm). The pull starts
    PULL_TURNS = 3 phases from the end, and 1 / CATCH_UP = 2 phases earlier for each point
    behind beyond the first. 3 points down: the last 3 + 2 x 2 = 7 phases, so not yet, only
    the attack's 0.24. 5 points down: the last 3 + 2 x 4 = 11, so now: a unit standing at h
    has 8 more phases, the pull fades over 4 x 8 + 1 = 33 hexes, and the swing is 2 x 5 = 10:
    10 x (1 - 4/33) - 10 x (1 - 8/33) = 40/33 = 1.21 VP, plus the 0.24. 3 points down with
    seven phases left: 6 x 4/25 = 0.96, plus 0.24."""
    assert PULL_TURNS == 3 and CATCH_UP == 0.5
    hints = SideHints(Posture.ATTACK)

    def gain(last_turn: int, points: int) -> tuple[float, float]:
        game = _farm_game(last_turn, points)
        objectives = Objectives.build(game, Side.UNION, hints, STANCES[Posture.ATTACK], 40, 0)
        m, enemy = game.map, frozenset({game.map.parse("1301")})
        return objectives.pull_turns, (objectives.value(m.parse("0607"), enemy)
                                       - objectives.value(m.parse("0611"), enemy))

    window, three_down = gain(9, 3)
    assert window == 7 and abs(three_down - 0.24) < 1e-9
    window, five_down = gain(9, 5)
    assert window == 11 and abs(five_down - (40 / 33 + 0.24)) < 1e-9
    window, seven_left = gain(7, 3)
    assert window == 7 and abs(seven_left - (6 * 4 / 25 + 0.24)) < 1e-9


def test_a_level_score_pulls_like_a_deficit_a_lead_does_not() -> None:
    """A draw is not a win. The farm (Confederate, 3) against a Union town worth 3: level at
    3-3, so the farm pulls (1.2 VP more four hexes nearer, as above). The town worth 4: a
    one-point lead, no pull, only the attack's 0.06 a hex."""
    def gain(town_points: int) -> tuple[bool, float]:
        m = blank_map(14, 14)
        farm = VictoryHex(m.parse("0603"), "farm", 3, Side.CONFEDERATE)
        town = VictoryHex(m.parse("0613"), "town", town_points, Side.UNION)
        game = _lasting(game_on(m, [place(infantry("u"), m, "0611", N),
                                    place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m,
                                          "1301", N)], victory_hexes=(farm, town)), last_turn=2)
        objectives = Objectives.build(game, Side.UNION, SideHints(Posture.ATTACK),
                                      STANCES[Posture.ATTACK], 40, 0)
        enemy = frozenset({m.parse("1301")})
        return objectives.behind, (objectives.value(m.parse("0607"), enemy)
                                   - objectives.value(m.parse("0611"), enemy))

    level, level_gain = gain(3)
    assert level and abs(level_gain - (6 * (1 - 4 / 5) + 4 * 0.06)) < 1e-9
    ahead, ahead_gain = gain(4)
    assert not ahead and abs(ahead_gain - 4 * 0.06) < 1e-9


def test_in_the_last_movement_phase_only_taking_the_hex_counts() -> None:
    """No movement phase follows this one: a hex next to the farm is worth no more than its
    0.06 a hex of attack (the unit could not get in later), the farm itself its swing, 6."""
    game = _farm_game(last_turn=1)
    objectives = Objectives.build(game, Side.UNION, SideHints(Posture.ATTACK),
                                  STANCES[Posture.ATTACK], 40, 0)
    m = game.map
    enemy = frozenset({m.parse("1301")})
    assert objectives.turns_left == 1 and objectives.behind
    assert abs(objectives.value(m.parse("0604"), enemy) - (-0.06)) < 1e-9
    assert abs(objectives.value(m.parse("0603"), enemy) - 6.0) < 1e-9


def test_a_side_ahead_on_points_feels_no_pull() -> None:
    """The Union also holds a 5-point town: 5 against the farm's 3, so it need not take the
    farm to win, and only the attack's 0.06 a hex remains between 0611 and 0607."""
    m = blank_map(14, 14)
    farm = VictoryHex(m.parse("0603"), "farm", 3, Side.CONFEDERATE)
    town = VictoryHex(m.parse("0613"), "town", 5, Side.UNION)
    game = _lasting(game_on(m, [place(infantry("u"), m, "0611", N),
                                place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m,
                                      "1301", N)], victory_hexes=(farm, town)), last_turn=2)
    objectives = Objectives.build(game, Side.UNION, SideHints(Posture.ATTACK),
                                  STANCES[Posture.ATTACK], 40, 0)
    assert not objectives.behind and objectives.turns_left == 2
    enemy = frozenset({m.parse("1301")})
    gain = objectives.value(m.parse("0607"), enemy) - objectives.value(m.parse("0611"), enemy)
    assert abs(gain - 4 * 0.06) < 1e-9


def test_a_hex_nobody_holds_pulls_the_units_near_it_at_any_score() -> None:
    """The Union leads 5 to 0 (its town) with nine turns to go, so the farm does not pull (the
    test above); a bridge worth 2 that nobody holds does, but only within one movement phase
    (NEUTRAL_PHASES): it fades over 4 x 1 + 1 = 5 hexes. Attack posture (take 1.0, and 0.06 a
    hex to the nearer of its targets, the farm and the bridge: here the bridge):
    - at 0608, 2 hexes off: 2 x (1 - 2/5) = 1.2, less 2 x 0.06;
    - at 0610, 4 hexes off: 2 x (1 - 4/5) = 0.4, less 4 x 0.06;
    - at 0612, 6 hexes off: nothing, less 6 x 0.06.
    The Confederates' farm, held, stays out of it while the Union leads."""
    assert NEUTRAL_PHASES == 1
    m = blank_map(14, 14)
    farm = VictoryHex(m.parse("0603"), "farm", 3, Side.CONFEDERATE)
    town = VictoryHex(m.parse("0613"), "town", 5, Side.UNION)
    bridge = VictoryHex(m.parse("0606"), "bridge", 2)
    game = _lasting(game_on(m, [place(infantry("u"), m, "0611", N),
                                place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m,
                                      "1301", N)], victory_hexes=(farm, town, bridge)),
                    last_turn=9)
    objectives = Objectives.build(game, Side.UNION, SideHints(Posture.ATTACK),
                                  STANCES[Posture.ATTACK], 40, 0)
    assert not objectives.behind and objectives.turns_left == 9
    assert set(objectives.targets) == {m.parse("0603"), m.parse("0606")}
    enemy = frozenset({m.parse("1301")})
    for hex_id, expected in (("0608", 1.2 - 2 * 0.06), ("0610", 0.4 - 4 * 0.06),
                             ("0612", -6 * 0.06)):
        assert abs(objectives.value(m.parse(hex_id), enemy) - expected) < 1e-9, hex_id


def test_it_marches_on_a_victory_hex_it_cannot_reach_this_turn() -> None:
    game = _farm_game(last_turn=2)
    choice = AIPlayer(Side.UNION, 1).decide(game)
    assert isinstance(choice.action, Move) and choice.action.unit_id == "u", choice.why
    start, farm = game.map.parse("0611"), game.map.parse("0603")
    end = choice.action.path[-1]
    # a line moves 24 MPs at 5 a clear hex: 4 hexes; it goes as far toward the farm as it can
    assert end.distance(farm) == start.distance(farm) - 4, choice.why


def _line_facing_south() -> Game:
    m = blank_map(14, 14)
    return game_on(m, [place(infantry("u"), m, "0612", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0602", S)])


def test_the_enemy_walking_up_to_fire_counts_where_its_fire_does_not_reach_yet() -> None:
    game = _line_facing_south()
    m = game.map
    unit = game.state.units["u"]
    influence = Influence.build(game, Side.UNION)
    # the Confederate rifles reach 6 hexes, and 24 MPs take a line 4 clear hexes: 0609,
    # 7 hexes off, is out of its fire now, and in it at 3 hexes after its next move
    near, far = m.parse("0609"), m.parse("0610")
    assert near not in influence.into and influence.threat(unit, near, N) == 0.0
    assert influence.moves == {"c": 4}
    assert influence.approach(unit, near) > 0.0
    # 0610, 8 hexes off, is 4 after the move: in range too (the same range band as 3)
    assert 0.0 < influence.approach(unit, far) <= influence.approach(unit, near)
    # 0613 is 11 off, 7 after the move: out of range
    assert influence.approach(unit, m.parse("0613")) == 0.0


def test_normal_keeps_out_of_the_enemys_next_move_and_hard_walks_up_to_fire_first() -> None:
    """The documented difference in threats: normal counts the fire the Confederate line could
    bring after walking 4 hexes (`approach`), so it stops at 0611, 9 hexes off, out of that;
    hard counts only the fire there is now, and goes as far as its 4 hexes take it, to 0608."""
    game = _line_facing_south()
    moves = {}
    for level in (Difficulty.NORMAL, Difficulty.HARD):
        choice = AIPlayer(Side.UNION, 1, level).decide(game)
        assert isinstance(choice.action, Move) and choice.action.unit_id == "u", choice.why
        moves[level] = game.map.hex_id(choice.action.path[-1])
    assert moves == {Difficulty.NORMAL: "0611", Difficulty.HARD: "0608"}
    assert WEIGHTS[Difficulty.NORMAL].sees_approach and not WEIGHTS[Difficulty.HARD].sees_approach


def test_an_enemy_with_no_movement_phase_left_does_not_walk_up() -> None:
    """One turn, the Union first: the Confederates still move after the Union; the Union, in
    its own (last) movement phase now, never moves again."""
    game = _lasting(_line_facing_south(), last_turn=1)
    assert moves_again(game, Side.CONFEDERATE)
    assert not moves_again(game, Side.UNION)
    confederate_view = Influence.build(game, Side.CONFEDERATE)
    assert confederate_view.moves == {}
    unit = game.state.units["c"]
    assert confederate_view.approach(unit, game.map.parse("0606")) == 0.0


def test_a_one_point_lead_is_not_worth_sitting_on() -> None:
    m = blank_map()
    farm = VictoryHex(m.parse("0606"), "farm", 1, Side.UNION)
    mill = VictoryHex(m.parse("0303"), "mill", 2, Side.UNION)
    units = [place(infantry("u"), m, "0609", N),
             place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0602", S)]
    one_up = game_on(m, units, victory_hexes=(farm,))
    assert one_up.result().points[Side.UNION].total == 1
    assert posture_now(one_up, Side.UNION) is Posture.ATTACK  # 1 - 0 < 2
    assert posture_now(one_up, Side.CONFEDERATE) is Posture.ATTACK
    three_up = game_on(m, units, victory_hexes=(farm, mill))
    assert posture_now(three_up, Side.UNION) is Posture.DEFEND  # 3 - 0 >= 2


def charge_beside_friends() -> tuple[Game, tuple[Unit, Unit, Unit, Unit]]:
    """u charges c at 0606; u2 stands beside u, and c2 (3 SPs, c's brigade) beside c."""
    m = blank_map()
    u = place(infantry("u"), m, "0607", N)
    u2 = place(infantry("u2"), m, "0707", N)
    c = place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0606", S)
    c2 = place(infantry("c2", Side.CONFEDERATE, strength=3, brigade="Gray"), m, "0605", SE)
    return game_on(m, [u, u2, c, c2]), (u, u2, c, c2)


def test_hard_counts_the_routs_a_charge_spreads() -> None:
    """c routs with chance 1/2; its friend c2 stands next to it and checks morale (7.37):
    worth 1/2 x FOLLOWUP_SHARE x check_cost(c2) to the charger. Our own u2 beside the charger
    costs the same share of its check times the charger's chance to rout, 1/4."""
    game, (u, u2, c, c2) = charge_beside_friends()
    ctx = MoveContext.build(game, Side.UNION, Influence.build(game, Side.UNION),
                            Objectives.build(game, Side.UNION, SideHints(Posture.ATTACK),
                                             STANCES[Posture.ATTACK], 40, 0),
                            WEIGHTS[Difficulty.HARD])
    value = followup_routs(ctx, {"c": Fraction(1, 2)}, {"u": Fraction(1, 4)}, [u, c])
    expected = 0.5 * FOLLOWUP_SHARE * check_cost(c2) - 0.25 * FOLLOWUP_SHARE * check_cost(u2)
    assert abs(value - expected) < 1e-9
    assert value > 0  # c2's check (3 SPs) against u2's (5 SPs) at half the chance


def test_normal_prices_the_routs_a_charge_spreads_too() -> None:
    """Issue 30: normal's charge value carries the same look-ahead past the charge as hard's
    (7.37: c2 next to c checks when c routs; u2 next to u when u does); without the weight the
    value is less by exactly that share."""
    game, (u, _, c, _) = charge_beside_friends()
    values = {}
    for spread in (True, False):
        weights = replace(WEIGHTS[Difficulty.NORMAL], counts_spread_routs=spread)
        ctx = MoveContext.build(game, Side.UNION, Influence.build(game, Side.UNION),
                                Objectives.build(game, Side.UNION, SideHints(Posture.ATTACK),
                                                 STANCES[Posture.ATTACK], 40, 0), weights)
        values[spread] = charge_value(
            ctx, {ChargeOutcome.DEFENDER_ROUTS: Fraction(1, 2)}, {"c": Fraction(1, 2)},
            {"u": Fraction(1, 4)}, [c], [u], c.hex)
    spread_share = followup_routs(ctx, {"c": Fraction(1, 2)}, {"u": Fraction(1, 4)}, [u, c])
    assert WEIGHTS[Difficulty.NORMAL].counts_spread_routs
    assert not WEIGHTS[Difficulty.EASY].counts_spread_routs
    assert spread_share > 0
    assert abs(values[True] - values[False] - spread_share) < 1e-9
