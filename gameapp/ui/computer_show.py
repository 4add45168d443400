"""Shows the computer's actions on the board as they happen: a moving counter travels its path
hex by hex, a shot draws its firer -> target lines for a moment, with its result in words under
the target. Only what the board shows is
shown: a counter hidden from the screen's side (fog.py removes it from the board) neither
moves in view nor draws a line, so the show reveals nothing the screen's side cannot see.

Use: `prepare(action)` before the action is applied (where the moving counter stands), then
`play(prepared)` after; `finished` is emitted when the show is over (False from `play`: nothing
to show, nothing will be emitted).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import (
    QEasingCurve,
    QLineF,
    QObject,
    QPointF,
    QRectF,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from gameapp.core.actions import Action, Fire, Move
from gameapp.ui.board.counter_item import COUNTER_Z, CounterItem
from gameapp.ui.board.view import BoardView
from gameapp.ui.pace import Pace, Timing

FIRE_INK = QColor("#c62828")
MARK_Z = COUNTER_Z + 200.0  # above every counter, even a lifted stack
RESULT_PIXELS = 14  # the shot's result, in screen pixels
HOLD = 0.7  # the share of the shot's time its lines stay fully drawn before they fade


@dataclass(frozen=True)
class Prepared:
    action: Action
    start: QPointF | None  # where the moving counter stood (None: not on the board)


class ActionShow(QObject):
    finished = Signal()

    def __init__(self, view: BoardView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.timing: Timing = Pace.INSTANT.timing
        self._animation: QVariantAnimation | None = None
        self._marks: list[QGraphicsItem] = []
        self._mover: tuple[CounterItem, float] | None = None  # the moving item, its z

    @property
    def running(self) -> bool:
        return self._animation is not None

    def prepare(self, action: Action) -> Prepared:
        board = self.view.board()
        start = None
        if isinstance(action, Move) and board is not None:
            item = board.counter_item(action.unit_id)
            start = QPointF(item.pos()) if item is not None else None
        return Prepared(action, start)

    def play(self, prepared: Prepared, result: str = "") -> bool:
        """Start showing the action just applied (a shot with its `result` in words beside
        the target); False when there is nothing to show."""
        self.finish()
        if self.timing.per_hex_ms <= 0 or self.view.board() is None:
            return False
        action = prepared.action
        if isinstance(action, Move) and prepared.start is not None:
            return self._move(action, prepared.start)
        if isinstance(action, Fire):
            return self._fire(action, result)
        return False

    def finish(self) -> None:
        """End the show at once: every counter in its place, no lines left."""
        animation, self._animation = self._animation, None
        if animation is None:
            return
        animation.stop()
        animation.deleteLater()
        board = self.view.board()
        if self._mover is not None:
            item, z = self._mover
            item.setZValue(z)
            self._mover = None
            if board is not None:  # every counter back where the board has it now
                board.update_units(board.units())
        for mark in self._marks:
            if board is not None and mark.scene() is board:
                board.removeItem(mark)
        self._marks = []
        self.finished.emit()

    # --- inside -----------------------------------------------------------------------------
    def _move(self, action: Move, start: QPointF) -> bool:
        board = self.view.board()
        assert board is not None
        item = board.counter_item(action.unit_id)
        unit = board.unit(action.unit_id)
        if item is None or unit is None or unit.hex != action.path[-1]:
            return False  # hidden now, or the move ended elsewhere (a charge's outcome)
        place = QPointF(item.pos())
        points = [start, *(board.geometry.centre(h) for h in action.path[:-1]), place]
        self._mover = (item, item.zValue())
        item.setZValue(MARK_Z)
        item.setPos(start)

        def step(value: object) -> None:
            at = float(value)  # type: ignore[arg-type]
            k = min(int(at), len(points) - 2)
            item.setPos(QLineF(points[k], points[k + 1]).pointAt(at - k))

        self._run(0.0, float(len(points) - 1), self.timing.per_hex_ms * (len(points) - 1), step)
        return True

    def _fire(self, action: Fire, result: str) -> bool:
        board = self.view.board()
        assert board is not None
        target = board.geometry.centre(action.target)
        firers = [item for item in (board.counter_item(f) for f in action.firers)
                  if item is not None]
        if not firers:
            return False
        width = board.geometry.size * 0.07
        pen = QPen(FIRE_INK, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for item in firers:
            line = QGraphicsLineItem(QLineF(item.pos(), target))
            line.setPen(pen)
            self._marks.append(line)
        radius = board.geometry.size * 0.45
        ring = QGraphicsEllipseItem(QRectF(target.x() - radius, target.y() - radius,
                                           2 * radius, 2 * radius))
        ring.setPen(pen)
        self._marks.append(ring)
        if result:
            self._marks.append(_result_label(result, QPointF(target.x(), target.y() + radius)))
        for mark in self._marks:
            mark.setZValue(MARK_Z)
            board.addItem(mark)

        def fade(value: object) -> None:
            at = float(value)  # type: ignore[arg-type]
            opacity = 1.0 if at < HOLD else (1.0 - at) / (1.0 - HOLD)
            for mark in self._marks:
                mark.setOpacity(opacity)

        self._run(0.0, 1.0, self.timing.fire_ms, fade)
        return True

    def _run(self, start: float, end: float, duration: int,
             on_value: Callable[[object], None]) -> None:
        animation = QVariantAnimation(self)
        animation.setStartValue(start)
        animation.setEndValue(end)
        animation.setDuration(max(1, duration))
        animation.setEasingCurve(QEasingCurve.Type.Linear)
        animation.valueChanged.connect(on_value)
        animation.finished.connect(self.finish)
        self._animation = animation
        animation.start()


def _result_label(text: str, at: QPointF) -> QGraphicsItem:
    """A shot's result under its target, the same size on screen at any zoom: white words on
    the shot's red."""
    label = QGraphicsSimpleTextItem(text)
    font = QFont("DejaVu Sans")
    font.setPixelSize(RESULT_PIXELS)
    font.setBold(True)
    label.setFont(font)
    label.setBrush(QColor("white"))
    box = label.boundingRect().adjusted(-4, -2, 4, 2)
    back = QGraphicsRectItem(box)
    back.setBrush(FIRE_INK)
    back.setPen(QPen(Qt.PenStyle.NoPen))
    label.setParentItem(back)
    back.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
    back.setPos(at)
    back.setTransform(QTransform().translate(-box.width() / 2, 4))
    return back
