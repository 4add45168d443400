"""Counters painted in code, so they stay sharp at any zoom.

A counter is drawn around (0, 0). Turned to its facing (the item rotates it), its front is at the
top: a front band with a facing tick. Upright (the player's preference, settings.py), the counter
stays square to the screen and an arrow on its edge points the way it faces, so its words read
level whatever the facing. Full detail: the unit's name (its short name when the name does not
fit), a NATO-style type symbol, the strength and morale figures, a formation badge and status
badges. Zoomed out it paints a coloured block with the symbol, and further out just the block and
its front.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF

from gameapp.core.units import Side, Status, Unit, UnitKind
from gameapp.present.labels import FORMATION_BADGES, STATUS_BADGES, short_name
from gameapp.present.markers import MARKER_BADGES, NO_MARKERS, Marker

# Device pixels (counter side on screen) below which detail is dropped.
FULL_DETAIL_MIN = 34.0
SYMBOL_MIN = 12.0
BLOCK, SYMBOL, FULL = 0, 1, 2
MORALE_MARKS = (Status.ROUTED, Status.SHAKEN)  # still shown, as a corner, at symbol detail


def detail_for(screen_side: float) -> int:
    """How much a counter of this many device pixels shows: BLOCK, SYMBOL or FULL."""
    if screen_side >= FULL_DETAIL_MIN:
        return FULL
    return SYMBOL if screen_side >= SYMBOL_MIN else BLOCK


class SideColours:
    def __init__(self, body: str, band: str, panel: str, ink: str, text: str) -> None:
        self.body = QColor(body)
        self.band = QColor(band)
        self.panel = QColor(panel)
        self.ink = QColor(ink)
        self.text = QColor(text)


SIDE_COLOURS: dict[Side, SideColours] = {
    Side.UNION: SideColours("#3f63a8", "#1b2f5e", "#dfe8f7", "#14254a", "#ffffff"),
    Side.CONFEDERATE: SideColours("#a9a595", "#6b5331", "#eee2c2", "#3b2f1c", "#1c1a14"),
}

STATUS_COLOURS: dict[Status, tuple[str, str]] = {
    Status.SHAKEN: ("#f2d024", "#000000"),
    Status.ROUTED: ("#c0261d", "#ffffff"),
    Status.MOVED: ("#ffffff", "#000000"),
    Status.DOUBLE_MOVED: ("#ffffff", "#000000"),
    Status.HALF_MOVED: ("#ffffff", "#000000"),
    Status.CHARGE: ("#e0621a", "#ffffff"),
    Status.COVER: ("#2e7d32", "#ffffff"),
    Status.LOW_AMMUNITION: ("#f0a030", "#000000"),
    Status.NO_AMMUNITION: ("#222222", "#ffffff"),
}
MARKER_COLOURS: dict[Marker, tuple[str, str]] = {
    Marker.ENGAGED: ("#7b1fa2", "#ffffff"),
    Marker.CHECKS_IGNORED: ("#ffffff", "#7b1fa2"),
}

SELECTED = QColor("#ffd400")
OUTLINE = QColor(20, 20, 20)


def _font(pixels: float, bold: bool = False, condensed: bool = False) -> QFont:
    font = QFont("DejaVu Sans Condensed" if condensed else "DejaVu Sans")
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    return font


class CounterArt:
    """Fonts and shapes for counters of side length `side` (scene units)."""

    def __init__(self, side: float) -> None:
        self.side = s = side
        self.tick = 0.16 * s
        self.name_font = _font(0.18 * s, condensed=True)
        self.figure_font = _font(0.27 * s, bold=True)
        self.badge_font = _font(0.13 * s, bold=True, condensed=True)
        self.body_rect = QRectF(-s / 2, -s / 2, s, s)
        self.outline = QPen(OUTLINE, 0.025 * s)
        self.selected = QPen(SELECTED, 0.1 * s)
        self.selected.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        self.symbol_pen = QPen(QColor("black"), 0.035 * s)
        self.symbol_pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)

    def bounds(self, upright: bool = False) -> QRectF:
        """Everything a counter may paint, the facing tick (at the top; on any side, upright)
        and the selection outline included."""
        s, m = self.side, 0.12 * self.side
        if upright:
            m += self.tick
            return QRectF(-s / 2 - m, -s / 2 - m, s + 2 * m, s + 2 * m)
        return QRectF(-s / 2 - m, -s / 2 - self.tick - m, s + 2 * m, s + self.tick + 2 * m)

    def paint(
        self,
        p: QPainter,
        unit: Unit,
        screen_side: float,
        selected: bool,
        markers: frozenset[Marker] = NO_MARKERS,
        facing: float | None = None,
    ) -> None:
        """Draw a counter; `screen_side` is its side in device pixels, which sets the detail;
        `markers` are the derived markers (see markers.py) it wears. `facing`: None for a
        counter the item turns to its facing (front at the top), else the facing's angle in
        degrees clockwise from the top of an upright counter, shown by an arrow."""
        colours = SIDE_COLOURS[unit.side]
        s = self.side
        detail = detail_for(screen_side)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, detail > BLOCK)
        if selected:  # a ring just outside the counter
            p.setPen(self.selected)
            p.setBrush(Qt.BrushStyle.NoBrush)
            grow = self.selected.widthF() / 2
            p.drawRect(self.body_rect.adjusted(-grow, -grow, grow, grow))
        p.setPen(self.outline if detail > BLOCK else Qt.PenStyle.NoPen)
        p.setBrush(colours.body)
        p.drawRect(self.body_rect)
        if facing is None:
            self._front(p, colours)
        else:
            self._facing_arrow(p, colours, facing)
        if detail == BLOCK:
            return
        full = detail == FULL
        if not full:
            self._morale_corner(p, unit)
        box = (
            QRectF(-0.21 * s, -0.2 * s, 0.42 * s, 0.28 * s)
            if full
            else QRectF(-0.3 * s, -0.22 * s, 0.6 * s, 0.42 * s)
        )
        self._symbol(p, unit.kind, box, colours)
        if full:
            self._name(p, unit, colours)
            self._figures(p, unit, colours)
            self._formation(p, unit, colours)
            self._statuses(p, unit, markers)
            if Marker.CHECKS_IGNORED in markers:
                self._upside_down(p, Marker.CHECKS_IGNORED)

    # --- parts ------------------------------------------------------------------------------
    def _front(self, p: QPainter, colours: SideColours) -> None:
        s = self.side
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colours.band)
        p.drawRect(QRectF(-s / 2, -s / 2, s, 0.1 * s))
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(-0.14 * s, -s / 2),
                    QPointF(0.0, -s / 2 - self.tick),
                    QPointF(0.14 * s, -s / 2),
                ]
            )
        )

    def _facing_arrow(self, p: QPainter, colours: SideColours, facing: float) -> None:
        """An upright counter's facing: a wedge on its edge pointing the way it faces, and a
        bar along that stretch of the edge."""
        s = self.side
        angle = math.radians(facing)
        dx, dy = math.sin(angle), -math.cos(angle)
        edge = (s / 2) / max(abs(dx), abs(dy))  # where the ray meets the square
        tip = edge + self.tick * 1.3
        across = (-dy, dx)
        half = 0.17 * s
        base = edge - 0.02 * s
        p.setPen(self.outline)
        p.setBrush(colours.band)
        p.drawPolygon(QPolygonF([
            QPointF(dx * tip, dy * tip),
            QPointF(dx * base + across[0] * half, dy * base + across[1] * half),
            QPointF(dx * base - across[0] * half, dy * base - across[1] * half),
        ]))  # fmt: skip

    def _symbol(self, p: QPainter, kind: UnitKind, box: QRectF, colours: SideColours) -> None:
        p.setPen(self.symbol_pen)
        if kind is UnitKind.LEADER:
            p.setBrush(QColor("#f5c400"))
            p.drawPolygon(_star(box.center(), min(box.width(), box.height()) * 0.62))
            return
        p.setBrush(colours.panel)
        p.drawRect(box)
        if kind is UnitKind.INFANTRY:
            p.drawLines(
                [QLineF(box.topLeft(), box.bottomRight()), QLineF(box.bottomLeft(), box.topRight())]
            )
        elif kind is UnitKind.CAVALRY:
            p.drawLine(QLineF(box.bottomLeft(), box.topRight()))
        elif kind is UnitKind.ARTILLERY:
            p.setBrush(QBrush(QColor("black")))
            r = box.height() * 0.2
            p.drawEllipse(box.center(), r, r)

    def _morale_corner(self, p: QPainter, unit: Unit) -> None:
        """Routed or shaken, as a coloured corner when the badges are too small to read."""
        mark = next((st for st in MORALE_MARKS if st in unit.status), None)
        if mark is None:
            return
        s = self.side
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(STATUS_COLOURS[mark][0]))
        p.drawPolygon(
            QPolygonF([QPointF(s / 2, s / 2), QPointF(s / 2, 0.05 * s), QPointF(0.05 * s, s / 2)])
        )

    def _name(self, p: QPainter, unit: Unit, colours: SideColours) -> None:
        """The name when it fits, else the short name (elided only if even that is too long)."""
        s = self.side
        rect = QRectF(-0.49 * s, -0.41 * s, 0.98 * s, 0.21 * s)
        p.setFont(self.name_font)
        p.setPen(colours.text)
        metrics = p.fontMetrics()
        width = round(rect.width())
        text = unit.defn.name
        if metrics.horizontalAdvance(text) > width:
            text = metrics.elidedText(short_name(unit.defn), Qt.TextElideMode.ElideRight, width)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _figures(self, p: QPainter, unit: Unit, colours: SideColours) -> None:
        s = self.side
        d = unit.defn
        if unit.kind is UnitKind.LEADER:
            left, middle, right = f"+{d.leader_morale_bonus}", "", str(d.leader_command or "")
        elif unit.kind is UnitKind.ARTILLERY:
            left, middle, right = str(d.strength), d.gun.value if d.gun else "", str(d.morale)
        else:
            left, middle, right = str(d.strength), "", str(d.morale)
        p.setFont(self.figure_font)
        p.setPen(colours.text)
        row = QRectF(-0.46 * s, 0.13 * s, 0.92 * s, 0.35 * s)
        p.drawText(row, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), left)
        p.drawText(row, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), right)
        if middle:
            p.setFont(self.badge_font)
            p.drawText(row, Qt.AlignmentFlag.AlignCenter, middle)

    def _formation(self, p: QPainter, unit: Unit, colours: SideColours) -> None:
        s = self.side
        rect = QRectF(-0.48 * s, -0.18 * s, 0.24 * s, 0.16 * s)
        self._badge(p, rect, FORMATION_BADGES[unit.formation], colours.panel, colours.ink)

    def _statuses(self, p: QPainter, unit: Unit, markers: frozenset[Marker]) -> None:
        s = self.side
        shown = [(STATUS_BADGES[st], *STATUS_COLOURS[st]) for st in Status if st in unit.status]
        if Marker.ENGAGED in markers:
            shown.append((MARKER_BADGES[Marker.ENGAGED], *MARKER_COLOURS[Marker.ENGAGED]))
        if len(shown) > 3:  # the third badge says how many more
            shown = [*shown[:2], (f"+{len(shown) - 2}", "white", "black")]
        y = -0.2 * s
        for text, fill, ink in shown:
            rect = QRectF(0.24 * s, y, 0.24 * s, 0.15 * s)
            self._badge(p, rect, text, QColor(fill), QColor(ink))
            y += 0.165 * s

    def _upside_down(self, p: QPainter, marker: Marker) -> None:
        """A badge turned through 180 degrees under the formation badge, as the seed's
        upside-down marker."""
        s = self.side
        fill, ink = MARKER_COLOURS[marker]
        p.save()
        p.translate(-0.36 * s, 0.06 * s)
        p.rotate(180)
        rect = QRectF(-0.12 * s, -0.075 * s, 0.24 * s, 0.15 * s)
        self._badge(p, rect, MARKER_BADGES[marker], QColor(fill), QColor(ink))
        p.restore()

    def _badge(self, p: QPainter, rect: QRectF, text: str, fill: QColor, ink: QColor) -> None:
        p.setPen(self.outline)
        p.setBrush(fill)
        p.drawRoundedRect(rect, 0.03 * self.side, 0.03 * self.side)
        p.setFont(self.badge_font)
        p.setPen(ink)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _star(centre: QPointF, radius: float) -> QPolygonF:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.42
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle)))
    return QPolygonF(points)
