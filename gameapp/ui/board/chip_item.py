"""Chips over the counters: short labels (the MPs left in a hex, the chance a shot has an effect)
blitted from `LabelStamps` at whole device pixels, upright whatever the view's rotation, in one
paint call. Chips are left out when the zoom makes them too small to read.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.label_stamps import ChipStyle, LabelStamps

LABEL_Z = 130.0  # over the counters
LABEL_SCALE = 0.40  # figure height in hex sizes
MIN_LABEL_PX = 8  # smaller chips are not drawn
MAX_LABEL_PX = 17


class ChipItem(QGraphicsItem):
    def __init__(self, geometry: BoardGeometry, stamps: LabelStamps, z: float = LABEL_Z) -> None:
        super().__init__()
        self._geo = geometry
        self._stamps = stamps
        self.labels: list[tuple[QPointF, str, ChipStyle]] = []
        self.bounds = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def set_labels(self, labels: list[tuple[QPointF, str, ChipStyle]], bounds: QRectF) -> None:
        """Show these chips (anchor in scene coordinates, text, style) within `bounds`."""
        self.prepareGeometryChange()
        self.labels, self.bounds = labels, bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self.bounds

    def label_pixels(self, scale: float) -> int:
        """The chip figure height, in device pixels, at a view scale; 0 when too small."""
        px = round(self._geo.size * LABEL_SCALE * scale)
        return 0 if px < MIN_LABEL_PX else min(px, MAX_LABEL_PX)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        world = painter.worldTransform()
        px = self.label_pixels(QStyleOptionGraphicsItem.levelOfDetailFromTransform(world))
        if not px or not self.labels:
            return
        pad = self._geo.size
        exposed = option.exposedRect.adjusted(-pad, -pad, pad, pad)
        dpr = painter.device().devicePixelRatioF()
        painter.save()
        painter.resetTransform()
        for anchor, text, style in self.labels:
            if not exposed.contains(anchor):
                continue
            chip = self._stamps.chip(text, style, px, dpr)
            at = world.map(anchor)
            w, h = chip.width() / dpr, chip.height() / dpr
            painter.drawPixmap(QPointF(round(at.x() - w / 2), round(at.y() - h / 2)), chip)
        painter.restore()
