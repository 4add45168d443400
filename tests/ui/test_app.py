"""The composition root builds the window, opening a scenario or the start screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMenu,
    QMessageBox,
    QToolBar,
)
from pytestqt.qtbot import QtBot

from gameapp import paths
from gameapp.core.ruleset import load_scenario_file
from gameapp.ui import app as app_module
from gameapp.ui import settings
from gameapp.ui.app import AfterFirstFrame, build_window
from gameapp.ui.board import BoardView
from gameapp.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scenarios" / "demo.yaml"


def test_without_a_scenario_the_start_screen_shows(qtbot: QtBot, tmp_path: Path) -> None:
    window = build_window(None, tmp_path)
    qtbot.addWidget(window)
    assert window.pages.currentWidget() is window.start_screen
    assert window.start_screen.directory == tmp_path


def test_a_missing_scenario_is_reported_and_the_start_screen_stays(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.informativeText()))
    window = build_window(str(tmp_path / "missing.yaml"), tmp_path)
    qtbot.addWidget(window)
    assert window.pages.currentWidget() is window.start_screen
    assert shown == [f"{tmp_path / 'missing.yaml'}: no such file"]  # no line number


@pytest.mark.skipif(not DEMO.exists(), reason="scenarios/demo.yaml not shipped yet")
def test_the_demo_scenario_opens_on_the_board(qtbot: QtBot) -> None:
    window = build_window(str(DEMO))
    qtbot.addWidget(window)
    board = window.view.board()
    assert board is not None and window.scenario is not None
    assert window.pages.currentWidget() is window.view
    assert len(board.units()) == len(window.scenario.units)


def test_default_scenarios_dir_is_the_checkouts() -> None:
    assert app_module.default_scenarios_dir() in (ROOT / "scenarios", Path.cwd() / "scenarios")


def test_each_game_draws_a_fresh_seed_shows_it_and_keeps_it_in_the_save(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 27, item 10: not seed 0 for every game, so no two games roll the same dice."""
    seeds = []
    for _ in range(3):
        window = build_window(str(DEMO))
        qtbot.addWidget(window)
        game = window.controller.game
        assert game is not None
        seeds.append(game.dice.seed)
        assert window.seed_label.text() == f"Dice seed {game.dice.seed}"
    assert len(set(seeds)) == 3
    path = tmp_path / "kept.yaml"
    assert window.session.save_to(path)
    reopened = build_window(None, tmp_path)
    qtbot.addWidget(reopened)
    assert reopened.open_game(path)
    again = reopened.controller.game
    assert again is not None and again.dice.seed == seeds[-1]
    assert reopened.seed_label.text() == f"Dice seed {seeds[-1]}"


def test_a_seed_given_is_the_games(qtbot: QtBot) -> None:
    window = build_window(str(DEMO), seed=42)
    qtbot.addWidget(window)
    game = window.controller.game
    assert game is not None and game.dice.seed == 42


def _shape(window: MainWindow) -> tuple[object, ...]:
    """What a player finds in a window: its menus and their entries, bars, docks, page."""
    menus = [(a.text(), [e.text() for e in a.menu().actions()])
             for a in window.menuBar().actions() if isinstance(a.menu(), QMenu)]
    bars = [(b.objectName(), [a.text() for a in b.actions()])
            for b in window.findChildren(QToolBar)]
    docks = sorted((d.objectName(), d.isVisible()) for d in window.findChildren(QDockWidget))
    return (menus, bars, docks, sorted(window.actions_by_id), window.pages.count(),
            window.pages.currentWidget() is window.start_screen, window.ruleset_name)


