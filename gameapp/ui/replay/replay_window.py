"""The replay viewer: a saved game (or the game being played) stepped through like a VCR.

First, back, play/pause, forward and last on the toolbar (Home, Left, Space, Right, End), a
slider over the whole game, and the log beside the board: a click on an action jumps there.
Each step marks what changed (past_board.py). The board is read-only: nothing here touches a
game that is being played; the history is replayed from the seed (core/history.py).

A campaign's file replays its strategic game; **Replay a battle** lists the battles fought out
on the tactical map and opens the one chosen (by default the one whose `tactical-result` is
the step shown), action by action, in a second replay window: the replay reproduces both
games (docs/campaigns.md).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSlider,
    QStyle,
    QToolBar,
    QWidget,
)

from gameapp.core.engine import Game
from gameapp.core.history import History, ReplayError
from gameapp.core.phases import Phase
from gameapp.core.savegame import load_game
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from gameapp.present.event_words import report_lines
from gameapp.ui import settings
from gameapp.ui.panels.log_panel import LogPanel
from gameapp.ui.replay.past_board import PastBoard
from gameapp.ui.screen_fit import open_inside_screen

if TYPE_CHECKING:
    from gameapp.core.campaign.campaign import Campaign

TACTICAL_RESULT = "tactical-result "  # the notation of a battle fought out (campaign/actions.py)

PLAY_INTERVAL_MS = 700
SAVE_FILTER = "Saved games (*.yaml *.yml);;All files (*)"


class ReplayWindow(QMainWindow):
    position_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Replay — {settings.APPLICATION}")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.history: History | None = None
        self.position = 0
        self._fitted = False
        self.last_error = ""  # the message of the last file or step that would not replay
        self.board = PastBoard()
        self.setCentralWidget(self.board)
        self.log_panel = LogPanel()
        dock = QDockWidget("Log", self)
        dock.setObjectName("replay_log_dock")
        dock.setWidget(self.log_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.log_panel.position_chosen.connect(self.go_to)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)
        self.controls = QToolBar("Replay", self)
        self.controls.setObjectName("replay_controls")
        self.controls.setMovable(False)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.controls)
        self.controls.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        icon = QStyle.StandardPixmap
        self.first_action = self._control("First", icon.SP_MediaSkipBackward, "Home", self.first)
        self.back_action = self._control("Back", icon.SP_MediaSeekBackward, "Left", self.back)
        self.play_action = self._control("Play", icon.SP_MediaPlay, "Space", self.toggle_play)
        self.forward_action = self._control("Forward", icon.SP_MediaSeekForward, "Right",
                                            self.forward)
        self.last_action = self._control("Last", icon.SP_MediaSkipForward, "End", self.last)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimumWidth(240)
        self.slider.valueChanged.connect(self.go_to)
        self.controls.addWidget(self.slider)
        self.counter = QLabel()
        self.counter.setContentsMargins(8, 0, 8, 0)
        self.controls.addWidget(self.counter)
        self.campaign: Campaign | None = None  # a campaign's file: its battles fought out
        self.battle_window: ReplayWindow | None = None
        self.battle_action = QAction("Replay a battle", self)
        self.battle_action.setToolTip("A battle of the campaign fought out on the tactical map, "
                                      "in its own replay window")
        self.battle_action.triggered.connect(lambda: self.replay_battle(self.battle_here()))
        self.battles_menu = QMenu(self)
        self.battle_action.setMenu(self.battles_menu)
        self.controls.addAction(self.battle_action)
        open_inside_screen(self, 1300, 850)
        self._enable()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted:  # the opening view, once the window has its size
            self._fitted = True
            self.board.view.show_opening()

    def _control(self, text: str, icon: QStyle.StandardPixmap, key: str,
                 slot: Callable[[], None]) -> QAction:
        action = QAction(self.style().standardIcon(icon), text, self)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.controls.addAction(action)
        return action

    # --- opening ----------------------------------------------------------------------------
    def open_file(self, path: str | Path) -> bool:
        """Replay a saved game from its start; False (after a message box) if it will not
        open."""
        from gameapp.core.campaign.save import is_campaign_save, load_campaign

        path = Path(path)
        try:  # a campaign: its strategic game; its battles open from the battle menu
            self.campaign = load_campaign(path) if is_campaign_save(path) else None
            game = self.campaign.strategic if self.campaign is not None else load_game(path)
        except DataError as error:
            self._failed(path, str(error))
            return False
        except Exception as error:  # never a traceback in the user's face
            self._failed(path, f"{path}:1: cannot open: {error!r}")
            return False
        self.battles_menu.clear()
        for index, fought in enumerate(self.campaign.fought if self.campaign else ()):
            name = fought.game.scenario.name if fought.game is not None else fought.site
            item = self.battles_menu.addAction(f"{name}, week {fought.turn}")
            item.triggered.connect(lambda _=False, i=index: self.replay_battle(i))
        self.show_game(game, path.name)
        return True

    def battle_here(self) -> int:
        """The campaign's battle whose result is the step shown, else its first battle."""
        history = self.history
        if history is None or self.position < 1:
            return 0
        before = [e.notation.startswith(TACTICAL_RESULT) for e in history.log[: self.position]]
        return sum(before) - 1 if before[-1] else 0

    def replay_battle(self, index: int) -> None:
        """The campaign's battle number `index`, in its own replay window."""
        if self.campaign is None or not 0 <= index < len(self.campaign.fought):
            return
        fought = self.campaign.fought[index]
        if fought.game is None:
            return
        window = ReplayWindow(self)
        window.setWindowFlag(Qt.WindowType.Window, True)
        window.show_game(fought.game, f"{fought.game.scenario.name}, fought in week "
                                      f"{fought.turn} of the campaign")
        window.show()
        self.battle_window = window

    def show_game(self, game: Game, title: str = "", at: int = 0) -> None:
        """Replay `game` (saved or being played; it is not touched), from position `at`."""
        self.show_history(History.of(game), title or game.scenario.name, at)

    def show_history(self, history: History, title: str, at: int = 0) -> None:
        self.history = history
        self.setWindowTitle(f"Replay: {title} — {settings.APPLICATION}")
        self.log_panel.set_clock(history.scenario.clock)
        self.log_panel.show_log(history.log, {})
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(history))
        self.slider.blockSignals(False)
        self.position = -1
        self.go_to(at)
        self._enable()  # even where the position could not be drawn

    # --- the VCR ----------------------------------------------------------------------------
    def go_to(self, position: int) -> None:
        history = self.history
        if history is None:
            return
        position = max(0, min(position, len(history)))
        if position == self.position:
            return
        try:
            self.board.show_position(history, position)
        except ReplayError as error:
            self.timer.stop()
            self._failed(None, str(error))
            return
        self.position = position
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.counter.setText(f"{position} / {len(history)}")
        self._add_notes(history, position)
        self.log_panel.set_viewing(position)
        self._enable()
        self.position_changed.emit(position)

    def first(self) -> None:
        self.go_to(0)

    def back(self) -> None:
        self.go_to(self.position - 1)

    def forward(self) -> None:
        self.go_to(self.position + 1)

    def last(self) -> None:
        if self.history is not None:
            self.go_to(len(self.history))

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
        elif self.history is not None:
            if self.position >= len(self.history):
                self.go_to(0)  # from the start again
            self.timer.start()
        self._enable()

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def last_turn_of(self, side: Side) -> int:
        """The position where `side`'s latest player turn began (its latest movement phase;
        in a game without the tactical phases, its latest run of actions): where a hot-seat
        player who returns starts watching what the other side did."""
        history = self.history
        if history is None:
            return 0
        log = history.log
        tactical = any(isinstance(e.phase, Phase) for e in log)

        def turn_of_side(i: int) -> bool:
            return log[i].side is side and (log[i].phase is Phase.MOVEMENT or not tactical)

        ours = [i for i in range(len(log)) if turn_of_side(i)]
        if not ours:
            return 0
        start = ours[-1]
        while start > 0 and turn_of_side(start - 1):
            start -= 1
        return start

    # --- inside -----------------------------------------------------------------------------
    def _tick(self) -> None:
        if self.history is None or self.position >= len(self.history):
            self.timer.stop()
            self._enable()
            return
        self.forward()

    def _enable(self) -> None:
        size = len(self.history) if self.history is not None else 0
        loaded = self.history is not None
        self.first_action.setEnabled(loaded and self.position > 0)
        self.back_action.setEnabled(loaded and self.position > 0)
        self.forward_action.setEnabled(loaded and self.position < size)
        self.last_action.setEnabled(loaded and self.position < size)
        self.play_action.setEnabled(loaded and size > 0)
        self.battle_action.setVisible(bool(self.campaign and self.campaign.fought))
        playing = self.timer.isActive()
        self.play_action.setText("Pause" if playing else "Play")
        self.play_action.setIcon(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay))
        if self.timer.isActive() and self.position >= size:
            self.timer.stop()

    def _add_notes(self, history: History, position: int) -> None:
        """What the fire of this step did, under its log entry, once it has been replayed."""
        if position == 0:
            return
        lines = report_lines(history.events_at(position), history.scenario.map.hex_id)
        notes = dict(self.log_panel.shown_notes)
        if lines and notes.get(position - 1) != lines:
            notes[position - 1] = lines
            self.log_panel.show_log(history.log, notes)

    def _failed(self, path: Path | None, message: str) -> None:
        what = f"{path.name} could not be replayed." if path else "The game could not be replayed."
        owner = self if self.isVisible() else self.parentWidget()
        box = QMessageBox(QMessageBox.Icon.Critical, "Cannot replay", what, parent=owner)
        box.setInformativeText(message)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.open()
        self.last_error = message


def open_replay_dialog(parent: QWidget, start: Path | None = None) -> ReplayWindow | None:
    """File > Replay…: choose a saved game and open it in a replay window."""
    name, _ = QFileDialog.getOpenFileName(parent, "Replay a saved game",
                                          str(start or Path.cwd()), SAVE_FILTER)
    if not name:
        return None
    window = ReplayWindow(parent)
    window.setWindowFlag(Qt.WindowType.Window, True)
    if not window.open_file(Path(name)):
        window.deleteLater()
        return None
    window.show()
    return window


def replay_live_game(parent: QWidget, game: Game | None) -> ReplayWindow | None:
    """The game being played, in a replay window, from where the side acting now last handed
    over to the other side (what a returning hot-seat player missed)."""
    if game is None:
        return None
    window = ReplayWindow(parent)
    window.setWindowFlag(Qt.WindowType.Window, True)
    window.show_game(game)
    side = game.acting_side
    if side is not None:
        window.go_to(window.last_turn_of(side.other))
    window.show()
    return window
