"""The strategic computer player: it plays the shipped scenarios with a reason for every
choice, fights at good odds and not at bad ones, and pulls a small force out of reach of a big
one (docs/ai.md, "The strategic computer player")."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.ai.registry import ai_for, make_player
from gameapp.ai.settings import Difficulty
from gameapp.ai.strategic.movement_cas import MoveForce
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.ai.strategic.settings import STRATEGIC_WEIGHTS, StrategicWeights
from gameapp.ai.strategic.staff import Staff
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import (
    Attack,
    DeclareSpan,
    EndPhase,
    GiveOrder,
    March,
)
from gameapp.core.rulesets.strategic.pieces import HQ, Leader, Train
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.headless import make_players, play
from tests.rulesets.strategic.positions import hazel_game, place, state_of, to_phase

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_the_strategic_ruleset_offers_three_levels_and_the_random_player() -> None:
    assert ai_for("strategic").levels == ("easy", "normal", "hard", "random")
    assert ai_for("strategic").default == "normal"
    assert isinstance(make_player("strategic", Side.UNION, "hard", 3), StrategicPlayer)


@pytest.mark.parametrize(("name", "seed"), [("east_1862", 1), ("west_1863", 2)])
def test_normal_plays_a_week_of_a_scenario_with_a_reason_for_each_choice(name: str,
                                                                         seed: int) -> None:
    game = Game.from_scenario(SCENARIOS / f"{name}.yaml", seed=seed)
    outcome = play(game, seed, turns=1, players=make_players(seed, "both", Difficulty.NORMAL,
                                                              ruleset="strategic"))
    assert game.state.turn == 2  # the whole week was played
    played = [i for i, entry in enumerate(game.log) if entry.side is not None]
    assert played and all(outcome.reasons.get(i) for i in played)
    kinds = {type(entry.action) for entry in game.log}
    assert {GiveOrder, March} <= kinds  # it commands and marches, not only ends phases


def test_a_random_player_ends_its_strategic_phases() -> None:
    game = Game.from_scenario(SCENARIOS / "east_1862.yaml", seed=4)
    play(game, 4, turns=1, players=make_players(4, "none", ruleset="strategic"))
    assert game.state.turn == 2


def _general(game: Game, at: str) -> None:
    state = state_of(game)
    state.put(Leader("gen", Side.UNION, "General", 2, 6, 0, 6, game.map.parse(at)))


def _play_phase(game: Game, player: StrategicPlayer) -> list[tuple[object, str]]:
    """The player's choices until its phase ends."""
    phase, side = game.phase, game.current_side
    chosen: list[tuple[object, str]] = []
    while game.phase is phase and game.current_side is side:
        choice = player.decide(game)
        chosen.append((choice.action, choice.why))
        game.apply(choice.action)
    return chosen


def _battle_game(defenders: list[str], at: str = "0202", target: str = "0203"
                 ) -> tuple[Game, Hex]:
    """Union's combat phase: a general with u3 and u6 (13 SP) at `at`, the defenders next to
    them at `target`, within reach of the army HQ's supply; nobody else near."""
    game = hazel_game(first=Side.UNION)
    for piece in ("u4", "bayard", "ii-corps", "banks"):
        place(game, piece, "0105")
    for unit in ("u3", "u6"):
        place(game, unit, at)
    _general(game, at)
    for unit in defenders:
        place(game, unit, target)
    to_phase(game, StrategicPhase.COMBAT)
    return game, game.map.parse(target)


def test_it_attacks_at_good_odds_and_says_at_what_odds_and_supply() -> None:
    game, target = _battle_game(["c2"])  # 13 SP against Stuart's 4
    chosen = _play_phase(game, StrategicPlayer(Side.UNION))
    attacks = [(a, why) for a, why in chosen if isinstance(a, Attack)]
    assert [a.target for a, _ in attacks] == [target]
    assert set(attacks[0][0].attackers) == {"u3", "u6"}
    why = attacks[0][1]
    assert "3:1" in why and "supply point" in why and "VP expected" in why


