"""BoardView: zoom (wheel under the mouse, + and - keys), pan (drag the background, arrow keys),
fit, and rotation in 90-degree steps. It knows no rules: it reports what the pointer does in
hexes, and the ruleset's tools (gameapp/ui/rulesets) give that a meaning.

- Hovering reports the hex under the mouse (`hex_hovered`).
- A click on a hex emits `hex_clicked` with a `HexClick` (the hex, the button, the modifiers,
  the stack there). A slot that acts on it calls `accept()`; a plain click nobody accepted
  selects the hex's stack (or clears the selection on empty ground) and emits `stack_selected`.
- The right button either drags out of a hex (press, drag, release: `drag_moved` while held,
  `drag_released` at the end, each with a `HexDrag`) or, without a drag, asks for the context
  menu of the hex (`context_requested`).
- With hex drags on (`set_hex_drags`, e.g. a measuring tool) a left drag reports the hex pressed
  and the hex under the mouse the same way instead of panning; a left click still clicks."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.core.units import Unit
from gameapp.ui.board.counter_item import CounterItem
from gameapp.ui.board.scene import BoardScene

ZOOM_STEP = 1.25
MIN_ZOOM = 0.1
MAX_ZOOM = 4.0
CLICK_SLOP = 4  # pixels a press may move and still count as a click
# A counter's side on screen, in pixels, at which its name, strength and morale read (the
# opening zoom is never below it; docs/playing.md "The opening view").
READABLE_COUNTER_PIXELS = 64.0


@dataclass
class HexClick:
    """A click on a hex. Whoever acts on it calls `accept()`, so the board does not also
    select the stack there."""

    hex: Hex
    button: Qt.MouseButton
    modifiers: Qt.KeyboardModifier
    units: list[Unit] = field(default_factory=list)  # the stack in the hex, top counter first
    accepted: bool = False

    @property
    def ctrl(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ControlModifier)

    def accept(self) -> None:
        self.accepted = True


@dataclass(frozen=True)
class HexDrag:
    """A drag out of a hex: the button, the hex pressed, the hex under the mouse now, and the
    direction (0..5, the hexside) from the pressed hex's centre toward the mouse."""

    button: Qt.MouseButton
    start: Hex
    end: Hex | None
    direction: int


