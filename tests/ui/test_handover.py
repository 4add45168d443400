"""Hot-seat handover: the board is covered when the player-turn passes to the other human side,
until that player clicks; the fire phase's alternating shots never hand over; one person playing
both sides, or a human against the computer, is never covered."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp.core.actions import EndPhase, Pass
from gameapp.core.engine import Game
from gameapp.core.newgame import ALL_HUMAN, PlayerChoice, PlayerKind
from gameapp.core.phases import Phase
from gameapp.core.terrain import Terrain
from gameapp.core.units import Side
from gameapp.ui.handover import screen_owner
from gameapp.ui.main_window import MainWindow
from tests.core.positions import S, blank_map, game_on, infantry, place

DUEL = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "duel.yaml"


def hot_seat_window(qtbot: QtBot, hot_seat: bool = True) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    window.start_game(Game.from_scenario(DUEL, seed=1), dict(ALL_HUMAN), hot_seat=hot_seat)
    return window


def assert_covered(window: MainWindow, side: Side) -> None:
    cover = window.hot_seat.cover
    assert window.hot_seat.covered
    assert cover.isVisible() and not window.view.isVisible()
    assert cover.title.text() == f"{side.label} player, your turn"
    assert not any(dock.isVisible() for dock in window.docks)


def click_through(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.mouseClick(window.hot_seat.cover.button, Qt.MouseButton.LeftButton)


def test_the_board_is_covered_until_the_player_clicks(qtbot: QtBot) -> None:
    window = hot_seat_window(qtbot)
    game = window.controller.game
    assert game is not None and game.current_side is Side.UNION
    assert_covered(window, Side.UNION)  # the first player is asked to the screen too
    click_through(qtbot, window)
    assert not window.hot_seat.covered
    assert window.view.isVisible() and not window.hot_seat.cover.isVisible()


def test_each_shot_of_the_other_side_hands_over_and_nobody_acts_for_the_other(
    qtbot: QtBot,
) -> None:
    """Issue 27: the non-phasing side fires first (1.23); its player gets the screen for its
    shots, and while the board is covered for him the phasing player can neither Pass nor End
    the phase (Ctrl+E) for him."""
    window = hot_seat_window(qtbot)
    click_through(qtbot, window)
    controller = window.controller
    game = controller.game
    assert game is not None
    assert controller.apply(EndPhase())  # Union movement -> Union fire: the Confederates shoot
    assert game.phase is Phase.FIRE and game.acting_side is Side.CONFEDERATE
    assert_covered(window, Side.CONFEDERATE)
    assert "Confederate player's decision" in window.hot_seat.cover.detail.text()
    end_phase = window.actions_by_id["end_phase"]  # Ctrl+E, the phase bar's button
    assert not end_phase.isEnabled()
    assert "hidden until the Confederate player" in end_phase.toolTip()
    log_before = len(game.log)
    assert not controller.apply(Pass())  # the Union player passing for him
    assert not controller.end_phase()
    assert len(game.log) == log_before and game.acting_side is Side.CONFEDERATE
    assert not window.actions_by_id["undo"].isEnabled()  # the Union's move is out of reach
    click_through(qtbot, window)
    assert end_phase.isEnabled() and "Confederate to fire" in window.phase_bar.plain_text()
    assert controller.apply(Pass())  # the Confederate player's own pass
    assert game.acting_side is Side.UNION
    assert_covered(window, Side.UNION)  # back to the Union player for his shot
    click_through(qtbot, window)
    while game.current_side is Side.UNION:  # the rest of the Union player-turn
        acting = game.acting_side
        if window.hot_seat.covered:
            assert acting is not None and window.hot_seat.owner is acting
            click_through(qtbot, window)
        assert controller.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    assert game.current_side is Side.CONFEDERATE
    assert_covered(window, Side.CONFEDERATE)
    assert "Confederate movement phase" in window.hot_seat.cover.detail.text()
    assert not window.actions_by_id["undo"].isEnabled()  # the Union's turn is out of reach
    click_through(qtbot, window)
    assert window.view.isVisible() and window.ruleset_ui.dock.isVisible()


def test_with_one_person_at_the_screen_the_other_sides_shots_need_no_handover(
    qtbot: QtBot,
) -> None:
    window = hot_seat_window(qtbot, hot_seat=False)
    controller, game = window.controller, window.controller.game
    assert game is not None
    assert controller.apply(EndPhase())
    assert game.acting_side is Side.CONFEDERATE and not window.hot_seat.covered
    assert window.actions_by_id["end_phase"].isEnabled()
    assert controller.apply(Pass())  # one person plays both sides: his to pass


def test_one_person_playing_both_sides_is_never_covered(qtbot: QtBot) -> None:
    window = hot_seat_window(qtbot, hot_seat=False)
    controller, game = window.controller, window.controller.game
    assert game is not None
    while game.current_side is not Side.CONFEDERATE:
        assert not window.hot_seat.covered
        controller.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    assert not window.hot_seat.covered and window.view.isVisible()


def test_the_screen_belongs_to_the_phasing_human_and_stays_through_the_conclusion() -> None:
    game = Game.from_scenario(DUEL)
    assert screen_owner(None, game, ALL_HUMAN) is Side.UNION
    computer = PlayerChoice(PlayerKind.COMPUTER, "random")
    # one human: always theirs, whoever is phasing
    assert screen_owner(None, game, {Side.UNION: computer,
                                     Side.CONFEDERATE: PlayerChoice()}) is Side.CONFEDERATE
    assert screen_owner(None, game, {Side.UNION: computer, Side.CONFEDERATE: computer}) is None


# --- hiding what the side to play cannot see ------------------------------------------------------
def wooded_game() -> Game:
    """US-A in 0610 and CS-B in 0604 with woods between them in 0607 (test_visibility.py's
    position); CS-C in the open at 0810, two hexes east of US-A."""
    m = blank_map(12, 12)
    m.set_terrain(m.parse("0607"), Terrain.WOODS)
    units = [place(infantry("US-A"), m, "0610"),
             place(infantry("CS-B", Side.CONFEDERATE), m, "0604", facing=S),
             place(infantry("CS-C", Side.CONFEDERATE), m, "0810")]
    return game_on(m, units)


def shown_ids(window: MainWindow) -> set[str]:
    board = window.view.board()
    assert board is not None
    return {u.id for u in board.units()}


def test_with_hiding_on_the_board_shows_only_what_the_side_to_play_sees(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.start_game(wooded_game(), dict(ALL_HUMAN), hide_unseen=True, hot_seat=True)
    assert window.hot_seat.owner is Side.UNION
    assert shown_ids(window) == {"US-A", "CS-C"}  # CS-B is behind the woods
    assert window.unseen.hidden == {"CS-B"}
    game, controller = window.controller.game, window.controller
    assert game is not None
    while game.current_side is Side.UNION:
        if window.hot_seat.covered:  # the Confederate player's shot, or the Union's again
            window.hot_seat.reveal()
        assert controller.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    # the Confederate player's turn: CS-C sees US-A in the open, so everything shows
    assert window.hot_seat.owner is Side.CONFEDERATE
    assert shown_ids(window) == {"US-A", "CS-B", "CS-C"}


def test_with_hiding_off_every_counter_shows(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.start_game(wooded_game(), dict(ALL_HUMAN), hot_seat=True)
    assert shown_ids(window) == {"US-A", "CS-B", "CS-C"}


def test_going_back_to_the_start_screen_leaves_no_cover_behind(qtbot: QtBot) -> None:
    window = hot_seat_window(qtbot)
    assert window.hot_seat.covered and not window.phase_bar.isEnabled()
    window.show_start_screen()
    assert window.pages.currentWidget() is window.start_screen
    assert window.phase_bar.isEnabled() and window.toolbar.isEnabled()
    assert not any(dock.isVisible() for dock in window.docks)
