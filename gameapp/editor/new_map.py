"""A new, empty map file: its size, its numbering convention and its base ground, written as the
YAML text of a map (docs/maps.md) that `gameapp.core.mapfile` loads.

Every `numbering` field is written out, defaults included, so the designer sees the convention
the map uses. The text starts with the `yaml-language-server` line that gives editors completion
from the map schema, pointing at the schema relative to where the file will be saved.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

import gameapp.core
from gameapp.core.hexgrid import Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.mapfile import compile_map
from gameapp.core.numbering import Numbering, ScreenDirection
from gameapp.core.terrain import TERRAIN_BY_LABEL
from gameapp.core.yamlsource import DataError
from gameapp.editor.yamltext import render_flow

SCHEMA = Path(gameapp.core.__file__).resolve().parent / "schemas" / "map.schema.json"
SHIPPED_SCHEMA_REF = "../gameapp/core/schemas/map.schema.json"  # from maps/, as shipped
DEFAULT_GROWTH = {"flat": ("right", "down"), "pointy": ("down", "right")}
MAX_NUMBER = 99  # ids have two digits each way


class NewMapError(ValueError):
    """Settings that make no map; the message says which and why."""


@dataclass(frozen=True)
class FrameSettings:
    """Coordinates in other units (docs/maps.md, `frame`), for tracing a survey or a scan."""

    hex_across: float
    origin: tuple[float, float] = (0.0, 0.0)
    y_up: bool = False


@dataclass(frozen=True)
class NewMapSettings:
    name: str
    width: int
    height: int
    orientation: str = "flat"  # "flat" or "pointy"
    first: str = "0101"  # the lowest hexrow and position, as one id
    hexrows_grow: str | None = None  # None: right (flat), down (pointy)
    positions_grow: str | None = None  # None: down (flat), right (pointy)
    odd_shoved: bool = True
    north: str = "up"
    letter: str | None = None
    base_terrain: str = "clear"
    base_elevation: int = 0
    description: str = ""
    frame: FrameSettings | None = None

    @property
    def hexrows(self) -> str:
        return self.hexrows_grow or DEFAULT_GROWTH[self.orientation][0]

    @property
    def positions(self) -> str:
        return self.positions_grow or DEFAULT_GROWTH[self.orientation][1]


def numbering_of(settings: NewMapSettings) -> Numbering:
    """The numbering the settings describe. Raises NewMapError saying what is wrong."""
    problems = settings_problems(settings)
    if problems:
        raise NewMapError("; ".join(problems))
    return _numbering(settings)


def settings_problems(settings: NewMapSettings) -> list[str]:
    """Everything wrong with the settings, in words (empty when they make a map)."""
    problems: list[str] = []
    if not settings.name.strip():
        problems.append("the map needs a name")
    if settings.orientation not in DEFAULT_GROWTH:
        return [*problems, f"orientation '{settings.orientation}' is not flat or pointy"]
    if not (len(settings.first) == 4 and settings.first.isdigit()):
        problems.append(f"the first id '{settings.first}' is not four digits such as 0101")
    if settings.letter is not None and not (
        len(settings.letter) == 1 and "A" <= settings.letter <= "Z"
    ):
        problems.append(f"the map letter '{settings.letter}' is not one capital letter A to Z")
    if settings.base_terrain not in TERRAIN_BY_LABEL:
        problems.append(f"'{settings.base_terrain}' is not a terrain")
    if settings.frame is not None and not settings.frame.hex_across > 0:
        problems.append("the frame's distance between hex centres must be above 0")
    if problems:
        return problems
    try:
        numbering = _numbering(settings)
    except ValueError as error:  # sizes below 1, growth directions across the hexrows
        return [str(error)]
    hexrows, positions = _counts(numbering)
    first_hexrow, first_position = numbering.first_hexrow, numbering.first_position
    if first_hexrow + hexrows - 1 > MAX_NUMBER:
        problems.append(
            f"{hexrows} hexrows from {first_hexrow:02d} run past {MAX_NUMBER}: "
            "hex ids have two digits"
        )
    if first_position + positions - 1 > MAX_NUMBER:
        problems.append(
            f"{positions} positions from {first_position:02d} run past {MAX_NUMBER}: "
            "hex ids have two digits"
        )
    return problems


def corner_ids(settings: NewMapSettings) -> dict[str, str]:
    """The printed ids of the four screen corners: top-left, top-right, bottom-left,
    bottom-right. Raises NewMapError."""
    numbering = numbering_of(settings)
    right, bottom = numbering.width - 1, numbering.height - 1
    corners = {
        "top-left": (0, 0),
        "top-right": (right, 0),
        "bottom-left": (0, bottom),
        "bottom-right": (right, bottom),
    }
    return {k: numbering.hex_id(numbering.offset_to_hex(c, r)) for k, (c, r) in corners.items()}


def schema_ref(map_path: Path | None) -> str:
    """The schema, relative to the folder the map is saved in (as the shipped maps write it)."""
    if map_path is None:
        return SHIPPED_SCHEMA_REF
    try:
        return Path(os.path.relpath(SCHEMA, Path(map_path).resolve().parent)).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return SCHEMA.as_uri()


def new_map_text(settings: NewMapSettings, map_path: Path | None = None) -> str:
    """The YAML text of the new map, checked by compiling it. Raises NewMapError."""
    numbering = numbering_of(settings)
    corners = corner_ids(settings)
    lines = [
        f"# yaml-language-server: $schema={schema_ref(map_path)}",
        f"# {_one_line(settings.name)}: {settings.width} x {settings.height} "
        f"{settings.orientation}-top hexes, {corners['top-left']} at the top left, "
        f"{corners['bottom-right']} at the bottom right.",
        "# The format is described in docs/maps.md (designers: docs/designing-scenarios.md).",
        "#",
        *_frame_comment(settings),
        "",
        f"name: {render_flow(_one_line(settings.name))}",
    ]
    if settings.description.strip():
        lines.append(f"description: {render_flow(_one_line(settings.description))}")
    lines += [
        "",
        "numbering:",
        f"  orientation: {settings.orientation}",
        f"  width: {settings.width}",
        f"  height: {settings.height}",
        f'  first: "{settings.first}"',
        f"  hexrows_grow: {settings.hexrows}",
        f"  positions_grow: {settings.positions}",
        f"  odd_shoved: {'true' if settings.odd_shoved else 'false'}",
        f"  north: {settings.north}",
    ]
    if settings.letter:
        lines.append(f"  letter: {settings.letter}")
    if settings.frame is not None:
        frame = settings.frame
        lines += [
            "",
            "frame:",
            f"  hex_across: {_number(frame.hex_across)}",
            f"  origin: [{_number(frame.origin[0])}, {_number(frame.origin[1])}]",
            f"  y_axis: {'up' if frame.y_up else 'down'}",
        ]
    lines += [
        "",
        f"base_terrain: {settings.base_terrain}",
        f"base_elevation: {settings.base_elevation}",
        "",
    ]
    text = "\n".join(lines)
    hexmap = check_map_text(text)
    assert hexmap.numbering == numbering
    return text


def check_map_text(text: str) -> HexMap:
    """Compile a map text with the game's loader; NewMapError with its messages if it fails."""
    try:
        return compile_map(yaml.safe_load(text))
    except DataError as error:
        raise NewMapError(str(error)) from None


