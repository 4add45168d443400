"""The strategic vocabulary: what a theatre map's hexes, hexsides, links and places can be.

Declared beside the tactical chart (`gameapp.core.terrain`) and never mixed into it: a theatre
map's arrays hold these codes. Each `label` is the name used in map files.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag
from typing import Any


class TheatreTerrain(IntEnum):
    """What fills a theatre hex. Exactly one per hex."""

    CLEAR = 0
    FOREST = 1
    ROUGH = 2
    MOUNTAIN = 3
    SWAMP = 4
    CITY = 5
    TOWN = 6
    SEA = 7
    LAKE = 8

    @property
    def label(self) -> str:
        return _label(self.name)

    @property
    def is_water(self) -> bool:
        return self in (TheatreTerrain.SEA, TheatreTerrain.LAKE)


class TheatreHexside(IntFlag):
    """What lies along a theatre hexside. A river may be navigable, and have seasonal shoals
    (seed 004 case 7.51) or a sandbar, a permanent head of navigation no ship crosses (7.52);
    a ridge is crossed only where a named gap is marked."""

    NONE = 0
    MINOR_RIVER = 1 << 0
    MAJOR_RIVER = 1 << 1
    NAVIGABLE = 1 << 2
    SHOALS = 1 << 3
    RIDGE = 1 << 4
    GAP = 1 << 5
    SANDBAR = 1 << 6

    @property
    def label(self) -> str:
        return _label(self.name or "none")


class HexFlag(IntFlag):
    """Per-hex marks of a theatre map."""

    NONE = 0
    CLOSED_WATER = 1 << 0  # no naval units (seed 004 case 7.53, Lake Pontchartrain)

    @property
    def label(self) -> str:
        return _label(self.name or "none")


class RoadKind(IntEnum):
    """Main roads and turnpikes (0: none)."""

    NONE = 0
    MAIN_ROAD = 1
    TURNPIKE = 2

    @property
    def label(self) -> str:
        return _label(self.name)


class PlaceSize(IntEnum):
    TOWN = 0
    CITY = 1
    MAJOR_CITY = 2

    @property
    def label(self) -> str:
        return _label(self.name)


class PlaceRole(IntFlag):
    NONE = 0
    SUPPLY = 1 << 0
    PORT = 1 << 1
    FORT = 1 << 2
    VICTORY = 1 << 3

    @property
    def label(self) -> str:
        return _label(self.name or "none")


def _label(name: str) -> str:
    return name.lower().replace("_", " ")


def _by_label(enum: Any) -> dict[str, Any]:
    return {member.label: member for member in enum if member.name not in (None, "NONE")}


THEATRE_TERRAIN_BY_LABEL: dict[str, TheatreTerrain] = _by_label(TheatreTerrain)
THEATRE_HEXSIDE_BY_LABEL: dict[str, TheatreHexside] = _by_label(TheatreHexside)
ROAD_KIND_BY_LABEL: dict[str, RoadKind] = _by_label(RoadKind)
PLACE_SIZE_BY_LABEL: dict[str, PlaceSize] = _by_label(PlaceSize)
PLACE_ROLE_BY_LABEL: dict[str, PlaceRole] = _by_label(PlaceRole)
