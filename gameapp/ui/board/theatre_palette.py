"""The colours of a theatre map, after the hand-tinted campaign maps of the 1860s: cream paper,
pale tints for the ground, brown hachures for the hills, blue water, black railroads."""

from __future__ import annotations

from PySide6.QtGui import QColor

from gameapp.core.theatre.chart import TheatreTerrain

TERRAIN_FILL: dict[TheatreTerrain, QColor] = {
    TheatreTerrain.CLEAR: QColor("#f2e8cb"),
    TheatreTerrain.FOREST: QColor("#d3dfb0"),
    TheatreTerrain.ROUGH: QColor("#e8d5a6"),
    TheatreTerrain.MOUNTAIN: QColor("#d9bb8f"),
    TheatreTerrain.SWAMP: QColor("#d5e3cf"),
    TheatreTerrain.CITY: QColor("#ecc9ae"),
    TheatreTerrain.TOWN: QColor("#f0dcbc"),
    TheatreTerrain.SEA: QColor("#a9c7dd"),
    TheatreTerrain.LAKE: QColor("#b7d3e6"),
}
PAPER = QColor("#f2e8cb")
GRID = QColor(120, 100, 70, 70)
HACHURE = QColor("#8a6a45")
ROUGH_MARK = QColor("#b09066")
TREE = QColor("#7d9a5a")
SWAMP_MARK = QColor("#5f8f84")
RIVER = QColor("#3f78b0")
NAVIGABLE = QColor("#1f5a96")
RIDGE = QColor("#7a5532")
GAP = QColor("#f2e8cb")
RAIL = QColor("#1d1a16")
ROAD = QColor("#9a5b2e")
BORDER = QColor(150, 60, 110, 120)
CLOSED_WATER = QColor(60, 90, 120, 110)
CITY_INK = QColor("#2a211a")
LABEL_HALO = QColor(242, 232, 203, 210)
HEX_ID = QColor(90, 75, 55, 150)