def test_the_start_screen_first_then_the_same_window(qtbot: QtBot, tmp_path: Path) -> None:
    """The program draws the start screen before it builds the rest of the window (issue 28);
    built, the window is the one built in one step, with the same selection on the list."""
    whole = build_window(None, ROOT / "scenarios")
    qtbot.addWidget(whole)
    window = build_window(None, ROOT / "scenarios", in_two_steps=True)
    qtbot.addWidget(window)
    assert not window.complete and not window.menuBar().actions()
    assert window.start_screen.list.count() == whole.start_screen.list.count() >= 3
    window.build_the_rest()
    assert window.complete
    assert _shape(window) == _shape(whole)
    assert window.start_screen.list.currentRow() == whole.start_screen.list.currentRow()


def test_a_scenarios_board_first_then_the_same_game(qtbot: QtBot) -> None:
    """`gameapp play` draws the scenario's board, counters and all, before its game starts
    (issue 28); started, the window and the game are those of a one-step build."""
    whole = build_window(str(DEMO), seed=7)
    qtbot.addWidget(whole)
    later: list[Callable[[], None]] = []
    window = build_window(str(DEMO), seed=7, in_two_steps=True, games_later=later)
    qtbot.addWidget(window)
    board = window.view.board()
    assert window.complete and window.pages.currentWidget() is window.view
    assert board is not None and window.scenario is not None
    assert len(board.units()) == len(window.scenario.units)  # the counters are on the board
    assert window.controller.game is None and len(later) == 1
    later[0]()
    game, one_step = window.controller.game, whole.controller.game
    assert game is not None and one_step is not None and game.dice.seed == 7
    assert _shape(window) == _shape(whole)
    assert window.windowTitle() == whole.windowTitle()
    assert window.seed_label.text() == whole.seed_label.text()
    assert ({u.id: u.hex for u in game.state.units.values()}
            == {u.id: u.hex for u in one_step.state.units.values()})
    window.open_scenario(DEMO)  # another scenario later: its game starts at once
    assert window.controller.game is not game and len(later) == 1


def test_gameapp_play_draws_the_board_alone_first_then_the_same_window_and_game(
        qtbot: QtBot) -> None:
    """`gameapp play` (the scenario loaded first) draws the scenario's board alone: no start
    screen, docks, menus, rules or game yet (issue 28). Built and opened afterwards, the window
    plays on that same board, and is the window and the game of a one-step build: its docks
    and menus are there and a game action works."""
    whole = build_window(str(DEMO), seed=7)
    qtbot.addWidget(whole)
    later: list[Callable[[], None]] = []
    window = build_window(str(DEMO), seed=7, in_two_steps=True, games_later=later,
                          loaded=load_scenario_file(DEMO))
    qtbot.addWidget(window)
    board = window.view.board()
    assert board is not None and not window.complete
    assert window.pages.currentWidget() is window.view and window.pages.count() == 1
    assert not window.menuBar().actions() and not window.findChildren(QDockWidget)
    assert len(board.units()) == len(whole.controller.game.scenario.units)  # type: ignore[union-attr]
    assert window.windowTitle().startswith(whole.controller.game.scenario.name)  # type: ignore[union-attr]
    assert window.view.showing_opening and len(later) == 1
    window.build_the_rest()  # as run_app does once the board is painted, then:
    for start in later:
        start()
    assert window.view.board() is board  # the board drawn first is played on, not drawn again
    game, one_step = window.controller.game, whole.controller.game
    assert game is not None and one_step is not None and game.dice.seed == 7
    assert _shape(window) == _shape(whole)
    assert [a.text() for a in window.menuBar().actions()][-1] == "&Help"
    assert window.windowTitle() == whole.windowTitle()
    assert ({u.id: u.hex for u in game.state.units.values()}
            == {u.id: u.hex for u in one_step.state.units.values()})
    step = game.state.step_index
    window.actions_by_id["end_phase"].trigger()
    assert game.state.step_index != step and len(game.log) == 1
    window.actions_by_id["undo"].trigger()
    assert game.state.step_index == step and not game.log


