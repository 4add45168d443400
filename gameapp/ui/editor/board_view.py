"""The editor's board view: the game's BoardView (zoom, pan, hover, right-drag facing, context
requests) plus what a designer does with counters:
- drop counters from the palette on a hex (`units_dropped`);
- drag a counter to another hex (`counter_moved`; with Shift the whole stack goes);
- turn the wheel over the selected counter's hex to rotate it (`rotate_requested`; elsewhere the
  wheel zooms as in the game);
- a click selects the counter clicked (`unit_selected`), or the top one of a clicked stack.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QWidget

from gameapp.core.hexgrid import Hex
from gameapp.ui.board.counter_item import CounterItem
from gameapp.ui.board.view import CLICK_SLOP, BoardView
from gameapp.ui.editor.palette import UNITS_MIME, unit_ids_of

DRAG_Z = 10_000.0  # a dragged counter floats over everything


class EditorBoardView(BoardView):
    units_dropped = Signal(object, object)  # list[str] unit ids, Hex
    counter_moved = Signal(str, object, bool)  # unit id, Hex, the whole stack
    rotate_requested = Signal(int)  # +1 clockwise on screen, -1 anticlockwise
    unit_selected = Signal(object)  # unit id or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.selected_unit: str | None = None
        self._drag: tuple[CounterItem, QPoint] | None = None
        self._dragging = False

    # --- selection --------------------------------------------------------------------------
    def select_unit(self, unit_id: str | None) -> None:
        board = self.board()
        unit = board.unit(unit_id) if board is not None and unit_id else None
        self.selected_unit = unit.id if unit is not None else None
        if board is not None:
            board.select_hex(unit.hex if unit is not None else None)
        self.unit_selected.emit(self.selected_unit)

    # --- drops from the palette -------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(UNITS_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        board = self.board()
        at = self.mapToScene(event.position().toPoint())
        if event.mimeData().hasFormat(UNITS_MIME) and board and board.hex_at(at) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        board = self.board()
        ids = unit_ids_of(event.mimeData())
        h = board.hex_at(self.mapToScene(event.position().toPoint())) if board else None
        if not ids or h is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.units_dropped.emit(ids, h)

    # --- dragging counters on the board -------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        at = event.position().toPoint()
        item = self.itemAt(at)
        if event.button() == Qt.MouseButton.LeftButton and isinstance(item, CounterItem):
            self._drag, self._dragging = (item, at), False
            self.select_unit(item.unit_id)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None:
            item, start = self._drag
            at = event.position().toPoint()
            if self._dragging or (at - start).manhattanLength() > CLICK_SLOP:
                self._dragging = True
                item.setZValue(DRAG_Z)
                item.setPos(self.mapToScene(at))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None and event.button() == Qt.MouseButton.LeftButton:
            (item, _), dragged = self._drag, self._dragging
            self._drag, self._dragging = None, False
            board = self.board()
            unit = item.unit
            h = board.hex_at(self.mapToScene(event.position().toPoint())) if board else None
            if dragged and unit is not None and h is not None and h != unit.hex:
                whole = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
                self.counter_moved.emit(unit.id, h, whole)
            elif board is not None:
                board.update_units(board.units())  # put the counter back in its stack
            event.accept()
            return
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and self.board() is not None:
            board = self.board()
            assert board is not None
            top = board.units_at(board.selected_hex) if board.selected_hex is not None else []
            self.selected_unit = top[0].id if top else None
            self.unit_selected.emit(self.selected_unit)

    def wheelEvent(self, event: QWheelEvent) -> None:
        board = self.board()
        unit = board.unit(self.selected_unit) if board and self.selected_unit else None
        h = board.hex_at(self.mapToScene(event.position().toPoint())) if board else None
        steps = event.angleDelta().y()
        if unit is not None and h == unit.hex and steps:
            self.rotate_requested.emit(-1 if steps > 0 else 1)
            event.accept()
            return
        super().wheelEvent(event)

    def hex_of_selection(self) -> Hex | None:
        board = self.board()
        return board.selected_hex if board is not None else None
