"""Words and short codes the UI prints for core values: compass facings, formation and status
badges.

Pure Python (no Qt), shared by the counters, the unit panel and the hover text.
"""

from __future__ import annotations

from gameapp.core.hexgrid import Layout, Orientation
from gameapp.core.numbering import Numbering, ScreenDirection
from gameapp.core.scenario import Light
from gameapp.core.units import Formation, Status, UnitDef, UnitKind

FORMATION_BADGES: dict[Formation, str] = {
    Formation.LINE: "L",
    Formation.COLUMN: "C",
    Formation.ROAD_COLUMN: "RC",
    Formation.SQUARE: "Sq",
    Formation.GENERAL_ORDER: "GO",
    Formation.MOUNTED: "M",
    Formation.DISMOUNTED: "D",
    Formation.SKIRMISH: "Sk",
    Formation.LIMBERED: "Lmb",
    Formation.UNLIMBERED: "Unl",
}

STATUS_BADGES: dict[Status, str] = {
    Status.SHAKEN: "Sh",
    Status.ROUTED: "Rt",
    Status.MOVED: "M",
    Status.DOUBLE_MOVED: "DM",
    Status.HALF_MOVED: "HM",
    Status.CHARGE: "Chg",
    Status.COVER: "Cov",
    Status.LOW_AMMUNITION: "LA",
    Status.NO_AMMUNITION: "NA",
}

SIDE_ID_PREFIXES = ("US-", "CS-")  # the scenarios' unit ids: side, then the counter's short name


def short_name(defn: UnitDef) -> str:
    """What a counter prints when its name does not fit: the unit id without its side prefix
    ("US-109PA" -> "109PA", "CS-Eubank" -> "Eubank"), as printed counters abbreviate."""
    for prefix in SIDE_ID_PREFIXES:
        if defn.id.startswith(prefix) and len(defn.id) > len(prefix):
            return defn.id[len(prefix):]
    return defn.id


KIND_WORDS: dict[UnitKind, str] = {
    UnitKind.INFANTRY: "infantry",
    UnitKind.CAVALRY: "cavalry",
    UnitKind.ARTILLERY: "artillery battery",
    UnitKind.LEADER: "leader",
}

_NORTH_SCREEN_ANGLE = {
    ScreenDirection.UP: 90.0,
    ScreenDirection.RIGHT: 0.0,
    ScreenDirection.DOWN: 270.0,
    ScreenDirection.LEFT: 180.0,
}
_POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_POINT_WORDS = {
    "N": "north",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "S": "south",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}


def compass_bearing(numbering: Numbering, direction: int) -> float:
    """The compass bearing (degrees clockwise from the map's north) of a hex direction."""
    screen = Layout(numbering.orientation).direction_angle(direction)
    return (_NORTH_SCREEN_ANGLE[numbering.north] - screen) % 360.0


def compass_point(numbering: Numbering, direction: int) -> str:
    """The nearest of the eight compass points, such as 'NE', for a hex direction."""
    return _POINTS[round(compass_bearing(numbering, direction) / 45.0) % 8]


def facing_words(numbering: Numbering, direction: int) -> str:
    """A facing in words, such as 'north-east (hexside 1)'."""
    return f"{_POINT_WORDS[compass_point(numbering, direction)]} (hexside {direction % 6})"


def screen_direction_names(orientation: Orientation) -> tuple[str, ...]:
    """Screen names of the six directions, as in hexgrid's docstring."""
    if orientation is Orientation.FLAT:
        return ("SE", "NE", "N", "NW", "SW", "S")
    return ("E", "NE", "NW", "W", "SW", "SE")


def mps(n: float) -> str:
    """'1 MP', '0 MPs', '12 MPs'."""
    return f"{n:g} MP" + ("" if n == 1 else "s")


def status_words(status: frozenset[Status]) -> str:
    """Status markers in a fixed order, or 'none'."""
    names = [s.value for s in Status if s in status]
    return ", ".join(names) if names else "none"


def light_word(light: Light) -> str:
    """How the phase bar names the light of a turn (the scenario's `turns.light`)."""
    return "daylight" if light is Light.DAY else light.value