def test_the_program_paints_the_board_before_it_builds_the_rest(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """run_app with a scenario: the board's first paint comes before the window is built in
    full and the game started; then the window is complete and playing."""
    monkeypatch.setattr(paths, "autosaves_dir", lambda: tmp_path / "autosaves")
    order: list[str] = []

    class BoardPaints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (event.type() == QEvent.Type.Paint and isinstance(watched.parent(), BoardView)
                    and "board painted" not in order):
                order.append("board painted")
            return False

    build = MainWindow.build_the_rest

    def recorded(window: MainWindow) -> None:
        if not window.complete:
            order.append("rest built")
        build(window)

    monkeypatch.setattr(MainWindow, "build_the_rest", recorded)
    probe = BoardPaints()
    QApplication.instance().installEventFilter(probe)  # type: ignore[union-attr]
    seen: list[object] = []
    waits = [0]

    def look_then_close() -> None:
        """Once the game has started (or after 30 s, to fail), look and close the program."""
        window = next((w for w in QApplication.topLevelWidgets()
                       if isinstance(w, MainWindow) and w.isVisible()), None)
        waits[0] += 1
        if (window is None or not window.complete or window.controller.game is None) and (
                waits[0] < 3000):
            QTimer.singleShot(10, look_then_close)
            return
        if window is not None and window.complete and window.controller.game is not None:
            seen.extend([window.pages.currentWidget() is window.view, bool(window.docks),
                         window.controller.game.dice.seed])
        QApplication.closeAllWindows()

    QTimer.singleShot(10, look_then_close)
    try:
        assert app_module.run_app(str(DEMO), seed=3, loaded=load_scenario_file(DEMO)) == 0
    finally:
        QApplication.instance().removeEventFilter(probe)  # type: ignore[union-attr]
    assert order == ["board painted", "rest built"]
    assert seen == [True, True, 3]


def test_a_click_on_the_start_screen_builds_the_window_first(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[bool] = []
    monkeypatch.setattr(MainWindow, "open_game_dialog", lambda self: asked.append(self.complete))
    window = build_window(None, ROOT / "scenarios", in_two_steps=True)
    qtbot.addWidget(window)
    window.start_screen.open_game_requested.emit()
    assert asked == [True]


def test_after_the_first_frame_once(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rest of the window is built on the turn after the start screen's first paint, once;
    a window never painted (opened minimised) is built all the same, a moment later."""
    label = QLabel("start")
    qtbot.addWidget(label)
    calls: list[str] = []
    AfterFirstFrame(label, lambda: calls.append("painted"))
    assert calls == []
    label.show()
    qtbot.waitUntil(lambda: calls == ["painted"])
    label.update()
    qtbot.wait(50)
    assert calls == ["painted"]
    monkeypatch.setattr(AfterFirstFrame, "FALLBACK_MS", 20)
    hidden = QLabel("never shown")
    qtbot.addWidget(hidden)
    AfterFirstFrame(hidden, lambda: calls.append("not painted"))
    qtbot.waitUntil(lambda: calls == ["painted", "not painted"])
    cancelled = AfterFirstFrame(hidden, lambda: calls.append("after the program ended"))
    cancelled.cancel()  # run_app's end: a window closed before its first frame
    qtbot.wait(60)
    assert calls == ["painted", "not painted"]


def test_the_saved_layout_is_restored_when_the_rest_is_built(qtbot: QtBot) -> None:
    """The saved size is restored with the start screen, the docks' and bars' layout with them
    (a bar the player hid stays hidden)."""
    first = build_window(None, ROOT / "scenarios")
    qtbot.addWidget(first)
    first.unit_toolbar.hide()
    settings.save_bytes(settings.WINDOW_STATE, first.saveState())
    window = build_window(None, ROOT / "scenarios", in_two_steps=True)
    qtbot.addWidget(window)
    window.build_the_rest()
    assert window.unit_toolbar.isHidden() and not window.toolbar.isHidden()
    assert all(not dock.isVisible() for dock in window.docks)  # the start screen: no docks
