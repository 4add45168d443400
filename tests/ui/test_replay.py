"""The replay viewer: a saved game stepped forward and back like a VCR, the board matching the
state at each index, with what changed marked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot

from gameapp.core.actions import Move
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.savegame import save_game
from gameapp.core.state import GameState
from gameapp.core.units import Side
from gameapp.headless import play
from gameapp.ui.replay.replay_window import ReplayWindow

from .play import DEMO, open_window


def _saved_game(tmp_path: Path) -> tuple[Path, list[GameState]]:
    """Two turns of the demo by the random players, saved; the state at each index (0: the
    start, i: after the i-th action)."""
    states: list[GameState] = [Game.from_scenario(DEMO, seed=11).state.copy()]
    outcome = play(DEMO, seed=11, turns=2,
                   on_action=lambda game, _events: states.append(game.state.copy()))
    path = tmp_path / "two-turns.yaml"
    save_game(outcome.game, path)
    return path, states


def _press(qtbot: QtBot, window: ReplayWindow, action_text: str) -> None:
    action = next(a for a in window.controls.actions() if a.text() == action_text)
    button = window.controls.widgetForAction(action)
    assert isinstance(button, QToolButton) and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _shown(window: ReplayWindow) -> dict[str, object]:
    board = window.board.board
    assert board is not None
    return {u.id: u for u in board.units()}


def test_stepping_forward_and_back_shows_the_state_at_each_index(
        qtbot: QtBot, tmp_path: Path) -> None:
    path, states = _saved_game(tmp_path)
    window = ReplayWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.open_file(path)
    history = window.history
    assert history is not None
    assert window.position == 0 and _shown(window) == states[0].units
    assert window.board.banner_text().startswith("Viewing the start of the game — read-only")
    for index in (1, 2, 3):
        _press(qtbot, window, "Forward")
        assert window.position == index and _shown(window) == states[index].units
    _press(qtbot, window, "Back")
    assert window.position == 2 and _shown(window) == states[2].units
    _press(qtbot, window, "Last")
    last = len(history)
    assert window.position == last and _shown(window) == states[last].units
    assert window.counter.text() == f"{last} / {last}"
    assert not window.forward_action.isEnabled()
    _press(qtbot, window, "First")
    assert window.position == 0 and not window.back_action.isEnabled()
    window.slider.setValue(last // 2)  # the slider jumps
    assert _shown(window) == states[last // 2].units
    # the keys (window shortcuts: an offscreen test window is never the active one)
    keys = {a.shortcut().toString(): a for a in (window.first_action, window.back_action,
                                                  window.play_action, window.forward_action,
                                                  window.last_action)}
    assert sorted(keys) == ["End", "Home", "Left", "Right", "Space"]
    keys["Right"].trigger()
    assert window.position == last // 2 + 1


def test_each_step_marks_what_changed(qtbot: QtBot, tmp_path: Path) -> None:
    path, _ = _saved_game(tmp_path)
    window = ReplayWindow()
    qtbot.addWidget(window)
    assert window.open_file(path)
    history = window.history
    assert history is not None
    index = next(i for i, e in enumerate(history.log, start=1) if isinstance(e.action, Move))
    window.go_to(index)
    move = history.log[index - 1].action
    assert isinstance(move, Move)
    before = history.state_at(index - 1).units[move.unit_id].hex
    board = window.board.board
    assert board is not None
    assert board.route.hexes == (before, *move.path)  # the route it took
    assert move.path[-1] in board.overlay.hexes  # the hex it entered, filled
    assert board.overlay.ring_count >= 1  # the hex it left, ringed
    hit = next((i for i in range(1, len(history) + 1) if history.changes(i).hits), None)
    if hit is not None:  # a casualty: its hex ringed in red
        window.go_to(hit)
        assert history.changes(hit).hit_hexes
        assert board.overlay.ring_count >= len(history.changes(hit).hit_hexes)


def test_play_runs_to_the_end_and_pause_stops(qtbot: QtBot, tmp_path: Path) -> None:
    path, _ = _saved_game(tmp_path)
    window = ReplayWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.open_file(path)
    window.timer.setInterval(1)
    _press(qtbot, window, "Play")
    assert window.playing and window.play_action.text() == "Pause"
    qtbot.waitUntil(lambda: window.position >= 3)
    _press(qtbot, window, "Pause")
    stopped = window.position
    qtbot.wait(20)
    assert not window.playing and window.position == stopped
    window.timer.start()
    history = window.history
    assert history is not None
    qtbot.waitUntil(lambda: not window.playing, timeout=20_000)
    assert window.position == len(history)


def test_a_damaged_save_gives_a_message_not_a_crash(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("format: rally-and-charge-save\nversion: 1\nseed: [\n")
    window = ReplayWindow()
    qtbot.addWidget(window)
    assert not window.open_file(path)
    assert window.history is None and str(path) in window.last_error


def test_file_replay_is_in_the_menu_and_this_game_starts_at_the_other_sides_turn(
        qtbot: QtBot) -> None:
    window = open_window(qtbot)
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    texts = [a.text() for a in file_menu.actions()]
    assert "&Replay…" in texts and "Replay &this game" in texts
    game = window.controller.game
    assert game is not None
    while (game.phase, game.current_side) != (Phase.MOVEMENT, Side.CONFEDERATE):
        assert window.controller.end_phase()  # through the Union's player turn
    assert window.controller.end_phase()  # the Confederate movement: the Union fires first
    window.actions_by_id["replay_game"].trigger()
    replay = window.replay_window
    assert replay is not None and replay.history is not None
    qtbot.addWidget(replay)
    acting = game.acting_side
    assert acting is Side.UNION
    # the replay starts where the other side's latest movement phase began
    log = replay.history.log
    start = replay.position
    assert (log[start].side, log[start].phase) == (acting.other, Phase.MOVEMENT)
    assert start > 0 and (log[start - 1].side, log[start - 1].phase) != (acting.other,
                                                                         Phase.MOVEMENT)
