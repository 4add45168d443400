"""The naive board, the yardstick of the drawing benchmarks: one QGraphicsPolygonItem per hex
(filled by its terrain, outlined), and per counter a rect item with its name as a child text
item, turned to its facing, the way a first Qt board is usually written. Qt draws it with no
caches of ours; the board's figures are read as ratios to it, measured in the same run."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import (
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.units import Side, Unit
from gameapp.ui.board.geometry import HEX_SIZE, BoardGeometry
from gameapp.ui.board.scene import COUNTER_SIDE, MARGIN

_COLOURS = ("#dfe8c8", "#7fa86a", "#a9c98d", "#c9b27a", "#9aa0a6", "#b5d1e8", "#cfc09a")


def naive_scene(hex_map: HexMap, units: Iterable[Unit]) -> tuple[QGraphicsScene, BoardGeometry]:
    geometry = BoardGeometry(hex_map.numbering, HEX_SIZE, margin=HEX_SIZE * MARGIN)
    scene = QGraphicsScene()
    scene.setSceneRect(geometry.map_rect)
    outline = QPen(QColor("#5a5a5a"), 0)
    for h in hex_map.hexes():
        item = QGraphicsPolygonItem(geometry.polygon(h))
        colour = _COLOURS[hash(hex_map.terrain_at(h).value) % len(_COLOURS)]
        item.setBrush(QBrush(QColor(colour)))
        item.setPen(outline)
        scene.addItem(item)
    side = HEX_SIZE * COUNTER_SIDE
    for unit in units:
        counter = QGraphicsRectItem(QRectF(-side / 2, -side / 2, side, side))
        counter.setBrush(QBrush(QColor("#3b5b92" if unit.side == Side.UNION else "#8c8c8c")))
        counter.setPen(QPen(QColor("black"), 0))
        counter.setPos(geometry.centre(unit.hex))
        counter.setRotation(geometry.facing_rotation(unit.facing))
        counter.setZValue(100)
        label = QGraphicsSimpleTextItem(unit.defn.name[:12], counter)
        label.setScale(side / 60)
        label.setPos(-side / 2 + 2, -side / 2 + 2)
        scene.addItem(counter)
    return scene, geometry


def naive_highlights(scene: QGraphicsScene, geometry: BoardGeometry, hexes: Iterable[Hex],
                     colour: str) -> None:
    """One more polygon item per highlighted hex."""
    for h in hexes:
        item = QGraphicsPolygonItem(geometry.polygon(h))
        item.setBrush(QBrush(QColor(colour)))
        item.setPen(QPen(QColor(colour).darker(), 0))
        item.setZValue(50)
        scene.addItem(item)
