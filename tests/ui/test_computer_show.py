"""The computer's actions shown on the board (gameapp/ui/computer_show.py): a move's counter
travels its path and ends in its place, a shot's line stands for a moment and goes; instant
shows nothing; and the preferences set the pace."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtWidgets import QGraphicsLineItem
from pytestqt.qtbot import QtBot

from gameapp.core.actions import EndPhase, Fire, Move
from gameapp.core.engine import Game
from gameapp.core.terrain import Terrain
from gameapp.core.units import Side
from gameapp.ui.computer_show import MARK_Z, ActionShow
from gameapp.ui.dialogs.preferences_dialog import PreferencesDialog
from gameapp.ui.main_window import MainWindow
from gameapp.ui.pace import TIMINGS, Pace, save_pace, saved_pace
from gameapp.ui.session import autosave_keep
from tests.core.positions import S, blank_map, game_on, infantry, place

DUEL = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "duel.yaml"


def duel_window(qtbot: QtBot) -> tuple[MainWindow, Game, ActionShow]:
    window = MainWindow()
    qtbot.addWidget(window)
    game = Game.from_scenario(DUEL, seed=3)
    window.start_game(game)  # two humans: the computer plays nothing, the show is ours
    show = window.computer.show
    assert show is not None
    return window, game, show


def a_long_move(game: Game) -> Move:
    return next(a for a in game.legal_actions()
                if isinstance(a, Move) and a.unit_id == "US-1" and len(a.path) >= 2)


def test_a_move_travels_its_path_and_ends_in_its_place(qtbot: QtBot) -> None:
    window, game, show = duel_window(qtbot)
    show.timing = Pace.SLOW.timing
    board = window.view.board()
    assert board is not None
    move = a_long_move(game)
    item = board.counter_item("US-1")
    assert item is not None
    start, z = QPointF(item.pos()), item.zValue()
    prepared = show.prepare(move)
    assert window.controller.apply(move)
    place = QPointF(item.pos())  # the board has already put it in its new hex
    assert place != start
    assert show.play(prepared) and show.running
    assert item.pos() == start and item.zValue() == MARK_Z  # back at the start, on top
    # on its way it passes the centre of each hex it enters before the last
    first = board.geometry.centre(move.path[0])
    qtbot.waitUntil(lambda: QLineF(item.pos(), first).length() < board.geometry.size * 0.5,
                    timeout=5_000)
    with qtbot.waitSignal(show.finished, timeout=10_000):
        pass
    assert not show.running and item.pos() == place and item.zValue() == z


def test_a_shot_draws_its_line_of_fire_for_a_moment(qtbot: QtBot) -> None:
    window, game, show = duel_window(qtbot)
    show.timing = Pace.FAST.timing
    board = window.view.board()
    assert board is not None
    assert window.controller.apply(EndPhase())  # to the fire phase: the Confederates shoot first
    shot = Fire(("CS-1",), game.state.units["US-1"].hex)
    assert window.controller.apply(shot)
    assert show.play(show.prepare(shot))
    lines = [i for i in board.items() if isinstance(i, QGraphicsLineItem)]
    assert len(lines) == 1
    firer = board.counter_item("CS-1")
    assert firer is not None
    assert lines[0].line() == QLineF(firer.pos(), board.geometry.centre(shot.target))
    with qtbot.waitSignal(show.finished, timeout=5_000):
        pass
    assert not [i for i in board.items() if isinstance(i, QGraphicsLineItem)]


def test_instant_shows_nothing_and_finish_puts_everything_in_place(qtbot: QtBot) -> None:
    window, game, show = duel_window(qtbot)
    show.timing = Pace.INSTANT.timing
    move = a_long_move(game)
    prepared = show.prepare(move)
    assert window.controller.apply(move)
    assert not show.play(prepared) and not show.running
    window.controller.undo()
    show.timing = Pace.SLOW.timing
    prepared = show.prepare(move)
    assert window.controller.apply(move)
    assert show.play(prepared)
    board = window.view.board()
    assert board is not None
    item = board.counter_item("US-1")
    assert item is not None
    show.finish()  # a new game, or a step while it moves
    assert not show.running
    assert item.pos() == board.geometry.centre(move.path[-1])  # alone in its hex


def test_the_pace_is_a_preference(qtbot: QtBot) -> None:
    assert saved_pace() is Pace.NORMAL  # unless set
    save_pace(Pace.SLOW)
    assert saved_pace() is Pace.SLOW
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    assert dialog.chosen_pace() is Pace.SLOW
    dialog.pace.setCurrentIndex(dialog.pace.findData("fast"))
    dialog.keep.setValue(4)
    dialog.accept()
    assert saved_pace() is Pace.FAST and autosave_keep() == 4
    # a window opened now plays the computer at that pace
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.computer.pace is Pace.FAST
    assert window.computer.delay_ms == TIMINGS[Pace.FAST].between_ms


def test_a_counter_the_screen_cannot_see_moves_unseen(qtbot: QtBot) -> None:
    """US-A in 0610 and CS-B in 0604 with woods in 0607 between them: with hiding on and the
    screen the Confederates', US-A is not on the board, and its move shows nothing."""
    m = blank_map(12, 12)
    m.set_terrain(m.parse("0607"), Terrain.WOODS)
    game = game_on(m, [place(infantry("US-A"), m, "0610"),
                       place(infantry("CS-B", Side.CONFEDERATE), m, "0604", facing=S)])
    window = MainWindow()
    qtbot.addWidget(window)
    window.start_game(game, hide_unseen=True)
    window.unseen.set_viewer(Side.CONFEDERATE)
    show = window.computer.show
    assert show is not None
    show.timing = Pace.SLOW.timing
    board = window.view.board()
    assert board is not None and board.counter_item("US-A") is None
    move = Move("US-A", (m.parse("0611"),))  # south, still behind the woods
    prepared = show.prepare(move)
    assert window.controller.apply(move)
    assert board.counter_item("US-A") is None
    assert not show.play(prepared) and not show.running


def test_a_shot_shows_its_result_beside_the_target(qtbot: QtBot) -> None:
    """Issue 27, item 12: the computer's shot is drawn with its result in words."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    window, game, show = duel_window(qtbot)
    show.timing = Pace.FAST.timing
    board = window.view.board()
    assert board is not None
    assert window.controller.apply(EndPhase())
    shot = Fire(("CS-1",), game.state.units["US-1"].hex)
    assert window.controller.apply(shot)
    assert show.play(show.prepare(shot), "C1: 1st Union lost 1 casualty step")
    texts = [i.text() for i in board.items() if isinstance(i, QGraphicsSimpleTextItem)]
    assert texts == ["C1: 1st Union lost 1 casualty step"]
    with qtbot.waitSignal(show.finished, timeout=5_000):
        pass
    assert not [i for i in board.items() if isinstance(i, QGraphicsSimpleTextItem)]
