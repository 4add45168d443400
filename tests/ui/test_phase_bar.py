"""The phase bar: turn N of M, clock and light, the phasing side in its colour, the phase."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.phases import Phase, Player
from gameapp.core.scenario import Light, TurnClock
from gameapp.present.labels import light_word
from gameapp.ui.board.counter_art import SIDE_COLOURS
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


def test_the_turn_record_tints_each_turn_by_its_light(qtbot: QtBot) -> None:
    from gameapp.ui.phase_bar import LIGHT_FILLS, TurnRecord

    # turns of 20 minutes from 6:00 pm: dusk from 6:40 (turn 3), night from 7:20 (turn 5)
    clock = TurnClock(1, 6, 18 * 60, 20, ((18 * 60 + 40, Light.DUSK), (19 * 60 + 20, Light.NIGHT)))
    record = TurnRecord()
    qtbot.addWidget(record)
    record.show_turn(clock, 3)
    assert record.width() == 6 * (TurnRecord.BOX + 2) + 2
    image = record.grab().toImage()
    centre = TurnRecord.BOX // 2 + 2
    colours = [image.pixelColor(centre + k * (TurnRecord.BOX + 2), centre + 4).name()
               for k in (1, 3, 5)]  # below the strike-through of the turns played
    assert colours == [LIGHT_FILLS[light].name() for light in (Light.DAY, Light.DUSK,
                                                                Light.NIGHT)]
    assert [record.turn_at(x) for x in (3, 3 + TurnRecord.BOX + 2, 500)] == [1, 2, None]


def test_sudden_death_is_named_when_the_game_ends(qtbot: QtBot) -> None:
    from dataclasses import replace

    from gameapp.core.suddendeath import SuddenDeath
    from gameapp.core.units import Side

    m = showcase_map()
    scenario = make_scenario(m, sample_units(m))
    ended = SuddenDeath("the Union wrecked", Side.CONFEDERATE, enemy_losses=1)
    game = Game.from_scenario(replace(scenario, sudden_death=(ended,)))
    bar = PhaseBar()
    qtbot.addWidget(bar)
    victim = next(u for u in game.state.units.values() if u.side is Side.UNION and u.strength)
    game.state.units[victim.id] = replace(victim, losses=1)  # the bar only reads the state
    bar.show_game(game)
    assert bar.plain_text() == "Game over in turn 1: sudden death, the Union wrecked"
    assert bar.record.current is None
