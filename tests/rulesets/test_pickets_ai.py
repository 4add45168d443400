"""The Pickets ruleset's computer player plugs into the generic candidate-action loop by
registration alone, and plays a whole game headless with a reason for every choice."""

from __future__ import annotations

from pathlib import Path

from gameapp.ai.registry import make_player
from gameapp.core.engine import Game
from gameapp.core.units import Side
from gameapp.headless import play
from tests.rulesets.pickets import Advance, Halt, Skirmish
from tests.rulesets.pickets.ai import SKIRMISH_VALUE

SCENARIO = Path(__file__).parent / "pickets" / "skirmish.yaml"


def test_the_registered_player_skirmishes_before_it_advances() -> None:
    game = Game.from_scenario(SCENARIO, seed=2)
    m = game.map
    union = make_player("pickets", Side.UNION, seed=2)
    first = union.decide(game)  # no enemy next to a Union picket yet: advance nearer
    assert isinstance(first.action, Advance) and first.action.picket == "u1"
    assert first.why == "advance u1 nearer the enemy (P1)"
    game.apply(Advance("u1", m.parse("0605")))  # next to c1 in 0606
    game.apply(Halt())
    rebels = make_player("pickets", Side.CONFEDERATE, seed=2)
    choice = rebels.decide(game)  # 2 chances in 6 (SKIRMISH_VALUE) beat an advance's 0.1
    assert choice.action == Skirmish("c1", m.parse("0605")) and SKIRMISH_VALUE > 0.1
    assert "drives the picket in 0605 off (P2)" in choice.why


def test_two_computer_players_play_a_whole_game_with_their_reasons() -> None:
    players = {side: make_player("pickets", side, seed=5) for side in Side}
    outcome = play(SCENARIO, 5, players=players)
    game = outcome.game
    assert game.is_over and game.state.turn == 4
    assert len(outcome.reasons) == len(game.log)  # every choice explained
    assert any(isinstance(e.action, Skirmish) for e in game.log)
