"""TheatreScene: a theatre map as a QGraphicsScene (the map in cached tiles; no counters yet, as
no ruleset plays on these maps), and TheatreView, which zooms, pans and reports the hovered hex."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.ui.board.geometry import HEX_SIZE, BoardGeometry
from gameapp.ui.board.scene import BACKDROP, MARGIN
from gameapp.ui.board.terrain_layer import TerrainLayerItem
from gameapp.ui.board.theatre_describe import describe_theatre_hex
from gameapp.ui.board.theatre_painter import TheatrePainter

DEFAULT_ZOOM = 0.5  # the window opens with hexes 24 px across the corners


class TheatreScene(QGraphicsScene):
    def __init__(self, theatre: TheatreMap, year: int | None = None, borders: str = "1861",
                 progressive: bool = False) -> None:
        super().__init__()
        self.theatre = theatre
        self.year = year
        self.geometry = BoardGeometry(theatre.numbering, HEX_SIZE, margin=HEX_SIZE * MARGIN)
        self.painter = TheatrePainter(theatre, self.geometry, year, borders)
        self.terrain = TerrainLayerItem(self.painter, progressive=progressive)
        self.addItem(self.terrain)
        self.setSceneRect(self.geometry.map_rect)
        self.setBackgroundBrush(BACKDROP)

    def hex_at(self, point: QPointF) -> Hex | None:
        return self.geometry.hex_at(point)

    def describe(self, h: Hex) -> str:
        return describe_theatre_hex(self.theatre, h, self.year)


class TheatreView(QGraphicsView):
    hover_text_changed = Signal(str)

    def __init__(self, scene: TheatreScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.theatre_scene = scene
        self._hover: Hex | None = None
        self.setMouseTracking(True)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.scale(DEFAULT_ZOOM, DEFAULT_ZOOM)

    def wheelEvent(self, event: QWheelEvent) -> None:
        step = 1.25 if event.angleDelta().y() > 0 else 0.8
        zoom = self.transform().m11() * step
        if 0.05 <= zoom <= 4.0:
            self.scale(step, step)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self.hover_at(self.mapToScene(event.position().toPoint()))

    def hover_at(self, point: QPointF) -> None:
        """Report the hex under a scene point (empty text off the map)."""
        h = self.theatre_scene.hex_at(point)
        if h != self._hover:
            self._hover = h
            self.hover_text_changed.emit("" if h is None else self.theatre_scene.describe(h))
