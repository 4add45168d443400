"""The computer player's own copy of the game (gameapp/ai/thinking_copy.py), on which the window
lets it think on a worker thread: it follows the game, never plays, and a player deciding on it
plays exactly the game it would play on the game itself."""

from __future__ import annotations

import pytest

from gameapp.ai.player import AIPlayer
from gameapp.ai.settings import Difficulty
from gameapp.ai.thinking_copy import ThinkingCopy, thinking_copy
from gameapp.core.actions import EndPhase
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from tests.ai.test_ai_player import skirmish


def _notations(game: Game) -> set[str]:
    return {a.to_text(game.map.numbering) for a in game.legal_actions()}


def test_the_copy_follows_the_game_and_has_its_legal_actions() -> None:
    game = skirmish(3)
    copy = thinking_copy(game)
    assert copy.state == game.state and copy.state is not game.state
    assert _notations(copy) == _notations(game)
    move = next(a for a in game.legal_actions() if not isinstance(a, EndPhase))
    game.apply(move)
    assert copy.state != game.state  # a copy, not a view: it changes only when it follows
    same = thinking_copy(game, copy)
    assert same is copy and copy.state == game.state
    assert copy.state.revision == game.state.revision and len(copy.log) == len(game.log)
    assert _notations(copy) == _notations(game)
    assert thinking_copy(skirmish(3), copy) is not copy  # another game: a new copy


def test_the_copy_never_plays() -> None:
    game = skirmish(3)
    copy = ThinkingCopy(game)
    with pytest.raises(IllegalActionError, match="cannot be played"):
        copy.apply(EndPhase())
    with pytest.raises(IllegalActionError, match="cannot be undone"):
        copy.undo()
    assert game.log == []


def test_the_copy_shares_no_changing_part_with_the_game() -> None:
    """The worker thinks on the copy while the window plays the game: the two share nothing
    either may change, save the caches worked out from the map alone (costs.MapCaches: added
    to only, each entry whole, the same value for a key). Dice thrown on the copy leave the
    game's as they were, and throw what the game's would."""
    game = skirmish(3)
    copy = thinking_copy(game)
    assert copy.state is not game.state and copy.state.units is not game.state.units
    assert copy.log is not game.log and copy.rules is not game.rules
    assert copy.dice is not game.dice and copy.dice.history is not game.dice.history
    thrown = [copy.dice.d66("a look ahead") for _ in range(5)]
    assert game.dice.history == []  # the game's dice did not move
    assert [game.dice.d66("the game") for _ in range(5)] == thrown
    assert thinking_copy(game, copy).dice.history == game.dice.history  # follows the dice too
    mine, theirs = tactical(copy).movement.costs, tactical(game).movement.costs
    assert mine is not theirs and mine.fronts is not theirs.fronts
    assert mine.shared is theirs.shared  # the map's own caches, shared by design


def _played(seed: int, on_copy: bool) -> list[str]:
    game = skirmish(seed)
    players = {side: AIPlayer(side, seed, Difficulty.HARD) for side in Side}
    copies: dict[Side, ThinkingCopy] = {}
    while not game.is_over and game.state.turn <= 2:
        side = game.acting_side
        assert side is not None
        seen: Game = game
        if on_copy:
            seen = copies[side] = thinking_copy(game, copies.get(side))
        game.apply(players[side].decide(seen).action)
    return [entry.notation for entry in game.log]


def test_deciding_on_the_copy_plays_the_same_game() -> None:
    direct = _played(5, on_copy=False)
    assert len(direct) > 20
    assert _played(5, on_copy=True) == direct
