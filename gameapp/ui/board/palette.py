"""The map's colours in one place. Ground colours shade with elevation; terrain tints blend over."""

from __future__ import annotations

from PySide6.QtGui import QColor

from gameapp.core.terrain import Terrain

# Ground by elevation band, from the lowest band to the highest: pale meadow green to tan.
GROUND_RAMP: tuple[QColor, ...] = tuple(
    QColor(c)
    for c in (
        "#dfe8bd",
        "#e6e4b3",
        "#ebdea6",
        "#e9d294",
        "#e2c483",
        "#d8b474",
        "#cda368",
        "#c1935e",
    )
)

# Each terrain's tint and how strongly it covers the ground colour (0 keeps the ground).
TERRAIN_TINT: dict[Terrain, tuple[QColor, float]] = {
    Terrain.CLEAR: (QColor("#dfe8bd"), 0.0),
    Terrain.ORCHARD: (QColor("#c4dd8f"), 0.55),
    Terrain.OAK: (QColor("#8fbf6a"), 0.6),
    Terrain.OAK_AND_BRUSH: (QColor("#a3c46e"), 0.6),
    Terrain.PINE: (QColor("#7fae86"), 0.6),
    Terrain.PINE_AND_BRUSH: (QColor("#98b97f"), 0.6),
    Terrain.BRUSH: (QColor("#c9d28a"), 0.6),
    Terrain.WOODS: (QColor("#8cc071"), 0.6),
    Terrain.ROCKY_WOODS: (QColor("#9bb68a"), 0.6),
    Terrain.CORNFIELD: (QColor("#f0d36a"), 0.75),
    Terrain.TOWN: (QColor("#ddd3c2"), 0.8),
}

OAK_CROWN = QColor("#3f7a2c")
OAK_EDGE = QColor("#234b18")
WOODS_CROWN = QColor("#5a9a40")
WOODS_EDGE = QColor("#2f6124")
PINE_FILL = QColor("#1f6b4e")
PINE_EDGE = QColor("#0f3d2b")
ORCHARD_TREE = QColor("#6fa83f")
ORCHARD_EDGE = QColor("#3d6b1f")
BRUSH_TUFT = QColor("#6d7a26")
ROCK_FILL = QColor("#a4a4a0")
ROCK_EDGE = QColor("#4a4a48")
CORN_ROW = QColor("#b08a1e")
TOWN_BLOCK = QColor("#9b4a35")
TOWN_EDGE = QColor("#4d2418")

PAPER = QColor("#ebe5cc")  # the map sheet around the hexes
CONTOUR = QColor(150, 95, 40, 170)
GRID = QColor(70, 70, 50, 120)
HEX_ID = QColor(60, 60, 50, 200)

WATER = QColor("#3b7fd0")
WATER_DARK = QColor("#1d4f99")
WATER_LIGHT = QColor("#79b2ee")
FENCE = QColor("#5e3210")
RAIL_FENCE = QColor("#8a5a2b")
STONE_DARK = QColor("#4d4d4d")
STONE_LIGHT = QColor("#bdbdbd")
CREST = QColor("#8a5526")
EMBANKMENT = QColor("#2b2b2b")
DEEP_CUT = QColor("#8b3a1a")
FORD = QColor("#d9c08c")
BRIDGE = QColor("#1a1a1a")

ROAD_CASING = QColor("#5b3a1a")
PIKE_FILL = QColor("#f3dfa2")
ROAD_FILL = QColor("#8a5a2b")
PATH = QColor("#5b3a1a")
SUNKEN = QColor("#5a2f12")
RAIL = QColor("#202020")
BUILDING_BLACK = QColor("#262626")
RIFLE_PITS = QColor("#7a2a10")
SLOPE_TOP = QColor("#8a5526")


def blend(base: QColor, tint: QColor, amount: float) -> QColor:
    """`tint` laid over `base` with opacity `amount`."""
    keep = 1.0 - amount
    return QColor(
        round(base.red() * keep + tint.red() * amount),
        round(base.green() * keep + tint.green() * amount),
        round(base.blue() * keep + tint.blue() * amount),
    )


def ground(band: int, bands: int) -> QColor:
    """The ground colour of elevation band `band` of `bands` (0 lowest)."""
    if bands <= 1:
        return GROUND_RAMP[0]
    step = (len(GROUND_RAMP) - 1) / max(bands - 1, 1)
    return GROUND_RAMP[min(round(band * step), len(GROUND_RAMP) - 1)]


def hex_fill(terrain: Terrain, band: int, bands: int) -> QColor:
    tint, amount = TERRAIN_TINT[terrain]
    return blend(ground(band, bands), tint, amount)
