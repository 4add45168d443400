"""The end screen: winner and level, points term by term, losses by side and by brigade, and the
chart of strength and victory points turn by turn; it opens by itself when the game ends."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from gameapp.core.actions import EndPhase, Fire, Move, Pass
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.history import History
from gameapp.core.scenario import TurnClock, VictoryHex
from gameapp.core.suddendeath import SuddenDeath
from gameapp.core.units import Side
from gameapp.ui.end_chart import INK, TurnChart, nice_ticks
from gameapp.ui.end_screen import EndScreen
from tests.core.positions import N, S, blank_map, game_on, infantry, place

from .boards import make_scenario, sample_units, showcase_map
from .play import open_window


def _ended_game() -> Game:
    """u (5 SPs) takes the crossroads (0605) and fires at c (8 SPs, brigade Gray), two hexes
    off: the forced 66 reads A1 (see test_victory), c loses 1 SP, and the scenario's sudden
    death (1 Confederate SP lost) ends the game in turn 1."""
    m = blank_map()
    base = game_on(
        m,
        [place(infantry("u"), m, "0606", N),
         place(infantry("c", Side.CONFEDERATE, strength=8, brigade="Gray"), m, "0603", S)],
        victory_hexes=(VictoryHex(m.parse("0605"), "the crossroads", 5, Side.CONFEDERATE),),
    )
    wrecked = SuddenDeath("Gray wrecked", Side.UNION, enemy_losses=1)
    game = Game.from_scenario(replace(base.scenario, sudden_death=(wrecked,)))
    game.apply(Move("u", (m.parse("0605"),)))
    game.apply(EndPhase())
    game.apply(Pass())
    game.dice = Dice.forcing([66])
    game.apply(Fire(("u",), m.parse("0603")))
    assert game.is_over
    return game


def test_the_result_losses_and_chart(qtbot: QtBot) -> None:
    game = _ended_game()
    screen = EndScreen(game)
    qtbot.addWidget(screen)
    assert screen.title.text() == "Union decisive victory"
    # Union: the crossroads 5 + 1 Confederate SP lost = 6; Confederate: nothing
    assert screen.summary.text() == (
        "Sudden death in turn 1: Gray wrecked (Confederate has lost 1 strength points). "
        "On points: Union 6, Confederate 0 points.")
    points = [[screen.points_table.item(r, c).text() for c in range(3)]
              for r in range(screen.points_table.rowCount())]
    assert points == [["Union", "holds the crossroads", "5"],
                      ["Union", "Confederate strength points lost", "1"],
                      ["Union", "total", "6"], ["Confederate", "total", "0"]]
    brigades = [[screen.brigade_table.item(r, c).text() for c in range(4)]
                for r in range(screen.brigade_table.rowCount())]
    assert brigades == [["Union", "1st", "0", "5"], ["Confederate", "Gray", "1", "8"]]
    assert "Union</b></span> lost <b>0</b> of 5" in screen.losses.text()
    assert "Confederate</b></span> lost <b>1</b> of 8" in screen.losses.text()
    chart = screen.chart
    assert chart.points == History.of(game).turn_series()
    assert [p.label for p in chart.points] == ["start", "turn 1"]  # ended inside turn 1
    assert chart.series("strength", Side.CONFEDERATE) == [8, 7]
    assert chart.series("points", Side.UNION) == [0, 6]
    assert chart.marker == "sudden death"


def test_the_chart_draws_both_sides(qtbot: QtBot) -> None:
    chart = TurnChart()
    qtbot.addWidget(chart)
    chart.resize(640, 400)
    chart.show_series(History.of(_ended_game()).turn_series())
    image = chart.grab().toImage()

    def inked(ink: QColor) -> int:
        return sum(1 for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
                   if image.pixelColor(x, y) == ink)

    assert inked(INK[Side.UNION]) > 40 and inked(INK[Side.CONFEDERATE]) > 40
    assert nice_ticks(43 * 1.08) == [0, 20, 40, 60]  # 46.4 / 4 = 11.6: steps of 20
    assert nice_ticks(7) == [0, 2, 4, 6, 8]  # 7 / 4 = 1.75: steps of 2


def test_the_end_screen_opens_when_the_game_ends(qtbot: QtBot) -> None:
    m = showcase_map()
    scenario = replace(make_scenario(m, sample_units(m)),
                       clock=TurnClock(1, 1, 14 * 60, 20))  # a game of one turn
    window = open_window(qtbot, scenario)
    game = window.controller.game
    assert game is not None
    assert window.end_of_game.screen is None
    while not game.is_over:
        decision = game.pending_decision  # a rout path to pick (7.6): the engine's first
        assert window.controller.apply(decision.options[0].action) if decision \
            else window.controller.end_phase()
    screen = window.end_of_game.screen
    assert screen is not None and screen.isVisible()
    assert screen.title.text() == game.result().title.replace("draw", "A draw")
    assert "After turn 1" in screen.summary.text()
    screen.close()
    window.actions_by_id["result"].trigger()  # Game > Result… shows it again
    again = window.end_of_game.screen
    assert again is not None and again is not screen and again.isVisible()
    again.close()
