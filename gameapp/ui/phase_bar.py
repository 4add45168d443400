"""The phase bar along the top of the window: turn N of M, the clock and the light, the phasing
side in its colour, the phase, and the End phase button (the registry's `end_phase` action)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolBar, QWidget

from gameapp.core.engine import Game
from gameapp.core.units import Side
from gameapp.ui.board.counter_art import SIDE_COLOURS
from gameapp.ui.labels import light_at


class PhaseBar(QToolBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Phase", parent)
        self.setObjectName("phase_bar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.turn = QLabel()
        self.clock = QLabel()
        self.side = QLabel()
        self.phase = QLabel()
        self.side.setMargin(3)
        for label in (self.turn, self.clock, self.side, self.phase):
            label.setContentsMargins(6, 0, 6, 0)
            self.addWidget(label)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        self.show_game(None)

    def set_end_action(self, action: QAction) -> None:
        self.addAction(action)

    def plain_text(self) -> str:
        """Everything the bar says, without markup."""
        parts = (self.turn.text(), self.clock.text(), self.side.text(), self.phase.text())
        return re.sub(r"<[^>]+>", "", "  ".join(p for p in parts if p))

    def show_game(self, game: Game | None) -> None:
        if game is None:
            for label in (self.turn, self.clock, self.side, self.phase):
                label.clear()
            self.side.setStyleSheet("")
            self.turn.setText("No game")
            return
        clock = game.scenario.clock
        if game.is_over:
            self.turn.setText(f"<b>Game over</b> after turn {clock.last_turn}")
            self.clock.clear()
        else:
            self.turn.setText(f"Turn <b>{game.state.turn}</b> of {clock.last_turn}")
            minutes = clock.minutes_at(game.state.turn)
            self.clock.setText(f"{game.clock}, {light_at(minutes)}")
        self._show_side(game.current_side if not game.is_over else None)
        phase = game.phase.label if not game.is_over else ""
        self.phase.setText(f"<b>{phase} phase</b>" if phase else "")

    def _show_side(self, side: Side | None) -> None:
        if side is None:
            self.side.clear()
            self.side.setStyleSheet("")
            return
        colours = SIDE_COLOURS[side]
        self.side.setText(f"<b>{side.label}</b>")
        self.side.setStyleSheet(
            f"QLabel {{ background: {colours.body.name()}; color: {colours.text.name()};"
            f" border: 1px solid {colours.band.name()}; border-radius: 3px; }}"
        )
