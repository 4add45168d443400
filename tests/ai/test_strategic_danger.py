"""The strategic computer player's danger: what a stack may lose to the enemy that can reach it,
less what the attack would cost the attacker (docs/ai.md, "The danger of a position"), and the
capital's garrison, made by the troops a week's march off it."""

from __future__ import annotations

import pytest

from gameapp.ai.settings import Difficulty
from gameapp.ai.strategic.objectives import (
    REACH,
    Target,
    column_means,
    danger,
    danger_of,
    nearest_enough,
    pull,
    targets,
)
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.settings import STRATEGIC_WEIGHTS
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import empty_board, unit
from tests.rulesets.strategic.positions import to_phase


def _danger_game(ours: str, theirs: str) -> tuple[Game, Position]:
    """6 Union SP at `ours`, 19 Confederate SP (two stacks' worth in one hex) at `theirs`,
    nobody else: the Union's look at it."""
    game = empty_board()
    unit(game, "u", Side.UNION, ours, 6)
    unit(game, "c1", Side.CONFEDERATE, theirs, 10)
    unit(game, "c2", Side.CONFEDERATE, theirs, 9)
    to_phase(game, StrategicPhase.MOVEMENT)
    pos = StrategicPlayer(Side.UNION).staff.look(game)
    return game, pos


def test_column_means_are_the_results_tables_over_the_die() -> None:
    # 3:2: attacker 15 15 10 10 10 5 % -> 65/600; the defender retreats on 4, 5 and 6
    assert column_means(1.6) == pytest.approx((65 / 600, 0.5))
    # 3:1: attacker 10 10 10 5 5 5 % -> 45/600; retreats on 2 to 6
    assert column_means(3.2) == pytest.approx((45 / 600, 5 / 6))
    assert column_means(0.2) == (0.0, 0.0)  # below the first column: no attack


def test_a_stack_in_the_open_weighs_its_loss_less_the_attackers_and_the_ground() -> None:
    # 19 SP next to 6 on clear ground: odds 19/6 = 3.17 (column 3:1). The stack loses
    # 6 * (0.06 + 0.06 * 3.17) = 1.5 SP; the attacker brings all 19 (4:1 would ask 24) and
    # loses 7.5 %: 1.425 SP; driven back 5 in 6. Danger: 0.5 * (1.5 - 1.425) + 0.3 * 5/6.
    game, pos = _danger_game("0604", "0704")
    found = danger_of(pos, game.map.parse("0604"), 6)
    assert found is not None
    assert found.enemy == 19 and found.odds == pytest.approx(19 / 6)
    assert found.lost == pytest.approx(1.5)
    assert found.costs == pytest.approx(19 * 0.075)
    assert found.driven == pytest.approx(5 / 6)
    assert found.vp == pytest.approx(0.5 * (1.5 - 1.425) + 0.3 * 5 / 6)
    assert "we lose 1.5 SP, they 1.4, driven back 83%" in found.text()
    assert danger(pos, game.map.parse("0604"), 3, 6) == pytest.approx(found.vp / 2)  # its share


def test_a_stack_behind_a_river_is_in_no_danger_the_attack_would_cost_more() -> None:
    # The same 19 SP across the Hazel River attack at half: 9.5 against 6, 1.58 (3:2). The stack
    # loses 6 * (0.06 + 0.06 * 1.58) = 0.93 SP, the attacker 10.8 % of all 19 (the river
    # halves its strength, not its losses): 2.06 SP. The attack would lose him more than it
    # wins, driving us back half the time (0.15 VP): no danger. Lee's 46 SP behind the
    # Rappahannock at Fredericksburg before Hooker's 142 counted 2.7 VP of danger and fell back.
    game, pos = _danger_game("0403", "0503")
    found = danger_of(pos, game.map.parse("0403"), 6)
    assert found is not None
    assert found.enemy == 9.5 and found.costs == pytest.approx(19 * 65 / 600)
    assert found.lost == pytest.approx(6 * (0.06 + 0.06 * 9.5 / 6))
    assert found.vp == 0.0
    assert danger(pos, game.map.parse("0403"), 6) == 0.0


