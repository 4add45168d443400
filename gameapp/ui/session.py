"""The game's files in the window: Save, Save As, Open saved game, the autosave after every phase,
and the offer to resume after a session that did not end cleanly.

Saving and loading are gameapp/core/savegame.py's (atomic writes, replayed loads); the autosave
folder is gameapp/core/autosave.py's. A file that will not open gives a message box that says
what is wrong (save_problems.py), never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from gameapp import paths
from gameapp.core.autosave import DEFAULT_KEEP, AutosaveFolder
from gameapp.core.engine import Game
from gameapp.core.savegame import SavedGame, load_saved_game, save_game
from gameapp.core.seats import Seats
from gameapp.core.yamlsource import DataError
from gameapp.present.save_problems import diagnose
from gameapp.ui import settings
from gameapp.ui.controller import GameController

# campaigns (and the strategic rules under them) are imported when a campaign is saved or
# opened, not with the window: start-up (issue 28)
if TYPE_CHECKING:
    from gameapp.core.campaign.campaign import Campaign

log = logging.getLogger(__name__)

AUTOSAVE_KEEP = "autosave/keep"  # the preference: how many autosaves to keep
SAVE_FILTER = "Saved games (*.yaml *.yml);;All files (*)"


def autosave_keep() -> int:
    """The number of autosaves to keep (a preference; 10 unless set)."""
    value = settings.app_settings().value(AUTOSAVE_KEEP, DEFAULT_KEEP)
    try:
        return max(1, int(str(value)))
    except ValueError:
        return DEFAULT_KEEP


def set_autosave_keep(count: int) -> None:
    settings.app_settings().setValue(AUTOSAVE_KEEP, max(1, int(count)))


def autosave_folder() -> AutosaveFolder:
    return AutosaveFolder(paths.autosaves_dir(), autosave_keep())


class GameSession(QObject):
    """The open game's file: where it was last saved, and its autosaves."""

    message = Signal(str)  # for the status bar
    path_changed = Signal()  # the game's file changed (title)

    def __init__(self, controller: GameController, parent_widget: QWidget,
                 autosaves: Callable[[], AutosaveFolder] = autosave_folder) -> None:
        super().__init__(controller)
        self.controller = controller
        self.widget = parent_widget
        self.path: Path | None = None
        self._autosaves = autosaves
        self._phase_key: tuple[int, int, bool] | None = None
        self.seats = Seats()  # who plays: written into every save and autosave
        self.autosaving = False  # from begin_session on: the program's run, not a test's window
        self._saved_log: list[str] = []  # the game's actions as last saved or opened
        # the campaign the game belongs to, if any (campaign_presenter.py): saved as one file
        self.campaign_for: Callable[[Game], Campaign | None] = lambda game: None
        self.opened_campaign: Campaign | None = None  # what the last `load` opened
        controller.state_changed.connect(self._autosave_if_new_phase)

    # --- the game's file ---------------------------------------------------------------------
    def begin(self, path: Path | None = None, seats: Seats | None = None) -> None:
        """A game started (path None) or was opened from `path`, played by `seats`."""
        self.path = path
        self.seats = seats or Seats()
        game = self.controller.game
        self._phase_key = _phase_key(game) if game is not None else None
        self._saved_log = _notations(game)
        self.path_changed.emit()

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        game = self.controller.game
        if game is None:
            return False
        suggested = (self.start_dir()
                     / f"{Path(game.scenario.path).stem}-turn{game.state.turn}.yaml")
        name, _ = QFileDialog.getSaveFileName(self.widget, "Save game", str(suggested),
                                              SAVE_FILTER)
        if not name:
            return False
        path = Path(name)
        if not path.suffix:
            path = path.with_suffix(".yaml")
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        game = self.controller.game
        if game is None:
            return False
        campaign = self.campaign_for(game)
        try:
            if campaign is not None:
                from gameapp.core.campaign.save import save_campaign

                save_campaign(campaign, path, self.seats)  # the campaign and its battle
            else:
                save_game(game, path, self.seats)
        except OSError as error:
            self._error("Cannot save the game", f"{path.name} could not be written.", str(error))
            return False
        self.path = path
        self._saved_log = _notations(game)
        self.path_changed.emit()
        self.message.emit(f"Saved to {path}")
        return True

    def start_dir(self) -> Path:
        """Where the file dialogs open: the folder of the game's file, else the user's saves
        folder, made now if missing (a dialog given a folder that does not exist falls back to
        the working folder and takes the folder's name for a file name)."""
        if self.path is not None and self.path.parent.is_dir():
            return self.path.parent
        try:
            return paths.ensure_dir(paths.saves_dir())
        except OSError as error:
            log.warning("cannot make the saves folder: %s", error)
            return Path.home()

    @property
    def unsaved(self) -> bool:
        """The game has actions since it was started, opened or last saved."""
        return _notations(self.controller.game) != self._saved_log

    def may_discard(self, doing: str) -> bool:
        """Before `doing` (quitting, a new game, opening another) throws the game away: with
        unsaved actions, ask "Save first?"; True to go on (saved or discarded), False to stay.
        Only while the program runs (begin_session): a test's window is never asked."""
        if not self.autosaving or not self.unsaved:
            return True
        box = QMessageBox(QMessageBox.Icon.Question, "Save first?",
                          "The game has moves that are not saved.", parent=self.widget)
        box.setInformativeText(f"Save the game before {doing}?")
        box.setStandardButtons(QMessageBox.StandardButton.Save
                               | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return bool(answer == QMessageBox.StandardButton.Discard)

    def choose_file(self) -> Path | None:
        """The saved game the player picks in a file dialog (None: cancelled)."""
        name, _ = QFileDialog.getOpenFileName(self.widget, "Open saved game",
                                              str(self.start_dir()), SAVE_FILTER)
        return Path(name) if name else None

    def load(self, path: Path) -> SavedGame | None:
        """The game saved in `path` and its players, or None after a message box saying what is
        wrong."""
        from gameapp.core.campaign.save import is_campaign_save, load_saved_campaign

        self.opened_campaign = None
        try:
            if is_campaign_save(path):
                self.opened_campaign, seats = load_saved_campaign(path)
                saved = SavedGame(self.opened_campaign.game, seats)
            else:
                saved = load_saved_game(path)
        except DataError as error:
            diagnosis = diagnose(path, error.problems)
        except Exception as error:  # never a traceback in the player's face
            log.exception("opening %s failed", path)
            diagnosis = diagnose(path, [f"{path}:1: cannot open: {error!r}"])
        else:
            for note in saved.notes:  # an old format: what could not be checked
                self.message.emit(note)
            return saved
        self._error("Cannot open saved game", diagnosis.headline, diagnosis.detail)
        return None

    # --- autosave -----------------------------------------------------------------------------
    def _autosave_if_new_phase(self) -> None:
        game = self.controller.game
        if game is None:
            self._phase_key = None
            return
        key = _phase_key(game)
        if key == self._phase_key:
            return
        self._phase_key = key
        if game.log and self.autosaving:
            self.autosave(game)

    def autosave(self, game: Game) -> Path | None:
        campaign = self.campaign_for(game)
        if campaign is not None and (campaign.battle is not None or campaign.fought):
            return None  # a plain save cannot hold a battle fought out: File > Save keeps it
        try:
            return self._autosaves().write(game, self.seats)
        except OSError as error:  # a full disk must not stop the game
            log.warning("autosave failed: %s", error)
            self.message.emit(f"Autosave failed: {error}")
            return None

    def begin_session(self) -> None:
        """The program runs: autosave from now on, and mark the session as not yet ended."""
        self.autosaving = True
        try:
            self._autosaves().begin_session()
        except OSError as error:
            log.warning("cannot write the session marker: %s", error)

    def end_session(self) -> None:
        self.autosaving = False
        try:
            self._autosaves().end_session()
        except OSError as error:
            log.warning("cannot remove the session marker: %s", error)

    def offer_resume(self) -> SavedGame | None:
        """After an unclean exit, ask whether to resume the newest autosave; the game if yes."""
        try:
            path = self._autosaves().resumable()
        except Exception:  # the start of the program must never die on its autosaves
            log.exception("looking for an autosave to resume failed")
            return None
        if path is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, "Resume the last game?",
                          "Rally & Charge did not close properly last time.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.widget)
        box.setInformativeText(f"Resume the game from its last autosave?\n{path}")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        if box.exec() != QMessageBox.StandardButton.Yes:
            return None
        return self.load(path)

    def _error(self, title: str, headline: str, detail: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Critical, title, headline, parent=self.widget)
        box.setInformativeText(detail)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.exec()


def _notations(game: Game | None) -> list[str]:
    return [entry.notation for entry in game.log] if game is not None else []


def _phase_key(game: Game) -> tuple[int, int, bool]:
    return (game.state.turn, game.state.step_index, game.is_over)
