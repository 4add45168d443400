"""The main window's games: starting one (from the new-game dialog, a saved file, or app.py),
saving it, replaying it, its result, the window's title with its players, and what keeps the
player at the screen from acting (the computer's turn, the hot-seat handover)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDockWidget, QFileDialog, QToolBar

from gameapp.ui import settings
from gameapp.ui.window_pages import Pages, ruleset_name_of

if TYPE_CHECKING:  # imported when the window is built in full
    from gameapp.core.engine import Game
    from gameapp.core.newgame import GameSetup, Players
    from gameapp.core.savegame import SavedGame
    from gameapp.ui.campaign_presenter import CampaignPresenter
    from gameapp.ui.computer import ComputerTurns
    from gameapp.ui.end_screen import EndOfGame
    from gameapp.ui.fog import UnseenFilter
    from gameapp.ui.phase_bar import PhaseBar
    from gameapp.ui.replay.replay_window import ReplayWindow


class Games(Pages):
    """The games played in the window (its parts are built in MainWindow.build_the_rest)."""

    players: Players
    unseen: UnseenFilter
    computer: ComputerTurns
    end_of_game: EndOfGame
    campaign: CampaignPresenter
    replay_window: ReplayWindow | None
    phase_bar: PhaseBar
    toolbar: QToolBar
    unit_toolbar: QToolBar
    _uncovered_docks: list[QDockWidget]

    def start_game(self, game: Game, players: Players | None = None, hide_unseen: bool = False,
                   path: Path | None = None, hot_seat: bool = False) -> None:
        """Play `game`: on its board, by `players` (all human by default: one person playing
        both sides unless `hot_seat`), from `path` if it was opened from a file."""
        from gameapp.core.newgame import ALL_HUMAN
        from gameapp.core.seats import Seats

        self._install_ruleset(ruleset_name_of(game.scenario))
        if self.scenario is not game.scenario or self.pages.currentWidget() is self.start_screen:
            self._show_board(game.scenario)
        self.players = dict(players or ALL_HUMAN)
        self.controller.start(game)
        self.session.begin(path, Seats(self.players, hot_seat, hide_unseen))
        self.unseen.set_enabled(hide_unseen)
        self.hot_seat.begin(self.players, hot_seat)
        self.computer.set_players(self.players, game.dice.seed, fog=hide_unseen)
        self.seed_label.setText(f"Dice seed {game.dice.seed}")
        self._show_title()

    def open_scenario_dialog(self) -> None:
        """File > Open scenario: a scenario file, then the new-game choices on it."""
        start = str(self.start_screen.directory or Path.cwd())
        name, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", start, "Scenarios (*.yaml *.yml);;All files (*)"
        )
        if name:
            self.new_game_dialog(Path(name))

    def new_game_dialog(self, scenario: Path | None = None) -> GameSetup | None:
        """File > New game: the dialog (on `scenario`, else the last one played), then the
        game it sets up."""
        if not self.session.may_discard("starting a new game"):
            return None
        from gameapp.ui.new_game_dialog import NewGameDialog

        dialog = NewGameDialog(self.start_screen.directory, self._loader,
                               Path(scenario) if scenario else settings.last_scenario(), self)
        setup = dialog.setup() if dialog.exec() == NewGameDialog.DialogCode.Accepted else None
        dialog.deleteLater()
        if setup is not None:
            self.start_game(setup.start(), setup.players, setup.hide_unseen,
                            hot_seat=setup.hot_seat)
            settings.set_last_scenario(Path(setup.scenario.path))
        return setup

    def open_game_dialog(self) -> None:
        if not self.session.may_discard("opening another game"):
            return
        path = self.session.choose_file()
        if path is not None:
            self.open_game(path)

    def open_game(self, path: Path) -> bool:
        """Open a saved game; False (after a message box) if it will not open."""
        saved = self.session.load(Path(path))
        if saved is not None:
            if self.session.opened_campaign is not None:
                self.campaign.adopt(self.session.opened_campaign)
            self.resume(saved, Path(path))
        return saved is not None

    def resume(self, saved: SavedGame, path: Path | None = None) -> None:
        """Go on with a saved game, played by whoever played it (all human for an old save)."""
        from gameapp.core.seats import Seats

        seats = saved.seats or Seats()
        self.start_game(saved.game, seats.players, seats.hide_unseen, path, seats.hot_seat)

    def save_game(self) -> bool:
        return self.session.save()

    def save_game_as(self) -> bool:
        return self.session.save_as()

    def open_replay_dialog(self) -> None:
        """File > Replay…: a saved game in the replay viewer."""
        from gameapp.ui.replay.replay_window import open_replay_dialog

        self.replay_window = open_replay_dialog(self, self.start_screen.directory)

    def show_result(self) -> None:
        """Game > Result…: the end screen of the game so far."""
        self.end_of_game.show_result()

    def replay_game(self) -> None:
        """File > Replay this game: the game so far, from the other side's last turn on."""
        from gameapp.ui.replay.replay_window import replay_live_game

        self.replay_window = replay_live_game(self, self.controller.game)

    def _show_title(self) -> None:
        if self.scenario is None:
            return
        where = f" [{self.session.path.name}]" if self.session.path is not None else ""
        from gameapp.ui.computer import describe

        players = describe(self.players)
        self.setWindowTitle(f"{self.scenario.name}{where} — {players} — {settings.APPLICATION}")

    def _hold(self) -> str | None:
        """Why the player at the screen may not act now: the computer is to act, or the board
        is covered for the other player."""
        return self.computer.hold() or self.hot_seat.hold()

    def _board_covered(self, covered: bool) -> None:
        """While the handover screen hides the board, the docks are hidden too."""
        if covered:
            self._uncovered_docks = [d for d in self.docks if d.isVisible()]
        for dock in self._uncovered_docks:
            dock.setVisible(not covered)
        for bar in (self.phase_bar, self.toolbar, self.unit_toolbar):
            bar.setEnabled(not covered)
