"""The composition root: the one place that builds the application and wires its parts: the
window, the game controller, and the Game made from each scenario the window opens."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

import gameapp.ui.resources_rc  # noqa: F401  (registers the :/icons resources)
from gameapp import paths
from gameapp.ui import settings
from gameapp.ui.main_window import MainWindow

if TYPE_CHECKING:  # the rules and the game are imported when the window first needs them
    from gameapp.core.newgame import Players
    from gameapp.core.scenario import Scenario
    from gameapp.ui.start_screen import ScenarioLoader


def default_scenarios_dir() -> Path:
    """The shipped `scenarios/`, wherever the program runs from (gameapp.paths)."""
    return paths.scenarios_dir()


def application() -> QApplication:
    """The running QApplication, created (with the program's names and icon) if needed."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(settings.ORGANISATION)
    app.setApplicationName(settings.APPLICATION)
    app.setWindowIcon(QIcon(":/icons/app.svg"))
    return app


def build_window(
    scenario: str | None = None,
    scenarios_dir: Path | None = None,
    seed: int | None = None,
    loader: ScenarioLoader | None = None,
    players: Players | None = None,
    loaded: Scenario | None = None,
    in_two_steps: bool = False,
    games_later: list[Callable[[], None]] | None = None,
) -> MainWindow:
    """The main window with its settings restored, showing `scenario` or the start screen.
    Opening a scenario starts a game of it by `players` (all human unless given), with dice
    seeded by `seed` (a fresh seed for each game unless given). `in_two_steps`: only the start
    screen, or `loaded`'s board alone (`show_first_board`), is built now; the rest of the
    window by `window.build_the_rest()`. `games_later`: the game of `scenario` is not started
    here but put in this list, to be called once its board has been drawn (its first frame
    needs the board and its counters, not the game); with the board alone, opening the
    scenario in the window built in full goes there first."""
    board_first = scenario is not None and loaded is not None and games_later is not None
    window = MainWindow(scenarios_dir=scenarios_dir or default_scenarios_dir(), loader=loader,
                        in_two_steps=in_two_steps, board_first=board_first)
    later = games_later

    def play(opened: Scenario) -> None:
        from gameapp.core.engine import Game
        from gameapp.ui.new_game_dialog import fresh_seed  # the dialog: when first used

        dice = fresh_seed() if seed is None else seed

        def start() -> None:
            window.start_game(Game.from_scenario(opened, seed=dice), players)

        if later is not None:
            later.append(start)
        else:
            start()

    window.scenario_opened.connect(play)
    window.restore_settings()
    if scenario is not None:  # `loaded`: `scenario` already loaded (gameapp play checks it)
        if (games_later is not None and loaded is not None and not window.complete
                and window.show_first_board(loaded)):
            shown = loaded

            def open_shown() -> None:  # in the window built in full, on the board shown
                window.open_scenario(Path(scenario), shown)

            games_later.append(open_shown)
        else:
            window.build_the_rest()
            window.open_scenario(Path(scenario), loaded)  # failing: a message box, start screen
    later = None  # the scenarios opened from now on start their games at once
    return window


def run_app(scenario: str | None = None, scenarios_dir: Path | None = None,
            players: Players | None = None, seed: int | None = None,
            loaded: Scenario | None = None) -> int:
    """The program: the window, and the session marker around it (a session that never
    reaches its end here did not end cleanly, and the next start offers to resume).
    `loaded` is `scenario` already loaded (by `gameapp play`, which checks it first): the
    window shows it without reading the files again. The start screen is drawn first, and
    the rest of the window (the rules, the board, the docks and menus) built once that frame
    is on the screen; a scenario's board likewise is drawn before its game starts."""
    app = application()
    games: list[Callable[[], None]] = []
    window = build_window(scenario, scenarios_dir, seed=seed, players=players, loaded=loaded,
                          in_two_steps=True, games_later=games)
    window.show()

    began = False

    def go_on() -> None:
        nonlocal began
        window.build_the_rest()
        for start in games:
            start()
        resumable = window.session.offer_resume() if scenario is None else None
        window.session.begin_session()
        began = True
        if resumable is not None:
            window.resume(resumable)

    first = window.view.viewport() if games else window.start_screen.list.viewport()
    after = AfterFirstFrame(first, go_on)
    if window.complete and not games:
        after.call_now()
    try:
        return app.exec()
    finally:
        after.cancel()  # a program closed before its first frame goes on no more
        if began:  # else the mark of an unclean exit before stays, to be offered next time
            window.session.end_session()


class AfterFirstFrame(QObject):
    """Calls `then` once, on the turn of the event loop after `widget` is first painted (or
    after FALLBACK_MS if it never is, a window opened minimised say)."""

    FALLBACK_MS = 2000

    def __init__(self, widget: QObject, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then: Callable[[], None] | None = then
        widget.installEventFilter(self)
        QTimer.singleShot(self.FALLBACK_MS, self._call)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._call)  # after this paint has run
        return False

    def call_now(self) -> None:
        """`then` now, and not again."""
        self._call()

    def cancel(self) -> None:
        self._then = None

    def _call(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            then()
