"""BoardView: zoom (wheel under the mouse, + and - keys), pan (drag the background, arrow keys),
fit, and rotation in 90-degree steps. Hovering reports the hex under the mouse; clicking a counter
selects its stack and emits the stack's units (Ctrl+click adds the stack instead, for the fire
phase's firers); clicking a hex of the move highlight asks for a move there, and one of the fire
targets asks to fire at it. The right button either drags a facing out of a hex (press, drag
toward a hexside, release) or, without a drag, asks for the context menu of the hex. In sight
mode (the line-of-sight tool) a left drag measures from the hex pressed to the hex under the
mouse instead of panning; a left click still clicks."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.present.describe import describe_hex
from gameapp.ui.board.counter_item import CounterItem
from gameapp.ui.board.scene import BoardScene

ZOOM_STEP = 1.25
MIN_ZOOM = 0.1
MAX_ZOOM = 4.0
CLICK_SLOP = 4  # pixels a press may move and still count as a click


class BoardView(QGraphicsView):
    hover_text_changed = Signal(str)
    hex_clicked = Signal(object)  # Hex
    stack_selected = Signal(object)  # list[Unit], top counter first; empty when cleared
    zoom_changed = Signal(float)
    hex_hovered = Signal(object)  # Hex, or None off the map
    move_requested = Signal(object)  # Hex: a click on a hex of the move highlight
    facing_dragged = Signal(object, object)  # Hex, direction 0..5: a right-drag in progress
    facing_dropped = Signal(object, int)  # Hex, direction 0..5: a right-drag released
    context_requested = Signal(object, QPoint)  # Hex or None, global position: a right-click
    stack_added = Signal(object)  # list[Unit]: a Ctrl+click on a stack
    fire_requested = Signal(object)  # Hex: a click on a fire target
    sight_dragged = Signal(object, object)  # Hex, Hex: a sight line being dragged
    sight_dropped = Signal(object, object)  # Hex, Hex: a sight line released

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._zoom = 1.0
        self._rotation = 0
        self._hover: Hex | None = None
        self._press: QPoint | None = None
        self._right: tuple[QPoint, Hex | None] | None = None  # where a right press started
        self._dragged: int | None = None  # the direction a right-drag points, once it is one
        self._sight_mode = False
        self._sight: tuple[Hex, Hex] | None = None  # a sight line being dragged: start, end
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # every right-button event reaches the mouse handlers, which tell drag from click
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.PreventContextMenu)
        self.viewport().setContextMenuPolicy(Qt.ContextMenuPolicy.PreventContextMenu)

    def board(self) -> BoardScene | None:
        scene = self.scene()
        return scene if isinstance(scene, BoardScene) else None

    def set_board(self, scene: BoardScene | None) -> None:
        self._hover = None
        self.setScene(scene)
        self._apply_transform()

    # --- the line-of-sight tool -------------------------------------------------------------
    @property
    def sight_mode(self) -> bool:
        return self._sight_mode

    def set_sight_mode(self, on: bool) -> None:
        """Left drags measure lines of sight (on) or pan the map (off)."""
        if on == self._sight_mode:
            return
        self._sight_mode, self._sight = on, None
        mode = QGraphicsView.DragMode.NoDrag if on else QGraphicsView.DragMode.ScrollHandDrag
        self.setDragMode(mode)
        if on:
            self.viewport().setCursor(Qt.CursorShape.CrossCursor)
        else:
            self.viewport().unsetCursor()

    # --- zoom and rotation ------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self._zoom

    @property
    def rotation_degrees(self) -> int:
        return self._rotation

    def set_zoom(self, zoom: float, anchor: QPoint | None = None) -> None:
        """Zoom to `zoom`, keeping the scene point under `anchor` (default: the centre) still."""
        self._zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        self._apply_transform(anchor)
        self.zoom_changed.emit(self._zoom)

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom / ZOOM_STEP)

    def rotate_left(self) -> None:
        self._rotation = (self._rotation - 90) % 360
        self._apply_transform()

    def rotate_right(self) -> None:
        self._rotation = (self._rotation + 90) % 360
        self._apply_transform()

    def fit(self) -> None:
        """Zoom so the whole map fits the window, keeping the rotation."""
        board = self.board()
        if board is None:
            return
        self.setTransform(QTransform().rotate(self._rotation))
        self.fitInView(board.geometry.map_rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._zoom = math.sqrt(abs(self.transform().determinant()))
        self._update_scene_rect()
        self.centerOn(board.geometry.map_rect.center())
        self.zoom_changed.emit(self._zoom)

    def _apply_transform(self, anchor: QPoint | None = None) -> None:
        if anchor is None:
            anchor = self.viewport().rect().center()
        fixed = self.mapToScene(anchor)
        self.setTransform(QTransform().scale(self._zoom, self._zoom).rotate(self._rotation))
        self._update_scene_rect()
        drift = self.mapFromScene(fixed) - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + drift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + drift.y())

    def _update_scene_rect(self) -> None:
        """Let the map scroll until its edge reaches the far side of the window, so zooming can
        always keep the point under the mouse still, even near the edges."""
        board = self.board()
        if board is None:
            return
        room = self.viewport().width() + self.viewport().height()
        margin = room / max(self._zoom, MIN_ZOOM)
        self.setSceneRect(board.geometry.map_rect.adjusted(-margin, -margin, margin, margin))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_scene_rect()

    # --- events -----------------------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.set_zoom(self._zoom * ZOOM_STEP**steps, event.position().toPoint())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif key == Qt.Key.Key_Menu and (board := self.board()) is not None:
            self._keyboard_menu(board)
        else:
            super().keyPressEvent(event)  # arrow keys scroll

    def mousePressEvent(self, event: QMouseEvent) -> None:
        board = self.board()
        if event.button() == Qt.MouseButton.RightButton and board is not None:
            at = event.position().toPoint()
            self._right, self._dragged = (at, board.hex_at(self.mapToScene(at))), None
            event.accept()
            return
        if self._sight_mode and board is not None and event.button() == Qt.MouseButton.LeftButton:
            start = board.hex_at(self.mapToScene(event.position().toPoint()))
            if start is not None:
                self._sight = (start, start)
            event.accept()
            return
        self._press = event.position().toPoint()
        item = self.itemAt(self._press)
        if (
            board is not None
            and event.button() == Qt.MouseButton.LeftButton
            and isinstance(item, CounterItem)
            and item.unit is not None
        ):
            self._press = None
            self._click(board, item.unit.hex, _adding(event))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and self._right is not None:
            (start, h), direction = self._right, self._dragged
            self._right = self._dragged = None
            if direction is not None and h is not None:
                self.facing_dropped.emit(h, direction)
            else:
                self.context_requested.emit(h, self.viewport().mapToGlobal(start))
            event.accept()
            return
        if self._sight is not None and event.button() == Qt.MouseButton.LeftButton:
            self._drag_sight(event.position().toPoint())
            (first, last), self._sight = self._sight, None
            board = self.board()
            if first != last:
                self.sight_dropped.emit(first, last)
            elif board is not None:  # a click, not a drag: it selects as ever
                self._click(board, first, _adding(event))
            event.accept()
            return
        super().mouseReleaseEvent(event)
        board = self.board()
        press, self._press = self._press, None
        if board is None or press is None or event.button() != Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - press).manhattanLength() <= CLICK_SLOP:
            self._click(board, board.hex_at(self.mapToScene(press)), _adding(event))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        board = self.board()
        if board is None:
            return
        at = event.position().toPoint()
        start, origin = self._right if self._right is not None else (at, None)
        dragging = self._dragged is not None or (at - start).manhattanLength() > CLICK_SLOP
        if origin is not None and dragging:
            self._dragged = board.geometry.direction_towards(origin, self.mapToScene(at))
            self.facing_dragged.emit(origin, self._dragged)
        if self._sight is not None:
            self._drag_sight(at)
        h = board.hex_at(self.mapToScene(at))
        if h != self._hover:
            self._hover = h
            self.hover_text_changed.emit(describe_hex(board.hex_map, h) if h is not None else "")
            self.hex_hovered.emit(h)

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        if self._hover is not None and self._right is None:
            self._hover = None
            self.hex_hovered.emit(None)

    def _keyboard_menu(self, board: BoardScene) -> None:
        """The Menu key: the context menu of the selected hex, as a right-click there."""
        selected = board.selected_hex
        at = self.viewport().rect().center()
        if selected is not None:
            at = self.mapFromScene(board.geometry.centre(selected))
        self.context_requested.emit(selected, self.viewport().mapToGlobal(at))

    def _drag_sight(self, at: QPoint) -> None:
        board = self.board()
        if board is None or self._sight is None:
            return
        end = board.hex_at(self.mapToScene(at))
        if end is not None and end != self._sight[1]:
            self._sight = (self._sight[0], end)
            self.sight_dragged.emit(*self._sight)

    def _click(self, board: BoardScene, h: Hex | None, adding: bool = False) -> None:
        """A click on a hex of the move highlight asks for a move there, one on a fire target
        asks to fire at it, a Ctrl+click on a stack adds it (to the firers); elsewhere a click on
        a hex selects its stack, and one on an empty hex or off the map clears the selection."""
        if h is not None:
            self.hex_clicked.emit(h)
            if adding:
                if board.units_at(h):
                    self.stack_added.emit(board.units_at(h))
                return
            if h in board.moves:
                self.move_requested.emit(h)
                return
            if h in board.fire:
                self.fire_requested.emit(h)
                return
        units = board.select_hex(h if h is not None and board.units_at(h) else None)
        self.stack_selected.emit(units)


def _adding(event: QMouseEvent) -> bool:
    return bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
