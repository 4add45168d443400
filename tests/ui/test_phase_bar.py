"""The phase bar: turn N of M, clock and light, the phasing side in its colour, the phase."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.phases import Phase, Player
from gameapp.core.scenario import Light, TurnClock
from gameapp.ui.board.counter_art import SIDE_COLOURS
from gameapp.ui.labels import light_word
from gameapp.ui.phase_bar import PhaseBar

from .boards import make_scenario, sample_units, showcase_map


def test_the_light_comes_from_the_scenario_clock() -> None:
    clock = TurnClock(1, 14, 15 * 60, 20,
                      ((18 * 60 + 40, Light.DUSK), (19 * 60 + 14, Light.TWILIGHT)))
    assert [light_word(clock.light_of(t)) for t in (1, 12, 13, 14)] == [
        "daylight", "dusk", "dusk", "twilight"]


def test_the_bar_follows_the_game(qtbot: QtBot) -> None:
    m = showcase_map()
    game = Game.from_scenario(make_scenario(m, sample_units(m)))
    bar = PhaseBar()
    qtbot.addWidget(bar)
    bar.show_game(None)
    assert bar.plain_text() == "No game"
    bar.show_game(game)
    assert bar.plain_text() == "Turn 1 of 10  2:00 pm, daylight  Union  Movement phase"
    assert SIDE_COLOURS[game.state.first_side].body.name() in bar.side.styleSheet()
    game.state.step_index = next(  # the bar only reads the state: put it where we want
        i for i, step in enumerate(game.turn_steps)
        if step.phase is Phase.MOVEMENT and step.player is Player.SECOND
    )  # fmt: skip
    game.state.turn = 3
    bar.show_game(game)
    assert bar.plain_text() == "Turn 3 of 10  2:40 pm, daylight  Confederate  Movement phase"
    game.state.turn = 11
    bar.show_game(game)
    assert bar.plain_text() == "Game over after turn 10"
