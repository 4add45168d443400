"""The retreat highlight: every legal path of a retreat or rout about to happen, the chosen one in
bold, and why each hex is on them.

Four parts, added to a board scene with `add_to`:
- `marks` (a `HexOverlayItem`), under the counters: a pale fill on every hex of a path, a ring
  round the start, rings round the ends (bold round the chosen end, dashed round the owner's
  equally good ends, red where the unit would leave the map for the Broken Track);
- `lines`, over the counters: one line per path through the hex centres, antialiased (a retreat
  is a handful of short paths): thin and brown for the paths a priority ranks lower, amber for
  the owner's equally good choices, bold orange with a dark casing and an arrowhead for the chosen
  one;
- `chips`: "BB1" or "BB3" where the retreat would end in a Broken Box;
- one invisible `HexTipItem` per highlighted hex carrying its tooltip (`retreat_text.hex_tips`):
  which priority chose the hex and what it meets, priority by priority. They accept no mouse
  button, so clicks reach the board as ever.

When the owner must pick a path (`show(..., choosing=True)`), `path_at(hex)` says which path a
click on a hex picks.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPolygonItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat import Outcome, RetreatOptions, RetreatPath
from gameapp.present.retreat_text import PathRole, broken_box_label, hex_tips, role_of
from gameapp.ui.board.chip_item import ChipItem
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.label_stamps import ChipStyle, LabelStamps
from gameapp.ui.board.move_overlay import chip_anchor
from gameapp.ui.board.overlay import HexOverlayItem

TIPS_Z = 44.0  # under everything that draws: only the tooltips need them
MARKS_Z = 47.0  # over the terrain and the field of fire (45), under the move fills (50)
LINES_Z = 126.0  # over the counters (100) and a hovered route (125), under the MP chips (130)
CHIPS_Z = 131.0

PATH_FILL = QColor(255, 152, 0, 70)
START_RING = QColor("#3e2723")
END_RING = QColor("#e65100")
BROKEN_RING = QColor("#c62828")
CASING = QColor("#2b1600")
HALO = QColor(255, 248, 225, 220)
# (colour, width in hex sizes, casing) by the part a path plays: a dark line in a pale halo for
# the paths ranked lower (unlike the map's roads), amber and orange in a dark casing for the rest
LINE_STYLE: dict[PathRole, tuple[QColor, float, QColor]] = {
    PathRole.OTHER: (QColor("#4e342e"), 0.035, HALO),
    PathRole.CHOICE: (QColor("#ffb300"), 0.08, CASING),
    PathRole.CHOSEN: (QColor("#ff6d00"), 0.15, CASING),
}


class HexTipItem(QGraphicsPolygonItem):
    """An invisible hex that only carries a tooltip."""

    def __init__(self, polygon: QPolygonF, tip: str) -> None:
        super().__init__(polygon)
        self.setPen(Qt.PenStyle.NoPen)
        self.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        self.setToolTip(tip)
        self.setZValue(TIPS_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


class RetreatLinesItem(QGraphicsItem):
    """The paths as lines through hex centres, the chosen one drawn last and boldest."""

    def __init__(self, geometry: BoardGeometry) -> None:
        super().__init__()
        self._geo = geometry
        self.lines: list[tuple[PathRole, tuple[Hex, ...]]] = []  # in paint order
        self._bounds = QRectF()
        self.setZValue(LINES_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_paths(self, lines: list[tuple[PathRole, tuple[Hex, ...]]]) -> None:
        order = list(PathRole)
        self.prepareGeometryChange()
        self.lines = sorted(lines, key=lambda line: -order.index(line[0]))  # OTHER first
        bounds = QRectF()
        for _, hexes in self.lines:
            for h in hexes:
                bounds = bounds.united(self._geo.polygon(h).boundingRect())
        self._bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        size = self._geo.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for role, hexes in self.lines:
            colour, width, casing = LINE_STYLE[role]
            points = [self._geo.centre(h) for h in hexes]
            if len(points) < 2:
                continue
            self._stroke(painter, points, casing, (width + 0.07) * size)
            self._stroke(painter, points, colour, width * size)
            if role is not PathRole.OTHER:
                self._arrowhead(painter, points, colour, width)

    @staticmethod
    def _stroke(painter: QPainter, points: list[QPointF], colour: QColor, width: float) -> None:
        pen = QPen(colour, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(QPolygonF(points))

    def _arrowhead(self, painter: QPainter, points: list[QPointF], colour: QColor,
                   width: float) -> None:
        size = self._geo.size
        end, before = points[-1], points[-2]
        dx, dy = end.x() - before.x(), end.y() - before.y()
        length = math.hypot(dx, dy) or 1.0
        ahead, side = QPointF(dx / length, dy / length), QPointF(-dy / length, dx / length)
        half = (0.12 + width) * size
        tip = end + ahead * (0.25 * size)
        base = end - ahead * (0.15 * size)
        painter.setPen(QPen(CASING, 0.04 * size))
        painter.setBrush(colour)
        painter.drawPolygon(QPolygonF([tip, base + side * half, base - side * half]))


class RetreatOverlay:
    """The items of the retreat highlight, filled and cleared together."""

    def __init__(self, geometry: BoardGeometry, stamps: LabelStamps) -> None:
        self._geo = geometry
        self.marks = HexOverlayItem(geometry, MARKS_Z)
        self.lines = RetreatLinesItem(geometry)
        self.chips = ChipItem(geometry, stamps, CHIPS_Z)
        self.tips: dict[Hex, HexTipItem] = {}
        self.options: RetreatOptions | None = None
        self.choosing = False
        self._scene: QGraphicsScene | None = None

    def add_to(self, scene: QGraphicsScene) -> None:
        self._scene = scene
        for item in (self.marks, self.lines, self.chips):
            scene.addItem(item)

    # --- reading ----------------------------------------------------------------------------
    def tooltip(self, h: Hex) -> str:
        item = self.tips.get(h)
        return item.toolTip() if item is not None else ""

    @property
    def hexes(self) -> frozenset[Hex]:
        """Every hex highlighted: the start and each hex of a path."""
        return frozenset(self.tips)

    @property
    def chosen_hexes(self) -> tuple[Hex, ...]:
        chosen = self.options.chosen if self.options is not None else None
        return chosen.hexes if chosen is not None else ()

    def path_at(self, h: Hex) -> RetreatPath | None:
        """The path a click on `h` picks while the owner chooses: the first equally good path
        ending there, else the first running through it; None when it is on none of them."""
        if self.options is None or not self.choosing:
            return None
        choices = self.options.choices
        ending = [p for p in choices if p.end == h and p.length > 0]
        through = [p for p in choices if h in p.hexes[1:]]
        found = ending or through
        return found[0] if found else None

    def __contains__(self, h: object) -> bool:
        """Whether a click on `h` picks a path now."""
        return isinstance(h, Hex) and self.path_at(h) is not None

    # --- showing ----------------------------------------------------------------------------
    def show(self, options: RetreatOptions, hex_id: Callable[[Hex], str],
             choosing: bool = False) -> None:
        """Highlight every legal path of `options`; `choosing`: the owner picks by clicking."""
        self.clear()
        self.options, self.choosing = options, choosing and options.owner_has_choice
        marks = self.marks
        on_paths = {h for p in options.paths for h in p.hexes[1:]}
        marks.show_hexes(on_paths, PATH_FILL)
        marks.rings([options.start], START_RING, 2)
        chosen = options.chosen
        choice_ends = {p.end for p in options.choices if p is not chosen and p.length > 0}
        style = Qt.PenStyle.SolidLine if self.choosing else Qt.PenStyle.DashLine
        marks.rings(choice_ends, END_RING, 2, style=style)
        labels: list[tuple[QPointF, str, ChipStyle]] = []
        broken = broken_box_label(options.outcome)
        if chosen is not None and chosen.length > 0:
            leaving = chosen.outcome is Outcome.BROKEN_BOX_1
            marks.rings([chosen.end], BROKEN_RING if leaving else END_RING, 4)
        if broken:
            at = chosen.end if chosen is not None else options.start
            marks.rings([at], BROKEN_RING, 4, inset=0.70)
            labels.append((chip_anchor(self._geo, at, ()), broken, ChipStyle.STOP))
        self.lines.set_paths([(role_of(options, p), p.hexes) for p in options.paths])
        pad = self._geo.size
        bounds = marks.boundingRect().adjusted(-pad, -pad, pad, pad) if labels else QRectF()
        self.chips.set_labels(labels, bounds)
        for h, tip in hex_tips(options, hex_id, self.choosing).items():
            item = HexTipItem(self._geo.polygon(h), tip)
            self.tips[h] = item
            if self._scene is not None:
                self._scene.addItem(item)

    def clear(self) -> None:
        if self.options is None:
            return
        self.marks.clear()
        self.lines.set_paths([])
        self.chips.set_labels([], QRectF())
        for item in self.tips.values():
            scene = item.scene()
            if scene is not None:
                scene.removeItem(item)
        self.tips = {}
        self.options, self.choosing = None, False
