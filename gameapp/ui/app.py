"""The composition root: the one place that builds the application and wires its parts: the
window, the game controller, and the Game made from each scenario the window opens."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

import gameapp.ui.resources_rc  # noqa: F401  (registers the :/icons resources)
from gameapp import paths
from gameapp.core.engine import Game
from gameapp.core.newgame import Players
from gameapp.core.ruleset import load_scenario_file
from gameapp.core.scenario import Scenario
from gameapp.ui import settings
from gameapp.ui.controller import GameController
from gameapp.ui.main_window import MainWindow
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
    loader: ScenarioLoader = load_scenario_file,
    players: Players | None = None,
    loaded: Scenario | None = None,
) -> MainWindow:
    """The main window with its settings restored, showing `scenario` or the start screen.
    Opening a scenario starts a game of it by `players` (all human unless given), with dice
    seeded by `seed` (a fresh seed for each game unless given)."""
    controller = GameController()
    window = MainWindow(
        scenarios_dir=scenarios_dir or default_scenarios_dir(), loader=loader,
        controller=controller,
    )  # fmt: skip
    controller.setParent(window)

    def play(opened: Scenario) -> None:
        from gameapp.ui.new_game_dialog import fresh_seed  # the dialog: when first used

        dice = fresh_seed() if seed is None else seed
        window.start_game(Game.from_scenario(opened, seed=dice), players)

    window.scenario_opened.connect(play)
    window.restore_settings()
    if scenario is not None:  # `loaded`: `scenario` already loaded (gameapp play checks it)
        window.open_scenario(Path(scenario), loaded)  # on failure: a message box, start screen
    return window


def run_app(scenario: str | None = None, scenarios_dir: Path | None = None,
            players: Players | None = None, seed: int | None = None,
            loaded: Scenario | None = None) -> int:
    """The program: the window, and the session marker around it (a session that never
    reaches its end here did not end cleanly, and the next start offers to resume).
    `loaded` is `scenario` already loaded (by `gameapp play`, which checks it first): the
    window shows it without reading the files again."""
    app = application()
    window = build_window(scenario, scenarios_dir, seed=seed, players=players, loaded=loaded)
    window.show()
    resumable = window.session.offer_resume() if scenario is None else None
    window.session.begin_session()
    if resumable is not None:
        window.resume(resumable)
    try:
        return app.exec()
    finally:
        window.session.end_session()
