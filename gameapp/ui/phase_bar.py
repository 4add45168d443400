"""The phase bar along the top of the window: turn N of M, the turn record (a box per turn, tinted
by its light: dawn, day, dusk, twilight or night), the clock and the light, the phasing
side in its colour, the phase, and the End phase button (the registry's `end_phase` action).

In the fire phase the side shown is the one whose shot it is, in its colour ("Confederate to
fire"); the phase says whose phase it is and who has passed, and a Pass button (the registry's
`pass` action) stands beside End phase, which means the same there."""

from __future__ import annotations

import re

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolBar, QToolButton, QWidget

from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.scenario import Light, TurnClock
from gameapp.core.units import Side
from gameapp.present.labels import light_word
from gameapp.ui.board.counter_art import SIDE_COLOURS

# the turn record's boxes by the light of their turn
LIGHT_FILLS: dict[Light, QColor] = {
    Light.DAWN: QColor("#f2c89b"),
    Light.DAY: QColor("#f4efd6"),
    Light.DUSK: QColor("#d99a6c"),
    Light.TWILIGHT: QColor("#8c86b0"),
    Light.NIGHT: QColor("#3d4466"),
}


class TurnRecord(QWidget):
    """The turn record track: a box per turn of the scenario, tinted by its light, the turns
    played struck through and the current one outlined; hovering a box says its time."""

    BOX = 16

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clock: TurnClock | None = None
        self.current: int | None = None  # None: the game is over (every turn played)
        self.setMouseTracking(True)

    def show_turn(self, clock: TurnClock | None, current: int | None) -> None:
        self.clock, self.current = clock, current
        turns = 0 if clock is None else clock.last_turn - clock.first_turn + 1
        self.setFixedSize(turns * (self.BOX + 2) + 2, self.BOX + 4)
        self.setVisible(clock is not None)
        self.update()

    def turn_at(self, x: int) -> int | None:
        if self.clock is None:
            return None
        turn = self.clock.first_turn + (x - 1) // (self.BOX + 2)
        return turn if self.clock.contains(turn) else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        turn = self.turn_at(int(event.position().x()))
        if turn is not None and self.clock is not None:
            light = light_word(self.clock.light_of(turn))
            self.setToolTip(f"Turn {turn}: {self.clock.time_of(turn)}, {light}")
        super().mouseMoveEvent(event)

    def paintEvent(self, _event: QPaintEvent) -> None:
        clock = self.clock
        if clock is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for k, turn in enumerate(range(clock.first_turn, clock.last_turn + 1)):
            box = QRectF(2 + k * (self.BOX + 2), 2, self.BOX, self.BOX)
            painter.setPen(QPen(QColor("#6b6b6b"), 1))
            painter.setBrush(LIGHT_FILLS[clock.light_of(turn)])
            painter.drawRoundedRect(box, 2, 2)
            played = self.current is None or turn < self.current
            if played:
                painter.setPen(QPen(QColor("#90000000"), 1.5))
                painter.drawLine(box.bottomLeft() + QPointF(3, -3),
                                 box.topRight() + QPointF(-3, 3))
            if turn == self.current:
                painter.setPen(QPen(QColor("#b3261e"), 2.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(box.adjusted(-1, -1, 1, 1), 3, 3)
        painter.end()


class PhaseBar(QToolBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Phase", parent)
        self.setObjectName("phase_bar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.turn = QLabel()
        self.record = TurnRecord()
        self.clock = QLabel()
        self.side = QLabel()
        self.phase = QLabel()
        self.side.setMargin(3)
        for label in (self.turn, self.record, self.clock, self.side, self.phase):
            label.setContentsMargins(6, 0, 6, 0)
            self.addWidget(label)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        self.pass_button: QToolButton | None = None
        self._pass_item: QAction | None = None  # the bar's handle on the Pass button
        self.show_game(None)

    def set_pass_action(self, action: QAction) -> None:
        """The Pass button, shown in the fire phase only."""
        button = QToolButton(self)
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.pass_button = button
        self._pass_item = self.addWidget(button)
        self._pass_item.setVisible(False)

    def clear_pass_action(self) -> None:
        """No Pass button (a ruleset without one is played)."""
        if self._pass_item is not None:
            self.removeAction(self._pass_item)
        self.pass_button = self._pass_item = None

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
            self.record.show_turn(None, None)
            return
        clock = game.scenario.clock
        lit = isinstance(clock, TurnClock)  # the strategic game's weeks have no light
        last = clock.last_turn if lit else game.scenario.turns
        self.record.show_turn(clock if lit else None, None if game.is_over else game.state.turn)
        if game.is_over:
            ended = game.result().sudden_death
            self.turn.setText(f"<b>Game over</b> after turn {last}" if ended is None
                              else f"<b>Game over</b> in turn {game.state.turn}: sudden death, "
                              f"{ended.name}")
            self.clock.clear()
        else:
            self.turn.setText(f"Turn <b>{game.state.turn}</b> of {last}")
            light = f", {light_word(clock.light_of(game.state.turn))}" if lit else ""
            self.clock.setText(f"{game.clock}{light}")
        firing = not game.is_over and game.phase is Phase.FIRE
        if self._pass_item is not None:
            self._pass_item.setVisible(firing)
        if firing:
            self._show_shot(game)
            return
        self._show_side(game.current_side if not game.is_over else None)
        phase = game.phase.label if not game.is_over else ""
        self.phase.setText(f"<b>{phase} phase</b>" if phase else "")

    def _show_shot(self, game: Game) -> None:
        """The fire phase: whose shot it is, in that side's colour; whose phase; who passed."""
        acting = game.acting_side
        verb = "to decide" if game.pending_decision is not None else "to fire"
        self._show_side(acting, f"{acting.label} {verb}" if acting is not None else "")
        phasing = game.current_side
        whose = f"{phasing.label} " if phasing is not None else ""
        text = f"<b>{whose}{game.phase.value} phase</b>"
        passed = sorted(s.label for s in game.state.fire_passed)
        if passed:
            text += f" · {' and '.join(passed)} passed"
        self.phase.setText(text)

    def _show_side(self, side: Side | None, text: str = "") -> None:
        if side is None:
            self.side.clear()
            self.side.setStyleSheet("")
            return
        colours = SIDE_COLOURS[side]
        self.side.setText(f"<b>{text or side.label}</b>")
        self.side.setStyleSheet(
            f"QLabel {{ background: {colours.body.name()}; color: {colours.text.name()};"
            f" border: 1px solid {colours.band.name()}; border-radius: 3px; }}"
        )
