"""Printed hex ids (`CCRR`, optionally with a map letter as in `B3402`) and offset coordinates.

A printed id is two numbers of two digits each: the *hexrow* and the *position* along it. A hexrow
is a straight line of hexes: a screen column for flat-top hexes, a screen row for pointy-top ones.
Each map declares its numbering: the id of its first hex, which way hexrow numbers grow, which way
positions grow along a hexrow, which offset rows are shoved, and which screen edge is north.

A map may join several lettered sheets on one grid (`sheets`), as a theatre map joins sheets A and
B: each sheet numbers its own block of rows from 01, the blocks may overlap, and a hex in an overlap
has one id on each sheet (A4528 is B4502). Its printed id is the one on the sheet whose middle row
is nearest; `parse` accepts any of its ids.

Screen offsets (col, row) count from the top-left hex, 0-based. They are converted to axial `Hex`
with the usual odd/even-q (flat) and odd/even-r (pointy) formulas.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from gameapp.core.hexgrid import Hex, Orientation

HEX_ID_PATTERN = re.compile(r"^(?P<letter>[A-Z])?(?P<hexrow>\d{2})(?P<pos>\d{2})$")


class HexIdError(ValueError):
    """A printed hex id that is malformed or not on this map."""


class ScreenDirection(Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True)
class Sheet:
    """A lettered sheet of a multi-sheet grid: screen rows `first_row` to `first_row + rows - 1`
    of every column, with positions numbered from the map's `first_position` down the sheet."""

    letter: str
    first_row: int
    rows: int


