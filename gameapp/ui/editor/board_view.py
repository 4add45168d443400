"""The editor's board view: the game's BoardView (zoom, pan, hover, right-drag facing, context
requests) plus what a designer does with counters:
- drop counters from the palette on a hex (`units_dropped`);
- drag a counter to another hex (`counter_moved`; with Shift the whole stack goes);
- turn the wheel over the selected counter's hex to rotate it (`rotate_requested`; elsewhere the
  wheel zooms as in the game);
- a click selects the counter clicked (`unit_selected`), or the top one of a clicked stack;
- several counters are selected by dragging a band over empty ground or by Ctrl+clicking them
  (`selection`, `selection_changed`); dragging one of them moves them all (`selection_moved`,
  with the hex offset); the middle button pans (the left one draws the band).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QRubberBand, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.ui.board.counter_item import CounterItem
from gameapp.ui.board.view import CLICK_SLOP, BoardView
from gameapp.ui.editor.palette import UNITS_MIME, unit_ids_of
from gameapp.ui.editor.selection_marks import SelectionMarks

DRAG_Z = 10_000.0  # a dragged counter floats over everything


class EditorBoardView(BoardView):
    units_dropped = Signal(object, object)  # list[str] unit ids, Hex
    counter_moved = Signal(str, object, bool)  # unit id, Hex, the whole stack
    rotate_requested = Signal(int)  # +1 clockwise on screen, -1 anticlockwise
    unit_selected = Signal(object)  # unit id or None
    selection_changed = Signal(object)  # list[str]: the counters selected together
    selection_moved = Signal(object, object)  # list[str] unit ids, Hex offset to add

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.selected_unit: str | None = None
        self._drag: tuple[CounterItem, QPoint] | None = None
        self._dragging = False
        self.selection: list[str] = []  # counters selected together (band, Ctrl+click)
        self._marks: SelectionMarks | None = None
        self._band: QRubberBand | None = None
        self._band_start: QPoint | None = None
        self._group_drag: tuple[CounterItem, QPoint, dict[str, QPointF]] | None = None
        self._pan: QPoint | None = None
        self.setDragMode(QGraphicsView.DragMode.NoDrag)  # a left drag draws the band

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
        if self._group_press(event, item):
            return
        if event.button() == Qt.MouseButton.LeftButton and isinstance(item, CounterItem):
            self.set_selection([])
            self._drag, self._dragging = (item, at), False
            self.select_unit(item.unit_id)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._group_move(event):
            return
        if self._drag is not None:
            item, start = self._drag
            at = event.position().toPoint()
            if self._dragging or (at - start).manhattanLength() > CLICK_SLOP:
                self._dragging = True
                item.setZValue(DRAG_Z)
                item.setPos(self.mapToScene(at))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._group_release(event):
            return
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

    # --- several counters at once: the band, Ctrl+click, moving them together -----------------
    def set_selection(self, unit_ids: list[str]) -> None:
        """Select these counters together (an empty list clears), and mark them."""
        board = self.board()
        if board is None:
            return
        self.selection = [u for u in dict.fromkeys(unit_ids) if board.unit(u) is not None]
        if self._marks is None or self._marks.board is not board:
            self._marks = SelectionMarks(board)
        self._marks.show_units(self.selection)
        self.selection_changed.emit(list(self.selection))

    def refresh_marks(self) -> None:
        """Redraw the selection's frames (after an edit moved its counters)."""
        if self._marks is not None and self._marks.board is self.board():
            self._marks.update()

    def _group_press(self, event: QMouseEvent, item: object) -> bool:
        """Ctrl+click toggles a counter; a press on a selected counter starts moving them all;
        a press on empty ground may start a band; the middle button starts panning."""
        at = event.position().toPoint()
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan = at
            event.accept()
            return True
        if event.button() != Qt.MouseButton.LeftButton or self.hex_drags:
            return False  # hex drags (a ruleset editor's moves): no band, no counter groups
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if isinstance(item, CounterItem) and ctrl:
            chosen = [u for u in self.selection if u != item.unit_id]
            if item.unit_id not in self.selection:
                chosen.append(item.unit_id)
                if self.selected_unit and self.selected_unit not in chosen and not self.selection:
                    chosen.insert(0, self.selected_unit)
            self.set_selection(chosen)
            event.accept()
            return True
        if isinstance(item, CounterItem) and item.unit_id in self.selection \
                and len(self.selection) > 1:  # fmt: skip
            board = self.board()
            items = [board.counter_item(u) for u in self.selection] if board else []
            self._group_drag = (item, at, {i.unit_id: i.pos() for i in items if i is not None})
            event.accept()
            return True
        if not isinstance(item, CounterItem):
            self._band_start = at
        return False

    def _group_move(self, event: QMouseEvent) -> bool:
        at = event.position().toPoint()
        if self._pan is not None:
            delta, self._pan = at - self._pan, at
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return True
        if self._group_drag is not None:
            _item, start, origins = self._group_drag
            board = self.board()
            shift = self.mapToScene(at) - self.mapToScene(start)
            for unit_id, origin in origins.items():
                moved = board.counter_item(unit_id) if board is not None else None
                if moved is not None:
                    moved.setZValue(DRAG_Z)
                    moved.setPos(origin + shift)
            if self._marks is not None:
                self._marks.update()
            event.accept()
            return True
        if self._band_start is not None and (at - self._band_start).manhattanLength() > CLICK_SLOP:
            if self._band is None:
                self._band = QRubberBand(QRubberBand.Shape.Rectangle, self.viewport())
            self._band.setGeometry(QRect(self._band_start, at).normalized())
            self._band.show()
        return False

    def _group_release(self, event: QMouseEvent) -> bool:
        if event.button() == Qt.MouseButton.MiddleButton and self._pan is not None:
            self._pan = None
            event.accept()
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        board = self.board()
        if self._group_drag is not None:
            item, start, _origins = self._group_drag
            self._group_drag = None
            unit = item.unit
            at = event.position().toPoint()
            h = board.hex_at(self.mapToScene(at)) if board is not None else None
            moved = (at - start).manhattanLength() > CLICK_SLOP
            if board is not None:
                board.update_units(board.units())  # back in place until the edit moves them
            if moved and unit is not None and h is not None and h != unit.hex:
                self.selection_moved.emit(list(self.selection), h - unit.hex)
            elif not moved:
                self.select_unit(item.unit_id)
            event.accept()
            return True
        band_start, self._band_start = self._band_start, None
        if self._band is not None and self._band.isVisible() and band_start is not None:
            self._band.hide()
            rect = QRect(band_start, event.position().toPoint()).normalized()
            area = self.mapToScene(rect)
            found = [u.id for u in board.units() if (i := board.counter_item(u.id)) is not None
                     and area.containsPoint(i.pos(), Qt.FillRule.OddEvenFill)] if board else []
            if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                found = self.selection + found
            self.set_selection(found)
            if found:
                self.select_unit(found[0])
            event.accept()
            return True
        if band_start is not None and self.selection:
            self.set_selection([])  # a click on empty ground
        return False
