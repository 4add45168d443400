"""History (core/history.py): the game at any log index, replayed from the seed; what each step
changed; strength and victory points turn by turn; losses by side and by brigade."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.core.actions import EndPhase, Fire, Move, Pass
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.history import History, ReplayError
from gameapp.core.ruleset import LossRow
from gameapp.core.scenario import VictoryHex
from gameapp.core.state import GameState
from gameapp.core.units import Side
from gameapp.headless import play
from tests.core.positions import N, S, blank_map, game_on, infantry, place

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"


def _fire_game() -> Game:
    """u moves to 0605, then fires at c (8 SPs) in 0603: forced 66 reads A1, one SP lost
    (the working is in test_victory); A1 calls for no morale check."""
    m = blank_map()
    game = game_on(
        m,
        [place(infantry("u"), m, "0606", N),
         place(infantry("c", Side.CONFEDERATE, strength=8, brigade="Gray"), m, "0603", S)],
        victory_hexes=(VictoryHex(m.parse("0605"), "the crossroads", 5, Side.CONFEDERATE),),
    )
    game.apply(Move("u", (m.parse("0605"),)))
    game.apply(EndPhase())
    game.apply(Pass())
    game.dice = Dice.forcing([66])
    game.apply(Fire(("u",), m.parse("0603")))
    return game


def test_every_index_of_a_random_demo_game_replays_to_the_state_it_had() -> None:
    states: list[GameState] = []
    outcome = play(DEMO, seed=5, turns=2,
                   on_action=lambda game, _events: states.append(game.state.copy()))
    history = History.of(outcome.game)
    assert len(history) == len(states) == outcome.actions
    for i, state in enumerate(states, start=1):
        assert history.state_at(i) == state, f"after action {i}"
    middle = len(states) // 2
    rebuilt = history.game_at(middle)  # a whole game, independent of the history
    assert rebuilt.state == states[middle - 1]
    assert rebuilt.log == outcome.game.log[:middle]
    assert any(entry.rolls for entry in outcome.game.log[:middle])  # dice were replayed


def test_a_game_with_forced_dice_replays_with_the_recorded_faces() -> None:
    game = _fire_game()
    history = History.of(game)
    assert history.state_at(len(history)) == game.state
    assert history.state_at(0).units["c"].losses == 0
    assert history.state_at(4).units["c"].losses == 1


def test_what_each_step_changed() -> None:
    game = _fire_game()
    history = History.of(game)
    m = game.map
    moved = history.changes(1)  # u 0606 -> 0605
    assert moved.left == {m.parse("0606")} and moved.entered == {m.parse("0605")}
    assert moved.hits == {} and not moved.empty
    assert history.changes(2).empty  # the end of the movement phase moves nothing
    shot = history.changes(4)
    assert shot.hits == {"c": 1} and shot.hit_hexes == {m.parse("0603")}
    assert shot.left == set() and shot.entered == set()
    assert history.action_in_turn(4) == (1, 4) and history.action_in_turn(0) == (1, 0)


def test_strength_and_points_turn_by_turn() -> None:
    game = _fire_game()
    while game.state.turn == 1:  # finish turn 1, then stop inside turn 2
        game.apply(EndPhase() if game.acting_side is not None else Pass())
    game.apply(Move("u", (game.map.parse("0605").neighbor(N),)))
    series = History.of(game).turn_series()
    assert [p.label for p in series] == ["start", "turn 1", "turn 2"]
    start, turn1, now = series
    # start: u 5 SPs, c 8; the Confederates hold the crossroads (5 points)
    assert start.strength == {Side.UNION: 5, Side.CONFEDERATE: 8}
    assert start.points == {Side.UNION: 0, Side.CONFEDERATE: 5}
    # end of turn 1: c lost 1 SP (a point for the Union) and u took the crossroads (5)
    assert turn1.strength == {Side.UNION: 5, Side.CONFEDERATE: 7}
    assert turn1.points == {Side.UNION: 6, Side.CONFEDERATE: 0}
    assert now.index == len(game.log) and now.turn == 2


def test_losses_by_side_and_by_brigade() -> None:
    history = History.of(_fire_game())
    assert history.losses_by_side() == {Side.UNION: 0, Side.CONFEDERATE: 1}
    # u (5 SPs, brigade "1st") lost nothing; c (8 SPs, "Gray") lost 1
    assert history.losses_by_formation() == [LossRow(Side.UNION, "1st", 0, 5),
                                             LossRow(Side.CONFEDERATE, "Gray", 1, 8)]
    assert history.losses_by_side(0) == {Side.UNION: 0, Side.CONFEDERATE: 0}


def test_a_history_grows_with_its_game_and_starts_again_after_an_undo() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N)])
    game.apply(Move("u", (m.parse("0605"),)))
    history = History.of(game)
    assert history.state_at(1).units["u"].hex == m.parse("0605")
    game.apply(Move("u", (m.parse("0604"),)))
    assert history.extended(game.log) is history and len(history) == 2
    assert history.state_at(2).units["u"].hex == m.parse("0604")
    game.undo()
    game.undo()
    elsewhere = m.parse("0606").neighbor(S)
    game.apply(Move("u", (elsewhere,)))
    again = history.extended(game.log)
    assert again is not history and again.state_at(1).units["u"].hex == elsewhere


def test_a_log_that_does_not_replay_says_which_entry() -> None:
    game = _fire_game()
    tampered = list(game.log)
    tampered[0] = replace(tampered[0], action=game.parse_action("move u 0604"))  # two hexes
    history = History(game.scenario, game.dice.seed, tampered)
    with pytest.raises(ReplayError) as info:
        history.state_at(1)
    assert info.value.index == 0 and str(info.value).startswith("log entry 1: 'move u 0604'")
    rolls = list(game.log)
    rolls[3] = replace(rolls[3], rolls=())  # the fire's roll left out
    with pytest.raises(ReplayError, match="log entry 4: 'fire u 0603' rolled"):
        History(game.scenario, game.dice.seed, rolls).state_at(4)
    with pytest.raises(IndexError):
        History.of(game).state_at(5)