@dataclass(frozen=True)
class Numbering:
    """How a map prints its hex ids, and its size in hexes.

    width: hexes per screen row (number of screen columns); height: number of screen rows.
    hexrows_grow: the screen direction in which hexrow numbers increase (left/right for flat-top
      maps, whose hexrows are columns; up/down for pointy-top maps, whose hexrows are rows).
    positions_grow: the screen direction in which positions along a hexrow increase.
    odd_shoved: True for odd-q / odd-r (odd columns shoved down, odd rows shoved right).
    north: the screen edge that is compass north.
    """

    orientation: Orientation
    width: int
    height: int
    first_hexrow: int = 1
    first_position: int = 1
    hexrows_grow: ScreenDirection = ScreenDirection.RIGHT
    positions_grow: ScreenDirection = ScreenDirection.DOWN
    odd_shoved: bool = True
    north: ScreenDirection = ScreenDirection.UP
    letter: str | None = None
    sheets: tuple[Sheet, ...] = ()

    def __post_init__(self) -> None:
        across = {ScreenDirection.LEFT, ScreenDirection.RIGHT}
        along = {ScreenDirection.UP, ScreenDirection.DOWN}
        if self.orientation is Orientation.POINTY:
            across, along = along, across
        if self.hexrows_grow not in across or self.positions_grow not in along:
            raise ValueError(
                f"{self.orientation.value}-top hexrows grow "
                f"{'/'.join(sorted(d.value for d in across))} and positions grow "
                f"{'/'.join(sorted(d.value for d in along))}"
            )
        if self.width < 1 or self.height < 1:
            raise ValueError("a map needs at least one hex each way")
        if self.sheets:
            self._check_sheets()

    def _check_sheets(self) -> None:
        down = self.positions_grow is ScreenDirection.DOWN
        if self.orientation is not Orientation.FLAT or not down:
            raise ValueError("lettered sheets are supported on flat-top maps numbered downwards")
        letters = [s.letter for s in self.sheets]
        if len(set(letters)) != len(letters) or self.letter is not None:
            raise ValueError("each sheet needs its own letter, and the map no letter of its own")
        covered = set()
        for sheet in self.sheets:
            if sheet.first_row < 0 or sheet.rows < 1 or sheet.first_row + sheet.rows > self.height:
                raise ValueError(f"sheet {sheet.letter} runs off the map's {self.height} rows")
            covered |= set(range(sheet.first_row, sheet.first_row + sheet.rows))
        if len(covered) != self.height:
            raise ValueError("the sheets must cover every row of the map")

    # --- offset <-> axial -------------------------------------------------------------------
    def offset_to_hex(self, col: int, row: int) -> Hex:
        if self.orientation is Orientation.FLAT:
            return Hex(col, row - _half(col, self.odd_shoved))
        return Hex(col - _half(row, self.odd_shoved), row)

    def hex_to_offset(self, h: Hex) -> tuple[int, int]:
        if self.orientation is Orientation.FLAT:
            return h.q, h.r + _half(h.q, self.odd_shoved)
        return h.q + _half(h.r, self.odd_shoved), h.r

    def contains(self, h: Hex) -> bool:
        col, row = self.hex_to_offset(h)
        return 0 <= col < self.width and 0 <= row < self.height

    def hexes(self) -> Iterator[Hex]:
        """Every hex on the map, row by row from the top-left."""
        for row in range(self.height):
            for col in range(self.width):
                yield self.offset_to_hex(col, row)

    # --- offset <-> printed id --------------------------------------------------------------
    def _hexrow_and_position(self, col: int, row: int) -> tuple[int, int]:
        if self.orientation is Orientation.FLAT:
            i = col if self.hexrows_grow is ScreenDirection.RIGHT else self.width - 1 - col
            j = row if self.positions_grow is ScreenDirection.DOWN else self.height - 1 - row
        else:
            i = row if self.hexrows_grow is ScreenDirection.DOWN else self.height - 1 - row
            j = col if self.positions_grow is ScreenDirection.RIGHT else self.width - 1 - col
        return self.first_hexrow + i, self.first_position + j

    def _offset_of(self, hexrow: int, position: int) -> tuple[int, int]:
        i, j = hexrow - self.first_hexrow, position - self.first_position
        if self.orientation is Orientation.FLAT:
            col = i if self.hexrows_grow is ScreenDirection.RIGHT else self.width - 1 - i
            row = j if self.positions_grow is ScreenDirection.DOWN else self.height - 1 - j
        else:
            row = i if self.hexrows_grow is ScreenDirection.DOWN else self.height - 1 - i
            col = j if self.positions_grow is ScreenDirection.RIGHT else self.width - 1 - j
        return col, row

    def hex_id(self, h: Hex) -> str:
        """The printed id of a hex on this map, such as `2917` or `B3402`."""
        col, row = self.hex_to_offset(h)
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise HexIdError(f"hex {h} is off the map")
        if self.sheets:
            return self._sheet_ids(col, row)[0]
        hexrow, position = self._hexrow_and_position(col, row)
        return f"{self.letter or ''}{hexrow:02d}{position:02d}"

    def hex_ids(self, h: Hex) -> list[str]:
        """Every printed id of a hex: one per sheet it lies on, the printed one first."""
        col, row = self.hex_to_offset(h)
        if not self.sheets:
            return [self.hex_id(h)]
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise HexIdError(f"hex {h} is off the map")
        return self._sheet_ids(col, row)

    def _sheet_ids(self, col: int, row: int) -> list[str]:
        on = [s for s in self.sheets if s.first_row <= row < s.first_row + s.rows]
        on.sort(key=lambda s: (abs(row - (s.first_row + (s.rows - 1) / 2)), s.letter))
        hexrow = self._hexrow_and_position(col, row)[0]
        return [f"{s.letter}{hexrow:02d}{row - s.first_row + self.first_position:02d}" for s in on]

    def parse(self, text: str) -> Hex:
        """The hex a printed id names. Raises HexIdError if malformed or off this map."""
        match = HEX_ID_PATTERN.match(str(text).strip())
        if match is None:
            raise HexIdError(f"'{text}' is not a hex id: expected four digits such as 0512")
        letter = match["letter"]
        if self.sheets:
            return self._parse_on_sheet(text, letter, int(match["hexrow"]), int(match["pos"]))
        if letter is not None and letter != self.letter:
            this_map = self.letter or "unlettered"
            raise HexIdError(f"'{text}' names map {letter}, but this map is {this_map}")
        col, row = self._offset_of(int(match["hexrow"]), int(match["pos"]))
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise HexIdError(f"hex {text} is off the map ({self.describe_extent()})")
        return self.offset_to_hex(col, row)

    def _parse_on_sheet(self, text: str, letter: str | None, hexrow: int, position: int) -> Hex:
        letters = "/".join(s.letter for s in self.sheets)
        sheet = next((s for s in self.sheets if s.letter == letter), None)
        if sheet is None:
            raise HexIdError(f"'{text}' needs a sheet letter of this map ({letters})")
        row = sheet.first_row + position - self.first_position
        col = self._offset_of(hexrow, self.first_position)[0]
        if not (0 <= col < self.width and sheet.first_row <= row < sheet.first_row + sheet.rows):
            raise HexIdError(f"hex {text} is off sheet {sheet.letter} ({self.describe_extent()})")
        return self.offset_to_hex(col, row)

    def describe_extent(self) -> str:
        if self.sheets:
            last = self.width - 1
            spans = [
                f"{self._sheet_span(s, 0)} to {self._sheet_span(s, last, s.rows - 1)}"
                for s in self.sheets
            ]
            return f"{self.width}x{self.height} hexes on sheets " + ", ".join(spans)
        corners = [(0, 0), (self.width - 1, self.height - 1)]
        ids = [self.hex_id(self.offset_to_hex(c, r)) for c, r in corners]
        return f"{self.width}x{self.height} hexes, {ids[0]} to {ids[1]}"

    def _sheet_span(self, sheet: Sheet, col: int, down: int = 0) -> str:
        hexrow = self._hexrow_and_position(col, 0)[0]
        return f"{sheet.letter}{hexrow:02d}{self.first_position + down:02d}"


class NumberedGrid:
    """The geometry every compiled map shares: its hexes are a `Numbering`'s, and its arrays are
    indexed [row, col] in screen offset coordinates. The tactical `HexMap` and the strategic
    `TheatreMap` both read their hexes through it."""

    numbering: Numbering

    @property
    def orientation(self) -> Orientation:
        return self.numbering.orientation

    @property
    def width(self) -> int:
        return self.numbering.width

    @property
    def height(self) -> int:
        return self.numbering.height

    def contains(self, h: Hex) -> bool:
        return self.numbering.contains(h)

    def index(self, h: Hex) -> tuple[int, int]:
        """(row, col) array index of a hex on the map."""
        col, row = self.numbering.hex_to_offset(h)
        return row, col

    def hexes(self) -> list[Hex]:
        return list(self.numbering.hexes())

    def hex_id(self, h: Hex) -> str:
        return self.numbering.hex_id(h)

    def parse(self, hex_id: str) -> Hex:
        return self.numbering.parse(hex_id)


def _half(n: int, odd_shoved: bool) -> int:
    """The axial correction for offset index n: (n - (n&1)) // 2 or (n + (n&1)) // 2."""
    return (n - (n & 1)) // 2 if odd_shoved else (n + (n & 1)) // 2
