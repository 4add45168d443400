"""Strokes of the map-painting tools on the editor's board.

An event filter on the board's viewport: while a painting tool is chosen, the left button paints
instead of selecting or panning (the wheel still zooms, the arrow keys still scroll). A stroke runs
from press to release and ends as one `Stroke` (one undo command): the hexes the brush went over,
the chain of hexes a road was dragged along, or the hexside or hex clicked. While it runs, the
hexes are shown by a translucent overlay; with a hexside tool the hexside nearest the mouse is
highlighted as it moves. Nothing is compiled during a stroke (a compile of Cedar Mountain takes
about 0.1 s, too slow for every hex a drag enters).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QLineF, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsPathItem
from shiboken6 import isValid

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.ui.board import BoardScene
from gameapp.ui.board.overlay import HexOverlayItem
from gameapp.ui.editor.board_view import EditorBoardView
from gameapp.ui.editor.map_tools import Tool

PREVIEW_FILL = "#705a8f3a"
ROAD_PREVIEW = QColor("#c0392b")
ROAD_ERASE = QColor("#505050")
HEXSIDE_HOVER = QColor("#e8308c")
PREVIEW_Z = 900.0  # over the map and its overlays, under the counters


@dataclass
class Stroke:
    tool: Tool
    hexes: list[Hex] = field(default_factory=list)  # brush hexes, a road's chain, a clicked hex
    side: Hexside | None = None  # the hexside clicked (hexside tools)
    reverse: bool = False  # Shift held: lower instead of raise


def hexside_at(board: BoardScene, point: QPointF) -> Hexside | None:
    """The hexside nearest a scene point: the side of the hex under it that faces the point."""
    h = board.hex_at(point)
    if h is None:
        return None
    return Hexside.of(h, board.geometry.direction_towards(h, point))


def extend_chain(chain: list[Hex], h: Hex) -> None:
    """A road chain dragged onto `h`: back onto the hex before the last takes the last off;
    elsewhere the hexes of the straight line to `h` are added, so each follows its neighbour."""
    if not chain:
        chain.append(h)
    elif h == chain[-1]:
        return
    elif len(chain) >= 2 and h == chain[-2]:
        chain.pop()
    else:
        chain.extend(chain[-1].line_to(h)[1:])


class MapStrokeTool(QObject):
    stroke_finished = Signal(object)  # Stroke

    def __init__(self, view: EditorBoardView) -> None:
        super().__init__(view)
        self.view = view
        self.tool = Tool.COUNTERS
        self.radius = 0  # of the brush, in hexes
        self.stroke: Stroke | None = None
        self._preview: HexOverlayItem | None = None
        self._road: QGraphicsPathItem | None = None
        self._hover: QGraphicsLineItem | None = None
        self.hovered_side: Hexside | None = None
        view.viewport().installEventFilter(self)

    # --- events -----------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        tool = self.tool
        if tool is Tool.COUNTERS or not isinstance(event, QMouseEvent) or not isValid(self.view):
            return False  # (the view may be half gone while its window closes)
        board = self.view.board()
        if board is None:
            return False
        kind = event.type()
        left = event.button() == Qt.MouseButton.LeftButton
        at = self.view.mapToScene(event.position().toPoint())
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick) and left:
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.stroke = Stroke(tool, reverse=shift)
            self._extend(board, at)
            return True
        if kind == QEvent.Type.MouseMove:
            if tool.on_hexsides:
                self._show_hover(board, hexside_at(board, at))
            if self.stroke is not None:
                self._extend(board, at)
                return True
            return False
        if kind == QEvent.Type.MouseButtonRelease and left and self.stroke is not None:
            stroke, self.stroke = self.stroke, None
            self.clear_preview()
            if stroke.hexes or stroke.side is not None:
                self.stroke_finished.emit(stroke)
            return True
        return False

    def _extend(self, board: BoardScene, at: QPointF) -> None:
        stroke = self.stroke
        assert stroke is not None
        h = board.hex_at(at)
        if stroke.tool.on_hexsides:
            if stroke.side is None:
                stroke.side = hexside_at(board, at)
            return
        if h is None:
            return
        if stroke.tool.paints_hexes:
            on_map = board.geometry.numbering.contains
            new = [x for x in h.range(self.radius) if on_map(x) and x not in stroke.hexes]
            stroke.hexes.extend(new)
            if new:
                self._preview_item(board).show_hexes(new, PREVIEW_FILL)
        elif stroke.tool is Tool.ROAD:
            extend_chain(stroke.hexes, h)
            self._show_road(board, stroke.hexes, ROAD_ERASE if stroke.reverse else ROAD_PREVIEW)
        elif not stroke.hexes:
            stroke.hexes.append(h)

    # --- what the designer sees while painting --------------------------------------------------
    def set_tool(self, tool: Tool) -> None:
        self.tool = tool
        self.stroke = None
        self.clear_preview()
        self._show_hover(self.view.board(), None)
        if tool is Tool.COUNTERS:
            self.view.viewport().unsetCursor()
        else:
            self.view.viewport().setCursor(Qt.CursorShape.CrossCursor)

    def clear_preview(self) -> None:
        if self._preview is not None and self._preview.scene() is not None:
            self._preview.clear()
        if self._road is not None and self._road.scene() is not None:
            self._road.setPath(QPainterPath())

    def _preview_item(self, board: BoardScene) -> HexOverlayItem:
        if self._preview is None or self._preview.scene() is not board:
            self._preview = HexOverlayItem(board.geometry, PREVIEW_Z)
            board.addItem(self._preview)
        return self._preview

    def _show_road(self, board: BoardScene, chain: list[Hex], colour: QColor) -> None:
        if self._road is None or self._road.scene() is not board:
            self._road = QGraphicsPathItem()
            self._road.setZValue(PREVIEW_Z)
            board.addItem(self._road)
        pen = QPen(colour, 4)
        pen.setCosmetic(True)
        if colour == ROAD_ERASE:
            pen.setStyle(Qt.PenStyle.DashLine)
        self._road.setPen(pen)
        path = QPainterPath()
        for n, h in enumerate(chain):
            centre = board.geometry.centre(h)
            if n == 0:
                path.moveTo(centre)
                path.addEllipse(centre, 4, 4)
                path.moveTo(centre)
            else:
                path.lineTo(centre)
        self._road.setPath(path)

    def _show_hover(self, board: BoardScene | None, side: Hexside | None) -> None:
        self.hovered_side = side
        if board is None:
            return
        if self._hover is None or self._hover.scene() is not board:
            self._hover = QGraphicsLineItem()
            pen = QPen(HEXSIDE_HOVER, 5)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            self._hover.setPen(pen)
            self._hover.setZValue(PREVIEW_Z)
            board.addItem(self._hover)
        if side is None:
            self._hover.setVisible(False)
            return
        (ax, ay), (bx, by) = board.geometry.layout.hexside_endpoints(side)
        self._hover.setLine(QLineF(ax, ay, bx, by))
        self._hover.setVisible(True)
