"""The monthly report in the window: it opens by itself when the monthly interphase is played
(East '62, every phase ended, the dice of seed 3), Game ▸ Monthly report opens it again on any
month, and a saved game taken up again shows the same report without opening it unasked."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gameapp.core.engine import Game
from gameapp.core.savegame import load_game, save_game
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets.strategic.month_report import MonthReportDialog
from gameapp.ui.rulesets.strategic.ui import StrategicUI
from tests.present.test_strategic_month import EAST_1862
from tests.rulesets.strategic.windows import open_game


def open_east(qtbot: QtBot, game: Game) -> tuple[MainWindow, StrategicUI]:
    return open_game(qtbot, game, EAST_1862, zoom=None, size=(1200, 800))


def test_the_report_opens_after_the_interphase_and_again_from_the_game_menu(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = Game.from_scenario(EAST_1862, seed=3)
    window, ui = open_east(qtbot, game)
    reports = ui.month_reports
    while game.state.turn < 4:
        window.controller.end_phase()
    assert reports.dialog is None  # not before the month's end
    while game.state.turn < 5:
        window.controller.end_phase()
    dialog = reports.dialog
    assert isinstance(dialog, MonthReportDialog) and dialog.isVisible()
    assert dialog.shown_month() == 1
    text = dialog.text.toPlainText()
    assert "Month 1: weeks 1-4 (1 Mar - 28 Mar 1862)" in text
    assert "Confederate: 5 of 12 points received (R&C strategic supply income)" in text
    assert "Union transport fleet 1 (Alexandria) arrives at C2609 (R&C strategic schedule)" in text
    dialog.close()

    # Game ▸ Monthly report, placed after Result; month 2 so far is offered too
    entry = window.actions_by_id["monthly_report"]
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    names = [a.objectName() for a in game_menu.actions()]
    assert names.index("monthly_report") == names.index("result") + 1
    assert entry.isEnabled()
    entry.trigger()
    assert dialog.isVisible() and dialog.months.count() == 2
    dialog.months.setCurrentIndex(1)
    assert "Blenker's Division leaves" in dialog.text.toPlainText()
    window.controller.end_phase()  # an open report follows the game on the month it shows
    assert dialog.isVisible() and dialog.shown_month() == 2 and dialog.months.count() == 2
    dialog.close()

    # the saved game taken up again: the same report, derived from its log, and not unasked
    save_game(game, tmp_path / "east.yaml")
    window.start_game(load_game(tmp_path / "east.yaml"))
    assert not dialog.isVisible()
    entry.trigger()
    assert dialog.isVisible() and dialog.shown_month() == 1
    assert dialog.text.toPlainText() == text

    window.close()  # the report goes with its window: it would float over the next one
    assert not dialog.isVisible()
