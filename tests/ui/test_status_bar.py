"""The status bar says where the game is now (issue 27, item 2): after opening a save or resuming
an autosave it names the phase the game is in, not the phase it began with; the hex words of the
map before are gone when another scenario is shown; a menu entry's tip ("End this phase…") does
not outlive the phase it was about."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gameapp.core.actions import EndPhase, Pass
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.savegame import save_game
from gameapp.core.units import Side
from gameapp.ui.main_window import MainWindow

DATA = Path(__file__).resolve().parents[1] / "data"
DUEL = DATA / "scenarios" / "duel.yaml"
DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"


def window_of(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    return window


def test_an_opened_save_names_the_phase_it_is_in(qtbot: QtBot, tmp_path: Path) -> None:
    game = Game.from_scenario(DUEL, seed=3)
    while game.current_side is not Side.CONFEDERATE:  # to the Confederate movement phase
        game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    assert game.phase is Phase.MOVEMENT
    path = tmp_path / "later.yaml"
    save_game(game, path)
    window = window_of(qtbot)
    window.start_game(Game.from_scenario(DUEL, seed=1))  # a game that began: the Union moves
    assert "Union movement phase" in window.message_label.text()
    assert window.open_game(path)
    assert "Confederate movement phase" in window.message_label.text()
    assert "Union" not in window.message_label.text()
    assert "Confederate" in window.phase_bar.plain_text()


def test_hex_words_of_the_map_before_are_cleared(qtbot: QtBot) -> None:
    window = window_of(qtbot)
    window.start_game(Game.from_scenario(DUEL, seed=1))
    window.view.hover_text_changed.emit("0303 clear, elevation 300 ft")  # the mouse on the map
    assert window.statusBar().currentMessage().startswith("0303")
    window.start_game(Game.from_scenario(DEMO, seed=1))
    assert window.statusBar().currentMessage() == ""


def test_the_end_phase_tip_goes_with_its_phase(qtbot: QtBot) -> None:
    window = window_of(qtbot)
    window.start_game(Game.from_scenario(DUEL, seed=1))
    window.actions_by_id["end_phase"].showStatusText(window)  # the mouse on End phase
    assert window.statusBar().currentMessage().startswith("End this phase")
    assert window.controller.end_phase()
    assert window.statusBar().currentMessage() == ""
    window.view.hover_text_changed.emit("0303 clear")  # the board's own words stay
    assert window.controller.end_phase()
    assert window.statusBar().currentMessage() == "0303 clear"