class BoardView(QGraphicsView):
    hover_text_changed = Signal(str)
    hex_clicked = Signal(object)  # HexClick
    stack_selected = Signal(object)  # list[Unit], top counter first; empty when cleared
    zoom_changed = Signal(float)
    hex_hovered = Signal(object)  # Hex, or None off the map
    drag_moved = Signal(object)  # HexDrag: a right drag (or a left one in hex-drag mode) held
    drag_released = Signal(object)  # HexDrag: that drag released
    context_requested = Signal(object, QPoint)  # Hex or None, global position: a right-click

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._zoom = 1.0
        self._rotation = 0
        self._hover: Hex | None = None
        self._press: QPoint | None = None
        self._right: tuple[QPoint, Hex | None] | None = None  # where a right press started
        self._dragged: HexDrag | None = None  # where a right-drag points, once it is one
        self._hex_drags = False
        self._left: HexDrag | None = None  # a left hex drag under way
        self._opening = False  # showing the opening view: a resize shows it again
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
        self._opening = False
        self.setScene(scene)
        if scene is not None:
            scene.set_view_turn(self._rotation)
        self._apply_transform()

    def show_opening(self) -> None:
        """The view a game opens at: the whole map when its counters still read at that zoom,
        else the zoom at which they read (READABLE_COUNTER_PIXELS), centred on the counters.
        Until the player zooms, pans or turns the map, a resize (the window shown, maximised,
        a dock opened) shows it again for the new size."""
        board = self.board()
        if board is None:
            return
        self.fit()
        readable = READABLE_COUNTER_PIXELS / board.counter_side
        if self._zoom < readable:
            self.set_zoom(readable)
            self.centerOn(board.units_centre())
        self._opening = True

    @property
    def showing_opening(self) -> bool:
        return self._opening

    # --- hex drags (a tool measuring from hex to hex) ---------------------------------------
    @property
    def hex_drags(self) -> bool:
        return self._hex_drags

    def set_hex_drags(self, on: bool) -> None:
        """Left drags report hex to hex (on) or pan the map (off)."""
        if on == self._hex_drags:
            return
        self._hex_drags, self._left = on, None
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
        self._opening = False
        self._zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        board = self.board()
        if board is not None:
            board.zoom_stepped()  # until the zoom rests, the last zoom's pictures scaled
        self._apply_transform(anchor)
        self.zoom_changed.emit(self._zoom)

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom / ZOOM_STEP)

    def rotate_left(self) -> None:
        self._opening = False
        self._rotation = (self._rotation - 90) % 360
        self._turn_counters()
        self._apply_transform()

    def rotate_right(self) -> None:
        self._opening = False
        self._rotation = (self._rotation + 90) % 360
        self._turn_counters()
        self._apply_transform()

    def _turn_counters(self) -> None:
        board = self.board()
        if board is not None:
            board.set_view_turn(self._rotation)

    def fit(self) -> None:
        """Zoom so the whole map fits the window, keeping the rotation."""
        board = self.board()
        if board is None:
            return
        self._opening = False
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
        if self._opening:
            self.show_opening()
        else:
            self._update_scene_rect()

    # --- events -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        board = self.board()
        if board is not None:
            board.begin_frame()  # a frame of the window: its new stamps within a budget
        try:
            super().paintEvent(event)
        finally:
            if board is not None:
                board.end_frame()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.set_zoom(self._zoom * ZOOM_STEP**steps, event.position().toPoint())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._opening = False  # the player pans: the view is his now
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
        if self._hex_drags and board is not None and event.button() == Qt.MouseButton.LeftButton:
            at = event.position().toPoint()
            start = board.hex_at(self.mapToScene(at))
            if start is not None:
                direction = board.geometry.direction_towards(start, self.mapToScene(at))
                self._left = HexDrag(Qt.MouseButton.LeftButton, start, start, direction)
            event.accept()
            return
        self._press = event.position().toPoint()
        self._opening = False  # a drag pans the map; a click starts play: the view is his now
        item = self.itemAt(self._press)
        if (
            board is not None
            and event.button() == Qt.MouseButton.LeftButton
            and isinstance(item, CounterItem)
            and item.unit is not None
        ):
            self._press = None
            self._click(board, item.unit.hex, event)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and self._right is not None:
            (start, h), drag = self._right, self._dragged
            self._right = self._dragged = None
            if drag is not None and h is not None:
                self.drag_released.emit(drag)
            else:
                self.context_requested.emit(h, self.viewport().mapToGlobal(start))
            event.accept()
            return
        if self._left is not None and event.button() == Qt.MouseButton.LeftButton:
            self._drag_left(event.position().toPoint())
            drag, self._left = self._left, None
            board = self.board()
            if drag.start != drag.end:
                self.drag_released.emit(drag)
            elif board is not None:  # a click, not a drag: it clicks as ever
                self._click(board, drag.start, event)
            event.accept()
            return
        super().mouseReleaseEvent(event)
        board = self.board()
        press, self._press = self._press, None
        if board is None or press is None or event.button() != Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - press).manhattanLength() <= CLICK_SLOP:
            self._click(board, board.hex_at(self.mapToScene(press)), event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        board = self.board()
        if board is None:
            return
        at = event.position().toPoint()
        start, origin = self._right if self._right is not None else (at, None)
        dragging = self._dragged is not None or (at - start).manhattanLength() > CLICK_SLOP
        h = board.hex_at(self.mapToScene(at))
        if origin is not None and dragging:
            direction = board.geometry.direction_towards(origin, self.mapToScene(at))
            self._dragged = HexDrag(Qt.MouseButton.RightButton, origin, h, direction)
            self.drag_moved.emit(self._dragged)
        if self._left is not None:
            self._drag_left(at)
        if h != self._hover:
            self._hover = h
            self.hover_text_changed.emit(board.describe(h) if h is not None else "")
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

    def _drag_left(self, at: QPoint) -> None:
        """A left hex drag reaching another hex reports it (a new hex, never off the map)."""
        board, drag = self.board(), self._left
        if board is None or drag is None:
            return
        end = board.hex_at(self.mapToScene(at))
        if end is not None and end != drag.end:
            direction = board.geometry.direction_towards(drag.start, self.mapToScene(at))
            self._left = HexDrag(drag.button, drag.start, end, direction)
            self.drag_moved.emit(self._left)

    def _click(self, board: BoardScene, h: Hex | None, event: QMouseEvent) -> None:
        """Report a click on a hex; unless a slot accepted it, a plain click selects the hex's
        stack (an empty hex, or off the map, clears the selection). A click with Ctrl held that
        nobody took does nothing."""
        if h is not None:
            click = HexClick(h, event.button(), event.modifiers(), board.units_at(h))
            self.hex_clicked.emit(click)
            if click.accepted or click.ctrl:
                return
        self.select_stack(h)

    def select_stack(self, h: Hex | None) -> None:
        """Select the stack in `h` (none: an empty hex, or off the map) and say so."""
        board = self.board()
        if board is None:
            return
        units = board.select_hex(h if h is not None and board.units_at(h) else None)
        self.stack_selected.emit(units)