def _numbering(settings: NewMapSettings) -> Numbering:
    first = settings.first
    return Numbering(
        orientation=Orientation(settings.orientation),
        width=settings.width,
        height=settings.height,
        first_hexrow=int(first[:2]),
        first_position=int(first[2:]),
        hexrows_grow=ScreenDirection(settings.hexrows),
        positions_grow=ScreenDirection(settings.positions),
        odd_shoved=settings.odd_shoved,
        north=ScreenDirection(settings.north),
        letter=settings.letter or None,
    )


def _counts(numbering: Numbering) -> tuple[int, int]:
    """How many hexrows the map has, and how many positions along each."""
    if numbering.orientation is Orientation.FLAT:
        return numbering.width, numbering.height
    return numbering.height, numbering.width


def _frame_comment(settings: NewMapSettings) -> list[str]:
    if settings.frame is None:
        return [
            "# Coordinates are map hex units: the centre of the top-left hex is at [0, 0], x grows",
            "# right and y grows down; neighbouring hex centres are 1.732 apart.",
        ]
    across = _number(settings.frame.hex_across)
    axis = "up" if settings.frame.y_up else "down"
    return [
        f"# Coordinates are in the units of `frame`: neighbouring hex centres are {across} apart,",
        f"# and y grows {axis}.",
    ]


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))

