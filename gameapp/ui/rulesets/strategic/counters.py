"""The strategic pieces on the theatre board: one StackItem per hex and side, drawing the top
counter of the stack (its kind, name, big figure and corner note, gameapp/present/strategic.py)
with an edge for each piece under it, a badge with the stack's count, and the stack's combat
SP over it. Its tooltip lists every piece. PiecesLayer keeps the items in step with a state.

The items take no mouse buttons: a click falls through to the board view, which reports the
hex to the ruleset's tool."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import Division, Fort, Piece
from gameapp.core.units import Side
from gameapp.present.strategic import counter_text, piece_line, stacks
from gameapp.ui.board.counter_art import SIDE_COLOURS
from gameapp.ui.board.counter_item import COUNTER_Z
from gameapp.ui.board.geometry import BoardGeometry

SIDE = 0.88  # the counter's side, in hex sizes
EDGE = 0.07  # the offset of each counter under the top one, in hex sizes
SHOWN_UNDER = 3  # at most this many edges drawn under the top counter
SELECTED = QColor("#ffd400")
ACTIVE = QColor("#26c04a")  # pieces of the force now moving
FORT_FILL = QColor("#7a6a58")


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    return font


class StackItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry, h: Hex, side: Side, pieces: list[Piece],
                 shift: int = 0) -> None:
        super().__init__()
        self.geometry, self.hex, self.side = geometry, h, side
        self.pieces = pieces
        self.selected = False
        self.active = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(COUNTER_Z)
        size = geometry.size
        self.side_px = size * SIDE
        centre = geometry.centre(h)
        offset = shift * size * 0.35  # a second side's stack in the hex (beside a fort)
        self.setPos(centre.x() - offset, centre.y() - offset)
        self.setToolTip("\n".join(piece_line(p) for p in pieces))

    def set_marks(self, selected: bool, active: bool) -> None:
        if (selected, active) != (self.selected, self.active):
            self.selected, self.active = selected, active
            self.update()

    def boundingRect(self) -> QRectF:
        s = self.side_px
        under = min(len(self.pieces) - 1, SHOWN_UNDER) * self.geometry.size * EDGE
        return QRectF(-s / 2 - 4, -s / 2 - s * 0.3 - 4, s + under + s * 0.2 + 8,
                      s + under + s * 0.3 + 8)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        colours = SIDE_COLOURS[self.side]
        s = self.side_px
        step = self.geometry.size * EDGE
        under = min(len(self.pieces) - 1, SHOWN_UNDER)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for k in range(under, 0, -1):  # the pieces under, as edges down-right
            p.setPen(QPen(colours.band, 1.5))
            p.setBrush(colours.body.darker(115))
            p.drawRect(QRectF(-s / 2 + k * step, -s / 2 + k * step, s, s))
        face = QRectF(-s / 2, -s / 2, s, s)
        top = self.pieces[0]
        ring = SELECTED if self.selected else ACTIVE if self.active else colours.band
        p.setPen(QPen(ring, 4.0 if (self.selected or self.active) else 1.5))
        p.setBrush(FORT_FILL if isinstance(top, Fort) else colours.body)
        p.drawRect(face)
        self._paint_face(p, top, face, colours.text)
        if len(self.pieces) > 1:
            self._badge(p, face, str(len(self.pieces)))
        sp = sum(d.sp for d in self.pieces if isinstance(d, Division))
        if sp and len(self.pieces) > 1:
            p.setFont(_font(s * 0.22, bold=True))
            label = QRectF(face.left(), face.top() - s * 0.28, s * 0.8, s * 0.26)  # above:
            # the MP chips of a lit hex with a stack sit under the counters
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 215))
            p.drawRoundedRect(label, 3, 3)
            p.setPen(QColor("#111111"))
            p.drawText(label, Qt.AlignmentFlag.AlignCenter, f"{sp} SP")

    def _paint_face(self, p: QPainter, piece: Piece, face: QRectF, ink: QColor) -> None:
        words = counter_text(piece)
        s = face.width()
        p.setPen(ink)
        p.setFont(_font(s * 0.17, bold=True))
        p.drawText(QRectF(face.left(), face.top() + s * 0.02, s, s * 0.22),
                   Qt.AlignmentFlag.AlignCenter, words.heading)
        p.setFont(_font(s * 0.15))
        name = p.fontMetrics().elidedText(words.name, Qt.TextElideMode.ElideRight,
                                          round(s * 0.94))
        p.drawText(QRectF(face.left(), face.top() + s * 0.22, s, s * 0.2),
                   Qt.AlignmentFlag.AlignCenter, name)
        p.setFont(_font(s * 0.36, bold=True))
        p.drawText(QRectF(face.left(), face.top() + s * 0.40, s * 0.62, s * 0.58),
                   Qt.AlignmentFlag.AlignCenter, words.figure)
        p.setFont(_font(s * 0.13))
        p.drawText(QRectF(face.left() + s * 0.5, face.top() + s * 0.48, s * 0.5, s * 0.48),
                   Qt.AlignmentFlag.AlignCenter, words.note)

    def _badge(self, p: QPainter, face: QRectF, text: str) -> None:
        r = face.width() * 0.16
        centre = QPointF(face.right(), face.top())
        p.setPen(QPen(QColor("#000000"), 1.0))
        p.setBrush(QColor("#fff4c2"))
        p.drawEllipse(centre, r, r)
        p.setPen(QColor("#000000"))
        p.setFont(_font(r * 1.3, bold=True))
        p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
                   Qt.AlignmentFlag.AlignCenter, text)


class PiecesLayer:
    """The stack items of a scene, rebuilt from the pieces each time they change."""

    def __init__(self, scene: QGraphicsScene, geometry: BoardGeometry) -> None:
        self.scene, self.geometry = scene, geometry
        self.items: dict[tuple[Hex, Side], StackItem] = {}
        self._shown: tuple[Piece, ...] = ()

    def show(self, pieces: Iterable[Piece], selected: Hex | None = None,
             active: Iterable[str] = ()) -> None:
        pieces = tuple(pieces)
        if pieces != self._shown:
            self._shown = pieces
            for item in self.items.values():
                self.scene.removeItem(item)
            self.items = {}
            for (h, side), stack in stacks(pieces).items():
                shift = 1 if any(k[0] == h for k in self.items) else 0
                item = StackItem(self.geometry, h, side, stack, shift)
                self.scene.addItem(item)
                self.items[h, side] = item
        moving = set(active)
        for (h, _side), item in self.items.items():
            item.set_marks(h == selected, any(p.id in moving for p in item.pieces))

    def pieces_at(self, h: Hex) -> list[Piece]:
        """The pieces in a hex, top first (each side's stack in turn)."""
        return [p for (at, _side), item in self.items.items() if at == h for p in item.pieces]