def test_the_capitals_garrison_pulls_only_the_troops_a_weeks_march_off() -> None:
    # East '63 seed 1, week 2: Richmond's garrison (1 SP, 12 needed against 8 SP a week off)
    # pulled at the capital's whole 35 VP; felt as the second target by Jackson's 24 SP at
    # Fredericksburg, 4 hexes out, it drew him 3 hexes back (+5.15 VP) off the Rappahannock.
    game = empty_board()
    capital = game.map.parse("0102")
    garrison = Target(capital, 35.0, "our capital's garrison", guard=1, needed=12.0,
                      within=REACH)
    far, near = game.map.parse("0502"), game.map.parse("0402")
    assert far.distance(capital) == REACH + 1 and near.distance(capital) == REACH
    horizon = STRATEGIC_WEIGHTS[Difficulty.NORMAL].horizon
    toward = game.map.parse("0202")
    assert pull((garrison,), toward, horizon, 24, far) == (0.0, None)
    value, target = pull((garrison,), toward, horizon, 24, near)
    assert target is garrison and value == pytest.approx(35 / (1 + 1 / 4))


def test_a_place_of_ours_is_worth_its_swing_as_the_enemys_is_to_take() -> None:
    # Hazelton (a town, 1 point) held by 4 Confederate SP, 8 Union SP two hexes off: the threat
    # is twice the guard (share 1). Its loss would move the score by 2 (the Union scores it, the
    # Confederacy no longer does): worth 2 to hold, as it is worth 2 to the Union to take.
    # It was worth its 1 point, so a defender weighed its places at half the attacker's.
    game = empty_board()
    unit(game, "c", Side.CONFEDERATE, "0702", 4)
    unit(game, "a", Side.UNION, "0602", 8)
    to_phase(game, StrategicPhase.MOVEMENT)
    weights = STRATEGIC_WEIGHTS[Difficulty.NORMAL]

    def hazelton(side: Side) -> Target:
        pos = StrategicPlayer(side).staff.look(game)
        return next(t for t in targets(pos, weights) if t.what.startswith("Hazelton"))

    held = hazelton(Side.CONFEDERATE)
    assert held.what == "Hazelton, VA, ours, 8 enemy SP near" and held.value == 2.0
    assert hazelton(Side.UNION).value == held.value


def test_the_garrison_is_made_by_the_nearest_troops_enough_for_it() -> None:
    # Westport (0102) needs 12 SP: 4 in it, 5 at 0302 (2 hexes), 6 at 0502 (4 hexes), 20 at
    # 0802 (7 hexes). 4 + 5 = 9 within 2 is too few; with the 6 four hexes out, 15: the
    # garrison pulls the troops within 4 (the 20 further out cover the place by standing
    # where they are). Needing 12 with 5 SP within a week's march only, a week's march
    # (3 hexes) is the least; needing more than all there are, everyone is pulled (0).
    game = empty_board()
    unit(game, "in", Side.UNION, "0102", 4)
    unit(game, "near", Side.UNION, "0302", 5)
    unit(game, "mid", Side.UNION, "0502", 6)
    unit(game, "far", Side.UNION, "0802", 20)
    to_phase(game, StrategicPhase.MOVEMENT)
    pos = StrategicPlayer(Side.UNION).staff.look(game)
    westport = game.map.parse("0102")
    assert [game.map.parse(h).distance(westport) for h in ("0302", "0502", "0802")] == [2, 4, 7]
    assert nearest_enough(pos, westport, 12) == 4
    assert nearest_enough(pos, westport, 9) == REACH  # 4 + 5 within 2, but a week's march
    assert nearest_enough(pos, westport, 36) == 0  # 35 SP in all: too few
