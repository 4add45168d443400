"""The two theatre maps: their sheets on one grid, their extents and their reference cities.

Sheet letters and ids follow the errata (wbts.md section 3): flat-topped hexes, the first two
digits the hexrow (a column, growing east), the last two the position (growing south).
- East: sheet C alone, hexrows 01-44 (C4117 is in the errata), positions 01-56: from the New
  Jersey coast to Jacksonville, Bristol on its west edge.
- West: sheets A (north-west) and B (south-west) on one grid, 68 hexrows wide. B's position 01
  is A's position 27 (A4528 is B4502: the assumption of wbts.md section 3). A runs from St. Louis
  and Cincinnati south into Mississippi; B from the Gulf coast north into Tennessee. DESIGN: the
  West grid reaches east to Augusta and Bristol, past the 1977 sheet B's Chattahoochee edge, so
  that it overlaps the East map by a few hexrows and the two maps' rail nets join at the places
  both show (Bristol, Augusta), as the three sheets overlap when the campaign map is assembled.
"""

from __future__ import annotations

from dataclasses import dataclass

from theatre.basemap import Box


@dataclass(frozen=True)
class SheetDef:
    letter: str
    row0: int  # the grid row of the sheet's position 01
    rows: int


@dataclass(frozen=True)
class MapDef:
    key: str
    name: str
    width: int
    height: int
    sheets: tuple[SheetDef, ...]
    box: Box  # the lon/lat box read from the data, larger than the map

    def cell_of(self, hex_id: str) -> tuple[int, int]:
        """The grid (col, row) of a printed id such as B0132."""
        sheet = next(s for s in self.sheets if s.letter == hex_id[0])
        return int(hex_id[1:3]) - 1, sheet.row0 + int(hex_id[3:5]) - 1


EAST = MapDef(
    key="east",
    name="The Eastern theatre (map C)",
    width=44,
    height=56,
    sheets=(SheetDef("C", 0, 56),),
    box=Box(-86.5, 27.5, -71.0, 42.5),
)
WEST = MapDef(
    key="west",
    name="The Western theatre (maps A and B)",
    width=68,
    height=68,
    sheets=(SheetDef("A", 0, 52), SheetDef("B", 26, 42)),
    box=Box(-97.5, 26.0, -79.0, 41.5),
)
MAPS = (EAST, WEST)