def _short_of_supply(difficulty: Difficulty) -> list[tuple[Attack, str]]:
    """u3 (6 SP) and u6 (7 SP) next to Ewell's 2 SP (c4), the army HQ holding 1 supply point
    and the train none: 13 SP need 2 points (1 a 10 SP), so all of them attack at half."""
    game, _ = _battle_game(["c4"])
    state = state_of(game)
    hq, train = state.pieces["army-va"], state.pieces["ut1"]
    assert isinstance(hq, HQ) and isinstance(train, Train)
    state.put(replace(hq, supply=1))
    state.put(replace(train, supply=0))
    chosen = _play_phase(game, StrategicPlayer(Side.UNION, difficulty=difficulty))
    return [(a, why) for a, why in chosen if isinstance(a, Attack)]


def test_hard_attacks_with_the_troops_its_supply_can_feed() -> None:
    # the 1 point feeds 10 SP: u6's 7 at full strength (u3's 6 would make 13)
    hard = _short_of_supply(Difficulty.HARD)
    assert hard[0][0].attackers == ("u6",)
    assert "with 7 SP at 3:1, 1 supply point(s)" in hard[0][1]
    normal = _short_of_supply(Difficulty.NORMAL)  # normal sends everyone, at half strength
    assert normal[0][0].attackers == ("u3", "u6")
    assert "with 13 SP at 3:1, without combat supply: half strength" in normal[0][1]


def test_a_march_out_of_the_supply_net_is_charged_hunger_weeks_of_attrition() -> None:
    """Hard is charged one week, as normal (session 12: charged two, hard's West '62 Union stood
    off the places easy's Confederates hold out of supply); `hunger_weeks` 2 charges two."""
    game = hazel_game()
    to_phase(game, StrategicPhase.MOVEMENT)
    u6 = state_of(game).pieces["u6"]  # 7 SP: a week out of supply costs 0.6 VP (10 SP or less)
    inside, outside = game.map.parse("0202"), game.map.parse("1001")

    def worth(weights: StrategicWeights, h: Hex) -> float:
        staff = Staff(Side.UNION, weights, random.Random(0))
        pos = staff.look(game)
        assert (h in pos.supplied) is (h == inside)
        return MoveForce(staff)._worth(pos, u6, h, None)

    hard, normal = STRATEGIC_WEIGHTS[Difficulty.HARD], STRATEGIC_WEIGHTS[Difficulty.NORMAL]
    two_weeks = replace(hard, hunger_weeks=2.0)
    assert worth(two_weeks, inside) == pytest.approx(worth(hard, inside))
    assert worth(hard, outside) - worth(two_weeks, outside) == pytest.approx(0.6)  # 1.2 - 0.6
    assert worth(normal, outside) - worth(hard, outside) == \
        pytest.approx(worth(normal, inside) - worth(hard, inside))  # the same charge as normal


def test_it_does_not_attack_at_bad_odds() -> None:
    # 13 SP across the Hazel River (half) against Ewell's 9 in the forest: 1:2, shifted to 1:3
    game, _ = _battle_game(["c1"], at="0404", target="0504")
    chosen = _play_phase(game, StrategicPlayer(Side.UNION))
    assert not any(isinstance(a, Attack) for a, _ in chosen)
    assert isinstance(chosen[-1][0], EndPhase)


def _outnumbered(at: str, enemy_at: str) -> tuple[Game, list[tuple[object, str]]]:
    """3 SP of Union cavalry (u4) with a general at `at`, 19 Confederate SP at `enemy_at`
    next to it: the Union's movement phase, played."""
    game = hazel_game(first=Side.UNION)
    place(game, "u4", at)
    _general(game, at)
    for unit in ("c1", "c2", "c3"):
        place(game, unit, enemy_at)
    game.apply(DeclareSpan("gen", ("u4",)))
    to_phase(game, StrategicPhase.MOVEMENT)
    return game, _play_phase(game, StrategicPlayer(Side.UNION))


def test_a_small_force_withdraws_out_of_reach_of_a_big_one() -> None:
    game, chosen = _outnumbered("0604", "0704")  # both east of the Hazel River
    marches = [why for a, why in chosen if isinstance(a, March) and a.piece == "u4"]
    assert marches, chosen
    assert state_of(game).pieces["u4"].hex.distance(game.map.parse("0704")) > 1


def test_a_force_behind_a_river_holds_its_line() -> None:
    # the same odds across the Hazel River: the enemy would attack at half strength
    game, chosen = _outnumbered("0403", "0503")
    assert not [a for a, _ in chosen if isinstance(a, March) and a.piece == "u4"], chosen
    assert state_of(game).pieces["u4"].hex == game.map.parse("0403")
