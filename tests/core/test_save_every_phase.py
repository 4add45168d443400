"""Issue 6: a save made at any phase of a game loads back to the same game, and undo all then
redo all gives back the same states, never crossing a roll a player has seen."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.ai.random_player import RandomPlayer
from gameapp.core.actions import Action, ChangeFormation, Face, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.savegame import load_game, save_game
from gameapp.core.units import Side

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"
SEED = 7
MAX_ACTIONS = 40


def random_action(game: Game, players: dict[Side, RandomPlayer]) -> Action:
    side = game.acting_side
    if side is not None:
        return players[side].choose(game)
    return sorted(game.legal_actions(), key=lambda a: a.to_text(game.map.numbering))[0]


def test_a_save_at_every_phase_loads_to_the_same_game(tmp_path: Path) -> None:
    game = Game.from_scenario(DEMO, seed=SEED)
    players = {side: RandomPlayer(side, SEED, end_chance=0.3, max_per_phase=3) for side in Side}
    phase_key = (game.state.turn, game.state.step_index)
    saved = 0
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        game.apply(random_action(game, players))
        key = (game.state.turn, game.state.step_index)
        if key == phase_key:
            continue
        phase_key = key
        path = tmp_path / f"turn{key[0]}-step{key[1]}.save.yaml"
        save_game(game, path)
        loaded = load_game(path)
        where = f"turn {key[0]}, {game.phase.value} phase"
        assert loaded.state == game.state, where
        assert loaded.log == game.log, where
        assert loaded.dice.history == game.dice.history, where
        saved += 1
    assert saved >= 8, f"only {saved} phase changes: the game should have crossed a turn"
    assert any(entry.rolls for entry in game.log), "the game should have rolled dice"


def no_dice_moves(game: Game, count: int) -> list[Action]:
    """Apply up to `count` movement-phase actions that roll no dice; return them in order."""
    done: list[Action] = []
    numbering = game.map.numbering
    while len(done) < count:
        candidates = sorted((a for a in game.legal_actions()
                             if isinstance(a, Move | Face | ChangeFormation)),
                            key=lambda a: (not isinstance(a, Move), a.to_text(numbering)))
        if not candidates:
            break
        # spread the actions over the units rather than walking one unit to its end
        acted = {a.unit_id for a in done if isinstance(a, Move | Face | ChangeFormation)}
        action = next((a for a in candidates if a.unit_id not in acted), candidates[0])
        game.apply(action)
        assert game.can_undo, f"{action.to_text(numbering)} rolled dice in the movement phase"
        done.append(action)
    return done


def test_undo_all_then_redo_all_gives_back_the_same_states() -> None:
    game = Game.from_scenario(DEMO, seed=SEED)
    assert game.phase is Phase.MOVEMENT
    assert not game.can_undo  # nothing done yet
    start = game.state.copy()
    actions = no_dice_moves(game, 6)
    assert len(actions) == 6
    final = game.state.copy()
    final_log = list(game.log)
    assert final != start

    for _ in actions:
        assert game.can_undo
        game.undo()
    assert game.state == start
    assert game.log == []
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()

    for action in actions:
        game.apply(action)
    assert game.state == final
    assert game.log == final_log


def test_undo_is_refused_after_a_roll_was_seen() -> None:
    game = Game.from_scenario(DEMO, seed=SEED)
    players = {side: RandomPlayer(side, SEED, end_chance=0.3, max_per_phase=3) for side in Side}
    for _ in range(MAX_ACTIONS):
        game.apply(random_action(game, players))
        if game.log[-1].rolls:
            break
    else:
        pytest.fail("no action rolled dice")
    before = game.state.copy()
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match="dice"):
        game.undo()
    assert game.state == before
