"""The terrain vocabulary, named exactly as on the tactical terrain effects chart (seed 001).

These enums are the codes stored in the map arrays. Their `label` is the name used in map files.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag
from typing import Any


class Terrain(IntEnum):
    """What fills a hex. Exactly one per hex."""

    CLEAR = 0
    ORCHARD = 1
    OAK = 2
    OAK_AND_BRUSH = 3
    PINE = 4
    PINE_AND_BRUSH = 5
    BRUSH = 6
    WOODS = 7
    ROCKY_WOODS = 8
    CORNFIELD = 9
    TOWN = 10

    @property
    def label(self) -> str:
        return _label(self.name)


class HexsideFeature(IntFlag):
    """What lies along a hexside. Several may share one hexside (a fence on a crest)."""

    NONE = 0
    DEEP_CUT = 1 << 0
    EMBANKMENT = 1 << 1
    HIGH_EMBANKMENT = 1 << 2
    CREST = 1 << 3
    FENCE = 1 << 4
    STONE_WALL = 1 << 5
    POST_AND_RAIL_FENCE = 1 << 6
    STREAM = 1 << 7
    FORD = 1 << 8
    CREEK = 1 << 9
    BRIDGE = 1 << 10

    @property
    def label(self) -> str:
        return _label(self.name or "none")


class HexFeature(IntFlag):
    """The additional hex features of the chart. Several may share one hex."""

    NONE = 0
    BUILDINGS = 1 << 0
    SUNKEN_ROAD = 1 << 1
    RAILROAD_CUT = 1 << 2
    RIFLE_PITS = 1 << 3
    SLOPE_TOP = 1 << 4

    @property
    def label(self) -> str:
        return _label(self.name or "none")


class RoadGrade(IntEnum):
    """Road formation grades, best last. 0 means no road across that hexside."""

    NONE = 0
    PATH = 1
    LANE = 2
    ROAD = 3
    PIKE = 4

    @property
    def label(self) -> str:
        return _label(self.name)


class Slope(IntEnum):
    """The slope met when crossing a hexside, seen from the hex being left."""

    STEEP_DOWN = -2
    GENTLE_DOWN = -1
    LEVEL = 0
    GENTLE_UP = 1
    STEEP_UP = 2

    @property
    def label(self) -> str:
        return _label(self.name)


def _label(name: str) -> str:
    return name.lower().replace("_", " ")


def _by_label(enum: Any) -> dict[str, Any]:
    return {member.label: member for member in enum if member.name not in (None, "NONE")}


TERRAIN_BY_LABEL: dict[str, Terrain] = _by_label(Terrain)
HEXSIDE_FEATURE_BY_LABEL: dict[str, HexsideFeature] = _by_label(HexsideFeature)
HEX_FEATURE_BY_LABEL: dict[str, HexFeature] = _by_label(HexFeature)
ROAD_GRADE_BY_LABEL: dict[str, RoadGrade] = _by_label(RoadGrade)


def flag_labels(value: IntFlag) -> list[str]:
    """The labels of every single flag set in `value`, in declaration order."""
    members: Any = type(value)
    return [m.label for m in members if m.value and (value & m) == m]
