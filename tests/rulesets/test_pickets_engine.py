"""A second ruleset, living only in tests/, plays through the engine's driver: its steps route its
own actions, and the log, undo, dice, saves, replays and the history serve it unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.history import History
from gameapp.core.ruleset import ruleset_named
from gameapp.core.savegame import load_game, save_game
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.rulesets.pickets import PICKETS, Advance, Halt, Skirmish
from tests.rulesets.pickets.ruleset import PicketPhase, SkirmishResolved

SCENARIO = Path(__file__).parent / "pickets" / "skirmish.yaml"


def new_game(seed: int = 1) -> Game:
    return Game.from_scenario(SCENARIO, seed=seed)


def test_the_scenario_key_picks_the_registered_ruleset() -> None:
    game = new_game()
    assert ruleset_named("pickets") is PICKETS and game.ruleset is PICKETS
    assert game.phase is PicketPhase.MARCH and game.acting_side is Side.UNION
    assert game.state.pickets["u1"] == (Side.UNION, game.map.parse("0604"))


def test_legal_actions_come_from_the_steps_handlers() -> None:
    game = new_game()
    legal = list(game.legal_actions())
    m = game.map
    # Halt first (the step routes it first), then each Union picket's moves, u1 before u2
    assert legal[0] == Halt()
    assert Advance("u1", m.parse("0605")) in legal
    assert all(isinstance(a, Halt) or a.picket in ("u1", "u2") for a in legal)
    assert Advance("c1", m.parse("0605")) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Advance("u1", m.parse("0704")))  # u2 stands there
    assert refused.value.rule == "P1" and "empty hex" in refused.value.reason


def test_a_move_undoes_and_a_seen_die_does_not() -> None:
    game = new_game()
    m = game.map
    game.apply(Advance("u1", m.parse("0605")))  # now next to c1 in 0606
    assert game.can_undo
    game.undo()
    assert game.state.pickets["u1"][1] == m.parse("0604") and game.log == []
    game.apply(Advance("u1", m.parse("0605")))
    game.apply(Halt())
    assert game.acting_side is Side.CONFEDERATE
    game.dice = Dice(forced=[6])  # the die of c1's skirmish
    events = game.apply(Skirmish("c1", m.parse("0605")))
    result = next(e for e in events if isinstance(e, SkirmishResolved))
    assert result.driven_off and result.roll == 6  # P2: 5 or 6 drives the picket off
    assert [(t.value, t.rule) for t in result.terms] == [(6, "P2"), (5, "P2")]
    assert "u1" not in game.state.pickets
    assert not game.can_undo  # the die has been seen
    with pytest.raises(IllegalActionError):
        game.undo()


def _nearest(h: Hex, others: list[Hex]) -> int:
    return min(h.distance(o) for o in others)


def play_out(game: Game) -> None:
    """Each side skirmishes where it can, else advances a picket closer to the enemy, else
    halts."""
    while not game.is_over:
        legal = list(game.legal_actions())
        enemies = [h for side, h in game.state.pickets.values() if side is not game.acting_side]

        closer = [a for a in legal if isinstance(a, Advance) and enemies
                  and _nearest(a.to, enemies) < _nearest(game.state.pickets[a.picket][1],
                                                         enemies)]
        choice = next((a for a in legal if isinstance(a, Skirmish)),
                      closer[0] if closer else Halt())
        game.apply(choice)


def test_the_game_ends_after_its_last_turn_with_a_result() -> None:
    game = new_game(seed=4)
    play_out(game)
    assert game.state.turn == 4 and game.is_over
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Halt())
    assert refused.value.rule == "P3"
    result = game.result()
    left = {s: sum(1 for side, _ in game.state.pickets.values() if side is s) for s in Side}
    assert result.pickets == left
    assert [t.rule for t in result.terms] == ["P3", "P3"]


def test_a_save_replays_and_the_history_steps_through_it(tmp_path: Path) -> None:
    game = new_game(seed=7)
    play_out(game)
    rolled = [e for e in game.log if e.rolls]
    assert rolled, "the seed should make at least one skirmish"
    path = tmp_path / "pickets.yaml"
    save_game(game, path)
    text = path.read_text(encoding="utf-8")
    assert "skirmish " in text and "advance " in text and "halt" in text
    back = load_game(path)
    assert back.ruleset is PICKETS
    assert back.state.pickets == game.state.pickets
    assert [e.notation for e in back.log] == [e.notation for e in game.log]
    history = History.of(game)
    middle = len(game.log) // 2
    again = history.game_at(middle)
    assert again.state.pickets == history.state_at(middle).pickets
    assert history.state_at(len(game.log)).pickets == game.state.pickets


def test_a_tampered_roll_in_a_save_is_reported_at_its_line(tmp_path: Path) -> None:
    game = new_game(seed=7)
    play_out(game)
    path = tmp_path / "pickets.yaml"
    save_game(game, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    face_line = next(i for i, line in enumerate(lines) if line.strip().startswith("- - ")
                     and "skirmish" in lines[i + 1])
    face = int(lines[face_line].split()[-1])
    lines[face_line] = lines[face_line].replace(str(face), str(face % 6 + 1))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_game(path)
    problem = error.value.problems[0]
    assert lines[problem.line - 1].strip() == "rolls:" and problem.line == face_line
    assert "dice do not match" in problem.message
