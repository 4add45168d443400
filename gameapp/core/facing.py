"""Facing names: the screen-compass names of the six hexsides, both ways to direction numbers.

Direction numbers are those of `hexgrid.py` (counter-clockwise on screen from 0). Data files may
write a facing either as that number or as the screen-compass name of the hexside the front faces:
- flat-top hexes: 0 SE, 1 NE, 2 N, 3 NW, 4 SW, 5 S;
- pointy-top hexes: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
The names are screen directions ("N" is the top of the screen), whatever the map calls north.
"""

from __future__ import annotations

from gameapp.core.hexgrid import Orientation

FACING_NAMES: dict[Orientation, tuple[str, ...]] = {
    Orientation.FLAT: ("SE", "NE", "N", "NW", "SW", "S"),
    Orientation.POINTY: ("E", "NE", "NW", "W", "SW", "SE"),
}

ALL_FACING_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


class FacingError(ValueError):
    """A facing that is neither a direction number nor a name valid for the map's hexes."""


def facing_name(direction: int, orientation: Orientation) -> str:
    """The screen-compass name of a direction number, such as 'NE'."""
    return FACING_NAMES[orientation][direction % 6]


def parse_facing(value: int | str, orientation: Orientation) -> int:
    """A direction number from a number 0..5 or a compass name valid for `orientation`."""
    if isinstance(value, bool):
        raise FacingError(f"{value!r} is not a facing")
    if isinstance(value, int):
        if 0 <= value <= 5:
            return value
        raise FacingError(f"facing {value} is not a direction number 0..5")
    names = FACING_NAMES[orientation]
    name = str(value).strip().upper()
    if name in names:
        return names.index(name)
    raise FacingError(
        f"facing '{value}' is not a {orientation.value}-top hexside "
        f"(use {', '.join(_compass_order(names))} or 0..5)"
    )


def _compass_order(names: tuple[str, ...]) -> list[str]:
    return [n for n in ALL_FACING_NAMES if n in names]
