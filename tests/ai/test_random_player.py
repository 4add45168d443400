"""The random player: only legal actions, through the public engine API, the same game for the
same seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.ai.random_player import NotMyTurnError, RandomPlayer
from gameapp.core.actions import EndPhase, Pass
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.scenario import Scenario, load_scenario
from gameapp.core.units import Side
from tests.ai.hashseed import outputs_under_hash_seeds

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scenarios" / "demo.yaml"


@pytest.fixture(scope="module")
def demo() -> Scenario:
    return load_scenario(DEMO)


def play(scenario: Scenario, seed: int, actions: int = 40) -> list[str]:
    """Up to `actions` actions of random play on both sides; the game's log as text."""
    game = Game.from_scenario(scenario, seed=seed)
    players = {side: RandomPlayer(side, seed) for side in Side}
    for _ in range(actions):
        side = game.acting_side
        if game.is_over or side is None:
            break
        action = players[side].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    return [f"{e.turn} {e.phase.value} {e.side} {e.notation} {e.rolls}" for e in game.log]


def test_the_same_seed_plays_the_same_game(demo: Scenario) -> None:
    assert play(demo, seed=3) == play(demo, seed=3)


def test_other_seeds_play_other_games(demo: Scenario) -> None:
    games = {tuple(play(demo, seed)) for seed in range(4)}
    assert len(games) > 1


def test_the_choice_does_not_depend_on_hash_randomisation() -> None:
    """Sets iterate in an order that PYTHONHASHSEED changes; the player's choices must not."""
    script = (
        "from tests.ai.test_random_player import play, DEMO\n"
        "from gameapp.core.scenario import load_scenario\n"
        "print('\\n'.join(play(load_scenario(DEMO), seed=5, actions=25)))\n"
    )
    runs = outputs_under_hash_seeds(script)
    assert runs[0] == runs[1] and runs[0].count("\n") >= 10


def test_it_refuses_to_act_for_the_other_side(demo: Scenario) -> None:
    game = Game.from_scenario(demo)
    idle = game.acting_side
    assert idle is not None
    with pytest.raises(NotMyTurnError, match="asked to act"):
        RandomPlayer(idle.other).choose(game)


def test_certain_to_end_it_ends_the_phase(demo: Scenario) -> None:
    game = Game.from_scenario(demo)
    side = game.acting_side
    assert side is not None and game.phase is Phase.MOVEMENT
    assert isinstance(RandomPlayer(side, end_chance=1.0).choose(game), EndPhase)


def test_it_ends_its_phase_after_max_per_phase_actions(demo: Scenario) -> None:
    game = Game.from_scenario(demo)
    side = game.acting_side
    assert side is not None
    player = RandomPlayer(side, seed=1, end_chance=0.0, max_per_phase=3)
    chosen = []
    while game.phase is Phase.MOVEMENT and game.acting_side is side:
        action = player.choose(game)
        chosen.append(action)
        game.apply(action)
    assert len(chosen) == 4
    assert not any(isinstance(a, EndPhase | Pass) for a in chosen[:3])
    assert isinstance(chosen[3], EndPhase)


def test_a_bad_end_chance_is_refused() -> None:
    with pytest.raises(ValueError, match="end_chance"):
        RandomPlayer(Side.UNION, end_chance=1.5)
