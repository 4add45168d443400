"""The strategic game's record for the end screen (issue 26), through the ruleset seam that
History asks (`strength_on_map`, `result`, `losses`): each side's SP in play, its victory
points, and each division's losses with what it had."""

from __future__ import annotations

from gameapp.core.engine import Game
from gameapp.core.history import History
from gameapp.core.ruleset import LossRow
from gameapp.core.rulesets.strategic.actions import Attack, EndPhase
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import (
    commanded_force,
    empty_board,
    ready_to_attack_0503,
    train,
    unit,
)
from tests.rulesets.strategic.positions import HAZEL, state_of, to_phase

U, C = Side.UNION, Side.CONFEDERATE


def fought() -> tuple[Game, BattleFought]:
    game = ready_to_attack_0503(defender_sp=6)
    game.dice.forced = [1]  # the attacker's worst roll: both sides lose
    [battle] = [e for e in game.apply(Attack(game.map.parse("0503"), ("x", "y")))
                if isinstance(e, BattleFought)]
    return game, battle


def test_each_divisions_losses_are_told_with_what_it_had() -> None:
    game, battle = fought()
    lost: dict[str, int] = {}
    for line in (*battle.attacker_lines, *battle.defender_lines):
        if line.piece:
            lost[line.piece] = lost.get(line.piece, 0) + line.sp
    assert lost and sum(lost.values()) == battle.attacker_loss + battle.defender_loss
    rows = {r.name: r for r in game.ruleset.losses(game.scenario, game.state)}
    state = state_of(game)
    for unit_id, sp in lost.items():
        left = state.pieces.get(unit_id)
        now = left.sp if isinstance(left, Division) else 0
        assert rows[unit_id] == LossRow(rows[unit_id].side, unit_id, sp, sp + now)
    assert game.ruleset.losses_by_side(game.scenario, game.state) == state.lost
    assert state.lost == {U: battle.attacker_loss, C: battle.defender_loss}
    ordered = game.ruleset.losses(game.scenario, game.state)
    assert [r.side for r in ordered] == sorted((r.side for r in ordered),
                                               key=lambda s: s is not U)  # Union first


def test_a_destroyed_division_keeps_its_row() -> None:
    game = empty_board()
    unit(game, "x", U, "0603", 12)
    unit(game, "c", C, "0503", 1)
    train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", "ut"]})
    game.dice.forced = [6]
    game.apply(Attack(game.map.parse("0503"), ("x",)))
    assert "c" not in state_of(game).pieces
    rows = [r for r in game.ruleset.losses(game.scenario, game.state) if r.side is C]
    assert rows == [LossRow(C, "c", 1, 1)]


def test_the_turn_series_counts_each_sides_sp_in_play_and_its_points() -> None:
    game = Game.from_scenario(HAZEL, seed=4)
    while game.state.turn < 3:
        game.apply(EndPhase())
    series = History.of(game).turn_series()
    assert [p.label for p in series] == ["start", "turn 1", "turn 2"]
    sp = {side: sum(p.sp for p in game.scenario.pieces
                    if isinstance(p, Division) and p.side is side) for side in Side}
    assert series[0].strength == sp and all(sp[side] > 0 for side in Side)
    # Hazelton (a town, 1 point) is the Confederacy's from the start
    assert series[0].points == {U: 0, C: 1}
